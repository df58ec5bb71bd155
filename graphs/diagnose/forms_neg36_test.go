package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// Messages of validations v35a's and v35b's lookalikes and their siblings.
const (
	nestNeg36     = "Cannot prepare for replay during capturing stage"
	offsetNeg36   = "Offset increment outside graph capture encountered unexpectedly"
	illegalNeg36  = "operation not permitted when stream is capturing"
	unjoinedNeg36 = "capturing stream has unjoined work"
	keyNeg36      = "ImportError: cannot import name 'triton_key' from 'triton.compiler.compiler'"
	py314n36      = "torch.compile is not supported on Python 3.14+"
	dyn313n36     = "Dynamo is not supported on Python 3.13+"
)

// TestFormsPredict36: a comment's counterfactual ("would … raise", the quote on the
// line below: v35a's 17) and its prediction ("will throw" over the quote, the guard
// under it: v35a's 37) give no finding, in the languages people comment in; a past, a
// person's run ("I ran it and it will fail with …") and the reporter's code ("the code
// above will throw") stay findings.
func TestFormsPredict36(t *testing.T) {
	nest := func(line int) form { return form{diagnose.CaptureNestedCUDAGraphs, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"would: v35a 17", "    #    \"cudagraph_trees\" frames in the trace. Manually wrapping ANOTHER\n    #    torch.cuda.graph() here would nest graphs and raise\n" +
			"    #    \"" + nestNeg36 + "\". So we rely on the\n    #    compiler's built-in CUDA-graph fusion and do NOT capture by hand.\n    if args.use_cudagraph:\n", form{}, "validation v35a's 17"},
		{"would: then throw", "# wrapping it again would nest the graphs and then throw \"" + nestNeg36 + "\"\n", form{}, "and then throw"},
		{"would: trigger", "# calling .item() inside the capture would trigger \"" + illegalNeg36 + "\"\n", form{}, "would trigger"},
		{"would: fail with", "# a second capture here would fail with\n# \"" + unjoinedNeg36 + "\"\n", form{}, "would fail with, the quote below"},
		{"would: de", "# Ein weiteres torch.cuda.graph() hier würde die Graphen verschachteln und \"" + nestNeg36 + "\" auslösen.\n", form{}, "würde … auslösen"},
		{"would: fr", "# Un second torch.cuda.graph() ici lèverait « " + nestNeg36 + " ».\n", form{}, "lèverait"},
		{"would: es", "# Otro torch.cuda.graph() aquí provocaría \"" + nestNeg36 + "\".\n", form{}, "provocaría"},
		{"would: ru", "# Второй torch.cuda.graph() здесь вызвал бы ошибку \"" + nestNeg36 + "\".\n", form{}, "вызвал бы"},
		{"would: zh", "# 不要在捕获中调用 .item()，否则会报 \"" + illegalNeg36 + "\"\n", form{}, "否则会报"},
		{"would: ja", "# ここで torch.cuda.graph() を重ねると「" + nestNeg36 + "」が発生してしまうため、手動キャプチャはしない\n", form{}, "が発生してしまうため"},
		{"would: ko", "# 여기서 torch.cuda.graph()를 다시 감싸면 \"" + nestNeg36 + "\" 오류가 발생할 것입니다.\n", form{}, "발생할 것입니다"},
		{"will: v35a 37", "    # Never dump from inside a CUDA graph capture: the .cpu().clone() copies\n    # we do are not allowed during stream capture and will throw\n" +
			"    # \"" + offsetNeg36 + "\".\n    if torch.cuda.is_available() and torch.cuda.is_current_stream_capturing():\n        return False\n", form{}, "validation v35a's 37"},
		{"will: raise", "# calling .item() here will raise \"" + illegalNeg36 + "\"\n", form{}, "will raise"},
		{"will: fail with", "// a sync inside the capture will fail with \"" + illegalNeg36 + "\"\n", form{}, "will fail with, a C++ comment"},
		{"will: error out with", "# capture_end will error out with \"" + unjoinedNeg36 + "\" unless the side stream is joined\n", form{}, "will error out with"},
		{"otherwise: raises", "# join the side stream first. Otherwise torch raises \"" + unjoinedNeg36 + "\" at capture end.\n", form{}, "otherwise … raises"},
		// stay findings
		{"report: past", "Wrapping it again nested the graphs and raised \"" + nestNeg36 + "\".\n", nest(1), "a past"},
		{"report: would, person", "I wrapped it in torch.cuda.graph() and it would nest graphs and raise \"" + nestNeg36 + "\" every time\n", nest(1), "a person's run, a habitual would"},
		{"report: de past", "Ein zweites torch.cuda.graph() hat \"" + nestNeg36 + "\" ausgelöst.\n", nest(1), "a German past"},
		{"report: will, person", "I ran it and it will fail with \"" + unjoinedNeg36 + "\" every time\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "a person's run"},
		{"report: will, own code", "Running the code above will throw \"" + unjoinedNeg36 + "\"\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "the reporter's code"},
		{"report: raises, my machine", "On my machine torch raises \"" + unjoinedNeg36 + "\" at capture end.\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "a present that states what happens"},
	})
}

// TestFormsPurpose36: a purpose clause over the message gives no finding: "prevents"
// and its kin before a quote cut short (v35a's 36), a purpose whose object raises it
// ("Required to avoid … raising \"…\"", the quote wrapped: v35a's 41), a purpose on
// the comment line above the message alone in parentheses (v35b's 29); in the
// languages people comment in. A message met and a comment that goes on to state the
// cause after "to avoid" (el_comfyui_sam31_nodes_disable_cudagraph_trees_cudamallocasync_checkpool)
// stay findings.
func TestFormsPurpose36(t *testing.T) {
	checkForms(t, []formTest{
		{"prevents: v35a 36", "    # CRITICAL: Sync CUDA and clear any graph capture state before generation\n    # This prevents \"Offset increment outside graph capture\" errors when\n" +
			"    # torch.compile with CUDA graphs was used for training\n    if device.type == \"cuda\":\n        torch.cuda.synchronize()\n", form{}, "validation v35a's 36"},
		{"prevents: imperative", "# Prevent \"Offset increment outside graph capture\" errors on the next request\n", form{}, "Prevent"},
		{"prevents: stops", "# this stops \"" + illegalNeg36 + "\" errors during warm-up\n", form{}, "stops"},
		{"prevents: guards against", "# guards against \"" + illegalNeg36 + "\" when a sync sneaks in\n", form{}, "guards against"},
		{"avoid: v35a 41", "def _warmup_body(body_compiled, params):\n    \"\"\"Pre-compile the body outside any STF / CUDA graph capture.\n\n" +
			"    Required to avoid Dynamo's first-call RNG snapshot firing during\n    capture and raising \"Cannot call CUDAGeneratorImpl::current_seed\n    during CUDA graph capture\".\n\n" +
			"    IMPORTANT: The warmup call must match the production call.\n    \"\"\"\n", form{}, "validation v35a's 41"},
		{"avoid: needed, hitting", "# needed to avoid the capture hitting \"" + illegalNeg36 + "\"\n", form{}, "needed to avoid … hitting"},
		{"avoid: in order to", "# in order to avoid the replay raising \"" + unjoinedNeg36 + "\" we join first\n", form{}, "in order to avoid … raising"},
		{"avoid: so we don't hit", "torch.cuda.synchronize()  # sync first so we don't hit \"" + illegalNeg36 + "\"\n", form{}, "so we don't hit"},
		{"avoid: so that doesn't", "# join here so that the capture doesn't fail with \"" + unjoinedNeg36 + "\"\n", form{}, "so that … doesn't fail with"},
		{"avoid: zh", "# 为了避免在捕获期间触发 \"" + illegalNeg36 + "\"，先同步\n", form{}, "为了避免 … 触发"},
		{"avoid: ja", "# 「" + illegalNeg36 + "」が発生するのを回避するため、先に同期する\n", form{}, "が発生するのを回避"},
		{"avoid: ko", "# \"" + illegalNeg36 + "\" 오류가 발생하는 것을 방지하기 위해 먼저 동기화합니다\n", form{}, "발생하는 것을 방지"},
		{"parenthesised: v35b 29", "# Safeguard 1: disable torch.compile to avoid triton version incompatibility\n# (" + keyNeg36 + ")\n" +
			"# Must be set BEFORE importing wedlm modules that use @torch.compile.\nos.environ[\"TORCH_COMPILE_DISABLE\"] = \"1\"\n", form{}, "validation v35b's 29"},
		{"parenthesised: prevent", "# to prevent a capture failure\n# (RuntimeError: CUDA error: " + illegalNeg36 + ")\n", form{}, "to prevent, the class and the message in parentheses"},
		// stay findings
		{"report: hit, then the fix", "# We added the sync because we hit \"Offset increment outside graph capture\" errors when training\n", form{diagnose.TreesConcurrentCallers, 1, diagnose.Truncated, ""}, "a report"},
		{"report: avoid, cause stated", "# Disable CUDA graph trees in torch.inductor to avoid\n# \"cudaMallocAsync does not yet support checkPoolLiveAllocations\" error.\n" +
			"# SAM3 lib internally uses torch.compile with max-autotune for nms_masks,\n# which triggers CUDA graphs that conflict with cudaMallocAsync.\n",
			form{diagnose.AllocatorIncompatible, 2, diagnose.Exact, ""}, "el_comfyui_sam31_nodes_disable_cudagraph_trees_cudamallocasync_checkpool"},
		{"report: parenthesised failure", "# torch.compile failed on this box\n# (" + keyNeg36 + ")\n", form{diagnose.TritonMissing, 2, diagnose.Exact, ""}, "a failure, no purpose"},
	})
}

// TestFormsCatch36: a message on a catch site is code that holds it: an except
// clause's comment ("e.g." or not, on its line or a comment line under it: v35b's 05
// and 36), a C++ or JavaScript catch's, a Ruby rescue's. A skip list's comment of a
// run's line and a comment under an except clause that tells the failure in words stay
// findings (TestFormsGuard35, TestFormsRetoldV24C).
func TestFormsCatch36(t *testing.T) {
	checkForms(t, []formTest{
		{"except: v35b 05", "    try:\n        compiled = torch.compile(model)\n    except RuntimeError as e:  # e.g. \"" + py314n36 + "\"\n" +
			"        print(f\"skipping compiled-module test: {e}\")\n        return\n", form{}, "validation v35b's 05"},
		{"except: v35b 36", "        try:\n            torch.compile(fn, backend=\"eager\")(torch.zeros(2))\n        except RuntimeError as e:  # e.g. \"" + dyn313n36 + "\"\n" +
			"            pytest.skip(f\"no Dynamo here: {e}\")\n", form{}, "validation v35b's 36 (its release: the release reader's)"},
		{"except: no e.g.", "    except RuntimeError as e:  # \"" + py314n36 + "\"\n        pytest.skip(str(e))\n", form{}, "a quote alone"},
		{"except: next line", "    except RuntimeError as e:\n        # e.g. \"" + py314n36 + "\"\n        print(f\"skipping: {e}\")\n", form{}, "the comment line under the clause"},
		{"except: next line, quoted", "    except RuntimeError as e:\n        # raised as \"" + py314n36 + "\" on new Pythons\n        return None\n", form{}, "a quote under the clause"},
		{"catch: C++", "  } catch (const c10::Error& e) {  // e.g. \"" + illegalNeg36 + "\"\n    return false;\n  }\n", form{}, "a C++ catch"},
		{"catch: JS", "} catch (err) { // \"" + illegalNeg36 + "\"\n  return null;\n}\n", form{}, "a JavaScript catch"},
		{"rescue: Ruby", "rescue RuntimeError => e # \"" + py314n36 + "\"\n  skip\n", form{}, "a Ruby rescue"},
	})
}

// TestFormsTLS36: trees-user-thread-tls told as a comment's statement of the pattern that
// causes it ("if … calls land on different threads, torch asserts
// `_is_key_in_tls(attr_name)` and crashes": v35a's 30, the assert's expression without
// "assert torch._C."), with a thread in the sentence; the expression with no thread and
// a counterfactual assert give no finding.
func TestFormsTLS36(t *testing.T) {
	tls := func(line int) form { return form{diagnose.TreesUserThreadTLS, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		{"asserts: v35a 30", "# Dedicated single-worker pool so every model call hits the SAME OS thread.\n# VoxCPM2 uses torch._inductor.cudagraph_trees which stores per-thread TLS\n" +
			"# state; if consecutive generate_streaming/next() calls land on different\n# threads, torch asserts `_is_key_in_tls(attr_name)` and crashes.\n" +
			"_INFERENCE_EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix=\"voxcpm-infer\")\n", tls(4), "validation v35a's 30"},
		{"asserts: thread after", "# torch asserts `torch._C._is_key_in_tls(attr_name)` when a second thread calls the compiled model\n", tls(1), "the thread after the expression"},
		{"asserts: no thread", "# get_obj asserts `_is_key_in_tls(attr_name)` before it returns the container\n", form{}, "what the function does, no thread"},
		{"asserts: would", "# if calls land on different threads, torch would assert `_is_key_in_tls(attr_name)`\n", form{}, "a counterfactual"},
	})
}
