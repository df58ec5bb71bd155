package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
)

// TestMergeDoesNotAlias: Merge's result points into neither argument (issue 23 item 4).
func TestMergeDoesNotAlias(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name        string
		script, cli graphs.Scenario
	}{
		{"from the command line", graphs.Scenario{}, graphs.Scenario{Mode: graphs.Ptr("default"), Dynamic: graphs.Ptr(true), Env: map[string]string{"A": "1"}}},
		{"from the script", graphs.Scenario{Mode: graphs.Ptr("default"), Dynamic: graphs.Ptr(true), Env: map[string]string{"A": "1"}}, graphs.Scenario{}},
	} {
		out := Merge(tt.script, tt.cli)
		*out.Mode, *out.Dynamic, out.Env["A"] = "changed", false, "2"
		for _, in := range []graphs.Scenario{tt.script, tt.cli} {
			if (in.Mode != nil && *in.Mode != "default") || (in.Dynamic != nil && !*in.Dynamic) || (in.Env != nil && in.Env["A"] != "1") {
				t.Errorf("%s: changing Merge's result changed an argument: %+v", tt.name, in)
			}
		}
	}
}
