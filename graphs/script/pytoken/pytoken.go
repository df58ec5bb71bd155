// Package pytoken splits Python 3.8 to 3.14 source into tokens as Python's tokenize
// module does, with INDENT, DEDENT and NEWLINE for the logical lines. It reports what
// CPython's tokenizer rejects as an *Error with CPython's message, line and column.
package pytoken

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/compilemode/compilemode/config/inputerr"
)

// Kind is the type of a token.
type Kind uint8

// The token kinds, named as in Python's token module.
const (
	EOF     Kind = iota // ENDMARKER
	Name                // an identifier or keyword
	Number              // an int, float or imaginary literal
	String              // one string literal with its prefix, f-strings included
	Op                  // an operator or delimiter
	Newline             // the end of a logical line
	Indent              // the indentation increased
	Dedent              // the indentation decreased by one level
)

var kindNames = [...]string{"ENDMARKER", "NAME", "NUMBER", "STRING", "OP", "NEWLINE", "INDENT", "DEDENT"}

// String returns the token module's name of the kind, "Kind(N)" for a value that is
// not a kind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Pos is a position in the source.
type Pos struct {
	Offset int // byte offset, 0-based
	Line   int // line, 1-based
	Col    int // column in bytes, 1-based
}

// Token is one token. Text is the token's source text ("" for Newline at the end of
// the input, Indent, Dedent and EOF): always src[Pos.Offset:Pos.Offset+len(Text)].
type Token struct {
	Kind Kind
	Text string
	Pos  Pos
}

// Limits, as in CPython's tokenizer (Parser/lexer/state.h MAXINDENT and MAXLEVEL).
const (
	// MaxIndent is the deepest indentation accepted, in levels.
	MaxIndent = 100
	// MaxBrackets is the deepest nesting of (, [ and { accepted, f-string replacement
	// fields included.
	MaxBrackets = 200
)

// Error reports source that Python's tokenizer rejects. Line and Col are those of
// Python's SyntaxError: the line, 1-based, and the column in characters, 1-based.
type Error struct {
	Line int    // 1-based
	Col  int    // 1-based, in characters (runes) as Python's SyntaxError.offset
	Msg  string // Python's message where it has one
}

func (e *Error) Error() string {
	if e == nil {
		return "pytoken: <nil *Error>"
	}
	return fmt.Sprintf("pytoken: %d:%d: %s", e.Line, e.Col, e.Msg)
}

// Scanner produces the tokens of one source. A Scanner is not safe for concurrent use.
type Scanner struct {
	src       string
	off       int       // next byte to read
	line      int       // current line, 1-based
	lineStart int       // offset of the current line's first byte
	indents   []int     // indentation stack, in columns; starts with 0
	alts      []int     // the same with tabs taken as one column (CPython's altindstack)
	brackets  []Pos     // open brackets, innermost last
	closers   []byte    // the closing byte each open bracket wants
	atLineBeg bool      // the next token starts a logical line
	pending   int       // Dedent tokens still to produce
	lastNL    bool      // the last token produced was Newline (or none yet)
	done      bool      // EOF produced
	err       error     // the first error; sticky
	forms     []FormAt  // the forms only newer Pythons accept, first of each (newer.go)
	deferred  *Deferred // the errors CPython's parser meets in their turn (parserorder.go); nil: not deferred
}

// NewScanner returns a Scanner over src. A UTF-8 byte order mark at the start is
// skipped, as Python does.
func NewScanner(src []byte) *Scanner {
	return NewStringScanner(string(src))
}

// NewStringScanner is NewScanner over a string, which it does not copy.
func NewStringScanner(src string) *Scanner {
	s := &Scanner{src: src, line: 1, indents: []int{0}, alts: []int{0}, atLineBeg: true, lastNL: true}
	if len(s.src) >= 3 && s.src[:3] == "\xef\xbb\xbf" {
		s.off, s.lineStart = 3, 3
	}
	return s
}

// MaxSourceBytes bounds the source Tokenize accepts, in bytes: its tokens take about
// three times the source (a Scanner, which yields one token at a time, has no limit).
const MaxSourceBytes = 16 << 20

