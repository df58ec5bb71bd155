package graphs

import (
	"errors"
	"strings"
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

// TestSetDynamoErrorNamesEntry: a scenario's set entry named torch._dynamo.config.KEY
// that cannot be planned is refused naming the entry, set[i], as an Inductor entry is,
// not the workload field it is moved to (libsweep finding 7: "workload dynamo==1").
func TestSetDynamoErrorNamesEntry(t *testing.T) {
	t.Parallel()
	tests := []struct {
		entry, want string // want: in the error's text
	}{
		{"torch._dynamo.config.=1", `set[1]: "torch._dynamo.config.=1": torch._dynamo.config. is not a Dynamo key`},
		{"torch._dynamo.config.no_such_key=True", `set[1]: "torch._dynamo.config.no_such_key=True": torch._dynamo.config.no_such_key is not a Dynamo key`},
		{"torch._dynamo.config.capture_scalar_outputs=1.5", `set[1]: "torch._dynamo.config.capture_scalar_outputs=1.5": want a bool value`},
		{" torch._dynamo.config.capture_scalar_outputs=tru", `set[1]: " torch._dynamo.config.capture_scalar_outputs=tru": `},
		{"torch._dynamo.config.capture_scalar_outputs=True,x=1", `set[1]: "torch._dynamo.config.capture_scalar_outputs=True,x=1": `},
	}
	for _, tc := range tests {
		_, err := Check(&Scenario{Set: []string{"size_asserts=True", tc.entry}})
		var se *ScenarioError
		var we *WorkloadError // kept in the chain (TestDynamoAssignmentErrors)
		if !errors.As(err, &se) || se.Path != "set[1]" || !strings.Contains(err.Error(), tc.want) ||
			strings.Contains(err.Error(), "workload") || !errors.As(err, &we) || we.Field != "dynamo" {
			t.Errorf("%q: %v, want a *ScenarioError at set[1] with %q, wrapping the *WorkloadError", tc.entry, err, tc.want)
		}
	}
	// The workload's own field is still named as the workload's.
	_, err := Check(&Scenario{Workload: Workload{Dynamo: "no_such_key=True"}})
	var we *WorkloadError
	if !errors.As(err, &we) || we.Field != "dynamo" {
		t.Errorf("workload dynamo: %v, want a *WorkloadError for dynamo", err)
	}
}

// TestWorkloadFieldsThatNeedAnother: a field that applies only with another is refused
// without it, naming the field, as marked_dynamic and distinct_sizes are (libsweep
// finding 7: cpu_input_name was accepted alone); compiled_autograd implies
// autograd_backward, as its doc says; a function on the CPU plans one row whatever the
// CUDA device count (Workload.DeviceType's doc); and a normalized workload normalizes
// again to itself (Check normalizes, then Build).
func TestWorkloadFieldsThatNeedAnother(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		w     Workload
		field string // the refused field; "" when valid
	}{
		{"cpu_input_name alone", Workload{CPUInputName: "arg1_1"}, "cpu_input_name"},
		{"cpu_input_name with cpu_inputs", Workload{CPUInputs: true, CPUInputName: "arg1_1"}, ""},
		{"cpu_inputs alone", Workload{CPUInputs: true}, ""},
		{"marked_dynamic alone", Workload{MarkedDynamic: true}, "marked_dynamic"},
		{"distinct_sizes alone", Workload{DistinctSizes: 3}, "distinct_sizes"},
		{"compiled_autograd alone", Workload{CompiledAutograd: true}, ""},
		{"cpu, two devices, per-device", Workload{DeviceType: "cpu", Devices: 2, Threads: PerDevice}, ""},
		{"zero", Workload{}, ""},
	}
	for _, tc := range tests {
		got, err := tc.w.Normalize()
		var we *WorkloadError
		if tc.field != "" {
			if !errors.As(err, &we) || we.Field != tc.field {
				t.Errorf("%s: %v, want a *WorkloadError for %s", tc.name, err, tc.field)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if again, err := got.Normalize(); err != nil || again != got {
			t.Errorf("%s: normalized again: %+v, %v; want %+v", tc.name, again, err, got)
		}
		if want := map[bool]string{true: "arg2_1"}[tc.w.CPUInputs && tc.w.CPUInputName == ""]; want != "" && got.CPUInputName != want {
			t.Errorf("%s: cpu_input_name %q, want %q", tc.name, got.CPUInputName, want)
		}
		if tc.w.CompiledAutograd && !got.AutogradBackward {
			t.Errorf("%s: autograd_backward not implied", tc.name)
		}
		if tc.w.DeviceType == "cpu" {
			rep, err := Check(&Scenario{Mode: Ptr("reduce-overhead"), Workload: tc.w})
			if err != nil || rep.Plan == nil || len(rep.Plan.Devices) != 1 || got.Devices != 1 {
				t.Errorf("%s: %v, devices %d, want one row", tc.name, err, got.Devices)
			}
		}
	}
}
