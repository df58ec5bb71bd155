package pytoken

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// Identifiers, as CPython's tokenizer reads them (PEP 3131): it takes every run of
// ASCII letters, digits, underscores and non-ASCII characters as a possible
// identifier, then verify_identifier refuses the first character that is not
// XID_Start (the first; _ too) or XID_Continue (the rest), checked before NFKC
// normalization (_PyUnicode_ScanIdentifier; Parser/tokenizer.c, python/cpython@v3.11.7;
// Parser/lexer/lexer.c from 3.13). So "·x" (U+00B7 MIDDLE DOT, XID_Continue but not
// XID_Start) and "x²" (U+00B2, neither: NFKC would make it x2) are refused, and "x·y"
// is a name. Measured with CPython 3.8.18-3.13.0 (newuser28 finding 8): 3.9 and later
// say "invalid character '·' (U+00B7)" at the character, or "invalid non-printable
// character U+00A0" for one str.isprintable refuses; 3.8 says "invalid character in
// identifier" (the reader gives the newer words).

// xidOut are the characters of ID_Start and ID_Continue that XID_Start and
// XID_Continue leave out, so that NFKC keeps identifiers identifiers (Unicode's
// DerivedCoreProperties.txt; UAX #31 §5.1). U+0E33, U+0EB3, U+FF9E and U+FF9F are
// left out of XID_Start only (xidStartOnlyOut).
var xidOut = &unicode.RangeTable{R16: []unicode.Range16{
	{Lo: 0x037A, Hi: 0x037A, Stride: 1},
	{Lo: 0x309B, Hi: 0x309C, Stride: 1},
	{Lo: 0xFC5E, Hi: 0xFC63, Stride: 1},
	{Lo: 0xFDFA, Hi: 0xFDFB, Stride: 1},
	{Lo: 0xFE70, Hi: 0xFE7E, Stride: 2},
}}

var xidStartOnlyOut = &unicode.RangeTable{R16: []unicode.Range16{
	{Lo: 0x0E33, Hi: 0x0EB3, Stride: 0x80},
	{Lo: 0xFF9E, Hi: 0xFF9F, Stride: 1},
}}

// unicode151Start and unicode151Continue are what Unicode 15.1 (CPython 3.13's
// unicodedata) adds to XID_Start and XID_Continue over Go's Unicode 15.0 (CPython
// 3.12's): CJK Extension I, and ZWNJ, ZWJ and the two katakana middle dots as
// continuing characters (compared over every code point with CPython 3.12.1: none
// differs; 3.13.0: these).
var unicode151Start = &unicode.RangeTable{R32: []unicode.Range32{{Lo: 0x2EBF0, Hi: 0x2EE5D, Stride: 1}}}

var unicode151Continue = &unicode.RangeTable{R16: []unicode.Range16{
	{Lo: 0x200C, Hi: 0x200D, Stride: 1},
	{Lo: 0x30FB, Hi: 0x30FB, Stride: 1},
	{Lo: 0xFF65, Hi: 0xFF65, Stride: 1},
}}

// isXIDStart reports whether r may start an identifier: XID_Start or _.
func isXIDStart(r rune) bool {
	if r < utf8.RuneSelf {
		return isIdentStart(byte(r))
	}
	if unicode.In(r, unicode151Start) {
		return true
	}
	return unicode.In(r, unicode.L, unicode.Nl, unicode.Other_ID_Start) && notPattern(r) &&
		!unicode.In(r, xidOut, xidStartOnlyOut)
}

// isXIDContinue reports whether r may follow an identifier's first character.
func isXIDContinue(r rune) bool {
	if r < utf8.RuneSelf {
		return isIdentStart(byte(r)) || isDigit(byte(r))
	}
	if unicode.In(r, unicode151Start, unicode151Continue) {
		return true
	}
	if unicode.In(r, xidOut) || !notPattern(r) {
		return false
	}
	return unicode.In(r, unicode.L, unicode.Nl, unicode.Other_ID_Start, unicode.Mn, unicode.Mc, unicode.Nd,
		unicode.Pc, unicode.Other_ID_Continue)
}

// notPattern reports whether r is outside Pattern_Syntax and Pattern_White_Space,
// which ID_Start and ID_Continue leave out.
func notPattern(r rune) bool {
	return !unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space)
}

// invalidChar is CPython's message for a character its tokenizer refuses, 3.9 and
// later (verify_identifier, and from 3.11 the non-printable ASCII ones before the
// punctuation: Parser/tokenizer.c python/cpython@v3.11.7): Python's str.isprintable
// is Go's unicode.IsPrint (both refuse the categories C and Z but the space).
func invalidChar(r rune) string {
	if unicode.IsPrint(r) {
		return fmt.Sprintf("invalid character '%c' (U+%04X)", r, r)
	}
	return fmt.Sprintf("invalid non-printable character U+%04X", r)
}
