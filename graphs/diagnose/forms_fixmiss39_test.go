package diagnose_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRaiseSite39: cxx-compiler-missing read from an exception named with the one
// PyTorch function that raises it as its site, where the message itself is not pasted: a
// fuzzer's title "InductorError in …/torch/_inductor/cpp_builder.py:check_compiler_exist_windows"
// over a traceback tail with no header and no exception line (ultralytics/ultralytics#25109,
// validate v38b's 08), the same with cpp_compiler_search (whose one raise is
// InvalidCxxCompiler), "RuntimeError raised in check_compiler_exist_windows". Quiet: a
// traceback frame of the function with no raise line, a call or a def in code, a PR diff,
// another function of cpp_builder.py.
func TestFormsRaiseSite39(t *testing.T) {
	win := func(line int) form { return form{diagnose.CXXCompilerMissing, line, diagnose.Paraphrased, ""} }
	tail := "### Traceback (tail)\n\n```\n        ^^^\n        for isa in supported_vec_isa_list\n        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n" +
		"  File \"D:\\a\\ultralytics\\ultralytics\\.venv\\Lib\\site-packages\\torch\\_inductor\\cpu_vec_isa.py\", line 211, in __bool__\n" +
		"    return self.__bool__impl(config.cpp.vec_isa_ok)\n           ~~~~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^\n"
	checkForms(t, []formTest{
		// https://github.com/ultralytics/ultralytics/issues/25109 (title and the traceback's tail as stored)
		{"fuzzer title over a headerless tail", "# yolo predict: InductorError in ultralytics/.venv/Lib/site-packages/torch/_inductor/cpp_builder.py:check_compiler_exist_windows\n\n" +
			"Automated fuzzing found a reproducible failure (confirmed 2/2 runs).\n\n" + tail, win(1), "ultralytics/ultralytics#25109, validate v38b's 08"},
		{"backslash path", "InductorError in C:\\venv\\Lib\\site-packages\\torch\\_inductor\\cpp_builder.py:check_compiler_exist_windows\n" + tail,
			win(1), "a Windows path before the function"},
		{"module path with dots", "torch._inductor.exc.InductorError in torch._inductor.cpp_builder.check_compiler_exist_windows\n",
			win(1), "the module's dotted name"},
		{"raised in, backticks", "Every compile on the runner fails: RuntimeError raised in `check_compiler_exist_windows` before any kernel is built.\n",
			win(1), "a report's words"},
		{"cpp_compiler_search", "InductorError in venv/lib/python3.12/site-packages/torch/_inductor/cpp_builder.py:cpp_compiler_search\n",
			form{diagnose.CXXCompilerMissing, 1, diagnose.Paraphrased, ""}, "cpp_compiler_search's one raise is InvalidCxxCompiler"},
		{"InvalidCxxCompiler from the search", "torch._inductor.exc.InvalidCxxCompiler from cpp_compiler_search on the slim image\n",
			form{diagnose.CXXCompilerMissing, 1, diagnose.Paraphrased, ""}, "the exception named by its class"},
		{"quiet: a frame with no raise line", "  File \"C:\\venv\\Lib\\site-packages\\torch\\_inductor\\cpp_builder.py\", line 135, in check_compiler_exist_windows\n" +
			"    subprocess.check_output([compiler, \"/help\"], stderr=subprocess.STDOUT)\n", form{}, "a frame is no exception"},
		{"quiet: a call in a diff", "+        check_compiler_exist_windows(compiler)\n", form{}, "PR #132533's diff"},
		{"quiet: the def", "@functools.cache\ndef check_compiler_exist_windows(compiler: str) -> None:\n", form{}, "PyTorch's source"},
		{"quiet: another function", "InductorError in torch/_inductor/cpp_builder.py:get_cpp_compiler\n", form{},
			"get_cpp_compiler calls several checks, none its own raise"},
		{"quiet: no exception before", "the check in check_compiler_exist_windows runs cl /help\n", form{}, "the function named in prose"},
	})
}

