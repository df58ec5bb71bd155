package diagnose

import (
	"bytes"
	"encoding/binary"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// pushLine pushes a whole line (its '\n' included, if any) to the ring: as it is, or,
// where it holds several lines of text, as those lines, each a line of its own that
// keeps the physical line's number (splitLine). A traceback listing's context line is
// source code in every part, and so is a numbered line whose string literal's escapes
// split it, and a line of source code whose string literal they split (codeStringOpen):
// the later parts are context (a string literal's "\n\nOpenMP support not found. …" on
// an IPython context line, f1_neg_pt179135_cppcompile_openmp_jupyter, on a numbered line
// of a listing pasted without its frame's header,
// bm_neg_gptqmodel1568_c1083_algorithm_openmp_hint_in_source_listing, or as a string
// piece under `instruction = (` in a copy of codecache.py, validation v37a's 43, is no
// output).
func (s *scanner) pushLine(frag []byte) {
	parts, ok := s.splitLine(frag)
	if !ok {
		s.push(frag, nil, true, false)
		return
	}
	for i, p := range parts {
		s.push(p, nil, true, false)
		if i == 0 {
			s.splitRest, s.splitCtx = true, s.listings.cur || numberedStringOpen(p) || s.codeStringOpen(p, frag)
		}
	}
	s.splitRest, s.splitCtx = false, false
}

// codeStringOpen reports whether p, the first part of frag (a physical line) and the
// ring's last entry, opens a string literal of source code: a lone opening quote inside
// a bracket that a line of source code above opened (`instruction = (` over
// `"\n\nOpenMP support not found. Please try one of the following solutions:\n"`, the
// string pieces of Inductor's macOS hint in codecache.py and cpp_builder.py; a call's
// `RuntimeError(` over its message: e.call), or a definition's string that only code
// writes (codeDefined: a declaration with its type or keyword, `+=`, `:=`, a #define, a
// statement's ";" at the line's end). A notebook's JSON output line ("\nThe above
// exception was the direct cause …\n",) opens no bracket of code, and a plain `stderr =
// '…\n…'` is the print of a captured stderr's repr as well (TestStringForms): read.
func (s *scanner) codeStringOpen(p, frag []byte) bool {
	e := &s.ring[(s.n-1)%ringSize]
	body := bytes.TrimLeft(trimBlankLeft(trimLineRight(p)), "fbrFBRuU")
	if len(body) == 1 && (body[0] == '"' || body[0] == '\'') {
		return e.call.above > 0
	}
	return codeDefined.Match(p) || bytes.HasSuffix(trimLineRight(frag), []byte(";")) && stringDefined.Match(p)
}

// codeDefined is a definition of a string that only source code writes, up to its
// opening quote: a declaration whose name has a type or a keyword before it (`const
// std::string kHint = "`, `static const char* kMsg = "`, `let msg = "`), `msg += "`,
// Go's `msg := "`, a #define.
var codeDefined = &lazyregexp.Regexp{Expr: `^\s*(?:` + cDefine + `\s+|(?:[A-Za-z_][\w:<>,]*[\s*&]+){1,6}[A-Za-z_]\w*\s*=\s*|` +
	`[A-Za-z_][\w.]*(?:\[[^\]]*\])?\s*(?:\+=|:=)\s*)` + stringOpenTo}

// numberedStringOpen reports whether p, a line's first part, is a listing's numbered
// line (no failing line's arrow) that ends in a string literal's opening quote, with an
// optional prefix: "    341         \"" (the rest of the literal is the next parts).
func numberedStringOpen(p []byte) bool {
	body := trimBlankLeft(trimLineRight(p))
	if _, arrow, ok := listingNumber(body); !ok || arrow {
		return false
	}
	rest := bytes.TrimLeft(bytes.TrimLeft(body, "0123456789"), " \t")
	rest = bytes.TrimLeft(rest, "fbrFBR")
	return len(rest) == 1 && (rest[0] == '"' || rest[0] == '\'')
}

// splitLine returns the lines of text a physical line holds, when it holds more than
// its own: a line of a JSON log (a docker or kubectl "log" field, a structured logger's
// "msg" or "error", a whole traceback in one string) whose string escapes (\n, \", \t,
// \uXXXX) are decoded, each \n a line; and a line that carriage returns split (a
// progress bar's "\r" before the message, a file with CR line ends), each part a line;
// and a line that HTML's <br> tags split (an export that joins a traceback's lines).
// Nothing is copied for a line without '\r' or '\\' (two byte scans).
func (s *scanner) splitLine(frag []byte) ([][]byte, bool) {
	body := bytes.TrimRight(frag, "\r\n")
	cr := bytes.IndexByte(body, '\r') >= 0
	esc := stringEscaped(body)
	br, _ := breakTag(body)
	if !cr && !esc && br < 0 {
		return nil, false
	}
	text := body
	// a string inside a string (a record whose field holds another record's JSON, a
	// repr of a str that held JSON) is decoded again, at most maxStringDepth times,
	// where the decoded text still escapes a line end or a quote: a Windows path's
	// "\runtime\build.py" left after the last decoding is no escape
	for n := 0; esc && n < maxStringDepth && (n == 0 || nestedEscapes(text)); n++ {
		s.split, s.split2 = unescapeJSON(s.split2[:0], text), s.split
		text = s.split
	}
	if br >= 0 || esc {
		s.brk = breaksAsLines(s.brk[:0], text)
		text = s.brk
	}
	parts := s.parts[:0]
	lf := br >= 0 || esc // only decoded text or <br> tags put line ends inside the line
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\r')
		if lf {
			i = bytes.IndexAny(text, "\r\n")
		}
		if i < 0 {
			parts = s.appendPart(parts, text, esc)
			break
		}
		parts = s.appendPart(parts, text[:i], esc)
		text = text[i+1:]
	}
	s.parts = parts
	return parts, esc || len(parts) > 1
}

