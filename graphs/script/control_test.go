package script

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

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

// TestUnguarded: a site with conditional globals in force is planned without them
// too, and that plan is kept where the outcome differs (issue 22 item 2: "plan both
// outcomes where it matters").
func TestUnguarded(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, reason, src string
		differs           bool
	}{
		{"cudagraphs", "a guarded triton.cudagraphs = True turns CUDA graphs on",
			"import os, torch\nimport torch._inductor.config as c\nif os.environ.get(\"CG\"):\n    c.triton.cudagraphs = True\nm = torch.compile(f)\n", true},
		{"raises", "a guarded key that does not exist raises only when its guard holds",
			"import torch\nimport torch._inductor.config as c\ntry:\n    c.nosuch = 1\nexcept AttributeError:\n    pass\nm = torch.compile(f, mode=\"reduce-overhead\")\n", true},
		{"harmless", "a guarded cache key changes no outcome: one plan",
			"import os, torch\nimport torch._inductor.config as c\nif os.environ.get(\"C\"):\n    c.fx_graph_cache = True\nm = torch.compile(f, mode=\"reduce-overhead\")\n", false},
		{"unconditional", "no conditional global: nothing more is planned",
			"import torch\nimport torch._inductor.config as c\nc.triton.cudagraphs = True\nm = torch.compile(f)\n", false},
		{"modes", "a mode that is not a literal: each candidate is planned both ways",
			"import os, torch\nimport torch._inductor.config as c\nif os.environ.get(\"CG\"):\n    c.triton.cudagraphs = True\nMODE = \"default\"\nm = torch.compile(f, mode=MODE)\n", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("u.py", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.Planned(graphs.Scenario{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			pl := p.Sites[0].Plan
			got := len(pl.Branches) > 0
			for _, mp := range pl.Modes {
				got = got || len(mp.Branches) > 0
			}
			if got != tc.differs {
				t.Fatalf("unguarded plan kept = %v, want %v (%s); notes %q", got, tc.differs, tc.reason, p.Sites[0].Notes)
			}
			for _, b := range pl.Branches {
				if sameOutcome(pl.Report, b.Report) {
					t.Errorf("the plan of %s has the same outcome (%s)", b.Assumes, tc.reason)
				}
			}
			var b strings.Builder
			if err := p.WriteText(&b, 0); err != nil {
				t.Fatal(err)
			}
			// The other combination's head: the first plan is the run given nothing
			// (CG not set: the if does not run), the other the if's.
			if shown := strings.Contains(b.String(), "-- when ") || strings.Contains(b.String(), "\", when "); shown != tc.differs {
				t.Errorf("text shows the unguarded plan = %v, want %v:\n%s", shown, tc.differs, b.String())
			}
			js, err := json.Marshal(p)
			if err != nil {
				t.Fatal(err)
			}
			if has := strings.Contains(string(js), `"branches":`); has != tc.differs {
				t.Errorf("JSON has \"branches\" = %v, want %v", has, tc.differs)
			}
		})
	}
}

// TestUnguardedNoRoom: the plan without the conditional globals never takes a
// site's place under PlanOptions.MaxPlans: with room for one plan, the site is
// planned and nothing is cut.
func TestUnguardedNoRoom(t *testing.T) {
	t.Parallel()
	src := "import os, torch\nimport torch._inductor.config as c\nif os.environ.get(\"CG\"):\n    c.triton.cudagraphs = True\nm = torch.compile(f)\n"
	s, err := readBytes("u.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.PlanWith(PlanOptions{MaxPlans: 1})
	if err != nil {
		t.Fatal(err)
	}
	if w := p.LimitHit(); w != nil {
		t.Errorf("LimitHit() = %+v, want nil", w)
	}
	if pl := p.Sites[0].Plan; pl == nil || pl.Report == nil || len(pl.Branches) > 0 {
		t.Errorf("plan = %+v, want the site's report and no unguarded plan", pl)
	}
	if n := p.Sites[0].Notes; len(n) == 0 || !strings.Contains(n[len(n)-1], "MaxPlans") {
		t.Errorf("notes = %q, want the last to say the second outcome was not planned (MaxPlans)", n)
	}
}

// TestDeadAfterExit: what follows raise, return, break or continue in the same block
// never runs; its sites and globals say so (unseen4 w10: litgpt's
// `raise NotImplementedError` before its torch.compile and config globals), and such
// a global is not in force for a later site. A statement after the block that holds
// the exit runs as before.
func TestDeadAfterExit(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		dead      []bool // per site, in file order
	}{
		{"raise", "import torch\ndef main(c):\n    if c:\n        raise NotImplementedError\n        torch._inductor.config.max_autotune = True\n        m = torch.compile(f)\n", []bool{true}},
		{"return", "import torch\ndef f():\n    return 1\n    torch.compile(g)\n", []bool{true}},
		{"break", "import torch\nfor i in range(2):\n    break\n    torch.compile(g)\n", []bool{true}},
		{"continue", "import torch\nfor i in range(2):\n    continue\n    torch.compile(g)\n", []bool{true}},
		{"after-the-block", "import torch\ndef f(c):\n    if c:\n        return None\n    return torch.compile(g)\n", []bool{false}},
		{"assert-may-pass", "import torch\nassert x\nm = torch.compile(g)\n", []bool{false}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("d.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, len(tc.dead))
			for i, want := range tc.dead {
				require.Equal(t, want, strings.Contains(s.Sites[i].Guard, "never runs"), s.Sites[i].Guard)
			}
			for _, g := range s.Globals {
				require.Contains(t, g.Guard, "never runs")
			}
			for _, st := range s.Sites {
				require.Empty(t, st.globalsIn(nil, nil), "a global that never runs is not in force")
			}
		})
	}
}
