package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A message held by code: source code that builds a message, holds it in a name, or names
// the error's code as code does is no run that printed it. One table of the shapes of
// such code (codeShapes) decides it (heldByCode), each shape read on the line around the
// message's place (rowAt: where the row's literal starts, or the head of a message
// wrapped over two string pieces, wrappedAt) or around the error code's name:
//   - an exception built and not raised: a test's exception class that fakes the error
//     (`class _Uncapturable(RuntimeError):` over `super().__init__("operation not
//     permitted when stream is capturing")`, a benchmark's test module: validation v33a's
//     45, holdoutGA), `mock.side_effect = RuntimeError("…")`, `errors.append(
//     CudaError("…"))`, C++'s `throw std::runtime_error("…");` in a test double, Go's
//     errors.New, Rust's bail!, a one-line def or if that raises it (constructOpen);
//   - an error-string function or table (`case hipErrorStreamCaptureUnjoined:` over
//     `return "capturing stream has unjoined work";`, a HIP runtime's hipGetErrorString
//     switch: ga_neg_hip_error_string_switch, holdoutGA), a table's entry, a map's key, a Rust match arm
//     (builtString);
//   - a constant or a variable that holds the message in nine languages, a config file's
//     key (stringDefined, stringKeyed: holdoutDF's and holdoutFD's);
//   - the error code named as code names it: a switch's label, an enum's constant
//     (`cudaErrorStreamCaptureUnjoined = 904,`), a #define, a table's entry, a map's key,
//     a match arm, a comparison with "==" or "!=" (`if (err ==
//     hipErrorStreamCaptureUnsupported ||`, errors.Is, matches!: validation v37b's 68)
//     (errorCodeName between its lead and its end);
//   - a message cut at the end of a string piece inside a call's argument list opened
//     above (cutHead, inCall);
//   - PyTorch's source listed under its def (a raise, a bare assert), an except clause's
//     comment, a string a return's bracket holds over lines, an error code's
//     documentation (source_shapes.go): rows that read the line's def, the lines above
//     it, the row's literal or the whole line, and a fence's code as well;
//   - a program's own notice of a refusal it avoids: a string, or a comment of its own
//     that is not the exception's printed line (guardNote), in the block of a guard, an
//     if that tests the Python, the torch, the platform, the device or the caught
//     exception's text or the error code it got back (`if (err != hipSuccess) {` over a
//     comment naming hipErrorStreamCaptureUnsupported, v37b's 68: codeGuard; a C block
//     comment too) (`if python_version >= (3, 14):` over `print("  torch.compile is
//     not supported on Python 3.14+")`, `if "Dynamo is not supported on Python 3.12+" in
//     str(exc):` over the program's skip notice: hc_code_py314_skip_print_env_hooks,
//     hc_code_webbgpt_catch_dynamo_py312, holdoutHC; guardHeader, heldState's blocks); a
//     comment beside a guard's test or a version bound (`python_requires='>=3.9, <3.12',
//     # Dynamo is not supported on Python 3.12+`, hc_setup_py_requires_comment_dynamo_pin231:
//     guardComment); a raise or an emitting call commented out (`#    raise
//     RuntimeError("Windows not yet supported for torch.compile")`,
//     hc_rst_doc_comment_out_check_if_dynamo_supported: commentedCall).
//
// A message wrapped over two string pieces of one call's argument (implicit
// concatenation: `refused = RuntimeError(` over "\"cudaErrorStreamCaptureUnsupported:
// operation not permitted when \"" and "\"stream is capturing\"", a test's double of a
// refused capture, gb_neg_test_capture_invalidated_refused_concat_string, holdoutGB's refused_concat_string) is the same
// code as the message on one line in that call: the rules that read a string of code
// (raisedInSource, emittedInSource, assertedInSource, heldByCode) read the wrapped
// message's first line where its literal starts (wrappedAt). A test's expectation that a
// call raises it (`pytest.raises(…, match="…")`) is read with the other expectations
// (raisesExpect, expectMarks). A run prints the message, and names the code in prose or
// after the message ("(cudaErrorStreamCaptureUnjoined)"), never as a label, a constant
// or a key. As for the other statements of source (sourceStatement), a traceback frame's
// failing line (underFrame), a markdown fence's code (a thread that quotes it to ask about
// the failure) and a diff's line (a pull request that fixes or rewords the failure:
// "+ error_msg = \"static input data pointer changed.\\n\"", pytorch/pytorch#127145,
// labelled the code's in the build set) stay read, as the corpus's labels read them.

