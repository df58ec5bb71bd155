package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/stretchr/testify/require"
)

// TestSuppressErrors: with torch._dynamo.config.suppress_errors = True in force where
// a site compiles, a first-call compile failure (BackendCompilerFailed) runs eagerly
// instead of raising; what torch.compile itself raises still raises (measured on
// 2.6.0 and 2.14.1: testdata/measured/suppress_errors.out; sweep2 finding 9).
func TestSuppressErrors(t *testing.T) {
	t.Parallel()
	const on = "torch._dynamo.config.suppress_errors = True\n"
	const backend = "def mb(gm, example_inputs):\n    return gm.forward\n"
	cases := []struct {
		name, reason, torch, src string
		exit                     graphs.Exit
	}{
		{name: "cudagraphs-mode", reason: "sweep2 #9 suppress.py on 2.6: measured RAN", torch: "2.6",
			src: on + "g = torch.compile(f, backend=\"cudagraphs\", mode=\"reduce-overhead\")\n", exit: graphs.Compiles},
		{name: "cudagraphs-mode-off", reason: "without it the same raises", torch: "2.6",
			src: "g = torch.compile(f, backend=\"cudagraphs\", mode=\"reduce-overhead\")\n", exit: graphs.Raises},
		{name: "callable-mode", reason: "a callable backend without **kwargs: measured RAN on 2.14.1", torch: "2.14",
			src: backend + on + "g = torch.compile(f, backend=mb, mode=\"reduce-overhead\")\n", exit: graphs.Compiles},
		{name: "mode-and-options", reason: "torch.compile raises itself: measured, not suppressed", torch: "2.14",
			src: on + "g = torch.compile(f, mode=\"reduce-overhead\", options={\"max_autotune\": True})\n", exit: graphs.Raises},
		{name: "reset-false", reason: "set False again before the site", torch: "2.6",
			src: on + "torch._dynamo.config.suppress_errors = False\ng = torch.compile(f, backend=\"cudagraphs\", mode=\"reduce-overhead\")\n", exit: graphs.Raises},
		{name: "set-before-first-call", reason: "Dynamo compiles at the first call: set between the site and it counts", torch: "2.6",
			src: "g = torch.compile(f, backend=\"cudagraphs\", mode=\"reduce-overhead\")\n" + on + "g(x)\n", exit: graphs.Compiles},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("s.py", []byte("import torch\nimport torch._dynamo\n"+tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: tc.torch}})
			require.NoError(t, err)
			if got := p.Exit(); got != tc.exit {
				t.Errorf("%s: exit %q, want %q", tc.reason, got, tc.exit)
			}
		})
	}
}
