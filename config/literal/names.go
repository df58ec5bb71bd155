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
var (
	namesOnce  sync.Once
	namesValue nameTable
)

func names() nameTable {
	namesOnce.Do(func() { namesValue = newNames() })
	return namesValue
}

// newNames builds [names]'s value.
func newNames() nameTable {
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
}

// cjkIdeograph reports whether r is a CJK unified ideograph (its name is computed).
func cjkIdeograph(r rune) bool {
	for _, g := range names().cjk {
		if g[0] <= r && r <= g[1] {
			return true
		}
	}
	return false
}

// aliasesTxt is the Unicode name aliases CPython's \N{...} accepts: NameAliases.txt's
// control names, abbreviations, corrections, figments and alternates (Perl 5.36's
// unicore/Name.pl, Unicode 14.0, kept where CPython 3.11, 3.12 and 3.13 read
// '\N{ALIAS}' as that character, measured 2026-12-03; 3.8 to 3.10 lack FVS4 and
// MYANMAR LETTER KHAMTI LLA). One "HEX NAME" a line.
//
//go:embed aliases.txt
var aliasesTxt string

// aliases decodes aliasesTxt on the first alias looked up.
var (
	aliasesOnce  sync.Once
	aliasesValue map[string]rune
)

func aliases() map[string]rune {
	aliasesOnce.Do(func() { aliasesValue = newAliases() })
	return aliasesValue
}

// newAliases builds [aliases]'s value.
func newAliases() map[string]rune {
	m := make(map[string]rune, 480)
	for line := range strings.SplitSeq(strings.TrimSuffix(aliasesTxt, "\n"), "\n") {
		hex, name, _ := strings.Cut(line, " ")
		v, _ := strconv.ParseUint(hex, 16, 32)
		m[name] = rune(v)
	}
	return m
}

// The jamo short names of a Hangul syllable's name, by column: leading consonant,
// vowel, trailing consonant (Unicode Jamo.txt; the syllable is
// U+AC00 + (L*21 + V)*28 + T, Unicode section 3.12).
var hangulJamo = [3][]string{
	{"G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T", "P", "H"},
	{"A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO", "U", "WEO", "WE", "WI", "YU", "EU", "YI", "I"},
	{"", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT", "LP", "LH", "M", "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H"},
}

// hangulSyllable returns the syllable whose short names spell s, read as CPython's
// unicodedata does (find_syllable): in each column the longest short name s starts
// with, then the next column from there; every column must match and use all of s.
func hangulSyllable(s string) (rune, bool) {
	var idx [3]int
	for col, short := range hangulJamo {
		idx[col] = -1
		best := -1
		for i, j := range short {
			if len(j) > best && strings.HasPrefix(s, j) {
				best, idx[col] = len(j), i
			}
		}
		if idx[col] < 0 {
			return 0, false
		}
		s = s[best:]
	}
	if s != "" {
		return 0, false
	}
	return 0xAC00 + rune((idx[0]*21+idx[1])*28+idx[2]), true
}
