package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestGemmOffModeFits39: max-autotune-gemm-off where the text shows no max-autotune
// (validation v39b's F6: vLLM's engine logs, a mode-less torch.compile, a QA entry that
// says autotune is off by default, a note that forces is_big_gpu): from 2.6 Inductor asks
// is_big_gpu at every matmul it lowers, before it checks max-autotune, so the cause says a
// compile without max-autotune prints it too and the fix says it is harmless, nothing to
// do (not "reduce-overhead compiles faster", which such a text may already run). A text
// that shows max-autotune in any form (a mode, a key set in code, JSON or YAML, its
// environment variable, prose), a release of 2.1 to 2.5 stated (which print it only under
// max-autotune), 2.0's wording, or Apple's MPS keep their rows' words.
func TestGemmOffModeFits39(t *testing.T) {
	t.Parallel()
	const (
		sms      = "W0530 07:44:27.017000 284 torch/_inductor/utils.py:1731] Not enough SMs to use max_autotune_gemm mode\n"
		plain    = "harmless here, nothing to do: the text shows no max-autotune"
		maWords  = "so its longer compile buys less"
		forced   = "forces is_big_gpu to True"
		vllmHead = "(EngineCore pid=284) INFO [backends.py:548] Dynamo bytecode transform time: 9.1 s\n"
	)
	code := diagnose.MaxAutotuneGEMMOff
	checkFixes(t, []fixCase{
		{"vllm-engine-log", vllmHead + "(EngineCore pid=284) [rank0]:" + sms +
			"(EngineCore pid=284) INFO [backends.py:215] Compiling a graph for compile range (1, 8192) takes 12.34 s\n", code, plain, maWords},
		{"plain-compile", "model = torch.compile(model, dynamic=True)\n" + sms, code, plain, maWords},
		{"reduce-overhead", "model = torch.compile(model, mode=\"reduce-overhead\")\n" + sms, code, plain, "reduce-overhead\" compiles faster"},
		{"qa-zh", "Q: torch.compile 时打印 `Not enough SMs to use max_autotune_gemm mode` 警告？\nA: 无害，autotune 本身默认就是关闭的。\n", code, plain, maWords},
		{"stated-2.9", "PyTorch version: 2.9.1+cu128\n" + sms, code, plain, maWords},
		{"forced-arrow", "the `Not enough SMs to use max_autotune_gemm mode` warning is not cosmetic\n1. force `is_big_gpu` → True before `torch.compile`\n",
			code, forced, maWords},
		{"forced-lambda", "torch._inductor.utils.is_big_gpu = lambda *a, **k: True\n" + sms, code, forced, maWords},
		{"negated-max-autotune", "even without max-autotune it prints:\n" + sms, code, plain, maWords},
		// today's words stay
		{"mode-max-autotune", "model = torch.compile(model, mode=\"max-autotune\")\n" + sms, code, maWords, plain},
		{"max-autotune-no-cudagraphs", "torch.compile(m, mode='max-autotune-no-cudagraphs')\n" + sms, code, maWords, plain},
		{"config-key", "torch._inductor.config.max_autotune = True\n" + sms, code, maWords, plain},
		{"options-dict", "torch.compile(m, options={\"max_autotune\": True})\n" + sms, code, maWords, plain},
		{"env", "TORCHINDUCTOR_MAX_AUTOTUNE=1 python train.py\n" + sms, code, maWords, plain},
		{"gemm-key", "inductor_config.max_autotune_gemm = True\n" + sms, code, maWords, plain},
		{"prose", "With max autotune on, Inductor logs:\n" + sms, code, maWords, plain},
		{"vllm-compile-size", vllmHead + "(EngineCore pid=284) [rank0]:" + sms +
			"(EngineCore pid=284) INFO [backends.py:215] Compiling a graph for shape 8 takes 3.10 s\n", code, maWords, plain},
		{"stated-2.5", "PyTorch version: 2.5.1+cu124\n" + sms, code, maWords, plain},
		{"stated-2.3-lower", "torch==2.3.0\nnot enough SMs to use max_autotune_gemm mode\n", code, maWords, plain},
		{"2.3-glog-lower", "W0709 10:11:47.747786 27996 torch\\_inductor\\utils.py:945] [0/0] not enough SMs to use max_autotune_gemm mode\n", code, maWords, plain},
		{"2.1-logger-lower", "torch._inductor.utils: [WARNING] not enough SMs to use max_autotune_gemm mode\n", code, maWords, plain},
		{"2.0-wording", "not enough cuda cores to use max_autotune mode\n", code, maWords, plain},
		{"mps", "Using MPS\n" + sms, code, "expected on MPS and can be ignored", plain},
	})
}

