package diagnose

import "testing"

// vllmPartitionExample is the setup vllm-project/vllm#26952 describes (its "Example:" lines),
// which names torch.compile and Inductor's graph partition: the context the nested-capture
// retelling wants.
const vllmPartitionExample = "Example:\n1. We apply torch.compile directly on some ops (e.g., grouped_topk) wrapped in " +
	"custom ops. Inductor graph partition applies cudagraph within the custom op.\n"

// TestNestedCaptureRetold: capture-nested-cudagraphs retold (rows_retold_r16.go), the "want"
// a real sentence that gave nothing before (vllm-project/vllm#26952's description, with its
// example's torch.compile line); the quiet ones are real lookalikes from the search tool's
// code corpus (find_string "nested cudagraph capture", "nested CUDA graphs", "nested CUDA
// graph capture"): purposes, rules, other programs' refusals, overwritten outputs told as
// nested graphs that conflict, and the same sentence with no torch.compile in the log.
func TestNestedCaptureRetold(t *testing.T) {
	t.Parallel()
	tests := []codeCase{
		{"pr-fixes-issue", "# disable graph partition in custom op\n\nThis PR fixes a nested cudagraph capture issue.\n\n" +
			vllmPartitionExample, CaptureNestedCUDAGraphs},
		// the PR's "This leads to nested cudagraph which is not supported" alone is not read (rows_retold_r16.go)
		{"leads-to-not-supported-alone", vllmPartitionExample + "2. At the same time, we compile the model which uses " +
			"these custom ops. Inductor graph partition also wraps each graph partition with CUDAGraph. Some partitions " +
			"may include custom ops, which has already been applied cudagraph. This leads to nested cudagraph which is " +
			"not supported.", ""},
		// quiet
		{"no-compile-in-log", "This PR fixes a nested cudagraph capture issue.", ""},
		{"purpose-avoid", vllmPartitionExample + "This context manager should be wrapped around torch.compile calls " +
			"within custom ops to avoid the nested cudagraph capture.", ""},
		{"purpose-mode-default", "                # When stacking with manual CUDA-graph capture we use\n" +
			"                # mode=\"default\" to avoid nested cudagraph capture; the\n                # outer manual graph " +
			"then wraps the compiled kernels.\n                compile_mode = \"default\" if self.cuda_graph_enabled " +
			"else \"reduce-overhead\"", ""},
		{"imperative-avoid", "# Avoid nested cudagraphs inside torch.compile; we manage graphs manually\ntry:\n" +
			"    import torch._inductor.config as inductor_cfg\n    inductor_cfg.triton.cudagraphs = False", ""},
		{"rule-must-not", "            # Keep Inductor's own CUDA-graph mode off: this runner owns the\n            # outer " +
			"graph and must not capture nested cudagraph trees.  The\n            # shared SGLang helper enables " +
			"coordinate-descent autotuning, which\n            compiled = torch.compile(fn, mode=\"max-autotune\")", ""},
		{"program-raise", "            if torch.cuda.is_current_stream_capturing():\n                raise RuntimeError(\n" +
			"                    \"StockTorchCompileCUDAGraphWrapper attempted a nested cudagraph capture: \"\n" +
			"                    \"the current stream is already capturing. A torch.compile \"", ""},
		{"other-program-refusal", "    with vgraphs.graph(outer):\n        with pytest.raises(RuntimeError, match=\"nested " +
			"CUDA graph capture is not allowed\"):\n            inner.capture_begin()  # torch.compile", ""},
		{"conflict-is-overwritten", "# DISABLED: Module-level compilation to prevent CUDA graph conflicts\n# When the " +
			"entire model is compiled with torch.compile at the training level,\n# compiling individual modules creates " +
			"nested CUDA graphs that conflict during\n# backward pass.", ""},
		{"checklist-rule", "- Stable pointers for every captured tier\n- No nested CUDA graph capture\n- Correct " +
			"current-stream ordering (torch.compile)", ""},
	}
	checkFirstCodes(t, tests)
}

