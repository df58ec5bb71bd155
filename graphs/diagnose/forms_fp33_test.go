package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// Messages of the lookalikes left open in the corpus and their siblings.
const (
	sms33  = "Not enough SMs to use max_autotune_gemm mode"
	perm33 = "operation not permitted when stream is capturing"
	ow33   = "accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run"
)

// TestFormsConstant33: a message held by a definition in source code, a constant or a
// variable of any language (holdoutFD's `_SMALL_GPU_MAX_AUTOTUNE_WARNING = "Not enough
// SMs …"` for a logging filter, the row's literal starting inside the message), gives no
// finding: Python's plain, annotated and f-string forms, C and C++'s const and constexpr
// strings and #define, Go's const, var and :=, Rust's const, JavaScript's and TypeScript's
// const, Java's static final, Kotlin's const val, C#'s const string, a TOML key and a YAML
// key. The warning's log line, a diff's line (a pull request that rewords it), logfmt's
// key="…", a log's level before a quote, and prose stay findings.
func TestFormsConstant33(t *testing.T) {
	sms := func(line int) form { return form{diagnose.MaxAutotuneGEMMOff, line, diagnose.Exact, ""} }
	perm := func(line int) form { return form{diagnose.StreamCaptureIllegal, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"const: holdoutFD", "from train.sanity import _sanity_overfit\n\n\n" +
			"_SMALL_GPU_MAX_AUTOTUNE_WARNING = \"" + sms33 + "\"\n" +
			"_SMALL_GPU_MAX_AUTOTUNE_MIN_SMS = 68\n", form{}, "holdoutFD's module constant"},
		{"const: python annotated", "SMS_WARNING: Final[str] = \"" + sms33 + "\"\n", form{}, "Final[str]"},
		{"const: python f-string", "    self.warning_text = f\"" + sms33 + " (min {MIN_SMS})\"\n", form{}, "an attribute, an f-string"},
		{"const: python +=", "msg += '" + sms33 + "'\n", form{}, "+= and single quotes"},
		{"const: c++ static const char", "static const char* kSmallGpuWarning = \"" + sms33 + "\";\n", form{}, "C++"},
		{"const: c++ constexpr", "constexpr std::string_view kCaptureError = \"" + perm33 + "\";\n", form{}, "constexpr string_view"},
		{"const: c array", "const char kOverwritten[] = \"" + ow33 + "\";\n", form{}, "a C array"},
		{"const: c define", "#define CAPTURE_ERROR_TEXT \"" + perm33 + "\"\n", form{}, "#define"},
		{"const: go const", "const smallGPUWarning = \"" + sms33 + "\"\n", form{}, "Go const"},
		{"const: go :=", "\tneedle := \"" + perm33 + "\"\n", form{}, "Go :="},
		{"const: go errors.New", "var ErrCapture = errors.New(\"" + perm33 + "\")\n", form{}, "Go var, a constructor"},
		{"const: rust", "pub const CAPTURE_ERROR: &'static str = \"" + perm33 + "\";\n", form{}, "Rust"},
		{"const: js export const", "export const SMALL_GPU_WARNING = '" + sms33 + "';\n", form{}, "JavaScript"},
		{"const: ts typed", "const overwritten: string = \"" + ow33 + "\";\n", form{}, "TypeScript"},
		{"const: java", "    private static final String SMALL_GPU = \"" + sms33 + "\";\n", form{}, "Java"},
		{"const: kotlin", "const val CAPTURE_ERROR = \"" + perm33 + "\"\n", form{}, "Kotlin"},
		{"const: csharp", "public const string CaptureError = \"" + perm33 + "\";\n", form{}, "C#"},
		{"const: toml", "[filters]\nsmall_gpu = \"" + sms33 + "\"\n", form{}, "a TOML key"},
		{"const: yaml", "log_filters:\n  - message: \"" + sms33 + "\"\n    level: warning\n", form{}, "a YAML key"},
		{"const: python triple-quoted", "SMALL_GPU_WARNING = \"\"\"" + sms33 + "\"\"\"\n", form{}, "triple quotes"},
		{"const: shell variable", "CAPTURE_ERROR=\"" + perm33 + "\"\nif grep -q \"$CAPTURE_ERROR\" \"$LOG\"; then retry; fi\n", form{}, "a shell's variable in capitals"},
		{"const: shell export", "export TRANSIENT_ERR='" + perm33 + "'\n", form{}, "a shell's export"},
		{"const: shell local", "    local needle=\"" + perm33 + "\"\n", form{}, "a shell's local"},
		{"const: c++ std::string ctor", "static const std::string kCaptureError(\"" + perm33 + "\");\n", form{}, "C++'s std::string built from it"},
		{"report: key=value record", "ERROR_ID=cuda/capture\nSIGNATURE=RuntimeError: CUDA error: " + perm33 + "\n", perm(2), "holdout5's KEY=value record, no quote"},
		{"const: python parenthesised", "_SMALL_GPU_WARNING: Final[str] = (\n    \"" + sms33 + "\"\n)\n", form{}, "the string on the line under `= (`"},
		{"const: c define continued", "#define CAPTURE_ERROR_TEXT \\\n  \"" + perm33 + "\"\n", form{}, "a #define over two lines"},
		{"const: python dict of messages", "MESSAGES = {\n    \"small_gpu\": \"" + sms33 + "\",\n    \"capture\": \"" + perm33 + "\",\n}\n", form{}, "a dict of messages"},
		{"const: python enum member", "class Known(str, Enum):\n    SMALL_GPU = \"" + sms33 + "\"\n", form{}, "an enum's member"},
		{"const: java enum member", "enum Known {\n    CAPTURE(\"" + perm33 + "\"),\n}\n", form{}, "a Java enum's member"},
		{"const: rust thiserror", "#[derive(Debug, Error)]\npub enum CaptureError {\n    #[error(\"" + perm33 + "\")]\n    NotPermitted,\n}\n", form{}, "a Rust error enum's attribute"},
		{"report: the log line", "W1203 10:41:07.123000 4242 torch/_inductor/utils.py:1250] " + sms33 + "\n", sms(1), "the warning printed"},
		{"report: diff line", "-        _warning = \"old\"\n+        _warning = \"" + sms33 + "\"\n", sms(2), "a pull request's diff"},
		{"report: logfmt", "level=warning msg=\"" + sms33 + "\" step=3\n", sms(1), "logfmt"},
		{"report: yaml-like level", "error: \"" + perm33 + "\"\n", perm(1), "a log's level before a quote"},
		{"report: prose", "I keep getting \"" + perm33 + "\" when capturing.\n", perm(1), "prose"},
	})
}

