package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestChainBindingsReachAfter: every binding an if/elif/else chain's arms make to one
// name reaches the code after the chain, which may call any of them (script11 r06,
// IPEX's resnet50 main: eight arms bind `model`, then validate(…, model, …) runs it in
// weight-sharing threads; only the last arm's site got the threads); and a path that
// leaves (an if whose block returns) does not share the workload of a call made after
// it through the same name (r06's evaluation sites got train()'s backward() through
// workload.go's peer rule).
func TestChainBindingsReachAfter(t *testing.T) {
	t.Parallel()
	const (
		validate = "def serve(m, x):\n    with torch.no_grad():\n        m(x)\n" +
			"def validate(model, x):\n    ts = [threading.Thread(target=serve, args=(model, x)) for _ in range(2)]\n    for t in ts:\n        t.start()\n"
		train = "def train(model, x):\n    loss = model(x).sum()\n    loss.backward()\n"
		main  = "def main(args):\n    model = torch.nn.Linear(8, 8)\n    x = torch.randn(4, 8)\n"
	)
	type want struct {
		threads  string
		backward bool
	}
	cases := []struct {
		name, defs, body string
		sites            []want // per site, in file order
	}{
		{"if-elif-else-then-threads", validate, "    if args.a:\n        model = torch.compile(model, backend=\"eager\")\n    elif args.b:\n        model = torch.compile(model, mode=\"max-autotune\")\n    else:\n        model = torch.compile(model)\n    validate(model, x)\n",
			[]want{{"callers", false}, {"callers", false}, {"callers", false}}},
		{"if-else-nested-then-backward", train, "    if args.a:\n        if args.b:\n            model = torch.compile(model, backend=\"eager\")\n        else:\n            model = torch.compile(model)\n    train(model, x)\n",
			[]want{{"", true}, {"", true}}},
		// r06's shape: the evaluation path's arms, validate, return; then the
		// training path's own arms and train(), whose backward() is not the
		// evaluation sites'.
		{"eval-returns-before-train", validate + train, "    if args.evaluate:\n        if args.ipex:\n            model = torch.compile(model, backend=\"eager\")\n        else:\n            model = torch.compile(model)\n        validate(model, x)\n        return\n    if args.ipex:\n        model = torch.compile(model, backend=\"eager\")\n    else:\n        model = torch.compile(model)\n    train(model, x)\n",
			[]want{{"callers", false}, {"callers", false}, {"", true}, {"", true}}},
		// Without the return, the evaluation's binding reaches train(): its backward.
		{"eval-falls-through", validate + train, "    if args.evaluate:\n        model = torch.compile(model, backend=\"eager\")\n        validate(model, x)\n    train(model, x)\n",
			[]want{{"callers", true}}},
		// A def both paths call runs its body once, on the first (inside the if that
		// leaves): what it shows is also the later call's site's.
		{"def-on-both-paths", train, "    if args.quick:\n        model = torch.compile(model, mode=\"max-autotune\")\n        train(model, x)\n        return\n    model = torch.compile(model)\n    train(model, x)\n",
			[]want{{"", true}, {"", true}}},
		// Two ifs that leave, one after the other: neither block's site shares the
		// training's backward, nor the other's threads.
		{"two-exits", validate + train, "    if args.evaluate:\n        model = torch.compile(model, backend=\"eager\")\n        validate(model, x)\n        return\n    if args.export:\n        model = torch.compile(model)\n        model(x)\n        return\n    model = torch.compile(model, mode=\"max-autotune\")\n    train(model, x)\n",
			[]want{{"callers", false}, {"", false}, {"", true}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import argparse\nimport threading\nimport torch\n" + tc.defs + main + tc.body + "main(argparse.Namespace(a=True, b=False, evaluate=True, ipex=False))\n"
			s, err := ReadWith(strings.NewReader(src), ReadOptions{})
			require.NoError(t, err)
			require.Len(t, s.Sites, len(tc.sites))
			for i, w := range tc.sites {
				st := s.Sites[i]
				require.Equal(t, w.threads, string(st.Threads), "%s: site %d (line %d) threads", tc.name, i, st.Line)
				require.Equal(t, w.backward, st.Workload.AutogradBackward, "%s: site %d (line %d) backward", tc.name, i, st.Line)
			}
		})
	}
}
