package diagnose

import (
	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// Source code that builds a message, or names the error's code as code does, is no run
// that printed it: a test's exception class that fakes the error (`class
// _Uncapturable(RuntimeError):` over `super().__init__("operation not permitted when
// stream is capturing")`, a benchmark's test module: validation v33a's 45), an exception
// built and not raised (`mock.side_effect = RuntimeError("…")`, `errors.append(
// CudaError("…"))`, C++'s `throw std::runtime_error("…");` in a test double), and an
// error-string function or table (`case hipErrorStreamCaptureUnjoined:` over `return
// "capturing stream has unjoined work";`, a HIP runtime's hipGetErrorString switch:
// v33a's 66), with their siblings: an enum's constant (`cudaErrorStreamCaptureUnjoined
// = 904,`), a #define, a table's entry (`{cudaErrorStreamCaptureUnjoined, "…"},`), a
// map's key, a Rust match arm (`CUDA_ERROR_STREAM_CAPTURE_UNJOINED => "…",`); Go's
// errors.New and Rust's bail!; a one-line def or if that raises it; and a message cut or
// wrapped inside a call's string pieces (`refused = RuntimeError(` over two pieces of
// it: holdoutGB). A test's expectation that a call raises it (`pytest.raises(…,
// match="…")`) is read with the other expectations (raisesExpect, expectMarks). A run
// prints the message, and names the code in prose or after the message
// ("(cudaErrorStreamCaptureUnjoined)"), never as a label, a constant or a key. As for
// the other statements of source (sourceStatement): a traceback frame's failing line
// (underFrame), a markdown fence's code (a thread that quotes it to ask about the
// failure) and a diff's line (a pull request that fixes the failure) stay read, as the
// corpus's labels read them.

// builtInSource reports whether row i's match on e is such source code: inside a string,
// an exception's construction (constructOpens) or a returned or mapped string
// (builtString); outside one, the error code's name as code names it (codeNamed).
func (s *scanner) builtInSource(i int, e *ringLine) bool {
	if !e.lineStart || e.underFrame || e.inFence || diffLine(e.raw) {
		return false
	}
	at := s.rowAt(i, e)
	if at < 0 {
		// a message wrapped over a call's string pieces, its head on e ("refused =
		// RuntimeError(" over "\"…: operation not permitted when \"" and "\"stream is
		// capturing\"", a test: holdoutGB's refused_concat_string)
		// (not a literal's items under an assignment: a dict of known errors' value cut
		// short is found, TestFormsValueCut)
		at, _ = cutHead(e.clean, s.rows[i].literal)
		return at > 0 && !e.call.data && inString(e.clean, at) && inCall(e, at)
	}
	line := e.clean
	if inString(line, at) {
		return constructOpens(line[:at]) || builtString.Match(line[:at])
	}
	lo, hi := nameAround(line, at)
	return codeNamed(line[:lo], line[lo:hi], line[hi:])
}

// nameAround returns where the name (codeNameByte's bytes) that holds line[at] starts and
// ends, less a label's ":" or a sentence's "." after it.
func nameAround(line []byte, at int) (lo, hi int) {
	lo, hi = at, at
	for lo > 0 && codeNameByte(line[lo-1]) {
		lo--
	}
	for hi < len(line) && codeNameByte(line[hi]) {
		hi++
	}
	for hi > at && (line[hi-1] == ':' || line[hi-1] == '.') {
		hi--
	}
	return lo, hi
}

// codeNameByte reports whether c may be in an error code's name as code writes it: a
// word's byte, or the "::" and "." of a qualified name.
func codeNameByte(c byte) bool { return isWordByte(c) || c == ':' || c == '.' }

// codeNamed reports whether name, an error code's name (errorCodeName) between before
// and after on its line, stands as code names it: a switch's label (`case X:`), an enum's
// or a constant's definition (`X = 904,`, Go's `X Error = 904`, `#define X 904`), a
// table's entry or a map's key (`{X, "…"}`, `X: "…",`, `[X] = "…"`), a match arm (`X =>`).
func codeNamed(before, name, after []byte) bool {
	if !errorCodeName.Match(name) {
		return false
	}
	return caseLabel.Match(before) && labelEnd.Match(after) ||
		codeLead.Match(before) && (constantDef.Match(after) || entryKey.Match(after)) ||
		defineLead.Match(before)
}

// Pieces of builtInSource and codeNamed.
var (
	// errorCodeName is an error code's name: CUDA's and HIP's runtime enums
	// (cudaErrorStreamCaptureUnjoined, hipErrorStreamCaptureInvalidated), the driver's
	// (CUDA_ERROR_STREAM_CAPTURE_UNJOINED), a binding's (ErrorStreamCaptureUnjoined,
	// CUresult::CUDA_ERROR_…): "Error" or "ERROR" and more of the name after it.
	errorCodeName = &lazyregexp.Regexp{Expr: `(?:Error|ERROR)_?[A-Z]\w*$`}
	// caseLabel and labelEnd: a switch's or a match's case label, C's, Go's, Python's.
	caseLabel = &lazyregexp.Regexp{Expr: `^\s*case\s+(?:[\w:.]+\s*,\s*)*$`}
	labelEnd  = &lazyregexp.Regexp{Expr: `^\s*(?:,\s*[\w:.]+\s*)*:(?:[^:]|$)`}
	// codeLead: what stands before a constant's or a key's name on its line: nothing, an
	// enum's or a table's brace or bracket, a quote, Go's "const".
	codeLead = &lazyregexp.Regexp{Expr: `^\s*(?:const\s+|[{\[(]\s*)?["'\x60]?$`}
	// constantDef: the rest of a constant's definition, its value a number or another
	// name, its type between in Go, a comment after.
	constantDef = &lazyregexp.Regexp{Expr: `^["'\x60]?\s*(?:\w+\s*)?=\s*(?:-?\d+|0[xX][0-9a-fA-F]+|[\w.:]+(?:\([\w.:]*\))?)\s*[,;]?\s*(?:(?://|#|/\*).*)?$`}
	// entryKey: the rest of a table's entry or a map's key: a ",", ":" or "=>" (or
	// "] =") and a string, a brace or a call after it.
	entryKey = &lazyregexp.Regexp{Expr: `^["'\x60]?\s*(?:,|:|=>|\]\s*=)\s*(?:[LuU8]{0,2}["'{(]|[\w:.]+!?\(|\w+::)`}
	// defineLead: C's #define of the name.
	defineLead = &lazyregexp.Regexp{Expr: `^\s*#\s*define\s+$`}
	// builtString: a string that a function returns, or that a table, a map or a match
	// arm maps an error code to, up to its opening quote: `return "…";`, `case X: return
	// "…"`, `{cudaErrorX, "…"},`, `cudaErrorX: "…",`, `[cudaErrorX] = "…",`, `X =>
	// "…",`. A string open before it (`return f"{name}: …` is read as one).
	builtString = &lazyregexp.Regexp{Expr: `^\s*(?:(?:case\s+[\w:.]+\s*:\s*)?return\s+|` +
		`(?:[{\[(]\s*)?["']?[\w:.]*(?:Error|ERROR)_?[A-Z]\w*["']?\s*(?:,|:|=>|\]\s*=)\s*)` +
		`[LuUrRbBfF8]{0,2}["'][^"']*$`}
	// constructOpen: a call that builds an exception, up to its "(": a constructor's
	// super call (`super().__init__(`, `Exception.__init__(self, …`), or an exception's
	// class (a name that ends in Error, Exception, Warning or Failure, C++'s
	// std::runtime_error) after an assignment, a return, a yield, a throw or "new", or
	// inside a call's arguments (`errors.append(`, `mock.patch(…, side_effect=`), as code
	// writes it: no prose before it. The class's call alone at a line's start is a
	// printed exception's repr as well (`RuntimeError('…')`): not read.
	constructOpen = &lazyregexp.Regexp{Expr: `^\s*` + constructHeader + `?(?:(?:` + constructLead + `\s*)?` + constructOuter + `*` + constructSuper + `|` +
		`(?:` + constructLead + `\s*` + constructOuter + `*|` + constructOuter + `+)(?:new\s+)?` + constructClass + `|new\s+` + constructClass + `)\s*\(`}
)

// Pieces of constructOpen: what leads the statement (an assignment, return, yield, throw,
// raise, a lambda), an outer call open around the construction and its arguments before
// it, the super call or a call that builds an error wherever it stands (Go's errors.New
// and fmt.Errorf, Rust's anyhow!, bail!, panic!), the exception's class.
const (
	constructLead = `(?:return|yield|await|throw|raise|lambda[^:]*:|[\w.\[\]'"]+\s*[+]?=)`
	// constructHeader: a compound statement's header on the same line (`def fake(*a):
	// raise RuntimeError("…")`, `if cond: raise …`, `except OSError: err = …`).
	constructHeader = `(?:(?:def\s+\w+\s*\([^()]*\)(?:\s*->\s*[\w.\[\], ]+)?|(?:el)?if\s[^:#]*|else|try|except\b[^:#]*|with\s[^:#]*)\s*:\s*)`
	constructOuter  = `(?:[\w.]+\s*\(\s*(?:[\w.'"]+\s*,\s*)*(?:\w+\s*=\s*)?)`
	constructSuper  = `(?:super\s*\([^()]*\)\s*\.\s*__init__|[\w.]+\.__init__|errors\.New|fmt\.Errorf|(?:anyhow|bail|panic)!)`
	constructClass  = `(?:\w+(?:::|\.))*\w*(?:Error|Exception|Warning|Failure|_error|_exception)`
)

// raisesExpect is the way a test expects a call to raise a message, as test code quotes
// it (expectMarks): pytest's `pytest.raises(RuntimeError, match="…")` and
// `pytest.warns(…, match=…)`, unittest's `assertRaisesRegex(RuntimeError, "…")` and
// `assertWarnsRegex`, GoogleTest's `EXPECT_THROW`'s and `EXPECT_THAT`'s
// `HasSubstr("…")`, a mock's `side_effect=` keyword; a message on the call's line or on
// the line below where a formatter wrapped it.
const raisesExpect = `(?:\b(?:raises|warns)\s*\([^\n]{0,120}?\bmatch\s*=\s*|\bassert(?:Raises|Warns)Regexp?\s*\([^\n]{0,120}?,\s*|` +
	`\bHasSubstr\s*\(\s*|\bside_effect\s*=\s*(?:[\w.]*(?:Error|Exception)\s*\(\s*)?)[rbuRBU]{0,2}` + absentOpen

// constructOpens reports whether before, a line up to a point inside a string, builds an
// exception (constructOpen) whose argument list holds the point (pyCallOpen).
func constructOpens(before []byte) bool {
	m := constructOpen.FindIndex(before)
	return m != nil && pyCallOpen(before[m[1]-1:])
}
