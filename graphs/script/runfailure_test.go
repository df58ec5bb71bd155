package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestRunFailureCauses: RunFailure names each cause of exit 1, not only a forked
// worker's (a new user's report: "exit-1 from plans/argparse prints no stderr line";
// the command writes RunFailure on stderr, cliflags.ScriptNotes): a plan that raises at
// compile, one whose first call raises on a device, argparse refusing the command
// line; "" where the script exits 0.
func TestRunFailureCauses(t *testing.T) {
	t.Parallel()
	const model = "import torch\nm = torch.nn.Linear(4, 4).cuda()\n"
	const argparse = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--steps\", type=int, default=1)\nargs = p.parse_args()\nc = torch.compile(torch.nn.Linear(4, 4).cuda())\nc(torch.randn(2, 4, device=\"cuda\"))\n"
	cases := []struct {
		name, reason, src string
		argv              []string
		want              string // the start of RunFailure ("": it is "")
	}{
		{"compiles", "nothing raises", model + "c = torch.compile(m)\nc(torch.randn(2, 4, device=\"cuda\"))\n", nil, ""},
		{"bad-mode", "torch.compile refuses the mode", model + "c = torch.compile(m, mode=\"reduce_overhead\")\nc(torch.randn(2, 4, device=\"cuda\"))\n", nil,
			"t.py:3: torch.compile raises RuntimeError at compile: Unrecognized mode=reduce_overhead"},
		{"first-call", "the first call raises on a device: reduce-overhead called on pool threads", model + "c = torch.compile(m, mode=\"reduce-overhead\")\ndef infer(i):\n    return c(torch.randn(2, 4, device=\"cuda\"))\nfrom concurrent.futures import ThreadPoolExecutor\nwith ThreadPoolExecutor(2) as ex:\n    list(ex.map(infer, range(2)))\n", nil,
			"t.py:3: the first call on cuda:0 (2 pool worker threads (each call on any of them)) raises AssertionError"},
		{"argparse", "argparse refuses the command line given", argparse, []string{"--steps", "x"},
			"t.py:5: parse_args exits here (status 2): argument --steps: invalid int value: 'x'"},
		{"argparse-ok", "argparse takes it", argparse, []string{"--steps", "2"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Name: "t.py", Argv: tc.argv})
			require.NoError(t, err)
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			got := p.RunFailure()
			require.True(t, strings.HasPrefix(got, tc.want), "%s: %q", tc.reason, got)
			require.Equal(t, tc.want == "", got == "", "%s: %q", tc.reason, got)
			require.Equal(t, tc.want != "", p.Exit() == graphs.Raises, "%s: RunFailure says why Exit raises", tc.reason)
		})
	}
}
