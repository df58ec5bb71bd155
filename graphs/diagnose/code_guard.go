package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// codeHeld reports whether row i's match on e is a program's own text that no run
// printed: a retelling in a comment beside a platform check (platformComment), or in a
// string of a program's own emitting call (retoldEmitted), or a string that is a call's
// argument closed on the line below (argClosedBelow).
func (s *scanner) codeHeld(i int, e *ringLine) bool {
	return s.platformComment(i, e) || s.retoldEmitted(i, e) || s.argClosedBelow(e)
}

// argClosedBelow reports whether e's line is a string literal alone (stringAlone), the
// line below closes a call's argument list (callCloses: ")" first, then a method chain, a
// comma, a ";" or the line's end) and the line above neither opens the call nor goes on
// with its arguments (argsGoOn): the string is an argument of a call in source code whose
// opening line is not shown, as a page cuts it (holdoutI1's pull request page:
// `"skipping cudagraphs due to mutaton on input. Found from"` over
// `).check("torch.logical_xor").run(captured_output[0])`, a FileCheck's string whose
// `FileCheck().check(` the diff view folded away, under its "Expand Up @@ … ):" line). A
// run prints its message without the quotes and the call's close. Where the call's
// opening is shown, callState and the marks of its kind decide (a print, a raise under a
// traceback frame, a call quoted in a code fence stay reports); nor is a diff's line read
// so (a pull request that rewords a message inside its call is about the failure it
// prints), nor a line in a code fence.
func (s *scanner) argClosedBelow(e *ringLine) bool {
	if !e.lineStart || e.inFence || diffLine(e.raw) || !stringAlone.Match(e.clean) {
		return false
	}
	if a := s.lineAbove(e); a != nil && (stringAlone.Match(a.clean) || argsGoOn.Match(a.clean)) {
		return false
	}
	b := s.below(e)
	return b != nil && callCloses.Match(b)
}

// argsGoOn is a line that opens a bracket or goes on to the next line: it ends in "(",
// "[", "{", ",", "+", "\\" or an operator of concatenation.
var argsGoOn = &lazyregexp.Regexp{Expr: `[(\[{,+\\%&|]\s*$`}

// callCloses is a line that closes a call's argument list: ")" first, then a method's
// call, a comma, a ";", another ")" or nothing.
var callCloses = &lazyregexp.Regexp{Expr: `^\s*\)+\s*(?:\.\s*[A-Za-z_]\w*\s*\(|[,;]|$)`}

// retoldEmitted reports whether row i, a retelling, is on e inside a string of an
// emitting call opened on e's line (emitOpens: a Python logger's, warnings.warn, a
// raise, on a diff's line, where emittedInSource leaves it; otherEmitOpen: other
// languages' warnings, errors and throws, outside a code fence unless on a diff's line),
// not under a traceback frame's header (a traceback shows its failing line): a program's own warning in its own words, `warnings.warn("Dynamo not yet
// supported in Python 3.11. Skipping check.")` removed by pytorch/pytorch#98104's diff
// (holdoutDG, a negative). PyTorch's exact words on a diff's line stay read
// (emittedInSource): a pull request that rewords PyTorch's message is about the failure
// it prints (the build set's pull requests); a retelling's words are no message PyTorch
// prints.
func (s *scanner) retoldEmitted(i int, e *ringLine) bool {
	if !s.rows[i].Paraphrase || e.underFrame {
		return false
	}
	at := s.rowAt(i, e)
	if d, q := insideQuotes(e.clean, at); !d && !q {
		return false
	}
	before := e.clean[:at]
	diff := diffLine(before)
	if diff {
		before = before[1:]
	}
	if diff && emitOpens(before) {
		return true
	}
	if e.inFence && !diff {
		return false
	}
	for _, m := range otherEmitOpen.FindAllIndex(before, -1) {
		if pyCallOpen(before[m[1]-1:]) {
			return true
		}
	}
	return false
}

// otherEmitOpen is a call that emits a program's own warning or error in JavaScript
// (console.warn, console.error, throw new Error), Rust (panic!, eprintln!, log's warn! and
// error!, anyhow!, bail!), Go (fmt.Errorf, errors.New, log.Printf, log.Fatalf), Java and
// C# (new …Exception(…)): up to its "(".
var otherEmitOpen = &lazyregexp.Regexp{Expr: `\bconsole\.(?:warn|error)\s*\(|\bthrow\s+new\s+\w+\s*\(|\b(?:panic|eprintln|warn|error|anyhow|bail)!\s*\(|` +
	`\bfmt\.Errorf\s*\(|\berrors\.New\s*\(|\blog\.(?:Printf|Println|Print|Fatalf|Fatal|Panicf)\s*\(|\bnew\s+\w*(?:Exception|Error)\s*\(`}

