package script

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs"
)

// TestConditional: what runs under a guard, or in a def no code calls, is marked
// conditional; a hasattr guard that the release makes false drops its assignment,
// and a conditional global that raises is named with its line and guard.
func TestConditional(t *testing.T) {
	t.Parallel()
	src := `import torch
import torch._inductor.config as c
if hasattr(c, "max_autotune_conv"):
    c.max_autotune_conv = True
if hasattr(c, "max_autotune"):
    c.max_autotune = True
try:
    c.nosuch = 1
except AttributeError:
    pass
def setup():
    c.triton.cudagraphs = True
if __name__ == "__main__":
    m = torch.compile(f)
`
	s, err := readBytes("g.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var guards []string
	for _, g := range s.Globals {
		guards = append(guards, g.Guard)
	}
	want := []string{
		`if hasattr(c, "max_autotune_conv") (line 3)`,
		`if hasattr(c, "max_autotune") (line 5)`,
		`try (line 7)`,
		`in def setup (line 11), which no code in this file calls`,
	}
	if diff := cmp.Diff(want, guards); diff != "" {
		t.Errorf("global guards mismatch (-want +got):\n%s", diff)
	}
	if got := s.Sites[0].Guard; got != `if __name__ == "__main__" (line 13)` {
		t.Errorf("site guard = %q", got)
	}
	p, err := s.Planned(graphs.Scenario{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, w := range p.Warnings {
		codes = append(codes, fmt.Sprintf("%s@%d", w.Code, w.Line))
	}
	if diff := cmp.Diff([]string{WarningGuardFalse + "@4", WarningGlobalRaises + "@8"}, codes); diff != "" {
		t.Errorf("warnings mismatch (-want +got):\n%s\n%+v", diff, p.Warnings)
	}
	if len(s.Warnings) != 0 {
		t.Errorf("Planned changed the input's warnings: %+v", s.Warnings)
	}
}