// maxStringDepth bounds how many times a line's strings are decoded (splitLine).
const maxStringDepth = 3

// stringEscaped reports whether b holds lines of text in a string's escapes: a line of
// JSON (jsonEscaped), or a Python str's repr that holds several lines ("'Traceback
// (most recent call last):\n  File …\n…'", a caught stderr printed): a quote and two
// "\n" escapes or more, and no backslash before another letter than n, t, r, u or x
// (a Windows path, "C:\Users\me", is no string's escapes).
func stringEscaped(b []byte) bool {
	if jsonEscaped(b) {
		return true
	}
	i := bytes.IndexByte(b, '\\')
	if i < 0 || !bytes.ContainsAny(b, `'"`) {
		return false
	}
	newlines := 0
	for ; i >= 0 && i+1 < len(b); i = nextBackslash(b, i+2) {
		switch c := b[i+1]; {
		case c == 'n':
			newlines++
		case c == 't' || c == 'r' || c == 'u' || c == 'x':
		case isASCIILetter(c):
			return false
		}
	}
	return newlines >= 2
}

// nestedEscapes reports whether decoded text holds a string's escapes still: an
// escaped line end or quote in a string that held JSON or a repr.
func nestedEscapes(b []byte) bool {
	return stringEscaped(b) && (bytes.Contains(b, []byte(`\n`)) || bytes.Contains(b, []byte(`\"`)))
}

// jsonEscaped reports whether b is a line of JSON whose strings carry escapes: a key
// ("…":) and a backslash before n, r, t, ", \, / or u.
func jsonEscaped(b []byte) bool {
	i := bytes.IndexByte(b, '\\')
	if i < 0 || !bytes.Contains(b, []byte(`":`)) {
		return false
	}
	for ; i >= 0 && i+1 < len(b); i = nextBackslash(b, i+2) {
		switch b[i+1] {
		case 'n', 'r', 't', '"', '\\', '/', 'u':
			return true
		}
	}
	return false
}

func nextBackslash(b []byte, from int) int {
	if from >= len(b) {
		return -1
	}
	j := bytes.IndexByte(b[from:], '\\')
	if j < 0 {
		return -1
	}
	return from + j
}

// unescapeJSON appends b to dst with JSON's string escapes decoded (\n, \r, \t, \b, \f,
// \", \\, \/, \uXXXX with surrogate pairs, and a Python repr's \'); another escape stays
// as it is.
func unescapeJSON(dst, b []byte) []byte {
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\\' || i+1 >= len(b) {
			dst = append(dst, c)
			continue
		}
		n, adv := jsonEscape(b[i:])
		if adv == 0 {
			dst = append(dst, c)
			continue
		}
		dst = append(dst, n...)
		i += adv - 1
	}
	return dst
}

