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
