package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestDynamicSizes: an input marked dynamic whose marked size a loop makes takes one
// distinct size per iteration (sweep5 finding 22: range(1, 200) read as dynamic shapes
// but not counted, so the re-record warning -sizes 199 gives never came).
func TestDynamicSizes(t *testing.T) {
	t.Parallel()
	const head = "import torch\nLO, HI = 8, 64\nSIZES = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]\nmodel = torch.compile(torch.nn.Linear(64, 64).cuda(), mode=\"reduce-overhead\")\n"
	// Every case marks before its first call: symbolic from it (MarkedDynamic, sweep6 finding 11).
	sized := func(n int) graphs.Workload {
		return graphs.Workload{DynamicShapes: true, DistinctSizes: n, MarkedDynamic: true}
	}
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
	}{
		{"range", "the finding's loop", head + "for n in range(1, 200):\n    x = torch.randn(n, 64, device=\"cuda\")\n    torch._dynamo.mark_dynamic(x, 0)\n    model(x)\n", sized(199)},
		{"range-step", "range(start, stop, step)", head + "for n in range(8, 72, 8):\n    x = torch.zeros(n, 64, device=\"cuda\")\n    torch._dynamo.mark_dynamic(x, 0)\n    model(x)\n", sized(8)},
		{"list-display", "for bs in [1, 2, 4, …]", head + "for bs in [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]:\n    x = torch.ones(bs, 64)\n    torch._dynamo.mark_dynamic(x, 0)\n    model(x)\n", sized(10)},
		{"named-list", "a list bound to a name", head + "for bs in SIZES:\n    x = torch.rand(bs, 64)\n    torch._dynamo.mark_dynamic(x, 0)\n    model(x)\n", sized(10)},
		{"enumerate", "for i, bs in enumerate(SIZES)", head + "for i, bs in enumerate(SIZES):\n    x = torch.empty(bs, 64)\n    torch._dynamo.maybe_mark_dynamic(x, 0)\n    model(x)\n", sized(10)},
		{"tuple-size", "the size as a tuple", head + "for n in range(16):\n    x = torch.randn((n, 64))\n    torch._dynamo.mark_dynamic(x, 0)\n    model(x)\n", sized(16)},
		{"second-dim", "the marked dimension is the loop's", head + "for n in range(2, 30):\n    x = torch.randn((4, n))\n    torch._dynamo.mark_dynamic(x, index=1)\n    model(x)\n", sized(28)},
		{"keyword-size", "size= given by keyword", head + "for n in range(10):\n    x = torch.zeros(size=(n, 64))\n    torch._dynamo.mark_dynamic(x, 0)\n    model(x)\n", sized(10)},
		{"other-dim", "the marked dimension is a constant one: sizes not counted", head + "for n in range(2, 30):\n    x = torch.randn(64, n)\n    torch._dynamo.mark_dynamic(x, 0)\n    model(x)\n", sized(0)},
		{"tuple-other-dim", "a literal first item keeps its position", head + "for n in range(2, 30):\n    x = torch.randn((64, n))\n    torch._dynamo.mark_dynamic(x, 0)\n    model(x)\n", sized(0)},
		{"call-size", "a size computed by a call is not the loop's variable", head + "for n in range(2, 30):\n    x = torch.randn((f(n), 64))\n    torch._dynamo.mark_dynamic(x, 0)\n    model(x)\n", sized(0)},
		{"unknown-loop", "a loop over data: its count is not known", head + "for n in data:\n    x = torch.randn(n, 64)\n    torch._dynamo.mark_dynamic(x, 0)\n    model(x)\n", sized(0)},
		{"reassigned", "x bound to something else before the mark", head + "for n in range(2, 30):\n    x = torch.randn(n, 64)\n    x = x.cuda()\n    torch._dynamo.mark_dynamic(x, 0)\n    model(x)\n", sized(0)},
		{"starred", "randn(*shape): positions unknown", head + "for n in range(2, 30):\n    x = torch.randn(*s, n)\n    torch._dynamo.mark_dynamic(x, 0)\n    model(x)\n", sized(0)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("d.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}

// TestLoopSizes: without mark_dynamic, an input a loop makes with its variable as a
// size still takes one size per iteration, which Dynamo compiles as symbolic from the
// second (testdata/measured/loop_sizes.out); only the site called so gets it.
func TestLoopSizes(t *testing.T) {
	t.Parallel()
	const head = "import torch\nmodel = torch.compile(torch.nn.Linear(64, 64).cuda(), mode=\"reduce-overhead\")\nother = torch.compile(torch.nn.Linear(64, 64).cuda(), mode=\"reduce-overhead\")\nother(torch.randn(8, 64))\n"
	sized := func(n int) graphs.Workload { return graphs.Workload{DynamicShapes: true, DistinctSizes: n} }
	cases := []struct {
		name, reason, src string
		model, other      graphs.Workload
	}{
		{"direct", "the factory in the call", head + "for n in range(1, 200):\n    model(torch.randn(n, 64))\n", sized(199), graphs.Workload{}},
		{"named", "a name bound to the factory's tensor", head + "for bs in [1, 2, 4, 8]:\n    x = torch.zeros((bs, 64))\n    y = model(x)\n", sized(4), graphs.Workload{}},
		{"second-dim", "the loop's variable at another dimension", head + "for n in range(16, 32):\n    model(torch.randn(4, n))\n", sized(16), graphs.Workload{}},
		{"constant", "a constant size: one size", head + "for n in range(1, 200):\n    model(torch.randn(8, 64))\n", graphs.Workload{}, graphs.Workload{}},
		{"outside-loop", "no loop: one size", head + "n = 4\nmodel(torch.randn(n, 64))\n", graphs.Workload{}, graphs.Workload{}},
		{"unknown-count", "a loop whose count is not known", head + "for n in sizes:\n    model(torch.randn(n, 64))\n", graphs.Workload{}, graphs.Workload{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("l.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 2)
			if diff := cmp.Diff(tc.model, s.Sites[0].Workload); diff != "" {
				t.Errorf("%s: model's workload (-want +got):\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.other, s.Sites[1].Workload); diff != "" {
				t.Errorf("%s: the other site's workload (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}
