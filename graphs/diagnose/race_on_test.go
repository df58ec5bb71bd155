//go:build race

package diagnose

// raceEnabled reports whether the tests run under the race detector, as Go's own
// internal/race.Enabled does: the single-goroutine table sweeps (raceSubset) then run
// a deterministic part of their tables, and .ci/run runs them whole without it.
const raceEnabled = true
