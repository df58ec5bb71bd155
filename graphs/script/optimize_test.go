package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestDynamoOptimizeSite: torch._dynamo.optimize(…)(f), its decorator and
// optimize_assert are compile sites, planned as torch.compile with their backend and
// no mode (sweep2 finding 17: "0 compile sites").
func TestDynamoOptimizeSite(t *testing.T) {
	t.Parallel()
	type got struct {
		Kind      Kind
		Backend   string
		Fullgraph bool
		Dynamic   string
		Mode      string
	}
	cases := []struct {
		name, reason, src string
		want              got
	}{
		{name: "call", reason: "sweep2 #17 dynopt.py", src: "opt = torch._dynamo.optimize(\"inductor\")(model)\n",
			want: got{Kind: Optimize, Backend: "inductor"}},
		{name: "cudagraphs", reason: "the backend from the first argument", src: "opt = torch._dynamo.optimize(\"cudagraphs\")(model)\n",
			want: got{Kind: Optimize, Backend: "cudagraphs"}},
		{name: "alias-keywords", reason: "import torch._dynamo as dynamo; backend=, nopython= (fullgraph), dynamic=",
			src:  "import torch._dynamo as dynamo\nopt = dynamo.optimize(backend=\"inductor\", nopython=True, dynamic=True)(model)\n",
			want: got{Kind: Optimize, Backend: "inductor", Fullgraph: true, Dynamic: "true"}},
		{name: "assert", reason: "optimize_assert: no graph break allowed, as fullgraph", src: "opt = torch._dynamo.optimize_assert(\"inductor\")(model)\n",
			want: got{Kind: Optimize, Backend: "inductor", Fullgraph: true}},
		{name: "decorator", reason: "@torch._dynamo.optimize(): the default backend, inductor", src: "@torch._dynamo.optimize()\ndef f(x):\n    return x + 1\n",
			want: got{Kind: Optimize}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, _ := oneSite(t, "import torch\n"+tc.src)
			g := got{Kind: st.Kind, Backend: deref(st.Backend), Mode: deref(st.Mode)}
			if st.Fullgraph != nil {
				g.Fullgraph = *st.Fullgraph
			}
			if st.Dynamic != nil && *st.Dynamic {
				g.Dynamic = "true"
			}
			if diff := cmp.Diff(tc.want, g); diff != "" {
				t.Errorf("%s (-want +got):\n%s\nnotes %q", tc.reason, diff, st.Notes)
			}
			require.True(t, st.ModeLiteral, "the mode is known: none")
		})
	}
}
