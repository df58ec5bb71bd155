package diagnose

import (
	"bytes"
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"sort"
	"unicode"
	"unicode/utf8"
)

// literalSet finds in one pass over a text every row whose literal, in one form (the
// squeezed or the folded one), occurs in it: a line that lists many rows (its anchors
// are common words: "thread", "errors", "torch.compile") is searched once, not once per
// row and form (BenchmarkShapes/near-miss: every line a candidate for some twenty rows).
type literalSet struct {
	set     *anchorSet
	rows    [][]int // by anchor: the rows whose form it is
	longest int     // the longest form's length
}

// newLiteralSet indexes form(row) of every row; every form must be 4 bytes or more.
func newLiteralSet(rows []compiledRow, form func(*compiledRow) []byte) (literalSet, error) {
	index := map[string]int{}
	var anchors [][]byte
	var byAnchor [][]int
	longest := 0
	for i := range rows {
		f := form(&rows[i])
		longest = max(longest, len(f))
		if len(f) < 4 {
			return literalSet{}, fmt.Errorf("diagnose: row %d (%s): literal %q is shorter than 4 bytes without white space", i, rows[i].Code, rows[i].Literal)
		}
		j, ok := index[string(f)]
		if !ok {
			j = len(anchors)
			index[string(f)] = j
			anchors = append(anchors, f)
			byAnchor = append(byAnchor, nil)
		}
		byAnchor[j] = append(byAnchor[j], i)
	}
	return literalSet{set: newAnchorSet(anchors), rows: byAnchor, longest: longest}, nil
}

// mark sets at[row] to stamp for every row whose form occurs in text.
func (l literalSet) mark(text []byte, at []int, stamp int) {
	l.set.find(text, func(a, _ int) {
		for _, r := range l.rows[a] {
			at[r] = stamp
		}
	})
}

// rowAt is an occurrence of a row's form at a byte offset.
type rowAt struct{ row, at int }

// occurrences returns, in dst, every occurrence in text of every row's form, by row and
// then offset.
func (l literalSet) occurrences(dst []rowAt, text []byte) []rowAt {
	dst = dst[:0]
	l.set.find(text, func(a, at int) {
		for _, r := range l.rows[a] {
			dst = append(dst, rowAt{r, at})
		}
	})
	// sort.Slice and sort.Search, not slices' generic sort and search: their
	// instantiations for rowAt were 3 KB of the web page (examples/web's Transfer size)
	sort.Slice(dst, func(i, j int) bool {
		if dst[i].row != dst[j].row {
			return dst[i].row < dst[j].row
		}
		return dst[i].at < dst[j].at
	})
	return dst
}

// occurrencesOf returns row's occurrences in occ (sorted by occurrences).
func occurrencesOf(occ []rowAt, row int) []rowAt {
	lo := sort.Search(len(occ), func(i int) bool { return occ[i].row >= row })
	hi := lo
	for hi < len(occ) && occ[hi].row == row {
		hi++
	}
	return occ[lo:hi]
}

// matchCache is what one pass over an entry or the joined entries found for every row,
// and the pattern runs remembered while their entries are held.
type matchCache struct {
	joinOcc []rowAt // the rows' squeezed literals in s.joined (literalSet.occurrences)
	// litAt, sqAt and foldAt hold, per row, 1 + the ring entry whose clean (squeezed,
	// folded) line holds its literal (squeezed, folded literal); litFor, sqFor and
	// foldFor, 1 + the entry they were last made for.
	litAt, sqAt, foldAt    []int
	litFor, sqFor, foldFor int
	// linesMemo, nearMemo and absentMemo remember linesMatch's, matchNear's and
	// markedAbsent's answers by text (at most maxLinesMemo each).
	linesMemo map[linesKey]bool
	nearMemo  map[nearKey]bool
	// searchedMemo is the spans each pattern ran on without a match, by text
	// (searchedOf).
	searchedMemo map[searchedKey]*searched
	absentMemo   map[absentKey]absence
}

