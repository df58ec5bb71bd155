package diagnose

import (
	"bytes"
	"strings"
	"testing"
)

// shapeNames name codeShapes, in its order, for TestHeldByCode's cases.
var shapeNames = []string{"construct", "returned or mapped", "definition", "config key", "case label", "constant",
	"entry key", "define", "compared right", "compared left", "cut in a call", "def raise", "def statement", "except comment", "return bracket",
	"code table row", "code term", "code term's definition", "guarded", "guard comment", "commented call"}

// TestHeldByCode: one case or more of each of codeShapes (the shapes of the code that
// builds a message, holds it in a name or names its error code, of a message cut inside
// a call's string pieces, of a def's statement, an except clause's comment, a return's
// bracket and an error code's documentation: source_shapes.go), each from the texts the
// shapes were read from (ga_neg_test_fixture_uncapturable and
// ga_neg_hip_error_string_switch, gb_neg_test_capture_invalidated_refused_concat_string,
// holdoutDF, holdoutFD, prec15, holdoutHA's and holdoutHB's) or a sibling in another
// language; and near misses that no shape holds (a log's line, prose, logfmt, a log's
// level before a quote, a diff's line, a fenced block's construction) or that a shape
// holds on a line that is no source code (a traceback frame's failing line: gate). Each
// text's last line holds "«" where the row's words or the code's name start (the row's
// literal the rest of the line): the first of codeShapes that holds it there, with the
// two lines above, in a def where the case says so and in a fence where the text opens
// one, must be the case's shape, and Read must give no finding (a shape) or want (a near
// miss).
func TestHeldByCode(t *testing.T) {
	t.Parallel()
	const (
		perm   = "operation not permitted when stream is capturing"
		unjoin = "capturing stream has unjoined work"
		sms    = "Not enough SMs to use max_autotune_gemm mode"
		offset = "Offset increment outside graph capture encountered unexpectedly."
		win    = "Windows not yet supported for torch.compile"
		term   = "[\\#](#term-hipErrorStreamCaptureUnjoined \"Link to this term\"){.headerlink}"
		py314  = "torch.compile is not supported on Python 3.14+"
		dyn312 = "Dynamo is not supported on Python 3.12+"
		dyn313 = "Dynamo is not supported on Python 3.13+"
		py311  = "Python 3.11+ not yet supported for torch.compile"
	)
	tests := []struct {
		shape, text string
		want        Code // Read's first code: "" where a shape holds
		gate        bool // a shape holds the line, which is no source code's
		def         bool // the line is in a def's body
	}{
		// construct (ga_neg_test_fixture_uncapturable) and its siblings
		{shape: "construct", text: "class _Uncapturable(RuntimeError):\n    def __init__(self):\n        super().__init__(\"«" + perm + "\")"},
		{shape: "construct", text: "        super(Fake, self).__init__(\"«" + perm + "\")"},
		{shape: "construct", text: "        Exception.__init__(self, \"«" + perm + "\")"},
		{shape: "construct", text: "    fake_graph.capture_end.side_effect = RuntimeError(\"CUDA error: «" + perm + "\")"},
		{shape: "construct", text: "    errors.append(torch.AcceleratorError(\"CUDA error: «" + perm + "\"))"},
		{shape: "construct", text: "def _fake_sync(*args):  raise RuntimeError(\"«" + perm + "\")"},
		{shape: "construct", text: "    if capturing: raise RuntimeError(\"«" + perm + "\")"},
		{shape: "construct", text: "\treturn errors.New(\"«" + unjoin + "\")"},
		{shape: "construct", text: "\t\treturn fmt.Errorf(\"cuda: %w: «" + unjoin + "\", err)"},
		{shape: "construct", text: "        bail!(\"«" + unjoin + "\");"},
		{shape: "construct", text: "def _fake_error():\n    return RuntimeError(\"«" + perm + "\")"},
		{shape: "construct", text: "  void synchronize() override {\n    throw std::runtime_error(\"«" + perm + "\");"},
		{shape: "construct", text: "    throw new Error(\"«" + perm + "\");"},
		// returned or mapped (ga_neg_hip_error_string_switch) and its siblings
		{shape: "returned or mapped", text: "    case hipErrorStreamCaptureUnjoined:\n      return \"«" + unjoin + "\";"},
		{shape: "returned or mapped", text: "    case cudaErrorStreamCaptureUnjoined: return \"«" + unjoin + "\";"},
		{shape: "returned or mapped", text: "static const ErrorEntry kErrors[] = {\n    {cudaErrorStreamCaptureUnjoined, \"«" + unjoin + "\"},"},
		{shape: "returned or mapped", text: "    [cudaErrorStreamCaptureUnjoined] = \"«" + unjoin + "\","},
		{shape: "returned or mapped", text: "            CUresult::CUDA_ERROR_STREAM_CAPTURE_UNJOINED => \"«" + unjoin + "\","},
		{shape: "returned or mapped", text: "_MESSAGES = {\n    \"cudaErrorStreamCaptureUnjoined\": \"«" + unjoin + "\","},
		// definition (holdoutDF, holdoutFD, prec15) in the languages it was read in
		{shape: "definition", text: "_SMALL_GPU_MAX_AUTOTUNE_WARNING = \"«" + sms + "\""},
		{shape: "definition", text: "SMS_WARNING: Final[str] = \"«" + sms + "\""},
		{shape: "definition", text: "    self.warning_text = f\"«" + sms + " (min {MIN_SMS})\""},
		{shape: "definition", text: "msg += '«" + sms + "'"},
		{shape: "definition", text: "msg = \"«" + offset + "\""},
		{shape: "definition", text: "SMALL_GPU_WARNING = \"\"\"«" + sms + "\"\"\""},
		{shape: "definition", text: "export const CAPTURE_ERROR =\n  \"«" + perm + "\";"},
		{shape: "definition", text: "class Known(str, Enum):\n    SMALL_GPU = \"«" + sms + "\""},
		{shape: "definition", text: "static const char* kSmallGpuWarning = \"«" + sms + "\";"},
		{shape: "definition", text: "constexpr std::string_view kCaptureError = \"«" + perm + "\";"},
		{shape: "definition", text: "static const std::string kCaptureError(\"«" + perm + "\");"},
		{shape: "definition", text: "#define CAPTURE_ERROR_TEXT \"«" + perm + "\""},
		{shape: "definition", text: "#define CAPTURE_ERROR_TEXT \\\n  \"«" + perm + "\""},
		{shape: "definition", text: "const smallGPUWarning = \"«" + sms + "\""},
		{shape: "definition", text: "\tneedle := \"«" + perm + "\""},
		{shape: "definition", text: "var ErrCapture = errors.New(\"«" + perm + "\")"},
		{shape: "definition", text: "pub const CAPTURE_ERROR: &'static str = \"«" + perm + "\";"},
		{shape: "definition", text: "#[derive(Debug, Error)]\npub enum CaptureError {\n    #[error(\"«" + perm + "\")]"},
		{shape: "definition", text: "export const SMALL_GPU_WARNING = '«" + sms + "';"},
		{shape: "definition", text: "const overwritten: string = \"«" + perm + "\";"},
		{shape: "definition", text: "    private static final String SMALL_GPU = \"«" + sms + "\";"},
		{shape: "definition", text: "enum Known {\n    CAPTURE(\"«" + perm + "\"),"},
		{shape: "definition", text: "const val CAPTURE_ERROR = \"«" + perm + "\""},
		{shape: "definition", text: "public const string CaptureError = \"«" + perm + "\";"},
		{shape: "definition", text: "[filters]\nsmall_gpu = \"«" + sms + "\""},
		{shape: "definition", text: "CAPTURE_ERROR=\"«" + perm + "\""},
		{shape: "definition", text: "export TRANSIENT_ERR='«" + perm + "'"},
		{shape: "definition", text: "    local needle=\"«" + perm + "\""},
		// config key
		{shape: "config key", text: "log_filters:\n  - message: \"«" + sms + "\""},
		{shape: "config key", text: "filters:\n  reason: '«" + perm + "'"},
		// an error code's name (ga_neg_hip_error_string_switch) as code names it
		{shape: "case label", text: "    case «hipErrorStreamCaptureUnjoined:"},
		{shape: "case label", text: "        case «CUresult.CUDA_ERROR_STREAM_CAPTURE_INVALIDATED:"},
		{shape: "constant", text: "enum cudaError {\n    «cudaErrorStreamCaptureUnjoined = 904,"},
		{shape: "constant", text: "const (\n\t«ErrorStreamCaptureUnjoined Error = 904"},
		{shape: "entry key", text: "static const ErrorEntry kErrors[] = {\n    {«cudaErrorStreamCaptureUnjoined, \"capture failed\"},"},
		{shape: "entry key", text: "            «CUresult::CUDA_ERROR_STREAM_CAPTURE_UNJOINED => \"capture failed\","},
		{shape: "define", text: "#define «CUDA_ERROR_STREAM_CAPTURE_UNJOINED 904"},
		// an error code's name compared as code compares the code it got back (validation
		// v37b's 68) in C++, Python, Rust, Go
		{shape: "compared right", text: "            if (err == «hipErrorStreamCaptureUnsupported ||"},
		{shape: "compared right", text: "    except CudaAPIError as e:\n        if e.code == «cudaErrorStreamCaptureUnsupported:"},
		{shape: "compared right", text: "        Err(e) if e == «CUresult::CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED => return Ok(()),"},
		{shape: "compared right", text: "\tif errors.Is(err, «cuda.ErrorStreamCaptureUnsupported) {"},
		{shape: "compared right", text: "  if (err != cudaSuccess && err != «cudaErrorStreamCaptureImplicit) {"},
		{shape: "compared left", text: "  if («cudaErrorStreamCaptureImplicit == err) {"},
		// a message cut at a string piece's end inside a call's arguments
		{shape: "cut in a call", text: "        refused = RuntimeError(\n            \"cudaErrorStreamCaptureUnsupported: «operation not permitted when stream\""},
		// a def's statement (holdoutHA), an except clause's comment, a return's bracket
		// (holdoutHB): in a fence too, where construct reads no raise
		{shape: "def raise", text: "```python\ndef inductor(*args, **kwargs):\n    if sys.platform == \"win32\":\n        raise RuntimeError(\"«Windows not yet supported for inductor\")", def: true},
		{shape: "def statement", text: "def get_obj(_local, attr_name):\n    if hasattr(_local, attr_name):\n        return getattr(_local, attr_name)\n    «assert torch._C._is_key_in_tls(attr_name)", def: true},
		{shape: "except comment", text: "try:\n    q.get(block=False)\nexcept RuntimeError as e:  # «CUDA error: invalid device context"},
		{shape: "return bracket", text: "            except ImportError:\n                return (\n                    False,\n                    \"«" + win + " (limitation connue)\","},
		{shape: "return bracket", text: "    return [\n        \"«" + win + "\","},
		// an error code's documentation (holdoutHB's HIP page)
		{shape: "code table row", text: "| Error Code | Value | Description |\n| [[hipErrorStreamCaptureUnsupported]{.xref .std .std-term}](#term-hipErrorStreamCaptureUnsupported){.reference .internal} | [`900`{.docutils .literal .notranslate}]{.pre} | «Operation not permitted when stream is capturing |"},
		{shape: "code term", text: "«hipErrorStreamCaptureUnjoined" + term},
		{shape: "code term's definition", text: "hipErrorStreamCaptureUnjoined" + term + "\n\n:   «Capturing stream has unjoined work. This error occurs when attempting to end a stream capture."},
		// a program's own notice of a refusal in a guard's block (holdoutHC's
		// hc_code_py314_skip_print_env_hooks and hc_code_webbgpt_catch_dynamo_py312) and its
		// siblings: a platform's, a support probe's
		{shape: "guarded", text: "        if python_version >= (3, 14):\n            print(\"  «" + py314 + "\")"},
		{shape: "guarded", text: "if sys.version_info >= (3, 12):\n    warnings.warn(\"«" + dyn312 + ", running eagerly\")\n    USE_COMPILE = False\n    _note = (\n        \"«" + dyn312 + "\")"},
		{shape: "guarded", text: "            if \"" + dyn312 + "\" in str(exc):\n                print(\n                    \"WebbGPT: skipping torch.compile because Torch«" + dyn312 + " in this environment.\","},
		{shape: "guarded", text: "        if os.name == \"nt\":\n            print(\"«torch.compile is not supported on Windows. Try Linux or WSL instead.\")"},
		{shape: "guarded", text: "    if args.compile and platform.system() == \"Windows\":\n        print(\"«torch.compile is not supported on Windows here; ignoring --compile\")"},
		{shape: "guarded", text: "elif sys.platform == \"win32\":\n    sys.stderr.write(\"«" + win + "\\n\")"},
		{shape: "guarded", text: "if not torch._dynamo.is_dynamo_supported():\n    return model, \"«" + py311 + "\""},
		{shape: "guarded", text: "if sys.version_info >= (3, 13):\n    # «" + dyn313 + "; the compile tests are left out"},
		{shape: "guarded", text: "        hipError_t err = hipDeviceSynchronize();\n        if (err != hipSuccess) {\n            // «hipErrorStreamCaptureUnsupported (900): another thread started"},
		{shape: "guarded", text: "    if (err != hipSuccess) {\n        /* «hipErrorStreamCaptureUnsupported (900): another thread started"},
		{shape: "guarded", text: "\tif err != nil {\n\t\t// «cudaErrorStreamCaptureUnsupported: another goroutine is capturing"},
		{shape: "guarded", text: "    switch (err) {\n      case cudaErrorStreamCaptureInvalidated:\n        // «" + perm + ": the capture is over"},
		{shape: "guard comment", text: "  if (err != cudaSuccess) {  // «cudaErrorStreamCaptureUnsupported: a capture elsewhere"},
		// a comment beside a version bound or a guard's test (holdoutHC's
		// hc_setup_py_requires_comment_dynamo_pin231) and its siblings in pyproject.toml and
		// a requirement's marker
		{shape: "guard comment", text: "    python_requires='>=3.9, <3.12', # «" + dyn312},
		{shape: "guard comment", text: "requires-python = \">=3.9,<3.12\"  # «" + dyn312},
		{shape: "guard comment", text: "torch==2.3.1 ; python_version < \"3.12\"  # «" + dyn312},
		{shape: "guard comment", text: "if sys.version_info >= (3, 12):  # «" + dyn312},
		// a raise or a print commented out (holdoutHC's
		// hc_rst_doc_comment_out_check_if_dynamo_supported) in Python and C++
		{shape: "commented call", text: "      def check_if_dynamo_supported():\n       #if sys.platform == \"win32\":\n       #    raise RuntimeError(\"«" + win + "\")"},
		{shape: "commented call", text: "# print(\"«" + py314 + "\")"},
		{shape: "commented call", text: "    // throw std::runtime_error(\"«" + perm + "\");"},
		// near misses: no shape
		{text: "  ] ++ lib.optionals (pythonAtLeast \"3.13\") [\n    # RuntimeError: «" + dyn313, want: UnsupportedPython},
		{text: "if sys.version_info >= (3, 13):\n    # RuntimeError: «" + dyn313, want: UnsupportedPython},
		{text: "# model = torch.compile(model) # RuntimeError: «" + dyn312, want: UnsupportedPython},
		{text: "On Python 3.12 my run stopped at once:\n    «" + dyn312, want: UnsupportedPython},
		{text: "This is stated in torch/__init__.py:\n```python\nif sys.version_info >= (3, 14):\n        print(\"«" + py314 + "\")", want: UnsupportedPython},
		{text: "RuntimeError: CUDA error: «" + unjoin + " (cudaErrorStreamCaptureUnjoined)", want: StreamCaptureUnjoined},
		{text: "«cudaErrorStreamCaptureUnjoined: " + unjoin, want: StreamCaptureUnjoined},
		{text: "worker 3 failed:\nRuntimeError('«" + perm + "')", want: StreamCaptureIllegal},
		{text: "It failed with RuntimeError(\"«" + perm + "\") on the second step.", want: StreamCaptureIllegal},
		{text: "The capture failed: raise RuntimeError(\"«" + perm + "\") came from the allocator.", want: StreamCaptureIllegal},
		{text: "In case of «cudaErrorStreamCaptureUnjoined: join the side stream first.", want: StreamCaptureUnjoined},
		{text: "We got «hipErrorStreamCaptureUnsupported when running the model with cudagraphs.", want: StreamCaptureIllegal},
		{text: "        hipError_t err = hipDeviceSynchronize();\n        // «hipErrorStreamCaptureUnsupported here on step 3 of the run", want: StreamCaptureIllegal},
		{text: "    if (err != hipSuccess) {\n        fprintf(stderr, \"sync failed\\n\");\n    }\n«hipErrorStreamCaptureUnsupported: " + perm, want: StreamCaptureIllegal},
		{text: "level=warning msg=\"«" + sms + "\" step=3", want: MaxAutotuneGEMMOff},
		{text: "error: \"«" + perm + "\"", want: StreamCaptureIllegal},
		{text: "I keep getting \"«" + perm + "\" when capturing.", want: StreamCaptureIllegal},
		// near misses: a shape on a line that is no source code's
		{text: "Traceback (most recent call last):\n  File \"fake.py\", line 3, in __init__\n    super().__init__(\"«" + perm + "\")",
			want: StreamCaptureIllegal, gate: true},
		{text: "I wrote this double and the capture still fails:\n```python\n        super().__init__(\"«" + perm + "\")",
			want: StreamCaptureIllegal},
		{text: "PyTorch does not support it on Windows:\n\n```python\nif sys.platform == \"win32\":\n        raise RuntimeError(\"«" + win + "\")", want: UnsupportedPython},
		{text: "def step(self):\n    self.norm(x)  # «CUDA error: invalid device context here on 2 GPUs", want: CUDAInvalidContext, def: true},
		{text: "I printed the result:\n(False, \"«" + win + "\")", want: UnsupportedPython},
		{text: "| # | case | error | state |\n|---|---|---|---|\n| 1 | unjoined fork | `«hipErrorStreamCaptureUnjoined` | **Active** |", want: StreamCaptureUnjoined},
		{text: "-        return \"old words\";\n+        return \"«" + unjoin + "\";", want: StreamCaptureUnjoined},
		{text: "-        _warning = \"old\"\n+        _warning = \"«" + sms + "\"", want: MaxAutotuneGEMMOff},
	}
	covered := map[string]bool{}
	for _, tt := range tests {
		covered[tt.shape] = true
		text := strings.Replace(tt.text, "«", "", 1)
		lines := strings.Split(tt.text, "\n")
		line := []byte(lines[len(lines)-1])
		at := bytes.Index(line, []byte("«"))
		line = bytes.Replace(line, []byte("«"), nil, 1)
		cut := tt.shape == "cut in a call"
		h := heldSite{line: line, literal: line[at:], at: at, cut: cut, called: cut, inDef: tt.def,
			inFence: strings.Count(tt.text, "```")%2 == 1, guarded: guardedLast(lines)}
		for n := len(lines) - 2; n >= 0 && h.lines < len(h.above); n-- {
			h.above[h.lines] = []byte(lines[n])
			h.lines++
		}
		got := ""
		if k := h.shape(); k >= 0 {
			got = shapeNames[k]
		}
		if want := tt.shape; tt.gate && got == "" || !tt.gate && got != want {
			t.Errorf("%q: the shape is %q, want %q (gate %v)", tt.text, got, want, tt.gate)
		}
		if code := firstCode(t, text); code != tt.want {
			t.Errorf("%q: Read gives %q, want %q", text, code, tt.want)
		}
	}
	if len(shapeNames) != len(codeShapes) {
		t.Fatalf("%d shape names for %d codeShapes", len(shapeNames), len(codeShapes))
	}
	for _, name := range shapeNames {
		if !covered[name] {
			t.Errorf("shape %q has no case", name)
		}
	}
}

// guardedLast reports whether the last of lines is in a guard's block, as heldState reads
// the lines (scopeLine).
func guardedLast(lines []string) bool {
	var h heldState
	var ctx heldCtx
	for n, l := range lines {
		ctx = h.scopeLine([]byte(l), n+1, false)
	}
	return ctx.guard
}
