package script

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBoolValuedArguments: a comparison (==, !=, <, in, is, …) or `not x` is True or
// False, so an argument or an options item given by one is planned with each value
// (unseen5 x17: eole's options={"triton.cudagraphs": EOLE_COMPILE_MODE == "2", …}
// was planned with options {} alone, CUDA graphs off, where "2" turns them on); an
// item given by a conditional expression of literals is planned with each too. The
// other items of the dict are kept in every variant.
func TestBoolValuedArguments(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src string
		want      []string // each plan: mode|args|exit
	}{
		{"options item ==", `m = torch.compile(f, options={"triton.cudagraphs": MODE == "2", "max_autotune": True})`,
			[]string{
				`None|options={'max_autotune': True, 'triton.cudagraphs': True} (line 2)|compiles`,
				`None|options={'max_autotune': True, 'triton.cudagraphs': False} (line 2)|compiles`}},
		{"options item not", `m = torch.compile(f, options={"triton.cudagraphs": not eager})`,
			[]string{`None|options={'triton.cudagraphs': True} (line 2)|compiles`, `None|options={'triton.cudagraphs': False} (line 2)|compiles`}},
		{"options item in", `m = torch.compile(f, options={"triton.cudagraphs": MODE in ("0", "2")})`,
			[]string{`None|options={'triton.cudagraphs': True} (line 2)|compiles`, `None|options={'triton.cudagraphs': False} (line 2)|compiles`}},
		{"options item is not", `m = torch.compile(f, options={"triton.cudagraphs": pool is not None})`,
			[]string{`None|options={'triton.cudagraphs': True} (line 2)|compiles`, `None|options={'triton.cudagraphs': False} (line 2)|compiles`}},
		{"options item ifexp", `m = torch.compile(f, options={"max_autotune": True if fast else False})`,
			[]string{`None|options={'max_autotune': True} (line 2)|compiles`, `None|options={'max_autotune': False} (line 2)|compiles`}},
		{"options item with mode", `m = torch.compile(f, mode="max-autotune", options={"triton.cudagraphs": MODE == "2"})`,
			[]string{`"max-autotune"|options={'triton.cudagraphs': True} (line 2)|raises`, `"max-autotune"|options={'triton.cudagraphs': False} (line 2)|raises`}},
		{"options name", "o = {\"triton.cudagraphs\": n > 1}\nm = torch.compile(f, options=o)",
			[]string{`None|options={'triton.cudagraphs': True} (line 2)|compiles`, `None|options={'triton.cudagraphs': False} (line 2)|compiles`}},
		{"dynamic comparison", `m = torch.compile(f, dynamic=n != 1)`,
			[]string{`None|dynamic=True (line 2)|compiles`, `None|dynamic=False (line 2)|compiles`}},
		{"dynamic not", `m = torch.compile(f, dynamic=not static)`,
			[]string{`None|dynamic=True (line 2)|compiles`, `None|dynamic=False (line 2)|compiles`}},
		{"dynamic arithmetic is not bool", `m = torch.compile(f, dynamic=n - 1)`, []string{`None||compiles`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("a.py", []byte("import torch\n"+tc.src+"\n"))
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
		})
	}
}

// TestDisableAndFullgraphByName: disable= and fullgraph= given by a name the file
// assigns literals are read through those values (unseen5 x25: SkyReels'
// disable=DISABLE_COMPILE with DISABLE_COMPILE = False was "not a literal").
func TestDisableAndFullgraphByName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, note string
		fullgraph       *bool
	}{
		{"disable constant False", "import torch\nDISABLE = False\nf = torch.compile(g, disable=DISABLE)\n",
			"disable `DISABLE` has one value: False (line 2)", nil},
		{"disable constant True", "import torch\nDISABLE = True\nf = torch.compile(g, disable=DISABLE)\n",
			"disable `DISABLE` has one value: True (line 2)", nil},
		{"disable two values", "import torch\nD = False\nif x:\n    D = True\nf = torch.compile(g, disable=D)\n",
			"disable is not a literal: `D` can be False (line 2), True (line 4); each is planned", nil},
		{"disable comparison", "import torch\nf = torch.compile(g, disable=os.environ.get('NO_COMPILE') == '1')\n",
			"disable is not a literal: `os.environ.get('NO_COMPILE') == '1'` can be True (line 2), False (line 2); each is planned", nil},
		{"fullgraph constant", "import torch\nFG = True\nf = torch.compile(g, fullgraph=FG)\n",
			"fullgraph `FG` has one value: True (line 2)", boolPtr(true)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, _ := oneSite(t, tc.src)
			found := false
			for _, n := range st.Notes {
				found = found || n == tc.note
			}
			if !found {
				t.Errorf("notes %q lack %q", st.Notes, tc.note)
			}
			if d := cmp.Diff(tc.fullgraph, st.Fullgraph); d != "" {
				t.Errorf("fullgraph (-want +got):\n%s", d)
			}
		})
	}
}

func boolPtr(b bool) *bool { return &b }