func newMatchCache(rows int) matchCache {
	return matchCache{litAt: make([]int, rows), sqAt: make([]int, rows), foldAt: make([]int, rows), linesMemo: map[linesKey]bool{}, nearMemo: map[nearKey]bool{},
		absentMemo: map[absentKey]absence{}}
}

// gate is what every match of an expression holds: clauses of literals, each clause
// met when the text holds one of its literals, so that the expression is not run on a
// text that meets none of a clause's. A line that holds a row's literal and not the rest
// of its pattern ("skipping cudagraphs due to mutated inputs" without "instances)":
// BenchmarkShapes/many-findings, wrapped) had run the pattern on the line and on each
// span of its neighbours joined, spaced and tight.
//
// alts are the gate's alternatives: each group is met when one of its gates admits the
// text (the branches of an alternation that every match goes through, each with all its
// own clauses, where clauses hold only the strongest of each: mustHold). A line that
// holds a row's literal and, joined with its neighbours, none of the other words of the
// branch that literal is in ran the pattern on each such span (the user's
// nearmiss_lines.txt of 2026-12-06, 200,000 lines of a message's head and a number:
// 5.7 s of CPU, 250 times grep -F's).
//
// width is the most characters a match holds (patternWidth): the reach of matchNear's
// spans around a literal.
type gate struct {
	clauses []gateClause
	alts    [][]*gate
	width   int
}

// altDepth is how deep in a pattern's alternations within alternations gates are
// kept as alternatives (altGroups): deeper, mustHold's clauses alone.
const altDepth = 2

// maxAlts is the most gates of branches a gate keeps, all its groups together: past
// it the clauses alone (a gate costs a look for each of its literals on each text).
const maxAlts = 256

// gateClause is met by a text that holds one of its literals.
type gateClause []needLit

// needLit is a literal a match holds, byte for byte or, fold, without regard to case
// (lit is then in lower case, ASCII only).
type needLit struct {
	lit  []byte
	fold bool
}

// newGate returns the gate of expr (no clauses where no literal is known to be in every
// match), nil where expr does not parse.
func newGate(expr string) *gate {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	budget := maxAlts
	return &gate{clauses: prunedHold(re), alts: altGroups(re, altDepth, &budget), width: patternWidth(re)}
}

// altGroups returns the alternatives' gates of re's alternations that every match goes
// through (re itself, or a part of a concatenation, a capture or a repeat of at least
// once), down to depth levels of alternation inside a branch, taking at most *budget
// gates; a group with a branch that would admit every text is left out.
func altGroups(re *syntax.Regexp, depth int, budget *int) [][]*gate {
	if depth == 0 {
		return nil
	}
	switch re.Op {
	case syntax.OpCapture, syntax.OpPlus:
		return altGroups(re.Sub[0], depth, budget)
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return altGroups(re.Sub[0], depth, budget)
		}
	case syntax.OpConcat:
		var out [][]*gate
		for _, sub := range re.Sub {
			out = append(out, altGroups(sub, depth, budget)...)
		}
		return out
	case syntax.OpAlternate:
		if g := altGroup(re.Sub, depth, budget); g != nil {
			return [][]*gate{g}
		}
	}
	return nil
}

// altGroup returns the gates of branches, nil where one of them asks nothing of a text,
// where each asks one clause only (mustHold's clause of the alternation says as much),
// or where *budget runs out.
func altGroup(branches []*syntax.Regexp, depth int, budget *int) []*gate {
	if len(branches) > *budget {
		return nil
	}
	*budget -= len(branches)
	out := make([]*gate, 0, len(branches))
	more := false
	for _, b := range branches {
		g := &gate{clauses: prunedHold(b), alts: altGroups(b, depth-1, budget)}
		if len(g.clauses) == 0 && len(g.alts) == 0 {
			return nil
		}
		more = more || len(g.clauses) > 1 || len(g.alts) > 0
		out = append(out, g)
	}
	if !more {
		return nil
	}
	return out
}

