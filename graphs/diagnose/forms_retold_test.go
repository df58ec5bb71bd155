package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetold: failures told in people's own words, read as classes (branch recallA):
// each positive failed before its class was read, and each lookalike (a rule, a condition,
// another package's warning, a failure said to be gone) gives no finding.
func TestFormsRetold(t *testing.T) {
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		// triton-missing: Triton said to be absent, with a compile error or in a compile log.
		{"triton: an installation of triton", "Couldn't run inference after using torch.compile() on unet.\nIt couldn't find an installation of triton.\n", para(diagnose.TritonMissing, 2), "pytorch#137689"},
		{"triton: an installation, no compile", "It couldn't find an installation of triton.\n", form{}, "no torch.compile or Inductor in the log"},
		{"triton: error when package not found", "# torch.compile - Simplify error when triton package is not found\n", para(diagnose.TritonMissing, 1), "pytorch#143406's title"},
		{"triton: fails since not installed", "torch.compile fails since triton is not installed\n", para(diagnose.TritonMissing, 1), "a cause after the failure"},
		{"triton: missing after a comma", "torch.compile raises an error, triton is missing\n", para(diagnose.TritonMissing, 1), "missing"},
		{"triton: cause first", "Triton was not installed, so torch.compile failed\n", para(diagnose.TritonMissing, 1), "the cause first"},
		{"triton: bare, in a compile log", "model = torch.compile(model)\ntriton isn't installed\n", para(diagnose.TritonMissing, 2), "the brief's \"triton isn't installed\"; torch.compile on another line"},
		{"triton: a list item", "torch.compile(model)\n- Triton is not installed\n", para(diagnose.TritonMissing, 2), "a list's mark before it"},
		{"triton: a program's print", "model = torch.compile(model)\n        print(\"SKIP: Triton is not installed in this environment.\")\n", form{}, "a program's own string (code corpus)"},
		{"triton: a program's raise", "model = torch.compile(model)\nraise RuntimeError(\"backend='triton' was requested but Triton is not installed\")\n", form{}, "a program's own message (code corpus)"},
		{"triton: a message's line in code", "model = torch.compile(model)\n_RUNTIME_ERROR = RuntimeError(\n    \"Triton is not installed. Install the Triton package or set \"\n", form{}, "a string's first line (code corpus)"},
		{"triton: bare, no compile", "triton isn't installed\n", form{}, "no torch.compile or Inductor in the log"},
		{"triton: a condition", "model = torch.compile(model)\nIf triton is not installed, torch.compile fails.\n", form{}, "a rule: if"},
		{"triton: a condition after the failure", "Compilation fails if triton is not installed.\n", form{}, "a rule: if"},
		{"triton: advice", "Make sure triton is installed, otherwise torch.compile will fail.\n", form{}, "advice"},
		{"triton: flop counter", "torch.compile(model)\ntriton not found; flop counting will not work for triton kernels\n", form{}, "torch's flop-counter warning (holdoutN's zeus notes)"},
		{"triton: module not found title", "# triton module not found\nNo triton module found\n", form{}, "holdoutF2's Pallaidium#41"},
		{"triton: xformers", "torch.compile(model)\nA matching Triton is not available, some optimizations will not be enabled.\n", form{}, "xFormers' warning"},
		// trees-user-thread-tls: the thread-local storage's assert named, with a thread.
		{"tls: assertion from a second thread", "With reduce-overhead I get the TLS assertion when calling from a second thread\n", para(diagnose.TreesUserThreadTLS, 1), "the brief's retold example"},
		{"tls: uninitialized, assert", "torch.compile: That thread's TLS is uninitialized, so every call hits `AssertionError`\n", para(diagnose.TreesUserThreadTLS, 1), "holdoutR's hexo_rl sprint log"},
		{"tls: asserts from a worker thread", "            # Spawning even one worker thread tripped CUDAGraph TLS asserts on cold compile with torch.compile.\n", para(diagnose.TreesUserThreadTLS, 1), "code corpus"},
		{"tls: near miss, then the next message's AssertionError", "model = torch.compile(model, mode=\"reduce-overhead\")\nAssertionError: tXrch._C._is_key_in_tls(attr_name) AssertionError: self.current_node iX not None\n", form{},
			"hostile28's P1: the assert's message garbled, the AssertionError after it heads another message"},
		{"tls: near miss, then an AssertionError's repr", "model = torch.compile(model)\nXorch._C._is_key_in_tls(attr_name) AssertionError('boom')\n", form{}, "an AssertionError( heads its own message"},
		{"tls: the function named with an AssertionError", "model = torch.compile(model)\nthe torch._C._is_key_in_tls(attr_name) AssertionError in every worker thread\n", para(diagnose.TreesUserThreadTLS, 2), "the assertion named as a noun (a sibling that stays)"},
		{"tls: the check's function named", "    This avoids torch._C._is_key_in_tls assertions when generate runs in executor threads.\n", para(diagnose.TreesUserThreadTLS, 1), "code corpus"},
		{"tls: never hit", "    # We want plain eager decoding so we never hit the cudagraph_trees TLS assertion.\n", form{}, "no thread (code corpus)"},
		{"tls: no graphs in the log", "the TLS assertion when calling from a second thread\n", form{}, "TLS may be Transport Layer Security"},
		{"tls: a crash gone", "| TLS crash on Py3.14 (§30) | **Gone** — PT2.11 fixes Py3.14 CUDA thread-local storage with reduce-overhead |\n", form{}, "holdoutR's hexo_rl sprint 116"},
		{"tls: the rule", "reduce-overhead: cudagraph trees keep their state in thread-local storage, so a second thread asserts unless initialised\n", form{}, "a rule, no assert named by TLS"},
		{"threads: second thread", "cudagraph trees assert when the model is called from a second thread\n", para(diagnose.TreesUserThreadTLS, 1), "a thread by its order"},
		{"threads: background thread", "calling the reduce-overhead model from a background thread gives a cudagraph_trees assertion error\n", para(diagnose.TreesUserThreadTLS, 1), "a thread by its role"},
		{"threads: assert between", "reduce-overhead fails from a worker thread with an AssertionError in cudagraph trees\n", para(diagnose.TreesUserThreadTLS, 1), "the assert between the thread and the trees"},
		// Every skip code: the reason quoted as PyTorch's reason string, with CUDA graphs said to
		// be skipped in that sentence or the next (holdoutU's pytorch#176615, routed).
		{"skip reason: fail reason quoted, next sentence", "The FakeScriptObject fails this check, producing fail reason \"non-Tensor inputs\". Then cudagraph_partition_post_compile sees the fail reason and disables cudagraphs.\n", para(diagnose.SkipNonTensorInputs, 1), "pytorch#176615"},
		{"skip reason: lead first", "Inductor disables cudagraphs with the skip reason `mutated inputs` for this graph.\n", para(diagnose.SkipMutatedInputs, 1), "the lead before the reason"},
		{"skip reason: not used", "the partition gets skip reason 'cpu device' and CUDA graphs are NOT used\n", para(diagnose.SkipCPUDevice, 1), "not used"},
		{"skip reason: multiple devices", "fail reason \"multiple devices\", so cudagraphs were skipped for the whole graph\n", para(diagnose.SkipMultipleDevices, 1), "a sibling"},
		{"skip reason: cpp wrapper", "the skip reason was 'cpp wrapper' and cudagraphs got disabled\n", para(diagnose.SkipCPPWrapper, 1), "a sibling"},
		{"skip reason: a heading", "Reasons for skipping CUDAGraph: a graph may be skipped if the reason is \"mutated inputs\".\n", form{}, "a gerund in a heading, and a rule"},
		// capture-rng-state: the RNG state's calls said to be refused or to fail during capture.
		{"rng: not allowed during graph capture", "This is because getting and setting CUDA RNG states is not allowed during graph capture\n", para(diagnose.CaptureRNGState, 1), "flash-attention#165"},
		{"rng: forbids during stream capture", "ROCm forbids `torch.cuda.get_rng_state()` during stream capture. Patch Dynamo to skip it:\n", para(diagnose.CaptureRNGState, 1), "holdoutI1's openpi skill"},
		{"rng: a capture that holds random ops", "dropout inside a CUDA graph uses the RNG state captured at record time\n", form{}, "no refusal"},
		// cxx-compiler-missing: the compiler not found, in a compile log.
		{"cxx: cl.exe not found", "torch.compile fails here.\nThe problem that you have is that the \"cl.exe\" (e.g. MSVC compiler) is not found.\n", para(diagnose.CXXCompilerMissing, 2), "core_zonos#1"},
		{"cxx: cl.exe not on PATH", "`torch.compile` needs a C compiler. Build Tools installs cl.exe but doesn't add it to PATH — users get a cryptic compilation failure\n", para(diagnose.CXXCompilerMissing, 1), "CorridorKey#210"},
		{"cxx: no C++ compiler found", "torch.compile fails because no C++ compiler is found\n", para(diagnose.CXXCompilerMissing, 1), "a sibling"},
		{"cxx: a condition", "torch.compile: If no compiler found: logs a clear message with install link\n", form{}, "CorridorKey#210's plan"},
		{"cxx: on PATH", "torch.compile: CL is on PATH and everything should work.. but it doesnt.\n", form{}, "holdoutI1's ComfyUI-OpenVINO#9"},
		{"cxx: a platform's rule", "torch.compile requires g++. On platforms like Windows, g++ is not available.\n", form{}, "bitsandbytes#1251's rule"},
		{"cxx: no compile in the log", "The problem that you have is that the \"cl.exe\" (e.g. MSVC compiler) is not found.\n", form{}, "no torch.compile or Inductor"},
		// cxx-compiler-missing and gpu-too-old-for-triton told together (holdoutS's Model-Augmentation GPU README).
		{"cxx: lacks MSVC", "**Toolchain.** `inductor` was untestable on the development PC for two independent reasons: Windows lacks MSVC, and …\n", para(diagnose.CXXCompilerMissing, 1), "holdoutS"},
		{"cxx: no MSVC, so it fails", "no MSVC on this box, so torch.compile fails with a CppCompileError\n", para(diagnose.CXXCompilerMissing, 1), "the lack first"},
		{"cxx: without MSVC, eager runs", "On Windows without MSVC you can still run eager mode.\n", form{}, "no failure"},
		{"gpu: capability needed and had", "Triton needs CUDA capability >= 7.0 while the P2000 is 6.1.\n", para(diagnose.GPUTooOldForTriton, 1), "holdoutS"},
		{"gpu: the rule alone", "Triton requires compute capability 7.0 or higher.\n", form{}, "no device below it"},
		{"gpu: too old for torch.compile", "- My GPU is a generation too old for `torch.compile`, so I put it behind a flag\n", para(diagnose.GPUTooOldForTriton, 1), "celoyd/potato#50"},
		{"gpu: a Python too old", "Python 3.7 is too old for torch.compile\n", form{}, "no GPU named"},
		{"gpu: a guard's print", "print(f\"GPU {name} too old for torch.compile, disabling it\")\n", form{}, "a program's own print"},
		// dynamic-shape-rerecord: the graphs made again every batch, the changing shapes named.
		{"shapes: recompiles with dynamic padding", "# torch.compile reduce-overhead: CUDAGraphs recompiles on every batch with dynamic padding (HF training loop)\n", para(diagnose.DynamicShapeRerecord, 1), "pytorch#188150's title"},
		{"shapes: sees different input shapes", "CUDAGraphs sees different input shapes each batch and recompiles:\n", para(diagnose.DynamicShapeRerecord, 1), "pytorch#188150's text"},
		{"shapes: recreated, no cause", "It looks like the CUDA graph is being **recreated every iteration** instead of reusing a captured graph.\n", form{}, "pytorch#171672: no cause named"},
		{"shapes: re-records every step, no cause", "with reduce-overhead it re-records the cudagraph every step\n", form{}, "static inputs that move do the same"},
		// Skips told in agents' notes (the code corpus, find_string "skipped cudagraphs": no
		// address comes with its answers, so no corpus text): the reason in parentheses as
		// PyTorch words it, "for" and the reason, a KV cache's inputs.
		{"skip: reason in parentheses", "That copy was also why Inductor's own `mode=\"reduce-overhead\"` skipped cudagraphs (\"cpu device (cat_100)\") and ran at 2.1 s/call.\n", para(diagnose.SkipCPUDevice, 1), "code corpus"},
		{"skip: bold, reason in parentheses", "- `torch.compile(reduce-overhead)`: recompiles→0 but inductor **skipped cudagraphs** (\"mutated inputs (72 instances)\" — per-layer KV `index_copy_` mutates buffers).\n", para(diagnose.SkipMutatedInputs, 1), "code corpus"},
		{"skip: for the reason", "  - `003 — compile-graph-replay-reduce-overhead NO-IMPROVEMENT: framework skipped cudagraphs for mutated inputs EVERY invocation -> replay never fired`\n", para(diagnose.SkipMutatedInputs, 1), "code corpus"},
		{"skip: mutated KV inputs", "                \"but skipped cudagraphs due to mutated KV inputs and broke identity; \"\n", para(diagnose.SkipMutatedInputs, 1), "code corpus"},
		{"skip: due to in-place mutations", "- Cudagraphs skipped due to `.copy_`/`.add_` mutations — still gets ~5% boost from Inductor\n", para(diagnose.SkipMutatedInputs, 1), "code corpus"},
		{"skip: via a hyphenated reason", "  cudagraphs skipped via mutated-inputs heuristic every invocation; family\n", para(diagnose.SkipMutatedInputs, 1), "code corpus"},
		{"skip: a troubleshooting table's row", "| \"CUDAGraphs skipped\" warning | Operations incompatible with CUDA graph capture | Check for CPU-GPU syncs |\n", form{}, "code corpus: no reason of the catalogue's"},
		{"skip: mutated an input buffer", "faster: Inductor skipped CUDA graphs because the function mutated an input buffer. The compiled request now creates its output.\n", para(diagnose.SkipMutatedInputs, 1), "code corpus"},
		{"skip: can cause skipped CUDA graphs", "because mutated inputs or dynamic buffer resizing can cause graph breaks, skipped CUDA graphs, or recompiles.\n", form{}, "a rule (code corpus)"},
		{"skip: for graphs with, a rule", "cudagraphs are skipped for graphs with mutated inputs\n", form{}, "a rule's words"},
		{"skip: disabled by choice", "- Keep CUDA graphs disabled because Qwen3.5 GDN/Mamba state became stale after in-place weight updates in earlier runs.\n", form{}, "code corpus: no catalogue reason"},
		{"skip: a parenthesis of another reason", "We skipped cudagraphs (the model is GPU-bound anyway).\n", form{}, "no catalogue reason"},
		// Routed from holdoutT (deltaforge's batch notes) and holdoutS (siblings of the README's retellings).
		{"skip: counter and refused for", "`cudagraph_nodes: 0`, `cudagraph_skips: 127`. The candidate was refused for mutated inputs exactly as the reference is\n", para(diagnose.SkipMutatedInputs, 1), "holdoutT"},
		{"cxx: MSVC not installed", "torch.compile fails on Windows: MSVC not installed\n", para(diagnose.CXXCompilerMissing, 1), "routed sibling"},
		{"cxx: cl.exe not found", "torch.compile: cl.exe not found, so inductor fails\n", para(diagnose.CXXCompilerMissing, 1), "routed sibling"},
		{"cxx: cl.exe is missing", "torch.compile crashed; cl.exe is missing\n", para(diagnose.CXXCompilerMissing, 1), "routed sibling"},
		{"gpu: sm_61 not supported by Triton", "torch.compile fails: sm_61 is not supported by Triton\n", para(diagnose.GPUTooOldForTriton, 1), "routed sibling"},
		{"gpu: Triton doesn't support Pascal", "Triton doesn't support Pascal GPUs, so torch.compile fails\n", para(diagnose.GPUTooOldForTriton, 1), "routed sibling"},
		{"gpu: a newer arch", "PyTorch 2.0 nightly: `compile` does not support capabilities sm_89 (RTX 4090 and others)\n", form{Torch: "2.0"}, "holdoutT's pt95082: above 7.0, no finding (its release read)"},
		{"gpu: Triton doesn't support sm_90 yet", "Triton doesn't support sm_90 yet\n", form{}, "above 7.0"},
		// overwritten-output: stale cudagraph outputs with a crash (code corpus).
		{"overwritten: stale outputs crash", "# Cudagraphs stay disabled: with DDP graph splitting they crash on the second step (stale cudagraph outputs).\n", para(diagnose.OverwrittenOutput, 1), "code corpus"},
		{"overwritten: can be overwritten", "        # Compiled CUDAGraph outputs can be overwritten by later compiled invocations; latent memory is kept.\n", form{}, "a rule with a modal (code corpus)"},
		{"overwritten: a link's title", "[3]: https://github.com/pytorch/pytorch/issues/144961 \"CUDAGraph outputs will be overwritten by a subsequent ...\"\n", form{}, "a rule's title"},
		// unsupported-python: the Python first, Dynamo's refusal after it (code corpus).
		{"python: where Dynamo is not supported", "# Work around ModernBERT's use of torch.compile on Python 3.12 with torch 2.3 where Dynamo is not supported and raises at import time.\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, "2.3"}, "code corpus"},
		// trees-static-input-changed retold only where torch.compile's CUDA graphs show (code corpus).
		{"static input: a hand capture's own check", "            raise CUDAGraphValidationError(\"ORBv3 CUDA Graph static input address changed\")\n", form{}, "code corpus: a hand-written CUDA graph"},
		{"static input: a hand capture's assert", "    if static_input.data_ptr() != input_pointer:\n        raise AssertionError(\n            \"Static input address changed\"\n", form{}, "code corpus: torch.cuda.graph by hand"},
		{"static input: with cudagraph trees", "CUDAGraph Trees re-record every step because the static input's address changed\n", para(diagnose.TreesStaticInputChanged, 1), "the context on the line"},
		// mode-and-options: both used or passed (an agent's log, code corpus).
		{"mode and options: can't use both", "47. I need to fix the torch.compile call - can't use both mode and options:\n", para(diagnose.ModeAndOptions, 1), "code corpus"},
		// capture-default-stream: the refusal retold after an error's name (code corpus).
		{"default stream: an error retold", "RuntimeError: CUDA Graph does not support capture on the default stream.\n", para(diagnose.CaptureDefaultStream, 1), "a write-up (code corpus)"},
		{"default stream: a rule", "of launches as a CUDA Graph. CUDA cannot capture on the default stream, so passing None takes the other path.\n", form{}, "a rule (code corpus)"},
		{"default stream: another library's message", "      \"CUDA Graph capture on the default stream is not allowed. Please create a non-default CUDA stream.\";\n", form{}, "vibetensor's test (code corpus)"},
		// An exception's class name in code that imports or catches it (code corpus).
		{"class name: imported", "    from torch._inductor.exc import TritonMissing  # type: ignore\n", form{}, "an import raised nothing"},
		{"class name: caught", "    except TritonMissing:\n", form{}, "a handler raised nothing"},
		{"class name: a report", "As a result, `torch.compile` (Inductor) on CUDA fails with `TritonMissing`, which I reproduced.\n", para(diagnose.TritonMissing, 1), "code corpus"},
		{"skip reason: a modal", "the fail reason \"non-Tensor inputs\" means cudagraphs will be skipped\n", form{}, "a rule: will be skipped"},
	})
}
