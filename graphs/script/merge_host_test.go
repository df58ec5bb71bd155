package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/graphs"
)

// TestMergeCarriesEveryCLIField: the command line's Host (its machine, unless
// -no-env), Fullgraph and Schema replace the script's, as its Torch and Mode do; left
// zero, the script's stand.
func TestMergeCarriesEveryCLIField(t *testing.T) {
	t.Parallel()
	yes, no := true, false
	sch := &schema.Schema{}
	host := schema.Host{CPUs: 2, Dir: "/work"}
	tests := []struct {
		name, reason string
		script, cli  graphs.Scenario
		want         graphs.Scenario
	}{
		{"host", "the command fills the host from its machine", graphs.Scenario{}, graphs.Scenario{Host: host}, graphs.Scenario{Host: host}},
		{"no-host", "-no-env: the fixed default host", graphs.Scenario{}, graphs.Scenario{}, graphs.Scenario{}},
		{"fullgraph", "-fullgraph beats the script's fullgraph=False", graphs.Scenario{Fullgraph: &no}, graphs.Scenario{Fullgraph: &yes}, graphs.Scenario{Fullgraph: &yes}},
		{"script-fullgraph", "the script's fullgraph= stands without -fullgraph", graphs.Scenario{Fullgraph: &yes}, graphs.Scenario{}, graphs.Scenario{Fullgraph: &yes}},
		{"schema", "-schema is the release's schema", graphs.Scenario{}, graphs.Scenario{Schema: sch}, graphs.Scenario{Schema: sch}},
		{"python", "-python is the interpreter", graphs.Scenario{}, graphs.Scenario{Python: "3.12"}, graphs.Scenario{Python: "3.12"}},
	}
	for _, tt := range tests {
		got := Merge(tt.script, tt.cli)
		if diff := cmp.Diff(tt.want, got, cmp.Comparer(func(a, b *schema.Schema) bool { return a == b })); diff != "" {
			t.Errorf("%s (%s): Merge mismatch (-want +got):\n%s", tt.name, tt.reason, diff)
		}
	}
}
