package diagnose_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// heldCase is a text, the finding read in it, and the FixShownLine wanted (0: the
// usual fix), with why.
type heldCase struct {
	name, text string
	code       diagnose.Code
	shown      int
	reason     string
}

// runHeld checks each case's finding: FixShownLine and whether the fix says "already".
func runHeld(t *testing.T, tests []heldCase) {
	t.Helper()
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
			if already := strings.Contains(f.Fix, " already "); already != (tc.shown > 0) {
				t.Errorf("fix says already: %v, want %v (%s): %q", already, tc.shown > 0, tc.reason, f.Fix)
			}
		})
	}
}

// TestHeldSweep29 reads hostile29's held-fix texts (/tmp/h29/held, its gen.py and
// gen2.py; H1-H9): an action counts as done only where the text shows it in effect
// for the failing run. The texts that were held and must not be (H1-H4, H6-H9) and
// the fix done another way (H5) fail on main; the rest keep main's answer.
func TestHeldSweep29(t *testing.T) {
	runHeld(t, []heldCase{
		{"alt_conda_triton", "$ conda install -c conda-forge triton\nRuntimeError: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at: https://github.com/triton-lang/triton\n",
			diagnose.TritonMissing, 1, "H5: conda install -c conda-forge triton is the install done another way"},
		{"alt_del_environ", "del os.environ['PYTORCH_NO_CUDA_MEMORY_CACHING']\nRuntimeError: These storage data ptrs are not allocated in pool (0, 1) but should be {139872617431040}\n",
			diagnose.TreesStorageNotInPool, 1, "del os.environ[\u2026] unsets it (held before, stays)"},
		{"alt_env_u", "$ env -u PYTORCH_NO_CUDA_MEMORY_CACHING python train.py\nRuntimeError: These storage data ptrs are not allocated in pool (0, 1) but should be {139872617431040}\n",
			diagnose.TreesStorageNotInPool, 1, "H5: env -u VAR runs the program without it (coreutils env)"},
		{"alt_inference_mode", "with torch.inference_mode():\n    out = model(x)\nUnable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n",
			diagnose.TreesPendingBackward, 1, "the call under torch.inference_mode() (held before, stays)"},
		{"alt_nograd_noparen", "@torch.no_grad\ndef evaluate(x):\n    return model(x)\nUnable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n",
			diagnose.TreesPendingBackward, 0, "a bare @torch.no_grad: which releases take it is not read here, so not held (the usual fix)"},
		{"alt_setgrad", "torch.set_grad_enabled(False)\nout = model(x)\nUnable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n",
			diagnose.TreesPendingBackward, 1, "H5: torch.set_grad_enabled(False) turns grad off for the calls after it"},
		{"alt_synchronize", "side.synchronize()\ntorch.cuda.synchronize()\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "side.synchronize() is a host wait (cudaStreamSynchronize), not a stream-ordered join: not held"},
		{"alt_uv_triton", "$ uv pip install triton\nRuntimeError: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at: https://github.com/triton-lang/triton\n",
			diagnose.TritonMissing, 1, "uv pip install triton (held before, stays)"},
		{"alt_wait_event", "ev = side.record_event()\ntorch.cuda.current_stream().wait_event(ev)\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 2, "the current stream waits on an event the side stream recorded (held before, stays)"},
		{"cap_comment", "opt = torch.optim.AdamW(model.parameters(), lr=1e-3, capturable=False)  # TODO: capturable=True\nRuntimeError: Attempting CUDA graph capture of step() for an instance of AdamW but param_groups' capturable is False.\n",
			diagnose.OptimizerNotCapturable, 0, "H8: capturable=False built; capturable=True only in the comment"},
		{"cap_print", "opt = torch.optim.AdamW(model.parameters(), lr=1e-3, capturable=False)\nprint(\"capturable=True did not help\")\nRuntimeError: Attempting CUDA graph capture of step() for an instance of AdamW but param_groups' capturable is False.\n",
			diagnose.OptimizerNotCapturable, 0, "H8: capturable=True only in a print string"},
		{"cap_ternary", "opt = torch.optim.AdamW(model.parameters(), lr=1e-3, foreach=True, capturable=True if False else False)\nRuntimeError: Attempting CUDA graph capture of step() for an instance of AdamW but param_groups' capturable is False.\n",
			diagnose.OptimizerNotCapturable, 0, "H8: capturable=True if False else False is False"},
		{"cl_comment", "# out = model(x).clone()\nTraceback (most recent call last):\n  File \"/app/train.py\", line 30, in <module>\n    print(a + b)\nRuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File \"/app/train.py\", line 10, in forward. To prevent overwriting, clone the tensor outside of torch.compile() or call torch.compiler.cudagraph_mark_step_begin() before each model invocation.\n",
			diagnose.OverwrittenOutput, 0, "a commented-out clone"},
		{"cl_input", "x2 = x.clone()\nout = model(x2)\nTraceback (most recent call last):\n  File \"/app/train.py\", line 30, in <module>\n    print(a + b)\nRuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File \"/app/train.py\", line 10, in forward. To prevent overwriting, clone the tensor outside of torch.compile() or call torch.compiler.cudagraph_mark_step_begin() before each model invocation.\n",
			diagnose.OverwrittenOutput, 0, "a clone of an input, not of the call's output"},
		{"cl_other_var", "a = model(x)\nb = model(y).clone()\nprint(a + b)\nTraceback (most recent call last):\n  File \"/app/train.py\", line 30, in <module>\n    print(a + b)\nRuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File \"/app/train.py\", line 10, in forward. To prevent overwriting, clone the tensor outside of torch.compile() or call torch.compiler.cudagraph_mark_step_begin() before each model invocation.\n",
			diagnose.OverwrittenOutput, 2, "the output of model(y) is cloned where it returns (held before, stays)"},
		{"d_after_return", "def forward(x):\n    with torch.cuda.stream(side):\n        y = f(x)\n    return y\n    torch.cuda.current_stream().wait_stream(side)\n\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = model(x)\n  File \"/app/train.py\", line 12, in forward\n    y = self.side_op(x)\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "H6: the join after return never runs"},
		{"d_nested", "def forward(x):\n    def helper():\n        torch.cuda.current_stream().wait_stream(side)\n    with torch.cuda.stream(side):\n        y = f(x)\n    return y\n\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = model(x)\n  File \"/app/train.py\", line 12, in forward\n    y = self.side_op(x)\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "the join in a nested def nothing calls"},
		{"d_other_def", "def fn_ok(x):\n    with torch.cuda.stream(side):\n        y = f(x)\n    torch.cuda.current_stream().wait_stream(side)\n    return y\n\ndef forward(x):\n    with torch.cuda.stream(side):\n        y = f(x)\n    return y\n\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = model(x)\n  File \"/app/train.py\", line 12, in forward\n    y = self.side_op(x)\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "the join is in fn_ok, the traceback fails in forward"},
		{"d_two_forward", "class Good(nn.Module):\n    def forward(self, x):\n        with torch.cuda.stream(side):\n            y = f(x)\n        torch.cuda.current_stream().wait_stream(side)\n        return y\n\nclass Bad(nn.Module):\n    def forward(self, x):\n        with torch.cuda.stream(side):\n            y = f(x)\n        return y\n\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = model(x)\n  File \"/app/train.py\", line 12, in forward\n    y = self.side_op(x)\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "H6: two defs named forward: the frame does not say the joining one fails"},
		{"j_answer", "Did you try adding this?\n\n    torch.cuda.current_stream().wait_stream(side)\n\nI have not tried it yet, here is the error:\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "the join under \"Did you try adding this?\" advice"},
		{"j_applied", "side = torch.cuda.Stream()\nwith torch.cuda.stream(side):\n    y = f(x)\ntorch.cuda.current_stream().wait_stream(side)\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 4, "the join after the side stream's block (held before, stays)"},
		{"j_comment", "side = torch.cuda.Stream()\nwith torch.cuda.stream(side):\n    y = f(x)\n# torch.cuda.current_stream().wait_stream(side)\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "the join commented out"},
		{"j_cur_eventwrong", "current.wait_event(torch.cuda.Event())\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "a wait on a fresh torch.cuda.Event(), recorded on no stream, joins nothing"},
		{"j_del", "del torch.cuda.current_stream().wait_stream(side)\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "del of a join expression is no join"},
		{"j_diffminus", "diff --git a/train.py b/train.py\n@@ -20,3 +20,2 @@\n     y = f(x)\n-    torch.cuda.current_stream().wait_stream(side)\n     return y\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "a diff's removed line"},
		{"j_diffplus", "diff --git a/train.py b/train.py\n@@ -20,2 +20,3 @@\n     y = f(x)\n+    torch.cuda.current_stream().wait_stream(side)\n     return y\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "a diff's added line: not read as code that runs (missed, not false)"},
		{"j_docstring", "def helper():\n    \"\"\"\n    torch.cuda.current_stream().wait_stream(side)\n    \"\"\"\n    pass\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "the join in a def's docstring"},
		{"j_fork", "side = torch.cuda.Stream()\nside.wait_stream(torch.cuda.current_stream())\nwith torch.cuda.stream(side):\n    y = f(x)\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "the fork, not the join"},
		{"j_iffalse", "side = torch.cuda.Stream()\nif False:\n    torch.cuda.current_stream().wait_stream(side)\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "H4: the join under if False: never runs"},
		{"j_ifnot", "if not JOIN:\n    pass\nelse:\n    torch.cuda.current_stream().wait_stream(side)\nJOIN = False\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "no fork of side shown above the join: not held"},
		{"j_inside_side", "side = torch.cuda.Stream()\nside.wait_stream(torch.cuda.current_stream())\nwith torch.cuda.stream(side):\n    y = f(x)\n    torch.cuda.current_stream().wait_stream(side)\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "H9: inside side's own block current_stream() is side: a self-wait"},
		{"j_lambda", "join = lambda: torch.cuda.current_stream().wait_stream(side)\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "a lambda that holds the join is not the join run"},
		{"j_main_other_device", "with torch.cuda.device(1):\n    torch.cuda.current_stream().wait_stream(side)\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "under torch.cuda.device(1), current_stream() is device 1's, not the capturing one"},
		{"j_maindevnull", "main_stream.wait_stream(side)\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "no fork of side shown: not held"},
		{"j_mdquote", "> You should join the side stream:\n> torch.cuda.current_stream().wait_stream(side)\n\nThanks, here is what I get now:\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "a quoted advice line"},
		{"j_mdquote2", "> torch.cuda.current_stream().wait_stream(side)\n\nThat did not help:\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "a quoted line with no fork shown: not held"},
		{"j_otherstream", "side = torch.cuda.Stream()\nother = torch.cuda.Stream()\nwith torch.cuda.stream(side):\n    y = f(x)\ntorch.cuda.current_stream().wait_stream(other)\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "H4: the join waits on other, which nothing forks; side stays unjoined"},
		{"j_print", "print(\"torch.cuda.current_stream().wait_stream(side)\")\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "the join inside a print string"},
		{"j_removed_later", "torch.cuda.current_stream().wait_stream(side)   # removed in the version below\n\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "no fork of side shown: not held"},
		{"j_sidefirst", "torch.cuda.current_stream().wait_stream(side)\nside = torch.cuda.Stream()\nwith torch.cuda.stream(side):\n    y = f(x)\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "H4: the join comes before the fork it would join"},
		{"j_strassign", "hint = 'torch.cuda.current_stream().wait_stream(side)'\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "the join in a string assigned"},
		{"j_tripleq", "NOTE = \"\"\"\ntorch.cuda.current_stream().wait_stream(side)\n\"\"\"\nTraceback (most recent call last):\n  File \"/app/train.py\", line 40, in <module>\n    out = step(x)\n  File \"/app/train.py\", line 22, in step\n    with torch.cuda.graph(g):\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, 0, "H4: the join inside a module-level triple-quoted string"},
		{"ms_after_loop", "for x in data:\n    out = model(x)\ntorch.compiler.cudagraph_mark_step_begin()\nTraceback (most recent call last):\n  File \"/app/train.py\", line 30, in <module>\n    print(a + b)\nRuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File \"/app/train.py\", line 10, in forward. To prevent overwriting, clone the tensor outside of torch.compile() or call torch.compiler.cudagraph_mark_step_begin() before each model invocation.\n",
			diagnose.OverwrittenOutput, 3, "the mark after the loop: held as before (where a mark runs in a loop is not read)"},
		{"ms_defined_not_called", "def reset():\n    torch.compiler.cudagraph_mark_step_begin()\n\nfor x in data:\n    out = model(x)\nUnable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n",
			diagnose.TreesPendingBackward, 0, "H4: the mark in a def nothing calls"},
		{"ms_iffalse", "if False:\n    torch.compiler.cudagraph_mark_step_begin()\nout = model(x)\nTraceback (most recent call last):\n  File \"/app/train.py\", line 30, in <module>\n    print(a + b)\nRuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File \"/app/train.py\", line 10, in forward. To prevent overwriting, clone the tensor outside of torch.compile() or call torch.compiler.cudagraph_mark_step_begin() before each model invocation.\n",
			diagnose.OverwrittenOutput, 0, "H4: the mark under if False: never runs"},
		{"nc_config_on", "model = torch.compile(model, mode=\"max-autotune-no-cudagraphs\")\ntorch._inductor.config.triton.cudagraphs = True\nTraceback (most recent call last):\n  File \"/app/train.py\", line 9, in <module>\n    out = model(x)\nRuntimeError: CUDA error: operation not permitted when stream is capturing\n",
			diagnose.StreamCaptureIllegal, 0, "H7: a global triton.cudagraphs = True: the call still captures (its plan says so)"},
		{"nc_env_on", "export TORCHINDUCTOR_CUDAGRAPHS=1\nmodel = torch.compile(model, mode=\"max-autotune-no-cudagraphs\")\nTraceback (most recent call last):\n  File \"/app/train.py\", line 9, in <module>\n    out = model(x)\nRuntimeError: CUDA error: operation not permitted when stream is capturing\n",
			diagnose.StreamCaptureIllegal, 0, "H7: TORCHINDUCTOR_CUDAGRAPHS=1: the call still captures (its plan says so)"},
		{"nc_plain", "model = torch.compile(model, mode=\"max-autotune-no-cudagraphs\")\nTraceback (most recent call last):\n  File \"/app/train.py\", line 9, in <module>\n    out = model(x)\nRuntimeError: CUDA error: operation not permitted when stream is capturing\n",
			diagnose.StreamCaptureIllegal, 1, "the one call has CUDA graphs off (held before, stays)"},
		{"nc_reassigned", "model = torch.compile(model, mode=\"max-autotune-no-cudagraphs\")\nmodel = torch.compile(raw_model, mode=\"reduce-overhead\")\nTraceback (most recent call last):\n  File \"/app/train.py\", line 9, in <module>\n    out = model(x)\nRuntimeError: CUDA error: operation not permitted when stream is capturing\n",
			diagnose.StreamCaptureIllegal, 0, "two calls: the failing one may be reduce-overhead's"},
		{"nc_two_calls", "model = torch.compile(model, mode=\"max-autotune-no-cudagraphs\")\n# earlier: model = torch.compile(model, mode=\"reduce-overhead\")\nTraceback (most recent call last):\n  File \"/app/train.py\", line 9, in <module>\n    out = model(x)\nRuntimeError: CUDA error: operation not permitted when stream is capturing\n",
			diagnose.StreamCaptureIllegal, 0, "a second compile call is named (in a comment): not held, as before"},
		{"nc_unused", "fast = torch.compile(model, mode=\"max-autotune-no-cudagraphs\")\nwith torch.cuda.graph(g):\n    out = model(x)\nTraceback (most recent call last):\n  File \"/app/train.py\", line 9, in <module>\n    out = model(x)\nRuntimeError: CUDA error: operation not permitted when stream is capturing\n",
			diagnose.StreamCaptureIllegal, 1, "the one compile call has CUDA graphs off; the capture that failed is the hand capture, as the other fix says"},
		{"ng_comment_same", "out = model(x)  # with torch.no_grad(): did not help\nUnable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n",
			diagnose.TreesPendingBackward, 0, "torch.no_grad() in a comment"},
		{"ng_dedent", "with torch.no_grad():\n    pass\nout = model(x)\nout = model(x)\nUnable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n",
			diagnose.TreesPendingBackward, 0, "H3: the with block holds only pass; the call is outside it"},
		{"ng_enable_grad_inside", "with torch.no_grad():\n    with torch.enable_grad():\n        out = model(x)\nUnable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n",
			diagnose.TreesPendingBackward, 0, "H3: enable_grad inside the no_grad block turns grad back on around the call"},
		{"ng_enabled_false", "with torch.set_grad_enabled(True), torch.no_grad():\n    out = model(x)\nUnable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n",
			diagnose.TreesPendingBackward, 1, "with set_grad_enabled(True), torch.no_grad(): the last entered turns grad off (held before, stays)"},
		{"ng_other_def", "@torch.no_grad()\ndef evaluate(model, x):\n    return model(x)\n\ndef train_step(x):\n    return model(x)\nUnable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n",
			diagnose.TreesPendingBackward, 0, "train_step calls model outside the decorated def: the failing call may be that one"},
		{"pd_dry", "$ apt-get install --dry-run python3-dev\n/tmp/tmpn8c04nql/main.c:4:10: fatal error: Python.h: No such file or directory\n",
			diagnose.PythonHeadersMissing, 0, "H1: apt-get install --dry-run installs nothing"},
		{"pd_failed", "$ sudo apt-get install python3-dev\nE: Unable to locate package python3-dev\n/tmp/tmpn8c04nql/main.c:4:10: fatal error: Python.h: No such file or directory\n",
			diagnose.PythonHeadersMissing, 0, "H1: E: Unable to locate package: the install failed"},
		{"pd_perm", "$ apt-get install python3-dev\nE: Could not open lock file /var/lib/dpkg/lock-frontend - open (13: Permission denied)\n/tmp/tmpn8c04nql/main.c:4:10: fatal error: Python.h: No such file or directory\n",
			diagnose.PythonHeadersMissing, 0, "H1: E: Could not open lock file (Permission denied): the install failed"},
		{"pd_sim", "$ apt-get install -s python3-dev\n/tmp/tmpn8c04nql/main.c:4:10: fatal error: Python.h: No such file or directory\n",
			diagnose.PythonHeadersMissing, 0, "H1: apt-get install -s simulates"},
		{"pin_comment", "buf = torch.empty(8, pin_memory=False)  # pin_memory=True breaks on WSL\nRuntimeError: Cannot copy between CPU and CUDA tensors during CUDA graph capture unless the CPU tensor is pinned. Please use tensor.pin_memory() or allocate the tensor with pin_memory=True.\n",
			diagnose.CaptureUnpinnedCopy, 0, "H8: pin_memory=False built; pin_memory=True only in the comment"},
		{"q_fenced_mine", "My code:\n```python\nwith torch.no_grad():\n    out = model(x)\n```\nStill prints:\nUnable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n",
			diagnose.TreesPendingBackward, 3, "a fence under \"My code:\" holds the call under no_grad (held before, stays)"},
		{"q_fenced_under_advice", "Try this:\n```python\nwith torch.no_grad():\n    out = model(x)\n```\nIt did not help; same warning:\nUnable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n",
			diagnose.TreesPendingBackward, 0, "a fence under \"Try this:\" is advice"},
		{"q_quoted_advice_applied", "The docs say to call torch.compiler.cudagraph_mark_step_begin() before each step, so my loop is:\n\nfor x in data:\n    torch.compiler.cudagraph_mark_step_begin()\n    out = model(x)\nUnable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n",
			diagnose.TreesPendingBackward, 4, "the mark in the loop the user shows (held before, stays)"},
		{"tr_download", "$ pip download triton\nTraceback (most recent call last):\n  File \"/app/train.py\", line 5, in <module>\n    out = model(x)\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at: https://github.com/triton-lang/triton\n",
			diagnose.TritonMissing, 0, "pip download installs nothing"},
		{"tr_dryrun", "$ pip install --dry-run triton\nTraceback (most recent call last):\n  File \"/app/train.py\", line 5, in <module>\n    out = model(x)\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at: https://github.com/triton-lang/triton\n",
			diagnose.TritonMissing, 0, "pip install --dry-run installs nothing"},
		{"tr_echo", "$ echo pip install triton\nTraceback (most recent call last):\n  File \"/app/train.py\", line 5, in <module>\n    out = model(x)\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at: https://github.com/triton-lang/triton\n",
			diagnose.TritonMissing, 0, "echo prints the command"},
		{"tr_failed", "$ pip install triton\nERROR: Could not find a version that satisfies the requirement triton (from versions: none)\nERROR: No matching distribution found for triton\nTraceback (most recent call last):\n  File \"/app/train.py\", line 5, in <module>\n    out = model(x)\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at: https://github.com/triton-lang/triton\n",
			diagnose.TritonMissing, 0, "H1: pip's ERROR: No matching distribution found: the install failed"},
		{"tr_other_env", "(base) $ pip install triton\nSuccessfully installed triton-3.2.0\n(myenv) $ python train.py\nTraceback (most recent call last):\n  File \"/app/train.py\", line 5, in <module>\n    out = model(x)\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at: https://github.com/triton-lang/triton\n",
			diagnose.TritonMissing, 0, "another environment's prompt"},
		{"tr_otherpkg", "$ pip install triton-windows\nTraceback (most recent call last):\n  File \"/app/train.py\", line 5, in <module>\n    out = model(x)\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at: https://github.com/triton-lang/triton\n",
			diagnose.TritonMissing, 0, "triton-windows is another package"},
		{"tr_uninstall", "$ pip uninstall triton\nSuccessfully uninstalled triton-3.2.0\nTraceback (most recent call last):\n  File \"/app/train.py\", line 5, in <module>\n    out = model(x)\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at: https://github.com/triton-lang/triton\n",
			diagnose.TritonMissing, 0, "an uninstall"},
		{"un_other_shell", "$ unset PYTORCH_NO_CUDA_MEMORY_CACHING\n$ env | grep PYTORCH\nPYTORCH_NO_CUDA_MEMORY_CACHING=1\nRuntimeError: These storage data ptrs are not allocated in pool (0, 1) but should be {139872617431040}\n",
			diagnose.TreesStorageNotInPool, 0, "H2: env's listing shows the variable still set after the unset"},
		{"un_pop_default", "os.environ.pop('PYTORCH_NO_CUDA_MEMORY_CACHING', None)\nimport torch\nos.environ['PYTORCH_NO_CUDA_MEMORY_CACHING'] = '1'\nRuntimeError: These storage data ptrs are not allocated in pool (0, 1) but should be {139872617431040}\n",
			diagnose.TreesStorageNotInPool, 0, "H2: os.environ sets it again after the pop"},
		{"un_reset", "unset PYTORCH_NO_CUDA_MEMORY_CACHING\nexport PYTORCH_NO_CUDA_MEMORY_CACHING=1\npython train.py\nRuntimeError: These storage data ptrs are not allocated in pool (0, 1) but should be {139872617431040}\n",
			diagnose.TreesStorageNotInPool, 0, "H2: export sets it again after the unset"},
	})
}

// TestHeldInEffect checks the siblings of hostile29's held-fix findings (fix brief 31):
// the other words, spellings and places that show an action not in effect (a wrong
// value, a string, a later line that undoes it, an install's error output, code that
// never runs, a self-wait), and the lookalikes that stay held. Each "not held" case
// that the shape matches failed on main; each "held" one is the fix in effect.
func TestHeldInEffect(t *testing.T) {
	const (
		unjoined = "RuntimeError: CUDA error: capturing stream has unjoined work\n"
		pending  = "Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation\n"
		notPool  = "RuntimeError: These storage data ptrs are not allocated in pool (0, 1) but should be {139872617431040}\n"
		noTriton = "RuntimeError: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at: https://github.com/triton-lang/triton\n"
		noHeader = "/tmp/tmpn8c04nql/main.c:4:10: fatal error: Python.h: No such file or directory\n"
		notCapt  = "RuntimeError: Attempting CUDA graph capture of step() for an instance of AdamW but param_groups' capturable is False.\n"
		unpinned = "RuntimeError: Cannot copy between CPU and CUDA tensors during CUDA graph capture unless the CPU tensor is pinned. Please use tensor.pin_memory() or allocate the tensor with pin_memory=True.\n"
		illegal  = "RuntimeError: CUDA error: operation not permitted when stream is capturing\n"
		fork     = "side = torch.cuda.Stream()\nwith torch.cuda.stream(side):\n    y = f(x)\n"
	)
	runHeld(t, []heldCase{
		// H8: the keyword in the call's own arguments, True
		{"capturable-spaced", "opt = torch.optim.Adam(model.parameters(), capturable = True, lr=1e-3)\n" + notCapt,
			diagnose.OptimizerNotCapturable, 1, "held: capturable = True in the constructor's arguments"},
		{"capturable-last-arg", "opt = torch.optim.AdamW(params, capturable=True)\n" + notCapt,
			diagnose.OptimizerNotCapturable, 1, "held: the last argument"},
		{"capturable-variable", "opt = torch.optim.AdamW(params, capturable=use_graphs)  # capturable=True on GPU\n" + notCapt,
			diagnose.OptimizerNotCapturable, 0, "a name's value, True only in the comment"},
		{"capturable-logged", "logger.info('capturable=True set')\n" + notCapt,
			diagnose.OptimizerNotCapturable, 0, "a log call's string"},
		{"pin-ternary", "buf = torch.empty(8, pin_memory=True if pinned else False)\n" + unpinned,
			diagnose.CaptureUnpinnedCopy, 0, "pin_memory=True if … else False is no True shown"},
		{"pin-string", "msg = torch.empty(8, device='cpu', note=\"pin_memory=True\")\n" + unpinned,
			diagnose.CaptureUnpinnedCopy, 0, "pin_memory=True in a string argument"},
		{"pin-method", "host = torch.empty(8).pin_memory()\n" + unpinned,
			diagnose.CaptureUnpinnedCopy, 1, "held: .pin_memory() on the tensor"},
		// H2: set again after it is unset
		{"unset-then-env-prefix", "unset PYTORCH_NO_CUDA_MEMORY_CACHING\nPYTORCH_NO_CUDA_MEMORY_CACHING=1 python train.py\n" + notPool,
			diagnose.TreesStorageNotInPool, 0, "the command line sets it for the run"},
		{"unset-then-dockerfile", "RUN unset PYTORCH_NO_CUDA_MEMORY_CACHING\nENV PYTORCH_NO_CUDA_MEMORY_CACHING=1\n" + notPool,
			diagnose.TreesStorageNotInPool, 0, "a Dockerfile's ENV after it"},
		{"unset-then-setdefault", "os.environ.pop('PYTORCH_NO_CUDA_MEMORY_CACHING', None)\nos.environ.setdefault('PYTORCH_NO_CUDA_MEMORY_CACHING', '1')\n" + notPool,
			diagnose.TreesStorageNotInPool, 0, "setdefault sets it again"},
		{"unset-then-zero", "unset PYTORCH_NO_CUDA_MEMORY_CACHING\nexport PYTORCH_NO_CUDA_MEMORY_CACHING=0\n" + notPool,
			diagnose.TreesStorageNotInPool, 0, "set again, to 0: in doubt, not held"},
		{"set-then-unset", "export PYTORCH_NO_CUDA_MEMORY_CACHING=1\nunset PYTORCH_NO_CUDA_MEMORY_CACHING\npython train.py\n" + notPool,
			diagnose.TreesStorageNotInPool, 2, "held: unset after it was set"},
		{"env-unset-long", "$ env --unset=PYTORCH_NO_CUDA_MEMORY_CACHING python train.py\n" + notPool,
			diagnose.TreesStorageNotInPool, 1, "held (H5): env --unset=NAME"},
		{"unsetenv", "os.unsetenv('PYTORCH_NO_CUDA_MEMORY_CACHING')\n" + notPool,
			diagnose.TreesStorageNotInPool, 1, "held (H5): os.unsetenv removes it from the process's environment"},
		// H1: the install's own error output, a simulation
		{"pip-externally-managed", "$ pip install triton\nerror: externally-managed-environment\n" + noTriton,
			diagnose.TritonMissing, 0, "pip refused to install into the system Python"},
		{"pip-oserror", "$ pip install -U triton\nCollecting triton\nERROR: Could not install packages due to an OSError: [Errno 13] Permission denied\n" + noTriton,
			diagnose.TritonMissing, 0, "pip's OSError"},
		{"pip-success", "$ pip install triton\nCollecting triton\nSuccessfully installed triton-3.2.0\n" + noTriton,
			diagnose.TritonMissing, 1, "held: the install succeeded"},
		{"pip-target", "$ pip install --target /tmp/pkgs triton\n" + noTriton,
			diagnose.TritonMissing, 0, "installed into a directory, not the running Python's site-packages"},
		{"conda-failed", "$ conda install triton\nPackagesNotFoundError: The following packages are not available from current channels:\n" + noTriton,
			diagnose.TritonMissing, 0, "conda found no package"},
		{"conda-dry-run", "$ conda install --dry-run -c conda-forge triton\n" + noTriton,
			diagnose.TritonMissing, 0, "conda's dry run installs nothing"},
		{"apt-simulate-long", "$ sudo apt-get install --simulate python3-dev\n" + noHeader,
			diagnose.PythonHeadersMissing, 0, "apt-get --simulate installs nothing"},
		{"apt-download-only", "$ sudo apt-get install -d python3-dev\n" + noHeader,
			diagnose.PythonHeadersMissing, 0, "apt-get -d downloads only"},
		{"apt-yes", "$ sudo apt-get install -y python3-dev\nSetting up python3-dev (3.10.6-1~22.04) ...\n" + noHeader,
			diagnose.PythonHeadersMissing, 1, "held: -y installs"},
		{"dnf-error", "$ sudo dnf install python3-devel\nError: Unable to find a match: python3-devel\n" + noHeader,
			diagnose.PythonHeadersMissing, 0, "dnf found no package"},
		// H3: the call inside the grad-off scope
		{"no-grad-then-print", "with torch.no_grad():\n    out = model(x)\nprint(out.shape)\n" + pending,
			diagnose.TreesPendingBackward, 1, "held: the call is in the block; print after it is no model call"},
		{"no-grad-then-call", "with torch.no_grad():\n    out = model(x)\nloss = model(y).sum()\n" + pending,
			diagnose.TreesPendingBackward, 0, "the same callee called after the block, with grad on"},
		{"no-grad-set-true-inside", "with torch.no_grad():\n    torch.set_grad_enabled(True)\n    out = model(x)\n" + pending,
			diagnose.TreesPendingBackward, 0, "grad turned back on inside the block"},
		{"no-grad-one-line", "with torch.no_grad(): pass\nout = model(x)\n" + pending,
			diagnose.TreesPendingBackward, 0, "a one-line block that holds no call"},
		{"inference-mode-two-managers", "with torch.autocast('cuda'), torch.inference_mode():\n    out = model(x)\n" + pending,
			diagnose.TreesPendingBackward, 1, "held: inference_mode the second manager"},
		{"set-grad-then-enable", "torch.set_grad_enabled(False)\nout = model(x)\ntorch.set_grad_enabled(True)\n" + pending,
			diagnose.TreesPendingBackward, 0, "grad turned back on after it"},
		// H9/H4: joins that join nothing
		{"join-inside-side-named", fork[:len(fork)-len("    y = f(x)\n")] + "    y = f(x)\n    torch.cuda.current_stream().wait_stream(side)\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 0, "a self-wait inside side's block"},
		{"join-inside-main-block", "main = torch.cuda.current_stream()\n" + fork + "with torch.cuda.stream(main):\n    torch.cuda.current_stream().wait_stream(side)\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 6, "held: inside main's block current_stream() is main"},
		{"join-after-raise", fork + "if bad:\n    raise ValueError(x)\n    torch.cuda.current_stream().wait_stream(side)\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 0, "after raise in its block"},
		{"join-after-block-return", "def f(x):\n    with torch.cuda.stream(side):\n        y = x + 1\n    if y is None:\n        return y\n    torch.cuda.current_stream().wait_stream(side)\n    return y\nout = f(x)\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 6, "held: the return is in the if's block, the join after it at the def's level runs"},
		{"join-while-false", fork + "while False:\n    torch.cuda.current_stream().wait_stream(side)\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 0, "under while False"},
		{"join-single-quotes", "NOTE = '''\n" + fork + "torch.cuda.current_stream().wait_stream(side)\n'''\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 0, "inside a ''' string"},
		{"join-after-string-closed", "NOTE = \"\"\"an example\"\"\"\n" + fork + "torch.cuda.current_stream().wait_stream(side)\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 5, "held: the string closes on its own line"},
		{"join-def-called", fork + "def join():\n    torch.cuda.current_stream().wait_stream(side)\njoin()\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 5, "held: the def is called (the line right after it, which the ring holds when the join is read)"},
		{"join-def-before-fork", "def join():\n    torch.cuda.current_stream().wait_stream(side)\n" + fork + "join()\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 0, "the join's text comes before the fork's: order is read as written, in doubt not held"},
		{"join-def-passed", "def step(x):\n    with torch.cuda.stream(side):\n        y = x + 1\n    torch.cuda.current_stream().wait_stream(side)\n    return y\ng = torch.cuda.make_graphed_callables(step, (x,))\n" + unjoined,
			diagnose.StreamCaptureUnjoined, 4, "held: the def is passed on"},
		{"mark-in-uncalled-def", "def helper():\n    torch.compiler.cudagraph_mark_step_begin()\nfor x in xs:\n    outs.append(model(x))\n" +
			"RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run.\n",
			diagnose.OverwrittenOutput, 0, "the mark in a def nothing calls"},
		// H7
		{"no-cudagraphs-env-prefix", "TORCHINDUCTOR_CUDAGRAPHS=1 python train.py\nmodel = torch.compile(model, mode=\"max-autotune-no-cudagraphs\")\n" + illegal,
			diagnose.StreamCaptureIllegal, 0, "the run sets the environment variable"},
		{"no-cudagraphs-config-false", "torch._inductor.config.triton.cudagraphs = False\nmodel = torch.compile(model, mode=\"max-autotune-no-cudagraphs\")\n" + illegal,
			diagnose.StreamCaptureIllegal, 2, "held: the key is False"},
		{"no-cudagraphs-comment", "model = torch.compile(model)  # mode=\"max-autotune-no-cudagraphs\" next\n" + illegal,
			diagnose.StreamCaptureIllegal, 0, "the mode only in a comment"},
	})
}

// TestHeldModeKept checks hostile29's H7 from the fix's side: where the text's one call
// has mode="max-autotune-no-cudagraphs" and its plan still captures (the program turns
// triton.cudagraphs on), the usual fix, which advises that mode, says the call has it
// and what keeps it capturing, so that it agrees with the plan printed below it.
func TestHeldModeKept(t *testing.T) {
	const (
		call    = "model = torch.compile(model, mode=\"max-autotune-no-cudagraphs\")\n"
		illegal = "RuntimeError: CUDA error: operation not permitted when stream is capturing\n"
		note    = "call has that mode, which leaves triton.cudagraphs as the program sets it"
	)
	tests := []struct {
		name, text string
		want       bool
		reason     string
	}{
		{"config-on", call + "torch._inductor.config.triton.cudagraphs = True\n" + illegal, true, "a global turns it on"},
		{"env-on", "export TORCHINDUCTOR_CUDAGRAPHS=1\n" + call + illegal, true, "the environment turns it on"},
		{"plain", call + illegal, false, "lookalike: held (the other fix), no note"},
		{"two-calls", call + "model = torch.compile(raw, mode=\"reduce-overhead\")\n" + illegal, false, "lookalike: two calls, the failing one unknown"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := diagnose.Read(strings.NewReader(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			f, ok := findingOf(d, diagnose.StreamCaptureIllegal)
			if !ok {
				t.Fatalf("no finding (%s)", tc.reason)
			}
			if got := strings.Contains(f.Fix, note); got != tc.want {
				t.Errorf("fix holds the note: %v, want %v (%s): %q", got, tc.want, tc.reason, f.Fix)
			}
		})
	}
}