// platformComment reports whether row i, a retelling, is on e in a comment that trails a
// line of source code ("#", "//" after code) with a platform check on that code or on one
// of the two lines above it (platformCheck): the guard's own note of the platform's rule,
// `if sys.platform == "win32":` over `HAS_TRITON = False  # Triton doesn't support
// Windows` (holdoutDV's bug write-up quoting a trading system's guard, a negative), `if
// os.name == "nt":  # …`, `#ifdef _WIN32` over `use_triton = false;  // …`. A comment on a
// line of its own above a guard is read as the code corpus's retellings are labelled
// (TestRetoldInOtherLanguages: "# torch.compile: desactive sur Windows (pas de Triton)"
// over `USE_TORCH_COMPILE = not IS_WINDOWS …`), and a maintainer's prose that states the
// rule in a thread (holdoutCW's VoiceStudio "Triton … has no native Windows support", a
// positive) has no code beside it.
func (s *scanner) platformComment(i int, e *ringLine) bool {
	if !s.rows[i].Paraphrase {
		return false
	}
	at := s.rowAt(i, e)
	if at < 0 {
		return false
	}
	c := commentAt(e.clean[:at])
	if c < 0 || len(trimSpaceRight(e.clean[:c])) == 0 {
		return false
	}
	if platformCheck.Match(e.clean[:c]) {
		return true
	}
	p := e
	for n := 0; n < 2; n++ {
		if p = s.lineAbove(p); p == nil {
			return false
		}
		if platformCheck.Match(p.clean) {
			return true
		}
	}
	return false
}

// commentAt returns where a source comment that goes on to before's end starts on
// before ("#" or "//" at the line's start or after white space, outside quotes), -1 for
// none. A markdown title ("# …" at column 0 over no code) is one too: platformComment
// wants a platform check in code beside it.
func commentAt(before []byte) int {
	for k := len(before) - 1; k >= 0; k-- {
		if before[k] != '#' && (before[k] != '/' || k == 0 || before[k-1] != '/') {
			continue
		}
		j := k
		if before[k] == '/' {
			j = k - 1
		}
		if j > 0 && before[j-1] != ' ' && before[j-1] != '\t' {
			continue
		}
		if d, q := insideQuotes(before, j); !d && !q {
			return j
		}
	}
	return -1
}

// platformCheck is a program's test of the platform it runs on: Python's sys.platform,
// os.name, platform.system(), a flag named for Windows (IS_WINDOWS, is_windows), C and
// C++'s _WIN32 and CMake's WIN32, Go's runtime.GOOS, Node's process.platform, Rust's
// cfg(windows) and cfg(target_os).
var platformCheck = &lazyregexp.Regexp{Expr: platformTest}

// platformTest is platformCheck's expression.
const platformTest = `sys\.platform\b|\bos\.name\s*[=!]=|platform\.system\(\)|\b(?:IS_WINDOWS|is_windows|_WIN32|WIN32)\b|` +
	`runtime\.GOOS|process\.platform|cfg\((?:windows|target_os)`

// A guard: an if (or elif) whose condition tests what the program runs on, the Python
// (`if sys.version_info >= (3, 12):`, `if python_version >= (3, 14):` over a variable
// that holds it: hc_code_py314_skip_print_env_hooks, holdoutHC), the torch
// (`torch.__version__`, `version.parse(…)`), the platform (platformTest: `if os.name ==
// "nt":` over `print("torch.compile is not supported on Windows. Try Linux or WSL
// instead.")`, a TTA benchmark's model loader in the code corpus, id 43530510557), the
// device (`torch.cuda.get_device_capability() < (7, 0)`) or a support probe
// (`is_dynamo_supported()`, `has_triton()`), or the text of an exception the program
// caught (`if "Dynamo is not supported on Python 3.12+" in str(exc):` over the program's
// own skip notice, hc_code_webbgpt_catch_dynamo_py312). The guard's block is where a
// program keeps its own notice of the refusal it avoids; a run prints PyTorch's message
// without the if (heldByCode's inGuard; heldState.opens follows the block).
// versionBound is a package's bound on the Python it installs on (setup.py's
// python_requires, pyproject's requires-python, a requirement's environment marker
// `; python_version < "3.12"`), beside which a comment gives the reason for the bound
// (`python_requires='>=3.9, <3.12', # Dynamo is not supported on Python 3.12+`,
// hc_setup_py_requires_comment_dynamo_pin231, holdoutHC).
const (
	versionTest  = `sys\.version_info|\bpy(?:thon)?_version\b|platform\.python_version\(\)|\bsys\.version\b|torch\.__version__|\bversion\.parse\(|\(\s*3\s*,\s*1?\d\s*\)`
	supportTest  = `is_dynamo_supported\(|has_triton\w*\(|get_device_capability\(`
	caughtTest   = `["'][^"']{12,}["']\s+(?:not\s+)?in\s+(?:str|repr)\(\s*\w+\s*\)`
	versionBound = `\bpython_requires\b|\brequires[-_]python\b|\bRequires-Python\b|;\s*python_version\s*[<>=!]`
	guardTest    = `(?:` + versionTest + `|` + platformTest + `|` + supportTest + `|` + caughtTest + `|` + codeTest + `)`
)

