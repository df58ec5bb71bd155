package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/stretchr/testify/require"
)

// TestOptimizeKeyword: a keyword torch._dynamo.optimize (or optimize_assert) does not
// take raises TypeError at the optimize call, named as each release's binding
// function (measured on 2.6.0 and 2.14.1: testdata/measured/optimize_kwargs.out).
func TestOptimizeKeyword(t *testing.T) {
	t.Parallel()
	const model = "m = torch.nn.Linear(2, 2).cuda()\n"
	cases := []struct {
		name, reason, torch, src, want, ev string
	}{
		{name: "mode", reason: "optimize has no mode", torch: "2.6",
			src: "c = torch._dynamo.optimize(\"inductor\", mode=\"reduce-overhead\")(m)\n", want: "_optimize() got an unexpected keyword argument 'mode'", ev: "measured"},
		{name: "options-2.14", reason: "nor options", torch: "2.14",
			src: "c = torch._dynamo.optimize(\"inductor\", options={\"triton.cudagraphs\": True})(m)\n", want: "_optimize() got an unexpected keyword argument 'options'", ev: "measured"},
		{name: "fullgraph", reason: "nopython is optimize's fullgraph", torch: "2.6",
			src: "c = torch._dynamo.optimize(\"inductor\", fullgraph=True)(m)\n", want: "_optimize() got an unexpected keyword argument 'fullgraph'", ev: "measured"},
		{name: "unread-release", reason: "no read signature has it", torch: "2.11",
			src: "c = torch._dynamo.optimize(\"inductor\", cudagraphs=False)(m)\n", want: "_optimize() got an unexpected keyword argument 'cudagraphs'", ev: "inferred"},
		{name: "decorator", reason: "the decorator form", torch: "2.6",
			src: "@torch._dynamo.optimize(\"inductor\", mode=\"max-autotune\")\ndef f(x):\n    return x\n", want: "_optimize() got an unexpected keyword argument 'mode'", ev: "measured"},
		{name: "assert-2.6", reason: "optimize_assert binds itself on 2.6", torch: "2.6",
			src: "c = torch._dynamo.optimize_assert(\"inductor\", mode=\"default\")(m)\n", want: "optimize_assert() got an unexpected keyword argument 'mode'", ev: "measured"},
		{name: "assert-2.14", reason: "through _optimize_assert on 2.14", torch: "2.14",
			src: "c = torch._dynamo.optimize_assert(\"inductor\", mode=\"default\")(m)\n", want: "_optimize_assert() got an unexpected keyword argument 'mode'", ev: "measured"},
		{name: "recompile_limit-2.6", reason: "2.14.1 added it", torch: "2.6",
			src: "c = torch._dynamo.optimize(\"inductor\", recompile_limit=2)(m)\n", want: "_optimize() got an unexpected keyword argument 'recompile_limit'", ev: "measured"},
		{name: "recompile_limit-2.14", reason: "taken on 2.14.1", torch: "2.14",
			src: "c = torch._dynamo.optimize(\"inductor\", recompile_limit=2)(m)\n"},
		{name: "taken", reason: "nopython, dynamic, disable are optimize's", torch: "2.6",
			src: "c = torch._dynamo.optimize(\"inductor\", nopython=True, dynamic=False, disable=False)(m)\n"},
		{name: "before-2.6", reason: "releases before 2.6 not read: not claimed", torch: "2.5",
			src: "c = torch._dynamo.optimize(\"inductor\", mode=\"reduce-overhead\")(m)\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("o.py", []byte("import torch\n"+model+tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1, tc.reason)
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: tc.torch}})
			require.NoError(t, err)
			rep := p.Sites[0].Plan.Report
			if len(p.Sites[0].Plan.Modes) > 0 {
				rep = p.Sites[0].Plan.Modes[0].Report
			}
			if tc.want == "" {
				if rep.Error != nil {
					require.NotEqual(t, "TypeError", rep.Error.Exception, "%s: %s", tc.reason, rep.Error.Message)
				}
				return
			}
			require.NotNil(t, rep.Error, tc.reason)
			require.Equal(t, tc.want, rep.Error.Message, tc.reason)
			require.Equal(t, tc.ev, string(rep.Error.Evidence), tc.reason)
			require.Equal(t, graphs.Raises, rep.Exit, tc.reason)
		})
	}
}
