//go:build !race

package main

// raceEnabled reports whether the race detector is on: it slows every input down
// several times, so the time bounds of TestHostileInput hold only without it.
const raceEnabled = false
