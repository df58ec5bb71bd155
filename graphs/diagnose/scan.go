package diagnose

import (
	"bufio"
	"bytes"
	"fmt"
	"hash/maphash"
	"io"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// Match says how a row's text was found in the log.
//
// The kinds are ordered, closest to PyTorch's text first, as they are declared below:
// Exact, Wrapped (the text whole, only its line breaks differ), Quoted (its marks,
// spacing or case differ), Truncated, Paraphrased, Planned. A finding whose code
// occurs more than once shows its best occurrence in this order, the earliest of the
// best (Finding.Line): a title that quotes part of a message above the whole
// traceback shows the traceback's line.
type Match string

// The ways a text is found. A finding that is not Exact says so in the text output.
const (
	// Exact: the row's text is on one line, byte for byte (after colour codes, "> "
	// quote marks, rank prefixes and indentation are removed).
	Exact Match = "exact"
	// Wrapped: the text runs over two or three lines, as a terminal or a page wraps
	// it, found with the lines joined (white space ignored).
	Wrapped Match = "wrapped"
	// Quoted: the text is on one line inside markdown or quotes (backticks, bold
	// marks, table cells, runs of spaces), found once those are removed.
	Quoted Match = "quoted"
	// Truncated: a message cut or cropped, found by what is left of it. One mechanism
	// holds two rules. The short-cut rule (shortFits):
	// a line ends with the first two thirds or more of a long message (40 characters or
	// more, squeezed) and the rest is missing, as a title or a summary cuts it ("… that
	// has been overwritten", "… by a subsequent..."), or starts with an ellipsis and the
	// last two thirds or more; rows with a Pattern, which checks text beyond the literal,
	// are not found this way. The general rule (matchCut): a message cut by an ellipsis,
	// cropped at its start (inside a word, or between words where enough is left:
	// cut_head.go) or cut at the input's end inside a row's text, any row, when the rows
	// it fits are of one code. A raise line in torch's source cut where the
	// input ends is matchCutRaise's. JSON's "match" is "truncated" for all of them, and
	// the text output says the text was cut or cropped.
	Truncated Match = "truncated"
	// Paraphrased: the line says what PyTorch's message says in other words, by a row
	// whose Paraphrase is set ("Python 3.11 is not supported for torch.compile" for
	// "Python 3.11+ not yet supported for torch.compile").
	Paraphrased Match = "paraphrased"
	// Planned: no message shows it; planning the call and environment the log shows
	// does (a TORCHINDUCTOR_* variable that pins a key the log also sets).
	Planned Match = "planned"
)

// closer reports whether a match of kind a is closer to PyTorch's text than one of
// kind b, in Match's order.
func closer(a, b Match) bool { return matchRank(a) < matchRank(b) }

// matchRank is m's place in Match's order (0 for Exact); an unknown kind comes last.
func matchRank(m Match) int {
	order := [...]Match{Exact, Wrapped, Quoted, Truncated, Paraphrased, Planned}
	if i := slices.Index(order[:], m); i >= 0 {
		return i
	}
	return len(order)
}

// compiledRow is a Signature with its regular expressions compiled.
type compiledRow struct {
	Signature
	literal  []byte
	squeezed []byte // literal less white space and quote marks (see squeeze)
	folded   []byte // squeezed in lower case
	// pat is the row's Pattern, compiled on its first use (re): nil where the row has
	// none.
	pat *lazyPattern
	// fragment reports a quoted fragment's row (fragmentRows), which the cut rules leave
	// out (uncut).
	fragment bool
	// middle are the forms the middle rule reads the literal as (middleForms), nil where
	// it reads none (cut_middle.go).
	middle []middleForm
	// forms are the pattern's other forms, compiled on the row's first use (nil where
	// the row has no Pattern): see rowForms.
	forms *rowForms
	// tail reports whether the pattern goes on after the literal, so that a line
	// with the literal may hold the rest of the pattern on the next line; lead, whether
	// it starts before the literal, so that the line before may hold its start.
	tail, lead bool
	// endsLine says the pattern ends with $: the message ends with its line.
	endsLine bool
	requires int  // index into scanner.contexts, -1 for none
	bareSkip bool // a bare skip quotation's row (bareSkipRow): tried only beside one
	// bareAssert: a row of rows_retold_o16.go (bareAssertRow), tried only where bareAssertFits
	bareAssert bool
	// rule: a message whose words are a rule or a fact (ruleRow), no report where source
	// code states it (ruleStated)
	rule bool
	// headWords and tailWords are the literal's edge words that a hit must show at a word's edge
	// (wordEdges, midWord), nil where the row's edge needs none
	headWords, tailWords []byte
}

// rowForms are a row's pattern's forms that only a line holding some form of the
// row's literal needs: compiled on the first such line, not with the table. Compiling
// them all with the table had been most of its compilation, and so of a log's first
// answer (in the web page most of all), though a log meets few rows.
type rowForms struct {
	once  sync.Once
	pat   *lazyPattern // the row's pattern
	lit   string       // the row's literal
	gates *sync.Map    // the table's gates, where each form's gate goes
	built rowFormsCompiled
}

// rowFormsCompiled are a row's compiled forms: its pattern's (shared with the rows
// that share the pattern) and its cut forms (the row's own: they are cut at its literal).
type rowFormsCompiled struct {
	patternForms
	cut cutPatterns
}

// patternForms are a pattern's forms for text retyped or squeezed, compiled once for
// the rows that share the pattern (lazyPattern.forms): the same expression compiled
// for each row had been a regexp of its own, so matchNear's memo asked each row's
// again on a text run whole (TestDenseLineBounded's anchor line: 12.6 pattern bytes a
// byte).
type patternForms struct {
	// fold is pattern without regard to case, for text a person retyped.
	fold *regexp.Regexp
	// squeezed is pattern without regard to white space or quote marks, tried on a
	// line's squeezed form ("torch. compile" retyped with a space), and squeezedFold
	// the same without regard to case; nil where the pattern cannot be so rewritten.
	squeezed, squeezedFold *regexp.Regexp
}

// noForms are the forms of a row without a Pattern: a zero value that lazy hands out
// by address, only read.
var noForms rowFormsCompiled

// lazy returns row's forms, compiling them on the first call (safe for concurrent
// use: the table is shared).
func (r *compiledRow) lazy() *rowFormsCompiled {
	f := r.forms
	if f == nil {
		return &noForms
	}
	f.once.Do(func() {
		b := &f.built
		cp := f.pat.get()
		if cp.err != nil {
			return // a pattern that does not compile has no forms (TestRowPatternsCompile)
		}
		b.patternForms = f.pat.forms()
		if cp.parsed != nil {
			b.cut = compileCutPatterns(cp.src, cp.parsed, f.lit)
		}
		for _, re := range append([]*regexp.Regexp{b.cut.head, b.cut.tail}, b.cut.open...) {
			if re != nil {
				f.gates.Store(re, newGate(re.String()))
			}
		}
	})
	return &f.built
}

// rowHit is where a row first matched.
type rowHit struct {
	_     [0]func() // incomparable: no equality code (examples/web: Transfer size)
	line  int
	quote string
	match Match
	// inBackward: the line is raised from autograd's backward (a frame of it ends
	// the traceback above: backward.go).
	inBackward bool
	// span is how many lines past its first the hit goes on (a message wrapped over
	// lines; 0 on one line).
	span int
}

// context is a row's Requires, compiled on its first use (lazyPattern: on the first
// line that holds one of its alternatives' prefixes), and whether a read has seen it.
type context struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	pat  *lazyPattern
	seen bool
}

// anchorKind says what a prefilter anchor is for.
type anchorKind uint8

const (
	anchorRow     anchorKind = iota // a piece of a row's literal
	anchorContext                   // the literal prefix of a row's Requires
	anchorVersion                   // a way the log shows the release
	anchorRecover                   // the compile call, config or environment
	anchorDevice                    // ranks and CUDA device indices
	anchorPython                    // a path under the interpreter's library
	anchorBuild                     // a source build's compile step (sourceBuildSteps)
	anchorHeld                      // an action a fix asks for, a ROCm run (heldAnchors)
	anchorFact                      // what a text shows of its run (fit.go's factLiterals)
)

// anchorUse is one use of an anchor: its kind and the row or context it belongs to.
type anchorUse struct {
	kind  anchorKind
	index int
}

// table is the signature table with its anchors and literal sets built: built once
// per process, on the first Read, and never written after but for the rows' and
// contexts' expressions, each compiled once on its first use (lazyPattern, rowForms:
// the rows, the expressions and the anchor set are shared by concurrent reads).
type table struct {
	rows     []compiledRow
	contexts []context // seen false
	anchors  *anchorSet
	uses     [][]anchorUse // by anchor index
	// literals, squeezed and folded find the rows' literals, squeezed literals and
	// folded literals in a line, each in one pass.
	literals, squeezed, folded literalSet
	// captureCtx is the index in contexts of captureEvidence (see cutRuntime).
	captureCtx int
	// gates holds the literals each expression's matches hold (see gate), by
	// expression: those of the contexts and of the rows' patterns and forms, as they
	// are compiled (lazyPattern, rowForms).
	gates *sync.Map
	// absent are the ways a line says a quoted message did not occur (absent.go).
	absent []absentMark
	// branches holds the patterns split into alternatives for long texts (branchesOf),
	// by expression.
	branches *sync.Map
	// openEnds holds, by expression, the expression with its end-of-text assertions made
	// to match nothing, or nil where it has none or must see the text's start (openEnd).
	openEnds *sync.Map
	// narrow holds patterns less the alternatives a text shuts out (narrowed).
	narrow *narrowCache
	// conditions are the gates of the condition leads conditioned reads (mayCondition).
	conditions []*gate
	// middles holds the first middleKey bytes (squeezed) of each word after the first of
	// the literals the middle rule reads (middleStarts): a quotation that starts with none
	// is no row's middle part, and no row is tried for it.
	middles map[string]struct{}
	// lastOf is the newest release any row of a code covers, by code (fixedBy).
	lastOf map[Code]modes.Version
	// leads holds the first middleKey bytes (squeezed) of the literals the lead rule
	// reads (leadStarts), for a quotation wrapped onto the next line (matchWrappedLead).
	leads map[string]struct{}
}

// sentenceLiteral is the text a row is matched by: its Literal, less a sentence's final
// full stop when the row has no Pattern, so that a message quoted inside a sentence
// ("logs Either mode or options can be specified, but both can't be specified at the
// same time and silently continues", lerobot#4114) is still found.
func sentenceLiteral(sig Signature) string {
	lit := sig.Literal
	if sig.Pattern == "" && len(lit) >= 24 && strings.HasSuffix(lit, ".") {
		if c := lit[len(lit)-2]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			return lit[:len(lit)-1]
		}
	}
	return lit
}

// compiledTable returns the process's compiled signature table.
// (A sync.Once, not sync.OnceValues: its instantiation was code of the web page;
// examples/web's Transfer size.)
func compiledTable() (table, error) {
	tableOnce.Do(func() { tableValue, tableErr = compileTable() })
	return tableValue, tableErr
}

// tableValue and tableErr are compileTable's answer, built once on first use
// (compiledTable) from the constant signature rows and only read after: no mutable
// state.
var (
	tableOnce  sync.Once
	tableValue table
	tableErr   error
)

// lazyPattern is a Pattern, shared by the rows that share it (a message retold, one row
// per literal), compiled on its first use: on the first line that holds some form of a
// row's literal, not with the table. Compiling and parsing every row's pattern with the
// table (and parsing it again for its gate) had been most of a log's first answer in
// the web page (70% of its CPU in WebAssembly at 953488f), though a log meets few rows:
// the rest of the table (literals, anchors) finds the lines a pattern is run on
// without it.
type lazyPattern struct {
	_       [0]func() // not comparable: no equality function in the web page
	once    sync.Once
	pattern string    // the row's Pattern, or a context's Requires
	asIs    bool      // compiled as it is: a Requires, whose counts are not rewritten
	gates   *sync.Map // the table's gates, where the pattern's gate goes
	re      *regexp.Regexp
	src     string         // the pattern as compiled (countPlaceholders)
	parsed  *syntax.Regexp // src parsed with syntax.Perl (nil where it does not parse)
	// whole says the pattern has an assertion of the text's start or end, so it is run
	// on the whole window, never on a span around the literal (matchNear); boundary, that
	// it has \b or \B, which read the edges of a part of a text otherwise than the text
	// itself.
	whole, boundary bool
	// err is the pattern's compile error (TestRowPatternsCompile holds every row's to
	// none); re then matches nothing.
	err error
	// other holds the pattern's forms (forms), compiled on first use.
	otherOnce sync.Once
	other     patternForms
}

// forms returns the pattern's forms for retyped and squeezed text, compiling them on
// the first call (safe for concurrent use); p compiles without error.
func (p *lazyPattern) forms() patternForms {
	p.otherOnce.Do(func() {
		src := p.get().src
		f := &p.other
		f.fold = regexp.MustCompile("(?i)" + src)
		f.squeezed, f.squeezedFold = squeezedPattern(src)
		for _, re := range []*regexp.Regexp{f.fold, f.squeezed, f.squeezedFold} {
			if re != nil {
				p.gates.Store(re, newGate(re.String()))
			}
		}
	})
	return p.other
}

// get returns p compiled, compiling it on the first call (safe for concurrent use:
// the table is shared).
func (p *lazyPattern) get() *lazyPattern {
	p.once.Do(func() {
		p.src = p.pattern
		if !p.asIs {
			p.src = countPlaceholders(p.pattern)
		}
		if p.re, p.err = regexp.Compile(p.src); p.err != nil {
			p.re = regexp.MustCompile(`\z.`)
			return
		}
		// The pattern is parsed once here for what the rows need of its syntax: parsing
		// it again for each (the assertions, \b, the cut forms) and for each row that
		// shares it had been most of the table's compilation.
		parsed, err := syntax.Parse(p.src, syntax.Perl)
		p.whole = err != nil || hasTextAssertion(parsed)
		p.boundary = err != nil || hasOp(parsed, syntax.OpWordBoundary, syntax.OpNoWordBoundary)
		if err == nil {
			p.parsed = parsed
		}
		p.gates.Store(p.re, newGate(p.src))
	})
	return p
}

// re returns the row's pattern compiled (nil where it has none).
func (r *compiledRow) re() *regexp.Regexp {
	if r.pat == nil {
		return nil
	}
	return r.pat.get().re
}

// tableBuilder holds what compileTable shares between rows: compiled patterns and
// contexts, and the anchors.
type tableBuilder struct {
	t        table
	ctxIndex map[string]int
	patterns map[string]*lazyPattern
	anchors  anchorBuilder
}

// addKindAnchors adds the anchors that are no row's, each with its kind: the facts'
// first of all, then the held ones, before the rows' (a line made of every anchor in
// this order, TestDenseLineBounded's, then ends as before them, and its repeats' seams
// cost what they did: with them last, the seam of two copies ran 19 KB more of the
// rows' patterns, once).
func (b *tableBuilder) addKindAnchors() {
	lits, index := factAnchors()
	for i, a := range lits {
		b.anchors.add(a, anchorUse{kind: anchorFact, index: index[i]})
	}
	kinds := []struct {
		kind    anchorKind
		anchors []string
	}{
		{anchorHeld, heldAnchors()}, {anchorVersion, versionAnchors()}, {anchorRecover, recoverAnchors()},
		{anchorDevice, deviceAnchors}, {anchorPython, pythonPathAnchors}, {anchorBuild, sourceBuildSteps},
	}
	for _, k := range kinds {
		for _, a := range k.anchors {
			b.anchors.add(a, anchorUse{kind: k.kind})
		}
	}
}

