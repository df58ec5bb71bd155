package graphs

import (
	"errors"
	"testing"

	"github.com/compilemode/compilemode/config/inputerr"
)

// TestWorkload28Errors: the issue 28 fields refuse what PyTorch or CUDA has no name
// for, naming the field.
func TestWorkload28Errors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		w      Workload
		field  string // "" when valid
		reason string
	}{
		{"mode", Workload{CaptureErrorMode: "local"}, "capture_error_mode", "torch.cuda.graph takes global, thread_local or relaxed"},
		{"work", Workload{CaptureErrorMode: "global", OtherThreadWork: "sync"}, "other_thread_work", "unknown kind"},
		{"work-without-capture", Workload{OtherThreadWork: "alloc"}, "other_thread_work", "needs a manual capture"},
		{"none-without-capture", Workload{OtherThreadWork: "none"}, "", "none needs nothing"},
		{"breaks", Workload{GraphBreaks: -1}, "graph_breaks", "negative"},
		{"dynamo-key", Workload{Dynamo: "recompile_limit=True"}, "dynamo", "a key the planner does not model (suppress_errors is modelled: sweep5 #10)"},
		{"dynamo-value", Workload{Dynamo: "capture_scalar_outputs=1.5"}, "dynamo", "not a bool"},
		{"dynamo-no-value", Workload{Dynamo: "capture_scalar_outputs"}, "dynamo", "no value"},
		{"dynamo-ok", Workload{Dynamo: "capture_scalar_outputs=True, torch._dynamo.config.inline_inbuilt_nn_modules=False"}, "", "two keys, one with the prefix"},
		{"compiled-autograd-implies-backward", Workload{Dynamo: "compiled_autograd=True"}, "", "sets CompiledAutograd and AutogradBackward"},
	}
	for _, tc := range tests {
		got, err := tc.w.Normalize()
		var we *WorkloadError
		switch {
		case tc.field == "" && err != nil:
			t.Errorf("%s: %v (%s)", tc.name, err, tc.reason)
		case tc.field != "" && (!errors.As(err, &we) || we.Field != tc.field):
			t.Errorf("%s: error %v, want one for %s (%s)", tc.name, err, tc.field, tc.reason)
		}
		if tc.name == "compiled-autograd-implies-backward" && (!got.CompiledAutograd || !got.AutogradBackward) {
			t.Errorf("%s: %+v (%s)", tc.name, got, tc.reason)
		}
	}
	many := Workload{}
	for i := 0; i <= MaxDynamo; i++ {
		many.Dynamo += "capture_scalar_outputs=True,"
	}
	var le *inputerr.LimitError
	if _, err := many.Normalize(); !errors.As(err, &le) {
		t.Errorf("%d Dynamo assignments: %v, want a *inputerr.LimitError", MaxDynamo+1, err)
	}
}

// TestCheckRoutesDynamoKeys: a scenario's set entry named torch._dynamo.config.KEY goes
// to the workload, not to Inductor's config (which would raise AttributeError).
func TestCheckRoutesDynamoKeys(t *testing.T) {
	t.Parallel()
	mode := "reduce-overhead"
	rep, err := Check(&Scenario{Torch: "2.7", Mode: &mode,
		Set:      []string{"torch._dynamo.config.capture_dynamic_output_shape_ops=False"},
		Workload: Workload{IncompatibleOp: "aten.nonzero.default"}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Error != nil || rep.Plan == nil {
		t.Fatalf("error %+v", rep.Error)
	}
	if d := rep.Plan.Devices[0]; d.Outcome != Capture {
		t.Errorf("outcome %s, want capture: Dynamo breaks the graph at nonzero (%s)", d.Outcome, d.Reason)
	}
}

// FuzzWorkloadDynamo: Normalize never panics on any Dynamo string, and accepts only
// known keys with bool values.
func FuzzWorkloadDynamo(f *testing.F) {
	for _, s := range []string{"", "capture_scalar_outputs=True", "a=b,,c", "=", "compiled_autograd=False,inline_inbuilt_nn_modules=True", "torch._dynamo.config.capture_scalar_outputs=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, err := Workload{Dynamo: s}.Normalize()
		if err != nil {
			return
		}
		for _, a := range w.dynamo() {
			if _, _, ok := cutAssignment(a); !ok {
				t.Fatalf("accepted %q", a)
			}
		}
	})
}

// cutAssignment splits KEY=VALUE.
func cutAssignment(a string) (string, string, bool) {
	for i := 0; i < len(a); i++ {
		if a[i] == '=' {
			return a[:i], a[i+1:], true
		}
	}
	return "", "", false
}
