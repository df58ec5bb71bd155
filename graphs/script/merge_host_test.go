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

// TestMergeGivenBooleans: a boolean workload field the command line names
// (WorkloadGiven: -outputs-kept=false) replaces the script's value, false included;
// one it does not name can only be added (a flag left false does not clear what the
// script shows: the new user's -outputs-kept=false was ignored before).
func TestMergeGivenBooleans(t *testing.T) {
	t.Parallel()
	script := graphs.Scenario{Workload: graphs.Workload{OutputsKept: true, AutogradBackward: true, CPUInputs: true}}
	tests := []struct {
		name string
		cli  graphs.Scenario
		want graphs.Workload
	}{
		{"not-given", graphs.Scenario{}, graphs.Workload{OutputsKept: true, AutogradBackward: true, CPUInputs: true}},
		{"given-false", graphs.Scenario{WorkloadGiven: []string{"outputs_kept"}}, graphs.Workload{AutogradBackward: true, CPUInputs: true}},
		{"two-given-false", graphs.Scenario{WorkloadGiven: []string{"autograd_backward", "cpu_inputs"}}, graphs.Workload{OutputsKept: true}},
		{"given-true", graphs.Scenario{WorkloadGiven: []string{"outputs_stale"}, Workload: graphs.Workload{OutputsStale: true}}, graphs.Workload{OutputsKept: true, AutogradBackward: true, CPUInputs: true, OutputsStale: true}},
		{"added-not-given", graphs.Scenario{Workload: graphs.Workload{ColdStart: true}}, graphs.Workload{OutputsKept: true, AutogradBackward: true, CPUInputs: true, ColdStart: true}},
	}
	for _, tt := range tests {
		got := Merge(script, tt.cli).Workload
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: Merge's workload (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestGivenBoolNotes: a flag given explicitly that replaces an inferred boolean says so
// on the site, with the flag's own name (-cpu-scalar for cpu_inputs).
func TestGivenBoolNotes(t *testing.T) {
	t.Parallel()
	inferred := []Inference{{Field: "outputs_kept", Value: "true", Line: 22}, {Field: "cpu_inputs", Value: "true", Line: 5}}
	cli := graphs.Scenario{WorkloadGiven: []string{"outputs_kept", "cpu_inputs", "cold_start"}}
	want := []string{"-cpu-scalar=false replaces cpu_inputs=true (line 5)", "-outputs-kept=false replaces outputs_kept=true (line 22)"}
	if diff := cmp.Diff(want, givenBoolParts(inferred, cli)); diff != "" {
		t.Errorf("givenBoolParts (-want +got):\n%s", diff)
	}
}
