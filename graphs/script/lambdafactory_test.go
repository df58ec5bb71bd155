package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLambdaCompileFactory: comp = lambda m: torch.compile(m, …) is a factory, as a def
// returning torch.compile(…) is: comp(model) returns the compiled function, and calling
// comp is no call of it (sweep9 finding 10: comp(model) counted as a forward with
// gradients whose backward was pending, which hid every later overwritten output, and
// m2 = comp(model) was not the compiled function).
func TestLambdaCompileFactory(t *testing.T) {
	t.Parallel()
	const step = "import torch\n@torch.compile(mode=\"reduce-overhead\")\ndef step(x):\n    return x @ x\n"
	const lam = "comp = lambda m: torch.compile(m, mode=\"reduce-overhead\")\n"
	const docs = "with torch.no_grad():\n    y = F(x)\n    z = F(x)\n    print(y)\n"
	cases := []struct {
		name, reason, src string
		kept              []bool // per site, in line order
	}{
		{"factory-result", "m2 = comp(model): m2's calls are the lambda's site's",
			"import torch\n" + lam + "m2 = comp(torch.nn.Linear(4, 4).cuda())\n" + replaceF(docs, "m2"), []bool{true}},
		{"factory-call-is-no-forward", "comp(model) runs no forward: step's docs example still raises",
			step + lam + "m2 = comp(torch.nn.Linear(4, 4).cuda())\n" + replaceF(docs, "step"), []bool{true, false}},
		{"lambda-named-value", "a name that starts with lambda is no lambda",
			"import torch\nlambda_w = 2\nm2 = lambda_w * 1 or torch.compile(torch.nn.Linear(4, 4).cuda(), mode=\"reduce-overhead\")\n" + replaceF(docs, "m2"), []bool{true}},
		{"def-factory", "the def form, as before",
			step + "def comp(m):\n    return torch.compile(m, mode=\"reduce-overhead\")\nm2 = comp(torch.nn.Linear(4, 4).cuda())\n" + replaceF(docs, "step"), []bool{true, false}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("t.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, len(tc.kept), tc.reason)
			for i, st := range s.Sites {
				require.Equal(t, tc.kept[i], st.Workload.OutputsKept, "%s: site %d (line %d) inferred %+v", tc.reason, i, st.Line, st.Inferred)
			}
		})
	}
}

// replaceF writes name for F in src.
func replaceF(src, name string) string { return strings.ReplaceAll(src, "F", name) }
