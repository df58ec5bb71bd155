package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// Messages of validations v34a's and v34b's lookalikes and their siblings.
const (
	win34   = "Windows not yet supported for inductor"
	winTC34 = "Windows not yet supported for torch.compile"
	tls34   = "assert torch._C._is_key_in_tls(attr_name)"
	ctx34   = "CUDA error: invalid device context"
)

// TestFormsSource34: a statement of a Python function's body that a listing shows under
// its def (a raise, a bare assert), a comment on an except clause and a string a return
// statement's bracket holds over lines are the program's source, no run (heldByCode's rows of source_shapes.go:
// ha_neg_zh_annotated_inductor_windows_raise, 19 and 42, hb_neg_code_comment_except_invalid_context and hb_neg_fr_code_windows_not_supported_string). The same statements under a
// traceback frame's header, quoted alone or under their if, and a comment in a def's body
// that records the failure stay findings.
func TestFormsSource34(t *testing.T) {
	py := func(line int) form { return form{diagnose.UnsupportedPython, line, diagnose.Exact, ""} }
	tls := func(line int) form { return form{diagnose.TreesUserThreadTLS, line, diagnose.Exact, ""} }
	ctx := func(line int) form { return form{diagnose.CUDAInvalidContext, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		// A raise in a def's body (ha_neg_zh_annotated_inductor_windows_raise and ha_neg_swimm_doc_inductor_windows_raise).
		{"def raise: v34a 19", "## Inductor Function\n\nIt first checks if the platform is Windows and raises an error if so.\n\n" +
			"```python\ndef inductor(*args, **kwargs):\n    if sys.platform == \"win32\":\n        raise RuntimeError(\"" + win34 + "\")\n\n" +
			"    # do import here to avoid loading inductor into memory when it is not used\n" +
			"    from torch._inductor.compile_fx import compile_fx\n\n    return compile_fx(*args, **kwargs)\n```\n", form{}, "ha_neg_swimm_doc_inductor_windows_raise, a walkthrough"},
		{"def raise: v34a 18 zh", "# `.\\pytorch\\torch\\_dynamo\\backends\\inductor.py`\n\n```\n@register_backend\n" +
			"# 定义名为 inductor 的函数\ndef inductor(*args, **kwargs):\n    # 检查当前操作系统是否为 Windows\n" +
			"    if sys.platform == \"win32\":\n        # 如果是 Windows，则抛出运行时错误并提示不支持\n" +
			"        raise RuntimeError(\"" + win34 + "\")\n```\n", form{}, "ha_neg_zh_annotated_inductor_windows_raise, annotated in Chinese"},
		{"def raise: eval_frame copy", "def check_if_dynamo_supported():\n    if sys.platform == \"win32\":\n" +
			"        raise RuntimeError(\"" + winTC34 + "\")\n    if sys.version_info >= (3, 12):\n        raise RuntimeError(\"Python 3.12+ not yet supported for torch.compile\")\n", form{}, "eval_frame.py's check, unfenced"},
		{"def raise: method", "class Backend:\n    def __call__(self, gm, inputs):\n        if os.name == \"nt\":\n            raise RuntimeError(\"" + winTC34 + "\")\n        return gm\n", form{}, "a method's body"},
		{"report: raise under its frame", "Traceback (most recent call last):\n  File \"D:\\env\\lib\\site-packages\\torch\\_dynamo\\eval_frame.py\", line 375, in check_if_dynamo_supported\n" +
			"    raise RuntimeError(\"" + winTC34 + "\")\nRuntimeError: " + winTC34 + "\n", py(3), "a traceback's frame line (c2_sdxl's shape)"},
		{"report: raise quoted under its if", "PyTorch does not support it on Windows. This is clearly stated here:\n\n```python\n" +
			"if sys.platform == \"win32\":\n        raise RuntimeError(\"" + winTC34 + "\")\n```\n", py(5), "a thread quoting the raise alone under its if (pina683's shape)"},
		// A bare assert in a def's body (ha_neg_musa_graph_trees_source_get_obj).
		{"def assert: v34a 42", "def get_obj(_local: Any, attr_name: str) -> Any:\n    if hasattr(_local, attr_name):\n" +
			"        return getattr(_local, attr_name)\n    " + tls34 + "\n    return torch._C._get_obj_in_tls(attr_name)\n", form{}, "ha_neg_musa_graph_trees_source_get_obj, a port's copy"},
		{"def assert: fenced", "```python\ndef get_obj(_local, attr_name):\n    if hasattr(_local, attr_name):\n        return getattr(_local, attr_name)\n    " + tls34 + "\n```\n", form{}, "a fenced copy"},
		{"report: assert under its frame", "  File \"/usr/lib/python3.11/site-packages/torch/_inductor/cudagraph_trees.py\", line 323, in get_obj\n    " + tls34 + "\nAssertionError\n", tls(2), "a traceback's frame line"},
		// A comment on an except clause (hb_neg_code_comment_except_invalid_context).
		{"except comment: v34b 12", "    def clear(self) -> None:\n        while self.output.qsize() > 0:\n            try:\n" +
			"                self.output.get(block=False)\n            except RuntimeError:  # " + ctx34 + "\n                pass\n", form{}, "hb_neg_code_comment_except_invalid_context"},
		{"except comment: as e, top level", "try:\n    q.get(block=False)\nexcept RuntimeError as e:  # " + ctx34 + "\n    pass\n", form{}, "at the top level, as e"},
		{"report: comment on a call", "def step(self):\n    self.norm(x)  # " + ctx34 + " here on 2 GPUs\n", ctx(2), "a comment on a call in a def records the failure"},
		{"report: comment line in a def", "def step(self):\n    # " + ctx34 + " was raised here when the thread had no context\n    torch.cuda.set_device(0)\n", ctx(2), "a comment line in a def"},
		// A string a return statement's bracket holds (hb_neg_fr_code_windows_not_supported_string).
		{"return tuple: v34b 16", "            except ImportError:\n                return (\n                    False,\n" +
			"                    \"" + winTC34 + " (limitation connue)\",\n                )\n", form{}, "hb_neg_fr_code_windows_not_supported_string"},
		{"return list", "    return [\n        \"" + winTC34 + "\",\n    ]\n", form{}, "a list returned"},
		{"report: a tuple printed", "I printed the result:\n(False, \"" + winTC34 + "\")\n", py(2), "a printed tuple, no return"},
	})
}

