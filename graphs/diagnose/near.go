package diagnose

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"regexp"
	"regexp/syntax"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// maxRowSpan is how far from an occurrence of a row's literal its pattern is run on a
// long window: the pattern must match within maxRowSpan bytes either side of the
// literal. A line no longer than this is matched whole, as before; on a longer one (a
// whole log joined into one line, every message on it) each row's pattern had run over
// the whole 64 KB window for every window (hostile sweep: 2.1 MB of the corpus's texts
// as one line took 2.5 s, 1.2 µs a byte). TestRowSpan checks that every match of a
// row's pattern in the corpus fits.
const maxRowSpan = 1 << 10

// maxSnap is how far a span's edge moves to fall beside an ASCII byte that is no word
// character, so that \b and \B read the same at the edge as in the whole text and no
// rune is cut in two.
const maxSnap = 256

// wholeText reports whether pattern has an assertion (^, $, \A, \z) that a span cut
// from a longer text would read differently at its edges: such a pattern is run on the
// whole text.
func wholeText(pattern string) bool {
	re, err := syntax.Parse(pattern, syntax.Perl)
	return err != nil || hasTextAssertion(re)
}

func hasOp(re *syntax.Regexp, ops ...syntax.Op) bool {
	if slices.Contains(ops, re.Op) {
		return true
	}
	for _, sub := range re.Sub {
		if hasOp(sub, ops...) {
			return true
		}
	}
	return false
}

func hasTextAssertion(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText:
		return true
	}
	for _, sub := range re.Sub {
		if hasTextAssertion(sub) {
			return true
		}
	}
	return false
}

// isEdgeByte reports whether c may stand beside a span's edge: ASCII (no rune is cut)
// and no word character as \b reads it.
func isEdgeByte(c byte) bool {
	return c < 0x80 && !(c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z')
}

// snapStart returns a start at or near a (before a first, then after, up to limit)
// with an edge byte (isEdgeByte) before it (or the text's start), or -1 when
// there is none near.
func snapStart(text []byte, a, limit int) int {
	if a == 0 {
		return 0
	}
	for j := a; j >= max(1, a-maxSnap); j-- {
		if isEdgeByte(text[j-1]) {
			return j
		}
	}
	for j := a + 1; j <= min(limit, a+maxSnap); j++ {
		if isEdgeByte(text[j-1]) {
			return j
		}
	}
	return -1
}

// snapEnd returns an end at or near b (after b first, then before, down to limit)
// with an edge byte (isEdgeByte) at it (or the text's end), or -1 when there
// is none near.
func snapEnd(text []byte, b, limit int) int {
	if b == len(text) {
		return b
	}
	for j := b; j < min(len(text), b+maxSnap); j++ {
		if isEdgeByte(text[j]) {
			return j
		}
	}
	for j := b - 1; j >= max(limit, b-maxSnap); j-- {
		if isEdgeByte(text[j]) {
			return j
		}
	}
	return -1
}

// unboundedRunes is how many characters a repeat without an upper bound (\s+, \w*,
// (?:\s+are)*), other than of any character (.*), is taken to match where a pattern's
// width bounds its spans (patternWidth): a run of spaces or of words between two of
// a message's words, never a line's worth. TestRowSpan checks every match in the corpus.
const unboundedRunes = 32

// spaceRunes is unboundedRunes for a run of white space (\s+, \s*) between two words.
const spaceRunes = 16

// patternWidth returns the most characters a match of re holds, at most maxRowSpan: a
// repeat of any character without an upper bound (.*) counts maxRowSpan, another
// unboundedRunes or one repeat, whichever is more. A match that overlaps an occurrence
// of a row's literal lies within this many characters of it, so a span around the
// occurrence need reach no farther (sweep7 finding 4: a 1 KB reach each side around
// every occurrence made one span of a whole window on a line dense in near misses, each
// retold row's large pattern run over every byte: 6 s of CPU a MB).
func patternWidth(re *syntax.Regexp) int {
	return min(maxRowSpan, matchWidth(re))
}

func matchWidth(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpLiteral:
		return len(re.Rune)
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 1
	case syntax.OpCapture, syntax.OpQuest:
		return matchWidth(re.Sub[0])
	case syntax.OpConcat, syntax.OpAlternate:
		w := 0
		for _, sub := range re.Sub {
			if re.Op == syntax.OpConcat {
				w = min(w+matchWidth(sub), maxRowSpan)
			} else {
				w = max(w, matchWidth(sub))
			}
		}
		return w
	case syntax.OpStar, syntax.OpPlus:
		return unbounded(re.Sub[0])
	case syntax.OpRepeat:
		if re.Max < 0 {
			return max(unbounded(re.Sub[0]), min(re.Min, maxRowSpan)*matchWidth(re.Sub[0]))
		}
		return min(re.Max, maxRowSpan) * matchWidth(re.Sub[0])
	}
	return 0 // the empty text, an assertion
}

