package diagnose_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// unjoinedReduceOverhead is pytorch/pytorch#185546's shape: a function compiled with
// reduce-overhead that joins its side stream and still fails (newuser28 finding 1).
const unjoinedReduceOverhead = "# `torch.compile(mode='reduce-overhead')` fails when user model uses wait_stream\n" +
	"The code below results in a `torch.AcceleratorError: CUDA error: capturing stream has unjoined work` error.\n" +
	"```python\n" +
	"side = torch.cuda.Stream()\n" +
	"def fn_with_workaround(x):\n" +
	"    a = x * 2\n" +
	"    side.wait_stream(torch.cuda.current_stream())\n" +
	"    with torch.cuda.stream(side):\n" +
	"        b = a + 1\n" +
	"    torch.cuda.current_stream().wait_stream(side)\n" +
	"    return b\n" +
	"opt = torch.compile(fn_with_workaround, mode=\"reduce-overhead\")\n" +
	"```\n"

// TestHeldFix checks that a finding whose fix's action the text shows done says so and
// gives the code's other fix (held.go), and that the lookalikes keep the usual fix:
// the action quoted as advice, in prose, in a comment or a docstring, the fork instead
// of the join, and the action in a def other than the one a traceback fails in. Each
// positive failed before (the usual fix, no FixShownLine).
func TestHeldFix(t *testing.T) {
	const (
		unjoined = "RuntimeError: CUDA error: capturing stream has unjoined work\n"
		unpinned = "RuntimeError: Cannot copy between CPU and CUDA tensors during CUDA graph capture unless the CPU tensor is pinned. " +
			"Please use tensor.pin_memory() or allocate the tensor with pin_memory=True.\n"
	)
	tests := []struct {
		name, text string
		code       diagnose.Code
		shown      int    // the FixShownLine wanted, 0 for the usual fix
		fixHas     string // what the fix holds
		reason     string
	}{
		{"reduce-overhead-join", unjoinedReduceOverhead, diagnose.StreamCaptureUnjoined, 10,
			"compile this function without CUDA graphs", "pytorch#185546: the join is done and the capture is cudagraph trees'"},
		{"hand-capture-join",
			"g = torch.cuda.CUDAGraph()\nwith torch.cuda.graph(g):\n    with torch.cuda.stream(side):\n        y = x + 1\n" +
				"    torch.cuda.current_stream().wait_stream(side)\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 5, "find the fork that is still open",
			"a hand capture that joins: no torch.compile call, so the general other fix"},
		{"join-in-failing-frame",
			"def step(x):\n    with torch.cuda.stream(side):\n        y = x + 1\n    main_stream.wait_stream(side)\n    return y\n" +
				"Traceback (most recent call last):\n  File \"t.py\", line 9, in <module>\n  File \"t.py\", line 4, in step\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 4, "find the fork", "the traceback fails in the def that joins"},
		{"join-in-other-def",
			"def ok(x):\n    torch.cuda.current_stream().wait_stream(side)\n    return x\n" +
				"def bad(x):\n    with torch.cuda.stream(side):\n        return x + 1\n" +
				"Traceback (most recent call last):\n  File \"t.py\", line 9, in <module>\n  File \"t.py\", line 5, in bad\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 0, "wait_stream(side)", "lookalike: the join is in ok, the traceback fails in bad"},
		{"join-in-both-defs",
			"def ok(x):\n    torch.cuda.current_stream().wait_stream(side)\n    return x\n" +
				"def bad(x):\n    with torch.cuda.stream(side):\n        y = x + 1\n    torch.cuda.current_stream().wait_stream(side)\n    return y\n" +
				"Traceback (most recent call last):\n  File \"t.py\", line 9, in <module>\n  File \"t.py\", line 5, in bad\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 7, "find the fork", "the first join is in ok, the second in bad, which fails"},
		{"join-as-advice",
			unjoined + "Try adding this before returning:\n```python\ntorch.cuda.current_stream().wait_stream(side)\n```\n",
			diagnose.StreamCaptureUnjoined, 0, "wait_stream(side)", "lookalike: a reply advises the join"},
		{"join-as-advice-far",
			unjoined + "Try adding the join before returning, as the docs show:\n\n```python\nb = a + 1\n\ntorch.cuda.current_stream().wait_stream(side)\n```\n",
			diagnose.StreamCaptureUnjoined, 0, "wait_stream(side)", "lookalike: the advice is above the fence, further than the lines the scanner holds"},
		{"join-in-prose",
			unjoined + "I have not tried torch.cuda.current_stream().wait_stream(side) yet.\n",
			diagnose.StreamCaptureUnjoined, 0, "wait_stream(side)", "lookalike: prose names the join"},
		{"join-in-comment",
			unjoined + "    # torch.cuda.current_stream().wait_stream(side)\n",
			diagnose.StreamCaptureUnjoined, 0, "wait_stream(side)", "lookalike: the join commented out"},
		{"fork-only",
			"def f(x):\n    side.wait_stream(torch.cuda.current_stream())\n    with torch.cuda.stream(side):\n        return x + 1\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 0, "wait_stream(side)", "lookalike: the fork, not the join"},
		{"no-grad-inside-compiled",
			"@torch.compile(mode=\"reduce-overhead\")\ndef generate(x):\n    with torch.no_grad():\n        return model(x)\n" +
				"UserWarning: Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n",
			diagnose.TreesPendingBackward, 3, "put it around the call", "pytorch#110666's shape"},
		{"no-grad-as-hint",
			"UserWarning: Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n" +
				"You should wrap evaluation in with torch.no_grad(): as the warning says.\n",
			diagnose.TreesPendingBackward, 0, "torch.no_grad()", "lookalike: the message's own hint and prose"},
		{"capturable",
			"opt = torch.optim.AdamW(model.parameters(), lr=1e-3, capturable=True)\n" +
				"RuntimeError: Attempting CUDA graph capture of step() for an instance of AdamW but param_groups' capturable is False.\n",
			diagnose.OptimizerNotCapturable, 1, "each param_group", "capturable=True is built and still refused"},
		{"import-config",
			"import torch._inductor.config\ntorch._inductor.config.triton.cudagraphs = True\nAttributeError: module 'torch._inductor' has no attribute 'config'\n",
			diagnose.InductorConfigNotImported, 1, "before that import", "the import is shown"},
		{"import-config-docstring",
			"def f():\n    \"\"\"\n    import torch._inductor.config\n    \"\"\"\nAttributeError: module 'torch._inductor' has no attribute 'config'\n",
			diagnose.InductorConfigNotImported, 0, "import torch._inductor.config before", "lookalike: a docstring"},
		{"python-dev",
			"$ sudo apt-get install -y python3-dev\n/tmp/tmpn8c04nql/main.c:4:10: fatal error: Python.h: No such file or directory\n",
			diagnose.PythonHeadersMissing, 1, "sysconfig.get_paths()", "python3-dev is the system python3's"},
		{"pip-triton",
			"$ pip install triton\ntorch._inductor.exc.TritonMissing: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at: https://github.com/triton-lang/triton\n",
			diagnose.TritonMissing, 1, "its index's newest", "a bare pip install triton shown"},
		{"unset-caching",
			"$ unset PYTORCH_NO_CUDA_MEMORY_CACHING\nRuntimeError: These storage data ptrs are not allocated in pool (0, 1) but should be {139872617431040}\n",
			diagnose.TreesStorageNotInPool, 1, "read once", "the variable unset in a shell"},
		{"no-cudagraphs-one-call",
			"model = torch.compile(model, mode=\"max-autotune-no-cudagraphs\")\nRuntimeError: CUDA error: operation not permitted when stream is capturing\n",
			diagnose.StreamCaptureIllegal, 1, "the capture that failed is another", "the one call has no CUDA graphs"},
		{"no-cudagraphs-two-calls",
			"a = torch.compile(f, mode=\"max-autotune-no-cudagraphs\")\nb = torch.compile(g, mode=\"reduce-overhead\")\nRuntimeError: CUDA error: operation not permitted when stream is capturing\n",
			diagnose.StreamCaptureIllegal, 0, "synchronising calls", "lookalike: another call captures"},
		{"pinned",
			"host = torch.empty(4, pin_memory=True)\n" + unpinned,
			diagnose.CaptureUnpinnedCopy, 1, "a copy from another CPU tensor", "the tensor is pinned and a copy is still refused"},
		{"pinned-message-only", unpinned,
			diagnose.CaptureUnpinnedCopy, 0, "create the value on the GPU", "lookalike: the message names pin_memory()"},
		{"rng-no-cudagraphs",
			"model = torch.compile(model, mode=\"max-autotune-no-cudagraphs\")\n" +
				"RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture. If you need this call to be captured, please file an issue. Current cudaStreamCaptureStatus: cudaStreamCaptureStatusActive\n",
			diagnose.CaptureRNGState, 1, "the capture that refused the RNG call is another", "the one call has no CUDA graphs"},
		{"clone-overwritten",
			"for x in xs:\n    y = model(x).clone()\n    outs.append(y)\n" +
				"RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run.\n",
			diagnose.OverwrittenOutput, 2, "clone every other output", "the output is cloned where it returns"},
		{"clone-of-input",
			"x2 = x.clone()\nRuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run.\n",
			diagnose.OverwrittenOutput, 0, "clone every output you keep", "lookalike: a clone of a tensor, not of a call's output"},
		{"mark-step-overwritten",
			"for x in xs:\n    torch.compiler.cudagraph_mark_step_begin()\n    outs.append(model(x))\n" +
				"RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run.\n",
			diagnose.OverwrittenOutput, 2, "clone every output you keep", "the mark is called: the code's own fix says to clone"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := diagnose.Read(strings.NewReader(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			f, ok := findingOf(d, tc.code)
			if !ok {
				t.Fatalf("no %s finding (%s); findings %+v", tc.code, tc.reason, d.Findings)
			}
			if f.FixShownLine != tc.shown {
				t.Errorf("FixShownLine = %d, want %d (%s); fix %q", f.FixShownLine, tc.shown, tc.reason, f.Fix)
			}
			if !strings.Contains(f.Fix, tc.fixHas) {
				t.Errorf("fix %q lacks %q (%s)", f.Fix, tc.fixHas, tc.reason)
			}
			if already := strings.Contains(f.Fix, " already "); already != (tc.shown > 0) {
				t.Errorf("fix says already: %v, want %v (%s): %q", already, tc.shown > 0, tc.reason, f.Fix)
			}
		})
	}
}

// findingOf returns d's finding of code.
func findingOf(d *diagnose.Diagnosis, code diagnose.Code) (diagnose.Finding, bool) {
	for _, f := range d.Findings {
		if f.Code == code {
			return f, true
		}
	}
	return diagnose.Finding{}, false
}

// TestPlanNotes checks the plan's notes (newuser28 findings 1 and 4): a device the plan
// says captures under a finding whose failure is at capture names the finding's line;
// a ROCm run gets a note that the device is AMD's. Lookalikes: a finding that fails at
// replay, not capture; prose that names ROCm without a run's release or device.
func TestPlanNotes(t *testing.T) {
	tests := []struct {
		name, text string
		want       string // a plan line holds it ("" for none of the notes)
		reason     string
	}{
		{"unjoined-captures", unjoinedReduceOverhead,
			"cuda:0 main: capture (the log shows this capture failing: line 2, stream-capture-unjoined)",
			"pytorch#185546's plan said capture under the finding"},
		{"illegal-captures",
			"model = torch.compile(model, mode=\"reduce-overhead\")\nRuntimeError: CUDA error: operation not permitted when stream is capturing\n",
			"(the log shows this capture failing: line 2, stream-capture-illegal)", "a capture error"},
		{"overwritten-no-note",
			"model = torch.compile(model, mode=\"reduce-overhead\")\nRuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run.\n",
			"", "lookalike: replay, not capture"},
		{"rocm-build",
			"torch 2.5.1+rocm6.2\nmodel = torch.compile(model, mode=\"reduce-overhead\")\n",
			"note: line 1 shows ROCm (\"+rocm6\")", "a ROCm wheel's release"},
		{"rocm-gpu",
			"GPU: AMD Instinct MI250X / MI250\nmodel = torch.compile(model, mode=\"reduce-overhead\")\n",
			"note: line 1 shows ROCm (\"AMD Instinct\")", "pytorch#187715's device"},
		{"rocm-hip-version",
			"HIP version: 6.2.41133\nmodel = torch.compile(model, mode=\"reduce-overhead\")\n",
			"note: line 1 shows ROCm (\"HIP version: 6\")", "collect_env's HIP line"},
		{"rocm-mi300x",
			"Ran on 8x MI300X\nmodel = torch.compile(model, mode=\"reduce-overhead\")\n",
			"note: line 1 shows ROCm (\"MI300X\")", "an AMD Instinct GPU's name"},
		{"rocm-prose",
			"I have not tried ROCm yet.\nmodel = torch.compile(model, mode=\"reduce-overhead\")\n",
			"", "lookalike: ROCm named, no run shown"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := diagnose.Read(strings.NewReader(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Join(d.PlanLines(), "\n")
			if lines == "" {
				t.Fatalf("no plan (%s)", tc.reason)
			}
			if tc.want == "" {
				if strings.Contains(lines, "capture failing") || strings.Contains(lines, "ROCm") || len(d.PlanNotes) > 0 {
					t.Errorf("plan has a note (%s):\n%s", tc.reason, lines)
				}
				return
			}
			if !strings.Contains(lines, tc.want) {
				t.Errorf("plan lacks %q (%s):\n%s", tc.want, tc.reason, lines)
			}
			if len(d.PlanNotes) != 1 {
				t.Errorf("PlanNotes = %q, want one (%s)", d.PlanNotes, tc.reason)
			}
		})
	}
}