// jsonEscape decodes the escape at the start of b (b[0] is '\\'): the bytes it stands
// for and its length, 0 when it is none of JSON's.
func jsonEscape(b []byte) ([]byte, int) {
	switch b[1] {
	case 'n':
		return []byte{'\n'}, 2
	case 'r':
		return []byte{'\r'}, 2
	case 't':
		return []byte{'\t'}, 2
	case 'b', 'f':
		return []byte{' '}, 2
	case '"', '\\', '/', '\'':
		return b[1:2], 2
	case 'u':
		r, ok := hex4(b[2:])
		if !ok {
			return nil, 0
		}
		adv := 6
		if utf16.IsSurrogate(r) && len(b) >= 12 && b[6] == '\\' && b[7] == 'u' {
			if r2, ok := hex4(b[8:]); ok {
				r, adv = utf16.DecodeRune(r, r2), 12
			}
		}
		return utf8.AppendRune(nil, r), adv
	}
	return nil, 0
}

// hex4 reads four hex digits at the start of b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// appendPart appends a line of a split line, except the rest of a JSON line after its
// string's last line (`","stream":"stderr",…}`) where it holds no anchor: keys, no text
// of the log, and it would stand between "Name: torch" and the version on the next JSON
// line. A rest with an anchor is the log's: a structured logger's next field, which holds
// the error or the release (`","error":"RuntimeError: CUDA error: operation not
// permitted when stream is capturing"}`, `","torch_version":"2.6.0+cu124"}` after a
// message whose text ends with a line end).
func (s *scanner) appendPart(parts [][]byte, p []byte, esc bool) [][]byte {
	if esc && len(parts) > 0 && len(p) > 0 && p[0] == '"' && (len(p) == 1 || p[1] == ',' || p[1] == '}') && !s.anchored(p) {
		return parts
	}
	return append(parts, p)
}

// anchored reports whether a value of b, the rest of a JSON line, holds one of the
// prefilter's anchors: an anchor inside a key does not count, as docker's "stream" is
// a key of every line and an anchor.
func (s *scanner) anchored(b []byte) bool {
	found := false
	s.t.anchors.find(b, func(_, at int) {
		if !found && !inJSONKey(b, at) {
			found = true
		}
	})
	return found
}

// inJSONKey reports whether byte at of b lies in a JSON object's key: the string it
// lies in is followed by a colon.
func inJSONKey(b []byte, at int) bool {
	for i := at; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			rest := bytes.TrimLeft(b[i+1:], " \t")
			return len(rest) > 0 && rest[0] == ':'
		}
	}
	return false
}

// stripEscapes removes ANSI escape sequences from b, in place (7-bit and 8-bit:
// escapeLen), so that the prefilter finds an anchor that colour codes cut
// ("\x1b[1;31mKeyError\x1b[0m: 'k'"), then, where controls says b holds them
// (hasControls), the control bytes a terminal shows nothing for (dropControls), then
// shows backspaces as a terminal does (overstrike); a line without ESC, C1 controls
// or backspaces is returned as it is after a few byte scans.
func stripEscapes(b []byte, controls bool) []byte {
	b = withoutEscapes(b)
	if controls {
		b = dropControls(b)
	}
	if bytes.IndexByte(b, '\b') >= 0 {
		b = overstrike(b)
	}
	return b
}

// shownEscapes is stripEscapes for a quote: the control bytes stay, for
// quote's escaping to show them where the log has them.
func shownEscapes(b []byte) []byte {
	b = withoutEscapes(b)
	if bytes.IndexByte(b, '\b') >= 0 {
		b = overstrike(b)
	}
	return b
}

// withoutEscapes removes ANSI escape sequences from b, in place (stripEscapes).
func withoutEscapes(b []byte) []byte {
	if i := firstEscape(b); i >= 0 {
		out := b[:i]
		for ; i < len(b); i++ {
			if isEscapeAt(b, i) {
				i += escapeLen(b[i:]) - 1
				continue
			}
			out = append(out, b[i])
		}
		b = out
	}
	return b
}

// Control bytes as a terminal shows them (xterm's ctlseqs, "Single-character
// functions"; the C0 set of ECMA-48 §8.2): NUL, BEL, DEL and the other C0 controls
// show nothing and take no column, so that a log captured from a terminal (script(1),
// tmux's pipe-pane, a CI runner's raw console) carries them inside text its user saw
// whole (sweep9 #9: "skipping cudagraphs due\x07 to cpu device" hid the message); VT
// and FF move the cursor down a line, which the text reads as a space between words.
// Tab, line feed and carriage return are read as white space elsewhere (splitLine,
// cleanLine), backspace by overstrike, ESC by withoutEscapes. The C1 controls in UTF-8
// and Unicode's bidirectional controls are dropped by normalize (controlLookalikes).
const (
	swarOnes = 0x0101010101010101
	swarHigh = 0x8080808080808080
	swarLow7 = 0x7f7f7f7f7f7f7f7f
)

