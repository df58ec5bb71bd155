package diagnose

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// TestExprGatesAdmitMatches: no expression the release finder runs through matchGated
// or a gated Find is skipped on a text it matches. The corpus's lines that name torch
// beside a release (every fifth), and each such line's text before each release on it
// (the clause otherRun reads), are read by a finder, so that every gate those lines
// reach is made; then each of those expressions is run on each of those texts, and
// where it matches, its gate must admit the text.
func TestExprGatesAdmitMatches(t *testing.T) {
	if testing.Short() {
		t.Skip("runs some hundred expressions on a thousand lines")
	}
	texts := gateSampleTexts(t)
	f := newVersionFinder()
	for i, text := range texts {
		f.window(text, i+1)
	}
	var exprs []*lazyregexp.Regexp
	exprGates.Range(func(k, _ any) bool {
		exprs = append(exprs, k.(*lazyregexp.Regexp))
		return true
	})
	if len(exprs) < 50 {
		t.Fatalf("%d gated expressions reached, want the release finder's (some hundred)", len(exprs))
	}
	for _, re := range exprs {
		for _, text := range texts {
			if re.Match(text) && !admitsExpr(re, text) {
				t.Errorf("%.80q matches %q, but its gate does not admit it", re.String(), text)
			}
		}
	}
	var some [][]byte // every fourth: the expressions split run twice on each
	for i := 0; i < len(texts); i += 4 {
		some = append(some, texts[i])
	}
	checkBranchesAgree(t, append(exprs, genericLead, genericCondition, leadPerson), some, false)
}

// checkBranchesAgree: matchGated, which runs an alternation branch by branch where that
// helps (exprPlan), answers as the expression run whole, on each text (and, with upper,
// on each text with its letters in upper case), of every expression of exprs that is
// split.
func checkBranchesAgree(t *testing.T, exprs []*lazyregexp.Regexp, texts [][]byte, upper bool) {
	t.Helper()
	split := 0
	for _, re := range exprs {
		if exprPlanOf(re).branches == nil {
			continue
		}
		split++
		for _, text := range texts {
			xs := [][]byte{text}
			if upper {
				xs = append(xs, bytes.ToUpper(text))
			}
			for _, x := range xs {
				if got, want := matchGated(re, x), re.Match(x); got != want {
					t.Errorf("matchGated(%.80q, %q) = %v, the expression whole %v", re.String(), x, got, want)
				}
			}
		}
	}
	if split == 0 {
		t.Error("no expression is run branch by branch: runShown should be")
	}
}

// TestBranchesAgree: matchGated answers as runShown and the generic lead-in's
// expressions whole on texts written to meet their branches (a run in several languages,
// a lead-in, a Cyrillic word in upper case), and on the pytest line that runs them.
func TestBranchesAgree(t *testing.T) {
	t.Parallel()
	var texts [][]byte
	for _, s := range []string{
		"tests/test_x.py::test_a1 PASSED [torch 2.14.0+cu130]",
		"I'm on torch 2.5 and it fails", "we are currently using PyTorch 2.5.1", "fails for me on torch 2.5",
		"my env: torch 2.5", "我的环境是 torch 2.5", "У МЕНЯ torch 2.5", "у меня torch 2.5", "mi entorno: torch 2.5",
		"In practice you see errors like:", "Typical failures include:", "常见的报错如下：", "If you see errors like:",
		"we got errors like:", "I installed torch 2.5", "minstalled", "for mexico", "",
	} {
		texts = append(texts, []byte(s))
	}
	checkBranchesAgree(t, []*lazyregexp.Regexp{runShown, genericLead, genericCondition, leadPerson, articleFailed}, texts, true)
}