// TestFormsOverwriteProtection39: overwritten-output retold without its message: the
// trees' check told as a protection that fired ("raised the framework's overwrite
// protection", validate v38b's 26), an output overwritten by a later replay with the
// error after it, "tensor overwritten error". Quiet: another program's overwrite
// protection, the check explained as a rule, a replay's overwrite with no error, no CUDA
// graph or torch.compile in the text, a negation.
func TestFormsOverwriteProtection39(t *testing.T) {
	at := func(line int) form { return form{diagnose.OverwrittenOutput, line, diagnose.Paraphrased, ""} }
	const ctx = "We compile the decoder with torch.compile(mode=\"reduce-overhead\").\n"
	checkForms(t, []formTest{
		{"raised the framework's overwrite protection", ctx + "The second call raised the framework's overwrite protection, since we held on to the output of the first call.\n",
			at(2), "validate v38b's 26 (its text lost; the tester's words)"},
		{"tripped PyTorch's", "With CUDA graphs on, reading the logits after the next step tripped PyTorch's overwrite protection.\n", at(1), "a sibling"},
		{"cudagraph overwrite protection error", "Holding the previous step's loss triggered the cudagraph overwrite protection error.\n", at(1), "a sibling"},
		{"protection fired", ctx + "The overwrite protection fired on step 2.\n", at(2), "the protection as subject"},
		{"overwritten by a subsequent replay, crashed", ctx + "Our cached tensor was overwritten by a subsequent replay and the compiled model crashed.\n",
			at(2), "the replay with the crash after it"},
		{"tensor overwritten error", "We hit a tensor overwritten error after enabling reduce-overhead.\n", at(1), "the error's own words as its name"},
		{"tensor-overwritten error", "torch.compile(mode=\"reduce-overhead\") fails with a tensor-overwritten error when the outputs are kept across steps.\n",
			at(1), "hyphenated"},
		{"quiet: Git's overwrite protection", ctx + "A first restore attempt also correctly hit Git's overwrite protection because a mutation was still present.\n",
			form{}, "the code corpus's review report (find_string \"overwrite protection\")"},
		{"quiet: a rule", ctx + "The overwrite protection in cudagraph trees raises if you access an output after a later run.\n", form{},
			"the check explained, not said to fire"},
		{"quiet: overwritten with no error", ctx + "The static output is overwritten by the next replay, so clone it first.\n", form{}, "a rule, no failure"},
		{"quiet: a hand-made graph", "Our buffers were overwritten by later graph replays and the results crashed the validation.\n", form{},
			"TransformerEngine's own graphs (validate25's negative), no torch.compile"},
		{"quiet: no graphs named", "The second call raised the framework's overwrite protection.\n", form{}, "no CUDA graph or torch.compile in the text"},
		{"quiet: never triggered", ctx + "Since we clone the outputs we never triggered the overwrite protection.\n", form{}, "negated (negatedVerb)"},
	})
}