// codeShape is one shape of source code that holds a message (codeShapes).
type codeShape struct {
	// on is where the shape reads: the row's words inside a string (before: the line up
	// to them), the row's words in or out of one, the error code's name outside one
	// (before and after: the line around it), the whole line (before), or a head of the
	// words cut at a string piece's end in a call (cutInCall)
	on shapeOn
	// before and after must match the line before and after the words or the name (nil:
	// any); opens: before's match ends at a bracket ("(", "[") whose contents hold the
	// words inside a string (pyCall); notKey: a match whose first group this matches is
	// none (a log's level); above: the line above (past one blank line) must match it;
	// literal: the row's literal must match it
	before, after, notKey, above, literal *lazyregexp.Regexp
	// from and to: before is read joined below from to to lines above it (0: the line
	// alone; heldSite's lines above), the first that matches
	from, to uint8
	// opens: as above; inDef: the line is in a Python def's body (ringLine.def); fenced:
	// the shape reads inside a markdown fence as well
	opens, inDef, fenced bool
}

// shapeOn is where a codeShape reads.
type shapeOn uint8

const (
	inQuotes  shapeOn = iota // the words inside a string (inString)
	onName                   // an error code's name (errorCodeName) outside a string
	cutInCall                // a head of the words cut at a string piece's end, inside a call's arguments
	atWords                  // the words, in a string or not
	onLine                   // the whole line, wherever the words are
	inGuard                  // the words in a string or a comment (guardNote) on a line in a guard's block (heldCtx.guard)
	inComment                // the words in a comment after code (commentAt: a byte scan before the expression)
)

// codeShapes are the shapes of source code that holds a message, each a fact read from
// the texts named in this file's comment and source_shapes.go's (TestHeldByCode holds
// one case or more of each, by its place here).
var codeShapes = []codeShape{
	{on: inQuotes, before: constructOpen, opens: true},           // an exception's construction
	{on: inQuotes, before: builtString},                          // a string returned or mapped
	{on: inQuotes, before: stringDefined, to: 1},                 // a constant's or a variable's definition
	{on: inQuotes, before: stringKeyed, notKey: keyLevel, to: 1}, // a config file's key
	{on: onName, before: caseLabel, after: labelEnd},             // a case label
	{on: onName, before: codeLead, after: constantDef},           // an enum's or a constant's definition
	{on: onName, before: codeLead, after: entryKey},              // a table's entry, a map's key, a match arm
	{on: onName, before: defineLead},                             // a #define
	{on: onName, before: compareLead},                            // compared, the name on the right
	{on: onName, before: anyLead, after: compareEnd},             // compared, the name on the left
	{on: cutInCall}, // a head cut in a call's string pieces
	{on: atWords, before: defStatement, inDef: true, fenced: true},                     // a raise or a bare assert in a def's body
	{on: atWords, before: blankLead, literal: statementLit, inDef: true, fenced: true}, // a statement the row's literal is, in a def's body
	{on: atWords, before: caughtComment, to: 1, fenced: true},                          // an except clause's comment
	{on: atWords, before: returnOpen, opens: true, from: 1, to: 2},                     // a string a return's bracket holds over lines
	{on: onLine, before: codeValueRow, fenced: true},                                   // an error code's table row with its value
	{on: onLine, before: codeTerm, fenced: true},                                       // an error code's glossary term
	{on: onLine, before: defBody, above: codeTermBare, fenced: true},                   // a definition under an error code's term
	{on: inGuard},                         // a string or a note in a guard's block
	{on: inComment, before: guardComment}, // a comment beside a guard or a version bound
	{on: inQuotes, before: commentedCall}, // a raise or an emitting call commented out
}

