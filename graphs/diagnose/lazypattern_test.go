package diagnose

import (
	"bytes"
	"os"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
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
			for _, a := range factoredAlternatives(alt) {
				prefix, _ := regexp.MustCompile(a.String()).LiteralPrefix()
				want = append(want, prefix)
			}
		}
		if got := alternativePrefixes(sig.Requires); !slices.Equal(got, want) {
			t.Errorf("%s: Requires %q: prefixes %q, want %q", sig.Code, sig.Requires, got, want)
		}
		for _, p := range alternativePrefixes(sig.Requires) {
			if p == "torch." || p == "torch/" {
				t.Errorf("%s: Requires %q: anchor %q is on nearly every line of a log", sig.Code, sig.Requires, p)
			}
		}
	}
	if len(seen) < 10 {
		t.Errorf("only %d Requires read", len(seen))
	}
}

// TestFactoredAlternatives checks that the prefixes of a context's alternatives are
// each branch's own where the parser factored their common prefix out (hostile21's D1:
// "torch\\.compile|torch\\._inductor" had one anchor, "torch.").
func TestFactoredAlternatives(t *testing.T) {
	tests := []struct {
		expr string
		want []string
	}{
		{`torch\.compile|torch\._inductor`, []string{"torch.compile", "torch._inductor"}},
		{`torch\.compile|torch\._dynamo|codecache`, []string{"torch.compile", "torch._dynamo", "codecache"}},
		{`abcde(?:fgh|ijk)x|abcdq`, []string{"abcdefghx", "abcdeijkx", "abcdq"}},
		{`_compile(?: is enabled|=True|=1\b)`, []string{"_compile is enabled", "_compile=True", "_compile=1"}},
		{`torch\.(?:compile|_inductor\.(?:config|utils))`, []string{"torch.compile", "torch._inductor.config", "torch._inductor.utils"}},
		{`(?i)torch\.compile|torch\._inductor`, nil}, // case folded: no literal prefix of minAnchor bytes
		{`cudagraph_trees`, []string{"cudagraph_trees"}},
	}
	for _, tc := range tests {
		if got := alternativePrefixes(tc.expr); !slices.Equal(got, tc.want) {
			t.Errorf("alternativePrefixes(%q) = %q, want %q", tc.expr, got, tc.want)
		}
	}
}

// TestStockWarningsCheap checks that a log of stock warnings that hold a context's
// anchors but no finding runs the contexts' expressions once, not on every line
// (hostile21's D1: torch._dynamo's recompile-limit warning and Inductor's TF32 warning
// repeated, 171 s for 116 MB).
func TestStockWarningsCheap(t *testing.T) {
	block := "W1205 21:22:33.123000 4242 torch/_dynamo/convert_frame.py:906] [0/8] torch._dynamo hit config.recompile_limit (8)\n" +
		"/opt/conda/lib/python3.11/site-packages/torch/_inductor/compile_fx.py:236: UserWarning: TensorFloat32 tensor cores for " +
		"float32 matrix multiplication available but not enabled. Consider setting `torch.set_float32_matmul_precision('high')` " +
		"for better performance.\n  warnings.warn(\n"
	in := []byte(strings.Repeat(block, 2000))
	s, err := newScanner()
	require.NoError(t, err)
	require.NoError(t, s.scan(bytes.NewReader(in)))
	t.Logf("%d bytes: contexts tried on %d, row patterns on %d", len(in), s.contextBytes, s.patternBytes)
	require.Less(t, s.contextBytes, len(in)/100, "a context is tried again on every line")
}
