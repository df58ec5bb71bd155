package literal

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The atoms of a literal (strings, numbers, ...) are read here, as Python's tokenizer
// and compiler read them, not by Starlark: the rewriter puts a placeholder in their
// place and the converter takes the value from the rewriter's table. Sources: the
// Python Language Reference, "Lexical analysis" (string and bytes literals, escape
// sequences, integer, floating-point and imaginary literals), and CPython's
// Parser/string_parser.c and Parser/tokenizer.c (3.13, 3.14) for the error texts;
// each text below was printed by the Pythons of the Debian chroots
// (testdata/torch/*-debian/calls2.json, "parse" stage).

// decodePiece returns the value of one string or bytes literal (prefix, quotes and
// body), as Python's compiler decodes it: escapes in str and bytes, raw strings,
// \N{name}, octal escapes above \377 (a str gets the code point, bytes its low
// byte), unknown escapes kept with their backslash (Python 3.12+ warns, then keeps
// them), and lone surrogates (\ud800), which a str holds in WTF-8.
func decodePiece(s string, p piece, lang Lang) (val string, isBytes bool, err *Error) {
	prefix := strings.ToLower(s[p.start:p.quote])
	isBytes = strings.Contains(prefix, "b")
	raw := strings.Contains(prefix, "r")
	if !validPrefix(prefix) {
		return "", false, &Error{Offset: p.start, Msg: "invalid syntax"}
	}
	if !p.ok {
		return "", false, &Error{Offset: p.quote, Msg: "unterminated string literal (detected at line 1)"}
	}
	ql := 1
	if tripleAt(s, p.quote, s[p.quote]) && p.end-p.quote >= 6 {
		ql = 3
	}
	body := s[p.quote+ql : p.end-ql]
	if isBytes {
		for i := 0; i < len(body); i++ {
			if body[i] >= 0x80 {
				return "", false, &Error{Offset: p.quote + ql + i, Msg: "bytes can only contain ASCII literal characters"}
			}
		}
	}
	if raw {
		return body, isBytes, nil
	}
	var b strings.Builder
	for i := 0; i < len(body); {
		if body[i] != '\\' || i+1 >= len(body) {
			b.WriteByte(body[i])
			i++
			continue
		}
		n, e := writeEscape(&b, body, i, isBytes, lang)
		if e != nil {
			e.Offset += p.quote + ql
			return "", false, e
		}
		i += n
	}
	return b.String(), isBytes, nil
}

// validPrefix reports whether a lower-cased prefix is one Python takes for a
// string or bytes literal that is not an f-string: "", r, u, b, br, rb.
func validPrefix(p string) bool {
	switch p {
	case "", "r", "u", "b", "br", "rb":
		return true
	}
	return false
}

// simpleEscapes are the one-letter escapes of str and bytes literals.
var simpleEscapes = [256]byte{'\n': 0xff, '\\': '\\', '\'': '\'', '"': '"', 'a': 7, 'b': 8, 'f': 12, 'n': 10, 'r': 13, 't': 9, 'v': 11}

// writeEscape writes the value of the escape at body[i] (a backslash) and returns
// its length.
func writeEscape(b *strings.Builder, body string, i int, isBytes bool, lang Lang) (int, *Error) {
	c := body[i+1]
	switch {
	case c == '\n' || c == '\r':
		return lineContinuation(body, i), nil
	case simpleEscapes[c] != 0:
		b.WriteByte(simpleEscapes[c])
		return 2, nil
	case c >= '0' && c <= '7':
		return octalEscape(b, body, i, isBytes), nil
	case c == 'x':
		return hexEscape(b, body, i, 2, isBytes)
	case !isBytes && strings.IndexByte("uUN", c) >= 0:
		return unicodeEscape(b, body, i, lang)
	}
	b.WriteByte('\\') // an unknown escape keeps its backslash
	return 1, nil
}

// lineContinuation returns the length of the backslash at body[i] and the line
// break after it (\n, \r or \r\n), which write nothing.
func lineContinuation(body string, i int) int {
	if body[i+1] == '\r' && i+2 < len(body) && body[i+2] == '\n' {
		return 3
	}
	return 2
}

// octalEscape writes the value of the \ooo escape (one to three octal digits) at
// body[i] and returns its length.
func octalEscape(b *strings.Builder, body string, i int, isBytes bool) int {
	n, v := 1, int(body[i+1]-'0')
	for n < 3 && i+1+n < len(body) && body[i+1+n] >= '0' && body[i+1+n] <= '7' {
		v = v*8 + int(body[i+1+n]-'0')
		n++
	}
	if isBytes {
		b.WriteByte(byte(v))
	} else {
		writeCodePoint(b, rune(v))
	}
	return 1 + n
}

// unicodeEscape writes the value of a str literal's \uHHHH, \UHHHHHHHH or
// \N{name} escape at body[i] and returns its length.
func unicodeEscape(b *strings.Builder, body string, i int, lang Lang) (int, *Error) {
	switch body[i+1] {
	case 'u':
		return hexEscape(b, body, i, 4, false)
	case 'U':
		return hexEscape(b, body, i, 8, false)
	}
	return nameEscape(b, body, i, lang)
}

