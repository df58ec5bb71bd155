package script

import (
	"sort"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// Identifiers are compared in NFKC, as PEP 3131 says ("All identifiers are converted
// into the normal form NFKC while parsing; comparison of identifiers is based on
// NFKC"): CPython's parser makes every non-ASCII NAME token an identifier through
// _PyPegen_new_identifier, which normalizes it with unicodedata.normalize("NFKC", …)
// (Parser/pegen.c, python/cpython@v3.11.7; the same in 3.8's Python/ast.c
// new_identifier). So `c.ｍａｘ_ａｕｔｏｔｕｎｅ = True` sets max_autotune,
// `import torch as ｔｏｒｃｈ` binds torch, `ﬁ = "x"` binds fi and `f(ｍｏｄｅ=1)` passes
// mode= (checked with python3.11.7's ast and exec). String literals, comments and
// f-strings are not identifiers and keep their text. A name whose NFKC is a hard
// keyword (`Ｔｒｕｅ = 1` binds a variable named True; `ｉｆ = 1` one named if) is
// matched by CPython as a NAME before normalization, so it keeps its spelling here,
// where the parser would read the keyword.

// nfkcEdit is one identifier rewritten in NFKC: the rewritten text ends at end (an
// offset in the rewritten source), and every offset at or after it is shift bytes
// further in the source as written.
type nfkcEdit struct {
	end, shift int32
}

// nfkcNames returns src with each non-ASCII identifier that NFKC changes written in
// NFKC, and the edits that map the rewritten offsets back; src itself and nil when
// there is none. toks are src's tokens.
func nfkcNames(src string, toks []token) (string, []nfkcEdit) {
	if isASCII(src) {
		return src, nil
	}
	var b strings.Builder
	var edits []nfkcEdit
	last := 0
	for _, t := range toks {
		if t.kind != pytoken.Name {
			continue
		}
		text := src[t.off : t.off+t.n]
		if isASCII(text) || norm.NFKC.IsNormalString(text) {
			continue
		}
		n := norm.NFKC.String(text)
		if isKeyword(n) {
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(src))
		}
		b.WriteString(src[last:t.off])
		b.WriteString(n)
		last = int(t.off + t.n)
		edits = append(edits, nfkcEdit{end: int32(b.Len()), shift: int32(last - b.Len())})
	}
	if edits == nil {
		return src, nil
	}
	b.WriteString(src[last:])
	return b.String(), edits
}

// isASCII reports whether s holds only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// writtenOffset maps an offset of the rewritten source (nfkcNames) to the source as
// written.
func writtenOffset(edits []nfkcEdit, off int32) int32 {
	i := sort.Search(len(edits), func(i int) bool { return edits[i].end > off })
	if i == 0 {
		return off
	}
	return off + edits[i-1].shift
}

// byteCol returns the 1-based byte column, in the source as written, of offset off on
// line l of the source read: Python's ast col_offset (plus one) counts the bytes of
// the line as written, identifiers not normalized.
func (r *reader) byteCol(l, off int32) int {
	start := r.lines.starts[l]
	return int(writtenOffset(r.nfkc, off)-writtenOffset(r.nfkc, start)) + 1
}
