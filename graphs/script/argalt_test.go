package script

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs"
)

// TestArgAlternatives: a compile argument given by an expression is planned for every
// value that can reach it (usersweep item 1: options=… if USE else None was planned
// for None only, and the branch where mode and options are both given raises).
func TestArgAlternatives(t *testing.T) {
	t.Parallel()
	const head = "import os, torch\nUSE = os.environ.get(\"X\") == \"1\"\n"
	const opts = `{"triton.cudagraphs": False}`
	tests := []struct {
		name, src string
		want      []string // each plan: mode|args|exit
	}{
		{"options ifexp", `m = torch.compile(f, mode="max-autotune", options=` + opts + ` if USE else None)`,
			[]string{`"max-autotune"|options={'triton.cudagraphs': False} (line 3)|raises`, `"max-autotune"|options=None (line 3)|compiles`}},
		{"options or", `m = torch.compile(f, mode="max-autotune", options=(os.environ.get("O") and ` + opts + `) or None)`,
			[]string{`"max-autotune"|options={'triton.cudagraphs': False} (line 3)|raises`, `"max-autotune"|options=None (line 3)|compiles`}},
		{"options and", `m = torch.compile(f, mode="max-autotune", options=USE and ` + opts + `)`, // USE is a comparison: True or False (unseen5)
			[]string{`"max-autotune"|options=False (line 2)|raises`, `"max-autotune"|options={'triton.cudagraphs': False} (line 3)|raises`}},
		{"options variable in branches", "if USE:\n    o = " + opts + "\nelse:\n    o = None\nm = torch.compile(f, mode=\"max-autotune\", options=o)",
			[]string{`"max-autotune"|options={'triton.cudagraphs': False} (line 4)|raises`, `"max-autotune"|options=None (line 6)|compiles`}},
		{"options variable ifexp", "o = " + opts + " if USE else None\nm = torch.compile(f, mode=\"max-autotune\", options=o)",
			[]string{`"max-autotune"|options={'triton.cudagraphs': False} (line 3)|raises`, `"max-autotune"|options=None (line 3)|compiles`}},
		{"backend ifexp", `m = torch.compile(f, backend="eager" if USE else "inductor")`,
			[]string{`None|backend='eager' (line 3)|compiles`, `None|backend='inductor' (line 3)|compiles`}},
		{"dynamic or", `m = torch.compile(f, dynamic=USE or None)`,
			[]string{`None|dynamic=True (line 2)|compiles`, `None|dynamic=None (line 3)|compiles`}},
		{"dynamic ifexp", `m = torch.compile(f, dynamic=True if USE else False)`,
			[]string{`None|dynamic=True (line 3)|compiles`, `None|dynamic=False (line 3)|compiles`}},
		{"mode ifexp and options ifexp", `m = torch.compile(f, mode="reduce-overhead" if USE else None, options=` + opts + ` if USE else None)`,
			[]string{ // one test, USE: its branches go together (linked.go, unseen5 x10)
				`"reduce-overhead"|options={'triton.cudagraphs': False} (line 3)|raises`, `None|options=None (line 3)|compiles`}},
		{"options in **kwargs", "kw = dict()\nkw = {\"mode\": \"max-autotune\", \"options\": " + opts + " if USE else None}\nm = torch.compile(f, **kw)",
			[]string{`"max-autotune"|options={'triton.cudagraphs': False} (line 4)|raises`, `"max-autotune"|options=None (line 4)|compiles`}},
		{"backend in **kwargs", "kw = {\"backend\": \"eager\" if USE else \"inductor\"}\nm = torch.compile(f, **kw)",
			[]string{`None|backend='eager' (line 3)|compiles`, `None|backend='inductor' (line 3)|compiles`}},
		{"mode or", `m = torch.compile(f, mode=os.environ.get("M") or "max-autotune")`,
			[]string{`"max-autotune"||compiles`}},
		{"mode and", `m = torch.compile(f, mode=USE and "reduce-overhead")`,
			[]string{`"reduce-overhead"||compiles`}},
		{"mode variable or", "M = os.environ.get(\"M\") or \"reduce-overhead\"\nm = torch.compile(f, mode=M)",
			[]string{`"reduce-overhead"||compiles`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("a.py", []byte(head+tc.src+"\n"))
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.PlanWith(PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Sites) != 1 || p.Sites[0].Plan == nil {
				t.Fatalf("sites %+v", p.Sites)
			}
			var got []string
			sp := p.Sites[0].Plan
			if sp.Report != nil {
				got = append(got, fmt.Sprintf("%s||%s", modeText(p.Sites[0].Mode), sp.Report.Exit))
			}
			for _, mp := range sp.Modes {
				got = append(got, fmt.Sprintf("%s|%s|%s", modeText(mp.Mode), mp.Args, mp.Report.Exit))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("plans mismatch (-want +got):\n%s\nnotes: %q", diff, p.Sites[0].Notes)
			}
			wantExit := graphs.Compiles
			for _, w := range tc.want {
				if len(w) > 6 && w[len(w)-6:] == "raises" {
					wantExit = graphs.Raises
				}
			}
			if p.Exit() != wantExit {
				t.Errorf("Exit() = %v, want %v", p.Exit(), wantExit)
			}
		})
	}
}

func modeText(m *string) string {
	if m == nil {
		return "None"
	}
	return fmt.Sprintf("%q", *m)
}