// hexEscape reads \xHH, \uHHHH or \UHHHHHHHH (n hex digits).
func hexEscape(b *strings.Builder, body string, i, n int, isBytes bool) (int, *Error) {
	j := i + 2
	for k := 0; k < n; k++ {
		if j+k >= len(body) || !isHexDigit(body[j+k]) {
			if isBytes {
				return 0, &Error{Offset: i, Msg: fmt.Sprintf("(value error) invalid \\x escape at position %d", i)}
			}
			return 0, &Error{Offset: i, Msg: fmt.Sprintf("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: truncated %s escape", i, j+k-1, escapeShape(body[i+1], n))}
		}
	}
	v, _ := strconv.ParseUint(body[j:j+n], 16, 32)
	if isBytes {
		b.WriteByte(byte(v))
		return 2 + n, nil
	}
	if v > utf8.MaxRune {
		return 0, &Error{Offset: i, Msg: fmt.Sprintf("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: illegal Unicode character", i, j+n-1)}
	}
	writeCodePoint(b, rune(v))
	return 2 + n, nil
}

// escapeShape is how CPython names a truncated escape: \xXX, \uXXXX, \UXXXXXXXX.
func escapeShape(c byte, n int) string {
	return `\` + string(c) + strings.Repeat("X", n)
}

// nameEscape reads \N{NAME} as CPython's parser does (measured on 3.8 to 3.13):
// a character's Unicode name or one of its aliases (NameAliases: \N{LF}, \N{BOM}) in
// any case; a name computed from the code point, "CJK UNIFIED IDEOGRAPH-4E00" or
// "HANGUL SYLLABLE GAG", only as written there, in upper case. Names are Unicode
// 15.0's (golang.org/x/text/unicode/runenames), less those of characters lang's
// Unicode lacks (knownTo); aliases those CPython 3.11 to 3.13 accept (aliases.txt),
// for every Python; a name a Unicode newer than 15.0 added is not known here.
func nameEscape(b *strings.Builder, body string, i int, lang Lang) (int, *Error) {
	end := strings.IndexByte(body[i:], '}')
	if i+2 >= len(body) || body[i+2] != '{' || end < 0 {
		return 0, &Error{Offset: i, Msg: fmt.Sprintf("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: malformed \\N character escape", i, i+1)}
	}
	r, ok := lookupName(body[i+3 : i+end])
	if !ok || !knownTo(lang, r) {
		return 0, &Error{Offset: i, Msg: fmt.Sprintf("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: unknown Unicode character name", i, i+end)}
	}
	writeCodePoint(b, r)
	return end + 1, nil
}

// knownTo reports whether lang's Unicode has r, as far as its printable characters
// tell: a character printable in Go's Unicode (15.0) and not in the Python's was added
// after that Python's Unicode version, whose \N{…} does not know its name (measured:
// KHITAN SMALL SCRIPT CHARACTER-18B00 is a SyntaxError on 3.8, U+31350's computed name
// on 3.11). A character of no printable class (a control, a format character) is
// taken as known. nil lang knows every name.
func knownTo(lang Lang, r rune) bool {
	return lang == nil || !unicode.IsPrint(r) || lang.IsPrintable(r)
}

// lookupName returns the code point named name, as nameEscape reads it: a computed
// name as written (computedName), else the name or alias in upper case.
func lookupName(name string) (rune, bool) {
	if r, ok, computed := computedName(name); computed {
		return r, ok
	}
	upper := strings.ToUpper(name)
	if r, ok := names().byName[upper]; ok {
		return r, true
	}
	r, ok := aliases()[upper]
	return r, ok
}

// computedName reads a name of the two forms CPython computes rather than stores,
// matched as written (computed is false for any other name): "CJK UNIFIED
// IDEOGRAPH-" and four or five upper-case hex digits of a unified ideograph, and
// "HANGUL SYLLABLE " and the syllable's jamo short names (hangulSyllable). Measured:
// "cjk unified ideograph-4E00", "CJK UNIFIED IDEOGRAPH-4e00" and "hangul syllable
// ga" are SyntaxErrors on 3.8 to 3.13, "HANGUL SYLLABLE GA" is U+AC00.
func computedName(name string) (r rune, ok, computed bool) {
	if hex, found := strings.CutPrefix(name, "CJK UNIFIED IDEOGRAPH-"); found {
		if (len(hex) != 4 && len(hex) != 5) || strings.ContainsFunc(hex, func(c rune) bool { return !('0' <= c && c <= '9' || 'A' <= c && c <= 'F') }) {
			return 0, false, true
		}
		v, _ := strconv.ParseUint(hex, 16, 32)
		return rune(v), cjkIdeograph(rune(v)), true
	}
	if syl, found := strings.CutPrefix(name, "HANGUL SYLLABLE "); found {
		r, ok := hangulSyllable(syl)
		return r, ok, true
	}
	return 0, false, false
}

// writeCodePoint writes r as UTF-8, or a surrogate (U+D800 to U+DFFF) as WTF-8, the
// three bytes UTF-8 would give it, which Python's str holds and Go's does not.
func writeCodePoint(b *strings.Builder, r rune) {
	if r >= 0xD800 && r <= 0xDFFF {
		b.WriteByte(byte(0xE0 | r>>12))
		b.WriteByte(byte(0x80 | (r>>6)&0x3F))
		b.WriteByte(byte(0x80 | r&0x3F))
		return
	}
	b.WriteRune(r)
}

// surrogateAt returns the surrogate whose WTF-8 bytes start s, if any.
func surrogateAt(s string) (rune, bool) {
	if len(s) >= 3 && s[0] == 0xED && s[1] >= 0xA0 && s[1] <= 0xBF && s[2]&0xC0 == 0x80 {
		return rune(0xD000) | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F), true
	}
	return 0, false
}

// numberEnd returns the end of the number token at i, as Python's tokenizer reads it
// (digits, letters, '_' and '.', and a sign right after an exponent's e).
func numberEnd(s string, i int) int {
	decimal := !(len(s) > i+1 && s[i] == '0' && strings.IndexByte("xXoObB", s[i+1]) >= 0)
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case decimal && (c == 'e' || c == 'E') && i+1 < len(s) && (s[i+1] == '+' || s[i+1] == '-'):
			i++
		case !isIdentByte(c) && c != '.':
			return i
		}
	}
	return i
}

// parseNumber reads a Python number token: ints in any base (with "_" between
// digits, and after the base prefix), floats (out of range: inf, as Python's
// compiler gives), imaginary literals (complex). The error texts are Python's
// SyntaxError messages.
func parseNumber(tok string) (Value, string) {
	if len(tok) > 1 && tok[0] == '0' && strings.IndexByte("xXoObB", tok[1]) >= 0 {
		return parseBased(tok)
	}
	last := tok[len(tok)-1]
	if last == 'j' || last == 'J' {
		f, msg := parseFloatText(tok[:len(tok)-1])
		if msg != "" {
			return Value{}, msg
		}
		return Complex(0, f), ""
	}
	if strings.ContainsAny(tok, ".eE") {
		f, msg := parseFloatText(tok)
		if msg != "" {
			return Value{}, msg
		}
		return Float(f), ""
	}
	digits, msg := digitPart(tok)
	if msg != "" {
		return Value{}, msg
	}
	if len(digits) > 1 && digits[0] == '0' && strings.Trim(digits, "0") != "" {
		return Value{}, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"
	}
	v, _ := IntDigits(digits)
	return v, ""
}

// digitPart checks digits with single "_" between them and returns the digits.
func digitPart(s string) (string, string) {
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return "", "invalid decimal literal"
	}
	d := strings.ReplaceAll(s, "_", "")
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return "", "invalid decimal literal"
		}
	}
	return d, ""
}

// parseFloatText reads a float literal: digits, an optional fraction and exponent.
func parseFloatText(s string) (float64, string) {
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	ip, fp, hasDot := strings.Cut(mant, ".")
	clean := ""
	for _, part := range []string{ip, fp} {
		if part == "" {
			continue
		}
		d, msg := digitPart(part)
		if msg != "" {
			return 0, msg
		}
		clean += d + "|"
	}
	if ip == "" && fp == "" {
		return 0, "invalid decimal literal"
	}
	text := strings.ReplaceAll(ip, "_", "")
	if hasDot {
		text += "." + strings.ReplaceAll(fp, "_", "")
	}
	if hasExp {
		sign := ""
		if exp != "" && (exp[0] == '+' || exp[0] == '-') {
			sign, exp = exp[:1], exp[1:]
		}
		d, msg := digitPart(exp)
		if msg != "" {
			return 0, msg
		}
		text += "e" + sign + d
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil && !math.IsInf(f, 0) {
		return 0, "invalid decimal literal"
	}
	return f, "" // out of range: ±inf, as Python's float() of the text gives
}

// parseBased reads 0x…, 0o… and 0b… ints ("_" allowed after the prefix).
func parseBased(tok string) (Value, string) {
	base, name := 16, "hexadecimal"
	switch tok[1] {
	case 'o', 'O':
		base, name = 8, "octal"
	case 'b', 'B':
		base, name = 2, "binary"
	}
	body := tok[2:]
	body = strings.TrimPrefix(body, "_")
	if body == "" || body[len(body)-1] == '_' || strings.Contains(body, "__") {
		return Value{}, "invalid " + name + " literal"
	}
	d := strings.ReplaceAll(body, "_", "")
	b, ok := new(big.Int).SetString(d, base)
	if !ok {
		if base == 8 && strings.Trim(d, "01234567") != "" && strings.Trim(d, "0123456789") == "" {
			return Value{}, fmt.Sprintf("invalid digit '%c' in octal literal", d[strings.IndexAny(d, "89")])
		}
		if base == 2 && strings.Trim(d, "0123456789") == "" {
			return Value{}, fmt.Sprintf("invalid digit '%c' in binary literal", d[strings.IndexAny(d, "23456789")])
		}
		return Value{}, "invalid " + name + " literal"
	}
	return bigInt(b), ""
}
