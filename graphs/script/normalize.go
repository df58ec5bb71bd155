package script

import "strings"

// oneLine returns normalize(s), at most MaxCallText bytes (cut as cut does).
func oneLine(s string) string {
	return cut(normalize(cut(s, 4*MaxCallText)), MaxCallText)
}

// normalize returns the source text of an expression on one line, as a reader would
// write it: comments dropped, each line break with the blanks around it made one
// space (none after an opening bracket or before a closing one), a trailing comma
// before a closing bracket dropped, and backslash continuations joined. String
// literals are kept as written. Text without a line break is returned unchanged.
func normalize(s string) string {
	if !strings.ContainsAny(s, "\n\r#") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\'' || c == '"':
			j := stringEnd(s, i)
			b.WriteString(s[i:j])
			i = j
		case c == '#':
			for i < len(s) && s[i] != '\n' && s[i] != '\r' {
				i++
			}
		case c == '\\' && i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r'):
			i = breakSpace(&b, s, i+1)
		case c == '\n' || c == '\r':
			i = breakSpace(&b, s, i)
		default:
			b.WriteByte(c)
			i++
		}
	}
	return strings.TrimSpace(b.String())
}

// breakSpace replaces the line break at s[i] and the blanks around it with one
// space where one is needed, and returns where the text resumes.
func breakSpace(b *strings.Builder, s string, i int) int {
	for i < len(s) && strings.IndexByte(" \t\n\r\f", s[i]) >= 0 {
		i++
	}
	out := strings.TrimRight(b.String(), " \t")
	if i < len(s) && strings.IndexByte(")]}", s[i]) >= 0 {
		out = strings.TrimSuffix(out, ",")
	}
	b.Reset()
	b.WriteString(out)
	last := byte(0)
	if len(out) > 0 {
		last = out[len(out)-1]
	}
	if last != 0 && strings.IndexByte("([{", last) < 0 && i < len(s) && strings.IndexByte(")]}", s[i]) < 0 {
		b.WriteByte(' ')
	}
	return i
}

// stringEnd returns the index just past the string literal that starts with the
// quote at s[i] (the end of s when it is not closed there).
func stringEnd(s string, i int) int {
	q := s[i : i+1]
	if strings.HasPrefix(s[i:], strings.Repeat(q, 3)) {
		q = strings.Repeat(q, 3)
	}
	for j := i + len(q); j < len(s); j++ {
		switch {
		case s[j] == '\\':
			j++
		case strings.HasPrefix(s[j:], q):
			return j + len(q)
		case len(q) == 1 && s[j] == '\n':
			return j
		}
	}
	return len(s)
}