// TestFormsNPUCapture39: Huawei Ascend NPU's wordings of the capture-forbidden error
// (validate v38b's 02 and 03), read as stream-capture-illegal with the NPU's cause: the
// CANN runtime's texts (hicann/runtime@681ef76 errcode_manage.cc, api_error.cc,
// capture_model_utils.cc, context.cc) after its log prefixes, EE1016's, torch_npu's "NPU
// function error: …, error code is 107027", the ACL error names. Quiet: the runtime's and
// bindings' source that defines or maps them, a bare number with no Ascend stack or
// capture, "stream is captured" in prose, CUDA's and HIP's wording keeps CUDA's cause.
func TestFormsNPUCapture39(t *testing.T) {
	at := func(line int) form { return form{diagnose.StreamCaptureIllegal, line, diagnose.Exact, ""} }
	checkFormsThen(t, []formTest{
		// https://github.com/vllm-project/vllm-ascend/issues/2138 (title)
		{"vllm-ascend#2138 title", "# [Bug]: 0.9.2rc1版本 vllm ascend开启图模式场景下运行qwen3 32b 报错compiler_depend.ts:243 NPU function error: " +
			"c10_npu::acl::AclrtSynchronizeStreamWithTimeout(stream), error code is 107027\n", at(1), "torch_npu's check, the number"},
		// https://github.com/Ascend/pytorch/issues/77 (title)
		{"Ascend/pytorch#77 title", "RuntimeError：RunOpsApiV2:build/CMakeFiles/torch_npu_dir/compile_depend.ts:243 NPU function error:" +
			"c10_npu::acl::AclrtSynchronizeStreamWithTimeOut(stream),error code is 107027\n", at(1), "no space after the comma"},
		{"worker log: EE1016 and reason=stream is captured", "(Worker_TP0) ERROR NPUGraph: capture failed: RuntimeError:\n" +
			"(Worker_TP0) Not_Supported(EE1016): Synchronizing a stream failed.\n    Reason: Stream (stream_id=31) during the capture stage is not supported.\n" +
			"(Worker_TP0) rtStreamSynchronizeWithTimeout execution failed, reason=stream is captured\n", at(3), "a vLLM Ascend worker's lines (code corpus, find_string \"error code is 107027\")"},
		{"not relaxed, ret=107041", "[ERROR] RUNTIME: operation not permitted when a stream is capturing and the specified capture mode is not relaxed, ret=107041\n",
			at(1), "a CANN troubleshooting entry's log (code corpus, find_string \"capture mode is not relaxed\")"},
		{"converted to a synchronous operation", "MemCopy failed. Reason: the operation has been converted to a synchronous operation. " +
			"Operation not permitted when a stream is capturing and the specified capture mode is not relaxed. ErrorCode=EE1016.\n", at(1), "EE1016, BLOCK_ASYNC's text"},
		{"rtMemcpy reason in a docstring", "   the scan forces triton-ascend into a launch path that issues a device\n   ``rtMemcpy``, and the runtime rejects it with\n\n" +
			"       rtMemcpy execution failed, reason=operation not permitted when a\n       stream is capturing and the specified capture mode is not relaxed\n",
			form{diagnose.StreamCaptureIllegal, 4, diagnose.Wrapped, ""}, "a kernel's docstring telling the failure (code corpus), wrapped"},
		// https://github.com/vllm-project/vllm-ascend/issues/6002
		{"older text with ErrCode=107030", "在plog中均存在`MemCopySync:Memory copy sync failed`、`rtMemcpy:ErrCode=107030, desc=[the current capture mode does not support this operation]`。\n",
			at(1), "vllm-project/vllm-ascend#6002 (before hicann/runtime 746be6c)"},
		// https://github.com/vllm-project/vllm-ascend/issues/15536 (title)
		{"Not allow to synchronize captured-stream", "# [Bug]: Qwen3.6-27B在8张300I DUO卡上使用0.23.0RC1-310P镜像进行部署，一直报错Not allow to synchronize captured-stream, stream_id=35.\n",
			at(1), "holdoutEY's open miss"},
		{"capture state, RELAXED mode", "Not_Supported(EE1016): MemCopySync failed. Reason: The current thread 5120 is in the capture state and the current operation cannot be performed. " +
			"Check whether the mode set by the aclmdlRICaptureBegin API supports the current operation.\n", at(1), "capture_model_utils.cc's EE1016"},
		{"another thread captures", "Reason: Other threads of the current context are in the capture state. As a result, the current operation cannot be performed on thread 77.\n",
			at(1), "capture_model_utils.cc's EE1016, the global mode"},
		{"comment: capture raises ACL_ERROR_RT_STREAM_CAPTURED", "    # Synchronizing an NPU stream while it is inside ``torch.npu.graph``\n" +
			"    # capture raises ACL_ERROR_RT_STREAM_CAPTURED (107027).  Graph tests still\n", at(2), "a conftest comment stating the cause (code corpus)"},
		// https://github.com/vllm-project/vllm-ascend/issues/13792
		{"unjoined: capture_end's 107025", "RuntimeError: NPUModelRunner init failed, error is NPUModelRunner failed, error is capture_end:../torch_npu/csrc/core/npu/NPUGraph.cpp:240 " +
			"NPU function error: c10_npu::acl::AclmdlRICaptureEnd(capture_stream_, &model_ri), error code is 107025\n",
			form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "holdoutEY's other open miss: ACL_ERROR_RT_STREAM_UNJOINED"},
		{"unjoined: the runtime's reason", "EE9999: rtStreamEndCapture execution failed, reason=capture model contains a stream that was not joined to the original stream\n",
			form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "errcode_manage.cc's text"},
		{"quiet: the header's define", "#define ACL_ERROR_RT_STREAM_CAPTURED 107027 // stream is captured\n", form{}, "rt_error_codes.h"},
		{"quiet: the runtime's map", "    rtErrMap_[RT_ERROR_STREAM_CAPTURED] = {ACL_ERROR_RT_STREAM_CAPTURED, \"stream is captured\"};\n", form{}, "errcode_manage.cc"},
		{"quiet: a category table", "    107027: ErrorCategory.L3_EXECUTION,# ACL_ERROR_RT_STREAM_CAPTURED\n", form{}, "a Python table of ACL codes"},
		{"returned the name", "aclrtSynchronizeStream returned ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT inside the graph capture\n", at(1), "a call said to return it"},
		{"quiet: a bare number", "Upload failed, error code is 107027\n", form{}, "no Ascend stack, no capture"},
		{"quiet: a bare 107025", "Upload failed, error code is 107025\n", form{}, "no Ascend stack, no capture"},
		{"quiet: the unjoined define", "#define ACL_ERROR_RT_STREAM_UNJOINED 107025 // invalid capture model\n", form{}, "rt_error_codes.h"},
		{"quiet: prose", "Once the stream is captured by the recorder, the video is saved.\n", form{}, "no reason= before it"},
	}, func(t *testing.T, tt formTest, d *diagnose.Diagnosis) {
		if tt.want.Code != "" && len(d.Findings) > 0 && (!strings.Contains(d.Findings[0].Cause, "Ascend") ||
			strings.Contains(d.Findings[0].Cause, "NVIDIA CUDA's code")) {
			t.Errorf("%s: cause %q is not the NPU's alone", tt.name, d.Findings[0].Cause)
		}
	})
}

// TestFormsCUDACaptureCause39: CUDA's and HIP's wording keep CUDA's cause beside the NPU
// rows (the NPU rows name their raiser and win only on their own lines). ROCm's
// hipErrorStreamCaptureUnsupported prints CUDA's text (HIP's hipGetErrorString: "operation
// not permitted when stream is capturing", code corpus) and its name is read by
// captureErrorNames' "ErrorStreamCaptureUnsupported" (rows_more.go).
func TestFormsCUDACaptureCause39(t *testing.T) {
	for _, log := range []string{"RuntimeError: CUDA error: operation not permitted when stream is capturing\n",
		"RuntimeError: HIP error: operation not permitted when stream is capturing\n",
		"torch.cuda.graph capture failed: HIP error: hipErrorStreamCaptureUnsupported\n"} {
		d, err := diagnose.Read(strings.NewReader(log))
		if err != nil || len(d.Findings) == 0 {
			t.Fatalf("Read(%q): %v, %v", log, d, err)
		}
		if f := d.Findings[0]; f.Code != diagnose.StreamCaptureIllegal || strings.Contains(f.Cause, "Ascend") {
			t.Errorf("Read(%q) = %s, %q; want CUDA's cause", log, f.Code, f.Cause)
		}
	}
}