// heldSite is what codeShapes read around a row's match: the line, the one or two lines
// above it that are code with it (lines of them; none past a diff's line, a line under a
// traceback frame's header or a fence's line where the line is in none), the row's
// literal, where the row's words (cut: a head of them) stand on the line (-1: nowhere),
// whether that place is inside the argument list of a call opened above (called), the
// line in a def's body (inDef), in a markdown fence (inFence) and in a guard's block
// (guarded: heldCtx.guard).
type heldSite struct {
	line, literal                        []byte
	above                                [2][]byte
	lines, at                            int
	cut, called, inDef, inFence, guarded bool
}

// heldByCode reports whether row i's match on e is a message held by source code: a line
// of source code (not a traceback frame's failing line or a diff's; a fenced block's only
// for a shape that reads there) of one of codeShapes.
func (s *scanner) heldByCode(i int, e *ringLine) bool {
	if !e.lineStart || e.underFrame || diffLine(e.raw) {
		return false
	}
	h := heldSite{line: e.clean, literal: s.rows[i].literal, at: s.rowAt(i, e), inDef: e.def != "", inFence: e.inFence, guarded: e.held.guard}
	if h.at < 0 {
		h.at, _ = cutHead(e.clean, h.literal)
		h.cut, h.called = true, h.at > 0 && !e.call.data && inCall(e, h.at)
	}
	for p := s.lineAbove(e); h.lines < len(h.above) && p != nil && !diffLine(p.raw) && !p.underFrame && (e.inFence || !p.inFence); p = s.lineAbove(p) {
		h.above[h.lines] = p.clean
		h.lines++
	}
	return h.shape() >= 0
}

// shape returns the index of the first of codeShapes that holds h, else -1.
func (h *heldSite) shape() int {
	quoted, named, lo, hi := false, false, 0, 0
	if h.at >= 0 {
		quoted = inString(h.line, h.at)
		lo, hi = nameAround(h.line, h.at)
		named = !quoted && errorCodeName.Match(h.line[lo:hi])
	}
	for k, sh := range codeShapes {
		if sh.fits(h) && sh.reads(h, quoted, named, lo, hi) {
			return k
		}
	}
	return -1
}

// fits reports whether h is a place sh reads at all: in a fence only where sh is fenced,
// in a def where sh wants one, the row's literal sh's literal.
func (sh *codeShape) fits(h *heldSite) bool {
	return (sh.fenced || !h.inFence) && (h.inDef || !sh.inDef) && (sh.literal == nil || sh.literal.Match(h.literal))
}

// reads reports whether sh holds h, quoted where h's place is inside a string, named
// where the name at h.line[lo:hi] around it is an error code's.
func (sh *codeShape) reads(h *heldSite, quoted, named bool, lo, hi int) bool {
	switch {
	case sh.on == onLine:
		return sh.holds(h, h.line, nil)
	case h.at < 0:
		return false
	case sh.on == cutInCall:
		return h.cut && quoted && h.called
	case h.cut:
		return false
	case sh.on == onName:
		return named && sh.holds(h, h.line[:lo], h.line[hi:])
	case sh.on >= inGuard:
		return sh.readsNote(h, quoted)
	}
	return (quoted || sh.on == atWords) && sh.holds(h, h.line[:h.at], nil)
}

// readsNote is reads for the shapes of a program's own note (inGuard, inComment): a
// comment's mark found by a byte scan before guardComment's expression runs (every hit's
// line is read).
func (sh *codeShape) readsNote(h *heldSite, quoted bool) bool {
	if sh.on == inGuard {
		return h.guarded && (quoted || guardNote(h.line, h.at))
	}
	return !quoted && commentAt(h.line[:h.at]) > 0 && sh.holds(h, h.line[:h.at], nil)
}

// guardNote reports whether line[at] is in a comment of its own that is not the
// exception's line as a run prints it ("# RuntimeError: Dynamo is not supported on Python
// 3.13+" over a skipped test records the failure seen, as the corpus labels packaging skip
// lists' comments: ab_nixpkgs_torch_geometric_disabled_tests_py313_compile,
// p_nixpkgs_diffusers_disabled_dynamo_py312).
func guardNote(line []byte, at int) bool {
	c := commentAt(line[:at])
	if c < 0 {
		c = blockCommentAt(line[:at])
	}
	return c >= 0 && !classAlone.Match(bytes.TrimLeft(line[c:at], "#/ \t")) && !classLead.Match(line[at:])
}

