package diagnose

// raceStride is how far apart the cases are that a single-goroutine table sweep runs
// under the race detector: one in raceStride, starting with the first. Such a sweep
// reads in one goroutine, where the detector finds nothing and costs some ten times the
// CPU; .ci/run runs the sweeps whole without it (go test -run 'TestFormsCross|…'), and
// the test that reads from several goroutines at once (TestNearMissLineConcurrent)
// runs whole under it, as do the parallel tests beside the sweeps.
const raceStride = 8

// RaceEnabled is raceEnabled for the package's external tests (diagnose_test).
const RaceEnabled = raceEnabled

// RaceKeeps is raceKeeps for the package's external tests.
func RaceKeeps(i int) bool { return raceKeeps(i) }

// raceKeeps reports whether a sweep runs its case i: every case without the race
// detector, one in raceStride under it.
func raceKeeps(i int) bool { return !raceEnabled || i%raceStride == 0 }
