package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// Messages of validations v36a's and v36b's lookalikes and their siblings.
const (
	offsetNeg37    = "Offset increment outside graph capture"
	overNeg37      = "accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run"
	clNeg37        = "RuntimeError: Compiler: cl is not found."
	modeOptsNeg37  = "Either mode or options can be specified, but both can't be specified at the same time."
	uncapturedNeg7 = "This instance was constructed with capturable=True or some of all the param_groups came with capturable=True, " +
		"but step() is running without CUDA graph capture. If you never intend to graph-capture this instance, capturable=True " +
		"can impair performance, and you should set capturable=False."
)

// TestFormsPurpose37: a purpose clause over a message retold or named by its class gives
// no finding: "This suppresses"/"This avoids" a list of quoted warnings (v36a's 57), a
// purpose of finding the failure early ("to surface … early (e.g., TritonMissing)",
// v36a's 08; "to catch … early", "fail fast on"), "errors like" between the verb and the
// quote; in the languages people comment in. A done fix ("This eliminates the …
// warning", holdoutZ's), a run's report and a question stay findings.
func TestFormsPurpose37(t *testing.T) {
	sms := func(line int, m diagnose.Match) form { return form{diagnose.MaxAutotuneGEMMOff, line, m, ""} }
	triton := form{diagnose.TritonMissing, 1, diagnose.Paraphrased, ""}
	checkForms(t, []formTest{
		{"suppresses list: v36a 57", "        # [HARDWARE APPROXIMATION] torch.compile disabled on Windows because\n" +
			"        # Triton (required by torch.compile/inductor backend) is Linux-only.\n" +
			"        # This suppresses the \"triton not found\" and \"Not enough SMs\" warnings.\n" +
			"        if hasattr(torch, 'compile') and os.name != 'nt':\n", form{}, "validation v36a's 57"},
		{"avoids the", "# This avoids the \"Not enough SMs\" warnings.\n", form{}, "This avoids"},
		{"prevents list", "# This prevents the \"triton not found\" and \"Not enough SMs\" warnings.\n", form{}, "This prevents, a list"},
		{"silences", "# This silences the \"Not enough SMs\" warning on small GPUs.\n", form{}, "This silences"},
		{"which mutes", "# set max_autotune_gemm=False, which mutes the `Not enough SMs` warning\n", form{}, "which mutes"},
		{"surface early: v36a 08", "        compiled = torch.compile(model, **compile_kwargs)\n" +
			"        # Force a first execution to surface backend/toolchain issues early (e.g., TritonMissing).\n" +
			"        try:\n", form{}, "validation v36a's 08"},
		{"catch early", "        # Force a first execution to catch TritonMissing early.\n", form{}, "to catch … early"},
		{"catch early: smoke test", "                try:\n                    candidate = torch.compile(_fwht_impl, backend=backend)\n" +
			"                    # Smoke-test with a small tensor to catch TritonMissing early\n" +
			"                    _ = candidate(torch.zeros(2, 2, device=x.device))\n", form{}, "a smoke test's comment (code corpus)"},
		{"fail fast on", "# Run one step now: fail fast on TritonMissing instead of at step 1000.\n", form{}, "fail fast on"},
		{"fail fast when", "# Smoke-test with torch.compile first: fail fast when Triton is missing instead of at step 1000.\n", form{}, "fail fast when, retold"},
		{"errors like", "        # to prevent errors like \"" + offsetNeg37 + "\"\n", form{}, "errors like between the verb and the quote"},
		{"issues such as", "        # Reset the generator to prevent issues such as \"" + offsetNeg37 + "\" in the next capture\n", form{}, "issues such as"},
		{"early: zh", "# 先跑一次，提前暴露 TritonMissing 等问题\n", form{}, "提前暴露"},
		{"early: ja", "# TritonMissing を早期に検出するため、一度実行する\n", form{}, "を早期に検出"},
		{"early: ko", "# TritonMissing 같은 오류를 미리 잡기 위해 한 번 실행\n", form{}, "를 미리 잡"},
		{"early: de", "# Einmal ausführen, um TritonMissing früh zu erkennen.\n", form{}, "früh zu erkennen"},
		// stay findings
		{"report: eliminates", "# Patch is_big_gpu to return True for GB10 (48 SMs < 68 SM threshold)\n" +
			"# This eliminates the \"Not enough SMs to use max_autotune_gemm mode\" warning\n", sms(2, diagnose.Exact), "a done fix (holdoutZ's nanochat dump)"},
		{"report: person", "I got the \"Not enough SMs\" warning on my 3060, and this avoids nothing.\n", sms(1, diagnose.Paraphrased), "a person's run"},
		{"report: how to", "How to suppress the \"Not enough SMs\" warning on a 3060?\n", sms(1, diagnose.Paraphrased), "a question"},
		{"report: caught, past", "We caught TritonMissing early on the Windows box and the run died.\n", triton, "a past"},
		{"report: fails with", "The first step fails with TritonMissing on Windows.\n", triton, "a present that states what happens"},
	})
}

