package pytoken

import (
	"fmt"
	"strings"
)

// MaxFStringNesting is CPython's MAXFSTRINGLEVEL: an f-string this many levels deep
// (itself counted, the outermost at level 1) is refused; 149 levels are accepted
// (measured with 3.12.1, 3.13.0, 3.13.5 and 3.14.10: graphs/script/testdata/pyversion).
const MaxFStringNesting = 150

// stringStart reports whether a string literal starts at src[i] and returns the
// length of its prefix (r, u, b, f, t and their valid combinations, in any case).
func stringStart(src string, i int) (int, bool) {
	for n := 0; n <= 2 && i+n < len(src); n++ {
		c := src[i+n]
		if c == '\'' || c == '"' {
			return n, validPrefix(src[i : i+n])
		}
		if !strings.ContainsRune("rRuUbBfFtT", rune(c)) {
			return 0, false
		}
	}
	return 0, false
}

// validPrefix reports whether p is a string prefix Python accepts.
func validPrefix(p string) bool {
	switch strings.ToLower(p) {
	case "", "r", "u", "b", "f", "t", "br", "rb", "fr", "rf", "tr", "rt":
		return true
	}
	return false
}

// scanString scans the string literal at src[start:] whose prefix is n bytes long and
// returns the offset just past it. depth counts the enclosing f-strings.
func (s *Scanner) scanString(start, n, depth int) (int, error) {
	p := s.pos(start)
	prefix := strings.ToLower(s.src[start : start+n])
	raw := strings.Contains(prefix, "r")
	q := s.src[start+n]
	i := start + n + 1
	triple := strings.HasPrefix(s.src[i-1:], string([]byte{q, q, q}))
	if triple {
		i += 2
	}
	if strings.ContainsAny(prefix, "ft") {
		if depth+1 >= MaxFStringNesting {
			return 0, s.errPos(s.pos(start+n), "too many nested f-strings")
		}
		if strings.Contains(prefix, "t") {
			s.form(FormTString, start)
		}
		return s.fstringBody(i, q, triple, raw, depth, p)
	}
	for {
		if i >= len(s.src) {
			return 0, s.unterminated(p, triple, "string literal")
		}
		switch c := s.src[i]; {
		case c == '\\':
			if depth > 0 {
				s.form(FormFStringBackslash, i) // in a replacement field's expression
			}
			i = s.escape(i)
		case c == '\n' || c == '\r':
			if !triple {
				return 0, s.unterminated(p, false, "string literal")
			}
			i = s.lineEnd(i)
		case c == q:
			if !triple {
				return i + 1, nil
			}
			if strings.HasPrefix(s.src[i:], string([]byte{q, q, q})) {
				return i + 3, nil
			}
			i++
		default:
			i++
		}
	}
}

// unterminated returns Python's error for a string that never ends.
func (s *Scanner) unterminated(p Pos, triple bool, what string) error {
	if triple {
		what = "triple-quoted " + what
	}
	return s.errPos(p, fmt.Sprintf("unterminated %s (detected at line %d)", what, s.line))
}

// escape skips a backslash and the character it escapes; a line end counts as a line.
func (s *Scanner) escape(i int) int {
	if i+1 >= len(s.src) {
		return i + 1
	}
	if c := s.src[i+1]; c == '\n' || c == '\r' {
		return s.lineEnd(i + 1)
	}
	return i + 2
}

// lineEnd consumes the line end at src[i] (\n, \r\n or \r) and starts a new line.
func (s *Scanner) lineEnd(i int) int {
	if s.src[i] == '\r' && i+1 < len(s.src) && s.src[i+1] == '\n' {
		i++
	}
	i++
	s.newline(i)
	return i
}

// fstringBody scans the literal part of an f-string (or t-string) from src[i] and
// returns the offset just past its closing quote.
func (s *Scanner) fstringBody(i int, q byte, triple, raw bool, depth int, p Pos) (int, error) {
	closing := string([]byte{q, q, q})
	if !triple {
		closing = closing[:1]
	}
	for {
		if i >= len(s.src) {
			return 0, s.unterminated(p, triple, "f-string literal")
		}
		var err error
		switch c := s.src[i]; {
		case c == '\\':
			if depth > 0 {
				s.form(FormFStringBackslash, i) // in a replacement field's expression
			}
			i = s.fescape(i)
		case c == '\n' || c == '\r':
			if !triple {
				return 0, s.unterminated(p, false, "f-string literal")
			}
			i = s.lineEnd(i)
		case strings.HasPrefix(s.src[i:], closing):
			return i + len(closing), nil
		case strings.HasPrefix(s.src[i:], "{{"), strings.HasPrefix(s.src[i:], "}}"):
			i += 2
		case c == '{':
			i, err = s.field(i+1, q, triple, depth)
		case c == '}':
			return 0, s.errAt(i, "f-string: single '}' is not allowed")
		default:
			i++
		}
		if err != nil {
			return 0, err
		}
	}
}