func compileTable() (table, error) {
	sigs := Signatures()
	b := tableBuilder{t: table{rows: make([]compiledRow, len(sigs)), gates: &sync.Map{}, branches: &sync.Map{}, openEnds: &sync.Map{},
		narrow: &narrowCache{}}, ctxIndex: map[string]int{},
		patterns: map[string]*lazyPattern{}, anchors: anchorBuilder{index: map[string]int{}}}
	for i, sig := range sigs {
		row, err := b.row(i, sig)
		if err != nil {
			return table{}, err
		}
		b.t.rows[i] = row
	}
	ctx, err := b.context(len(sigs), Signature{Code: StreamCaptureIllegal, Requires: captureEvidence})
	if err != nil {
		return table{}, err
	}
	b.t.captureCtx = ctx
	b.t.lastOf = lastReleases(sigs)
	b.t.conditions = []*gate{newGate(conditionEnd.Expr), newGate(conditionEndCJK.Expr), newGate(withoutLead.Expr)}
	b.t.absent = gateMarks(append(append(append(assertMarks(), absentMarks()...), searchMarks()...), hypotheticalMarks()...))
	b.addKindAnchors()
	b.t.anchors, b.t.uses = newAnchorSet(b.anchors.anchors), b.anchors.uses
	for i := range b.t.rows {
		if r := &b.t.rows[i]; r.forms != nil {
			r.forms.gates, r.pat.gates = b.t.gates, b.t.gates
		}
	}
	b.t.middles, b.t.leads = middleStarts(b.t.rows), leadStarts(b.t.rows)
	if b.t.literals, err = newLiteralSet(b.t.rows, func(r *compiledRow) []byte { return r.literal }); err != nil {
		return table{}, err
	}
	if b.t.squeezed, err = newLiteralSet(b.t.rows, func(r *compiledRow) []byte { return r.squeezed }); err != nil {
		return table{}, err
	}
	if b.t.folded, err = newLiteralSet(b.t.rows, func(r *compiledRow) []byte { return r.folded }); err != nil {
		return table{}, err
	}
	return b.t, nil
}

// row compiles signature i: its literal's forms, its pattern, its context and anchors.
func (b *tableBuilder) row(i int, sig Signature) (compiledRow, error) {
	lit := sentenceLiteral(sig)
	row := compiledRow{Signature: sig, literal: []byte(lit), squeezed: squeeze(nil, []byte(lit)), requires: -1,
		fragment: sig.Cropped && sig.Pattern == fragmentPattern(sig.Literal), bareSkip: bareSkipRow(sig), bareAssert: bareAssertRow(sig), rule: ruleRow(sig)}
	row.folded = append([]byte(nil), row.squeezed...)
	lower(row.folded)
	row.headWords, row.tailWords = wordEdges(sig, lit)
	if sig.Pattern == "" && !row.uncut() && len(row.squeezed) > minMiddle {
		row.middle = middleForms(lit)
	}
	if sig.Pattern != "" {
		b.pattern(&row)
	}
	if sig.Requires != "" {
		idx, err := b.context(i, sig)
		if err != nil {
			return row, err
		}
		row.requires = idx
	}
	pieces := anchorPieces(lit, sig.Paraphrase)
	if len(pieces) == 0 {
		return row, fmt.Errorf("diagnose: row %d (%s): literal %q is shorter than %d bytes", i, sig.Code, sig.Literal, minAnchor)
	}
	for _, p := range pieces {
		b.anchors.add(p, anchorUse{index: i})
	}
	return row, nil
}

// pattern gives row its Pattern, to be compiled on the row's first use (lazyPattern,
// one per distinct pattern), with its other forms (rowForms).
func (b *tableBuilder) pattern(row *compiledRow) {
	sig := row.Signature
	lp, ok := b.patterns[sig.Pattern]
	if !ok {
		lp = &lazyPattern{pattern: sig.Pattern}
		b.patterns[sig.Pattern] = lp
	}
	row.pat = lp
	end := sig.Literal[max(0, len(sig.Literal)-6):]
	row.endsLine = strings.HasSuffix(sig.Pattern, "$")
	row.tail = !strings.HasSuffix(sig.Pattern, "$") && !strings.HasSuffix(sig.Pattern, regexp.QuoteMeta(end))
	// The literal is a prefix of the pattern as written where it is one of the pattern as
	// compiled: countPlaceholders rewrites no quoted text (TestRowLeadUncounted).
	row.lead = !strings.HasPrefix(sig.Pattern, regexp.QuoteMeta(strings.TrimSpace(sig.Literal)))
	row.forms = &rowForms{pat: lp, lit: string(row.literal)}
}

// context returns the index of sig's Requires among the table's contexts, compiling it
// and adding its anchors the first time.
func (b *tableBuilder) context(i int, sig Signature) (int, error) {
	if idx, ok := b.ctxIndex[sig.Requires]; ok {
		return idx, nil
	}
	prefixes := alternativePrefixes(sig.Requires) // none where Requires does not parse
	if len(prefixes) == 0 {
		return 0, fmt.Errorf("diagnose: row %d (%s): Requires %q has an alternative without a literal prefix of %d bytes", i, sig.Code, sig.Requires, minAnchor)
	}
	idx := len(b.t.contexts)
	b.ctxIndex[sig.Requires] = idx
	b.t.contexts = append(b.t.contexts, context{pat: &lazyPattern{pattern: sig.Requires, asIs: true, gates: b.t.gates}})
	for _, p := range prefixes {
		b.anchors.add(p, anchorUse{kind: anchorContext, index: idx})
	}
	return idx, nil
}

// Anchors returns the prefilter's anchors, one per line: every line of a log that
// holds none of them is skipped unread (its neighbours aside). For a side-by-side
// benchmark with grep -F -f.
func Anchors() ([]string, error) {
	t, err := compiledTable()
	if err != nil {
		return nil, err
	}
	out := make([]string, len(t.anchors.anchors))
	for i, a := range t.anchors.anchors {
		out[i] = string(a)
	}
	return out, nil
}

type anchorBuilder struct {
	anchors [][]byte
	uses    [][]anchorUse
	index   map[string]int
}

func (b *anchorBuilder) add(a string, u anchorUse) {
	i, ok := b.index[a]
	if !ok {
		i = len(b.anchors)
		b.index[a] = i
		b.anchors = append(b.anchors, []byte(a))
		b.uses = append(b.uses, nil)
	}
	for _, old := range b.uses[i] {
		if old == u {
			return
		}
	}
	b.uses[i] = append(b.uses[i], u)
}

// alternativePrefixes returns the literal prefix of each top-level alternative of
// the expression expr, or nil when one of them has none of at least minAnchor bytes
// (then no line could be told to hold it without running the expression on every line).
func alternativePrefixes(expr string) []string {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	alts := []*syntax.Regexp{re}
	if re.Op == syntax.OpAlternate {
		alts = re.Sub
	}
	var out []string
	for _, alt := range alts {
		for _, a := range factoredAlternatives(alt) {
			// The alternative's program's prefix, as regexp.Compile(alt.String())'s
			// LiteralPrefix had been (an alternative anchored with ^ has none either way:
			// TestAlternativePrefixes), without parsing it again: that had been most of the
			// table's build once the rows' patterns were compiled on first use.
			prog, err := syntax.Compile(a.Simplify())
			if err != nil {
				return nil
			}
			prefix, _ := prog.Prefix()
			if len(prefix) < minAnchor {
				return nil
			}
			out = append(out, prefix)
		}
	}
	return out
}

// factoredAlternatives undoes the parser's factoring of a common prefix out of
// alternatives: syntax.Parse reads "torch\.compile|torch\._inductor" as one
// alternative, "torch\." then (compile|_inductor), whose literal prefix "torch." is on
// nearly every line of a log (torch._dynamo's warnings), so the context's expression ran
// on each (hostile21's finding D1: a log of stock warnings read some 300 times slower
// than grep -F). A concatenation of a literal and an alternation gives one concatenation
// per branch, each expanded again; anything else is itself.
func factoredAlternatives(re *syntax.Regexp) []*syntax.Regexp {
	if re.Op != syntax.OpConcat || len(re.Sub) < 2 || re.Sub[0].Op != syntax.OpLiteral || re.Sub[1].Op != syntax.OpAlternate {
		return []*syntax.Regexp{re}
	}
	var out []*syntax.Regexp
	for _, branch := range re.Sub[1].Sub {
		subs := append([]*syntax.Regexp{re.Sub[0], branch}, re.Sub[2:]...)
		joined := &syntax.Regexp{Op: syntax.OpConcat, Flags: re.Flags, Sub: subs}
		out = append(out, factoredAlternatives(flattenLiterals(joined))...)
	}
	return out
}

// flattenLiterals merges a concatenation's leading literal with a literal (or a
// concatenation that starts with one) right after it, so that the branch's own
// factored alternation comes second again (factoredAlternatives).
func flattenLiterals(re *syntax.Regexp) *syntax.Regexp {
	if len(re.Sub) < 2 || re.Sub[0].Op != syntax.OpLiteral || re.Sub[0].Flags&syntax.FoldCase != 0 {
		return re
	}
	next := re.Sub[1]
	switch {
	case next.Op == syntax.OpLiteral && next.Flags&syntax.FoldCase == 0:
		lit := &syntax.Regexp{Op: syntax.OpLiteral, Flags: re.Sub[0].Flags, Rune: append(append([]rune(nil), re.Sub[0].Rune...), next.Rune...)}
		return flattenLiterals(&syntax.Regexp{Op: syntax.OpConcat, Flags: re.Flags, Sub: append([]*syntax.Regexp{lit}, re.Sub[2:]...)})
	case next.Op == syntax.OpConcat:
		return flattenLiterals(&syntax.Regexp{Op: syntax.OpConcat, Flags: re.Flags, Sub: append(append([]*syntax.Regexp{re.Sub[0]}, next.Sub...), re.Sub[2:]...)})
	}
	return re
}

// logWord reports whether piece is a word that most lines of a compile's log hold
// (module paths, Inductor's and Dynamo's warnings, a traceback's frames): a retelling's
// literal cut into pieces (literalPieces) keeps none of them as a piece while another
// piece is left, so that a log of stock warnings runs no retelling's checks ("compile
// does not" had the piece "compile", on every torch.compile and compile_fx line:
// hostile21's D1). "reason" is on the "last reason: …" line of torch._dynamo's
// recompile-limit warning and its "To log all recompilation reasons" line, as
// torch/_dynamo/convert_frame.py logs them (the corpus's thunder2682_recompile_limit.txt),
// and on TORCH_LOGS's "graph break reasons" (fixperf30b: a log of that warning ran
// skip-unknown-reason's checks on each, 40 ms of CPU a MB).
func logWord(piece string) bool {
	switch piece {
	case "compile", "compil", "torch.compile", "rch.compile", "triton", "Triton", "install", "backend",
		"capture", "support", "tensor", "Tensor", "memory", "current", "stream", "thread", "during",
		"multipl", "warning", "Warning", "device", "version", "reason":
		return true
	}
	return false
}

// anchorPieces returns the prefilter's anchors of a row's literal lit (literalPieces):
// a retelling's (paraphrase) less the log words among them (withoutLogWords); another
// row's less one log word among three pieces, since any one line break in the literal
// leaves one of the two others whole (unsupported-python's "torch.compile" had been on
// every "To diagnose recompilation issues, see …/torch.compiler_troubleshooting.html"
// line of Dynamo's recompile-limit warning: fixperf30b).
func anchorPieces(lit string, paraphrase bool) []string {
	pieces := literalPieces(lit)
	if paraphrase {
		return withoutLogWords(pieces)
	}
	if kept := withoutLogWords(pieces); len(pieces) == 3 && len(kept) == 2 {
		return kept
	}
	return pieces
}

