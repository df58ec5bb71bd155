package diagnose

import (
	"bufio"
	"bytes"
	"regexp"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestGate checks the literals a gate asks of a text, expression by expression.
func TestGate(t *testing.T) {
	tests := []struct {
		expr string
		want [][]string // clauses; a "~" prefix marks a literal without regard to case
	}{
		{`skipping cudagraphs due to mutated inputs \((\d+) instances\)`, [][]string{{"skipping cudagraphs due to mutated inputs ("}, {" instances)"}}},
		{`(?i)Tried to instantiate \S+ class`, [][]string{{"~tried to instantiate "}, {"~ class"}}},
		{`(?:eager|aot_eager) backend ignoring`, [][]string{{"eager"}, {" backend ignoring"}}}, // aot_eager holds eager (pruneClause)
		{`(?:foo \d+|bar)x`, [][]string{{"foo ", "bar"}, {"x"}}},
		{`(?:foo|\d+)x`, [][]string{{"x"}}},
		{`a(?:bc)?d*(?:ef){2,3}`, [][]string{{"a"}, {"ef"}}},
		{`(?i)straße`, nil},
		{`x\x{FFFD}y`, nil},
		{`\bfoo\b`, [][]string{{"foo"}}},
	}
	for _, tc := range tests {
		var got [][]string
		if g := newGate(tc.expr); g != nil {
			for _, c := range g.clauses {
				var lits []string
				for _, l := range c {
					s := string(l.lit)
					if l.fold {
						s = "~" + s
					}
					lits = append(lits, s)
				}
				got = append(got, lits)
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("newGate(%q) (-want +got):\n%s", tc.expr, diff)
		}
	}
}

// TestGateAlternatives checks the gates of an alternation's branches (gate.alts): a text
// that holds what mustHold's clauses ask but not all that one branch asks is turned away;
// one that holds a whole branch's literals is admitted.
func TestGateAlternatives(t *testing.T) {
	tests := []struct {
		expr, text string
		want       bool
		why        string
	}{
		{`\b_is_key_in_tls\b\s+assertion|\bthreads?\b.{0,80}?\btls\s+assertion`, "_is_key_in_tls(3 skipping cudagraphs due to 4", false,
			"each branch asks two literals, the line holds one of each branch (mustHold asked one of either)"},
		{`\b_is_key_in_tls\b\s+assertion|\bthreads?\b.{0,80}?\btls\s+assertion`, "the _is_key_in_tls assertion", true,
			"the first branch's literals, both"},
		{`(?i)(?:hit|got|raised)\s+(?:the\s+)?tls\s+assert|\btls\s+(?:is\s+)?uninitiali[sz]ed\b.{0,60}?\bassert`, "got the TLS assert", true,
			"the first branch, without regard to case"},
		{`(?i)(?:hit|got|raised)\s+(?:the\s+)?tls\s+assert|\btls\s+(?:is\s+)?uninitiali[sz]ed\b.{0,60}?\bassert`, "the assert about tls 1", false,
			"tls and assert, which mustHold's clauses ask, but neither branch's verb nor uninitialized"},
		{`x(?:ab|cd)y|z`, "xaby", true, "an alternation inside a branch: one of its branches"},
		{`(?i)(?:找不到|缺少)\s*triton|triton\s*(?:未安装|找不到)`, "triton 1 skipping cudagraphs", false,
			"a Chinese literal under (?i) has no case: an ASCII text cannot hold it"},
		{`(?i)(?:找不到|缺少)\s*triton|triton\s*(?:未安装|找不到)`, "找不到 Triton", true, "the Chinese literal as written"},
	}
	var scratch []byte
	for _, tc := range tests {
		re := regexp.MustCompile(tc.expr)
		g := newGate(tc.expr)
		if g == nil {
			t.Fatalf("newGate(%q) = nil", tc.expr)
		}
		if got := g.admits([]byte(tc.text), &scratch); got != tc.want {
			t.Errorf("gate of %q admits %q = %v, want %v (%s)", tc.expr, tc.text, got, tc.want, tc.why)
		}
		if re.MatchString(tc.text) && !g.admits([]byte(tc.text), &scratch) {
			t.Errorf("gate of %q turns away %q, which it matches", tc.expr, tc.text)
		}
	}
}

// TestGateOrder checks that a gate's clauses are met in the order a match holds them,
// each after the one before it ends.
func TestGateOrder(t *testing.T) {
	tests := []struct {
		expr, text string
		want       bool
		why        string
	}{
		{`(?i)\b_is_key_in_tls\b(?:\([^)]{0,20}\))?\s+assert`, "assert torch._C._is_key_in_tls(3 skipping cudagraphs due to 4", false,
			"assert before the literal only (the user's nearmiss_lines.txt: every such line ran the branch joined with its neighbours)"},
		{`(?i)\b_is_key_in_tls\b(?:\([^)]{0,20}\))?\s+assert`, "torch._C._is_key_in_tls(attr_name) assertion", true, "assert after it"},
		{`abc.*bcd`, "abcd", false, "the two literals overlap: a match holds them one after the other"},
		{`abc.*bcd`, "abc bcd", true, "one after the other"},
		{`(?:x|yy)z.*w`, "yy w z x z w", true, "the earliest end of the first clause's literals is where the next is looked for"},
		{`(?i)tls.*assert`, "Ｔ tls assert", true, "a text that is not ASCII meets a clause without case at once"},
	}
	var scratch []byte
	for _, tc := range tests {
		re := regexp.MustCompile(tc.expr)
		g := newGate(tc.expr)
		if g == nil {
			t.Fatalf("newGate(%q) = nil", tc.expr)
		}
		if got := g.admits([]byte(tc.text), &scratch); got != tc.want {
			t.Errorf("gate of %q admits %q = %v, want %v (%s)", tc.expr, tc.text, got, tc.want, tc.why)
		}
		if re.MatchString(tc.text) && !g.admits([]byte(tc.text), &scratch) {
			t.Errorf("gate of %q turns away %q, which it matches", tc.expr, tc.text)
		}
	}
}

// TestGateAdmits checks that a gate never turns away a text its expression matches:
// every row expression on every line of the corpus and the test logs, and texts made
// to be near it (case, the Kelvin sign).
func TestGateAdmits(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every expression on thousands of lines")
	}
	t.Parallel() // beside the other sweeps: one core each on a 2-core machine
	tbl, err := compiledTable()
	if err != nil {
		t.Fatal(err)
	}
	var lines [][]byte
	seen := map[string]bool{}
	for _, f := range corpusAndLogFiles(t) { // read once (corpus_shared_test.go)
		sc := bufio.NewScanner(bytes.NewReader(f.data))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			// lines of up to 400 bytes with an anchor, each once (every line costs
			// every expression)
			if l := sc.Bytes(); len(l) <= 400 && !seen[string(l)] && tbl.anchors.has(l) {
				seen[string(l)] = true
				lines = append(lines, append([]byte(nil), l...))
			}
		}
	}
	if len(lines) < 1000 {
		t.Fatalf("only %d lines read", len(lines))
	}
	type gated struct {
		re    *regexp.Regexp
		g     *gate
		shift int
	}
	var gates []gated
	for re, g := range tableGates(&tbl) {
		if g != nil {
			// under the race detector one line in 4*raceStride (the package's costliest
			// sweep under it: 293 of some 960 s at one in raceStride), another one for
			// each expression (by its length: the map's order is random)
			gates = append(gates, gated{re, g, len(re.String())})
		}
	}
	var scratch []byte
	turned := 0
	for i, l := range lines {
		// one gateText a line for every gate (admits makes one a call): the line is
		// lowered once, not once for each of the table's gates
		in := gateText{text: l, scratch: &scratch}
		for _, e := range gates {
			if raceEnabled && (i+e.shift)%(4*raceStride) != 0 {
				continue
			}
			if !e.g.admitsText(&in) {
				turned++
				if e.re.Match(l) {
					t.Errorf("gate of %q turns away %q, which it matches", e.re, l)
				}
			}
		}
	}
	if turned < 1000 {
		t.Errorf("only %d lines turned away: the check checks little", turned)
	}
	for _, tc := range []struct {
		expr, text string
	}{
		{`(?i)tried to instantiate \S+ class`, "TRIED TO INSTANTIATE X CLASS"},
		{`(?i)key error`, "\u212Aey error"}, // the Kelvin sign folds to k
		{`(?i)key error`, "线程 \u212Aey error"},
		{`(?i)mismatch`, "线程 mi\u017Fmatch"}, // the long s folds to s
		{`(?i)skipping cudagraphs`, "跳过 SKIPPING CudaGraphs"},
		{`(?:foo \d+|bar)x`, "bar x foo 1x"},
	} {
		re := regexp.MustCompile(tc.expr)
		if g := newGate(tc.expr); re.MatchString(tc.text) && g != nil && !g.admits([]byte(tc.text), &scratch) {
			t.Errorf("gate of %q turns away %q, which it matches", tc.expr, tc.text)
		}
	}
}

