package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsSearch31: validation v31's false findings on source code that names a
// message to find, filter or compare it (branch fixneg31; the passages, not held in the corpus, are
// held whole here as "v31 neg/NN"), each as a class
// (searchMarks, absent_search.go; concatPiece): a membership test, a search call, a
// name assigned the message, a comparison, the message written as a regular expression,
// a warnings filter in -W's syntax, and a program's advice in a string that implicit
// concatenation goes on with. The lookalikes that stay findings: the comments, prints,
// log lines and tracebacks that tell the message came (v31's positives), a test's
// assertion that it occurs, a plain warnings filter and a test's skip reason (labelled
// the code's by holdoutAR, holdoutDZ, holdoutG1 and holdoutAN), prose, a search
// command's alternation, a notebook's stream line and a diff's line.
func TestFormsSearch31(t *testing.T) {
	t.Parallel()
	at := func(code diagnose.Code, line int, m diagnose.Match) form { return form{code, line, m, ""} }
	const (
		triton = "Cannot find a working triton installation"
		sms    = "Not enough SMs to use max_autotune_gemm mode"
		empty  = "The CUDA Graph is empty"
		mut    = "skipping cudagraphs due to mutated inputs (2 instances)"
	)
	checkForms(t, []formTest{
		// v31's false findings, each passage whole.
		{"v31 neg/01", "            \"the trailing EOFError is only a secondary worker-process error.\"\n        )\n    if \"Cannot find a working triton installation\" in text:\n        return (\n            \"torch.compile tried to use Triton, but no working Triton installation \"\n            \"is available. The model must fall back to eager execution on this system.\"\n", form{}, "v31 neg/01: a membership test, and the advice under it in concatenated strings"},
		{"v31 neg/03", "    with _INDUCTOR_WARN_FILTER_LOCK:\n        if _INDUCTOR_MAX_AUTOTUNE_SMS_FILTERED:\n            return\n\n        needle = \"Not enough SMs to use max_autotune_gemm mode\"\n\n        class _DropInductorSMWarning(logging.Filter):\n            def filter(self, record: logging.LogRecord) -> bool:\n                try:\n                    return needle not in record.getMessage()\n", form{}, "v31 neg/03: a logging filter's needle"},
		{"v31 neg/04", "warnings.filterwarnings(\"ignore\", message=\".*Please use the new API settings.*\")\nwarnings.filterwarnings(\"ignore\", message=\".*does not support bfloat16 compilation natively.*\")\nwarnings.filterwarnings(\"ignore\", message=\".*Not enough SMs to use max_autotune_gemm mode.*\")\n", form{}, "v31 neg/04: warnings.filterwarnings with a pattern"},
		{"v31 neg/05", "@pytest.mark.parametrize(\"missing_cache\", [\"workspace\", \"kernel\"])\n@pytest.mark.filterwarnings(\"ignore:The CUDA Graph is empty:UserWarning\")\ndef test_fused_mix_rejects_cold_capture(fused_inputs, missing_cache):\n    stream = torch.cuda.Stream()\n    stream.wait_stream(torch.cuda.current_stream())\n", form{}, "v31 neg/05: pytest's filterwarnings mark in -W syntax"},
		{"v31 neg/07", "        r\"Dynamo detected a call to a `functools\\.lru_cache`-wrapped function\",\n        r\"Dynamo does not know how to trace the builtin `<unknown module>\\.ArgsKwargs\\.__new__`\",\n        r\"Dynamo does not know how to trace the builtin `transformer_engine_torch\\.PyCapsule\\.fused_rope_forward`\",\n        r\"The CUDA Graph is empty\\.\",\n    ]\n    for pattern in warning_patterns:\n        warnings.filterwarnings(\"ignore\", message=pattern, category=UserWarning)\n", form{}, "v31 neg/07: a list of raw-string patterns"},
		// Siblings: a membership test in a condition.
		{"in: elif lower", "    elif \"" + triton + "\" in out.lower():\n        return 2\n", form{}, "elif, a call on the text"},
		{"in: return", "        return \"" + sms + "\" not in record.getMessage()\n", form{}, "a filter's return"},
		{"in: any", "    if any(\"" + empty + "\" in l for l in lines):\n", form{}, "any( over lines"},
		{"in: assigned", "    found = \"" + empty + "\" in log_text\n", form{}, "a name assigned the test"},
		{"in: and", "    if rc != 0 and \"" + triton + "\" in stderr:\n", form{}, "and"},
		// A search call, in Python, JavaScript, Go, C++ and PowerShell.
		{"call: find", "    if text.find(\"" + triton + "\") >= 0:\n", form{}, "Python's find"},
		{"call: includes", "  if (log.includes(\"" + empty + "\")) { warned = true; }\n", form{}, "JavaScript's includes"},
		{"call: strings.Contains", "\tif strings.Contains(out, \"" + sms + "\") {\n", form{}, "Go's strings.Contains"},
		{"call: C++ find", "  if (msg.find(\"" + empty + "\") != std::string::npos) {\n", form{}, "C++'s find"},
		{"call: Select-String", "Select-String -Path run.log -Pattern \"" + triton + "\"\n", form{}, "PowerShell's Select-String"},
		{"call: -match", "if ($log -match \"" + sms + "\") { exit 1 }\n", form{}, "PowerShell's -match"},
		{"call: startswith", "    if line.startswith(\"" + empty + "\"):\n", form{}, "startswith"},
		// A name assigned the message, a comparison.
		{"assign: constant", "SM_WARNING = \"" + sms + "\"\n", form{}, "a constant"},
		{"compare: ==", "    assert reason == \"" + mut + "\"\n", form{}, "holdoutAV's shape"},
		{"compare: !=", "    if msg != \"" + empty + "\":\n", form{}, "!="},
		// The message written as a regular expression.
		{"regex: raw string", "    r\"" + empty + "\\.\",\n", form{}, "a raw string in a list"},
		{"regex: wildcard after", "    warnings.filterwarnings(\"ignore\", message=\"" + empty + ".*\")\n", form{}, "a trailing wildcard"},
		{"regex: anchor", "IGNORED = [\"^" + sms + "\"]\n", form{}, "an anchor"},
		// A warnings filter in -W's syntax.
		{"-W: ini line", "[pytest]\nfilterwarnings =\n    ignore:" + empty + ":UserWarning\n", form{}, "pytest.ini's filterwarnings"},
		{"-W: option", "python -W \"ignore:" + sms + "\" train.py\n", form{}, "python -W"},
		{"-W: env", "export PYTHONWARNINGS=ignore:" + empty + "\n", form{}, "PYTHONWARNINGS"},
		{"-W: pyproject", "filterwarnings = [\"ignore:" + sms + ":UserWarning\"]\n", form{}, "pyproject.toml's list"},
		// What stays: v31's positives that tell the message came, whole.
		{"v31 pos/09 stays", "        for batch_idx, (data, target) in enumerate(trainer):\n            num_batches += 1\n            # CRITICAL: Mark beginning of each iteration,\n            # otherwise: RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run.\n            # on: self.scaler.scale(loss).backward()\n            torch.compiler.cudagraph_mark_step_begin()\n", at(diagnose.OverwrittenOutput, 4, diagnose.Exact), "v31 pos/09, a comment: otherwise RuntimeError"},
		{"v31 pos/14 stays", "            # capturing a forward pass through this branch (max_query_len>1\n            # path, e.g. MTP=3 decode where max_query_len=4) raises:\n            #   \"Cannot copy between CPU and CUDA tensors during CUDA graph\n            #    capture unless the CPU tensor is pinned.\"\n            # The buffers themselves are CUDA (allocated at line 245-247\n            # with device=device), so the copy_ direction is CPU→CUDA;\n            # pinning the source side satisfies the capture-time constraint.\n", at(diagnose.CaptureUnpinnedCopy, 3, diagnose.Wrapped), "v31 pos/14, a comment: raises"},
		{"v31 pos/16 stays", "#:   roi_align -- but the route is gated on torch.compile, which needs\n#:   inductor, which needs a C++ compiler, and the pinned image has none:\n#:   ``InvalidCxxCompiler``, measured. The substitution is unreachable where\n#:   the runs happen.\n", at(diagnose.CXXCompilerMissing, 3, diagnose.Paraphrased), "v31 pos/16, a comment: measured"},
		{"v31 pos/23 stays", "#   eager                                    7.23 ms/update\n#   torch.compile, whole update, one region  5.07 ms/update   1.43x\n#   torch.compile, per-loss regions          5.94 ms/update   1.18x\n#   mode=\"reduce-overhead\" (CUDA graphs)     unavailable -- inductor reports\n#       \"skipping cudagraphs due to mutated inputs (22 instances)\"; the update mutates BatchNorm\n#       running stats, EmpiricalNormalization buffers and (via normalize_parameters + the Polyak\n#       EMA) the parameters themselves, all of which cudagraph trees refuse to capture.\n", at(diagnose.SkipMutatedInputs, 5, diagnose.Exact), "v31 pos/23, a comment: inductor reports"},
		{"v31 pos/24 stays", "            #torch_compile_mode=\"reduce-overhead\" \n            # This option tries to generate cudagraphs (which are a lot of speedup on top of torch compile). However i get this error:\n            # skipping cudagraphs due to skipping cudagraphs due to cpu device (index_put)\n            # Probably some problem with the model or the cpu that prevents it from being able to compile it into cuda.\n        )\n", at(diagnose.SkipCPUDevice, 3, diagnose.Exact), "v31 pos/24, a comment: i get this error"},
		{"v31 neg/20 quiet", "@unittest.skipIf(IS_WINDOWS, \"Windows not yet supported for torch.compile\")\nclass TestDuplicateDQPass(QuantizationTestCase):\n    # 定义一个测试函数 _test_duplicate_dq，用于测试重复的量化操作\n", form{}, "a test's skip reason: labelled a negative by v31 and holdoutDG, the code's by holdoutG1 and holdoutAN (toldCall) (no finding since a test's expectation is no report: expectMarks, v32c)"},
		{"assert in quiet", "    assert \"" + empty + "\" in out\n", form{}, "a test's assertion that it occurs (holdout4's pt88754) (no finding since a test's expectation is no report: expectMarks, v32c)"},
		{"assertIn quiet", "        self.assertIn(\"" + triton + "\", cl.out)\n", form{}, "presence asserted (absence_test) (no finding since a test's expectation is no report: expectMarks, v32c)"},
		{"plain filter stays", "warnings.filterwarnings(\"ignore\", message=\"" + sms + "\")\n", at(diagnose.MaxAutotuneGEMMOff, 1, diagnose.Exact), "holdoutAR's and holdoutDZ's label: a filter says the warning came"},
		{"print stays", "    print(\"" + triton + "\")\n", at(diagnose.TritonMissing, 1, diagnose.Exact), "a print"},
		{"log line stays", "W0521 21:08:35.966000 199 torch/_inductor/utils.py:1731] " + sms + "\n", at(diagnose.MaxAutotuneGEMMOff, 1, diagnose.Exact), "the logger's output"},
		{"traceback stays", "Traceback (most recent call last):\n  File \"x.py\", line 3, in <module>\nRuntimeError: " + triton + ". Either the package is not installed or it is too old.\n", at(diagnose.TritonMissing, 3, diagnose.Exact), "a run's output"},
		{"prose in logs stays", "- Evidence: \"" + mut + "\" in logs\n", at(diagnose.SkipMutatedInputs, 1, diagnose.Exact), "holdoutZ's notes: prose, no condition"},
		{"notebook stream stays", "    \"W1201 22:10:57.615000 4685 torch/_inductor/utils.py:1558] [0/0] " + sms + "\\n\",\n", at(diagnose.MaxAutotuneGEMMOff, 1, diagnose.Exact), "holdoutAE's notebook"},
		{"diff stays", "+    if \"" + triton + "\" in text:\n", at(diagnose.TritonMissing, 1, diagnose.Exact), "a pull request's added search, about the failure"},
		{"quoted in prose stays", "I got \"" + empty + "\" in the logs after the capture.\n", at(diagnose.CUDAGraphEmpty, 1, diagnose.Exact), "in the logs: prose"},
	})
}
