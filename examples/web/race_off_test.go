//go:build !race

package main

// raceEnabled reports whether the race detector is on. The browser test then skips:
// the detector slows the test binary, not the page, and .ci/run runs the browser test
// in a step of its own, without it.
const raceEnabled = false