// Tokenize returns every token of src up to and including EOF. It returns an *Error
// for source Python's tokenizer rejects, for a printable ASCII character that is no
// operator ($, ?, `: "invalid syntax", CPython's parser's words; see
// Scanner.DeferParserErrors), and for source larger than MaxSourceBytes (at 1:1).
//
// Differences from tokenize, on purpose: COMMENT and NL tokens are not produced, an
// f-string or t-string is one String token (3.12 splits it into FSTRING_START, _MIDDLE
// and _END; the whole has the same bounds), and a number followed by letters ends where
// the number ends. Source: Lib/tokenize.py and Parser/lexer/lexer.c,
// python/cpython@v3.13.0.
func Tokenize(src []byte) ([]Token, error) {
	if len(src) > MaxSourceBytes {
		return nil, &Error{Line: 1, Col: 1, Msg: fmt.Sprintf("source larger than %d bytes (pytoken.MaxSourceBytes)", MaxSourceBytes)}
	}
	s := NewScanner(src)
	toks := make([]Token, 0, len(src)/4+8)
	for {
		t, err := s.Next()
		if err != nil {
			return nil, err
		}
		toks = append(toks, t)
		if t.Kind == EOF {
			return toks, nil
		}
	}
}

// Next returns the next token. After EOF it keeps returning EOF. It returns an *Error
// for source Python's tokenizer rejects; the error is sticky. A nil or zero Scanner
// (one not made by NewScanner) has no source: Next returns an *inputerr.ZeroError.
func (s *Scanner) Next() (Token, error) {
	if s == nil || s.indents == nil {
		return Token{}, &inputerr.ZeroError{Func: "pytoken.Scanner.Next", Arg: "the *Scanner (make one with NewScanner)"}
	}
	if s.err != nil {
		return Token{}, s.err
	}
	t, err := s.next()
	if err != nil {
		s.err = err
		return Token{}, err
	}
	s.lastNL = t.Kind == Newline
	return t, nil
}

func (s *Scanner) pos(off int) Pos {
	return Pos{Offset: off, Line: s.line, Col: off - s.lineStart + 1}
}

// errAt returns an *Error at byte offset off of the current line.
func (s *Scanner) errAt(off int, msg string) error {
	return s.errPos(s.pos(off), msg)
}

// errPos returns an *Error at p, with the column counted in characters.
func (s *Scanner) errPos(p Pos, msg string) error {
	start := p.Offset - (p.Col - 1)
	end := p.Offset
	if start < 0 || end > len(s.src) || start > end {
		return &Error{Line: p.Line, Col: p.Col, Msg: msg}
	}
	return &Error{Line: p.Line, Col: utf8.RuneCountInString(s.src[start:end]) + 1, Msg: msg}
}

func (s *Scanner) newline(at int) {
	s.line++
	s.lineStart = at
}

func (s *Scanner) next() (Token, error) {
	if s.pending > 0 {
		s.pending--
		return Token{Kind: Dedent, Pos: s.pos(s.off)}, nil
	}
	if s.done {
		return Token{Kind: EOF, Pos: s.pos(s.off)}, nil
	}
	if s.atLineBeg && len(s.brackets) == 0 {
		if t, ok, err := s.indentation(); err != nil || ok {
			return t, err
		}
	}
	for {
		if s.off >= len(s.src) {
			return s.end()
		}
		c := s.src[s.off]
		if c == '\n' || c == '\r' {
			p := s.pos(s.off)
			s.skipNewline()
			if len(s.brackets) > 0 {
				continue
			}
			s.atLineBeg = true
			return Token{Kind: Newline, Text: s.src[p.Offset:s.off], Pos: p}, nil
		}
		skipped, err := s.skipBlank(c)
		if err != nil {
			return Token{}, err
		}
		if !skipped {
			return s.token()
		}
	}
}

// skipBlank skips a blank, a comment or a line continuation starting with c, and
// reports whether it did.
func (s *Scanner) skipBlank(c byte) (bool, error) {
	switch c {
	case ' ', '\t', '\f':
		s.off++
	case '#':
		s.skipComment()
	case '\\':
		return true, s.continuation()
	default:
		return false, nil
	}
	return true, nil
}

func (s *Scanner) skipComment() {
	for s.off < len(s.src) && s.src[s.off] != '\n' && s.src[s.off] != '\r' {
		s.off++
	}
}

// skipNewline consumes one \n, \r\n or \r and starts a new line.
func (s *Scanner) skipNewline() {
	if s.src[s.off] == '\r' && s.off+1 < len(s.src) && s.src[s.off+1] == '\n' {
		s.off++
	}
	s.off++
	s.newline(s.off)
}