// TestFormsErrorCodeDoc34: an error code's documentation (heldByCode's rows of source_shapes.go) gives no
// finding: a table's row with the code's value after its name, the glossary's term with
// its anchor and the definition under a term (HIP's error-code page rendered by pandoc,
// hb_neg_hip_docs_error_table_capture). A run's table that names the code beside what the run did, and
// the code named after a run's message, stay findings.
func TestFormsErrorCodeDoc34(t *testing.T) {
	ill := func(line int) form { return form{diagnose.StreamCaptureIllegal, line, diagnose.Exact, ""} }
	unj := func(line int) form { return form{diagnose.StreamCaptureUnjoined, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"doc: v34b 05 grid table", "| Error Code | Value | Description |\n" +
			"| [[hipErrorStreamCaptureUnsupported]{.xref .std .std-term}](#term-hipErrorStreamCaptureUnsupported){.reference .internal} | [`900`{.docutils .literal .notranslate}]{.pre} | Operation not permitted when stream is capturing |\n" +
			"| [[hipErrorStreamCaptureUnjoined]{.xref .std .std-term}](#term-hipErrorStreamCaptureUnjoined){.reference .internal} | [`904`{.docutils .literal .notranslate}]{.pre} | Capturing stream has unjoined work |\n", form{}, "hb_neg_hip_docs_error_table_capture, the table"},
		{"doc: v34b 05 glossary", "hipErrorStreamCaptureUnsupported[\\#](#term-hipErrorStreamCaptureUnsupported \"Link to this term\"){.headerlink}\n\n" +
			":   Operation not permitted when stream is capturing. This error occurs when attempting to perform an operation that is incompatible with stream capture mode. Common scenarios include:\n\n" +
			"hipErrorStreamCaptureUnjoined[\\#](#term-hipErrorStreamCaptureUnjoined \"Link to this term\"){.headerlink}\n\n" +
			":   Capturing stream has unjoined work. This error occurs when attempting to end a stream capture when there are still pending operations.\n", form{}, "hb_neg_hip_docs_error_table_capture, the glossary"},
		{"doc: markdown table", "| Code | Value | Message |\n|---|---|---|\n| `cudaErrorStreamCaptureUnsupported` | 900 | operation not permitted when stream is capturing |\n", form{}, "a plain markdown table"},
		{"report: a name alone", "cudaErrorStreamCaptureUnjoined\n\n:   capturing stream has unjoined work\n", unj(1), "a name alone on its line stays read (a run may print it), not the definition under it"},
		{"report: run's table", "| # | case | error | state |\n|---|---|---|---|\n| 1 | unjoined fork | `hipErrorStreamCaptureUnjoined` | **Active** |\n", unj(3), "a run's table (holdoutBZ's warp1957 shape)"},
		{"report: message with its code", "RuntimeError: CUDA error: operation not permitted when stream is capturing (cudaErrorStreamCaptureUnsupported)\n", ill(1), "a run's message"},
	})
}