// blockCommentAt returns where a C block comment that goes on to before's end starts on
// before: its "/*" outside quotes, or the " * " that starts a line of it (C's, C++'s,
// Rust's and Go's `/* hipErrorStreamCaptureUnsupported (900): … */` in a guard's block);
// -1 for none.
func blockCommentAt(before []byte) int {
	if k := bytes.LastIndex(before, []byte("/*")); k >= 0 && !bytes.Contains(before[k:], []byte("*/")) {
		if d, q := insideQuotes(before, k); !d && !q {
			return k
		}
	}
	if t := trimBlankLeft(before); len(t) > 1 && t[0] == '*' && t[1] == ' ' {
		return len(before) - len(t)
	}
	return -1
}

// holds reports whether after and the line above are sh's, and before is, alone or
// joined below the lines above (sh.from to sh.to of them).
func (sh *codeShape) holds(h *heldSite, before, after []byte) bool {
	if sh.after != nil && !sh.after.Match(after) || sh.above != nil && !sh.above.Match(h.nearAbove()) {
		return false
	}
	for n := 0; n <= int(sh.to); n++ {
		if n > 0 {
			if n > h.lines {
				return false
			}
			before = append(append(append([]byte(nil), h.above[n-1]...), '\n'), before...)
		}
		if n >= int(sh.from) && sh.leads(before) {
			return true
		}
	}
	return false
}

// nearAbove returns the line above h's, or the one above it where that line is blank
// (nil for none).
func (h *heldSite) nearAbove() []byte {
	if h.lines > 1 && len(bytes.TrimSpace(h.above[0])) == 0 {
		return h.above[1]
	}
	return h.above[0]
}

