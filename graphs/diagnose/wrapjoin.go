package diagnose

import (
	"bytes"
	"regexp"
)

// quoteLines joins entries from..to, unquoted and trimmed, for the quote of row's wrapped
// match: with a space, except where a terminal cut a word at its width (sweep finding 19:
// "can't be specifi" / "ed at the same time." was quoted "specifi ed"). A break falls
// inside a word where the word's two parts joined are in row's literal and, spaced,
// are not; or, beyond the literal, where row's pattern matches only with that break
// joined ("(3 instan" / "ces)").
func (s *scanner) quoteLines(row *compiledRow, from, to int) []byte {
	var lines [][]byte
	for j := from; j <= to; j++ {
		lines = append(lines, bytes.TrimSpace(s.entry(j).unquoted))
	}
	tight := make([]bool, len(lines))
	lit := bytes.ToLower(row.literal)
	var open []int // word|word breaks left spaced
	for j := 1; j < len(lines); j++ {
		tail, head := trailingWord(lines[j-1]), leadingWord(lines[j])
		if len(tail) == 0 || len(head) == 0 {
			continue
		}
		joined := bytes.ToLower(append(append([]byte{}, tail...), head...))
		spaced := bytes.ToLower(append(append(append([]byte{}, tail...), ' '), head...))
		if bytes.Contains(lit, joined) && !bytes.Contains(lit, spaced) {
			tight[j] = true
		} else {
			open = append(open, j)
		}
	}
	if row.pattern != nil && len(open) > 0 && !row.pattern.Match(joinLines(lines, tight)) {
		tightenForPattern(row.pattern, lines, tight, open)
	}
	return joinLines(lines, tight)
}

// tightenForPattern joins the first of the open breaks with which re matches, where
// re does not match with them spaced.
func tightenForPattern(re *regexp.Regexp, lines [][]byte, tight []bool, open []int) {
	for _, j := range open {
		tight[j] = true
		if re.Match(joinLines(lines, tight)) {
			return
		}
		tight[j] = false
	}
}

// joinLines joins lines with a space, or with nothing before line j where tight[j].
func joinLines(lines [][]byte, tight []bool) []byte {
	var b []byte
	for j, l := range lines {
		if j > 0 && !tight[j] {
			b = append(b, ' ')
		}
		b = append(b, l...)
	}
	return b
}

// trailingWord and leadingWord return the letters and digits that end or start b.
func trailingWord(b []byte) []byte {
	i := len(b)
	for i > 0 && isWordByte(b[i-1]) {
		i--
	}
	return b[i:]
}

func leadingWord(b []byte) []byte {
	i := 0
	for i < len(b) && isWordByte(b[i]) {
		i++
	}
	return b[:i]
}
