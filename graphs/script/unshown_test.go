package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestUnshownValues: a site says when its mode can also be a value the file does not
// show (unseen2: u20, u21, u24, a Hydra config), and when its backend is a callable
// that Inductor's plan does not describe (u05).
func TestUnshownValues(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src, note string // note: a substring of one of the site's notes ("": none of them says "does not show")
	}{
		{"hydra-config", `import torch
def main(cfg):
    compile_mode = None
    if cfg.compile.compile:
        compile_mode = cfg.compile.compile_mode
        if compile_mode in ("", None):
            compile_mode = "reduce-overhead"
        update = torch.compile(update, mode=compile_mode)
main(c)
`, "mode can also be `cfg.compile.compile_mode` (line 5), whose value this file does not show"},
		{"environment", `import torch, os
mode = os.environ.get("MODE") or "default"
m = torch.compile(f, mode=mode)
`, "mode can also be what the environment sets for `os.environ.get(\"MODE\")` (line 2)"},
		{"argparse-shows-it", `import torch, argparse
p = argparse.ArgumentParser()
p.add_argument("--mode", choices=["default", "max-autotune"])
args = p.parse_args()
mode = args.mode
m = torch.compile(f, mode=mode)
`, ""},
		{"argparse-no-choices", `import torch, argparse
p = argparse.ArgumentParser()
p.add_argument("--compile-mode", type=str, default=None)
args = p.parse_args()
m = torch.compile(f, mode=args.compile_mode)
`, "mode can also be any value the command line gives for --compile-mode (its add_argument, line 3, has no choices=)"},
		{"argparse-no-choices-through-a-name", `import torch, argparse
p = argparse.ArgumentParser()
p.add_argument("--mode", default="default")
args = p.parse_args()
mode = args.mode
m = torch.compile(f, mode=mode)
`, "mode can also be `args.mode` (line 5), whose value this file does not show"},
		{"argparse-vars", `import torch, argparse
p = argparse.ArgumentParser()
p.add_argument("--torchcompile-mode", default=None)
args = vars(p.parse_args())
m = torch.compile(f, mode=args["torchcompile_mode"])
`, "any value the command line gives for --torchcompile-mode"},
		{"library-method-parameter", `import torch
class Task:
    def compile(self, backend="inductor", mode=None, **kw):
        self.m = torch.compile(self.m, backend=backend, mode=mode, **kw)
`, "mode can also be what a caller passes for `mode`, a parameter of def compile (line 3)"},
		{"parameter-through-splat", `import torch
def build(name, mode=None, **kw):
    return torch.compile(name, mode=mode)
build(**vars(args))
`, "what a caller passes for `mode`, a parameter of def build (line 2)"},
		{"parameter-called-shows-it", `import torch
def build(f, mode=None):
    return torch.compile(f, mode=mode)
build(g, mode="max-autotune")
`, ""},
		{"parameter-default-when-spawned", `import torch
import torch.multiprocessing as mp
def train(rank, n, mode="reduce-overhead"):
    m = torch.compile(f, mode=mode)
mp.spawn(train, args=(2,), nprocs=2)
`, ""},
		{"keyword-literal-shows-it", `import torch
cfg = Config(compile_mode="max-autotune")
compile_mode = cfg.compile_mode
m = torch.compile(f, mode=compile_mode)
`, ""},
		{"getter-shows-it", `import torch
def pick():
    return "default"
mode = pick()
m = torch.compile(f, mode=mode)
`, ""},
		{"backend-partial", `import torch, functools
m = torch.compile(f, backend=functools.partial(my_jit, level=3))
`, "backend is a callable, `functools.partial(my_jit, level=3)`"},
		{"backend-def", `import torch
def my_backend(gm, inputs):
    return gm.forward
m = torch.compile(f, backend=my_backend)
`, "backend is a callable, `my_backend`"},
		{"backend-unknown", `import torch
m = torch.compile(f, backend=args.torchcompile)
`, "backend is not a literal: `args.torchcompile`, whose value this file does not show: the plan below is Inductor's"},
		{"backend-environment-default", `import torch, os
class R:
    def setup(self):
        self._backend = os.environ.get("TORCH_COMPILE_BACKEND", "inductor")
        self.m = torch.compile(f, backend=self._backend)
`, "backend is not a literal: `self._backend` can be 'inductor' (line 4); each is planned (other parts are not literals"},
		{"backend-config-default", `import torch
m = torch.compile(f, backend=pt2_config.get("backend", "openvino"))
`, "can be 'openvino' (line 2)"},
		{"backend-getattr-default", `import torch
m = torch.compile(f, backend=getattr(cfg, "backend", "cudagraphs"))
`, "can be 'cudagraphs' (line 2)"},
		{"backend-lambda", `import torch
m = torch.compile(f, backend=lambda gm, ex: gm)
`, "backend is a callable, `lambda gm, ex: gm`"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("u.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			all := strings.Join(s.Sites[0].Notes, "\n")
			if tc.note == "" {
				require.NotContains(t, all, "does not show")
				return
			}
			require.Contains(t, all, tc.note)
		})
	}
}

// TestCallableBackendPlan: a callable backend is planned as that backend, not as
// Inductor with a note (known debt: unseen2 u05's functools.partial(sfast_jit_trace,
// …) got Inductor's plan): no CUDA graphs from mode="reduce-overhead", no
// InvalidBackend, the backend named as torch.compile's wrapper names it.
func TestCallableBackendPlan(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, backend, want string }{
		{"def", "my_backend", "my_backend"},
		{"lambda", "lambda gm, ex: gm", "<lambda>"},
		{"partial", "functools.partial(my_backend, level=3)", "functools.partial(my_backend, level=3)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import torch, functools\ndef my_backend(gm, ex, **kw):\n    return gm.forward\nm = torch.compile(f, mode=\"reduce-overhead\", backend=" + tc.backend + ")\n"
			s, err := readBytes("c.py", []byte(src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			require.Equal(t, tc.want, s.Sites[0].BackendCallable)
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			rep := p.Sites[0].Plan.Report
			require.NotNil(t, rep)
			require.Nil(t, rep.Error)
			require.Equal(t, tc.want, rep.Backend)
			require.False(t, rep.CUDAGraphs.Enabled)
		})
	}
}