// leads reports whether before, the text up to the words or the name, is sh's before.
func (sh *codeShape) leads(before []byte) bool {
	m := sh.before.FindSubmatchIndex(before)
	switch {
	case m == nil:
		return false
	case sh.opens:
		var c pyCall
		c.feed(before[m[1]-1:])
		return c.inString()
	case sh.notKey != nil && len(m) > 3 && m[2] >= 0:
		return !sh.notKey.Match(before[m[2]:m[3]])
	}
	return true
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

// errorCodeExpr is an error code's name after its prefix (errorCodeName, builtString;
// code_guard.go's codeIdent and codeGuard read it qualified).
const errorCodeExpr = `(?:Error|ERROR)_?[A-Z]\w*`

// The shapes' expressions: an error code's name and what stands around it as code names
// it, a string that code returns or maps, an exception's construction.
var (
	// errorCodeName is an error code's name: CUDA's and HIP's runtime enums
	// (cudaErrorStreamCaptureUnjoined, hipErrorStreamCaptureInvalidated), the driver's
	// (CUDA_ERROR_STREAM_CAPTURE_UNJOINED), a binding's (ErrorStreamCaptureUnjoined,
	// CUresult::CUDA_ERROR_…): "Error" or "ERROR" and more of the name after it.
	errorCodeName = &lazyregexp.Regexp{Expr: errorCodeExpr + `$`}
	// caseLabel and labelEnd: a switch's or a match's case label, C's, Go's, Python's
	// (`case X:`).
	caseLabel = &lazyregexp.Regexp{Expr: `^\s*case\s+(?:[\w:.]+\s*,\s*)*$`}
	labelEnd  = &lazyregexp.Regexp{Expr: `^\s*(?:,\s*[\w:.]+\s*)*:(?:[^:]|$)`}
	// codeLead: what stands before a constant's or a key's name on its line: nothing, an
	// enum's or a table's brace or bracket, a quote, Go's "const".
	codeLead = &lazyregexp.Regexp{Expr: `^\s*(?:const\s+|[{\[(]\s*)?["'\x60]?$`}
	// constantDef: the rest of a constant's definition (`X = 904,`, Go's `X Error =
	// 904`), its value a number or another name, its type between in Go, a comment after.
	constantDef = &lazyregexp.Regexp{Expr: `^["'\x60]?\s*(?:\w+\s*)?=\s*(?:-?\d+|0[xX][0-9a-fA-F]+|[\w.:]+(?:\([\w.:]*\))?)\s*[,;]?\s*(?:(?://|#|/\*).*)?$`}
	// entryKey: the rest of a table's entry or a map's key (`{X, "…"}`, `X: "…",`, `[X] =
	// "…"`, a match arm's `X =>`): a ",", ":" or "=>" (or "] =") and a string, a brace
	// or a call after it.
	entryKey = &lazyregexp.Regexp{Expr: `^["'\x60]?\s*(?:,|:|=>|\]\s*=)\s*(?:[LuU8]{0,2}["'{(]|[\w:.]+!?\(|\w+::)`}
	// compareLead and compareEnd: the name compared as code compares an error code it got
	// back (codeTest): "==" or "!=" before it (`if (err == hipErrorStreamCaptureUnsupported
	// ||`, `if err == cudaErrorStreamCaptureUnsupported:`, `e == CUresult::CUDA_ERROR_…`),
	// Go's errors.Is and Rust's matches! with it as the second argument, or "==" or "!="
	// after it: validation v37b's 68 and its siblings. anyLead is any text before it.
	compareLead = &lazyregexp.Regexp{Expr: `(?:[!=]=|\berrors\.Is\s*\(\s*[\w.]+\s*,|\bmatches!\s*\(\s*[\w.]+\s*,)\s*\(?\s*$|` + codeMember}
	compareEnd  = &lazyregexp.Regexp{Expr: `^\s*\)?\s*[!=]=`}
	anyLead     = &lazyregexp.Regexp{Expr: ``}
	// defineLead: C's #define of the name.
	defineLead = &lazyregexp.Regexp{Expr: `^\s*#\s*define\s+$`}
	// builtString: a string that a function returns, or that a table, a map or a match
	// arm maps an error code to, up to its opening quote: `return "…";`, `case X: return
	// "…"`, `{cudaErrorX, "…"},`, `cudaErrorX: "…",`, `[cudaErrorX] = "…",`, `X =>
	// "…",`. A string open before it (`return f"{name}: …` is read as one).
	builtString = &lazyregexp.Regexp{Expr: `^\s*(?:(?:case\s+[\w:.]+\s*:\s*)?return\s+|` +
		`(?:[{\[(]\s*)?["']?[\w:.]*` + errorCodeExpr + `["']?\s*(?:,|:|=>|\]\s*=)\s*)` +
		`[LuUrRbBfF8]{0,2}["'][^"']*$`}
	// constructOpen: a call that builds an exception, up to its "(": a constructor's
	// super call (`super().__init__(`, `Exception.__init__(self, …`), or an exception's
	// class (a name that ends in Error, Exception, Warning or Failure, C++'s
	// std::runtime_error) after an assignment, a return, a yield, a throw or "new", or
	// inside a call's arguments (`errors.append(`, `mock.patch(…, side_effect=`), as code
	// writes it: no prose before it; an assert, an if, an elif or a while (with "not")
	// leads such a call too (`assert _uncapturable(RuntimeError("cudaErrorStreamCaptureUnsupported"))`,
	// a test's classifier handed a fake error: validation v38a's 30). The class's call alone at a line's start is a
	// printed exception's repr as well (`RuntimeError('…')`): not read.
	constructOpen = &lazyregexp.Regexp{Expr: `^\s*` + constructHeader + `?(?:(?:` + constructLead + `\s*)?` + constructOuter + `*` + constructSuper + `|` +
		`(?:` + constructLead + `\s*` + constructOuter + `*|` + constructOuter + `+)(?:new\s+)?` + constructClass + `|new\s+` + constructClass + `)\s*\(`}
)

// codeMember: Python's identity and membership tests of an error code it got back, in
// a statement that opens the line (an if, an elif, a while, a return, an assert): `if
// err in (cudaErrorStreamCaptureUnsupported, cudaErrorStreamCaptureInvalidated):`,
// `return err is cudaErrorStreamCaptureUnsupported`, `assert e.code not in {…}`; the
// tested name code's (err, e.code, status, rc, a dotted or snake_case name), so that
// prose's "and it is …" stays a report (fixneg39's siblings of v38a's 30).
const codeMember = `^\s*(?:(?:el)?if|while|return|assert)\s[^#"'\x60]*?\b(?:err\w*|e|ex|exc|status|result|ret|rc|res|code|\w+[._]\w+(?:\(\))?)\s+` +
	`(?:is(?:\s+not)?|(?:not\s+)?in\s*[({\[]\s*(?:[\w.:]+\s*,\s*)*)\s*$`

// Pieces of constructOpen: what leads the statement (an assignment, return, yield, throw,
// raise, a lambda, an assert's or an if's condition), an outer call open around the construction and its arguments before
// it, the super call or a call that builds an error wherever it stands (Go's errors.New
// and fmt.Errorf, Rust's anyhow!, bail!, panic!), the exception's class.
const (
	constructLead = `(?:return|yield|await|throw|raise|lambda[^:]*:|[\w.\[\]'"]+\s*[+]?=|(?:assert|(?:el)?if|while)(?:\s+not)?\s)`
	// constructHeader: a compound statement's header on the same line (`def fake(*a):
	// raise RuntimeError("…")`, `if cond: raise …`, `except OSError: err = …`).
	constructHeader = `(?:(?:def\s+\w+\s*\([^()]*\)(?:\s*->\s*[\w.\[\], ]+)?|(?:el)?if\s[^:#]*|else|try|except\b[^:#]*|with\s[^:#]*)\s*:\s*)`
	constructOuter  = `(?:[\w.]+\s*\(\s*(?:[\w.'"]+\s*,\s*)*(?:\w+\s*=\s*)?)`
	constructSuper  = `(?:super\s*\([^()]*\)\s*\.\s*__init__|[\w.]+\.__init__|errors\.New|fmt\.Errorf|(?:anyhow|bail|panic)!)`
	constructClass  = `(?:\w+(?:::|\.))*\w*(?:Error|Exception|Warning|Failure|_error|_exception)`
)

// stringDefined is a definition that holds a string literal in a name, the literal open
// up to the row's words (the message's first words, or its head where the row's literal
// starts inside it): a constant or a variable of source code, which holds the message a
// program prints, filters or compares. Python's `msg = "libcuda.so cannot found!\n"` in a
// copy of Triton's libcuda_dirs (bytedance/flux's compile_aot.py, holdoutDF), `msg +=
// "…"`, a module constant for a logging filter (`_SMALL_GPU_MAX_AUTOTUNE_WARNING = "Not
// enough SMs to use max_autotune_gemm mode"`, holdoutFD) and an annotated one (`MSG:
// Final[str] = "…"`); C and C++'s `static const char* kMsg = "…"`, `constexpr
// std::string_view kMsg = "…"`, `#define MSG "…"`; Go's `const msg = "…"`, `msg := "…"`,
// `var ErrX = errors.New("…")`; Rust's `const MSG: &str = "…"`; JavaScript's and
// TypeScript's `export const MSG = '…'`; Java's `private static final String MSG =
// "…"`, Kotlin's `const val`, C#'s `const string`; a TOML or INI key's `key = "…"`.
// Spaces stand around "=" as code writes them; logfmt's key="…" and a call's
// keyword="…" have none.
var stringDefined = &lazyregexp.Regexp{Expr: `^\s*(?:` + cDefine + `\s+|` + definedName + `\s+(?::=|\+?=)\s+(?:[A-Za-z_][\w.:]*\(\s*)?|` +
	`[A-Z][A-Z0-9_]+\(\s*|#\[\w+\(\s*|` + shellVar + `=|` + cppString + `|(?:` + cDefine + `\s*\\|` + definedName + `\s*(?::=|\+?=)\s*\\?)\n\s*)` + stringOpenTo}

// Pieces of stringDefined: a C macro's name after #define; a name with the words before
// it (qualifiers and a type) and a type annotation after it (Python's, Rust's,
// TypeScript's); a shell's variable in capitals, or after export, local, readonly or
// declare, with no space around "=" as a shell writes it (`ERR_PATTERN="…"`; a quote
// after "=" tells it from a KEY=value record's line, holdout5's `SIGNATURE=RuntimeError:
// …`, a positive); C++'s string built from the literal (`const std::string kMsg("…")`,
// `std::string_view kMsg{"…"}`); a string literal open up to the row's words, in single,
// double or triple quotes. An enum's member in Java (`CAPTURE("…"),`), a Rust error
// enum's attribute (`#[error("…")]`) and a definition whose string stands on the line
// below it (`#define MSG \`, `const MSG =`) define it too.
const (
	cDefine      = `#\s*define\s+[A-Za-z_]\w*`
	definedName  = `(?:[A-Za-z_][\w:<>,]*[\s*&]+){0,6}[A-Za-z_$][\w.$]*(?:\[[^\]]*\])?(?:\s*:\s*[^=\s][^=]{0,40}?)?`
	shellVar     = `(?:(?:export|local|readonly|declare(?:\s+-\w+)?)\s+[A-Za-z_]\w*|[A-Z_][A-Z0-9_]*)`
	cppString    = `(?:(?:static|const|constexpr|inline)\s+)*(?:std::)?(?:w?string(?:_view)?|String|QString)\s+[A-Za-z_]\w*\s*[({]\s*`
	stringOpenTo = `[rRbBfFuUL@$]{0,2}(?:"(?:"")?[^"]*|'(?:'')?[^']*)$`
)

// stringKeyed is a YAML mapping's key in lower case that holds a string literal open up to
// the row's words (`message: "Not enough SMs …"`, `- reason: '…'`): a config file's data.
// A log's level or kind ("error:", "warning:", "note:", "fatal:") has the same shape and
// is left (keyLevel).
var (
	stringKeyed = &lazyregexp.Regexp{Expr: `^\s*(?:-\s+)?([a-z_][a-z0-9_.-]*):\s+["'][^"']*$`}
	keyLevel    = &lazyregexp.Regexp{Expr: `^(?:error|errors|warning|warnings|warn|note|fatal|info|debug|hint|help|e|w)$`}
)

// minWrappedHead is the least of a row's literal a wrapped message's first line must end
// with for wrappedHeadAt: three words or more ("operation not permitted when" is 28).
const minWrappedHead = 12

// wrappedAt returns where e's line ends with a head of lit (wrappedHeadAt) whose rest
// starts the line below (its white space, quote marks and comment marks aside): a
// message wrapped there, not one cut at its line's end (a dict's value "Error: accessing
// tensor output of CUDAGraphs" over "}" stays a cut message's); else -1. A match over
// lines joined had read none of the wrapped message's lines as code (rowAt found no
// literal on the first line), so the wrapped form was a finding where the one-line form
// was none.
func (s *scanner) wrappedAt(e *ringLine, lit []byte) int {
	at, k := wrappedHeadAt(e.clean, lit)
	if at < 0 {
		return -1
	}
	b := s.lineBelow(e)
	if b == nil {
		return -1
	}
	rest := bytes.TrimLeft(lit[k:], " ")
	if sp := bytes.IndexByte(rest, ' '); sp > 0 {
		rest = rest[:sp]
	}
	next := bytes.TrimLeft(b.clean, " \t\"'`+#/*>")
	if len(rest) == 0 || len(next) < len(rest) || !bytes.EqualFold(next[:len(rest)], rest) {
		return -1
	}
	return at
}

// wrappedHeadAt returns where line ends with a head of lit (folded, minWrappedHead bytes
// or more, ending where a word of lit ends), only quote marks, a backslash, "+", "," or
// white space after it, and the head's length; else -1 and 0.
func wrappedHeadAt(line, lit []byte) (int, int) {
	end := len(bytes.TrimRight(line, " \t\r\n\"'`\\+,"))
	text := line[:end]
	for k := min(len(lit)-1, end); k >= minWrappedHead; k-- {
		if insideWord(lit, k) || lit[k-1] == ' ' {
			continue
		}
		if at := end - k; bytes.EqualFold(text[at:], lit[:k]) && (at == 0 || !isWordByte(text[at-1])) {
			return at, k
		}
	}
	return -1, 0
}
