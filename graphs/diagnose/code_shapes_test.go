package diagnose

import (
	"bytes"
	"strings"
	"testing"
)

// shapeNames name codeShapes, in its order, for TestHeldByCode's cases.
var shapeNames = []string{"construct", "returned or mapped", "definition", "config key", "case label", "constant",
	"entry key", "define", "cut in a call", "guarded", "guard comment", "commented call"}

// TestHeldByCode: one case or more of each of codeShapes (the shapes of the code that
// builds a message, holds it in a name or names its error code, and of a message cut
// inside a call's string pieces), each from the texts the shapes were read from
// (ga_neg_test_fixture_uncapturable and ga_neg_hip_error_string_switch, gb_neg_test_capture_invalidated_refused_concat_string, holdoutDF, holdoutFD, prec15) or a sibling in
// another language; and near misses that no shape holds (a log's line, prose, logfmt, a
// log's level before a quote, a diff's line) or that a shape holds on a line that is no
// source code (a traceback frame's failing line, a fenced block: gate). Each text's last
// line holds "«" where the row's words or the code's name start: heldShape must give the
// case's shape there, and Read must give no finding (a shape) or want (a near miss).
func TestHeldByCode(t *testing.T) {
	t.Parallel()
	const (
		perm   = "operation not permitted when stream is capturing"
		unjoin = "capturing stream has unjoined work"
		sms    = "Not enough SMs to use max_autotune_gemm mode"
		offset = "Offset increment outside graph capture encountered unexpectedly."
		py314  = "torch.compile is not supported on Python 3.14+"
		dyn312 = "Dynamo is not supported on Python 3.12+"
		dyn313 = "Dynamo is not supported on Python 3.13+"
		win    = "Windows not yet supported for torch.compile"
		py311  = "Python 3.11+ not yet supported for torch.compile"
	)
	tests := []struct {
		shape, text string
		want        Code // Read's first code: "" where a shape holds
		gate        bool // a shape holds the line, which is no source code's
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
		// a message cut at a string piece's end inside a call's arguments
		{shape: "cut in a call", text: "        refused = RuntimeError(\n            \"cudaErrorStreamCaptureUnsupported: «operation not permitted when stream\""},
		// a program's own notice of a refusal in a guard's block (holdoutHC's
		// hc_code_py314_skip_print_env_hooks and hc_code_webbgpt_catch_dynamo_py312) and its
		// siblings: a platform's, a device's, a support probe's
		{shape: "guarded", text: "        if python_version >= (3, 14):\n            print(\"  «" + py314 + "\")"},
		{shape: "guarded", text: "if sys.version_info >= (3, 12):\n    warnings.warn(\"«" + dyn312 + ", running eagerly\")\n    USE_COMPILE = False\n    _note = (\n        \"«" + dyn312 + "\")"},
		{shape: "guarded", text: "            if \"" + dyn312 + "\" in str(exc):\n                print(\n                    \"WebbGPT: skipping torch.compile because Torch«" + dyn312 + " in this environment.\","},
		{shape: "guarded", text: "        if os.name == \"nt\":\n            print(\"«torch.compile is not supported on Windows. Try Linux or WSL instead.\")"},
		{shape: "guarded", text: "    if args.compile and platform.system() == \"Windows\":\n        print(\"«torch.compile is not supported on Windows here; ignoring --compile\")"},
		{shape: "guarded", text: "elif sys.platform == \"win32\":\n    sys.stderr.write(\"«" + win + "\\n\")"},
		{shape: "guarded", text: "if not torch._dynamo.is_dynamo_supported():\n    return model, \"«" + py311 + "\""},
		{shape: "guarded", text: "if sys.version_info >= (3, 13):\n    # «" + dyn313 + "; the compile tests are left out"},
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
		{text: "RuntimeError: CUDA error: «" + unjoin + " (cudaErrorStreamCaptureUnjoined)", want: StreamCaptureUnjoined},
		{text: "«cudaErrorStreamCaptureUnjoined: " + unjoin, want: StreamCaptureUnjoined},
		{text: "worker 3 failed:\nRuntimeError('«" + perm + "')", want: StreamCaptureIllegal},
		{text: "It failed with RuntimeError(\"«" + perm + "\") on the second step.", want: StreamCaptureIllegal},
		{text: "The capture failed: raise RuntimeError(\"«" + perm + "\") came from the allocator.", want: StreamCaptureIllegal},
		{text: "In case of «cudaErrorStreamCaptureUnjoined: join the side stream first.", want: StreamCaptureUnjoined},
		{text: "level=warning msg=\"«" + sms + "\" step=3", want: MaxAutotuneGEMMOff},
		{text: "error: \"«" + perm + "\"", want: StreamCaptureIllegal},
		{text: "I keep getting \"«" + perm + "\" when capturing.", want: StreamCaptureIllegal},
		// near misses: a shape on a line that is no source code's
		{text: "Traceback (most recent call last):\n  File \"fake.py\", line 3, in __init__\n    super().__init__(\"«" + perm + "\")",
			want: StreamCaptureIllegal, gate: true},
		{text: "I wrote this double and the capture still fails:\n```python\n        super().__init__(\"«" + perm + "\")",
			want: StreamCaptureIllegal, gate: true},
		{text: "-        return \"old words\";\n+        return \"«" + unjoin + "\";", want: StreamCaptureUnjoined},
		{text: "-        _warning = \"old\"\n+        _warning = \"«" + sms + "\"", want: MaxAutotuneGEMMOff},
		{text: "This is stated in torch/__init__.py:\n```python\nif sys.version_info >= (3, 14):\n        print(\"«" + py314 + "\")",
			want: UnsupportedPython, gate: true},
	}
	covered := map[string]bool{}
	for _, tt := range tests {
		covered[tt.shape] = true
		text := strings.Replace(tt.text, "«", "", 1)
		lines := strings.Split(tt.text, "\n")
		line := []byte(lines[len(lines)-1])
		at := bytes.Index(line, []byte("«"))
		line = bytes.Replace(line, []byte("«"), nil, 1)
		var above []byte
		if len(lines) > 1 {
			above = []byte(lines[len(lines)-2])
		}
		cut := tt.shape == "cut in a call"
		got := ""
		if k := heldShape(above, line, at, shapeWhere{cut: cut, called: cut, guarded: guardedLast(lines)}); k >= 0 {
			got = shapeNames[k]
		}
		if want := tt.shape; tt.gate && got == "" || !tt.gate && got != want {
			t.Errorf("%q: heldShape gives %q, want %q (gate %v)", tt.text, got, want, tt.gate)
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
