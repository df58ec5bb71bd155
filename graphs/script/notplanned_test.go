package script_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/script"
)

// TestWriteTextNotPlanned: the text of a Script that PlanWith did not return says, in
// each site's block, that it was not planned (newuser28 finding 11c: the plans were
// left out without a word); a planned Script's text has no such line, and a site whose
// scenario cannot be used keeps its own "not planned:" reason.
func TestWriteTextNotPlanned(t *testing.T) {
	t.Parallel()
	const note = "not planned: this Script was not planned"
	tests := []struct {
		name, src string
		plan      bool
		want      int // lines with note
		other     string
	}{
		{"read, two sites, not planned: one line each", "import torch\na = torch.compile(f)\nb = torch.compile(g, mode=\"reduce-overhead\")\n", false, 2, ""},
		{"read and planned: none", "import torch\na = torch.compile(f)\nb = torch.compile(g, mode=\"reduce-overhead\")\n", true, 0, ""},
		{"no site: nothing to plan, no line", "import torch\nx = 1\n", false, 0, "no torch.compile site"},
		{"planned, an option the release lacks: its answer, no such line", "import torch\na = torch.compile(f, options={'no_such_key_at_all': 1})\n", true, 0, ""},
	}
	for _, tc := range tests {
		s, err := script.ReadNamed("t.py", strings.NewReader(tc.src))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tc.plan {
			if s, err = s.PlanWith(script.PlanOptions{CLI: graphs.Scenario{Torch: "2.11"}}); err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
		}
		var b strings.Builder
		if err := s.WriteText(&b, 1000); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := strings.Count(b.String(), note); got != tc.want {
			t.Errorf("%s: %d lines %q, want %d:\n%s", tc.name, got, note, tc.want, b.String())
		}
		if !strings.Contains(b.String(), tc.other) {
			t.Errorf("%s: no %q in:\n%s", tc.name, tc.other, b.String())
		}
	}
}