// unbounded is the width of a repeat of sub without an upper bound.
func unbounded(sub *syntax.Regexp) int {
	switch {
	case sub.Op == syntax.OpAnyChar || sub.Op == syntax.OpAnyCharNotNL:
		return maxRowSpan
	case isSpaceClass(sub):
		return spaceRunes
	}
	return max(unboundedRunes, matchWidth(sub))
}

// isSpaceClass reports whether re matches white space only (\s).
func isSpaceClass(re *syntax.Regexp) bool {
	if re.Op != syntax.OpCharClass {
		return false
	}
	for i := 0; i+1 < len(re.Rune); i += 2 {
		for c := re.Rune[i]; c <= re.Rune[i+1]; c++ {
			if !strings.ContainsRune(" \t\n\v\f\r", c) {
				return false
			}
		}
	}
	return true
}

// asciiOnly reports whether b is ASCII, where a character is a byte.
func asciiOnly(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// matchNear reports whether re matches text near an occurrence of lit in in: text
// itself where pos is nil, else a text whose byte p is text's byte pos[p] (the squeezed
// form of unquoted text). A text no longer than maxRowSpan, or a pattern that must see
// the whole text (whole), is matched whole.
func (s *scanner) matchNear(re *regexp.Regexp, whole bool, text, in, lit []byte, pos []int32) bool {
	if s.nearMemo == nil || len(lit) == 0 {
		return s.admits(re, text) && s.matchNearRun(re, whole, text, in, lit, pos, nil)
	}
	long := len(text) > maxRowSpan
	if !long && !s.admits(re, text) {
		return false
	}
	key := nearKey{re: re, whole: whole, n: len(text),
		h: [2]uint64{maphash.Bytes(s.seeds[0], text), maphash.Bytes(s.seeds[1], text)}}
	if !runsWhole(whole && s.openEnd(re) == nil, text) {
		// Only spans around the literal's occurrences are read: the answer is the
		// literal's. A text run whole answers alike for every row whose literal it holds.
		key.lit, key.nlit, key.nin = &lit[0], len(lit), len(in)
	}
	if v, ok := s.nearMemo[key]; ok {
		return v
	}
	if len(s.nearMemo) >= maxLinesMemo {
		clear(s.nearMemo)
	}
	v := (!long || s.longAdmits(re, text, &key)) && s.matchNearRun(re, whole, text, in, lit, pos, &key)
	s.nearMemo[key] = v
	return v
}

// longAdmits is admits on a long text, key's, read in the lower-case form made once a
// text (lowerFor), not once a row: each row listed on a window of a long line had
// lowered the whole window for its gate.
func (s *scanner) longAdmits(re *regexp.Regexp, text []byte, key *nearKey) bool {
	if s.t == nil {
		return true
	}
	g := s.t.gateOf(re)
	if g == nil {
		return true
	}
	s.lowerFor(text, key)
	return s.spanAdmits(g, text, 0, len(text))
}

// runsWhole reports whether matchNear runs a pattern on text whole, not on spans
// around a literal: a text no longer than maxRowSpan, or a pattern that must see the
// whole text (whole).
func runsWhole(whole bool, text []byte) bool {
	return whole || len(text) <= maxRowSpan
}

// nearKey is a matchNear question: the pattern, the literal (a row's, by its first
// byte; none where the text is run whole, so that the rows sharing a pattern ask once),
// and the text by its length and two 64-bit hashes, so that a line met again (a log
// that repeats a line: sweep finding 22, BenchmarkShapes/repeated) is not matched
// again.
type nearKey struct {
	re           *regexp.Regexp
	whole        bool
	lit          *byte
	nlit, nin, n int
	h            [2]uint64
}

// matchNearRun is matchNear without the memo (key, matchNear's question, nil where
// none is kept). On a long text each alternative of re's top-level alternation
// (branchesOf) runs apart on the spans around the literal's occurrences that it reaches
// by its own width and admits by its own gate (runBranches); a pattern that asserts the
// text's end, or has no alternation, runs whole on those spans of every alternative,
// merged. A retold message's pattern holds many ways to tell it, one of them 200
// characters wide, each with words of its own, and each span had been as wide as the
// widest and run where any one's words were on the line.
func (s *scanner) matchNearRun(re *regexp.Regexp, whole bool, text, in, lit []byte, pos []int32, key *nearKey) bool {
	var open *regexp.Regexp
	if whole {
		open = s.openEnd(re)
	}
	if runsWhole(whole && open == nil, text) || len(lit) == 0 {
		s.patternBytes += len(text)
		return s.matchBranches(re, text)
	}
	s.occurrences(in, lit, pos)
	bs := []branch{{re: re}}
	if s.t != nil {
		bs = s.t.branchesOf(re)
	}
	// A character is a byte in ASCII text, else up to utf8.UTFMax.
	perRune := utf8.UTFMax
	if asciiOnly(text) {
		perRune = 1
	}
	s.lowerFor(text, key)
	if open == nil && len(bs) > 1 {
		return s.runBranches(bs, text, perRune, key)
	}
	done := s.searchedOf(re, key)
	s.spans = s.spans[:0]
	for _, b := range bs {
		s.spans = s.branchSpans(s.spans, b, text, perRune, done)
	}
	sortSpans(s.spans)
	return s.runSpans(re, open, text, done)
}

// occurrences sets s.occ to the offsets in text of each occurrence of lit in in: in
// itself where pos is nil, else a text whose byte p is text's byte pos[p].
func (s *scanner) occurrences(in, lit []byte, pos []int32) {
	s.occ = s.occ[:0]
	for at := 0; ; {
		i := bytes.Index(in[at:], lit)
		if i < 0 {
			return
		}
		lo, hi := at+i, at+i+len(lit)
		if pos != nil {
			lo, hi = int(pos[lo]), int(pos[hi-1])+1
		}
		s.occ = append(s.occ, [2]int{lo, hi})
		at += i + 1
	}
}

// runBranches reports whether one of the branches bs (a pattern's top-level
// alternatives, none asserting the text's end) matches text within its own width of an
// occurrence s.occ, each branch run apart on its own spans (branchSpans). The whole
// pattern run on the spans of every branch had carried every alternative's states
// through each byte: the skip reasons' retold pattern, sixteen alternatives and 12 KB,
// ran at about 1 µs a byte over the spans of each of its literals on a line of every
// message with one character changed (hostile28's P1), where most spans admit one or two
// alternatives. A match of the pattern is a match of one of its alternatives, and that
// one's lies within its width of an occurrence (TestRowSpan), so the answer is the same.
func (s *scanner) runBranches(bs []branch, text []byte, perRune int, key *nearKey) bool {
	for _, b := range bs {
		done := s.searchedOf(b.re, key)
		s.spans = s.branchSpans(s.spans[:0], b, text, perRune, done)
		if s.runSpans(b.re, nil, text, done) {
			return true
		}
	}
	return false
}

// sortSpans sorts spans by their start. sort.Slice, not slices.SortFunc: its
// instantiation for [2]int was 3 KB of the web page (examples/web's Transfer size); the
// order of equal starts does not matter.
func sortSpans(spans [][2]int) {
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
}

// branchSpans appends to dst the spans of text within b's width of the occurrences
// s.occ, each kept only where it holds what b's gate asks, merged where they overlap.
// Each occurrence's own span is gated, not the merged ones: every match of b lies
// within b's width of one occurrence (TestRowSpan), so a span that lacks b's words
// holds none of its matches. On a line dense in a row's literal (every message with
// one character changed as one line, hostile28's P1: "cudagraph" every few hundred
// bytes) the merged spans were the whole window, held every branch's words somewhere,
// and each retold row's large case-insensitive pattern ran over every byte (17 s of
// CPU a MB).
func (s *scanner) branchSpans(dst [][2]int, b branch, text []byte, perRune int, done *searched) [][2]int {
	reach := maxRowSpan
	if b.gate != nil {
		reach = b.gate.width * perRune
	}
	cs, ce := 0, 0
	var cur searchCursor
	for _, o := range s.occ {
		a, e := max(0, o[0]-reach), min(len(text), o[1]+reach)
		if ce > cs && e <= ce {
			continue // within a span kept
		}
		if done.covers(&cur, a, e) || b.gate != nil && !s.spanAdmits(b.gate, text, a, e) {
			continue
		}
		if ce > cs && a <= ce {
			ce = e
			continue
		}
		if ce > cs {
			dst = append(dst, [2]int{cs, ce})
		}
		cs, ce = a, e
	}
	if ce > cs {
		dst = append(dst, [2]int{cs, ce})
	}
	return dst
}

// spanAdmits reports whether g admits text[a:e], reading the lower-case form of text
// made for it (lowerFor).
func (s *scanner) spanAdmits(g *gate, text []byte, a, e int) bool {
	in := s.low.sub(text, a, e)
	return g.admitsText(&in)
}

// nearLows is how many texts' lower-case forms a scanner keeps (lowerFor): a window's
// clean, unquoted, squeezed and folded forms, which its rows ask about in turn.
const nearLows = 4

// lowerFor sets s.low to text's lower-case form, made once for the text key hashes (or
// afresh where key is nil) and kept among the last nearLows.
func (s *scanner) lowerFor(text []byte, key *nearKey) {
	if key != nil {
		for i := range s.nearLows {
			if l := &s.nearLows[i]; l.lowered && l.n == key.n && l.h == key.h {
				s.low = l
				return
			}
		}
	}
	s.lowNext = (s.lowNext + 1) % nearLows
	s.low = &s.nearLows[s.lowNext]
	s.low.lower(text)
	s.low.n = -1
	if key != nil {
		s.low.n, s.low.h = key.n, key.h
	}
}

// loweredText is a text with its ASCII letters in lower case (lowerASCII) and the
// offsets of the runes in it that fold to an ASCII letter (foldsToASCII), so that a
// gate reads a part of it (sub) without lowering that part again.
type loweredText struct {
	low     []byte
	folding []int
	lowered bool
	// n and h are the text's length and hashes where it was made for a key
	// (longAdmits), n -1 where not.
	n int
	h [2]uint64
}

// lower makes l the lower-case form of text.
func (l *loweredText) lower(text []byte) {
	l.low = append(l.low[:0], text...)
	l.folding = l.folding[:0]
	for i, c := range l.low {
		switch {
		case c >= utf8.RuneSelf:
			if foldsToASCII(l.low[i:]) {
				l.folding = append(l.folding, i)
			}
		case 'A' <= c && c <= 'Z':
			l.low[i] = c + 'a' - 'A'
		}
	}
	l.lowered = true
}

// sub returns text[a:e] (text the one l was made from) as a gate's text, its lower-case
// form l's, folding where a rune in it folds to an ASCII letter.
func (l *loweredText) sub(text []byte, a, e int) gateText {
	i, _ := slices.BinarySearch(l.folding, a)
	folds := i == len(l.folding) || l.folding[i] >= e
	return gateText{text: text[a:e], low: l.low[a:e], lowered: true, folds: folds}
}

// runSpans runs re on s.spans (sorted by start), merged where they overlap, each edge
// moved beside a byte that is no word character (snapStart, snapEnd) or, where none is
// near, out to the nearest such byte or the text's edge (reachOut). A span that ends
// before the text does is run with open instead where re asserts the text's end (open
// is re with that assertion matching nothing: openEnd), since the end is not in it.
func (s *scanner) runSpans(re, open *regexp.Regexp, text []byte, done *searched) bool {
	from := done.mark()
	for i := 0; i < len(s.spans); {
		a, e := s.spans[i][0], s.spans[i][1]
		for i++; i < len(s.spans) && s.spans[i][0] <= e; i++ {
			e = max(e, s.spans[i][1])
		}
		a, e = reachOut(text, a, e)
		s.patternBytes += e - a
		r := re
		if open != nil && e < len(text) {
			r = open
		}
		if r.Match(text[a:e]) {
			return true
		}
		done.add(a, e)
	}
	done.sorted(from)
	return false
}

// searched is the spans of one text that one pattern ran on without a match (runSpans),
// sorted by their start after each run: a window around another row's literal (rows
// that share a retold pattern each have their own literal: "CPU tensor", "tensors on
// CPU", "CPU op" and some twenty more for the skip reasons), or around the squeezed
// literal of the row whose exact try just failed on the same text, that lies inside one
// of them holds no match (every match lies within its branch's width of an occurrence:
// TestRowSpan), so the pattern is not run on it again. On a line of every message with
// one character changed (hostile28's P1) the skip reasons' pattern ran over the same
// spans once for each of those literals, clean and squeezed.
type searched struct {
	spans [][2]int
}

// maxSearched bounds the texts a scanner remembers searched spans of (searchedOf):
// then afresh.
const maxSearched = 256

// searchedKey is a pattern and a text, by its length and two 64-bit hashes.
type searchedKey struct {
	re *regexp.Regexp
	n  int
	h  [2]uint64
}

// searchedOf returns the spans re has run on without a match in the text key hashes
// (matchNear's key: its text's length and hashes), made on first use; nil where key is.
func (s *scanner) searchedOf(re *regexp.Regexp, key *nearKey) *searched {
	if key == nil {
		return nil
	}
	k := searchedKey{re: re, n: key.n, h: key.h}
	if d, ok := s.searchedMemo[k]; ok {
		return d
	}
	if s.searchedMemo == nil || len(s.searchedMemo) >= maxSearched {
		s.searchedMemo = map[searchedKey]*searched{}
	}
	d := &searched{}
	s.searchedMemo[k] = d
	return d
}

// searchCursor walks a searched's spans in order of start (covers), with the farthest
// end of those passed.
type searchCursor struct {
	i, end int
}

// covers reports whether a..e lies inside one span of d (nil: none), for windows asked
// in order of their start with the same cursor.
func (d *searched) covers(c *searchCursor, a, e int) bool {
	if d == nil {
		return false
	}
	for ; c.i < len(d.spans) && d.spans[c.i][0] <= a; c.i++ {
		c.end = max(c.end, d.spans[c.i][1])
	}
	return c.end >= e
}

// mark returns how many spans d holds (0 for nil), where a run's own start.
func (d *searched) mark() int {
	if d == nil {
		return 0
	}
	return len(d.spans)
}

// add records a..e as run on without a match.
func (d *searched) add(a, e int) {
	if d != nil {
		d.spans = append(d.spans, [2]int{a, e})
	}
}

// sorted sorts d's spans by start after a run added those from from on (each run's
// own come sorted).
func (d *searched) sorted(from int) {
	if d != nil && from > 0 && from < len(d.spans) {
		sortSpans(d.spans)
	}
}

// reachOut returns the span a..e of text with its edges moved beside a byte that is no
// word character (isEdgeByte): the nearest within maxSnap (snapStart, snapEnd), else
// the nearest outside the span, or the text's start or end where there is none. An
// edge with none near had run the pattern on the whole text: a squeezed line (no
// spaces) holds runs of word characters longer than maxSnap, and where a span's edge
// fell inside one, as a row's literal added before it could move it, the anchor line
// of TestDenseLineBounded ran seven patterns over its whole squeezed text (5.8 bytes a
// byte), more or less as rows came and went.
func reachOut(text []byte, a, e int) (int, int) {
	sa, se := snapStart(text, a, e), snapEnd(text, e, a)
	if sa >= 0 && se > sa {
		return sa, se
	}
	crossed := sa >= 0 && se >= 0 // each found, the start after the end
	if sa < 0 || crossed {
		for sa = a; sa > 0 && !isEdgeByte(text[sa-1]); sa-- {
		}
	}
	if se < 0 || crossed {
		for se = e; se < len(text) && !isEdgeByte(text[se]); se++ {
		}
	}
	return sa, se
}

// branch is an alternative of a pattern's top-level alternation, compiled apart, with
// its gate (nil where it has none).
type branch struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	re   *regexp.Regexp
	gate *gate
}