// literalOf returns re's literal as a needLit, ok false where it cannot be looked for
// as bytes: U+FFFD (which an invalid byte matches). Without regard to case, a rune
// outside ASCII that has another case is looked for by the bytes every case of it starts
// with (foldedPrefix: "м" and "М" both start with the byte D0), the literal's other
// runes left out; a rune with none, a Chinese or Japanese one, is looked for as it is
// (the literals of the retellings in those languages, under (?i)).
func literalOf(re *syntax.Regexp) (needLit, bool) {
	fold := re.Flags&syntax.FoldCase != 0
	for _, c := range re.Rune {
		if c == utf8.RuneError {
			return needLit{}, false
		}
	}
	for _, c := range re.Rune {
		if fold && c >= utf8.RuneSelf && unicode.SimpleFold(c) != c {
			p := foldedPrefix(re.Rune)
			return needLit{lit: p}, len(p) > 0
		}
	}
	b := []byte(string(re.Rune))
	if fold {
		lower(b)
	}
	return needLit{b, fold}, len(b) > 0
}

// foldedPrefix returns the longest run of bytes that, for one of runes, the UTF-8 of
// every case of it starts with (nil for none: a rune one of whose cases is ASCII has
// none). Every match of the runes without regard to case holds those bytes, where that
// rune's match starts: a gate looks for them byte for byte. Russian's "у\s+меня" in
// runShown had no literal, so that the expression, a large alternation, ran under Go's
// NFA on every line that names torch and a release (BenchmarkShapes/release-pytest).
func foldedPrefix(runes []rune) []byte {
	var best []byte
	for _, c := range runes {
		p := utf8.AppendRune(nil, c)
		for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
			q := utf8.AppendRune(nil, f)
			n := 0
			for n < len(p) && n < len(q) && p[n] == q[n] {
				n++
			}
			p = p[:n]
		}
		if len(p) > len(best) {
			best = p
		}
	}
	return best
}

// prunedHold returns mustHold(re), each clause pruned (pruneClause).
func prunedHold(re *syntax.Regexp) []gateClause {
	cs := mustHold(re)
	for i, c := range cs {
		cs[i] = pruneClause(c)
	}
	return cs
}

// pruneClause returns c less the literals a text cannot meet without meeting another of
// c first: a literal twice, or one that holds another looked for alike (both without
// regard to case or both not). Where one of them is met, the other is met ending no
// later, so the clause is met as before, ending where it did (meetsFrom). A clause of an
// alternation of retellings had named "python" twenty times and "compile" beside
// "compil", each looked for on every line (perf31b: a log whose every line names its
// Python).
func pruneClause(c gateClause) gateClause {
	out := make(gateClause, 0, len(c))
	for i, l := range c {
		if !slices.ContainsFunc(c, func(o needLit) bool { return subsumes(o, l, c, i) }) {
			out = append(out, l)
		}
	}
	return out
}

// subsumes reports whether literal o of clause c makes l, c's i-th, needless: both looked
// for alike, o within l, and o either shorter or the same literal met before index i.
func subsumes(o, l needLit, c gateClause, i int) bool {
	if o.fold != l.fold || !bytes.Contains(l.lit, o.lit) {
		return false
	}
	if len(o.lit) < len(l.lit) {
		return true
	}
	return slices.IndexFunc(c, func(x needLit) bool { return x.fold == o.fold && bytes.Equal(x.lit, o.lit) }) < i
}

