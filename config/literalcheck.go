package config

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// tripleAt reports whether s holds three q quotes from i on.
func tripleAt(s string, i int, q byte) bool {
	return i+2 < len(s) && s[i] == q && s[i+1] == q && s[i+2] == q
}

// checkLiteralInput enforces the size, encoding and depth limits before the parser
// runs, so that no input can make the recursive parser exhaust the stack.
func checkLiteralInput(src string) error {
	if strings.TrimSpace(src) == "" {
		return literalErr(src, 0, "empty literal")
	}
	if len(src) > MaxLiteralBytes {
		return literalErr(src, MaxLiteralBytes, fmt.Sprintf("literal is %d bytes, more than the limit of %d", len(src), MaxLiteralBytes))
	}
	if err := checkUTF8(src); err != nil {
		return err
	}
	if err := checkIntDigits(src); err != nil {
		return err
	}
	return checkDepth(src)
}

// checkUTF8 refuses invalid UTF-8 at the offset of the first bad byte.
func checkUTF8(src string) error {
	if utf8.ValidString(src) {
		return nil
	}
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRuneInString(src[i:])
		if r == utf8.RuneError && n == 1 {
			return literalErr(src, i, "invalid UTF-8")
		}
		i += n
	}
	return nil
}

// checkDepth refuses brackets nested deeper than MaxLiteralDepth outside strings and
// comments.
func checkDepth(src string) error {
	depth := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\'', '"':
			i = stringEnd(src, i)
		case '(', '[', '{':
			depth++
			if depth > MaxLiteralDepth {
				return literalErr(src, i, fmt.Sprintf("nested more than %d levels deep", MaxLiteralDepth))
			}
		case ')', ']', '}':
			depth--
		case '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		}
	}
	return nil
}

// stringEnd returns the offset of the last byte of the string literal whose quote is
// at i, or len(src) or more when it is not closed.
func stringEnd(src string, i int) int {
	q := src[i]
	triple := tripleAt(src, i, q)
	if triple {
		i += 2
	}
	for i++; i < len(src); i++ {
		switch {
		case src[i] == '\\':
			i++
		case src[i] == q && (!triple || tripleAt(src, i, q)):
			if triple {
				i += 2
			}
			return i
		}
	}
	return i
}

// MaxIntDigits is Python's own limit on int conversion from a string (sys.int_info.
// default_max_str_digits, Python 3.11+): ast.literal_eval refuses longer int literals.
const MaxIntDigits = 4300

// checkIntDigits refuses a decimal run of more than MaxIntDigits digits outside
// strings, with Python's message, before the parser spends quadratic time on it.
func checkIntDigits(src string) error {
	run, start := 0, 0
	var quote byte
	for i := 0; i < len(src); i++ {
		c := src[i]
		if quote != 0 {
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		}
		switch {
		case c == '\'' || c == '"':
			quote, run = c, 0
		case c >= '0' && c <= '9':
			if run == 0 {
				start = i
			}
			run++
			if run > MaxIntDigits {
				return literalErr(src, start, fmt.Sprintf("Exceeds the limit (%d digits) for integer string conversion", MaxIntDigits))
			}
		case c == '_':
			// a digit separator: the run goes on
		default:
			run = 0
		}
	}
	return nil
}