// branchesOf returns re's branches (re alone where it is no alternation), compiled on
// first use and kept (safe for concurrent use: the table is shared).
func (t *table) branchesOf(re *regexp.Regexp) []branch {
	if v, ok := t.branches.Load(re); ok {
		return v.([]branch)
	}
	bs := splitBranches(re, t.gateOf(re))
	t.branches.Store(re, bs)
	return bs
}

// splitBranches returns re's top-level alternatives compiled apart (topBranches), or
// re itself with gate g where it has none or one does not compile.
func splitBranches(re *regexp.Regexp, g *gate) []branch {
	srcs := topBranches(re.String())
	if len(srcs) < 2 {
		return []branch{{re: re, gate: g}}
	}
	out := make([]branch, 0, len(srcs))
	for _, src := range srcs {
		b, err := regexp.Compile(src)
		if err != nil {
			return []branch{{re: re, gate: g}}
		}
		out = append(out, branch{re: b, gate: newGate(src)})
	}
	return out
}

// reFlags is a group that sets flags, "(?i)"; leading ones apply to every alternative.
var reFlags = &lazyregexp.Regexp{Expr: `\(\?[a-zA-Z-]+\)`}

// topBranches splits the expression src at its top-level "|", each part with src's
// leading flags, or returns nil where a group sets flags after its start (they would
// apply to the parts after it only). Read from the text, not printed from the parsed
// expression: printing a large one took a second.
func topBranches(src string) []string {
	rest := src
	for {
		loc := reFlags.FindStringIndex(rest)
		if loc == nil || loc[0] != 0 {
			break
		}
		rest = rest[loc[1]:]
	}
	flags := src[:len(src)-len(rest)]
	if reFlags.MatchString(rest) {
		return nil
	}
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case '\\':
			i++
		case '[':
			i = classEnd(rest, i)
		case '(':
			depth++
		case ')':
			depth--
		case '|':
			if depth == 0 {
				out = append(out, flags+rest[start:i])
				start = i + 1
			}
		}
	}
	return append(out, flags+rest[start:])
}

