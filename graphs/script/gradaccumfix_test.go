package script

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/internal/catalog"
	"github.com/compilemode/compilemode/modes"
)

// TestGradAccumWarning: when a backward() accumulating into .grad is what keeps a
// site's outputs (nanoGPT's micro-steps), the overwritten-output warning says so and
// gives the fixes measured on 2.11, not "clone every output" (which still raised:
// sweep10 finding 3, gradaccumfix.go); legacy says the gradients are silently wrong.
// An output kept past the next call keeps the general warning.
func TestGradAccumWarning(t *testing.T) {
	t.Parallel()
	const accum = "import torch\nmodel = torch.compile(net.cuda(), mode=\"reduce-overhead\")\nfor step in range(6):\n    for micro in range(4):\n        loss = model(x).mean() / 4\n        loss.backward()\n    opt.step()\n    opt.zero_grad(set_to_none=True)\n"
	cases := []struct {
		name, src, torch string
		set              []string
		env              map[string]string
		want, notWant    []string
		evidence         modes.Evidence
		noCG             bool // the fix advises running without CUDA graphs by the mode (config.Warning.AdvisesNoCUDAGraphs)
	}{
		{name: "nanogpt-trees-2.11", src: accum, torch: "2.11",
			want:     []string{"backward() accumulates into the parameters' .grad tensors", "so the next backward raises", "Error: accessing tensor output of CUDAGraphs", "p.grad = torch.zeros_like(p)", "Cloning the forward's outputs does not help"},
			notWant:  []string{"clone every output you keep", "turns triton.cudagraphs on before any mode applies"},
			evidence: modes.Measured, noCG: true},
		// TORCHINDUCTOR_CUDAGRAPHS=1 keeps CUDA graphs on under every mode: the fix's
		// mode without them says to unset it too (graphs.Report.HoldNoCUDAGraphs)
		{name: "nanogpt-trees-env-on", src: accum, torch: "2.11", env: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "1"},
			want:     []string{"p.grad = torch.zeros_like(p)", "compile without CUDA graphs (mode=\"max-autotune-no-cudagraphs\"); here TORCHINDUCTOR_CUDAGRAPHS=1 in the environment turns triton.cudagraphs on before any mode applies", "unset TORCHINDUCTOR_CUDAGRAPHS (or set it to 0) too", "instead of a mode. Cloning the forward's outputs does not help"},
			evidence: modes.Measured, noCG: true},
		{name: "nanogpt-trees-2.14", src: accum, torch: "2.14",
			want:    []string{"backward() accumulates into the parameters' .grad tensors", "p.grad = torch.zeros_like(p)", catalog.GradOverwrite214, catalog.GradAccumFix},
			notWant: []string{"clone every output you keep"}, evidence: modes.Source, noCG: true},
		{name: "nanogpt-legacy", src: accum, torch: "2.11", set: []string{"triton.cudagraph_trees=False"},
			want:    []string{"the accumulated gradients are silently wrong", "p.grad = torch.zeros_like(p)"},
			notWant: []string{"clone an output you keep"}, evidence: modes.Measured, noCG: true},
		{name: "kept-output", src: "import torch\n@torch.compile(mode=\"reduce-overhead\")\ndef f(x):\n    return x @ x\nx = torch.randn(4, 4, device=\"cuda\")\ny1 = f(x)\ny2 = f(x)\nprint(y1)\n", torch: "2.11",
			want:    []string{"an output is read after the next call of the function", "clone every output you keep"},
			notWant: []string{"p.grad =", "backward() accumulates"}}, // not the gradient-accumulation fix (the mark_step_begin words name .grad tensors since fix brief 29 #6)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("g.py", []byte(tc.src))
			require.NoError(t, err)
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: tc.torch, Set: tc.set, Env: tc.env}})
			require.NoError(t, err)
			rep := p.Sites[0].Plan.Report
			require.NotNil(t, rep)
			i := warningIndex(rep.Warnings, "overwritten-output")
			require.GreaterOrEqual(t, i, 0, "an overwritten-output warning")
			w := rep.Warnings[i]
			text := w.Message + " fix: " + w.Recommendation
			for _, s := range tc.want {
				require.Contains(t, text, s)
			}
			for _, s := range tc.notWant {
				require.NotContains(t, text, s)
				require.NotContains(t, rep.Explain, s, "the explanation's fix is the warning's")
			}
			require.Equal(t, tc.noCG, w.AdvisesNoCUDAGraphs, "AdvisesNoCUDAGraphs")
			if tc.evidence != "" {
				require.Equal(t, tc.evidence, w.Evidence)
			}
			if tc.torch == "2.14" {
				for _, d := range rep.CUDAGraphs.Devices {
					require.NotContains(t, d.Message, "accessing tensor output", "2.14 raises its .grad message")
				}
			}
		})
	}
}
