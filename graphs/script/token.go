package script

import (
	"sort"

	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// token is a pytoken.Token held in 12 bytes without pointers (the garbage collector
// does not scan a slice of them): its text is src[off:off+n], which pytoken
// guarantees; its line and column come from the offset (see lineIndex). Sources are
// at most MaxSourceBytes, so every field fits an int32.
type token struct {
	_      [0]func() // incomparable: no equality code (examples/web: Transfer size)
	off, n int32
	kind   pytoken.Kind
}

// lineIndex maps byte offsets of tokens to lines: starts[l] is the offset at which
// line l starts when a token starts on it, else the start of the next line that
// has one (so starts is non-decreasing and the line of a token's offset is the last
// l with starts[l] <= off). at is a cursor: tokens are mostly looked up in order.
type lineIndex struct {
	starts []int32
	at     int
}

// line returns the 1-based line of a token's byte offset.
func (x *lineIndex) line(off int32) int {
	s := x.starts
	l := x.at
	if l < 1 || l >= len(s) || s[l] > off {
		l = 1
	}
	// Most look-ups are on the cursor's line or just after it.
	for n := 0; n < 4 && l+1 < len(s) && s[l+1] <= off; n++ {
		l++
	}
	if l+1 < len(s) && s[l+1] <= off {
		l = sort.Search(len(s), func(i int) bool { return s[i] > off }) - 1
	}
	x.at = l
	return l
}

// tokenizeForms returns the tokens of src up to and including EOF, as
// pytoken.Tokenize does, their lines, and the forms only newer Pythons accept that
// the tokenizer met (pytoken.Scanner.Forms), with the errors it leaves for the
// parser to order (pytoken.Scanner.DeferParserErrors; parseOrder). It returns
// pytoken's *Error.
func tokenizeForms(src string) ([]token, *lineIndex, []pytoken.FormAt, pytoken.Deferred, error) {
	s := pytoken.NewStringScanner(src).DeferParserErrors()
	toks := make([]token, 0, len(src)/4+8)
	starts := make([]int32, 2, len(src)/32+8)
	for {
		t, err := s.Next()
		if err != nil {
			return nil, nil, nil, pytoken.Deferred{}, err
		}
		for len(starts) <= t.Pos.Line {
			if len(starts) == cap(starts) {
				starts = regrow(starts, t.Pos.Offset, len(src))
			}
			starts = append(starts, -1)
		}
		starts[t.Pos.Line] = int32(t.Pos.Offset - (t.Pos.Col - 1))
		if len(toks) == cap(toks) {
			toks = regrow(toks, t.Pos.Offset, len(src))
		}
		toks = append(toks, token{off: int32(t.Pos.Offset), n: int32(len(t.Text)), kind: t.Kind})
		if t.Kind == pytoken.EOF {
			break
		}
	}
	next := int32(len(src) + 1)
	for l := len(starts) - 1; l >= 0; l-- {
		if starts[l] < 0 || l == 0 {
			starts[l] = next
		}
		next = starts[l]
	}
	starts[0] = 0
	return toks, &lineIndex{starts: starts, at: 1}, s.Forms(), s.Deferred(), nil
}

// regrow returns xs with room for what the rest of the source will likely add: its
// length so far scaled by the bytes read (at off of size), plus a tenth, so that a
// source far denser in tokens or lines than the first guess grows once or twice, not
// by append's steps (each holding the old and the new array).
func regrow[T any](xs []T, off, size int) []T {
	n := len(xs)*size/max(off, 1) + len(xs)/10 + 64
	n = max(n, cap(xs)+cap(xs)/4)
	out := make([]T, len(xs), n)
	copy(out, xs)
	return out
}

// text returns the source text of t.
func (t token) text(src string) string { return src[t.off : t.off+t.n] }

// full returns t as a pytoken.Token.
func (t token) full(src string, lines *lineIndex) pytoken.Token {
	l := lines.line(t.off)
	return pytoken.Token{
		Kind: t.kind, Text: src[t.off : t.off+t.n],
		Pos: pytoken.Pos{Offset: int(t.off), Line: l, Col: int(t.off-lines.starts[l]) + 1},
	}
}