// An error code's test: a comparison of an error code's name (codeIdent) with "==" or
// "!=", on either side, in C, C++, Python, Rust or Go (`if (err == hipErrorStreamCaptureUnsupported
// ||`, `if (err != hipSuccess) {`, `if err == cudaErrorStreamCaptureUnsupported:`, `Err(e)
// if e == CUresult::CUDA_ERROR_…`), Go's `err != nil` and errors.Is, Rust's matches!: a
// program that tests the code it got back, validation v37b's 68 (a HIP worker's benign
// race, its comment naming hipErrorStreamCaptureUnsupported inside `if (err != hipSuccess)
// {`). A run prints the code's name after its message or in prose, never beside "==".
// codeIdent is an error code's name as code writes it (errorCodeName's, qualified) or a
// success code (cudaSuccess, hipSuccess, CUDA_SUCCESS).
const (
	codeIdent = `(?:[\w:.]*` + errorCodeExpr + `|\b(?:cuda|hip)Success\b|\bCUDA_SUCCESS\b)`
	codeTest  = `[!=]=\s*\(?\s*` + codeIdent + `|` + codeIdent + `\s*\)?\s*[!=]=|\berr\w*\s*!=\s*nil\b|\berrors\.Is\s*\(|\bmatches!\s*\(`
)

// codeGuard is a guard's line in a language with braces as well as Python's: an if, an
// elif or an else if whose condition, to the line's end (a condition that goes on over
// lines, a brace), tests an error code (codeTest); a case label of an error code's name.
var codeGuard = &lazyregexp.Regexp{Expr: `^(?:(?:el|else\s+)?if\b.*(?:` + codeTest + `)|case\s+[\w:.]*` + errorCodeExpr + `\s*:)`}

// guardHeader is a guard's line: an if or an elif whose condition holds a guardTest, up
// to its ":" (a comment after it).
var guardHeader = &lazyregexp.Regexp{Expr: `^(?:el)?if\b[^#]*` + guardTest + `[^#]*:\s*(?:#.*)?$`}

// guardComment is a line of code that holds a guard's test or a version bound, up to a
// comment ("#" or "//") that goes on to the row's words: the comment gives the reason
// for the guard or the bound (`python_requires='>=3.9, <3.12', # Dynamo is not supported
// on Python 3.12+`, `if sys.version_info >= (3, 12):  # …`), which no run printed.
var guardComment = &lazyregexp.Regexp{Expr: `^[^#]*(?:` + guardTest + `|` + versionBound + `)[^#]*?(?:#|//)[^"'\x60#]*$`}

// commentedCall is a raise, a throw or an emitting call (print, warnings.warn, a
// logger's) commented out, up to its string's opening quote and the row's words in it:
// code that no longer runs (`#    raise RuntimeError("Windows not yet supported for
// torch.compile")`, a guide that tells its reader to comment out
// check_if_dynamo_supported's raise lines, hc_rst_doc_comment_out_check_if_dynamo_supported,
// holdoutHC). The commented-out raise a thread quotes beside the traceback it printed
// (g1_hf_pruna_windows_commented_check) is read on the traceback's line.
var commentedCall = &lazyregexp.Regexp{Expr: `^\s*(?:#+|//+)\s*(?:raise\s+[\w.]+|throw\s+(?:new\s+)?[\w.:]+|print|warnings\.warn|` +
	`[\w.]*\b(?:log|logger|logging)\.(?:warning|warn|error|info))\s*\(\s*(?:[\w.]+\s*,\s*)?[rRbBuUfF]{0,2}["'][^"']*$`}
