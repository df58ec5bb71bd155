//go:build !race

package diagnose

// raceEnabled reports whether the tests run under the race detector (race_on_test.go).
const raceEnabled = false
