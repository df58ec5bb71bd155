package config_test

// knownMismatches lists every case of TestMeasured where the library disagrees with
// the real PyTorch build today, keyed by observation name, with a one-line reason.
// Fixing the library means deleting rows: TestMeasured fails when a row's case
// agrees again, or names no case. testdata/torch/FINDINGS.md groups them into
// classes, with the dump and key that prove each and what the library must change.
var knownMismatches = map[string]string{}