// classEnd returns the offset of the "]" that closes the character class src[i:] opens
// ("[]a]" and "[^]a]" hold a "]"), len(src) where none does.
func classEnd(src string, i int) int {
	i++
	if i < len(src) && src[i] == '^' {
		i++
	}
	if i < len(src) && src[i] == ']' {
		i++
	}
	for ; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case ']':
			return i
		}
	}
	return len(src)
}

// squeezedPos returns, for each byte of squeeze(unquoted), its offset in unquoted.
func squeezedPos(dst []int32, unquoted []byte) []int32 {
	dst = dst[:0]
	for i, c := range unquoted {
		switch c {
		case ' ', '\t', '\r', '\n', '\'', '"', '`':
			continue
		}
		dst = append(dst, int32(i))
	}
	return dst
}

// openEnd returns re with its assertions of the text's end ($, \z) made to match
// nothing, for the spans of a long text that end before it does (runSpans); nil where
// re has a text's or line's start or a line's end among its assertions, or where no
// such variant can be built: re then runs on the whole text. A pattern that asks for
// its message to end the line ("…inputs\s*$") had run on every byte of a long line
// whose literal it held, once for each of its forms (TestDenseLineBounded's anchor
// line: 27.8 of its 147.8 pattern bytes a byte, 2026-12-06); its match, like any row's,
// lies within the pattern's width of the literal (TestRowSpan), so where that reach
// stops short of the text's end no match of it can use the end. Compiled on first use
// and kept in the shared table (safe for concurrent use).
func (s *scanner) openEnd(re *regexp.Regexp) *regexp.Regexp {
	if s.t == nil {
		return nil
	}
	if v, ok := s.t.openEnds.Load(re); ok {
		return v.(*regexp.Regexp)
	}
	v := endless(re.String())
	s.t.openEnds.Store(re, v)
	return v
}

