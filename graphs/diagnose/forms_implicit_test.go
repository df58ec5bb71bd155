package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsImplicit: a catalogue code's failure shown as Python's own exception on its
// path (rows_implicit.go), and the same exception elsewhere, which is not the code's.
func TestFormsImplicit(t *testing.T) {
	const registry20 = "  File \"/usr/lib/python3.10/site-packages/torch/_dynamo/backends/registry.py\", line 59, in lookup_backend\n" +
		"    compiler_fn = _BACKENDS[compiler_fn]\n"
	const nightly = "  File \"/usr/local/lib/python3.8/dist-packages/torch/_dynamo/eval_frame.py\", line 365, in lookup_backend\n" +
		"    compiler_fn = BACKENDS[compiler_fn]\n"
	none := form{}
	tests := []formTest{
		{"2.0 registry frame", "Traceback (most recent call last):\n" + registry20 + "KeyError: 'tensorrt'\n",
			form{diagnose.InvalidBackend, 4, diagnose.Exact, ""}, "2.0.0's lookup_backend indexes _BACKENDS unchecked"},
		{"nightly eval_frame frame", nightly + "KeyError: 'hidet'\n",
			form{diagnose.InvalidBackend, 3, diagnose.Exact, ""}, "the nightlies' lookup_backend lived in eval_frame.py"},
		{"source line alone", "    compiler_fn = _BACKENDS[compiler_fn]\nKeyError: 'ipex'\n",
			form{diagnose.InvalidBackend, 2, diagnose.Exact, ""}, "the source line survives a terminal's wrapping where the frame does not"},
		{"repr", registry20 + "compile failed: KeyError('openvino')\n",
			form{diagnose.InvalidBackend, 3, diagnose.Exact, ""}, "a caught exception's repr"},
		{"entry-point group, pytest", "E       KeyError: 'torch_dynamo_backends'\n",
			form{diagnose.InvalidBackend, 1, diagnose.Exact, ""}, "2.0 on Python 3.8/3.9 indexes entry_points() by the group's name; nothing else of torch looks it up"},
		{"entry-point group, skip reason", "@pytest.mark.skip(reason=\"KeyError: 'torch_dynamo_backends'\")\n",
			form{}, "the KeyError quoted in a skip reason (no finding since a test's expectation is no report: expectMarks, v32c)"},
		{"stated 2.0", "torch 2.0.0\n" + registry20 + "KeyError: 'tvm'\n",
			form{diagnose.InvalidBackend, 4, diagnose.Exact, "2.0"}, "the release read beside it"},
		{"other KeyError", "  File \"/pytorch/torch/testing/_internal/distributed/_tensor/common_dtensor.py\", line 68, in\n" +
			"    PG_BACKEND = dist.Backend.default_device_backend_map[DEVICE_TYPE]\nKeyError: 'openreg'\n",
			none, "a KeyError with no registry frame is not the backend lookup's"},
		{"KeyError beside a compile call", "model = torch.compile(model, backend=\"hidet\")\nKeyError: 'hidet'\n",
			none, "a backend's name in the KeyError without the lookup's frame is not enough"},
		{"group named in prose", "the torch_dynamo_backends entry point group registers a backend\n",
			none, "the group's name without KeyError"},
	}
	checkForms(t, tests)
}

// TestSpanCrop: a message too short to crop in prose ("CUDA Graph is empty" without
// "The") is read in a code span that starts a line or list item, as run notes list what
// the output showed (spanCropRows), and not in quotation marks or mid-sentence.
func TestSpanCrop(t *testing.T) {
	cropped := form{diagnose.CUDAGraphEmpty, 1, diagnose.Truncated, ""}
	tests := []formTest{
		{"bold code span item", "- **`CUDA Graph is empty`** — cudagraphs ne capture rien d'utile.\n", cropped, "holdoutI1's French run log"},
		{"code span line", "`CUDA Graph is empty.` printed on every step\n", cropped, "the span holds the sentence's full stop"},
		{"numbered item", "3. `CUDA Graph is empty…` (torch.cuda.graphs)\n", cropped, "an ellipsis ends the span"},
		{"quoted in prose", "The intent was to avoid capturing an empty CUDA graph (which triggers a \"CUDA Graph is empty\" warning).\n",
			form{}, "holdout2's neg_pt185760"},
		{"code span mid-sentence", "This PR avoids a `CUDA Graph is empty` warning for view-only graphs.\n", form{}, "prose naming the warning"},
		{"plain line", "CUDA Graph is empty\n", form{}, "unmarked, too short to be evidence"},
		{"whole message", "`The CUDA Graph is empty`\n", form{diagnose.CUDAGraphEmpty, 1, diagnose.Exact, ""}, "the literal itself"},
	}
	checkForms(t, tests)
}

// TestLegend: a message in the body of a table whose first column is headed as patterns
// to look for is no finding (legend.go); a table of symptoms seen, a table after the
// legend ends, and the header itself stay evidence.
func TestLegend(t *testing.T) {
	const static = "`Re-recording function=partition_0, reason=static input data pointer changed`"
	rerecord := form{diagnose.TreesStaticInputChanged, 3, diagnose.Exact, ""}
	tests := []formTest{
		{"pattern legend", "| Pattern | Meaning |\n|---|---|\n| " + static + " | a buffer rebind |\n", form{}, "holdoutR's anima_lora legend"},
		{"bold log pattern legend", "| **Log pattern** | What it means |\n| --- | --- |\n| " + static + " | rebind |\n", form{}, "the header's marks removed"},
		{"regex legend", "| Regex | Meaning |\n|---|---|\n| " + static + " | rebind |\n", form{}, "a regex column"},
		{"symptom table", "| Symptom | Cause |\n|---|---|\n| " + static + " | a buffer rebind |\n", rerecord, "a troubleshooting table of failures seen"},
		{"after the legend", "| Pattern | Meaning |\n|---|---|\n" + static + "\n", rerecord, "a line that is not a table row ends the legend"},
		{"legend then log", "| Pattern | Meaning |\n|---|---|\n| `x` | y |\n\nlog:\n" + static + "\n",
			form{diagnose.TreesStaticInputChanged, 6, diagnose.Exact, ""}, "the run's log below a legend"},
		{"pattern in a later column", "| Meaning | Pattern |\n|---|---|\n| " + static + " | x |\n", rerecord, "only the first column's header makes a legend"},
	}
	checkForms(t, tests)
}