// continuation consumes a backslash that joins the next line.
func (s *Scanner) continuation() error {
	at := s.off
	s.off++
	if s.off >= len(s.src) {
		return s.errAt(at, "unexpected EOF while parsing")
	}
	if c := s.src[s.off]; c != '\n' && c != '\r' {
		return s.errAt(s.off, "unexpected character after line continuation character")
	}
	s.skipNewline()
	return nil
}

// end produces the tokens at the end of the input: a Newline if the last logical line
// lacks one, a Dedent per open indentation level, then EOF.
func (s *Scanner) end() (Token, error) {
	if n := len(s.brackets); n > 0 {
		p := s.brackets[n-1]
		err := s.errPos(p, fmt.Sprintf("'%c' was never closed", s.src[p.Offset]))
		if s.deferred == nil || s.deferred.Unclosed != nil {
			return Token{}, err
		}
		s.deferred.Unclosed, s.deferred.UnclosedOffset, s.deferred.OutermostOffset = err.(*Error), p.Offset, s.brackets[0].Offset
		s.brackets, s.closers = s.brackets[:0], s.closers[:0]
	}
	if !s.lastNL {
		s.atLineBeg = true
		return Token{Kind: Newline, Pos: s.pos(s.off)}, nil
	}
	s.done = true
	s.pending = len(s.indents) - 1
	s.indents, s.alts = s.indents[:1], s.alts[:1]
	return s.next()
}

// indentation measures the indentation of a new logical line, skipping blank and
// comment-only lines, and returns an Indent or Dedent token when it changes (ok).
func (s *Scanner) indentation() (Token, bool, error) {
	for {
		col, alt, i := 0, 0, s.off
		for ; i < len(s.src); i++ {
			switch s.src[i] {
			case ' ':
				col++
				alt++
				continue
			case '\t':
				col = (col/8 + 1) * 8
				alt++
				continue
			case '\f':
				col, alt = 0, 0
				continue
			}
			break
		}
		s.off = i
		if i >= len(s.src) {
			return Token{}, false, nil
		}
		switch s.src[i] {
		case '#':
			s.skipComment()
			if s.off < len(s.src) {
				s.skipNewline()
			}
			continue
		case '\n', '\r':
			s.skipNewline()
			continue
		case '\\':
			// A continuation line: the indentation is that of the joined line's
			// first token, which tokenize takes from this line.
		}
		s.atLineBeg = false
		return s.indentTo(col, alt)
	}
}

// errTab is CPython's TabError message: the indentation compares differently with
// tabs taken as 8 columns and as 1 (Parser/tokenizer.c indenterror, at column 1).
const errTab = "inconsistent use of tabs and spaces in indentation"

// indentTo applies a line's indentation: col with tabs to multiples of 8, alt with
// tabs as one column. Source: Parser/tokenizer.c tok_get, python/cpython@v3.11.7
// (MAXINDENT 100: at most 99 levels; measured with CPython 3.11.7, 3.13.5, 3.14.10).
func (s *Scanner) indentTo(col, alt int) (Token, bool, error) {
	top, topAlt := s.indents[len(s.indents)-1], s.alts[len(s.alts)-1]
	switch {
	case col == top:
		if alt != topAlt {
			return Token{}, false, s.errAt(s.lineStart, errTab)
		}
		return Token{}, false, nil
	case col > top:
		if len(s.indents) >= MaxIndent {
			return Token{}, false, s.errAt(s.lineStart, "too many levels of indentation")
		}
		if alt <= topAlt {
			return Token{}, false, s.errAt(s.lineStart, errTab)
		}
		s.indents = append(s.indents, col)
		s.alts = append(s.alts, alt)
		return Token{Kind: Indent, Text: s.src[s.lineStart:s.off], Pos: s.pos(s.lineStart)}, true, nil
	}
	n := 0
	for len(s.indents) > 1 && s.indents[len(s.indents)-1] > col {
		s.indents = s.indents[:len(s.indents)-1]
		s.alts = s.alts[:len(s.alts)-1]
		n++
	}
	if s.indents[len(s.indents)-1] != col {
		return Token{}, false, s.errAt(s.off, "unindent does not match any outer indentation level")
	}
	if alt != s.alts[len(s.alts)-1] {
		return Token{}, false, s.errAt(s.lineStart, errTab)
	}
	s.pending = n - 1
	return Token{Kind: Dedent, Pos: s.pos(s.off)}, true, nil
}