// TestModeOptionsEqualsTogether: "torch.compile refuses mode= and options= together", a
// measured failure in a project's notes (the search tool's code corpus, find_string
// "mode= and options="), the keyword-argument spelling of the retelling "mode and options
// together" (rows_retold.go), whose literal it lacked; a backend's note on the two
// keywords stays quiet.
func TestModeOptionsEqualsTogether(t *testing.T) {
	t.Parallel()
	tests := []codeCase{
		{"refuses-measured", "    # torch.compile REFUSES mode= and options= together (measured on the H100\n    # " +
			"container's torch, 2026-07-15 r3 smoke, rc=1 @323.8s). Express the mode", ModeAndOptions},
		{"guard-docstring", "    \"\"\"$0 wrap-time guard for the 2026-07-15 r3 H100 rc=1 (@323.8s, ~$0.45):\n    " +
			"torch.compile refuses mode= and options= together, and it validates kwargs", ModeAndOptions},
		// quiet
		{"backend-drops-keywords", "# mode= and options= are inductor knobs torch hands to any named backend, drop " +
			"them like torch's own aot_autograd does", ""},
	}
	checkFirstCodes(t, tests)
}

// TestTLSAssertRetoldWider: trees-user-thread-tls retold by an AssertionError in
// cudagraph_trees with a thread before it (tlsFileRetold, rows_retold_h.go), in the forms it
// missed: the module named without ".py" beside "own OS thread" (a video app's comment), and
// the thread up to 80 characters before the assert ("a non-main thread (observed iter 26-27 —
// every async eval crashed with AssertionError in cudagraph_trees.py)", a trainer's comment,
// its lines rewrapped here so that "non-main thread" is on one line: as written, the thread's
// two words are split over the lines two and three above the assert, which no wrapped try
// reaches, left). Both from the search tool's code corpus (find_string "reduce-overhead
// crashes", "AssertionError in cudagraph_trees"), giving nothing before; the quiet ones are
// real lookalikes: the assert with no thread (a capture's buffer copy, small GPUs, a prompt
// change), and a logger's note.
func TestTLSAssertRetoldWider(t *testing.T) {
	t.Parallel()
	tests := []codeCase{
		{"own-os-thread-no-py", "                        # runs the model. Load happens on the main thread but\n" +
			"                        # inference runs inside VideoThread's own OS thread,\n" +
			"                        # so reduce-overhead crashes here (AssertionError in\n" +
			"                        # cudagraph_trees). Default mode compiles/fuses too\n" +
			"                        # but has no such thread affinity.\n                        model = torch.compile(model)",
			TreesUserThreadTLS},
		{"non-main-thread-observed", "  # asserts in get_obj when a compiled forward runs on a non-main thread (observed iter 26-27 — " +
			"every async eval crashed with\n  # AssertionError in cudagraph_trees.py). Eval is one shot per iter\n" +
			"  compiled = torch.compile(model)", TreesUserThreadTLS},
		// quiet
		{"capture-copy-no-thread", "                    # (max-autotune) updates running_mean/running_var *inside*\n" +
			"                    # a CUDA graph. Issuing copy_() on those tensors during\n                    # graph capture " +
			"corrupts the tensor weakref lifecycle and\n                    # raises AssertionError in cudagraph_trees. " +
			"Skipping during\n                    # capture is correct", ""},
		{"small-gpus-no-thread", "    # ═══ torch.compile (PyTorch 2.0+, ~20% speedup) ═══\n    # NOTE: \"reduce-overhead\" mode " +
			"uses CUDA graphs which crash on T4/small GPUs\n    # (AssertionError in cudagraph_trees.py). Use \"default\" " +
			"mode instead.", ""},
		{"prompt-change-no-thread", "#   T1 graphs arm      : + --use-cuda-graphs (torch.compile reduce-overhead). This is " +
			"the\n#                        README number on H100 — WITH ITS CAVEAT: single-prompt only, inductor\n" +
			"#                        cudagraph_trees asserts on a prompt change; measured slower on Thor.", ""},
		{"logger-note", "                        # Surface the type + traceback in the log even when\n" +
			"                        # str(exc) is empty (e.g. cudagraph_trees AssertionError).\n" +
			"                        _perf_log.error(\"inference_forward_failed\", context=\"inference_server\")  # torch.compile", ""},
	}
	checkFirstCodes(t, tests)
}