// TestFormsPlatformComment33: a retelling in a comment of source code beside a platform
// check (holdoutDV's `HAS_TRITON = False  # Triton doesn't support Windows` under `if
// sys.platform == "win32":`) is the rule a guard keeps, no run's failure: Python's
// sys.platform, os.name and platform.system(), a Windows flag, C's #ifdef _WIN32, Go's
// runtime.GOOS, the comment above the guard. The same words in a thread's prose, a comment
// with no platform check near and a run's log stay findings.
func TestFormsPlatformComment33(t *testing.T) {
	triton := func(line int) form { return form{diagnose.TritonMissing, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		{"guard: holdoutDV", "```python\nif sys.platform == \"win32\":\n    HAS_TRITON = False  # Triton doesn't support Windows\nif not HAS_TRITON:\n" +
			"    HAS_COMPILE = False\n```\n", form{}, "holdoutDV's guard"},
		{"guard: os.name on the line", "if os.name == \"nt\":  # Triton doesn't support Windows\n    USE_COMPILE = False\n", form{}, "the comment on the check's line"},
		{"report: comment above the check", "# Triton doesn't support Windows, so no torch.compile there\nif platform.system() == \"Windows\":\n    compile_model = False\n",
			triton(1), "a comment on a line of its own above a guard, as TestRetoldInOtherLanguages labels the code corpus's"},
		{"guard: flag", "if IS_WINDOWS:\n    enable_compile = False  # Triton doesn't support Windows\n", form{}, "a Windows flag"},
		{"guard: c ifdef", "#ifdef _WIN32\n  use_triton = false;  // Triton doesn't support Windows\n#endif\n", form{}, "C's #ifdef"},
		{"guard: go GOOS", "if runtime.GOOS == \"windows\" {\n\tuseTriton = false // Triton doesn't support Windows\n}\n", form{}, "Go"},
		{"report: prose", "Triton doesn't support Windows, so torch.compile fails for me on my Windows box.\n", triton(1), "a thread's prose"},
		{"report: comment, no check", "model = build()\nx = 1  # Triton doesn't support Windows, torch.compile fails here\n", triton(2), "no platform check near"},
	})
}

// TestFormsSearchCall33: a message as the needle of a search call in test or tool code of
// other languages gives no finding: the predicates crate's `predicate::str::contains("…")`
// handed to a CLI test's `.stderr(` (holdoutAQ's zksolc test, another compiler's
// "Unexpected optimization option"), Rust's `.contains(` and `.starts_with(`, C#'s
// `.Contains(` and `.StartsWith(`. The message printed and a plain quotation stay findings.
func TestFormsSearchCall33(t *testing.T) {
	perm := func(line int) form { return form{diagnose.StreamCaptureIllegal, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"search: holdoutAQ", "    let result = crate::cli::execute_zksolc(args)?;\n    result.failure().stderr(\n" +
			"        predicate::str::contains(\"Unexpected optimization option\")\n" +
			"            .or(predicate::str::contains(\"error: invalid value '99' for '--optimization <OPTIMIZATION>'\")),\n    );\n", form{}, "holdoutAQ's zksolc test"},
		{"search: rust predicate", "cmd.assert().failure().stderr(predicates::str::contains(\"" + perm33 + "\"));\n", form{}, "predicates::str::contains on one line"},
		{"search: rust contains", "    if stderr.contains(\"" + perm33 + "\") {\n        retry = true;\n    }\n", form{}, "Rust's .contains"},
		{"search: rust starts_with", "    let transient = line.starts_with(\"" + perm33 + "\");\n", form{}, "Rust's .starts_with"},
		{"search: csharp Contains", "if (output.Contains(\"" + perm33 + "\")) { retries++; }\n", form{}, "C#'s .Contains"},
		{"search: csharp StartsWith", "var transient = line.StartsWith(\"" + perm33 + "\");\n", form{}, "C#'s .StartsWith"},
		{"report: printed", "RuntimeError: CUDA error: " + perm33 + "\n", perm(1), "the message printed"},
		{"report: quoted in prose", "The capture fails with \"" + perm33 + "\" on the second step.\n", perm(1), "prose"},
	})
}

