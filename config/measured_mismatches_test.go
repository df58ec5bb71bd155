package config_test

// knownMismatches lists every case of TestMeasured where the library disagrees with
// the real PyTorch build today, keyed by observation name, with a one-line reason.
// Fixing the library means deleting rows: TestMeasured fails when a row's case
// agrees again, or names no case. testdata/torch/FINDINGS.md groups them into
// classes, with the dump and key that prove each and what the library must change.
var knownMismatches = map[string]string{
	"2.14.1-debian/calls/backend=None":             "cannot express backend=None (Request.Backend is a string; \"\" means inductor)",
	"2.14.1-debian/calls/mode=0":                   "cannot express a non-string mode (Request.Mode is *string)",
	"2.14.1-debian/calls/mode=1":                   "cannot express a non-string mode (Request.Mode is *string)",
	"2.14.1-debian/calls/mode=1,options={}":        "cannot express a non-string mode (Request.Mode is *string)",
	"2.14.1-debian/calls/mode=False":               "cannot express a non-string mode (Request.Mode is *string)",
	"2.14.1-debian/calls/mode=True":                "cannot express a non-string mode (Request.Mode is *string)",
	"2.14.1-debian/calls/mode=b'default'":          "cannot express a non-string mode (Request.Mode is *string)",
	"2.14.1-debian/calls/options=adjacent-strings": "ParseLiteral refuses adjacent string literals, which Python joins",
	"2.14.1-debian/calls/options=set":              "ParseLiteral refuses set literals (torch then raises AttributeError on .items)",
	"2.6.0-debian/calls/backend=None":              "cannot express backend=None (Request.Backend is a string; \"\" means inductor)",
	"2.6.0-debian/calls/mode=0":                    "cannot express a non-string mode (Request.Mode is *string)",
	"2.6.0-debian/calls/mode=1":                    "cannot express a non-string mode (Request.Mode is *string)",
	"2.6.0-debian/calls/mode=1,options={}":         "cannot express a non-string mode (Request.Mode is *string)",
	"2.6.0-debian/calls/mode=False":                "cannot express a non-string mode (Request.Mode is *string)",
	"2.6.0-debian/calls/mode=True":                 "cannot express a non-string mode (Request.Mode is *string)",
	"2.6.0-debian/calls/mode=b'default'":           "cannot express a non-string mode (Request.Mode is *string)",
	"2.6.0-debian/calls/options=adjacent-strings":  "ParseLiteral refuses adjacent string literals, which Python joins",
	"2.6.0-debian/calls/options=set":               "ParseLiteral refuses set literals (torch then raises AttributeError on .items)",
}