// TestFormsCommentedOut39: source code commented out line by line, a call that emits the
// message and its string argument both behind comment marks (validation v39b's F1: a
// Cambricon port that patches is_big_gpu and keeps Inductor's body as "#     log.warning("
// over "#         \"Not enough SMs …\","), is code, not a log: no finding, in every comment
// style and for every emitting call (a logger's, warnings.warn, a print, a C++ check).
// A real log line a user quoted behind "#" (one line, or wrapped over two commented lines,
// or under a commented prose line) stays a finding.
func TestFormsCommentedOut39(t *testing.T) {
	const sms = "Not enough SMs to use max_autotune_gemm mode"
	gemm := func(line int, m diagnose.Match) form { return form{diagnose.MaxAutotuneGEMMOff, line, m, ""} }
	checkForms(t, []formTest{
		{"quiet: cambricon patch", "def is_big_gpu(index) -> bool:\n    # Modify by CAMBRICON\n    #     log.warning(\n    #         \"" + sms +
			"\",\n    #         extra={\"min_sms\": min_sms, \"avail_sms\": avail_sms},\n    #     )\n    #     return False\n    return True\n",
			form{}, "v39b's hk_neg_cambricon_mlu_is_big_gpu_patch_commented"},
		{"quiet: perf_hint_log", "        if not safe:\n            #    perf_hint_log.warning(\n            #        \"skipping cudagraphs due to " +
			"mutated inputs (1 instances). Found from :\"\n            #    )\n            pass\n", form{}, "a copied cudagraph_trees.py"},
		{"quiet: semicolon marks", "    ; log.warning(\n    ;     \"" + sms + "\")\n", form{}, "a Lisp- or ini-style comment"},
		{"quiet: commented print", "    # print(\n    #     \"" + sms + "\")\n", form{}, "a print commented out is code too"},
		{"quiet: slashes warn", "// warnings.warn(\n//     \"" + sms + "\"\n// )\n", form{}, "a port's comment"},
		{"quiet: hash, no space", "#log.warning(\n#    \"" + sms + "\")\n", form{}, "marks with no space after them"},
		{"quiet: raise over lines", "    # raise RuntimeError(\n    #     \"Cannot find a working triton installation. Either the package is " +
			"not installed or it is too old.\"\n    # )\n    return None\n", form{}, "a has_triton replacement"},
		{"glog line quoted", "# W1207 12:00:01.000000 123 torch/_inductor/utils.py:1731] " + sms + "\n", gemm(1, diagnose.Exact), "a log quoted in a comment"},
		{"glog line wrapped", "# W1207 12:00:01.000000 123 torch/_inductor/utils.py:1731] Not enough SMs to use\n#   max_autotune_gemm mode\n",
			gemm(1, diagnose.Wrapped), "a wrapped log in comments"},
		{"under commented prose", "# my run printed:\n#   W1207 12:00:01.000000 123 torch/_inductor/utils.py:1731] " + sms + "\n",
			gemm(2, diagnose.Exact), "prose and the log behind marks"},
		{"prose bracket", "# Running train.py (\n#   \"" + sms + "\" shows on every start)\n", gemm(2, diagnose.Exact), "a bracket of prose, no call"},
	})
}

// TestAttrsFits39: 2.6's AttrsDescriptor ImportError (triton-missing) where the text shows
// a vendor's Triton (validation v39b's F7: FlagTree on MetaX; PyTorch's own ROCm and XPU
// builds, pytorch-triton-rocm and pytorch-triton-xpu; triton-windows) gets that vendor's
// build for this torch, not torch's triton pin; where it shows the fix done (2.6's Triton
// pinned and told as the cure, a shim that defines AttrsDescriptor) the fix says so first.
// Advice to pin, and a text that shows neither, keep the rows' fix.
func TestAttrsFits39(t *testing.T) {
	t.Parallel()
	const (
		imp     = "ImportError: cannot import name 'AttrsDescriptor' from 'triton.compiler.compiler'\n"
		frame   = "  File \"/opt/conda/lib/python3.12/site-packages/torch/_inductor/runtime/hints.py\", line 46, in <module>\n"
		pinFix  = "install the Triton release this torch was built with"
		vendor  = "line 1 shows a Triton build other than the triton wheel torch pins"
		already = "already pins the Triton release 2.6 was built with"
	)
	code := diagnose.TritonMissing
	checkFixes(t, []fixCase{
		{"flagtree", "MetaX C500 with FlagTree 0.3\n" + frame + imp, code, vendor + " (\"FlagTree\")", pinFix},
		{"rocm", "pytorch-triton-rocm 3.3.0\n" + frame + imp, code, "the pytorch-triton-rocm version the ROCm torch wheel requires", pinFix},
		{"xpu", "pytorch_triton_xpu-3.3.0 installed\n" + frame + imp, code, "the pytorch-triton-xpu version the XPU torch wheel requires", pinFix},
		{"windows", "triton-windows 3.3.1.post19\n" + frame + imp, code, vendor + " (\"triton-windows\")", pinFix},
		{"pin-comment", frame + imp + "# use torch==2.6.0 and triton==3.2.0 because of: ImportError: cannot import name 'AttrsDescriptor'\n",
			code, "line 3 " + already, pinFix},
		{"pin-fixed-it", frame + imp + "pip install triton==3.2.0 fixed it\n", code, "line 3 " + already, pinFix},
		{"shim", frame + imp + "import triton.compiler.compiler as compiler\nclass AttrsDescriptor:\n    pass\ncompiler.AttrsDescriptor = AttrsDescriptor\n",
			code, "line 4 already adds a shim that defines AttrsDescriptor", "line 4 shows"},
		// the rows' fix stays
		{"advice-pin", frame + imp + "try pip install triton==3.2.0\n", code, pinFix, "already"},
		{"plain", frame + imp, code, pinFix, "other than the triton wheel"},
	})
}
