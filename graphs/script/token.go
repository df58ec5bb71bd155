package script

import "github.com/compilemode/compilemode/graphs/script/pytoken"

// token is a pytoken.Token held in 20 bytes without pointers (the garbage collector
// does not scan a slice of them): its text is src[off:off+n], which pytoken
// guarantees. Sources are at most MaxSourceBytes, so every field fits an int32.
type token struct {
	off, n, line, col int32
	kind              pytoken.Kind
}

// tokenize returns the tokens of src up to and including EOF, as pytoken.Tokenize
// does. It returns pytoken's *Error.
func tokenize(src []byte) ([]token, error) {
	s := pytoken.NewScanner(src)
	toks := make([]token, 0, len(src)/4+8)
	for {
		t, err := s.Next()
		if err != nil {
			return nil, err
		}
		toks = append(toks, token{
			off: int32(t.Pos.Offset), n: int32(len(t.Text)),
			line: int32(t.Pos.Line), col: int32(t.Pos.Col), kind: t.Kind,
		})
		if t.Kind == pytoken.EOF {
			return toks, nil
		}
	}
}

// text returns the source text of t.
func (t token) text(src string) string { return src[t.off : t.off+t.n] }

// full returns t as a pytoken.Token.
func (t token) full(src string) pytoken.Token {
	return pytoken.Token{
		Kind: t.kind, Text: src[t.off : t.off+t.n],
		Pos: pytoken.Pos{Offset: int(t.off), Line: int(t.line), Col: int(t.col)},
	}
}