// TestFormsPurposeJoined37: a purpose's verb that ends a comment's line over the quote
// that opens the next (v36b's 62 and 63; the message whole too) gives no finding, as the
// same sentence on one line does; a comment that goes on to state what causes the
// failure (holdoutEL's SAM3 comment), a report and a cause stated over the lines stay
// findings.
func TestFormsPurposeJoined37(t *testing.T) {
	over := func(line int, m diagnose.Match) form { return form{diagnose.OverwrittenOutput, line, m, ""} }
	checkForms(t, []formTest{
		{"prevents: v36b 62", "            # Clone to detach from CUDA graph output buffers — prevents\n" +
			"            # \"overwritten by a subsequent run\" errors when these tensors\n" +
			"            # are consumed by the next compiled step.\n            out = out.clone()\n", form{}, "validation v36b's 62"},
		{"to avoid: v36b 63", "        # Do not persist per-call tensors (sin/cos/inv) across CUDA Graph replays to avoid\n" +
			"        # \"overwritten by a subsequent run\" errors. Any caching of graph outputs on module\n" +
			"        # attributes risks holding stale storages. We recompute lightweight tensors each call.\n", form{}, "validation v36b's 63"},
		{"to avoid: whole", "# Do not persist tensors across replays to avoid\n# \"" + overNeg37 + "\" errors.\n", form{}, "the message whole"},
		{"to prevent: C++", "// Copy the output first to prevent\n// \"" + overNeg37 + "\" errors.\n", form{}, "a C++ comment"},
		{"suppresses: joined", "# Keep a clone of the output: this suppresses\n# \"overwritten by a subsequent run\" errors\n", form{}, "this suppresses"},
		// stay findings
		{"report: cause stated", "            # Disable CUDA graph trees in torch.inductor to avoid\n" +
			"            # \"cudaMallocAsync does not yet support checkPoolLiveAllocations\" error.\n" +
			"            # SAM3 lib internally uses torch.compile with max-autotune for nms_masks,\n" +
			"            # which triggers CUDA graphs that conflict with cudaMallocAsync.\n",
			form{diagnose.AllocatorIncompatible, 2, diagnose.Exact, ""}, "holdoutEL's SAM3 comment: the cause stated"},
		{"report: we got", "# Before the clone we got\n# \"" + overNeg37 + "\" errors.\n", over(2, diagnose.Exact), "a past report over two lines"},
		{"report: no purpose", "# The decode loop reads last step's logits, which raises\n# \"" + overNeg37 + "\" on every step.\n",
			over(2, diagnose.Exact), "a present cause over two lines"},
	})
}

// TestFormsDocClose37: a passage that starts inside a docstring, its closing triple
// quote alone on a line over the function's code, reads that code as code (v36b's 27: a
// raise gives no finding); a docstring opened under a def's header, or a bare opening
// quote over prose, stays a docstring.
func TestFormsDocClose37(t *testing.T) {
	checkForms(t, []formTest{
		{"v36b 27", "    Example:\n\n        opt_train_step = _compile_train_step(train_step, ...)\n    \"\"\"\n" +
			"    _C._log_api_usage_once(\"torch._dynamo.backends.train_step._compile_train_step\")\n\n    import torch._dynamo\n\n" +
			"    if mode is not None and options is not None:\n        raise RuntimeError(\n            \"" + modeOptsNeg37 + "\"\n        )\n",
			form{}, "validation v36b's 27"},
		{"single quotes", "    Returns the step function.\n    '''\n    if mode is not None and options is not None:\n" +
			"        raise RuntimeError(\n            \"" + modeOptsNeg37 + "\"\n        )\n", form{}, "''' closing"},
		// stay findings: a docstring that states the failure
		{"def docstring", "def compile_step(model):\n    \"\"\"\n    Passing mode and options together raised\n" +
			"    RuntimeError: " + modeOptsNeg37 + "\n    \"\"\"\n", form{diagnose.ModeAndOptions, 4, diagnose.Exact, ""}, "a docstring under its def"},
	})
}