// fescape skips a backslash in an f-string's literal part: before a brace it escapes
// nothing (the brace still opens or closes a field).
func (s *Scanner) fescape(i int) int {
	if i+1 < len(s.src) && (s.src[i+1] == '{' || s.src[i+1] == '}') {
		return i + 1
	}
	return s.escape(i)
}

// field scans a replacement field's expression, conversion and format spec from
// src[i] (just after its '{') and returns the offset just past its '}'. Strings
// inside may reuse the enclosing quote (Python 3.12, PEP 701).
func (s *Scanner) field(i int, q byte, triple bool, depth int) (int, error) {
	open := s.pos(i - 1)
	brackets := 0
	for {
		if i >= len(s.src) {
			return 0, s.errPos(open, "f-string: expecting '}'")
		}
		next, skipped, err := s.fieldSkip(i, depth, q, triple)
		if err != nil {
			return 0, err
		}
		if skipped {
			i = next
			continue
		}
		c := s.src[i]
		switch {
		case c == '}' && brackets == 0:
			return i + 1, nil
		case c == ':' && brackets == 0:
			return s.formatSpec(i+1, q, triple, depth)
		}
		if brackets, err = s.fieldBracket(c, brackets, i); err != nil {
			return 0, err
		}
		i++
	}
}

// fieldSkip skips, in a replacement field at src[i], a nested string, a comment, a
// line end or a backslash escape, and reports whether it did.
func (s *Scanner) fieldSkip(i, depth int, q byte, triple bool) (int, bool, error) {
	if n, ok := stringStart(s.src, i); ok && (n == 0 || i == 0 || !isIdentByte(s.src[i-1])) {
		if s.src[i+n] == q && (!triple || strings.HasPrefix(s.src[i+n:], string([]byte{q, q, q}))) {
			s.form(FormFStringQuoteReuse, i+n) // before 3.12 this quote ends the f-string
		}
		end, err := s.scanString(i, n, depth+1)
		return end, true, err
	}
	switch s.src[i] {
	case '#':
		s.form(FormFStringComment, i)
		s.off = i
		s.skipComment()
		return s.off, true, nil
	case '\n', '\r':
		return s.lineEnd(i), true, nil
	case '\\':
		s.form(FormFStringBackslash, i)
		return s.escape(i), true, nil
	}
	return i, false, nil
}

// fieldBracket returns the bracket depth in a replacement field after byte c at i.
func (s *Scanner) fieldBracket(c byte, brackets, i int) (int, error) {
	switch c {
	case '(', '[', '{':
		if brackets >= MaxBrackets {
			return 0, s.errAt(i, "too many nested parentheses")
		}
		return brackets + 1, nil
	case ')', ']', '}':
		if brackets == 0 {
			return 0, s.errAt(i, fmt.Sprintf("f-string: unmatched '%c'", c))
		}
		return brackets - 1, nil
	}
	return brackets, nil
}

func isIdentByte(c byte) bool { return isIdentStart(c) || isDigit(c) || c >= 0x80 }

// formatSpec scans a format spec from src[i] (just after its ':'), with its nested
// replacement fields, and returns the offset just past the field's '}'.
func (s *Scanner) formatSpec(i int, q byte, triple bool, depth int) (int, error) {
	for {
		if i >= len(s.src) {
			return 0, s.errAt(i, "f-string: expecting '}'")
		}
		var err error
		switch c := s.src[i]; {
		case c == '}':
			return i + 1, nil
		case c == '{':
			if depth+1 >= MaxFStringNesting {
				return 0, s.errAt(i, "f-string: expressions nested too deeply")
			}
			i, err = s.field(i+1, q, triple, depth+1)
		case c == '\\':
			i = s.escape(i)
		case c == '\n' || c == '\r':
			if !triple {
				return 0, s.errAt(i, "f-string: expecting '}'")
			}
			i = s.lineEnd(i)
		case c == q && (!triple || strings.HasPrefix(s.src[i:], string([]byte{q, q, q}))):
			return 0, s.errAt(i, "f-string: expecting '}'")
		default:
			i++
		}
		if err != nil {
			return 0, err
		}
	}
}

func isHexDigit(c byte) bool {
	return isDigit(c) || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F')
}
