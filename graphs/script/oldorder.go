package script

import (
	"strings"

	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// The SyntaxError Python 3.8 and 3.9 report first (script31 item 3), read with
// ReadOptions.Python (-python 3.8, 3.9). Their parsers pull tokens from the tokenizer
// one at a time and stop at the first failure: a tokenizer error is met only when
// the parser asks for that token, and an open bracket only at the end of the input.
// CPython 3.9's Parser/pegen/pegen.c (_PyPegen_run_parser; tokenizer_error: E_EOF is
// "unexpected EOF while parsing") and 3.8's Parser/parsetok.c (parsetok, one token
// after another) have nothing after the failure; 3.10 added
// _PyPegen_tokenize_full_source_to_check_for_errors (Parser/pegen_errors.c), which
// tokenizes the rest of the file after a parser failure and lets a later tokenizer
// error or an unclosed bracket win ("'(' was never closed"): the order parseOrder
// follows. So with 3.8 or 3.9:
//   - a parse error before a tokenizer error (an invalid character, an unclosed
//     string on a later line) is the one reported (parseBeforeTokenError);
//   - a stray $ ? ` is "invalid syntax" at it, as in 3.10, when the parser meets it
//     before failing;
//   - a bracket open at the end is reported only when nothing failed before the end,
//     as "unexpected EOF while parsing" at the last token read (pegen's
//     p->tokens[p->fill-1]).
//
// The messages stay those this reader gives (3.10 and later's: 3.8 and 3.9 word some
// differently, "EOL while scanning string literal" for an unclosed string): only which
// error comes first follows them.

// oldParser reports whether minor (3.minor) is a Python whose parser stops at its first
// failure (3.8, 3.9).
func oldParser(minor int) bool { return minor == 8 || minor == 9 }

// parseOrderOld is parseOrder for Python 3.8 and 3.9: the parser's error or the stray
// $ ? `, whichever comes first; with neither, a bracket open at the end.
func parseOrderOld(name, text string, pe *parseError, d pytoken.Deferred, toks []token) *SyntaxError {
	if pe != nil && d.Unclosed != nil && pe.pos.Offset >= len(strings.TrimRight(text, " \t\f\r\n")) {
		pe = nil // the parser failed at the end, where the open bracket is met
	}
	switch {
	case d.Stray != nil && (pe == nil || d.StrayOffset <= pe.pos.Offset):
		return &SyntaxError{File: name, Line: d.Stray.Line, Col: d.Stray.Col, Msg: d.Stray.Msg}
	case pe != nil:
		return &SyntaxError{File: name, Line: pe.pos.Line, Col: charCol(text, pe.pos), Msg: pe.msg}
	case d.Unclosed != nil:
		return eofError(name, text, toks, d.OutermostOffset)
	}
	return nil
}

// eofError is 3.9's "unexpected EOF while parsing", at the last token before the end
// of the input (from an open bracket at outer on: the tokens the Scanner adds to close
// it are not the file's).
func eofError(name, text string, toks []token, outer int) *SyntaxError {
	last := -1
	for i, t := range toks {
		if t.kind != pytoken.EOF && t.kind != pytoken.Newline && t.kind != pytoken.Indent && t.kind != pytoken.Dedent && int(t.off) >= outer && int(t.off)+int(t.n) <= len(text) && t.n > 0 {
			last = i
		}
	}
	se := &SyntaxError{File: name, Line: 1, Col: 1, Msg: "unexpected EOF while parsing"}
	if last >= 0 {
		off := int(toks[last].off)
		line := 1 + strings.Count(text[:off], "\n")
		lineStart := strings.LastIndex(text[:off], "\n") + 1
		se.Line, se.Col = line, charCol(text, pytoken.Pos{Line: line, Col: off - lineStart + 1, Offset: off})
	}
	return se
}

// parseBeforeTokenError returns, for Python 3.8 and 3.9, the error their parser meets
// before the tokenizer error te (at offset off): a parse error or a stray in the
// tokens before it; nil when the parser reaches te.
func parseBeforeTokenError(name, src string, off int) *SyntaxError {
	if off <= 0 || off > len(src) {
		return nil
	}
	prefix := src[:off]
	toks, lines, _, d, err := tokenizeForms(prefix)
	if err != nil {
		return nil
	}
	p := &parser{toks: toks, lines: lines, src: prefix}
	p.file()
	at := -1
	switch {
	case d.Stray != nil && (p.err == nil || d.StrayOffset <= p.err.pos.Offset):
		at = d.StrayOffset
	case p.err != nil:
		at = p.err.pos.Offset
	}
	if at < 0 || at >= len(strings.TrimRight(prefix, " \t\f")) {
		return nil // the parser reaches the tokenizer's error (the end of the prefix)
	}
	d.Unclosed = nil // the end of the prefix is not the end of the file
	return parseOrderOld(name, prefix, p.err, d, toks)
}

// errorOffset is the byte offset of line and col (characters, 1-based) in src (-1:
// none).
func errorOffset(src string, line, col int) int {
	start := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(src[start:], '\n')
		if i < 0 {
			return -1
		}
		start += i + 1
	}
	off := start
	for n := 1; n < col && off < len(src); n++ {
		off++
		for off < len(src) && src[off]&0xC0 == 0x80 {
			off++
		}
	}
	return off
}
