package pytoken

import (
	"fmt"
	"strings"
)

// Numbers (newuser29 finding 26). CPython's tokenizer refuses a number that runs
// into a letter, a digit it does not take, or a misplaced underscore, with its own
// message: `1ubuntu` is "invalid decimal literal" at the letter, where the Scanner
// ended the number there and left the parser an "invalid syntax" on the next
// character (a pasted issue's `11.4.0-1ubuntu1`). The rules are tok_get's number
// branch, tok_decimal_tail and verify_end_of_number (Parser/tokenizer.c
// python/cpython@v3.11.7; Parser/lexer/lexer.c from 3.13), measured the same with
// CPython 3.10.13, 3.11.7, 3.12.1 and 3.13.0 (3.8 and 3.9 say "invalid syntax" a
// character later; graphs/script/pytoken/testdata/numbers.tsv). A number followed by a keyword that may
// follow one in valid code (and, else, for, if, in, is, not, or) is taken, with only
// a warning in CPython. The column is CPython's: the characters before the position
// its tokenizer backs up to.

// numErr is a number's error, cur the offset CPython's tokenizer stands at.
func (s *Scanner) numErr(cur int, format string, a ...any) error {
	return s.errAt(cur-1, fmt.Sprintf(format, a...))
}

// isPotentialIdentChar is CPython's is_potential_identifier_char: a letter, a
// digit, an underscore or any non-ASCII byte.
func isPotentialIdentChar(c byte) bool {
	return isIdentStart(c) || isDigit(c) || c >= 0x80
}

// charAt returns src[i], or 0 past the end (CPython's EOF).
func charAt(src string, i int) byte {
	if i < len(src) {
		return src[i]
	}
	return 0
}

// endOfNumber is verify_end_of_number: at i, just past a number of kind, a keyword
// that may follow a number is taken (CPython warns), another letter or digit is
// "invalid KIND literal" there.
func (s *Scanner) endOfNumber(i int, kind string) error {
	rest := s.src[i:]
	switch {
	case strings.HasPrefix(rest, "and"), strings.HasPrefix(rest, "else"), strings.HasPrefix(rest, "for"),
		strings.HasPrefix(rest, "if"), strings.HasPrefix(rest, "in"), strings.HasPrefix(rest, "is"),
		strings.HasPrefix(rest, "or"), strings.HasPrefix(rest, "not"):
		return nil
	case i < len(s.src) && isPotentialIdentChar(s.src[i]):
		return s.numErr(i, "invalid %s literal", kind)
	}
	return nil
}

// decimalTail is tok_decimal_tail: digits with single underscores between them,
// from i; it returns the offset past them.
func (s *Scanner) decimalTail(i int) (int, error) {
	for {
		for isDigit(charAt(s.src, i)) {
			i++
		}
		if charAt(s.src, i) != '_' {
			return i, nil
		}
		if !isDigit(charAt(s.src, i+1)) {
			return 0, s.numErr(i+1, "invalid decimal literal")
		}
		i++
	}
}

// number scans the number at start, as CPython's tokenizer does, and returns the
// offset past it.
func (s *Scanner) number(start int) (int, error) {
	if s.src[start] == '.' {
		return s.fraction(start + 1)
	}
	if s.src[start] == '0' {
		if c := charAt(s.src, start+1) | 0x20; c == 'x' || c == 'o' || c == 'b' {
			return s.radix(start+2, c)
		}
		return s.zero(start)
	}
	i, err := s.decimalTail(start)
	if err != nil {
		return 0, err
	}
	if charAt(s.src, i) == '.' {
		return s.fraction(i + 1)
	}
	return s.exponent(i)
}

// fraction scans the digits after a decimal point at i, then what may follow them.
func (s *Scanner) fraction(i int) (int, error) {
	if isDigit(charAt(s.src, i)) {
		var err error
		if i, err = s.decimalTail(i); err != nil {
			return 0, err
		}
	}
	return s.exponent(i)
}

// exponent scans an exponent at i (e, E), then an imaginary j, then checks the
// number's end.
func (s *Scanner) exponent(i int) (int, error) {
	if c := charAt(s.src, i); c == 'e' || c == 'E' {
		j := i + 1
		if c := charAt(s.src, j); c == '+' || c == '-' {
			if !isDigit(charAt(s.src, j+1)) {
				return 0, s.numErr(j+1, "invalid decimal literal")
			}
			j++
		} else if !isDigit(c) {
			return i, s.endOfNumber(i, "decimal") // 1else: the number is 1
		}
		var err error
		if i, err = s.decimalTail(j); err != nil {
			return 0, err
		}
	}
	if c := charAt(s.src, i); c == 'j' || c == 'J' {
		return i + 1, s.endOfNumber(i+1, "imaginary")
	}
	return i, s.endOfNumber(i, "decimal")
}

// zero scans a decimal number that starts with 0: zeros (an old-style octal with
// other digits after them is refused), then a fraction, an exponent or j.
func (s *Scanner) zero(start int) (int, error) {
	i := start
	for {
		if charAt(s.src, i) == '_' {
			if !isDigit(charAt(s.src, i+1)) {
				return 0, s.numErr(i+1, "invalid decimal literal")
			}
			i++
		}
		if charAt(s.src, i) != '0' {
			break
		}
		i++
	}
	nonzero := isDigit(charAt(s.src, i))
	if nonzero {
		var err error
		if i, err = s.decimalTail(i); err != nil {
			return 0, err
		}
	}
	switch c := charAt(s.src, i); {
	case c == '.':
		return s.fraction(i + 1)
	case c == 'e' || c == 'E' || c == 'j' || c == 'J':
		return s.exponent(i)
	case nonzero:
		return 0, s.errAt(start, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers")
	}
	return i, s.endOfNumber(i, "decimal")
}

// radixNames are the kinds of 0x, 0o and 0b numbers, as CPython's messages name
// them.
var radixNames = map[byte]string{'x': "hexadecimal", 'o': "octal", 'b': "binary"}

// radix scans the digits of a 0x, 0o or 0b number from i (r: x, o or b).
func (s *Scanner) radix(i int, r byte) (int, error) {
	in := func(c byte) bool {
		switch r {
		case 'x':
			return isHexDigit(c)
		case 'o':
			return '0' <= c && c < '8'
		}
		return c == '0' || c == '1'
	}
	for {
		if charAt(s.src, i) == '_' {
			i++
		}
		c := charAt(s.src, i)
		if !in(c) {
			if r != 'x' && isDigit(c) {
				return 0, s.numErr(i+1, "invalid digit '%c' in %s literal", c, radixNames[r])
			}
			return 0, s.numErr(i, "invalid %s literal", radixNames[r])
		}
		for in(charAt(s.src, i)) {
			i++
		}
		if charAt(s.src, i) != '_' {
			break
		}
	}
	if c := charAt(s.src, i); r != 'x' && isDigit(c) {
		return 0, s.numErr(i+1, "invalid digit '%c' in %s literal", c, radixNames[r])
	}
	return i, s.endOfNumber(i, radixNames[r])
}
