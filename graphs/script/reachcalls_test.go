package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReachingCall: a site inside a def the file calls from several places, under a
// guard of that def that tests its parameters, is said under the chain of the first
// call that can run it, naming the calls that cannot and what they pass (unseen9 w15:
// _run_phase(…, compile_kwargs=None) first, then (…, compile_kwargs=s.kw) under
// `if s.kw:`, the site under `if compile_kwargs:`; the guard said was the first
// call's). The value is read where each call is, so through several calls (a caller's
// parameter its one caller passes), a default a call leaves out, a method called on
// self, an else branch. Where no call can, the guard says so. Lookalikes: a first call
// that can run the site, one whose value is not known, a guard on no parameter, a def
// called once keep the first call's chain.
func TestReachingCall(t *testing.T) {
	t.Parallel()
	const phase = "import torch\ndef phase(m, kw=None):\n    if kw:\n        m.compile(**kw)\n"
	const flagged = "import torch\ndef phase(m, flag=False):\n    if flag:\n        torch.compile(m)\n"
	cases := []struct {
		name, reason, src string
		want, notWant     []string
	}{
		{"w15", "None first, then s.kw under if s.kw: the second call's chain, undecided by s.kw",
			phase + "def run(m, s):\n    phase(m, kw=None)\n    if s.kw:\n        phase(m, kw=s.kw)\n",
			[]string{"and kw = s.kw (line 8) is not a value known where the plan is made, inside the call of def phase at line 8, the first of its 2 calls in this file that can run it (it cannot run from the others: line 6 passes kw = None (line 6)), inside if s.kw (line 7)"},
			[]string{"which may pass different values"}},
		{"literal-true", "False first, then True: true from the second call",
			flagged + "phase(model, False)\nphase(model, True)\n",
			[]string{"if flag (line 3): true from that call (flag = True (line 6)), inside the call of def phase at line 6, the first of its 2 calls"},
			nil},
		{"default-left-out", "the first call leaves kw out: its default None",
			phase + "phase(model)\nphase(model, kw={\"mode\": \"max-autotune\"})\n",
			[]string{"line 5 passes kw = its default None (line 2)", "at line 6, the first of its 2 calls"}, nil},
		{"through-calls", "the first call passes first's parameter f, which main passes False: the value reaches the guard through two calls",
			flagged + "def first(m, f):\n    phase(m, f)\ndef second(m):\n    phase(m, True)\ndef main(m):\n    first(m, False)\n    second(m)\nmain(model)\n",
			[]string{"line 6 passes flag = f (line 6): f = False (first(…), line 10)", "inside the call of def phase at line 8"}, nil},
		{"method", "self.phase(kw=None), then self.phase(kw=self.kw) under if self.kw",
			"import torch\nclass B:\n    def phase(self, kw=None):\n        if kw:\n            self.m.compile(**kw)\n    def run(self):\n        self.phase(kw=None)\n        if self.kw:\n            self.phase(kw=self.kw)\nB().run()\n",
			[]string{"inside the call of def phase at line 9, the first of its 2 calls", "line 7 passes kw = None (line 7)", "inside if self.kw (line 8)"}, nil},
		{"else-branch", "the site in the else of if not flag: True runs it, False does not",
			"import torch\ndef phase(m, flag):\n    if not flag:\n        pass\n    else:\n        torch.compile(m)\nphase(model, False)\nphase(model, True)\n",
			[]string{"the call of def phase at line 8, the first of its 2 calls", "line 7 passes flag = False (line 7)"}, nil},
		{"none-can", "None and 0: no call of the file runs it",
			flagged + "phase(model, None)\nphase(model, 0)\n",
			[]string{"false from each call of def phase that this file makes and the reader met (2 of 2: line 5 passes flag = None (line 5); line 6 passes flag = 0 (line 6))"}, nil},
		{"lookalike-first-can", "True first: its chain, as before",
			flagged + "phase(model, True)\nphase(model, None)\n",
			nil, []string{"the first of its"}},
		{"lookalike-first-unknown", "the first call's value is not known: its chain, as before",
			phase + "def run(m, s):\n    phase(m, kw=s.kw)\n    phase(m, kw=None)\nrun(model, cfg)\n",
			nil, []string{"the first of its", "false from each"}},
		{"lookalike-no-param", "a guard on a module global: as before",
			"import torch\nFLAG = True\ndef phase(m, flag):\n    if FLAG:\n        torch.compile(m)\nphase(model, None)\nphase(model, True)\n",
			nil, []string{"the first of its"}},
		{"lookalike-one-call", "one call passing None: the guard is decided false, as before",
			flagged + "phase(model, None)\n",
			[]string{"false"}, []string{"the first of its", "false from each"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := readOneSite(t, tc.src, tc.reason)
			g := s.Sites[0].Guard
			for _, w := range tc.want {
				require.Contains(t, g, w, tc.reason)
			}
			for _, w := range tc.notWant {
				require.NotContains(t, g, w, tc.reason)
			}
			for _, n := range s.Sites[0].Notes {
				if strings.HasPrefix(n, "def phase (line") && strings.Contains(g, "the first of its") {
					require.Contains(t, n, "the guard said is that of the call at line", tc.reason)
				}
			}
		})
	}
}
