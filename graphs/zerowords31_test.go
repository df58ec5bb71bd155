package graphs_test

import (
	"io"
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/graphs/script"
)

// TestNilWriteWords: WriteTextWidth on a nil receiver says so in one wording for the
// three kinds of input, with its own package's prefix, the method called, and "is nil"
// (a zero value is written), where a Report said "WriteText of a nil report" and a
// Diagnosis and a Script "config: … is nil or zero", the Script's naming WriteText
// (hostile29 K5). The zero values stay written.
func TestNilWriteWords(t *testing.T) {
	t.Parallel()
	cases := []struct {
		reason string
		err    error
		want   string
	}{
		{"a nil Report", (*graphs.Report)(nil).WriteTextWidth(io.Discard, 80), "graphs: Report.WriteTextWidth: the *Report (make one with Check) is nil"},
		{"a nil Report's WriteText", (*graphs.Report)(nil).WriteText(io.Discard, graphs.TextOptions{}), "graphs: Report.WriteText: the *Report (make one with Check) is nil"},
		{"a nil Diagnosis", (*diagnose.Diagnosis)(nil).WriteTextWidth(io.Discard, 80), "diagnose: Diagnosis.WriteTextWidth: the *Diagnosis (read one with Read) is nil"},
		{"a nil Script, by the method called", (*script.Script)(nil).WriteTextWidth(io.Discard, 80), "script: Script.WriteTextWidth: the *Script (read one with Read) is nil"},
		{"a nil Script's WriteText", (*script.Script)(nil).WriteText(io.Discard, 80), "script: Script.WriteText: the *Script (read one with Read) is nil"},
		{"lookalike: a zero Report is written", (&graphs.Report{}).WriteTextWidth(io.Discard, 80), ""},
		{"lookalike: a zero Diagnosis is written", (&diagnose.Diagnosis{}).WriteTextWidth(io.Discard, 80), ""},
		{"lookalike: a zero Script is written", (&script.Script{}).WriteTextWidth(io.Discard, 80), ""},
	}
	for _, tc := range cases {
		got := ""
		if tc.err != nil {
			got = tc.err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: %q, want %q", tc.reason, got, tc.want)
		}
	}
}
