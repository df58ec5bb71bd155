package diagnose

import (
	"regexp"
	"regexp/syntax"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHoldsOneOf checks the gate of the absence marks (gateMarks): a pattern is gated
// only where every match holds a quote mark.
func TestHoldsOneOf(t *testing.T) {
	tests := []struct {
		pattern string
		want    bool
		why     string
	}{
		{hypoOpen, true, "the hypothetical's opening quote"},
		{absentOpen, true, "the absence's opening quote"},
		{`(?i)^` + hypoClose + `\s*error`, true, "a closing quote first, then words"},
		{`(?i)\bif\s+you\s+see\s+` + hypoOpen, true, "words, then an opening quote"},
		{`(?:"|')x`, true, "each alternative is a mark"},
		{`["']+x`, true, "one or more marks"},
		{`["']?x`, false, "an optional mark: a match may hold none"},
		{`["']*x`, false, "zero or more marks"},
		{`(?:"|y)x`, false, "one alternative is no mark"},
		{`[\x60"'a]`, false, "a class with a letter beside the marks"},
		{`\bnpu\s+$`, false, "no mark at all"},
		{`\W`, false, "a class wider than the marks"},
		{`「`, true, "a CJK corner bracket is a mark"},
	}
	for _, tc := range tests {
		parsed, err := syntax.Parse(tc.pattern, syntax.Perl)
		require.NoError(t, err)
		if got := holdsOneOf(parsed.Simplify(), markQuotes); got != tc.want {
			t.Errorf("holdsOneOf(%q) = %v, want %v (%s)", tc.pattern, got, tc.want, tc.why)
		}
	}
}

// TestGateMarksSound runs every gated mark's pattern on the corpus's lines that hold no
// quote mark: none may match, or the gate would drop an absence the pattern reads.
func TestGateMarksSound(t *testing.T) {
	t.Parallel() // beside the other sweeps: one core each on a 2-core machine
	tb, err := compiledTable()
	require.NoError(t, err)
	var gated []*regexp.Regexp
	for _, m := range tb.absent {
		if m.beforeQuoted {
			gated = append(gated, m.before)
		}
		if m.afterQuoted {
			gated = append(gated, m.after)
		}
	}
	require.NotEmpty(t, gated)
	checked := 0
	for _, l := range corpusLines(t) { // each distinct line once (corpus_shared_test.go)
		line := l.line
		if len(line) == 0 || !quoteFree(line) {
			continue
		}
		line = line[:min(len(line), 2*absentAround)]
		for _, re := range gated {
			require.False(t, re.Match(line), "%s: %q matches %q, which holds no quote mark", l.path, re, line)
		}
		checked++
	}
	t.Logf("%d gated patterns on %d lines", len(gated), checked)
}

// TestMarkGatesSound runs every mark's pattern that has a literal gate (markGate) on the
// corpus's lines, in the pieces the marks read (absentAround bytes at either end), each
// once: a gate may not turn away a text its pattern matches, or it would drop an
// absence the pattern reads.
func TestMarkGatesSound(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every mark on thousands of texts")
	}
	t.Parallel() // beside the other sweeps: one core each on a 2-core machine
	tb, err := compiledTable()
	require.NoError(t, err)
	type gated struct {
		re *regexp.Regexp
		g  *gate
	}
	var marks []gated
	for _, m := range tb.absent {
		if m.beforeGate != nil {
			marks = append(marks, gated{m.before, m.beforeGate})
		}
		if m.afterGate != nil {
			marks = append(marks, gated{m.after, m.afterGate})
		}
	}
	require.NotEmpty(t, marks)
	var scratch []byte
	matched, turned := 0, 0
	seen := map[string]bool{}
	for _, l := range corpusLines(t) { // each distinct line once (corpus_shared_test.go)
		line := l.line
		for _, text := range [][]byte{line[:min(len(line), absentAround)], line[max(0, len(line)-absentAround):]} {
			if seen[string(text)] {
				continue
			}
			seen[string(text)] = true
			// one gateText a piece for every mark (admits makes one a call): the piece
			// is lowered once, not once for each mark
			in := gateText{text: text, scratch: &scratch}
			for _, m := range marks {
				admits := m.g.admitsText(&in)
				if !admits {
					turned++
				}
				if m.re.Match(text) {
					matched++
					require.True(t, admits, "%s: the gate of %q turns away %q, which it matches", l.path, m.re, text)
				}
			}
		}
	}
	require.Positive(t, matched, "no mark matched: the check checks nothing")
	require.Positive(t, turned, "no text turned away: the gates do nothing")
	t.Logf("%d gated patterns: %d matches, %d texts turned away", len(marks), matched, turned)
}
