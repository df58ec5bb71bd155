package diagnose

import (
	"os"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
)

// newScanner returns a scanner on the process's table, as Read makes one.
func newScanner() (*scanner, error) {
	t, err := compiledTable()
	if err != nil {
		return nil, err
	}
	return scannerOn(t), nil
}

// TestRowPatternsCompile checks that every row's Pattern and Requires compiles
// (lazyPattern compiles it on the row's first use, where one that does not compile
// would match nothing) and that a Pattern's forms do.
func TestRowPatternsCompile(t *testing.T) {
	tbl, err := compileTable()
	if err != nil {
		t.Fatal(err)
	}
	for i := range tbl.rows {
		r := &tbl.rows[i]
		if r.Pattern == "" {
			if r.pat != nil || r.re() != nil {
				t.Errorf("row %d (%s): no Pattern, but a compiled one", i, r.Code)
			}
			continue
		}
		if p := r.pat.get(); p.err != nil || p.parsed == nil {
			t.Errorf("row %d (%s): Pattern %q: %v (parsed: %t)", i, r.Code, r.Pattern, p.err, p.parsed != nil)
			continue
		}
		if f := r.lazy(); f.fold == nil {
			t.Errorf("row %d (%s): Pattern %q has no form without regard to case", i, r.Code, r.Pattern)
		}
		if tbl.gateOf(r.re()) == nil {
			t.Errorf("row %d (%s): Pattern %q has no gate", i, r.Code, r.Pattern)
		}
	}
	for _, c := range tbl.contexts {
		if p := c.pat.get(); p.err != nil || p.src != p.pattern || tbl.gateOf(p.re) == nil {
			t.Errorf("Requires %q: %v (compiled as %q; gate %v)", p.pattern, p.err, p.src, tbl.gateOf(p.re))
		}
	}
	if len(tbl.contexts) < 10 {
		t.Errorf("only %d contexts", len(tbl.contexts))
	}
}

// TestReleaseShapesCompile checks that every release row's shape compiles (lazyShape
// compiles it on its first use, with regexp.MustCompile) and has a width.
func TestReleaseShapesCompile(t *testing.T) {
	rows := newCompiledReleaseRows()
	n := 0
	for _, ps := range [][]versionPattern{rows.patterns, rows.keys, rows.tags} {
		for _, p := range ps {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("release row %d: shape %q: %v", p.row, p.shape, r)
					}
				}()
				if l := p.compiled.get(); l.re == nil || l.width <= 0 {
					t.Errorf("release row %d: shape %q: not compiled (width %d)", p.row, p.shape, l.width)
				}
				n++
			}()
		}
	}
	if n < 50 {
		t.Errorf("only %d release rows", n)
	}
}

// TestRowLeadUncounted checks that a row's lead (the pattern starts before its literal),
// read from the Pattern as written, is the one the pattern as compiled
// (countPlaceholders) gives: the table reads it without rewriting the pattern.
func TestRowLeadUncounted(t *testing.T) {
	tbl, err := compileTable()
	if err != nil {
		t.Fatal(err)
	}
	for i := range tbl.rows {
		r := &tbl.rows[i]
		if r.Pattern == "" {
			continue
		}
		want := !strings.HasPrefix(countPlaceholders(r.Pattern), regexp.QuoteMeta(strings.TrimSpace(r.Literal)))
		if r.lead != want {
			t.Errorf("row %d (%s): lead %t, the compiled pattern's %t (Pattern %q, Literal %q)", i, r.Code, r.lead, want, r.Pattern, r.Literal)
		}
	}
}

// TestFirstReadCompilesFewPatterns checks that reading a log compiles the patterns of
// the rows whose literal (some form of it) its lines hold, not the table's: the web
// page's sample log, read with a table of its own.
func TestFirstReadCompilesFewPatterns(t *testing.T) {
	tbl, err := compileTable()
	if err != nil {
		t.Fatal(err)
	}
	distinct := map[*lazyPattern]bool{}
	for i := range tbl.rows {
		if p := tbl.rows[i].pat; p != nil {
			distinct[p] = false
		}
	}
	f, err := os.Open("testdata/logs/trees_tls_two_gpus.log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := scannerOn(tbl)
	s.torch.rows = newCompiledReleaseRows()
	if err := s.scan(f); err != nil {
		t.Fatal(err)
	}
	compiled := 0
	for p := range distinct {
		if p.src != "" {
			compiled++
		}
	}
	t.Logf("%d of %d patterns compiled", compiled, len(distinct))
	if len(distinct) < 100 || compiled > len(distinct)/10 {
		t.Errorf("reading the sample log compiled %d of the table's %d patterns, want at most a tenth", compiled, len(distinct))
	}
	shapes := map[*lazyShape]bool{}
	for _, p := range s.torch.rows.patterns {
		shapes[p.compiled] = shapes[p.compiled] || p.compiled.re != nil
	}
	compiled = 0
	for _, done := range shapes {
		if done {
			compiled++
		}
	}
	t.Logf("%d of %d release shapes read on the line compiled", compiled, len(shapes))
	if len(shapes) < 20 || compiled > len(shapes)/4 {
		t.Errorf("reading the sample log compiled %d of the %d release shapes read on the line, want at most a quarter", compiled, len(shapes))
	}
}

// TestAlternativePrefixes checks alternativePrefixes against regexp's LiteralPrefix of
// each alternative compiled on its own, for every row's Requires.
func TestAlternativePrefixes(t *testing.T) {
	seen := map[string]bool{}
	for _, sig := range append(Signatures(), Signature{Requires: captureEvidence}) {
		if sig.Requires == "" || seen[sig.Requires] {
			continue
		}
		seen[sig.Requires] = true
		re, err := syntax.Parse(sig.Requires, syntax.Perl)
		if err != nil {
			t.Fatalf("%s: Requires %q: %v", sig.Code, sig.Requires, err)
		}
		alts := []*syntax.Regexp{re}
		if re.Op == syntax.OpAlternate {
			alts = re.Sub
		}
		var want []string
		for _, alt := range alts {
			prefix, _ := regexp.MustCompile(alt.String()).LiteralPrefix()
			want = append(want, prefix)
		}
		if got := alternativePrefixes(sig.Requires); !slices.Equal(got, want) {
			t.Errorf("%s: Requires %q: prefixes %q, want %q", sig.Code, sig.Requires, got, want)
		}
	}
	if len(seen) < 10 {
		t.Errorf("only %d Requires read", len(seen))
	}
}