// mustHold returns clauses every match of re meets: a literal's own; those of the
// parts of a concatenation, a capture and a repeat of at least once; for an
// alternation, one clause of the literals of each alternative's strongest clause (where
// every alternative has one). An optional part's are none.
func mustHold(re *syntax.Regexp) []gateClause {
	switch re.Op {
	case syntax.OpLiteral:
		if l, ok := literalOf(re); ok {
			return []gateClause{{l}}
		}
	case syntax.OpCharClass:
		if c, ok := classLiterals(re); ok {
			return []gateClause{c}
		}
	case syntax.OpCapture, syntax.OpPlus:
		return mustHold(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return mustHold(re.Sub[0])
		}
	case syntax.OpConcat:
		var out []gateClause
		for _, sub := range re.Sub {
			out = append(out, mustHold(sub)...)
		}
		return out
	case syntax.OpAlternate:
		var any gateClause
		for _, sub := range re.Sub {
			c, ok := strongest(mustHold(sub))
			if !ok {
				return nil
			}
			any = append(any, c...)
		}
		return []gateClause{any}
	}
	return nil
}

// maxClassLiterals is the most characters a class may hold and still be read as a
// clause of one-character literals (classLiterals).
const maxClassLiterals = 4

// classLiterals returns a character class of at most maxClassLiterals characters as a
// clause of them, byte for byte (the parser has put every case of a character under
// (?i) in the class): "(?:-|_|\s*[(（])" after "torch" holds one of "-", "_", "(" and
// "（" (the prose-joined row, which a pytest line's "[torch 2.14.0+cu130]" had run:
// newuser28's finding 13). False for a larger class, and for one that holds U+FFFD,
// which an invalid byte matches.
func classLiterals(re *syntax.Regexp) (gateClause, bool) {
	n := 0
	for i := 0; i+1 < len(re.Rune); i += 2 {
		n += int(re.Rune[i+1]-re.Rune[i]) + 1
		if n > maxClassLiterals {
			return nil, false
		}
	}
	var c gateClause
	for i := 0; i+1 < len(re.Rune); i += 2 {
		for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
			if r == utf8.RuneError {
				return nil, false
			}
			c = append(c, needLit{lit: utf8.AppendRune(nil, r)})
		}
	}
	return c, len(c) > 0
}

// strongest returns the clause of cs whose shortest literal is the longest (a text is
// least likely to meet it by chance: "grad" or "dat" rather than "up").
func strongest(cs []gateClause) (gateClause, bool) {
	var best gateClause
	bestLen := 0
	for _, c := range cs {
		short := 1 << 30
		for _, l := range c {
			short = min(short, len(l.lit))
		}
		if short > bestLen {
			best, bestLen = c, short
		}
	}
	return best, bestLen > 0
}

// admits reports whether text may match the gate's expression: it meets every gateClause
// and, of each group of alternatives, one gate. A literal without regard to case is
// looked for in text with its ASCII letters made lower case (in scratch), other bytes as
// they are, unless text holds one of the two runes outside ASCII that fold to an ASCII
// letter (foldsToASCII: (?i)k matches the Kelvin sign, (?i)s the long s): such a text
// meets every such literal's clause.
func (g *gate) admits(text []byte, scratch *[]byte) bool {
	in := gateText{text: text, scratch: scratch}
	return g.admitsText(&in)
}

// admitsText is admits on in. The clauses are met in their order (mustHold gives them in
// the order a match holds them: a concatenation's parts one after another), each after
// the end of the one before it: "assert torch._C._is_key_in_tls(3" holds "_is_key_in_tls"
// and "assert", but not "assert" after it, as "\b_is_key_in_tls\b\s+assert" asks.
func (g *gate) admitsText(in *gateText) bool {
	from := 0
	for _, c := range g.clauses {
		end, ok := in.meetsFrom(c, from)
		if !ok {
			return false
		}
		from = end
	}
	for _, group := range g.alts {
		if !slices.ContainsFunc(group, func(b *gate) bool { return b.admitsText(in) }) {
			return false
		}
	}
	return true
}

// gateText is a text a gate reads, made lower case (in scratch) once, where a literal
// without regard to case asks; folds is false where the lower-case form cannot stand for
// the text (foldsToASCII).
type gateText struct {
	text, low []byte
	scratch   *[]byte
	lowered   bool
	folds     bool
}