// TestGateOutsideASCII checks that a gate reads a text that holds runes outside ASCII
// for its literals without regard to case (lowerASCII): such a text had met every such
// literal's clause, so that a long line with one Chinese word ran every retold row's
// large case-insensitive pattern (hostile28's P1). Only the two runes that fold to an
// ASCII letter, the Kelvin sign and the long s, still meet them.
func TestGateOutsideASCII(t *testing.T) {
	tests := []struct {
		name, expr, text string
		want             bool
	}{
		{"Chinese beside the words", `(?i)skipping cudagraphs due to`, "跳过 Skipping CUDAGraphs due to x", true},
		{"Chinese without the words: turned away", `(?i)skipping cudagraphs due to`, "跳过 cudagraphs 线程 x", false},
		{"Japanese without the words: turned away", `(?i)thread[- ]local`, "スレッドローカル cudagraph", false},
		{"the Kelvin sign stands for k", `(?i)key error`, "线程 \u212Aey error", true},
		{"the long s stands for s", `(?i)mismatch`, "线程 mi\u017Fmatch", true},
		{"a word outside ASCII with no other case, byte for byte", `(?i)线程\s*local`, "线程 LOCAL", true},
		{"that word missing", `(?i)线程\s*local`, "跳过 LOCAL", false},
		// A rune outside ASCII with another case is looked for by the bytes its cases
		// start with (foldedPrefix): Cyrillic's D0 of "м" and "М".
		{"Cyrillic under (?i), upper case", `(?i)у\s+меня`, "torch 2.5 У МЕНЯ", true},
		{"Cyrillic under (?i), lower case", `(?i)у\s+меня`, "у меня torch 2.5", true},
		{"Cyrillic under (?i), none: turned away", `(?i)у\s+меня`, "tests/test_x.py::test_a1 PASSED [torch 2.14.0+cu130]", false},
		{"Greek under (?i), final sigma", `(?i)σφάλμα`, "ΣΦΆΛΜΑ", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var scratch []byte
			g := newGate(tc.expr)
			require.NotNil(t, g)
			require.Equal(t, tc.want, g.admits([]byte(tc.text), &scratch))
			if regexp.MustCompile(tc.expr).MatchString(tc.text) {
				require.True(t, tc.want, "the expression matches: the gate must admit")
			}
		})
	}
}