// token scans one Name, Number, String or Op token at s.off.
func (s *Scanner) token() (Token, error) {
	start := s.off
	c := s.src[start]
	if n, ok := stringStart(s.src, start); ok {
		p := s.pos(start)
		end, err := s.scanString(start, n, 0)
		if err != nil {
			return Token{}, err
		}
		s.off = end
		return Token{Kind: String, Text: s.src[start:end], Pos: p}, nil
	}
	switch {
	case isDigit(c) || (c == '.' && start+1 < len(s.src) && isDigit(s.src[start+1])):
		end, err := s.number(start) // numbers.go
		if err != nil {
			return Token{}, err
		}
		s.off = end
		return Token{Kind: Number, Text: s.src[start:s.off], Pos: s.pos(start)}, nil
	case c < utf8.RuneSelf && isIdentStart(c):
		s.off = scanIdent(s.src, start)
		return Token{Kind: Name, Text: s.src[start:s.off], Pos: s.pos(start)}, nil
	case c >= utf8.RuneSelf:
		r, size := utf8.DecodeRuneInString(s.src[start:])
		if r == utf8.RuneError && size <= 1 {
			return Token{}, s.errAt(start, "invalid UTF-8 in source")
		}
		if !isXIDStart(r) {
			return Token{}, s.errAt(start, invalidChar(r))
		}
		s.off = scanIdent(s.src, start)
		return Token{Kind: Name, Text: s.src[start:s.off], Pos: s.pos(start)}, nil
	}
	return s.operator(start)
}

// opLen returns the length of the operator or delimiter at the start of rest, 0 if
// none: the longest match, as tokenize takes it.
func opLen(rest string) int {
	if len(rest) >= 3 {
		switch rest[:3] {
		case "**=", "//=", ">>=", "<<=", "...":
			return 3
		}
	}
	if len(rest) >= 2 {
		switch rest[:2] {
		case "!=", "%=", "&=", "**", "*=", "+=", "-=", "->", "//", "/=", ":=", "<<", "<=",
			"==", ">=", ">>", "@=", "^=", "|=":
			return 2
		}
	}
	if strings.IndexByte("!%&()*+,-./:;<=>@[]^{|}~", rest[0]) >= 0 {
		return 1
	}
	return 0
}

func (s *Scanner) operator(start int) (Token, error) {
	rest := s.src[start:]
	if n := opLen(rest); n > 0 {
		s.off = start + n
		t := Token{Kind: Op, Text: rest[:n], Pos: s.pos(start)}
		return t, s.bracket(t.Text, t.Pos)
	}
	return s.stray(start)
}

// bracket keeps the stack of open brackets.
func (s *Scanner) bracket(op string, p Pos) error {
	switch op {
	case "(", "[", "{":
		if len(s.brackets) >= MaxBrackets {
			return s.errPos(p, "too many nested parentheses")
		}
		s.brackets = append(s.brackets, p)
		s.closers = append(s.closers, closerOf(op[0]))
	case ")", "]", "}":
		n := len(s.brackets)
		if n == 0 {
			return s.errPos(p, fmt.Sprintf("unmatched '%s'", op))
		}
		if s.closers[n-1] != op[0] {
			open := s.brackets[n-1]
			msg := fmt.Sprintf("closing parenthesis '%s' does not match opening parenthesis '%c'", op, s.src[open.Offset])
			if open.Line != p.Line {
				msg += fmt.Sprintf(" on line %d", open.Line)
			}
			return s.errPos(p, msg)
		}
		s.brackets, s.closers = s.brackets[:n-1], s.closers[:n-1]
	}
	return nil
}

func closerOf(c byte) byte {
	switch c {
	case '(':
		return ')'
	case '[':
		return ']'
	}
	return '}'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isIdentStart(c byte) bool {
	return c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

func scanIdent(src string, i int) int {
	for i < len(src) {
		c := src[i]
		if c < utf8.RuneSelf {
			if !isIdentStart(c) && !isDigit(c) {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		if !isXIDContinue(r) {
			return i
		}
		i += size
	}
	return i
}