// meetsFrom reports whether the text from byte from on holds one of c's literals, and
// where the first to end there ends; a literal of c without regard to case meets it
// where the text holds a rune outside ASCII that folds to an ASCII letter, at from
// (where it lies is not known).
func (t *gateText) meetsFrom(c gateClause, from int) (end int, ok bool) {
	end = -1
	for _, l := range c {
		in := t.text
		if l.fold {
			if !t.lowered {
				t.low, t.folds = lowerASCII(t.text, t.scratch)
				t.lowered = true
			}
			if !t.folds {
				return from, true
			}
			in = t.low
		}
		if i := bytes.Index(in[from:], l.lit); i >= 0 && (end < 0 || from+i+len(l.lit) < end) {
			end = from + i + len(l.lit)
		}
	}
	return end, end >= 0
}

// lowerASCII returns text with its ASCII letters in lower case, in scratch, and whether
// that form stands for text without regard to case: false where text holds a rune
// outside ASCII that folds to an ASCII letter (foldsToASCII). A fold literal is ASCII,
// or runes of no other case looked for byte for byte (literalOf), so that another rune
// outside ASCII never meets one of its characters: the lines of a log in Chinese, or a
// long line that holds one such rune anywhere, had met every fold clause (a line of
// every message with one character changed, hostile28's P1: each retold row's large
// case-insensitive pattern ran over the whole line).
func lowerASCII(text []byte, scratch *[]byte) ([]byte, bool) {
	low := append((*scratch)[:0], text...)
	*scratch = low
	for i, c := range low {
		switch {
		case c >= utf8.RuneSelf:
			if foldsToASCII(low[i:]) {
				return nil, false
			}
		case 'A' <= c && c <= 'Z':
			low[i] = c + 'a' - 'A'
		}
	}
	return low, true
}

// foldsToASCII reports whether b starts with one of the two runes outside ASCII whose
// simple case folding holds an ASCII letter: U+017F (long s: s, S) and U+212A (Kelvin
// sign: k, K); every other rune's fold orbit is outside ASCII (Go's unicode.SimpleFold,
// checked over every rune by TestFoldsToASCII).
func foldsToASCII(b []byte) bool {
	return bytes.HasPrefix(b, []byte("\u017f")) || bytes.HasPrefix(b, []byte("\u212a"))
}

// gateOf returns re's gate (nil where it has none): a context's, or that of a row's
// pattern or form, compiled on first use (lazyPattern, rowForms).
func (t *table) gateOf(re *regexp.Regexp) *gate {
	if t.gates != nil {
		if g, ok := t.gates.Load(re); ok {
			return g.(*gate)
		}
	}
	return nil
}

// match reports whether re matches text, not running re where its gate says it cannot.
func (s *scanner) match(re *regexp.Regexp, text []byte) bool {
	if s.t != nil {
		if g := s.t.gateOf(re); g != nil && !g.admits(text, &s.lowered) {
			return false
		}
	}
	return re.Match(text)
}

// matchBranches reports whether re matches text, as match does, running only the
// branches of its top-level alternation whose gate admits text, each apart.
func (s *scanner) matchBranches(re *regexp.Regexp, text []byte) bool {
	if s.t == nil {
		return re.Match(text)
	}
	if !s.admits(re, text) {
		return false
	}
	bs := s.t.branchesOf(re)
	if len(bs) == 1 {
		return bs[0].re.Match(text)
	}
	for _, b := range bs {
		if (b.gate == nil || b.gate.admits(text, &s.lowered)) && b.re.Match(text) {
			return true
		}
	}
	return false
}

// admits reports whether re may match text by its gate (true without one).
func (s *scanner) admits(re *regexp.Regexp, text []byte) bool {
	if s.t == nil {
		return true
	}
	g := s.t.gateOf(re)
	return g == nil || g.admits(text, &s.lowered)
}