// TestFormsCapturable37: PyTorch's opposite warning (capturable=True with no capture, a
// performance warning) gives no finding, logged or in commented-out source (v36b's 29);
// the RuntimeError and its retellings stay optimizer-not-capturable.
func TestFormsCapturable37(t *testing.T) {
	capt := form{diagnose.OptimizerNotCapturable, 1, diagnose.Paraphrased, ""}
	checkForms(t, []formTest{
		{"warning logged", "/usr/lib/python3/dist-packages/torch/optim/optimizer.py:452: UserWarning: " + uncapturedNeg7 + "\n", form{}, "the warning as printed"},
		{"v36b 29", "    #             print(\"Warning: This instance was constructed with capturable=True, but step() \" +\n" +
			"    #                   \"is running without CUDA graph capture. If you never intend to graph-capture this \" +\n" +
			"    #                   \"instance, capturable=True can impair performance, and you should set capturable=False.\")\n" +
			"    #             self._warned_capturable_if_run_uncaptured = True\n", form{}, "validation v36b's 29"},
		// stay findings
		{"retold", "The optimizer was built with capturable=False while capturing a CUDA graph.\n", capt, "the failure retold"},
		{"retold, fix named", "Adam had capturable=False while capturing a CUDA graph, so step() raised; we set capturable=True.\n", capt, "the fix beside it"},
		{"raised", "RuntimeError: Attempting CUDA graph capture of step() for an instance of Adam but param_groups' capturable is False.\n",
			form{diagnose.OptimizerNotCapturable, 1, diagnose.Exact, ""}, "the RuntimeError"},
	})
}

// TestFormsCondWrapped37: a conditional that opens at the end of a comment's line, after a
// sentence, over "this raises:" and the message on the next (v36b's 39), is a
// hypothetical; so are "Without X this raises:", "如果没有 … 会报错：" and "… がインストール
// されていない場合、… エラーになります：" over the message. A person's run and a state
// that holds ("Build Tools are not installed on this runner; the step fails with:") stay
// findings.
func TestFormsCondWrapped37(t *testing.T) {
	cl := func(line int) form { return form{diagnose.CXXCompilerMissing, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"v36b 39", "# requires a local C++ compiler (cl.exe) on Windows. If Build Tools are not\n# installed this raises: " + clNeg37 + "\n" +
			"# We proactively disable torch.compile on Windows unless the user explicitly\n", form{}, "validation v36b's 39"},
		{"if: line start", "# If Build Tools are not\n# installed this raises: " + clNeg37 + "\n", form{}, "the If at the comment's start"},
		{"if missing, fails with", "# Needs MSVC on Windows. If the compiler is\n# missing, this fails with: " + clNeg37 + "\n", form{}, "If X is missing, this fails with"},
		{"without, no comma", "# Needs MSVC on Windows. Without Build Tools\n# this raises: " + clNeg37 + "\n", form{}, "Without X this raises"},
		{"zh", "# Windows 需要 MSVC。如果没有安装 Build Tools，会报错：\n# " + clNeg37 + "\n", form{}, "如果没有 … 会报错："},
		{"ja", "# Windows では MSVC が必要です。Build Tools がインストールされていない場合、次のエラーになります：\n# " + clNeg37 + "\n", form{}, "されていない場合 … エラーになります："},
		// stay findings
		{"report: person", "Windows note: I ran it without Build Tools and\nit failed with: " + clNeg37 + "\n", cl(2), "a person's run"},
		{"report: past", "# On my Windows box Build Tools were not\n# installed and it raised: " + clNeg37 + "\n", cl(2), "a past"},
		{"report: state", "# Build Tools are not installed on this runner; the step fails with:\n# " + clNeg37 + "\n", cl(2), "a state that holds"},
	})
}