// TestPythonBareRetold: "torch.compile is not yet supported" with nothing named after it
// is the Python refusal retold where the text names a Python torch.compile refused
// (pythonBareRetold); a target named after it, "not supported" without "yet", or no
// such Python is not.
func TestPythonBareRetold(t *testing.T) {
	const title = "# [Feature Request]: Support python 3.12 -> Upgrade torch to 2.2\n\n"
	retold := form{diagnose.UnsupportedPython, 3, diagnose.Paraphrased, ""}
	tests := []formTest{
		{"clause after", title + "One caveat is that torch.compile is not yet supported as you can see [here](https://x).\n", retold, "AUTOMATIC1111/stable-diffusion-webui#15270"},
		{"comma", title + "Note that `torch.compile` isn't yet supported, so we pin 2.1.\n", retold, "the call in code quotes"},
		{"sentence end", title + "torch.compile is not yet supported.\n", form{}, "not read: a literal's full stop is optional (rows_more.go)"},
		{"no Python named", "# Upgrade torch\n\nOne caveat is that torch.compile is not yet supported as you can see here.\n", form{}, "nothing says which Python"},
		{"a target named", title + "torch.compile is not yet supported for nested tensors.\n", form{}, "another refusal, not the Python's"},
		{"without yet", "Python 3.14\n\nWe guard for platforms where torch.compile is not supported.\n", form{}, "bitsandbytes#1813, a guard request"},
	}
	checkForms(t, tests)
}

// TestPythonRefusalCut: eval_frame's "Python 3.N+ not yet supported for torch.compile"
// quoted cut before " for torch.compile", a quote mark closing it (evalFrameCutRow).
func TestPythonRefusalCut(t *testing.T) {
	cut := form{diagnose.UnsupportedPython, 1, diagnose.Truncated, ""}
	tests := []formTest{
		{"heading", "**\"torch.export failed: Python 3.12+ not yet supported\"**\n", cut, "holdoutZ's z_snapknow heading"},
		{"code span", "it raised `RuntimeError: Python 3.11+ not yet supported` on 2.0\n", cut, "2.0's bound"},
		{"unclosed", "Python 3.12+ not yet supported by our plugin\n", form{}, "no quote closes it: another project's words"},
		{"no plus", "\"Python 3.12 not yet supported\"\n", form{}, "the refusal's version has its \"+\""},
	}
	checkForms(t, tests)
}

// TestCheckPoolRetold: checkPoolLiveAllocations named as a failure with the async
// allocator configured elsewhere in the text is allocator-incompatible retold; a
// traceback's frame that calls it, or no cudaMallocAsync, is not.
func TestCheckPoolRetold(t *testing.T) {
	const env = "export PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync\n"
	tests := []formTest{
		{"comment", "# Disable CUDA graphs to prevent checkPoolLiveAllocations error\nexport A=1\n" + env,
			form{}, "holdoutX's x_latentsync launch script: a purpose, no failure met (relabelled `-` at holdoutHH's import; purpose_retold.go)"},
		{"fails in", env + "reduce-overhead fails in `checkPoolLiveAllocations` on the first warm-up\n",
			form{diagnose.AllocatorIncompatible, 2, diagnose.Paraphrased, ""}, "the failure before the name"},
		{"frame", env + "  File \"/x/torch/_inductor/cudagraph_trees.py\", line 1, in check_memory_pool\n" +
			"    if torch._C._cuda_checkPoolLiveAllocations(device, pool_id, unaliased):\nRuntimeError: CUDA error: out of memory\n",
			form{}, "a frame's call, another error below it"},
		{"no async allocator", "# Disable CUDA graphs to prevent checkPoolLiveAllocations error\n", form{}, "nothing names the async allocator"},
	}
	checkForms(t, tests)
}

// TestAOTIHeaders: the compiler's missing cuda.h under AOTInductor's runtime headers is
// cuda-headers-missing; a user's own CUDA project is not.
func TestAOTIHeaders(t *testing.T) {
	const msg = "fatal error: cuda.h: No such file or directory\n"
	tests := []formTest{
		{"aoti header", "/usr/local/lib/python3.12/dist-packages/torch/include/torch/csrc/inductor/aoti_runtime/device_utils.h:14:10: " + msg,
			form{diagnose.CUDAHeadersMissing, 1, diagnose.Exact, ""}, "pytorch#150442"},
		{"aoti test", "python test/inductor/test_aot_inductor_package.py\nkernel.cpp:4:10: " + msg,
			form{diagnose.CUDAHeadersMissing, 2, diagnose.Exact, ""}, "AOTInductor named by its test"},
		{"own project", "$ nvcc -o my_kernel my_kernel.cu\nmy_kernel.cu:1:10: " + msg, form{}, "a user's own CUDA build"},
	}
	checkForms(t, tests)
}
