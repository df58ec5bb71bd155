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

// TestRowPatternsCompile checks that every row's Pattern compiles (lazyPattern compiles
// it on the row's first use, where a pattern that does not compile would match
// nothing) and that its forms do.
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
	if err := scannerOn(tbl).scan(f); err != nil {
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
