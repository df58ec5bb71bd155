package pytoken

import "unicode/utf8"

// CPython's parser pulls tokens one at a time, so an error its parser meets on an
// earlier line is the one it reports over two kinds of the tokenizer's:
//
//   - a printable ASCII character that is no operator ($, ?, `): CPython's tokenizer
//     gives it as an OP token (PyToken_OneChar's fallback, Parser/tokenizer.c
//     python/cpython@v3.11.7; Parser/lexer/lexer.c from 3.13), which its parser
//     refuses: "invalid syntax" at the character, unless the parser failed before it;
//   - a bracket still open at the end ("'(' was never closed"), which CPython 3.10
//     and later report over a parser error only when the error is on a later line
//     than the bracket (_PyPegen_tokenize_full_source_to_check_for_errors,
//     Parser/pegen_errors.c python/cpython@v3.11.7), or when the parser reached the
//     end of the input, which its look-ahead inside an open bracket does: so a parse
//     error before every open bracket, or a stray character on the innermost one's
//     line or before, is reported (measured, 3.10.13 and 3.13.0: `x = = 1; y = (` and
//     `foo($` are "invalid syntax"; `f(a b` and `b = [1,` then `b = [1,` are "never
//     closed", the parser's look-ahead having met the end).
//
// Every other tokenizer error (an invalid non-ASCII character, an unterminated
// string, a bad dedent) CPython 3.10 and later report over a parser error on an
// earlier line, as the Scanner does (measured with CPython 3.10.13-3.13.0: `x = = 1`
// then `y = €` is line 2's "invalid character '€' (U+20AC)"; 3.8 and 3.9 report line 1's
// "invalid syntax"). newuser28 finding 9: `x = = 1` then "y = `a`" was line 2's
// "invalid character '`' (U+0060)" where every CPython says line 1's "invalid syntax".

// Deferred holds the errors a Scanner made with DeferParserErrors leaves for its
// parser to order (each nil when none).
type Deferred struct {
	// Stray is the first printable ASCII character that is no operator, given as an
	// Op token: "invalid syntax" at it, unless the parser fails before it.
	Stray *Error
	// StrayOffset is Stray's byte offset.
	StrayOffset int
	// Unclosed is the innermost bracket open at the end ("'(' was never closed"),
	// after which the Scanner ends the input as if it were closed.
	Unclosed *Error
	// UnclosedOffset is that bracket's byte offset; OutermostOffset the outermost
	// open bracket's.
	UnclosedOffset, OutermostOffset int
}

// DeferParserErrors makes Next give a stray ASCII character as an Op token and end an
// input with an open bracket as if it were closed, recording both in Deferred for the
// parser to order (see above). It returns s.
func (s *Scanner) DeferParserErrors() *Scanner {
	if s != nil && s.deferred == nil {
		s.deferred = &Deferred{}
	}
	return s
}

// Deferred returns what the Scanner deferred so far (the zero Deferred when
// DeferParserErrors was not called).
func (s *Scanner) Deferred() Deferred {
	if s == nil || s.deferred == nil {
		return Deferred{}
	}
	return *s.deferred
}

// stray reads the character at start, which no operator starts: a non-printable one
// is CPython 3.11's tokenizer error (3.8-3.10: "invalid syntax"); a printable one is
// an Op token for CPython's parser to refuse ("invalid syntax"), deferred or the error
// now.
func (s *Scanner) stray(start int) (Token, error) {
	r, size := utf8.DecodeRuneInString(s.src[start:])
	if r == 0 {
		return Token{}, s.errAt(start, "source code cannot contain null bytes")
	}
	if r >= utf8.RuneSelf || r < ' ' || r == 0x7f {
		return Token{}, s.errAt(start, invalidChar(r))
	}
	err := s.errAt(start, "invalid syntax")
	if s.deferred == nil {
		return Token{}, err
	}
	if s.deferred.Stray == nil {
		s.deferred.Stray, s.deferred.StrayOffset = err.(*Error), start
	}
	s.off = start + size
	return Token{Kind: Op, Text: s.src[start:s.off], Pos: s.pos(start)}, nil
}
