package script

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// accumOutcome reads src with argv and plans it with mode reduce-overhead; it returns
// the gradient accumulation line inferred (0: none), its condition, and the first
// site's plan.
func accumOutcome(t *testing.T, src string, argv []string) (line int, cond string, plan *SitePlan) {
	t.Helper()
	s, err := ReadWith(strings.NewReader(src), ReadOptions{Argv: argv})
	require.NoError(t, err)
	ro := "reduce-overhead"
	p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Mode: &ro}})
	require.NoError(t, err)
	require.NotEmpty(t, p.Sites)
	st := p.Sites[0]
	for _, in := range st.Inferred {
		if in.Field == "outputs_kept" && strings.HasPrefix(in.Shows, workloadRows[factGradAccum].shows) {
			_, cond, _ = strings.Cut(in.Shows, "; only if ")
			return in.Line, cond, st.Plan
		}
	}
	return 0, "", st.Plan
}

// TestAccumCount: a micro-step loop accumulates gradients only when its count is
// above 1; a count the file computes from parts it gives is worked out, and one it
// does not give makes the accumulation conditional, planned both ways (newuser29
// finding 9: nanochat's grad_accum_steps, computed from the world size, stated the
// overwritten-output error as certain).
func TestAccumCount(t *testing.T) {
	t.Parallel()
	const head = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--total\", type=int, default=8192)\np.add_argument(\"--batch\", type=int, default=8)\np.add_argument(\"--seq\", type=int, default=1024)\nargs = p.parse_args()\nmodel = torch.compile(torch.nn.Linear(8, 8).cuda())\nopt = torch.optim.SGD(model.parameters())\n"
	const loop = "for step in range(10):\n    for micro in range(accum):\n        loss = model(x).sum()\n        loss.backward()\n    opt.step()\n    opt.zero_grad()\n"
	cases := []struct {
		name, reason, src string
		argv              []string
		accum             bool   // gradient accumulation inferred
		cond              string // its condition's start ("": certain)
	}{
		{name: "computed-one", reason: "8192 // (8 * 1024) = 1: the loop runs once",
			src: head + "accum = args.total // (args.batch * args.seq)\n" + loop},
		{name: "computed-one-argv", reason: "the command line makes the count 1",
			src: head + "accum = args.total // (args.batch * args.seq)\n" + loop, argv: []string{"--total", "4096", "--seq", "512"}},
		{name: "unknown-call", reason: "a count an imported function returns: conditional",
			src: head + "from lib import world\naccum = args.total // (args.batch * args.seq * world())\n" + loop, accum: true, cond: "accum is above 1 (the loop at line 13 runs more than once): line 11 computes it"},
		{name: "unknown-unpacked", reason: "nanochat's form: the world size unpacked from a call",
			src: head + "from lib import init\nrank, world = init()\naccum = args.total // (args.batch * args.seq * world)\n" + loop, accum: true, cond: "accum is above 1"},
		{name: "unknown-inline", reason: "range() of an expression not known",
			src: strings.Replace(head+loop, "range(accum)", "range(n_micro())", 1), accum: true, cond: "n_micro() is above 1 (the loop at line 11 runs more than once): its value is not known before the run"},
		// Lookalikes: counts the file gives.
		{name: "computed-four", reason: "32768 // (8 * 1024) = 4, the command line's: certain",
			src: head + "accum = args.total // (args.batch * args.seq)\n" + loop, argv: []string{"--total", "32768"}, accum: true},
		{name: "literal-four", reason: "range(4): certain", src: head + "accum = 4\n" + loop, accum: true},
		{name: "literal-one", reason: "range(1): none", src: head + "accum = 1\n" + loop},
		{name: "arith-literal", reason: "2 * 3 - 5 = 1: none", src: head + "accum = 2 * 3 - 5\n" + loop},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			line, cond, plan := accumOutcome(t, tc.src, tc.argv)
			require.Equal(t, tc.accum, line > 0, "%s: accumulation", tc.reason)
			require.True(t, strings.HasPrefix(cond, tc.cond) && (tc.cond == "") == (cond == ""), "%s: condition %q", tc.reason, cond)
			require.NotNil(t, plan)
			if !tc.accum {
				require.Equal(t, graphs.Compiles, plan.Exit(), tc.reason)
				return
			}
			require.Equal(t, graphs.Raises, plan.Report.Exit, tc.reason)
			if tc.cond == "" {
				require.Empty(t, plan.Branches, tc.reason)
				return
			}
			require.Len(t, plan.Branches, 1, tc.reason)
			require.Contains(t, plan.Branches[0].Assumes, " is 1 (the micro-step loop runs once", tc.reason)
			require.Equal(t, graphs.Compiles, plan.Branches[0].Report.Exit, tc.reason)
		})
	}
}

// TestAccumCountNanochat: nanochat's base_train.py (testdata/multigpu7/scripts/
// m01_nanochat_base_train.py, the file and commit the new user ran) with
// `-- --total-batch-size 65536 --device-batch-size 32`: grad_accum_steps (line 410)
// depends on the world size compute_init returns, so the accumulation is
// conditional and the plan where it is 1 captures.
func TestAccumCountNanochat(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile(filepath.Join("testdata", "multigpu7", "scripts", "m01_nanochat_base_train.py"))
	require.NoError(t, err)
	line, cond, plan := accumOutcome(t, string(src), []string{"--total-batch-size", "65536", "--device-batch-size", "32"})
	require.Equal(t, 515, line)
	require.True(t, strings.HasPrefix(cond, "grad_accum_steps is above 1 (the loop at line 510 runs more than once): line 410 computes it"), cond)
	require.Len(t, plan.Branches, 1)
	require.Equal(t, graphs.Compiles, plan.Branches[0].Report.Exit)
	w := plan.Report.Warnings[warningIndex(plan.Report.Warnings, "overwritten-output")]
	require.True(t, strings.HasPrefix(w.Message, "if grad_accum_steps is above 1"), w.Message)
}