// TestFoldsToASCII checks foldsToASCII against Go's case folding over every rune: it
// holds exactly the runes outside ASCII whose fold orbit holds an ASCII letter.
func TestFoldsToASCII(t *testing.T) {
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		toASCII := false
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			toASCII = toASCII || f < utf8.RuneSelf
		}
		if got := foldsToASCII(utf8.AppendRune(nil, r)); got != toASCII {
			t.Errorf("foldsToASCII(%U) = %v, want %v", r, got, toASCII)
		}
	}
}

// TestMayBeVersionKey checks that mayBeVersionKey never turns away a line versionKey
// matches (every corpus and test log line, and keys made to be near the edge), and that
// it turns away prose that names the key inside.
func TestMayBeVersionKey(t *testing.T) {
	t.Parallel() // beside the other sweeps: one core each on a 2-core machine
	lines := []string{
		"Pytorch Version", "**Torch version:**", "<tr><td>PyTorch version</td>", "PyTorch:",
		"[default0]: torch_version:", "2024-05-01T12:00:00.1234567Z PyTorch version",
		"2024-05-01 12:00:00 ERROR\tTorch version", "| 1 | pytorch version |", "  12: torch :",
		"+PyTorch version", "foo | PyTorch version", "info: PyTorch Version: ", "x1 torch version",
		"WARNING torch version", "a-PyTorch version", "PyTorch version\u00a0",
	}
	for _, f := range corpusAndLogFiles(t) { // read once (corpus_shared_test.go)
		for _, l := range bytes.Split(f.data, []byte("\n")) {
			if len(l) <= maxKeyLine && bytes.Contains(bytes.ToLower(l), []byte("torch")) {
				lines = append(lines, string(l))
			}
		}
	}
	versionKey := regexp.MustCompile(versionKeyShape)
	keys := 0
	for _, l := range lines {
		if versionKey.MatchString(l) {
			keys++
			if !mayBeVersionKey([]byte(l)) {
				t.Errorf("mayBeVersionKey(%q) = false, but versionKey matches it", l)
			}
		}
	}
	if keys < 15 {
		t.Errorf("only %d lines match versionKey: the check checks little", keys)
	}
	for _, l := range []string{
		"step 0 torch.compile( options torch._inductor PyTorch version",
		"we tested with PyTorch version",
		"PyTorch version 2.5.1",
	} {
		if mayBeVersionKey([]byte(l)) {
			t.Errorf("mayBeVersionKey(%q) = true, want false", l)
		}
	}
}

// tableGates returns the gates of the table's contexts and rows' patterns (each
// compiled: lazyPattern).
func tableGates(tbl *table) map[*regexp.Regexp]*gate {
	out := map[*regexp.Regexp]*gate{}
	for _, c := range tbl.contexts {
		re := c.pat.get().re
		out[re] = tbl.gateOf(re)
	}
	for i := range tbl.rows {
		if re := tbl.rows[i].re(); re != nil {
			out[re] = tbl.gateOf(re)
		}
	}
	return out
}