// withoutLogWords is pieces less the log words among them (logWord), pieces itself
// where that would leave none.
func withoutLogWords(pieces []string) []string {
	var out []string
	for _, p := range pieces {
		if !logWord(p) {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return pieces
	}
	return out
}

// literalPieces cuts a literal into the anchors the prefilter looks for: two or three
// pieces for a long literal, so that a line break anywhere in it (a wrapped message)
// leaves at least one piece whole on one line.
func literalPieces(lit string) []string {
	n := 1
	switch {
	case len(lit) >= 36:
		n = 3
	case len(lit) >= 14:
		n = 2
	}
	var out []string
	for k := 0; k < n; k++ {
		p := bytes.TrimSpace([]byte(lit[k*len(lit)/n : (k+1)*len(lit)/n]))
		if len(p) >= minAnchor {
			out = append(out, string(p))
		}
	}
	return out
}

// ringSize is the lines held around the line being matched: two before, two after.
const ringSize = 5

// ringLine is one line (or one window of a long line) of the ring.
type ringLine struct {
	raw       []byte
	line      int
	vline     int // the count of lines read so far: lines of a JSON string's text or between lone CRs count apart
	lineStart bool
	goesOn    bool   // the line goes on in the next window (the window ends inside it)
	rows      []int  // rows with an anchor on this line
	kinds     uint16 // 1<<anchorKind of the anchors on this line
	ctxs      []int
	clean     []byte
	unquoted  []byte // clean without markdown and quote marks (unquote)
	squeezed  []byte // unquoted less white space and quote marks (squeeze)
	cleaned   bool
	legend    bool // the window is in a legend's body row (legend.go): no hit is recorded on it
	inDoc     bool // the window starts inside a triple-quoted string opened at a line's start (docState)
	context   bool // the window is on a context line of a traceback's source listing (listing.go): no hit is recorded on it
	// underFrame: the line may open a statement of Python that states a message
	// (statementWord: assert, raise, a logger's or a warning's call) and the line above is
	// a traceback frame's header (frameHeader), so that it is the frame's failing line
	// (sourceStatement).
	underFrame bool
	inFence    bool // the line is inside a markdown code fence (fenceState)
	// underCode: the line is a comment's ("#", "//") in a block of comment lines whose
	// nearest line above that is neither blank nor a comment is a line of code (codeLine),
	// however many comment lines stand between (underCode).
	underCode bool
	// limits: the line is a heading that states torch.compile's lack of support for a
	// Python release, or in a section of known issues or limitations (limitsAt).
	limits bool
	// def is the Python def the line is in as code, "" at the top level (defLine;
	// a window that goes on from the line before keeps its line's).
	def string
	// held is what the line is in as code for heldActions (heldState.scopeLine)
	held heldCtx
	// call: the line is inside the argument list of a call opened on a line of source
	// code above it (callState)
	call lineCall
	// sent is the comment's or docstring's sentence up to the line's end, sentMark the
	// kind of line (sourceLine's mark, 0 for none), sentJoined whether the lines above
	// are in sent (nextSentence).
	sent       []byte
	sentMark   byte
	sentJoined bool
	// folded is squeezed in lower case and pos the offset in unquoted of each byte of
	// squeezed, made when first needed (foldedOK, posOK).
	folded          []byte
	pos             []int32
	foldedOK, posOK bool
	// orig is the window as read, where it holds what reading folds for matching only
	// (mayFold), and shown its clean form as a quote shows it (shownLine), made when
	// first needed (shownOK).
	orig, shown []byte
	shownOK     bool
	// short are the cuts of the short-cut rule (shortCutsOf), made when first needed.
	short   []cutSides
	shortOK bool
}

// scanner holds the state of one Read.
type scanner struct {
	edge     []byte // edged's text
	t        *table
	rows     []compiledRow
	contexts []context
	hits     []rowHit // each row's first hit: which rows hold and win (diagnosis)
	// shown is each row's best hit, the one its finding shows: the closest to PyTorch's
	// text (Match's order), the earliest of those (nufix24: a title's cut quote above
	// the whole traceback had been shown, as the first). One a row, as hits: memory
	// does not grow with the input.
	shown    []rowHit
	rowLines []int // distinct lines each row matched on
	rowLast  []int
	// places counts each code's distinct places by kind (placeKind): a finding's count
	// and last line are those of its code's first kind with a place.
	places map[Code]*[placeKinds]tally
	line   int
	vline  int // lines pushed, lines of a line that split counted apart (see splitLine)
	split  []byte
	split2 []byte   // the other buffer of a string decoded again (splitLine)
	brk    []byte   // a line with its <br> tags as line ends (splitLine)
	parts  [][]byte // splitLine's lines of a physical line
	// everyStep: readRaw runs every step on every window, and every window of a run
	// of NULs is pushed (tests: the steps and windows skipped change nothing)
	everyStep bool
	text      bool
	bytes     int64 // bytes read, after decoding
	notNUL    bool  // a byte read is not NUL
	nulRun    int   // windows of NULs alone pushed in a row, inside one line (nulRunFull)
	zeros     []byte
	legends   legendState
	tbs       tracebackState
	docs      docState
	listings  listingState
	splitRest bool // the line pushed is a later part of a physical line that splitLine split
	splitCtx  bool // that physical line is a listing's source (pushLine)
	fences    fenceState
	calls     callState
	// leads are the prose lines above a line that stands alone (keepLead), by its vline;
	// problemHead: the markdown section read now is a problem's description
	// (problemHeading), where a lead's modal tells what happened (leadHypo).
	leads       [ringSize]leadSlot
	problemHead bool
	// led are the hits held under a conditional or hedged lead-in (ledAbove) until the
	// prose after their block tells the failure's cause or fix (liftLed).
	led []ledHit
	// limitsHead: the markdown section read now documents limitations (limitsAt).
	limitsHead bool
	// generic is the state of a list under a generic lead-in (genericList).
	generic genericList
	torch   versionFinder
	// given is the text's own finder where Options.Torch gives the release (s.torch is
	// then the option's): the releases the text states, for each finding (alsoFor)
	given    *versionFinder
	rec      recoverer
	held     heldState // the actions fixes ask for that the text does (held.go)
	culprits culpritState
	devs     deviceCounter
	ring     [ringSize]ringLine
	n        int // ring entries pushed
	joined   []byte
	offsets  []int
	joinedAt int // the entry s.joined was built around, -1 for none
	first    int // the first entry in s.joined
	// unhyphened is s.joined's other reading where a line of it ends with a page's
	// hyphen inside a word (hyphen.go), and unhyphening tells the tries made on it.
	unhyphened  joinView
	unhyphening bool
	seam        []byte // the two lines' ends seamAnchors reads
	lastHit     int    // the last line a hit was recorded on
	buildLine   int    // the last line that holds a source build's step (sourceBuildSteps), 0 for none
	linkerHead  int    // the last markdown heading's line where it names another package's build (linkerHeading), 0 for none
	matchCache         // what one pass found for the rows of the entries held
	// rowIn and ctxIn hold, per row and per context, 1 + the ring entry that last
	// listed it, so that a window lists each once however often its anchors recur.
	rowIn, ctxIn []int
	wrapFailed   []wrapTry // the tries matchWrapped made in vain on entries still read
	focus        wrapFocus // where the literal of the wrapped try being made lies (focusText)
	focusWhole   bool      // that try's row's pattern must see its text whole (^, $)
	lines        []byte    // focusText's text
	// patternBytes counts the bytes row patterns were run on in matchRow (for tests:
	// the work on a long line is bounded by the spans around its literals).
	patternBytes int
	// guardBytes counts a retelling's hit's line times the alternatives of its pattern
	// its guard may run (retoldUnreported), for tests: a hit of any code costs about
	// what one of another does.
	guardBytes int
	// contextBytes counts the bytes of the lines a context's expression was tried on
	// before it was seen (for tests: TestStockWarningsCheap)
	contextBytes int
	// stageBytes counts the bytes of the windows process hands to the readers that run
	// their expressions over a whole window (the release finder, the recoverer, the
	// Python's path, held actions), once for each (for tests: TestShapesLinear)
	stageBytes int
	// absentRuns counts the lines markedAbsent ran on (for tests: a repeated line asks
	// once).
	absentRuns int
	// seeds key linesMemo's texts.
	seeds [2]maphash.Seed
	// lowered and cutText are scratch: a text in lower case for a gate, a cut's text
	// with its missing part put back.
	lowered, cutText []byte
	// mechText is mechanismStated's text (mechanism.go), reused across hits.
	mechText   []byte
	occ, spans [][2]int // matchNearRun's occurrences of a literal and spans to run on
	// nearLows are the last long texts matchNear read in lower case, for the gates of
	// the windows around each occurrence (lowerFor); low is the one being read.
	nearLows [nearLows]loweredText
	low      *loweredText
	lowNext  int
}

// scannerOn returns a scanner that reads with table t.
func scannerOn(t table) *scanner {
	s := &scanner{t: &t, rows: t.rows, hits: make([]rowHit, len(t.rows)), shown: make([]rowHit, len(t.rows)),
		rowLines: make([]int, len(t.rows)), rowLast: make([]int, len(t.rows)),
		places: map[Code]*[placeKinds]tally{}, joinedAt: -1,
		rowIn: make([]int, len(t.rows)), ctxIn: make([]int, len(t.contexts)),
		matchCache: newMatchCache(len(t.rows))}
	s.contexts = append([]context(nil), t.contexts...) // seen is per read
	s.seeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
	s.torch = newVersionFinder()
	s.rec = newRecoverer()
	return s
}

// scan reads r line by line in windows of at most WindowBytes (plus the overlap of a
// long line). Each line is looked at once by the prefilter; only a line with an anchor
// (or one a pending call or version needs) is cleaned and matched, with the two lines
// on each side of it for wrapped messages.
func (s *scanner) scan(r io.Reader) error { return s.scanLen(r, -1) }

// scanLen is scan for an input of n bytes still to read (-1: unknown, knownLen). A
// text read as it is and shorter than a window gets a buffer of its length and one
// byte, which it never fills: ReadSlice gives the same lines as a window's buffer
// would, and TestFormsCross's 22,000 short texts do not each allocate 64 KB (under
// the race detector, every byte allocated also costs its shadow's clearing).
func (s *scanner) scanLen(r io.Reader, n int) error {
	d, out, err := decodedText(r, n)
	if err != nil {
		return err
	}
	size := WindowBytes
	if out >= 0 && out < WindowBytes {
		size = out + 1
	}
	br := bufio.NewReaderSize(d, size)
	var carry []byte
	cont := false    // the next fragment continues a line longer than a window
	complete := true // every line read so far ended with its '\n': the next read is a new line
	for {
		frag, err := br.ReadSlice('\n')
		if len(frag) > 0 {
			s.bytes += int64(len(frag))
			s.notNUL = s.notNUL || len(bytes.Trim(frag, "\x00")) > 0
			complete = frag[len(frag)-1] == '\n'
			if !cont {
				s.line++
			}
			more := err == bufio.ErrBufferFull
			s.pushFrag(frag, carry, cont, more)
			cont = more
			if cont {
				carry = append(carry[:0], frag[max(0, len(frag)-overlapBytes):]...)
			} else {
				carry = carry[:0]
			}
		}
		switch {
		case err == nil || err == bufio.ErrBufferFull:
		case err == io.EOF:
			s.flush()
			return nil
		default:
			s.flush()
			line := s.line
			if complete {
				line++ // the error came while reading the next line
			}
			return &ReadError{Line: line, Err: err}
		}
	}
}

// pushFrag pushes frag, a line or a window of one (cont: it goes on the line before;
// more: the line goes on after it), unless it is a window of NULs inside a run of them
// that already fills the ring: pushing it would change nothing (TestNULRunSkipped).
func (s *scanner) pushFrag(frag, carry []byte, cont, more bool) {
	switch {
	case s.nulRunFull(frag, cont && more):
	case !cont && !more:
		s.pushLine(frag)
	default:
		s.push(frag, carry, !cont, more)
	}
}

// nulRunFull reports whether frag, a window inside a line that goes on (inner), is
// NULs alone and follows at least ringSize such windows: the ring then holds NUL
// windows only, carry is NULs, and a window of NULs holds no anchor, so the window
// need not be pushed. A file of gigabytes of NUL (a sparse file, a log preallocated
// and cut short by a crash) is then read at memory speed rather than matched window
// by window, to the text after it, if any, or to EmptyError.
func (s *scanner) nulRunFull(frag []byte, inner bool) bool {
	if !inner || s.everyStep || frag[0] != 0 || frag[len(frag)-1] != 0 {
		s.nulRun = 0
		return false
	}
	if len(s.zeros) < len(frag) {
		s.zeros = make([]byte, len(frag))
	}
	if !bytes.Equal(frag, s.zeros[:len(frag)]) {
		s.nulRun = 0
		return false
	}
	s.nulRun++
	return s.nulRun > ringSize
}

// hasText reports whether b holds a byte that shows: not white space, a NUL or
// another control byte (so that a file of NUL bytes is as empty as one of newlines).
func hasText(b []byte) bool {
	for i := 0; i < len(b); i++ {
		if len(b)-i >= len(utf8BOM) && string(b[i:i+len(utf8BOM)]) == utf8BOM {
			i += len(utf8BOM) - 1 // a byte order mark is no text (sweep7 finding 13)
			continue
		}
		if c := b[i]; c > ' ' && c != 0x7f {
			return true
		}
	}
	return false
}

// utf8BOM is U+FEFF in UTF-8.
const utf8BOM = "\ufeff"

// push adds a window to the ring and matches the one two windows back.
func (s *scanner) push(frag, carry []byte, lineStart, goesOn bool) {
	e := &s.ring[s.n%ringSize]
	e.raw = append(append(e.raw[:0], carry...), frag...)
	e.orig, e.shownOK = e.orig[:0], false
	s.readRaw(e)
	if lineStart {
		s.vline++
	}
	prev := false
	if s.n > 0 {
		prev = s.ring[(s.n-1)%ringSize].legend
	}
	e.legend = s.legends.next(e.raw, lineStart, prev)
	e.inDoc = s.docs.next(e.raw, s.line, lineStart)
	if s.splitRest {
		e.context = s.splitCtx // the physical line's: its first part was read
	} else {
		e.context = s.listings.next(e.raw, e.orig, lineStart)
	}
	e.inFence = s.fenceNext(e.raw, lineStart)
	e.underCode = lineStart && s.underCode(e.raw)
	e.limits = s.limitsHead
	above := s.rawAbove()
	e.underFrame = lineStart && above != nil && statementWord(e.raw) && frameHeader(above)
	e.call = s.calls.next(e.raw, above, s.vline, lineStart, e.inDoc, e.inFence || s.listings.listed)
	nextSentence(e, s.entryAbove(lineStart), lineStart)
	if lineStart {
		s.tbs.next(e.raw, s.line)
		s.culprits.next(e.raw, s.line)
		s.held.facts.frontLine(e.raw, s.line)
	}
	s.heldPush(e, lineStart)
	e.line, e.vline, e.lineStart, e.goesOn, e.rows, e.ctxs, e.kinds, e.cleaned = s.line, s.vline, lineStart, goesOn, e.rows[:0], e.ctxs[:0], 0, false
	s.keepLead(e, lineStart)
	s.liftLed(e)
	s.generic.push(e, lineStart)
	if !s.text && hasText(frag) {
		s.text = true
	}
	s.listAnchors(e)
	if lineStart && s.n > 0 {
		s.seamAnchors(&s.ring[(s.n-1)%ringSize], e)
	}
	s.n++
	if s.n >= 3 {
		s.process(s.n - 3)
	}
}

// entryAbove returns the ring entry of the window read before the one being pushed, nil
// for none or where the one being pushed starts no line.
func (s *scanner) entryAbove(lineStart bool) *ringLine {
	if s.n == 0 || !lineStart {
		return nil
	}
	return &s.ring[(s.n-1)%ringSize]
}

// readRaw makes e.raw, the window as read, the text reading matches (stripTags,
// stripMarkdownEscapes, normalize, stripEscapes; in place), keeping it as read in e.orig
// where that folds what a quote must show (hasControls, mayFold). Each step runs only on
// a window that holds a byte it reads (byteClasses): a window of plain text, most lines of
// a training log, takes one byte loop, not some twenty scans.
func (s *scanner) readRaw(e *ringLine) {
	c := byteClasses(e.raw)
	if s.everyStep {
		c = ^uint8(0)
	}
	controls := c&(clControl|clC2) != 0 && hasControls(e.raw)
	if controls || c&(clTag|clBackslash|clWide) != 0 && mayFold(e.raw) {
		e.orig = append(e.orig, e.raw...)
	}
	b := e.raw
	if c&clTag != 0 {
		b = stripTags(b)
	}
	if c&clBackslash != 0 {
		b = stripMarkdownEscapes(b)
	}
	if c&(clC2|clAmp|clBackslash) != 0 || c&(clWide|clSecond) == clWide|clSecond {
		b = normalize(b)
	}
	if c&(clControl|clC2|clRawC1) != 0 {
		b = stripEscapes(b, controls)
	}
	e.raw = b
}

// The classes of bytes readRaw's steps read (byteClass); the steps only drop bytes or
// put ASCII letters, marks and spaces for them, so a class absent from a window as read
// is absent after each step.
const (
	clControl   = 1 << iota // a C0 control but tab, line feed and carriage return, or DEL (hasControls; ESC and backspace: stripEscapes)
	clC2                    // 0xc2: a C1 control in UTF-8 (hasControls, stripEscapes) or a lookalike (normalize)
	clRawC1                 // 0x9b, 0x9d: a raw CSI or OSC (stripEscapes)
	clTag                   // '<' (stripTags, mayFold)
	clBackslash             // '\\' (stripMarkdownEscapes, mayFold, normalize's "\\u0027")
	clAmp                   // '&' (normalize's character references)
	clWide                  // 0xe2, 0xe3, 0xef: a lookalike's first byte (normalize, mayFold)
	clSecond                // the second byte of a lookalike that clWide's bytes start (leadPair)
)

// byteClass is each byte's class for readRaw.
var byteClass = [256]uint8{
	0x00: clControl, 0x01: clControl, 0x02: clControl, 0x03: clControl, 0x04: clControl, 0x05: clControl, 0x06: clControl,
	0x07: clControl, 0x08: clControl, 0x0b: clControl, 0x0c: clControl, 0x0e: clControl, 0x0f: clControl, 0x10: clControl,
	0x11: clControl, 0x12: clControl, 0x13: clControl, 0x14: clControl, 0x15: clControl, 0x16: clControl, 0x17: clControl,
	0x18: clControl, 0x19: clControl, 0x1a: clControl, 0x1b: clControl, 0x1c: clControl, 0x1d: clControl, 0x1e: clControl,
	0x1f: clControl, 0x7f: clControl, 0xc2: clC2, 0x9b: clRawC1, 0x9d: clRawC1, '<': clTag, '\\': clBackslash, '&': clAmp,
	0xe2: clWide, 0xe3: clWide, 0xef: clWide, 0x80: clSecond, 0x81: clSecond, 0x94: clSecond, 0x95: clSecond,
	0xbb: clSecond, 0xbc: clSecond, 0xbd: clSecond, 0x9c: clSecond,
}

// byteClasses returns the union of the classes of b's bytes (four bytes a step, in
// four unions: 1.6 times the speed of one).
func byteClasses(b []byte) uint8 {
	var c0, c1, c2, c3 uint8
	i := 0
	for ; i+4 <= len(b); i += 4 {
		c0 |= byteClass[b[i]]
		c1 |= byteClass[b[i+1]]
		c2 |= byteClass[b[i+2]]
		c3 |= byteClass[b[i+3]]
	}
	for ; i < len(b); i++ {
		c0 |= byteClass[b[i]]
	}
	return c0 | c1 | c2 | c3
}

// rawAbove returns the raw text of the window pushed last, nil before the first.
func (s *scanner) rawAbove() []byte {
	if s.n == 0 {
		return nil
	}
	return s.ring[(s.n-1)%ringSize].raw
}

// listAnchors lists the rows and contexts whose anchors entry e's window holds, and the
// kinds of every anchor it holds.
func (s *scanner) listAnchors(e *ringLine) {
	s.t.anchors.find(e.raw, func(anchor, _ int) {
		for _, u := range s.t.uses[anchor] {
			e.kinds |= 1 << u.kind
			switch u.kind {
			// Each row and context once a window: a 64 KB line repeating two anchors
			// ("skipping cudagraphs due to mut... ") had listed a row per
			// occurrence, each tried on the whole window (60 KB: 4.6 s, 240 KB: 28 s).
			case anchorRow:
				if s.rowIn[u.index] != s.n+1 {
					s.rowIn[u.index] = s.n + 1
					e.rows = append(e.rows, u.index)
				}
			case anchorContext:
				if s.ctxIn[u.index] != s.n+1 {
					s.ctxIn[u.index] = s.n + 1
					e.ctxs = append(e.ctxs, u.index)
				}
			case anchorFact:
				s.held.facts.saw(u.index, e.raw, e.line)
			}
		}
	})
	if endsInTorch(e.raw) {
		e.kinds |= 1 << anchorVersion // its release may start the next line (release_wrap.go)
	}
}

// flush matches the ring's last two windows at the end of the input, then a traceback
// line cut inside its message where the input ends.
func (s *scanner) flush() {
	for k := max(0, s.n-2); k < s.n; k++ {
		s.process(k)
	}
	s.matchCutRaise()
	s.matchCutEnd()
	s.torch.subject.traced = s.tbs.framed
}

// matchCutEnd tries the general cut rule (matchCut) on the input's last line with text,
// cut where the input ends, when nothing was found on it.
func (s *scanner) matchCutEnd() {
	for k := s.n - 1; k >= 0; k-- {
		e := s.entry(k)
		if e == nil {
			return
		}
		if len(bytes.TrimSpace(e.clean)) == 0 {
			continue
		}
		if s.lastHit != e.line && !cutRaise.Match(e.clean) { // a raise line is matchCutRaise's
			all := make([]int, len(s.rows))
			for i := range all {
				all[i] = i
			}
			s.matchCut(k, all, true)
		}
		return
	}
}

// cutRaise is a traceback's source line whose message the end of the input cuts:
// `raise RuntimeError("Dynamo is not suppo` (a stored page that ends mid-line,
// jianchang512/ChatTTS-ui#126). torchFrame is the frame line above it, in torch's own
// files, so that the line is PyTorch's source.
var (
	// Jupyter (IPython 8) marks the raise line with "--> 410" and names its frame
	// "File /…/torch/_dynamo/eval_frame.py:410, in f()", with source lines between.
	cutRaise   = &lazyregexp.Regexp{Expr: `^\s*(?:-*>\s*)?(?:\d+\s+)?raise\s+[\w.]*(?:Error|Exception)\(\s*f?["']([^"']+)$`}
	torchFrame = &lazyregexp.Regexp{Expr: `File "[^"]*[/\\]torch[/\\][^"]*", line \d+|^\s*File [^\s"]*[/\\]torch[/\\][^\s:]*:\d+`}
	// cutRaised is the exception line itself cut where the input ends, its class and
	// any "Error: " prefixes PyTorch's message carries left out: `RuntimeError:
	// Error: accessing tensor outp` (xdit-project/xDiT#705, a stored page that ends
	// mid-line).
	cutRaised = &lazyregexp.Regexp{Expr: `^\s*(?:[\w.]*(?:Error|Exception):\s*)+(\S.*)$`}
)

// minCutRaise is the shortest message (squeezed) a cut raise line may be matched by;
// minCutLogged, the shortest a logged line without an exception class may be (a
// warning's start: "Not enough SMs to use max_autot").
const (
	minCutRaise  = 12
	minCutLogged = 20
)

// matchCutRaise matches the input's last line with text when it is a raise statement
// of a torch frame, or an exception line (a snippet's comment of one too), cut inside
// its message, a CUDA error's read without torch's "CUDA error: " (see
// runtimeTextsWithoutRow for when one counts): the rows whose
// literal starts with what is left of the message (12 characters or more without
// white space), when they are all of one code (no Pattern can be checked on a
// message cut short), leaving out the rows whose line names who raised it
// (namesRaiser), which a message cut short does not show.
func (s *scanner) matchCutRaise() {
	k := s.n - 1
	var e *ringLine
	for ; ; k-- {
		if e = s.entry(k); e == nil {
			return
		}
		if len(bytes.TrimSpace(e.clean)) > 0 {
			break
		}
	}
	msg, logged := s.cutMessage(k, e.lineStart, bytes.TrimRight(e.clean, " \t\r\n"))
	msg, runtime := cutRuntime(msg)
	if len(msg) < minCutRaise {
		return
	}
	if logged && s.holdsLiteral(msg) {
		return
	}
	if runtime && !s.runtimeCutTaken(msg) {
		return
	}
	if found := s.cutStartRow(msg, logged); found >= 0 {
		s.hit(found, e, e.clean, Truncated)
	}
}

// cutStartRow returns the first row whose literal msg (a message cut where the input
// ends) starts, when every such row is of one code; -1 otherwise.
func (s *scanner) cutStartRow(msg []byte, logged bool) int {
	found := -1
	for i := range s.rows {
		r := &s.rows[i]
		if r.Paraphrase || r.namesRaiser() || !cutStartOf(r.squeezed, msg, logged) {
			continue
		}
		if found >= 0 && s.rows[found].Code != r.Code {
			return -1
		}
		if found < 0 {
			found = i
		}
	}
	return found
}

// cudaErrorPrefix is what torch puts before the CUDA runtime's error string
// (c10_cuda_check_implementation, c10/cuda/CUDAException.cpp:31@2.6.0), squeezed.
var cudaErrorPrefix = squeeze(nil, []byte("CUDA error: "))

// runtimeTextsWithoutRow are CUDA runtime error strings that no row matches and that a
// row's literal starts with, squeezed: cudaErrorNotPermitted's "operation not permitted"
// (the runtime's text, as neg_voxcpm125_operation_not_permitted in the corpus shows it),
// which "operation not permitted when stream is capturing" extends.
var runtimeTextsWithoutRow = [][]byte{squeeze(nil, []byte("operation not permitted"))}

// captureEvidence is what shows a CUDA-graph capture in a text: the word, the mode that
// captures, or CUDA graphs named (torch.cuda.graph's context manager and module too). A CUDA error cut where the input ends that fits both a
// row and a runtime text of runtimeTextsWithoutRow ("CUDA error: operation not
// permitt", pytorch/pytorch#180396) is the row's only where the text shows one.
// (Each alternative is a group of its own: the parser would join alternatives that
// start alike and leave a prefix too short to anchor. "cudagraph" is left out: every
// line of a TORCH_LOGS=cudagraphs log holds it, and the prefilter would read them all.)
const captureEvidence = `(capture)|(Capture)|(CAPTURE)|(capturing)|(Capturing)|(reduce-overhead)|` +
	`(CUDA graph)|(CUDA Graph)|(cuda graph)|(CUDAGraph)|(CudaGraph)|(cuda\.graph)`

// cutRuntime returns msg (squeezed) from after torch's "CUDA error: " on, and whether it
// had it: a CUDA error's message is the runtime's string, which the rows' literals start
// with. Words may stand before it where a library wraps torch's message: nvFuser's
// "Error from segmentation group 3: CUDA error: operation not permitt"
// (Lightning-AI/lightning-thunder#2697, a stored page that ends mid-word).
func cutRuntime(msg []byte) ([]byte, bool) {
	if i := bytes.Index(msg, cudaErrorPrefix); i >= 0 {
		return msg[i+len(cudaErrorPrefix):], true
	}
	return msg, false
}

// What a CUDA error's text is to the runtime texts no row matches: none of them, the
// start of one (cut inside it), or one whole (then it is that error's, not cut).
const (
	runtimeOther = iota
	runtimeStart
	runtimeWhole
)

// runtimeCutTaken reports whether msg, a CUDA error's text cut where the input ends,
// may be a row's: not when it is a runtime text no row has, whole, and when it starts
// one, only where the text shows a capture.
func (s *scanner) runtimeCutTaken(msg []byte) bool {
	switch runtimeTextWithoutRow(msg) {
	case runtimeWhole:
		return false
	case runtimeStart:
		return s.contexts[s.t.captureCtx].seen
	}
	return true
}

// runtimeTextWithoutRow says what msg, a CUDA error's text at the input's end, is to
// runtimeTextsWithoutRow.
func runtimeTextWithoutRow(msg []byte) int {
	for _, t := range runtimeTextsWithoutRow {
		switch {
		case bytes.Equal(msg, t):
			return runtimeWhole
		case bytes.HasPrefix(t, msg):
			return runtimeStart
		}
	}
	return runtimeOther
}

// cutMessage is what is left of the message on entry k's line (text): a raise
// statement's under a frame in torch's files, an exception line's after its class
// (pytest's "E" in front allowed), or a logged line's after a logger's header when
// minCutLogged characters or more are left; nil when the line is none of them.
func (s *scanner) cutMessage(k int, lineStart bool, text []byte) (msg []byte, logged bool) {
	if m := cutRaise.FindSubmatch(text); m != nil {
		if !s.torchFrameAbove(k) {
			return nil, false
		}
		return squeeze(nil, m[1]), false
	}
	body := text
	if lineStart {
		body = withoutLogHeader(text)
	}
	logged = len(body) < len(text)
	body = withoutLineHead(bytes.TrimLeft(body, " \t\n\f\r"))
	// A traceback's last line kept as a comment of a pasted snippet ("# torch.AcceleratorError:
	// CUDA error: …", pytorch/pytorch#180396).
	if rest, ok := bytes.CutPrefix(body, []byte("# ")); ok {
		body = bytes.TrimLeft(rest, " \t")
	}
	if m := cutRaised.FindSubmatch(body); m != nil {
		return squeeze(nil, m[1]), false
	}
	if msg = squeeze(nil, body); logged && len(msg) >= minCutLogged {
		return msg, true
	}
	// The message on a line of its own below its class ("RuntimeError: " alone, then
	// "Error from segmentation group 3: CUDA error: operation not permitt",
	// lightning-thunder#2697): torch's "CUDA error: " marks it, whatever stands before.
	if bytes.Contains(msg, cudaErrorPrefix) && s.classAloneAbove(k) {
		return msg, false
	}
	return nil, false
}

// classAlone is an exception line whose message is on the lines below it: the class
// and its colon alone ("RuntimeError: ").
var classAlone = &lazyregexp.Regexp{Expr: `^\s*[\w.]*(?:Error|Exception):\s*$`}

// classAloneAbove reports whether the nearest line above entry k that holds anything is
// an exception's class alone (classAlone).
func (s *scanner) classAloneAbove(k int) bool {
	e := s.nearestAbove(k, func(clean []byte) bool { return len(bytes.TrimSpace(clean)) > 0 })
	return e != nil && classAlone.Match(e.clean)
}

// torchFrameAbove reports whether the nearest frame line above entry k (frameLine, the
// traceback reader's test) is in torch's files (Jupyter puts source lines between).
func (s *scanner) torchFrameAbove(k int) bool {
	e := s.nearestAbove(k, func(clean []byte) bool { return frameLine(bytes.TrimLeft(clean, " \t")) })
	return e != nil && torchFrame.Match(e.clean)
}

// nearestAbove returns the nearest of the four lines above entry k that the ring holds
// for whose clean text is reports true, nil for none.
func (s *scanner) nearestAbove(k int, is func(clean []byte) bool) *ringLine {
	for j := k - 1; j >= k-4; j-- {
		e := s.entry(j)
		if e == nil {
			return nil
		}
		if is(e.clean) {
			return e
		}
	}
	return nil
}

// holdsLiteral reports whether msg (squeezed) holds some row's whole literal: a logged
// line that does is PyTorch's message, not one cut short.
func (s *scanner) holdsLiteral(msg []byte) bool {
	for i := range s.rows {
		if bytes.Contains(msg, s.rows[i].squeezed) {
			return true
		}
	}
	return false
}

// cutStartOf reports whether msg, cut where the input ends, is the start of a row's
// literal (squeezed, lit) and not all of it; a logged line's message may hold words
// before the literal ("Not " before "enough SMs to use max_autotune_gemm"), when
// minCutLogged characters or more of the literal are left.
func cutStartOf(lit, msg []byte, logged bool) bool {
	if logged && len(lit) >= minCutRaise {
		if i := bytes.Index(msg, lit[:minCutRaise]); i > 0 {
			msg = msg[i:]
			if len(msg) < minCutLogged {
				return false
			}
		}
	}
	return len(msg) < len(lit) && bytes.HasPrefix(lit, msg)
}

// entry returns ring entry k (a push count), or nil when it is not held.
func (s *scanner) entry(k int) *ringLine {
	if k < 0 || k >= s.n || k <= s.n-ringSize-1 {
		return nil
	}
	e := &s.ring[k%ringSize]
	if !e.cleaned {
		e.clean = cleanLine(e.clean[:0], e.raw, e.lineStart)
		e.unquoted = unquote(e.unquoted[:0], lineBody(e))
		e.squeezed = squeeze(e.squeezed[:0], e.unquoted)
		e.cleaned, e.foldedOK, e.posOK, e.shortOK = true, false, false, false
	}
	return e
}

// process matches ring entry k when it has an anchor or a pending call or version
// needs it.
func (s *scanner) process(k int) {
	raw := &s.ring[k%ringSize]
	if raw.kinds&(1<<anchorBuild) != 0 && !builtStep(raw.raw) {
		s.buildLine = raw.line
	}
	if raw.kinds&^(1<<anchorDevice|1<<anchorPython|1<<anchorBuild|1<<anchorFact) == 0 && s.rec.call == nil && !s.torch.pending() {
		// Nothing but a device anchor (torchrun's "[rankN]:" on every line of a
		// multi-GPU log), a library path (every frame of a traceback) or a fact
		// (recorded as the line was pushed): count the device and read the Python from
		// the raw line, without cleaning it (sweep finding 8: such a log read 30-60x
		// slower than grep -F).
		s.rawWindow(raw)
		if mayQuoteMiddle(raw.raw) {
			s.matchMiddle(k) // a quoted part of a message may hold none of its anchors
			s.matchWrappedLead(k, s.entry(k))
		}
		return
	}
	e := s.entry(k)
	text := e.clean
	if len(bytes.TrimSpace(text)) == 0 {
		return
	}
	if e.kinds&(1<<anchorVersion) != 0 || s.torch.pending() {
		s.stageBytes += len(text)
		s.torch.next = s.nextLine(k)
		s.releaseWindow(e, text)
		s.torch.next = nil
	}
	if e.kinds&(1<<anchorDevice) != 0 {
		s.devs.window(e.raw)
	}
	if e.kinds&(1<<anchorRecover) != 0 || s.rec.call != nil {
		s.stageBytes += len(text)
		s.rec.window(text, e.lineStart, e.line)
	} else if e.kinds&(1<<anchorPython) != 0 {
		s.stageBytes += len(text)
		s.rec.python.pathWindow(text, e.line)
	}
	if e.kinds&(1<<anchorHeld) != 0 {
		s.stageBytes += len(text)
		s.heldWindow(k, e)
	}
	s.seeContexts(k, e.ctxs, text)
	s.matchRows(k, e)
}

// matchRows tries entry k's rows (e.rows, the rows with an anchor on it), then what a
// message cut short or quoted in part leaves of them: the cut rules when no row matched
// the line (then the dropped-words rule, dropped.go), and the middle rule (cut_middle.go).
func (s *scanner) matchRows(k int, e *ringLine) {
	for _, i := range e.rows {
		s.matchRow(i, k)
	}
	if len(e.rows) > 0 && s.lastHit != e.line && !s.matchCut(k, e.rows, false) && !s.matchDropped(k, e.rows) {
		s.matchValueCut(k)
	}
	s.matchMiddle(k)
	s.matchWrappedLead(k, e)
}

// rawWindow reads a raw line that holds only device or library-path anchors: the device
// it names, and the Python its path is under until one has been seen.
func (s *scanner) rawWindow(raw *ringLine) {
	if raw.kinds&(1<<anchorDevice) != 0 {
		s.devs.window(raw.raw)
	}
	if raw.kinds&(1<<anchorPython) != 0 {
		s.rec.python.pathWindow(raw.raw, raw.line)
	}
}

// nextLine returns the raw text of the line after ring entry k's, nil where the ring
// does not hold it yet or entry k+1 goes on k's line (a window of a long line).
func (s *scanner) nextLine(k int) []byte {
	if k+1 >= s.n {
		return nil
	}
	e := &s.ring[(k+1)%ringSize]
	if !e.lineStart {
		return nil
	}
	return e.raw
}

// releaseWindow reads entry e's text (its clean line) for the release; a release found
// on it is quoted as the line is written (shownText).
func (s *scanner) releaseWindow(e *ringLine, text []byte) {
	before := s.torch.text
	s.torch.raw = e.raw // its indentation, which the clean line drops (stderrBetween)
	s.torch.window(text, e.line)
	if len(e.orig) > 0 && s.torch.line == e.line && s.torch.text != before && !s.torch.wrapped {
		s.torch.text = quote(s.shownText(e, text), []byte(s.torch.found.String()))
	}
}

// seeContexts marks the contexts ctxs (indexes) that text, entry k's, matches as seen,
// or that entry k and the next match joined: a frame line that a terminal or a page
// wrapped ("…/_config_module.py", line 3" / "21, in __getattr__").
func (s *scanner) seeContexts(k int, ctxs []int, text []byte) {
	for _, c := range ctxs {
		if !s.contexts[c].seen {
			s.contextBytes += len(text)
		}
		if !s.contexts[c].seen && (s.match(s.contexts[c].pat.get().re, text) || s.contextWrapped(c, k)) {
			s.contexts[c].seen = true
		}
	}
}

// contextWrapped reports whether context c matches entries k and k+1 joined, with a
// space or without, where k+1 starts a line with text.
func (s *scanner) contextWrapped(c, k int) bool {
	if !s.textAt(k) || !s.textAt(k+1) || !s.breaksLine(k, k+1) {
		return false
	}
	re := s.contexts[c].pat.get().re
	return s.match(re, s.spacedLines(k, k+1)) || s.match(re, s.tightLines(k, k+1)) || s.contextUnhyphened(re, k)
}

// matchRow tries row i on entry k: exact, then quoted, then wrapped with its
// neighbours, then cut short at the end of the line.
func (s *scanner) matchRow(i, k int) {
	row := &s.rows[i]
	if !s.neighboursFit(row, k) {
		return
	}
	e := s.entry(k)
	exact := s.literalHolds(i, k, e)
	if exact && (row.Pattern == "" || s.matchNear(row.re(), row.pat.get().whole, s.edged(row, e, e.clean), e.clean, row.literal, nil)) {
		s.hit(i, e, e.clean, exactOrCut(row.Literal, e.clean))
		return
	}
	// The pattern is tried on the unquoted line and on the squeezed one ("torch.
	// compile"); without regard to case only where the literal is not on the line as
	// PyTorch prints it (a line with the literal intact was not retyped, and trying
	// it again without case is what made dense logs slow).
	if s.squeezedHolds(i, k, e) {
		if row.Pattern == "" || s.matchNear(row.re(), row.pat.get().whole, s.edged(row, e, e.unquoted), e.squeezed, row.squeezed, s.posOf(e)) ||
			(row.lazy().squeezed != nil && s.matchNear(row.lazy().squeezed, row.pat.get().whole, s.edged(row, e, e.squeezed), e.squeezed, row.squeezed, nil)) {
			s.hit(i, e, e.unquoted, Quoted)
			return
		}
	}
	if !exact && s.matchFolded(i, k, e) {
		return
	}
	s.matchWrapped(i, k)
	if s.rowLast[i] != e.vline {
		s.matchShortCut(i, e, s.entry(k-1), s.entry(k+1))
	}
}

// neighboursFit reports whether the lines around entry k hold what row wants beside its
// line: a bare skip quotation (bareSkipNear), a bare AssertionError after it or the
// error's words before the file (bareAssertFits).
func (s *scanner) neighboursFit(row *compiledRow, k int) bool {
	return (!row.bareSkip || s.bareSkipNear(k)) && (!row.bareAssert || s.bareAssertFits(row, k))
}

// edged returns text, entry e's, as a pattern that asserts the text's start or end (^,
// $: its pattern's whole) must see it: where e is a window cut out of a longer line, its edges
// are no line's start or end, so a NUL stands for the text beyond each of them (sweep
// finding 16: "skipping cudagraphs due to mutated inputs" at a 64 KB window's end
// matched legacy-mutated-input's "…inputs\s*$", which superseded the trees' row that
// the rest of the line, "(1 instances)", shows; past ~450 KB of one repeated message the
// finding switched codes). The text is shared until the next call.
func (s *scanner) edged(row *compiledRow, e *ringLine, text []byte) []byte {
	if !row.pat.get().whole || (e.lineStart && !e.goesOn) {
		return text
	}
	s.edge = s.edge[:0]
	if !e.lineStart {
		s.edge = append(s.edge, 0)
	}
	s.edge = append(s.edge, text...)
	if e.goesOn {
		s.edge = append(s.edge, 0)
	}
	return s.edge
}

// literalHolds reports whether entry k (e) holds row i's literal in its clean form,
// byte for byte: the rows' literals are looked for once an entry (literalSet), not once
// per row (BenchmarkShapes/many-anchors: a bytes.Contains per listed row and line).
func (s *scanner) literalHolds(i, k int, e *ringLine) bool {
	if s.litFor != k+1 {
		s.litFor = k + 1
		s.t.literals.mark(e.clean, s.litAt, k+1)
	}
	return s.litAt[i] == k+1
}

// squeezedHolds reports whether entry k (e) holds row i's squeezed literal in its
// squeezed form: the rows' literals are looked for once an entry (literalSet).
func (s *scanner) squeezedHolds(i, k int, e *ringLine) bool {
	if s.sqFor != k+1 {
		s.sqFor = k + 1
		s.t.squeezed.mark(e.squeezed, s.sqAt, k+1)
	}
	return s.sqAt[i] == k+1
}

// posOf returns e.pos, made the first time a long entry needs it.
func (s *scanner) posOf(e *ringLine) []int32 {
	if len(e.unquoted) <= maxRowSpan {
		return nil // matchNear runs on the whole text
	}
	if !e.posOK {
		e.pos, e.posOK = squeezedPos(e.pos, e.unquoted), true
	}
	return e.pos
}

// matchFolded looks for row i's literal on entry e without regard to case (a message a
// person retyped: "windows not yet supported for torch.compile"); it reports a match.
func (s *scanner) matchFolded(i, k int, e *ringLine) bool {
	row := &s.rows[i]
	if !e.foldedOK {
		e.folded, e.foldedOK = append(e.folded[:0], e.squeezed...), true
		lower(e.folded)
	}
	if s.foldFor != k+1 {
		s.foldFor = k + 1
		s.t.folded.mark(e.folded, s.foldAt, k+1)
	}
	if s.foldAt[i] != k+1 {
		return false
	}
	if f := row.lazy(); f.fold != nil && !s.matchNear(f.fold, row.pat.get().whole, s.edged(row, e, e.unquoted), e.folded, row.folded, s.posOf(e)) &&
		(f.squeezedFold == nil || !s.matchNear(f.squeezedFold, row.pat.get().whole, s.edged(row, e, e.folded), e.folded, row.folded, nil)) {
		return false
	}
	s.hit(i, e, e.unquoted, Quoted)
	return true
}

// reCount is a count in a row's pattern: \d+ not after a dot (a release's minor, as in
// "Python 3\.\d+", stays a number).
var reCount = &lazyregexp.Regexp{Expr: `(^|[^.])\\d\+`}

// countPlaceholder matches a count as people quote a message in prose or a fix's
// description, with a placeholder for the number: "Detected N tensor(s) in the
// cudagraph pool" (PR #194124), "(N instances)", "<n>", "{num}".
const countPlaceholder = `(?:\d+|N|n|X|x|K|<\w+>|\{\w*\})`

// countPlaceholders rewrites each count of pattern p to match a number or a
// placeholder for one.
func countPlaceholders(p string) string {
	return reCount.ReplaceAllString(p, "${1}"+countPlaceholder)
}

// reSpaceToken is a white-space token of a regular expression (\s, \s+, \s*, \s?, a
// space, optionally repeated).
var reSpaceToken = &lazyregexp.Regexp{Expr: `(?:\\s|[ '"\x60])[+*?]?`}

// squeezedPattern rewrites pattern p to match the squeezed form of a line (white space
// and quote marks removed, see squeeze), with and without regard to case; it returns
// nils when p has a character class or escape that the rewrite could break.
func squeezedPattern(p string) (re, fold *regexp.Regexp) {
	if strings.Contains(p, "[") && strings.ContainsAny(p, " '\"") || strings.Contains(p, `\S`) {
		return nil, nil
	}
	q := reSpaceToken.ReplaceAllString(p, "")
	re, err := regexp.Compile(q)
	if err != nil {
		return nil, nil
	}
	if fold, err = regexp.Compile("(?i)" + q); err != nil {
		return nil, nil
	}
	return re, fold
}

// lower makes the ASCII letters of b lower case, in place.
func lower(b []byte) {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
}

// matchWrapped looks for row i's literal over entries k-2..k+2 joined, white space
// and quote marks ignored; the text must start on one line and end on another, one of
// them entry k.
func (s *scanner) matchWrapped(i, k int) {
	if !s.lineStartNear(k) {
		return // no line starts in k-1..k+2: no span could break a line (breaksLine)
	}
	s.join(k)
	s.wrapFailed = slices.DeleteFunc(s.wrapFailed, func(t wrapTry) bool { return t.to < k })
	if !s.wrapTries(i, k) && s.unhyphened.ok {
		s.swapUnhyphened()
		s.wrapTries(i, k)
		s.swapUnhyphened()
	}
}

// wrapTries tries row i over the spans that hold entry k and an occurrence of its literal
// in s.joined; it reports a hit.
func (s *scanner) wrapTries(i, k int) bool {
	row := &s.rows[i]
	first := s.first
	for _, o := range occurrencesOf(s.joinOcc, i) {
		start, end, ok := s.wrapSpan(row, o.at)
		if ok && first+start <= k && k <= first+end {
			try := wrapTry{i: i, from: first + start, to: first + end, before: s.textAt(first + start - 1), after: s.textAt(first + end + 1),
				focus: s.focusOf(o.at, len(row.squeezed)), unhyphened: s.unhyphening}
			if !slices.Contains(s.wrapFailed, try) {
				if s.wrappedHit(i, try.from, try.to, try.focus) {
					return true
				}
				s.wrapFailed = append(s.wrapFailed, try)
			}
		}
	}
	return false
}

// wrapSpan returns the joined entries start..end that row's literal at offset at of
// s.joined spans, and whether they may hold a wrapped message: the literal breaks a
// line, or its pattern goes on after it on the next line, or it is whole on one line
// whose pattern did not match there and may have its start on the line before (where
// the literal starts its line and the pattern starts before it: "Cannot call
// CUDAGeneratorImpl::current_seed" above "during CUDA graph capture") or its end on the
// line after (where the literal ends its line: a closing quote wrapped alone);
// wrappedHit then tries the neighbours, never the line alone. A literal inside its
// line is no wrap (and costs no tries).
func (s *scanner) wrapSpan(row *compiledRow, at int) (start, end int, ok bool) {
	start, end = s.lineOf(at), s.lineOf(at+len(row.squeezed)-1)
	if start == end && row.tail && end+1 < len(s.offsets) && s.offsets[end]-(at+len(row.squeezed)) <= maxRowSpan {
		// The literal is whole on a line, the rest of the pattern on the next: where
		// the literal ends within maxRowSpan of its line's end (squeezed bytes, no more
		// than the line's own), as a match reaches no farther from it (sweep2 finding 8:
		// on lines of every anchor each row with a tail tried the next line from every
		// occurrence, joining and hashing four 7 KB lines each time).
		end++
	}
	if start != end {
		return start, end, s.breaksLine(s.first+start, s.first+end)
	}
	edge := row.lead && at-s.lineOffset(start) <= leadReach || at+len(row.squeezed) == s.offsets[end]
	return start, end, row.Pattern != "" && edge
}

// leadReach is how far into its line (squeezed bytes) a literal may start and still
// have its pattern's start on the line before: the wrap may fall inside the pattern's
// lead, not only right before the literal ("RuntimeError: Cannot call" above
// "CUDAGeneratorImpl::current_seed during CUDA graph capture.", holdoutBG's ratchet
// finding). 64 holds the longest lead of a row's pattern before its literal on one
// line (a GeneratorImpl method's name, a compiler's path).
const leadReach = 64

// lineStartNear reports whether a held entry among k-1..k+2 starts a line: a wrapped
// message's span (within k-2..k+2, holding k) breaks a line only there, so on the
// windows of one long line matchWrapped has nothing to try (and no 320 KB of joined
// windows to search per row).
func (s *scanner) lineStartNear(k int) bool {
	for j := max(k-1, s.n-ringSize, 0); j <= min(k+2, s.n-1); j++ {
		if s.ring[j%ringSize].lineStart {
			return true
		}
	}
	return false
}

// breaksLine reports whether a line starts in entries from+1..to: windows of one long
// line overlap by more than any row's decisive text (overlapBytes), so what spans
// them alone is found in the later window and is no wrapped message (hostile2: the
// 597 corpus texts as one 532 KB line ran regular expressions over 128-256 KB for
// each such span, 4.2 s).
func (s *scanner) breaksLine(from, to int) bool {
	for j := from + 1; j <= to; j++ {
		if e := s.entry(j); e != nil && e.lineStart {
			return true
		}
	}
	return false
}

// wrapTry is a span of entries wrappedHit found nothing on for a row, with whether
// the entries either side held text and where the literal lies (all it reads besides
// the span: its pattern runs within maxRowSpan of the literal, wrapFocus): the same try
// gives the same answer, so matchWrapped does not make it again for the next entry
// or another occurrence of the literal (hostile2: one 532 KB line of the corpus's
// texts made 188 tries of 60 spans, each running regular expressions over 128-256 KB).
type wrapTry struct {
	i, from, to   int
	before, after bool
	focus         wrapFocus
	unhyphened    bool // made on s.unhyphened
}

// wrapFocus is where a wrapped try's literal lies: from byte off0 of entry e0's unquoted
// text to byte off1 (exclusive) of entry e1's.
type wrapFocus struct {
	e0, off0, e1, off1 int
}

// focusOf returns where the squeezed literal of n bytes at offset at of s.joined lies
// in the entries' unquoted texts.
func (s *scanner) focusOf(at, n int) wrapFocus {
	start, end := s.lineOf(at), s.lineOf(at+n-1)
	return wrapFocus{
		e0: s.first + start, off0: s.unquotedAt(s.entry(s.first+start), at-s.lineOffset(start)),
		e1: s.first + end, off1: s.unquotedAt(s.entry(s.first+end), at+n-1-s.lineOffset(end)) + 1,
	}
}

// unquotedAt returns the offset in e.unquoted of byte i of e.squeezed.
func (s *scanner) unquotedAt(e *ringLine, i int) int {
	if !e.posOK {
		e.pos, e.posOK = squeezedPos(e.pos, e.unquoted), true
	}
	if i >= len(e.pos) {
		return len(e.unquoted)
	}
	return int(e.pos[i])
}

// join builds s.joined, the squeezed text of entries k-2..k+2 without blank lines
// (a blank line ends a wrapped message), once per k.
func (s *scanner) join(k int) {
	if s.joinedAt == k {
		return
	}
	s.joinedAt = k
	s.joined, s.offsets, s.first = s.joined[:0], s.offsets[:0], -1
	for j := k - 2; j <= k+2; j++ {
		e := s.entry(j)
		if !s.textAt(j) { // a line of quote marks alone (a wrapped "'") is no blank line
			if j < k {
				s.joined, s.offsets, s.first = s.joined[:0], s.offsets[:0], -1
				continue
			}
			break
		}
		if s.first < 0 {
			s.first = j
		}
		s.joined = append(s.joined, e.squeezed...)
		s.offsets = append(s.offsets, len(s.joined))
	}
	lo, hi := s.nearK(k)
	s.joinOcc = s.t.squeezed.occurrences(s.joinOcc, s.joined[lo:hi])
	for j := range s.joinOcc {
		s.joinOcc[j].at += lo
	}
	s.joinUnhyphened(k)
}

// nearK returns the part of s.joined that holds every occurrence of a row's squeezed
// literal that matchWrapped can try around entry k: one that overlaps entry k, or lies
// whole in entry k-1 (its pattern may go on in k). Others span no line range that holds
// k, so they were searched for nothing (every line's neighbours searched again for
// each line: five times the text).
func (s *scanner) nearK(k int) (lo, hi int) {
	at := k - s.first
	if s.first < 0 || at >= len(s.offsets) {
		return 0, 0
	}
	most := s.t.squeezed.longest
	lo = s.lineOffset(at) - (most - 1)
	if at > 0 {
		lo = min(lo, s.lineOffset(at-1))
	}
	return max(lo, 0), min(len(s.joined), s.offsets[at]+most-1)
}

// lineOffset returns the offset in s.joined where joined entry j starts.
func (s *scanner) lineOffset(j int) int {
	if j == 0 {
		return 0
	}
	return s.offsets[j-1]
}

// lineOf returns the index (from the first joined entry) of the entry holding byte
// at of s.joined.
func (s *scanner) lineOf(at int) int {
	for j, end := range s.offsets {
		if at < end {
			return j
		}
	}
	return len(s.offsets) - 1
}

// wrappedHit records row i found over entries from..to, when its pattern (if any)
// matches the lines joined with spaces or with nothing; where it does not, the pattern
// is tried with the line before and the line after too (its start, such as "Cannot
// call" or "Detected 1", may be on the line before the literal's).
func (s *scanner) wrappedHit(i, from, to int, f wrapFocus) bool {
	row := &s.rows[i]
	if row.Pattern == "" {
		s.hitSpan(i, s.entry(from), s.entry(to), s.quoteLines(row, from, to), Wrapped)
		return true
	}
	s.focus, s.focusWhole = f, row.pat.get().whole
	spaced, tight := s.wideTries(row, from, to)
	if !spaced && !tight {
		return false
	}
	for _, ext := range [][2]int{{0, 0}, {-1, 0}, {0, 1}, {-1, 1}} {
		a, b := from+ext[0], to+ext[1]
		if (ext[0] != 0 && !s.textAt(a)) || (ext[1] != 0 && !s.textAt(b)) || !s.breaksLine(a, b) {
			continue
		}
		if ((spaced && s.linesMatch(row.re(), a, b, false)) || (tight && s.linesMatch(row.re(), a, b, true))) && !s.withinOneLine(row, a, b) {
			s.hitSpan(i, s.entry(a), s.entry(b), s.quoteLines(row, a, b), Wrapped)
			return true
		}
	}
	return false
}

// wideTries reports whether wrappedHit's tries with the lines joined by spaces, and those
// joined tight, may match at all, by one run on the widest span: each spaced try is
// text of the widest spaced one between spaces, so a pattern without ^ or $ (lazyPattern's whole)
// that matches it matches the widest too (\b reads a space as the text's edge); a tight
// try is such a part only for a pattern without \b or \B (its boundary), else it is
// left to be tried. Where the pattern matches one of the lines from..to alone, which
// every try holds, no try is taken (withinOneLine): neither is tried. The spans of a
// bare literal that every line shows (a log of literals without the text their
// patterns want) had run eight expressions each, and prose that retells a message
// around a wrapped literal nine.
func (s *scanner) wideTries(row *compiledRow, from, to int) (spaced, tight bool) {
	for j := from; j <= to; j++ {
		if s.linesMatch(row.re(), j, j, false) {
			return false, false
		}
	}
	if row.pat.get().whole {
		return true, true
	}
	a, b := from, to
	if s.textAt(from - 1) {
		a = from - 1
	}
	if s.textAt(to + 1) {
		b = to + 1
	}
	spaced = s.linesMatch(row.re(), a, b, false)
	tight = row.pat.get().boundary || s.linesMatch(row.re(), a, b, true)
	return spaced, tight
}

// linesKey is a pattern run on a text of entries joined with spaces or, tight, with
// nothing: the text by its length and two 64-bit hashes, so that a text met again (the
// same lines further on: a log that repeats a line) is not matched again.
type linesKey struct {
	re    *regexp.Regexp
	tight bool
	n     int
	h     [2]uint64
}

// maxLinesMemo bounds linesMemo: past it the memo starts afresh.
const maxLinesMemo = 4096

// linesMatch reports whether re matches entries a..b joined (spacedLines, or tightLines
// where tight is set) within maxRowSpan of the try's literal (s.focus: focusText),
// remembered by the text: rows that share a Pattern (a message retold, one row per
// literal), the spans of the entries after and lines met again ask the same again
// (BenchmarkShapes/wrapped: prose wrapped at 72 columns, a message in each paragraph,
// read at 0.3 MB/s; sweep finding 22: a 6.9 KB line of every anchor, repeated, ran each
// pattern over three or four such lines for every line).
func (s *scanner) linesMatch(re *regexp.Regexp, a, b int, tight bool) bool {
	text := s.focusText(a, b, tight)
	key := linesKey{re: re, tight: tight, n: len(text),
		h: [2]uint64{maphash.Bytes(s.seeds[0], text), maphash.Bytes(s.seeds[1], text)}}
	if v, ok := s.linesMemo[key]; ok {
		return v
	}
	if len(s.linesMemo) >= maxLinesMemo {
		clear(s.linesMemo)
	}
	s.patternBytes += len(text)
	v := s.matchBranches(re, text)
	s.linesMemo[key] = v
	return v
}

// withinOneLine reports whether row's pattern matches one of the lines a..b alone: then
// the message is not wrapped, and that line is found on its own (a code frame that
// names the literal above an error line is not the start of the error's message).
func (s *scanner) withinOneLine(row *compiledRow, a, b int) bool {
	for j := a; j <= b; j++ {
		if s.linesMatch(row.re(), j, j, false) {
			return true
		}
	}
	return false
}

// textAt reports whether ring entry j is held and not blank (a blank line ends a
// wrapped message).
func (s *scanner) textAt(j int) bool {
	e := s.entry(j)
	return e != nil && len(bytes.TrimSpace(e.unquoted)) > 0
}

// focusText returns entries a..b joined (unquoted and trimmed, with a space between them
// or, tight, with nothing), clipped to maxRowSpan either side of the try's literal
// (s.focus; where it lies before entry a, the text's start; after b, its end), the
// edges moved beside a byte that is no word character as matchNear's are, so that a
// wrapped try costs a constant, not its lines' length (sweep2 finding 8: a log whose
// 7 KB lines each hold every anchor ran 1000 times grep -F's time). The whole text where
// it is that short, where the row's pattern must see it whole (^, $: s.focusWhole), or
// where no edge byte is near. Shared until the next call.
func (s *scanner) focusText(a, b int, tight bool) []byte {
	total, p0, p1 := s.focusOffsets(a, b, tight)
	lo, hi := p0-maxRowSpan, p1+maxRowSpan
	if s.focusWhole || (lo <= 0 && hi >= total) {
		return s.joinLines(a, b, tight, 0, total)
	}
	rs, re := max(0, lo-maxSnap), min(total, hi+maxSnap)
	region := s.joinLines(a, b, tight, rs, re)
	cs, ce := max(0, lo)-rs, min(total, hi)-rs
	if rs > 0 || cs > 0 {
		cs = snapStart(region, cs, p0-rs)
	}
	if re < total || ce < len(region) {
		if re < total && ce == len(region) {
			ce = -1 // no byte left to snap to inside the region
		} else {
			ce = snapEnd(region, ce, max(p1-rs, 0))
		}
	}
	if cs < 0 || ce < 0 || ce <= cs {
		return s.joinLines(a, b, tight, 0, total)
	}
	return region[cs:ce]
}

// focusOffsets returns the length of entries a..b joined as focusText joins them, and
// the offsets in it of the try's literal's start and end (s.focus): 0 where it lies
// before entry a, the length where it lies after b.
func (s *scanner) focusOffsets(a, b int, tight bool) (total, p0, p1 int) {
	p0, p1 = -1, -1
	for j := a; j <= b; j++ {
		if j > a && !tight {
			total++
		}
		u := s.entry(j).unquoted
		lead := len(u) - len(bytes.TrimLeft(u, " \t\r\n\v\f"))
		n := len(s.entryText(j, b))
		if j == s.focus.e0 {
			p0 = total + min(max(s.focus.off0-lead, 0), n)
		}
		if j == s.focus.e1 {
			p1 = total + min(max(s.focus.off1-lead, 0), n)
		}
		total += n
	}
	if s.focus.e0 < a {
		p0 = 0
	} else if p0 < 0 {
		p0 = total
	}
	if s.focus.e1 < a {
		p1 = 0
	} else if p1 < 0 {
		p1 = total
	}
	return total, p0, p1
}

// joinLines returns bytes lo..hi of entries from..to joined (unquoted and trimmed, with
// a space between them or, tight, with nothing), in s.lines (shared until the next call).
func (s *scanner) joinLines(from, to int, tight bool, lo, hi int) []byte {
	s.lines = s.lines[:0]
	at := 0
	put := func(p []byte) {
		a, b := max(lo-at, 0), min(hi-at, len(p))
		if a < b {
			s.lines = append(s.lines, p[a:b]...)
		}
		at += len(p)
	}
	for j := from; j <= to; j++ {
		if j > from && !tight {
			put(space)
		}
		put(s.entryText(j, to))
	}
	return s.lines
}

// space is the byte joinLines puts between entries.
var space = []byte{' '}

// spacedLines and tightLines join entries from..to, unquoted and trimmed, with a space
// or with nothing between them.
func (s *scanner) spacedLines(from, to int) []byte {
	var b []byte
	for j := from; j <= to; j++ {
		if j > from {
			b = append(b, ' ')
		}
		b = append(b, bytes.TrimSpace(s.entry(j).unquoted)...)
	}
	return b
}

func (s *scanner) tightLines(from, to int) []byte {
	var b []byte
	for j := from; j <= to; j++ {
		b = append(b, bytes.TrimSpace(s.entry(j).unquoted)...)
	}
	return b
}

// hit records a match of row i on entry e's line, in text (quoted when it is the row's
// first), one line long.
func (s *scanner) hit(i int, e *ringLine, text []byte, m Match) { s.hitSpan(i, e, e, text, m) }

// retoldUnreported reports whether row i, a retelling, is on e as no report of the
// failure (retoldUnreported in absent.go: a condition, a string of code, a compiler
// that is the finder; Triton's absence told as the reason of a skip, skippedForLack;
// the optimizer's opposite warning, capturableUncaptured), its pattern narrowed to the alternatives the line admits
// (narrowed), and counted as the bytes of the line by those alternatives.
func (s *scanner) retoldUnreported(i int, e *ringLine) bool {
	r := &s.rows[i]
	if !r.Paraphrase {
		return false
	}
	if r.Code == TritonMissing && skippedForLack(e.clean, s.below(e)) || r.Code == OptimizerNotCapturable && capturableUncaptured.Match(e.clean) {
		return true
	}
	re, alts := s.narrowed(r.re(), e.clean)
	s.guardBytes += alts * len(e.clean)
	return retoldUnreported(r.Code, re, e.clean, r.literal, s.mayCondition(e.clean))
}

// unreported reports whether row i's match on e is no report of its failure: a retelling
// under a condition, in a string of code or with its compiler the finder
// (retoldUnreported), a missing header's compiler error in a source build
// (inSourceBuild), a fix's purpose (fixedQuote; PyTorch's message after a purpose in a
// comment, purposeComment), the C++ call that raises the message
// (raisedInSource), a rule that source code states in a comment or a docstring
// (ruleStated), a Python assert statement's message in source code (assertedInSource),
// a Python logger's, warn's or raise's call that emits it (emittedInSource), a retelling
// in a piece of a string that implicit concatenation goes on with (concatPiece), an
// exception's class defined, imported or caught in source (classInCode), a message alone
// under a conditional lead-in (ledAbove), a test's comment that retells a report it
// expects to pass now (passesNow), a program's own text that no run printed (codeHeld),
// a statement of what a component does in general (mechanismStated), a prediction in a
// source comment or a docstring, over its lines too (predicted), source code that
// holds the message or names its error code, a statement of a def's body a listing
// shows, an except clause's comment, a returned bracket's string or an error code's
// documentation (heldByCode), an item of a list under a generic lead-in (listedGeneric),
// another package's link against libcuda (otherLinked), a documented lack of support for
// a Python release (limitDocumented).
func (s *scanner) unreported(i int, e *ringLine) bool {
	return s.retoldUnreported(i, e) || s.inSourceBuild(i, e) || fixedQuote(&s.rows[i], e.clean) || s.purposeComment(i, e) || s.raisedInSource(i, e) ||
		s.ruleStated(i, e) || s.assertedInSource(i, e) || s.emittedInSource(i, e) || s.concatPiece(i, e) ||
		s.unreportedBeside(i, e)
}

// unreportedBeside is unreported's second half, in the same order: what the lines beside
// e, or e's own form, show about the text holding the message (classInCode to
// otherLinked).
func (s *scanner) unreportedBeside(i int, e *ringLine) bool {
	return classInCode(&s.rows[i], e.clean) || s.passesNow(e) || s.codeHeld(i, e) || s.mechanismStated(i, e) || s.predicted(i, e) ||
		s.heldByCode(i, e) || s.listedGeneric(e) || s.otherLinked(i, e) || s.limitDocumented(i, e)
}

// passesNow reports whether e is a comment's line (sourceLine: "#", "//") that quotes a
// past failure between a past verb that introduces it (pastRaised, on the comment's line
// above or on e's) and an expectation that the code now passes (expectPass, on the
// comment's next line): "# In the bug report, this step raised: / # RuntimeError:
// pluggable does not yet support checkPoolLiveAllocations. / # We expect this to succeed
// now." (a regression test over torch.compile under RMM's allocator, validation v32b's
// 11, holdoutFB). A commit's or a pull request's prose that retells the failure it fixes
// is labelled the code's (the build set's pull requests): only a comment in code is read
// so.
func (s *scanner) passesNow(e *ringLine) bool {
	if e.sentMark != '#' && e.sentMark != '/' {
		return false
	}
	below := s.sameSource(s.lineBelow(e), e.sentMark)
	if below == nil || !expectPass.Match(below) {
		return false
	}
	return pastRaised.Match(e.sent) || pastRaised.Match(s.sameSource(s.lineAbove(e), e.sentMark))
}

// pastRaised is a past verb of failing that introduces a quoted failure at its line's
// end or before it ("this step raised:", "it failed with"); expectPass is a test's
// expectation that the code passes ("We expect this to succeed now.", "this should pass
// now", "now it works").
var (
	pastRaised = &lazyregexp.Regexp{Expr: `(?i)\b(?:raised|threw|thrown|failed(?:\s+with)?|errored(?:\s+out)?(?:\s+with)?|crashed(?:\s+with)?|aborted(?:\s+with)?)\s*:`}
	expectPass = &lazyregexp.Regexp{Expr: `(?i)\b(?:expect(?:s|ed)?\s+(?:this|it|that|the\s+\w+)\s+to\s+(?:succeed|pass|work|run)|` +
		`(?:this|it|that)\s+should\s+(?:now\s+)?(?:succeed|pass|work)|(?:succeeds|passes|works)\s+now)\b`}
)

// inSourceBuild reports whether row i, a missing header's compiler message (not a
// retelling), is on e within sourceBuildReach lines after a source build's step: that
// build's error, not the run-time compile the row's cause tells.
func (s *scanner) inSourceBuild(i int, e *ringLine) bool {
	r := &s.rows[i]
	if r.Paraphrase || !headerCode(r.Code) || s.buildLine == 0 || e.line < s.buildLine {
		return false
	}
	// MSVC's linker runs once, at a build's end, past every compile line of the
	// build (SageAttention's wheel, thu-ml/SageAttention#128: "copying
	// sageattention\triton\…" then 126 lines): its LNK1104 is the build's however
	// far after the step, unless cl's line above names Triton's launcher, whose one
	// compile prints its file's name before the link (woct0rdho/triton-windows#3:
	// "main.c" then the LNK1104): a later run's, after the build.
	return e.line-s.buildLine <= sourceBuildReach || r.Literal == "LNK1104" && !s.launcherAbove(e)
}

// launcherSources are the files Triton compiles its launcher and driver utilities from,
// as cl prints them on a line of their own.
var launcherSources = []string{"main.c", "__triton_launcher.c", "cuda_utils.c", "hip_utils.c"}

// launcherAbove reports whether the line above e is one of launcherSources alone.
func (s *scanner) launcherAbove(e *ringLine) bool {
	p := s.lineAbove(e)
	if p == nil {
		return false
	}
	t := string(bytes.TrimSpace(p.clean))
	for _, src := range launcherSources {
		if t == src {
			return true
		}
	}
	return false
}

// exactOrCut is the Match of literal found whole on line: Exact, or Truncated where the
// literal stops short of its message (messageContinues) and the line's quotation of it
// closes, or an ellipsis ends it, right after the literal, before the message's next
// words: "This fixes a `RuntimeError: Cannot copy between CPU and CUDA tensors during CUDA
// graph capture` crash" quotes capture-unpinned-copy's message without "unless the CPU
// tensor is pinned" (vllm-project/vllm PR #48515, newuser29 F6: shown as exact). The
// line's end is no such mark: the message may go on, wrapped, on the next line.
func exactOrCut(literal string, line []byte) Match {
	if _, goesOn := messageContinues(literal); !goesOn {
		return Exact
	}
	at := bytes.Index(line, []byte(literal))
	if at < 0 {
		return Exact
	}
	rest := line[at+len(literal):]
	for _, mark := range quoteCloses {
		if bytes.HasPrefix(rest, []byte(mark)) {
			return Truncated
		}
	}
	return Exact
}

// quoteCloses are the marks that close a quotation, or cut it, right after a literal:
// markdown's code mark, quote marks, an ellipsis.
var quoteCloses = []string{"`", "\"", "'", "”", "’", "...", "…"}

// guarded reports whether row i's match on e (through end, text the line's text it was
// found in) is no report of its failure: a legend's row, a literal glued to other words
// (midWord), a source listing's line, a line or its neighbours that say it did not occur
// (the absence marks) or a text that is no run's (unreported).
func (s *scanner) guarded(i int, e, end *ringLine, text []byte) bool {
	return s.guardedBeside(i, e, end, text) || s.ledAbove(e)
}

// guardedBeside is guarded but for a conditional or hedged lead-in above the line
// (ledAbove), whose hits hitSpan holds (holdLed).
func (s *scanner) guardedBeside(i int, e, end *ringLine, text []byte) bool {
	return e.legend || midWord(&s.rows[i], text) || s.inListing(i, e) || s.absentAt(e, s.markedLiteral(i, e)) ||
		s.absentBelow(i, e, end) || s.absentJoined(i, e, end) || s.unreported(i, e)
}

// hitSpan records a match of row i over entries e to end (a wrapped message's lines),
// unless e is in a legend's row or on a context line of a traceback's listing
// (listing.go), its line says the message did not occur (absentAt, absentBelow) or
// is no report of it (unreported).
// Rows count distinct lines as the log has them (vline: a line of a JSON string's text
// counts, a window of a long line does not); codes count distinct places, so a hit over
// lines that a counted hit of the code already covers does not count again (sweep7
// finding 5: two consecutive lines holding the same message counted three times, once
// each and once more as one message wrapped over both).
func (s *scanner) hitSpan(i int, e, end *ringLine, text []byte, m Match) {
	if s.guardedBeside(i, e, end, text) {
		return
	}
	if end == nil {
		end = e
	}
	if s.rows[i].Paraphrase {
		m = Paraphrased
	} else if s.rows[i].Cropped {
		m = Truncated
	}
	if s.ledAbove(e) {
		s.holdLed(i, e, end, text, m)
		return
	}
	s.record(i, e, end, text, m)
	s.counted(i, e.line, e.vline, end.line, end.vline, m)
}

// counted counts row i's hit from line (vline) to endLine (endVline), of Match m, once
// recorded: the culprit's lines, the release finder's first hit, the row's lines and the
// code's places.
func (s *scanner) counted(i, line, vline, endLine, endVline int, m Match) {
	s.culprits.hit(s.rows[i].Code, line, endLine)
	s.lastHit = line
	s.torch.hitAt(line)
	if s.rowLast[i] != vline {
		s.rowLast[i] = vline
		s.rowLines[i]++
	}
	kind := placeMessage
	switch {
	case s.rows[i].Trailer:
		kind = placeTrailer
	case m == Paraphrased:
		kind = placeRetold
	}
	t := s.places[s.rows[i].Code]
	if t == nil {
		t = &[placeKinds]tally{}
		s.places[s.rows[i].Code] = t
	}
	t[kind].add(i, vline, endVline, line, endLine)
}

// record keeps a hit of row i on ring entry e's line as its first (hits) and as its
// best (shown) where it is either. Hits arrive a ring of lines out of order at most,
// and a row's shown hit changes only for a closer Match or, of the same, an earlier
// line, so the quotes made stay few however often the text recurs.
func (s *scanner) record(i int, e, end *ringLine, text []byte, m Match) {
	if first, best := s.recordable(i, e.line, m); first || best {
		s.put(i, s.rowHitOf(i, e, end, text, m))
	}
}

// recordable reports whether a hit of row i on line, of Match m, is the row's first
// (hits) and whether it is its best (shown).
func (s *scanner) recordable(i, line int, m Match) (first, best bool) {
	h, b := s.hits[i], s.shown[i]
	return h.line == 0 || line < h.line, b.line == 0 || closer(m, b.match) || m == b.match && line < b.line
}

// rowHitOf makes the rowHit of row i's match over entries e to end.
func (s *scanner) rowHitOf(i int, e, end *ringLine, text []byte, m Match) rowHit {
	return rowHit{line: e.line, quote: quote(s.shownText(e, text), s.rows[i].literal), match: m,
		inBackward: s.rows[i].Code == OverwrittenOutput && s.backwardAbove(e), span: end.vline - e.vline}
}

// put keeps hit as row i's first and as its best where it is either (recordable).
func (s *scanner) put(i int, hit rowHit) {
	first, best := s.recordable(i, hit.line, hit.match)
	if first {
		s.hits[i] = hit
	}
	if best {
		s.shown[i] = hit
	}
}

// absentBelow reports whether row i's hit over entries e to end (a pattern's match over
// lines joined) has its literal on a line below e's, to end's, which says it did not
// occur (absentAt): "NPU graphs refuse to be captured on the default/legacy stream" above
// "# (\"NPU graphs must be captured on a non-default stream\"), so use a" (validate27's
// neg/01, a form of TestFormsQuote27) is a hit of the quoted fragment's row from the line above, whose
// words before the literal, another accelerator's, are on the line below.
func (s *scanner) absentBelow(i int, e, end *ringLine) bool {
	for b := e; end != nil && b != end; {
		if b = s.lineBelow(b); b == nil || b.line > end.line {
			return false
		}
		if s.absentAt(b, s.rows[i].literal) {
			return true
		}
	}
	return false
}

// absentJoined reports whether row i's hit over entries e to end, more than one line,
// is marked absent or hypothetical when its lines are read as one (markedAbsent on them
// joined by a space, each line below e less the white space and the comment's, quote's
// or list's marks that start it): a quotation wrapped so that no line holds the literal
// whole, nor a head of it minCut bytes long that cutHead would read ("Without this,
// PyTorch will warn: \"Unable to hit fast path of CUDAGraphs\n because of pending,
// uninvoked backwards.\"", a trainer's docstring: v29 neg/20, whose first line holds
// "of CUDAGraphs" of the row's literal).
func (s *scanner) absentJoined(i int, e, end *ringLine) bool {
	if end == nil || end == e {
		return false
	}
	text := append([]byte(nil), e.clean...)
	for b := e; b != end; {
		if b = s.lineBelow(b); b == nil || b.line > end.line {
			return false
		}
		text = append(append(bytes.TrimRight(text, " \t"), ' '), bytes.TrimLeft(b.clean, lineMarks)...)
	}
	var next []byte
	if endsAtQuote(end.clean) {
		next = s.below(end)
	}
	a := markedAbsent(s.t.absent, s.above(e), text, next, s.rows[i].literal)
	return a == markedNone || a == assertedNone && !s.pytestFailed(e)
}

// absentAt reports whether ring entry e's line says lit did not occur (markedAbsent):
// a test's assertion that it is absent counts but where pytest reports it failed
// (pytestFailed).
func (s *scanner) absentAt(e *ringLine, lit []byte) bool {
	a := s.absenceAt(e, lit)
	return a == markedNone || a == assertedNone && !s.pytestFailed(e)
}

// markedLiteral returns the text of row i on entry e's line that the marks of absence
// and of a hypothetical read the words around: the row's literal, or, for a retelling
// whose literal is not on the line as written (matched squeezed: "fast path of CUDA
// graphs" on "… will warn: \"Unable to hit fast path of CUDAGraphs …\"", v29 neg/20),
// its pattern's match on the line, where it has one.
func (s *scanner) markedLiteral(i int, e *ringLine) []byte {
	r := &s.rows[i]
	if !r.Paraphrase || litAt(e.clean, r.literal) >= 0 {
		return r.literal
	}
	if re := r.re(); re != nil {
		if m := re.Find(e.clean); len(m) > 0 {
			return m
		}
	}
	return r.literal
}

// absenceAt is markedAbsent for ring entry e's line, the line above (sentenceAbove) and,
// where e's line ends at a quote (endsAtQuote), the line below, remembered by their text: a
// log that repeats a message on every line asks the marks' patterns once (sweep12 finding
// 1: 0.3 MB/s of CPU, each hit running every mark).
func (s *scanner) absenceAt(e *ringLine, lit []byte) absence {
	prev := s.sentenceAbove(e)
	var next []byte
	if endsAtQuote(e.clean) || !endsSentence(e.clean) && bytes.ContainsAny(e.clean, markQuotes) {
		next = s.below(e) // a quotation's sentence that goes on there (joinSentence)
	}
	if s.absentMemo == nil || len(lit) == 0 {
		s.absentRuns++
		return markedAbsent(s.t.absent, prev, e.clean, next, lit)
	}
	key := absentKey{lit: &lit[0], nlit: len(lit), n: len(e.clean), nprev: -1, nnext: -1, h: s.lineHash(e.clean)}
	if prev != nil {
		key.nprev, key.hprev = len(prev), s.lineHash(prev)
	}
	if next != nil {
		key.nnext, key.hnext = len(next), s.lineHash(next)
	}
	if v, ok := s.absentMemo[key]; ok {
		return v
	}
	if len(s.absentMemo) >= maxLinesMemo {
		clear(s.absentMemo)
	}
	s.absentRuns++
	v := markedAbsent(s.t.absent, prev, e.clean, next, lit)
	s.absentMemo[key] = v
	return v
}

// sentenceKeep is how much of a comment's sentence a ring entry keeps (sent): the marks
// read absentAround bytes of the text above a literal.
const sentenceKeep = absentAround

// nextSentence sets e's sent and sentMark, e being the window just read (of a line
// that starts there where lineStart) and p the entry of the line above it (nil for none):
// e's comment's or docstring's text (sourceLine), after p's sent where p is a line of
// the same kind whose sentence goes on into e's (no full stop at its end), its last
// sentenceKeep bytes; joined says p's text was put before e's.
func nextSentence(e, p *ringLine, lineStart bool) {
	e.sent, e.sentMark, e.sentJoined = e.sent[:0], 0, false
	if !lineStart {
		return
	}
	text, mark := sourceLine(e)
	if mark == 0 {
		return
	}
	e.sentMark = mark
	if p != nil && p.sentMark == mark && len(p.sent) > 0 && !endsSentence(p.sent) {
		e.sent = append(append(e.sent, p.sent[max(0, len(p.sent)-sentenceKeep):]...), ' ')
		e.sentJoined = true
	}
	e.sent = append(e.sent, bytes.TrimSpace(text)...)
}

// sentenceAbove returns the text above ring entry e that the marks read before its words:
// the line above (above); where e is a comment's or a docstring's line (sourceLine) whose
// sentence began on the lines of the same kind above it, those lines' texts joined by
// spaces without their marks (sent, nextSentence): "// … which would / // otherwise issue
// … inside a captured / // MUSA stream and abort with / //   \"operation not permitted
// when stream is capturing\"." reads its counterfactual three lines up (validation v32b's
// 16, holdoutFB).
func (s *scanner) sentenceAbove(e *ringLine) []byte {
	p := s.lineAbove(e)
	if p == nil {
		return nil
	}
	if e.sentMark != 0 && p.sentMark == e.sentMark && p.sentJoined && !endsSentence(p.sent) {
		return p.sent
	}
	return p.clean
}

// lineHash is the pair of hashes of b that absentKey holds.
func (s *scanner) lineHash(b []byte) [2]uint64 {
	return [2]uint64{maphash.Bytes(s.seeds[0], b), maphash.Bytes(s.seeds[1], b)}
}

// absentKey is an absenceAt question: the literal (a row's, by its first byte and
// length), the line's length and hashes, the line above's and the line below's (nprev,
// nnext -1 for none).
type absentKey struct {
	lit             *byte
	nlit, n         int
	nprev, nnext    int
	h, hprev, hnext [2]uint64
}

// pytestFailed reports whether ring entry e is a source line that pytest's report of a
// failed test shows above the failure's "E" lines: "> assert not any(\"…\" in l for l
// in lines)" over "E assert not True" is an assertion of absence that failed, the
// message there. pytest's FormattedExcinfo prints the failing line after its
// flow_marker ">" and three spaces (after four spaces with --tb=short), and the
// exception's lines right below it after its fail_marker "E" and the source's indent
// less one (at least three spaces).
func (s *scanner) pytestFailed(e *ringLine) bool {
	b := s.lineBelow(e)
	return b != nil && pytestFail.Match(b.raw)
}

// pytestFail is the start of a line of pytest's report of a failure.
var pytestFail = &lazyregexp.Regexp{Expr: `^[ \t]{0,8}E[ \t]{3}`}

// above returns the clean text of the line above ring entry e, nil where the ring
// no longer holds it or e starts no line (a window of a long line).
func (s *scanner) above(e *ringLine) []byte {
	if p := s.lineAbove(e); p != nil {
		return p.clean
	}
	return nil
}

// below returns the clean text of the line below ring entry e, nil where the ring does
// not hold it yet or e ends no line.
func (s *scanner) below(e *ringLine) []byte {
	if b := s.lineBelow(e); b != nil {
		return b.clean
	}
	return nil
}

// lineBelow returns the ring entry of the line below ring entry e, nil where the ring
// does not hold it yet or e's line goes on in the next window.
func (s *scanner) lineBelow(e *ringLine) *ringLine {
	if e.goesOn {
		return nil
	}
	for j := range s.ring {
		if &s.ring[j] != e || s.n <= j {
			continue
		}
		k := j + ringSize*((s.n-1-j)/ringSize)
		if b := s.entry(k + 1); b != nil && b.lineStart && b.vline == e.vline+1 {
			return b
		}
		return nil
	}
	return nil
}

// lineAbove returns the ring entry of the line above ring entry e, nil where the ring
// no longer holds it or e starts no line.
func (s *scanner) lineAbove(e *ringLine) *ringLine {
	if !e.lineStart {
		return nil
	}
	for j := range s.ring {
		if &s.ring[j] != e || s.n <= j {
			continue
		}
		k := j + ringSize*((s.n-1-j)/ringSize)
		if p := s.entry(k - 1); p != nil && p.vline == e.vline-1 {
			return p
		}
		return nil
	}
	return nil
}

// placeKind is a kind of place a code's text is found at: PyTorch's message (exact,
// quoted, wrapped or cut), a trailer row's line (Trailer), or the message retold in
// other words (Paraphrase). A retelling is prose about the message, no place it
// occurs, and counts only where the message itself is nowhere (sweep7 finding 5: a
// report's title and sentences retelling a message printed once said "3 times").
type placeKind int

const (
	placeMessage placeKind = iota
	placeTrailer
	placeRetold
	placeKinds
)

// tally counts a code's distinct places of one kind: the spans of vlines its hits
// cover, merged where they overlap, so that a wrapped message's halves found apart and
// then whole are one place (sweep7 finding 5: "2 times" for one wrapped message), and
// merged where they touch when either is a message wrapped over lines and they are
// hits of different rows: the report a wrapped text holds goes on from one line to the
// next, so the error's name on the line above its wrapped message
// ("`cudaErrorStreamCaptureUnjoined` (i.e." / "\"`torch.AcceleratorError: CUDA error:
// capturing stream has" / "unjoined work`\")") is one place, as it is on one line
// unwrapped (newuser28 #15: "2 times"); two lines that each hold the message, wrapped
// or whole, are two (one row's two hits). It keeps the last line of the log it was found
// on. Hits arrive at most a ring of lines out of order (a wrapped hit is found lines
// after its first), so the last few spans tell a new place from one already counted.
type tally struct {
	spans []place
	count int
	last  int
}

// place is a span of a tally: its vlines, the log's lines they are on, and the row
// whose hit it is (-1: hits of several rows, merged).
type place struct {
	from, to         int // vlines
	fromLine, toLine int
	row              int
}

// touches reports whether p and q are one place: they overlap, or they are next to
// each other, either spans more than one vline (a wrapped message), and they are hits
// of different rows (parts of one report, not the message twice).
func (p place) touches(q place) bool {
	if p.from <= q.to && q.from <= p.to {
		return true
	}
	wrapped := p.from < p.to || q.from < q.to
	return wrapped && (p.row != q.row || p.row < 0) && (p.to+1 == q.from || q.to+1 == p.from)
}

// spansKept is how many spans a tally keeps: more than the ring's lines.
const spansKept = 16

// add counts row's hit over vlines from..to, on the log's lines line..toLine.
func (t *tally) add(row, from, to, line, toLine int) {
	t.last = max(t.last, line)
	p := place{from: from, to: to, fromLine: line, toLine: max(toLine, line), row: row}
	kept := t.spans[:0]
	joined := 0
	for _, x := range t.spans {
		if p.touches(x) {
			if x.row != p.row {
				p.row = -1
			}
			p.from, p.to = min(p.from, x.from), max(p.to, x.to)
			p.fromLine, p.toLine = min(p.fromLine, x.fromLine), max(p.toLine, x.toLine)
			joined++
			continue
		}
		kept = append(kept, x)
	}
	if len(kept) == spansKept {
		kept = kept[1:]
	}
	t.spans, t.count = append(kept, p), t.count+1-joined
}

// onePlace reports whether the log's lines a and b are in one kept place.
func (t *tally) onePlace(a, b int) bool {
	for _, x := range t.spans {
		if x.fromLine <= min(a, b) && max(a, b) <= x.toLine {
			return true
		}
	}
	return false
}

// unquote appends b to dst without markdown and quoting marks around a message:
// backticks, "**" bold marks and table cells' "|" become nothing or a space, and runs of
// spaces one space.
func unquote(dst, b []byte) []byte {
	space := false
	for _, c := range b {
		switch c {
		case '`', '*':
			continue
		case '|', ' ', '\t':
			if !space && len(dst) > 0 {
				dst = append(dst, ' ')
			}
			space = true
			continue
		}
		space = false
		dst = append(dst, c)
	}
	return bytes.TrimRight(dst, " ")
}

// squeeze appends b to dst without white space and quote marks (' " `), the form in
// which wrapped and quoted text is compared with a row's literal.
func squeeze(dst, b []byte) []byte {
	for _, c := range b {
		switch c {
		case ' ', '\t', '\r', '\n', '\'', '"', '`':
			continue
		}
		dst = append(dst, c)
	}
	return dst
}

// lookalikes are what a page, an editor or a mail client puts in place of the ASCII
// characters PyTorch prints: no-break and other Unicode spaces, curly quotes, and
// HTML's character references; and the invisible characters a page puts inside words
// (soft hyphens, zero-width spaces and joiners, word joiners, a byte order mark
// mid-text), which it drops. normalize replaces them before the prefilter looks at
// a line, so "module ‘torch._inductor’ has no attribute ‘config’" or a message with
// &#39;, U+00A0 or a soft hyphen in it is found as PyTorch printed it.
var lookalikes = strings.NewReplacer(slices.Concat(lookalikePairs(), []string{
	// box drawing's vertical bars, which rich's panels and tables put around each line
	"\u2502", "|", "\u2503", "|", "\u2551", "|",
}, fullWidthASCII(), controlLookalikes())...)

// controlLookalikes are the pairs that drop, for matching only, the characters a
// terminal or a page shows nothing for inside a line: the C1 controls in UTF-8
// (U+0080–U+009F; NEL, U+0085, a line break, read as a space), but CSI, ST and OSC,
// which stripEscapes reads with what they introduce; and Unicode's bidirectional
// marks, embeddings, overrides and isolates (U+200E, U+200F, U+061C, U+202A–U+202E,
// U+2066–U+2069; UAX #9 §2), which reorder what is shown but are no characters of
// the text (issue 21 item 6: "due\u202e to cpu device"). A quote shows them escaped
// (shownLookalikes keeps them; termtext.Escape).
func controlLookalikes() []string {
	out := []string{"\u0085", " ", "\u200e", "", "\u200f", "", "\u061c", ""}
	for r := rune(0x80); r <= 0x9f; r++ {
		if r != 0x85 && r != 0x9b && r != 0x9c && r != 0x9d {
			out = append(out, string(r), "")
		}
	}
	for _, span := range [][2]rune{{0x202a, 0x202e}, {0x2066, 0x2069}} {
		for r := span[0]; r <= span[1]; r++ {
			out = append(out, string(r), "")
		}
	}
	return out
}

// lookalikeLead reports whether b may hold one of lookalikes' keys: every key starts with
// '&', a backslash, 0xc2 or a pair of bytes leadPair takes
// (TestLookalikeLeads). The blocks and shades of a tqdm bar or a sparkline (U+2580–U+259F,
// 0xe2 0x96) start none: a training log's bars had run the replacer, a quarter of its
// time.
func lookalikeLead(b []byte) bool {
	if bytes.IndexByte(b, 0xc2) >= 0 || bytes.IndexByte(b, '&') >= 0 || bytes.IndexByte(b, '\\') >= 0 {
		return true
	}
	for i := 0; i+1 < len(b); i++ {
		if c := b[i]; c >= 0xd8 && leadPair(c, b[i+1]) {
			return true
		}
	}
	return false
}

// leadPair reports whether c, d are the first two bytes of one of lookalikes' keys
// that is not ASCII and does not start with 0xc2: U+2000–U+207F, U+2500–U+257F,
// U+3000–U+303F, U+FEC0–U+FF7F or U+061C.
func leadPair(c, d byte) bool {
	switch c {
	case 0xe2:
		return d == 0x80 || d == 0x81 || d == 0x94 || d == 0x95
	case 0xe3:
		return d == 0x80
	case 0xef:
		return d == 0xbb || d == 0xbc || d == 0xbd
	}
	return c == 0xd8 && d == 0x9c
}

// shownLookalikes are the lookalikes a finding's quote shows replaced (lookalikePairs,
// as quotes have shown them since they were first read): the full-width forms and the
// box bars are read as ASCII for matching only, and a quote shows them as written.
var shownLookalikes = strings.NewReplacer(lookalikePairs()...)

// lookalikePairs are the pairs of lookalikes and ASCII both replacers hold.
func lookalikePairs() []string { return lookalikePairsList }

// lookalikePairsList is a package-level slice, not built on each call: a literal built in a
// function allocates its array, whose type the web page then carries (examples/web's
// Transfer size).
var lookalikePairsList = []string{
	// HTML escaped twice (a scraped page, a feed: "can&amp;#39;t"), before "&amp;"
	"&amp;#39;", "'", "&amp;#x27;", "'", "&amp;quot;", "\"", "&amp;lt;", "<", "&amp;gt;", ">",
	// references to the curly quotes, which a page's typography puts for ASCII's
	// (WordPress, Discourse: "can&#8217;t"; sweep4 finding 10)
	"&rsquo;", "'", "&lsquo;", "'", "&#8217;", "'", "&#8216;", "'", "&#x2019;", "'", "&#x2018;", "'",
	"&rdquo;", "\"", "&ldquo;", "\"", "&#8221;", "\"", "&#8220;", "\"", "&#x201d;", "\"", "&#x201c;", "\"",
	"&#x201D;", "\"", "&#x201C;", "\"",
	// a JavaScript or HTML-safe JSON encoder's escapes of ASCII marks on a line that is
	// not JSON (Gson's "can\u0027t")
	"\\u0027", "'", "\\u0022", "\"", "\\u003c", "<", "\\u003e", ">", "\\u003C", "<", "\\u003E", ">", "\\u0026", "&",
	"\u00a0", " ", "\u2002", " ", "\u2003", " ", "\u2007", " ", "\u2009", " ", "\u200a", " ",
	"\u202f", " ", "\u3000", " ", "\u2018", "'", "\u2019", "'", "\u201c", "\"", "\u201d", "\"",
	"&#39;", "'", "&#x27;", "'", "&apos;", "'", "&quot;", "\"", "&#34;", "\"", "&lt;", "<", "&gt;", ">",
	"&amp;", "&", "&nbsp;", " ",
	"\u00ad", "", "\u200b", "", "\u200c", "", "\u200d", "", "\u2060", "", "\ufeff", "", "&shy;", "",
}

// fullWidthASCII are the pairs of the full-width forms of ASCII's printable characters
// (U+FF01–U+FF5E) and those characters, as a Chinese, Japanese or Korean input method
// types a message's punctuation ("RuntimeError：…", "（2 instances）"): NFKC's mapping of
// them.
func fullWidthASCII() []string {
	// an input method types "，" where PyTorch prints ", ": the mark and a space, one
	// space where one follows it already, and C++'s "::" as it is (comparisons are in
	// argument order)
	out := []string{"\uff1a\uff1a", "::", "\uff0c ", ", ", "\uff1a ", ": ", "\uff1b ", "; ", "\uff0c", ", ", "\uff1a", ": ", "\uff1b", "; "}
	for r := rune(0xff01); r <= 0xff5e; r++ {
		out = append(out, string(r), string(r-0xff01+'!'))
	}
	return out
}

// normalize returns b with its lookalikes replaced, in place when it has any (the
// replacements are never longer); a line without the bytes that start one is returned
// as it is, after a few byte scans.
func normalize(b []byte) []byte {
	if bytes.IndexByte(b, 0xc2) < 0 && bytes.IndexByte(b, 0xe2) < 0 && bytes.IndexByte(b, 0xe3) < 0 &&
		bytes.IndexByte(b, 0xef) < 0 && bytes.IndexByte(b, '&') < 0 && !bytes.Contains(b, []byte(`\u00`)) ||
		!lookalikeLead(b) {
		return b
	}
	s := lookalikes.Replace(string(b))
	if len(s) == len(b) && s == string(b) {
		return b
	}
	return append(b[:0], s...)
}
