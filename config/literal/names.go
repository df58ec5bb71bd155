package literal

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"
)

// namesTxt is every Unicode 15.0 character name, as golang.org/x/text/unicode/runenames
// gives them, for the \N{NAME} escape (TestNamesTable checks it against runenames and
// writes it with -update). It is stored so that the web page, which compiles this
// package to WebAssembly, carries 105 KB of it gzipped instead of runenames' 211 KB
// (its index and code included). Its first line has a character for each name, in
// order: ' ' plus how many of its first bytes the previous name has (0 to 90). Then
// one entry a line, in code point order:
//
//	~HEX         the next name is U+HEX's (else it is the previous code point's plus one)
//	|HEX-HEX     a range of CJK unified ideographs, whose names are computed
//	                ("CJK UNIFIED IDEOGRAPH-4E00")
//	rest         a name: the rest of it, after the bytes it shares with the previous
//	                name (a line of its own, maybe empty)
//
// The shared lengths are a line apart from the names' text because deflate
// compresses each better alone: 95 KB gzipped, with them at the start of each name's
// line 106 KB.
//
//go:embed names.txt
var namesTxt string

// nameTable is namesTxt decoded: the code point of each name, and the CJK ranges.
type nameTable struct {
	byName map[string]rune
	cjk    [][2]rune
}

// names decodes namesTxt on the first \N{...} escape; then it is only read.
var names = sync.OnceValue(func() nameTable {
	t := nameTable{byName: make(map[string]rune, 35000)}
	r, prev := rune(0), ""
	shared, entries, _ := strings.Cut(strings.TrimSuffix(namesTxt, "\n"), "\n")
	for line := range strings.SplitSeq(entries, "\n") {
		switch {
		case line != "" && line[0] == '~':
			v, _ := strconv.ParseUint(line[1:], 16, 32)
			r = rune(v)
		case line != "" && line[0] == '|':
			lo, hi, _ := strings.Cut(line[1:], "-")
			a, _ := strconv.ParseUint(lo, 16, 32)
			b, _ := strconv.ParseUint(hi, 16, 32)
			t.cjk = append(t.cjk, [2]rune{rune(a), rune(b)})
		case shared != "":
			k := min(int(shared[0]-' '), len(prev))
			shared = shared[1:]
			prev = prev[:k] + line
			t.byName[prev] = r
			r++
		}
	}
	return t
})

// cjkIdeograph reports whether r is a CJK unified ideograph (its name is computed).
func cjkIdeograph(r rune) bool {
	for _, g := range names().cjk {
		if g[0] <= r && r <= g[1] {
			return true
		}
	}
	return false
}