// TestFormsRetoldEmitted33: a retelling in a string of a program's own emitting call gives
// no finding, on a diff's line too (holdoutDG: pytorch/pytorch#98104 removes
// `warnings.warn("Dynamo not yet supported in Python 3.11. Skipping check.")`), and in
// other languages' warnings and errors (console.warn, throw new Error, panic!, fmt.Errorf,
// new RuntimeException). The same words in prose, and PyTorch's exact message on a diff's
// line (a pull request about the failure it prints), stay findings.
func TestFormsRetoldEmitted33(t *testing.T) {
	py := func(line int) form { return form{diagnose.UnsupportedPython, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		{"emit: holdoutDG", "```diff\n@@ -215,9 +215,8 @@ def main():\n     for args in _SANITY_CHECK_ARGS:\n" +
			"-        # TODO remove check when 3.11 is supported\n-        if sys.version_info >= (3, 11):\n" +
			"-            warnings.warn(\"Dynamo not yet supported in Python 3.11. Skipping check.\")\n" +
			"+        if sys.version_info >= (3, 12):\n```\n", form{}, "holdoutDG's diff"},
		{"emit: diff, added logger", "+    logger.warning(\"Dynamo not yet supported in Python 3.12, running eagerly\")\n", form{}, "an added logger's call"},
		{"emit: js console.warn", "  console.warn('Dynamo not yet supported in Python 3.12, skipping the compile step');\n", form{}, "JavaScript"},
		{"emit: js throw", "  throw new Error(\"Dynamo not yet supported in Python 3.12\");\n", form{}, "a throw"},
		{"emit: rust panic", "        panic!(\"Dynamo not yet supported in Python 3.12\");\n", form{}, "Rust"},
		{"emit: go Errorf", "\treturn fmt.Errorf(\"Dynamo not yet supported in Python %s\", ver)\n", form{}, "Go"},
		{"emit: java exception", "    throw new IllegalStateException(\"Dynamo not yet supported in Python 3.12\");\n", form{}, "Java"},
		{"report: prose", "I get that Dynamo is not yet supported in Python 3.12 when I call torch.compile.\n", py(1), "prose"},
	})
}

// TestFormsArgClosedBelow33: a message alone in a string whose call closes on the line
// below is a call's argument in source code whose opening a page cut (holdoutI1's FileCheck
// string under a folded diff view): FileCheck's chained `).check(`, a call closed by `)`
// alone or by `);`. The message printed, a string followed by prose, and a diff's line
// (a pull request about the failure) stay findings.
func TestFormsArgClosedBelow33(t *testing.T) {
	mut := func(line int) form { return form{diagnose.SkipMutatedInputs, line, diagnose.Exact, ""} }
	const skip = "skipping cudagraphs due to mutated inputs (1 instances). Found from"
	checkForms(t, []formTest{
		{"arg: holdoutI1", "22 changes: 22 additions & 0 deletions test/inductor/test_cudagraph_trees.py\n" +
			"Expand Up @@ -247,6 +247,28 @@ def forward(self, input, other, out):\n" +
			"\"" + skip + "\"\n).check(\"torch.logical_xor\").run(captured_output[0])\n", form{}, "holdoutI1's FileCheck string"},
		{"arg: closed alone", "        \"" + skip + "\"\n    )\n", form{}, "a call closed by ) alone"},
		{"arg: closed with ;", "    '" + skip + "'\n);\n", form{}, "a call closed by );"},
		{"report: printed", "W1203 10:41:07.123000 4242 torch/_inductor/cudagraph_trees.py] " + skip + "\n", mut(1), "the warning printed"},
		{"report: string over prose", "\"" + skip + "\"\nshows up on every step for me.\n", mut(1), "prose below"},
		{"report: diff", "+        \"" + skip + "\"\n+    )\n", mut(1), "a diff's line"},
		{"report: opening shown", "    warnings.warn(\n        \"" + skip + "\"\n    )\n", form{}, "callState decides: a warn call (emittedInSource)"},
		{"report: print shown", "print(\n    \"" + skip + "\"\n)\n", mut(2), "callState decides: a print stays a report"},
		{"report: in a fence", "```python\n\"" + skip + "\"\n)\n```\n", mut(2), "a code fence"},
	})
}
