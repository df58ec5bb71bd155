package literal

import (
	"strings"
)

// rewrite turns a Python expression into the ASCII text the expression parser
// (expr.go) reads, in one tokenizing pass (comments, string prefixes, triple quotes
// and escapes read as Python reads them): strings, numbers, ... and non-ASCII names
// become placeholders whose values (or names) are recorded by position, and:
//   - adjacent string literals ('a' "b", r'\d' 'x', b'a' b'b') are joined into one,
//     as Python's compiler joins them; str next to bytes is Python's SyntaxError;
//   - a set display {a, b} becomes the list display [a, b], and the position of its
//     '[' is recorded in sets ({} stays an empty dict, as in Python).
//
// The returned rewriter maps offsets in the result back to the input (orig). The
// pass is linear in len(s): each string piece of a join is decoded once.
//
// The offset map costs memory in proportion to the atoms; it is kept only when
// track is set (the parser re-runs the pass with it to place an error).
func rewrite(s string, track bool, lang Lang) (*rewriter, *Error) {
	w := &rewriter{s: s, out: make([]byte, 0, len(s)), marks: []offsetMark{{0, 0}}, pLine: 1, pCol: 1, track: track, lang: lang}
	for i := 0; i < len(s); {
		var err *Error
		if i, err = w.token(i); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// offsetMark says that from output offset out on, input offset = in + (off - out).
type offsetMark struct{ out, in int }

// linecol is a position as Starlark reports it: 1-based line and rune column.
type linecol struct{ line, col int32 }

// bracket is an open bracket; for '{', whether its display is a dict or a set.
type bracket struct {
	_     [0]func() // incomparable: no equality code (examples/web: Transfer size)
	curly bool
	state uint8   // curly only: braceEmpty, braceItem, braceDict or braceSet
	out   int     // offset of the bracket in the output
	at    linecol // its position in the output (curly only)
}

const (
	braceEmpty = iota // nothing read yet: {} is a dict
	braceItem         // a first item read, no ':' or ',' yet: {x} is a set
	braceDict         // a ':' read
	braceSet          // a ',' read before any ':'
)

// rewriter is rewrite's state.
type rewriter struct {
	s     string
	out   []byte
	marks []offsetMark
	open  []bracket
	sets  map[linecol]bool   // positions of '[' that stand for a set display's '{'
	atoms atomStore          // the values of the placeholders of strings, numbers and ..., in order
	fstrs map[int]piece      // the f-strings among the atoms, by index
	track bool               // keep marks
	lang  Lang               // the Python whose Unicode \N{…} names (nil: every name known)
	names map[linecol]string // positions of the placeholders of non-ASCII names, and the names
	// posAt's progress: output offset pOff is at line pLine, column pCol.
	pOff        int
	pLine, pCol int32
}

// note records that the output written so far ends at input offset in.
func (w *rewriter) note(in int) {
	if w.track {
		w.marks = append(w.marks, offsetMark{len(w.out), in})
	}
}

// orig maps an offset in the output back to the input.
func (w *rewriter) orig(off int) int {
	m := w.marks[0]
	for _, x := range w.marks {
		if x.out <= off {
			m = x
		}
	}
	return min(max(m.in+(off-m.out), 0), len(w.s))
}

// posAt returns the Starlark position of output offset off; off must not decrease
// between calls, so all calls together walk the output once.
func (w *rewriter) posAt(off int) linecol {
	for ; w.pOff < off; w.pOff++ {
		switch c := w.out[w.pOff]; {
		case c == '\n' && w.pOff > 0 && w.out[w.pOff-1] == '\r': // \r\n is one newline
		case c == '\n' || c == '\r':
			w.pLine, w.pCol = w.pLine+1, 1
		case c&0xC0 != 0x80: // not a UTF-8 continuation byte
			w.pCol++
		}
	}
	return linecol{w.pLine, w.pCol}
}

// token copies one token (or blank, or comment) from i on and returns the offset
// after it.
func (w *rewriter) token(i int) (int, *Error) {
	s, c := w.s, w.s[i]
	switch {
	case strings.IndexByte(" \t\r\n\f\\", c) >= 0:
		w.out = append(w.out, c)
		return i + 1, nil
	case c == '#':
		return w.comment(i), nil
	case c == '\'' || c == '"':
		w.item()
		return w.strings(i)
	case numberAt(s, i):
		w.item()
		return w.number(i)
	case strings.HasPrefix(s[i:], "..."):
		w.item()
		w.atom(i, i+3, "0", Ellipsis())
		return i + 3, nil
	case isIdentByte(c) || c >= 0x80:
		w.item()
		return w.ident(i)
	}
	if c == '*' && strings.HasPrefix(s[i:], "**") {
		w.dictUnpack()
	}
	w.punct(c)
	return i + 1, nil
}

// comment copies the comment at i, up to its line's end, and returns the offset
// after it.
func (w *rewriter) comment(i int) int {
	end := strings.IndexByte(w.s[i:], '\n')
	if end < 0 {
		end = len(w.s) - i
	}
	w.out = append(w.out, w.s[i:i+end]...)
	return i + end
}

// numberAt reports whether a number starts at i: a digit, or a '.' and a digit.
func numberAt(s string, i int) bool {
	c := s[i]
	return c >= '0' && c <= '9' || c == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9'
}

// dictUnpack records a ** in an empty brace: {**d, ...} is a dict display.
func (w *rewriter) dictUnpack() {
	if n := len(w.open); n > 0 && w.open[n-1].curly && w.open[n-1].state == braceEmpty {
		w.open[n-1].state = braceDict
	}
}

// ident copies a name, or a string literal with its prefix.
func (w *rewriter) ident(i int) (int, *Error) {
	s, end := w.s, i
	if strAt(s, i) {
		return w.strings(i)
	}
	if fstrAt(s, i) {
		return w.fstringAtom(i)
	}
	ascii := true
	for end < len(s) && (isIdentByte(s[end]) || s[end] >= 0x80) {
		ascii = ascii && s[end] < 0x80
		end++
	}
	if ascii {
		w.out = append(w.out, s[i:end]...)
		return end, nil
	}
	// Starlark's scanner takes fewer characters in a name than Python (no non-ASCII
	// digits or marks): the name becomes an ASCII placeholder, read back by fromIdent.
	w.note(i)
	if w.names == nil {
		w.names = map[linecol]string{}
	}
	w.names[w.posAt(len(w.out))] = s[i:end]
	w.out = append(w.out, "_nonascii_name"...)
	w.note(end)
	return end, nil
}

// item records that the innermost open brace holds an item.
func (w *rewriter) item() {
	if n := len(w.open); n > 0 && w.open[n-1].curly && w.open[n-1].state == braceEmpty {
		w.open[n-1].state = braceItem
	}
}

// punct copies a bracket, a separator or an operator; the braces of a set display
// become brackets.
func (w *rewriter) punct(c byte) {
	n := len(w.open)
	switch c {
	case '(', '[', '{':
		w.item()
		b := bracket{curly: c == '{', out: len(w.out)}
		if b.curly {
			b.at = w.posAt(len(w.out))
		}
		w.open = append(w.open, b)
	case ')', ']', '}':
		if n == 0 {
			break
		}
		b := w.open[n-1]
		w.open = w.open[:n-1]
		if c == '}' && b.curly && (b.state == braceItem || b.state == braceSet) {
			w.out[b.out], c = '[', ']'
			if w.sets == nil {
				w.sets = map[linecol]bool{}
			}
			w.sets[b.at] = true
		}
	case ',', ':':
		if n > 0 && w.open[n-1].curly && w.open[n-1].state == braceItem {
			w.open[n-1].state = braceSet
			if c == ':' {
				w.open[n-1].state = braceDict
			}
		}
	default:
		w.item()
	}
	w.out = append(w.out, c)
}

// number reads a numeric token and writes a placeholder.
func (w *rewriter) number(i int) (int, *Error) {
	end := numberEnd(w.s, i)
	v, msg := parseNumber(w.s[i:end])
	if msg != "" {
		return 0, &Error{Offset: i, Msg: msg}
	}
	w.atom(i, end, "0", v)
	return end, nil
}

// strAt reports whether a string literal starts at i: a quote, or a prefix of at
// most two of the letters rRbBuU and a quote.
func strAt(s string, i int) bool {
	for j := i; j < len(s) && j <= i+2; j++ {
		switch {
		case s[j] == '\'' || s[j] == '"':
			return true
		case strings.IndexByte("rRbBuU", s[j]) < 0:
			return false
		}
	}
	return false
}

// piece is one string literal of a run of adjacent ones: its prefix starts at start,
// its quote is at quote, and it ends at end (ok is false when it is not closed).
type piece struct {
	_                 [0]func() // incomparable: no equality code (examples/web: Transfer size)
	start, quote, end int
	ok                bool
}

// strings reads the string literal starting at i (at its prefix), joined with the
// string literals that follow it, as Python joins them, and writes a placeholder.
func (w *rewriter) strings(i int) (int, *Error) {
	p := w.piece(i)
	run := []piece{p}
	for p.ok {
		j := w.gap(p.end)
		if j >= len(w.s) || !strAt(w.s, j) {
			break
		}
		p = w.piece(j)
		run = append(run, p)
	}
	var b strings.Builder
	isBytes := false
	for k, p := range run {
		str, bytesLit, err := decodePiece(w.s, p, w.lang)
		if err != nil {
			return 0, err
		}
		if k > 0 && bytesLit != isBytes {
			return 0, &Error{Offset: p.start, Msg: "cannot mix bytes and nonbytes literals"}
		}
		isBytes = bytesLit
		b.WriteString(str)
	}
	if err := w.fstringAfter(run[len(run)-1], isBytes); err != nil {
		return 0, err
	}
	v := Str(b.String())
	if isBytes {
		v = bytesValue(b.String())
	}
	w.atom(i, run[len(run)-1].end, `""`, v)
	return run[len(run)-1].end, nil
}

// fstringAfter refuses a run of string literals followed by an f-string, which
// Python joins to it ('a' f'{1}' is 'a1'), as fstringAtom refuses one the other way
// round: not evaluated, and never a SyntaxError Python does not raise (sweep9 finding
// 20); after bytes it is Python's "cannot mix bytes and nonbytes literals".
func (w *rewriter) fstringAfter(last piece, isBytes bool) *Error {
	j := w.gap(last.end)
	switch {
	case !last.ok || j >= len(w.s) || !fstrAt(w.s, j):
		return nil
	case isBytes:
		return &Error{Offset: j, Msg: "cannot mix bytes and nonbytes literals"}
	}
	return &Error{Offset: j, Msg: "an f-string joined to an adjacent string literal is not evaluated", ours: true}
}

// atomChunk is the number of atoms an atomStore chunk holds.
const atomChunk = 4096

// atomStore holds the atoms in chunks that never move: nodes point at their atom, and
// a million atoms are neither copied nor allocated twice as a growing slice would
// (sweep finding 9).
type atomStore struct {
	chunks [][]Value
	n      int
}

// add appends v. The first chunk grows as a slice does (a small literal allocates
// little); the others are allocated whole.
func (a *atomStore) add(v Value) {
	switch last := len(a.chunks) - 1; {
	case last < 0:
		a.chunks = append(a.chunks, nil)
	case len(a.chunks[last]) == atomChunk:
		a.chunks = append(a.chunks, make([]Value, 0, atomChunk))
	}
	c := &a.chunks[len(a.chunks)-1]
	*c = append(*c, v)
	a.n++
}

// len is the number of atoms.
func (a *atomStore) len() int { return a.n }

// at is atom i, 0 <= i < a.len().
func (a *atomStore) at(i int) *Value { return &a.chunks[i/atomChunk][i%atomChunk] }

// atom writes placeholder for the atom s[start:end] and records its value.
func (w *rewriter) atom(start, end int, placeholder string, v Value) {
	w.note(start)
	w.atoms.add(v)
	w.out = append(w.out, placeholder...)
	w.note(end)
}

// piece reads the string literal whose prefix starts at i (a backslash escapes the
// next byte, in raw strings too, as Python tokenizes them).
func (w *rewriter) piece(i int) piece {
	s := w.s
	q := i
	for s[q] != '\'' && s[q] != '"' {
		q++
	}
	quote := s[q : q+1]
	if tripleAt(s, q, s[q]) {
		quote = s[q : q+3]
	}
	for j := q + len(quote); j < len(s); j++ {
		switch {
		case s[j] == '\\':
			j++
		case s[j] == '\n' && len(quote) == 1:
			return piece{start: i, quote: q, end: j}
		case strings.HasPrefix(s[j:], quote):
			return piece{start: i, quote: q, end: j + len(quote), ok: true}
		}
	}
	return piece{start: i, quote: q, end: len(s)}
}

// gap skips what may stand between two adjacent string literals: blanks, line
// continuations and, inside brackets, newlines and comments.
func (w *rewriter) gap(i int) int {
	for i < len(w.s) {
		n := w.gapLen(i)
		if n == 0 {
			return i
		}
		i += n
	}
	return i
}

// gapLen returns the length of the blank, line continuation or (inside brackets)
// newline or comment at i, or 0.
func (w *rewriter) gapLen(i int) int {
	s, nested := w.s[i:], len(w.open) > 0
	switch c := s[0]; {
	case c == ' ' || c == '\t' || c == '\f':
		return 1
	case strings.HasPrefix(s, "\\\n"):
		return 2
	case strings.HasPrefix(s, "\\\r\n"):
		return 3
	case nested && (c == '\n' || c == '\r'):
		return 1
	case nested && c == '#':
		if end := strings.IndexByte(s, '\n'); end >= 0 {
			return end
		}
		return len(s)
	}
	return 0
}

func isIdentByte(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

func isHexDigit(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}
