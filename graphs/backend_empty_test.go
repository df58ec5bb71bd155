package graphs

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/modes"
)

// TestScenarioBackendEmpty: "backend": "" in a scenario file is backend="", which
// torch.compile refuses with InvalidBackend in every release (measured on 2.6.0,
// 2.11 and 2.14.1, so the error's evidence is measured); a file without "backend"
// is Inductor.
func TestScenarioBackendEmpty(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		torch, file, want string
	}{
		{"2.6", `{"backend": "", "workload": {}}`, "Invalid backend: '', see "},
		{"2.11", `{"backend": "", "workload": {}}`, "Invalid backend: '', see "},
		{"2.14", `{"backend": "", "workload": {}}`, "Invalid backend: ''. See "},
		{"2.14", `{"workload": {}}`, ""},
	} {
		sc, err := LoadScenario("s.json", strings.NewReader(tc.file))
		if err != nil {
			t.Fatal(err)
		}
		sc.Torch = tc.torch
		rep, err := Check(sc)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if rep.Error != nil {
			got = rep.Error.Exception + ": " + rep.Error.Message
		}
		if rep.Error != nil && rep.Error.Evidence != modes.Measured {
			t.Errorf("torch %s: InvalidBackend evidence %s, want measured (2.6.0, 2.11, 2.14.1 measured)", tc.torch, rep.Error.Evidence)
		}
		if tc.want == "" && got != "" || tc.want != "" && !strings.HasPrefix(got, "InvalidBackend: "+tc.want) {
			t.Errorf("torch %s %s: got %q, want %q", tc.torch, tc.file, got, tc.want)
		}
	}
}

// TestScenarioBackendCallable: a callable backend (a script's backend=my_backend) is
// planned as that backend, not Inductor: no InvalidBackend (torch.compile does not
// look a callable up), no Inductor CUDA graphs even with mode="reduce-overhead", and
// the scenario file's "backend_callable" reads back equal.
func TestScenarioBackendCallable(t *testing.T) {
	t.Parallel()
	sc, err := LoadScenario("s.json", strings.NewReader(`{"backend_callable": "my_backend", "mode": "reduce-overhead", "workload": {}}`))
	if err != nil {
		t.Fatal(err)
	}
	if sc.BackendCallable != "my_backend" {
		t.Fatalf("BackendCallable = %q", sc.BackendCallable)
	}
	b, err := sc.MarshalJSON()
	if err != nil || !strings.Contains(string(b), `"backend_callable":"my_backend"`) {
		t.Fatalf("MarshalJSON = %s, %v", b, err)
	}
	rep, err := Check(sc)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Error != nil {
		t.Fatalf("error %s: %s", rep.Error.Exception, rep.Error.Message)
	}
	if rep.Backend != "my_backend" {
		t.Errorf("Backend = %q, want my_backend", rep.Backend)
	}
	if rep.CUDAGraphs.Enabled {
		t.Errorf("a callable backend captures no Inductor CUDA graph: %+v", rep.CUDAGraphs)
	}
}