// hasControls reports whether b holds a byte that dropControls drops or turns to a
// space, or a C1 control in UTF-8 (0xc2 0x80-0x9f): DEL and 0xc2 by a byte scan each,
// the C0 controls eight bytes a step (tabs read as no control in the step's test), a
// byte loop only over a step with a byte below 0x20 and past the line's end.
func hasControls(b []byte) bool {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1] // bytes.TrimRight builds its set on each call
	}
	if bytes.IndexByte(b, 0x7f) >= 0 || hasC1(b) {
		return true
	}
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		y := x ^ (swarOnes * '\t')
		x |= ^((y&swarLow7 + swarLow7) | y | swarLow7) >> 2 // a tab (y's zero byte) as 0x29
		if (x-swarOnes*0x20)&^x&swarHigh == 0 {
			continue
		}
		for j := i; j < i+8; j++ {
			if isControlAt(b, j) {
				return true
			}
		}
	}
	for ; i < len(b); i++ {
		if isControlAt(b, i) {
			return true
		}
	}
	return false
}

// hasC1 reports whether b holds a C1 control in UTF-8.
func hasC1(b []byte) bool {
	for {
		i := bytes.IndexByte(b, 0xc2)
		if i < 0 || i+1 >= len(b) {
			return false
		}
		if b[i+1] >= 0x80 && b[i+1] <= 0x9f {
			return true
		}
		b = b[i+1:]
	}
}

// isControlAt reports whether b[i] is a control byte dropControls reads.
func isControlAt(b []byte, i int) bool {
	c := b[i]
	return silentControl(c) || c == '\v' || c == '\f'
}

// silentControl reports whether c is a control byte a terminal shows nothing for:
// a C0 control but tab, line feed, VT, FF, carriage return, backspace and ESC; or DEL.
func silentControl(c byte) bool {
	switch c {
	case '\t', '\n', '\v', '\f', '\r', '\b', 0x1b:
		return false
	}
	return c < 0x20 || c == 0x7f
}

// dropControls removes from b, in place, the control bytes a terminal shows nothing
// for (silentControl), and makes VT and FF a space.
func dropControls(b []byte) []byte {
	out := b[:0]
	for _, c := range b {
		switch {
		case c == '\v' || c == '\f':
			out = append(out, ' ')
		case !silentControl(c):
			out = append(out, c)
		}
	}
	return out
}

// firstEscape returns the offset of b's first escape sequence (isEscapeAt), -1 for
// none: an ESC, or a byte that starts a C1 control, in UTF-8 (0xc2) or raw (0x9b,
// 0x9d).
func firstEscape(b []byte) int {
	first := len(b)
	for _, c := range []byte{0x1b, 0xc2, 0x9b, 0x9d} {
		for j := 0; j < first; {
			k := bytes.IndexByte(b[j:first], c)
			if k < 0 {
				break
			}
			if isEscapeAt(b, j+k) {
				first = j + k
				break
			}
			j += k + 1
		}
	}
	if first == len(b) {
		return -1
	}
	return first
}

// overstrike returns b as a terminal shows it, or col -b: a backspace moves back one
// character and the next character takes its place, so that bold ("X\bX") and underline
// ("_\bX") show X and a word typed over ("mu\b\bmutated") shows the last one typed
// (sweep7 finding 9).
func overstrike(b []byte) []byte {
	var cols [][]byte // each column's last character, sharing b's bytes
	at := 0
	for i := 0; i < len(b); {
		_, n := utf8.DecodeRune(b[i:])
		c := b[i : i+n]
		i += n
		switch {
		case c[0] == '\b':
			at = max(0, at-1)
		case at < len(cols):
			cols[at], at = c, at+1
		default:
			cols, at = append(cols, c), at+1
		}
	}
	return bytes.Join(cols, nil)
}

// breaksAsLines appends b to dst with each <br> tag (breakTag) a '\n'.
func breaksAsLines(dst, b []byte) []byte {
	for {
		i, n := breakTag(b)
		if i < 0 {
			return append(dst, b...)
		}
		dst = append(append(dst, b[:i]...), '\n')
		b = b[i+n:]
	}
}