// TestEndsSentenceExpr holds endsSentence, read from the text's end, to fullStop's
// answer (the last of its matches ends at the text's end, white space aside): the
// sentence pieces, then random texts of them.
func TestEndsSentenceExpr(t *testing.T) {
	t.Parallel()
	expr := func(b []byte) bool {
		t := trimSpaceRight(b)
		ends := fullStop.FindAllIndex(t, -1)
		return len(ends) > 0 && ends[len(ends)-1][0]+markLen(t[ends[len(ends)-1][0]:]) == len(t)
	}
	pieces := []string{".", ";", "!", "?", " ", "\t", "\n", "\v", "a", "2", "。", "；", "！", "？", "\xe3", "\x80", "\x82", "\xef", "é"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 50000 {
		var b []byte
		for range r.IntN(10) {
			b = append(b, pieces[r.IntN(len(pieces))]...)
		}
		if got, want := endsSentence(b), expr(b); got != want {
			t.Fatalf("endsSentence(%q) = %v, the expression's %v", b, got, want)
		}
	}
}

// gateSampleTexts returns every fifth line of the corpus's texts that names torch and
// holds a release, and each such line's text before each release on it.
func gateSampleTexts(t *testing.T) [][]byte {
	t.Helper()
	release := regexp.MustCompile(`\d\.\d`)
	var out [][]byte
	n := 0
	for _, f := range corpusFiles(t) { // read once (corpus_shared_test.go)
		for line := range bytes.Lines(f.data) {
			line = bytes.TrimRight(line, "\r\n")
			if !bytes.Contains(bytes.ToLower(line), []byte("torch")) || !hasRelease(line) || len(line) > 2000 {
				continue
			}
			if n++; n%5 != 0 {
				continue
			}
			out = append(out, line)
			for _, m := range release.FindAllIndex(line, 4) {
				out = append(out, line[:m[0]])
			}
		}
	}
	return out
}

// sentenceStartExpr is sentenceStart as the expression read it (FindAllIndex of
// sentenceEnd before from), which sentenceStart's scan must answer as.
func sentenceStartExpr(text []byte, from int) int {
	if ends := sentenceEnd.FindAllIndex(text[:from], -1); len(ends) > 0 {
		return ends[len(ends)-1][1]
	}
	return 0
}

// TestSentenceStartScan holds sentenceStart's backward scan to sentenceEnd's answers:
// marks before white space, at the text's end, inside a number ("2.5" ends nothing),
// the full-width marks, a mark before a vertical tab (no white space to \s), bytes that
// are no UTF-8 around a full-width mark; then random texts of those pieces.
func TestSentenceStartScan(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ text, why string }{
		{"It works. torch 2.5 fails", "a stop before a space"},
		{"torch 2.5.1 fails", "a dot inside a release ends nothing"},
		{"works on 2.4; fails on 2.5", "a semicolon ends a clause"},
		{"ok!", "a mark at the text's end"},
		{"用的是2.4。现在2.5报错", "a full-width stop"},
		{"好；torch！2.5？x", "full-width marks one after another"},
		{"a.\vb 2.5", "a vertical tab is no white space to \\s"},
		{"a. \xe3。b", "a byte that is no UTF-8 before a full-width stop"},
		{"a.\t\nb", "a tab after the stop"},
		{"", "nothing"},
	} {
		text := []byte(tc.text)
		for from := range len(text) + 1 {
			if got, want := sentenceStart(text, from), sentenceStartExpr(text, from); got != want {
				t.Errorf("%s: sentenceStart(%q, %d) = %d, the expression's %d", tc.why, tc.text, from, got, want)
			}
		}
	}
	pieces := []string{".", ";", "!", "?", " ", "\t", "\n", "\v", "a", "2", "。", "；", "！", "？", "\xe3", "\x80", "\xef", "é"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b []byte
		for range r.IntN(12) {
			b = append(b, pieces[r.IntN(len(pieces))]...)
		}
		from := r.IntN(len(b) + 1)
		if got, want := sentenceStart(b, from), sentenceStartExpr(b, from); got != want {
			t.Fatalf("sentenceStart(%q, %d) = %d, the expression's %d", b, from, got, want)
		}
	}
}

// TestRangeOperatorGate: rangeRelease's gate (mayEndInOperator) admits every text
// rangeOperator matches, and turns away texts that end with no operator: the cases, then
// random texts of operators, blanks, quotes, "v", torch's name and words.
func TestRangeOperatorGate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		before string
		want   bool
		why    string
	}{
		{"torch>=", true, "pip's bound"},
		{`torch = {version = "^`, true, "Poetry's caret, a quote after it"},
		{"torch~= v", true, "compatible release, a blank and a v after it"},
		{"torch 版本太旧（< ", true, "a full-width parenthesis, then a bound"},
		{"version ≥ '", true, "a bound sign and a quote"},
		{"tests/test_x.py::test_a17 PASSED [torch ", false, "a pytest line: no operator"},
		{"torch==2.1 and torch ", false, "an operator earlier on the line, none at its end"},
		{`torch ='' `, false, "two quotes after the operator: rangeOperator allows one"},
	} {
		if got := mayEndInOperator([]byte(tc.before)); got != tc.want {
			t.Errorf("%s: mayEndInOperator(%q) = %v, want %v", tc.why, tc.before, got, tc.want)
		}
		if rangeOperator.Match([]byte(tc.before)) && !mayEndInOperator([]byte(tc.before)) {
			t.Errorf("%s: rangeOperator matches %q, the gate turns it away", tc.why, tc.before)
		}
	}
	pieces := []string{"^", "~", "=", "<", ">", "!", "≤", "≥", "＜", "＞", "(", "（", " ", "\t", "`", "'", `"`, "v", "V", "torch", "version", "a", "2.5"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var sb strings.Builder
		for range r.IntN(8) {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		b := []byte(sb.String())
		if rangeOperator.Match(b) && !mayEndInOperator(b) {
			t.Fatalf("rangeOperator matches %q, the gate turns it away", b)
		}
	}
}
