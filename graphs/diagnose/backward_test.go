package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/internal/catalog"
)

// TestOverwrittenInBackward: the overwritten-output RuntimeError raised from
// backward() (a traceback ending in autograd's engine) gets the gradient-accumulation
// cause and the fixes measured on 2.11, where it got "clone every output", which
// still raised (sweep10 findings 3 and 7); raised elsewhere it keeps the general fix.
func TestOverwrittenInBackward(t *testing.T) {
	t.Parallel()
	const msg = "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File \"/w/model.py\", line 52, in forward\n" +
		"    y = self.attn(x). To prevent overwriting, clone the tensor outside of torch.compile() or call torch.compiler.cudagraph_mark_step_begin() before each model invocation.\n"
	const head = "Traceback (most recent call last):\n  File \"/w/train.py\", line 305, in <module>\n    scaler.scale(loss).backward()\n" +
		"  File \"/usr/lib/python3.11/site-packages/torch/_tensor.py\", line 626, in backward\n    torch.autograd.backward(\n" +
		"  File \"/usr/lib/python3.11/site-packages/torch/autograd/__init__.py\", line 347, in backward\n    _engine_run_backward(\n"
	cases := []struct {
		name, log string
		grad      bool
	}{
		{"graph-py", head + "  File \"/usr/lib/python3.11/site-packages/torch/autograd/graph.py\", line 823, in _engine_run_backward\n" +
			"    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass\n" + msg, true},
		{"carets", head + "  File \"/usr/lib/python3.11/site-packages/torch/autograd/graph.py\", line 823, in _engine_run_backward\n" +
			"    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass\n" +
			"           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n" + msg, true},
		{"torchrun-2.2", "[rank0]: Traceback (most recent call last):\n[rank0]:   File \"/w/train.py\", line 9, in <module>\n[rank0]:     loss.backward()\n" +
			"[rank0]:   File \"/opt/conda/lib/python3.10/site-packages/torch/autograd/__init__.py\", line 266, in backward\n" +
			"[rank0]:     Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass\n[rank0]: " + msg, true},
		{"forward-read", "Traceback (most recent call last):\n  File \"/w/bug.py\", line 10, in <module>\n    print(y1)\n" +
			"  File \"/usr/lib/python3.11/site-packages/torch/_tensor.py\", line 568, in __repr__\n    return torch._tensor_str._str(self, tensor_contents=tensor_contents)\n" + msg, false},
		{"backward-far-above", head + "  File \"/usr/lib/python3.11/site-packages/torch/autograd/graph.py\", line 823, in _engine_run_backward\n" +
			"    return Variable._execution_engine.run_backward(\nRuntimeError: something else\n\nstep 2\nstep 3\nstep 4\n" +
			"  File \"/w/bug.py\", line 10, in <module>\n    print(y1)\n" + msg, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := Read(strings.NewReader(tc.log))
			require.NoError(t, err)
			var f *Finding
			for i := range d.Findings {
				if d.Findings[i].Code == OverwrittenOutput {
					f = &d.Findings[i]
				}
			}
			require.NotNil(t, f, "an overwritten-output finding")
			require.Equal(t, tc.grad, strings.Contains(f.Fix, "p.grad = torch.zeros_like(p)"), f.Fix)
			// the fixes measured on 2.11, worded once for the script reader too (internal/catalog)
			require.Equal(t, tc.grad, strings.Contains(f.Fix, catalog.GradAccumFix) && strings.Contains(f.Fix, catalog.GradAccumNoHelp), f.Fix)
			require.Equal(t, !tc.grad, strings.Contains(f.Fix, "clone every output you keep"), f.Fix)
			require.Equal(t, tc.grad, strings.Contains(f.Cause, "here backward() raised it"), f.Cause)
		})
	}
}

// TestGradOverwrite214Read: 2.14's message for a .grad tensor, as the script reader quotes it
// (catalog.GradOverwrite214, its stack filled in), is read by its own row, the 2.14 one
// whose literal is the message's first words (catalog.GradOverwriteHead214).
func TestGradOverwrite214Read(t *testing.T) {
	t.Parallel()
	msg := strings.Replace(catalog.GradOverwrite214, "<stack>", "File \"/w/model.py\", line 52, in forward", 1)
	d, err := Read(strings.NewReader("Traceback (most recent call last):\n  File \"/w/train.py\", line 9, in <module>\n" +
		"    loss.backward()\nRuntimeError: " + msg + "\n"))
	require.NoError(t, err)
	require.NotEmpty(t, d.Findings)
	f := d.Findings[0]
	require.Equal(t, OverwrittenOutput, f.Code)
	require.Contains(t, f.Quote, catalog.GradOverwriteHead214)
	require.Contains(t, f.Source, "is_grad_output=True", "the 2.14 row of the .grad message")
	require.Equal(t, []string{"2.14"}, f.Releases)
}