// noMatch is a character class of no character: it matches nothing.
const noMatch = `[^\x00-\x{10FFFF}]`

// endless returns src compiled with each $ and \z outside a character class replaced by
// noMatch, or nil where src asserts a start (^, \A) or a line's end ((?m)$), quotes
// (\Q), or the result still asserts the text's end.
func endless(src string) *regexp.Regexp {
	parsed, err := syntax.Parse(src, syntax.Perl)
	if err != nil || !hasOp(parsed, syntax.OpEndText) ||
		hasOp(parsed, syntax.OpBeginText, syntax.OpBeginLine, syntax.OpEndLine) || strings.Contains(src, `\Q`) {
		return nil
	}
	out := replaceEnds(src)
	after, err := syntax.Parse(out, syntax.Perl)
	if err != nil || hasOp(after, syntax.OpEndText, syntax.OpBeginText, syntax.OpBeginLine, syntax.OpEndLine) {
		return nil
	}
	re, err := regexp.Compile(out)
	if err != nil {
		return nil
	}
	return re
}

// replaceEnds returns src with each $ and \z outside a character class replaced by
// noMatch. An escaped byte is copied with its backslash, a character class whole
// (classEnd).
func replaceEnds(src string) string {
	var b strings.Builder
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src) && src[i+1] == 'z':
			b.WriteString(noMatch)
			i++
		case c == '\\' && i+1 < len(src):
			b.WriteString(src[i : i+2])
			i++
		case c == '[':
			j := min(len(src), classEnd(src, i)+1)
			b.WriteString(src[i:j])
			i = j - 1
		case c == '$':
			b.WriteString(noMatch)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
