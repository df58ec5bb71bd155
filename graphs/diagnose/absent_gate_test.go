package diagnose

import (
	"bytes"
	"os"
	"path/filepath"
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
	}{
		{hypoOpen, true},
		{absentOpen, true},
		{`(?i)^` + hypoClose + `\s*error`, true},
		{`(?i)\bif\s+you\s+see\s+` + hypoOpen, true},
		{`(?:"|')x`, true},
		{`["']+x`, true},
		{`["']?x`, false},
		{`["']*x`, false},
		{`(?:"|y)x`, false},
		{`[\x60"'a]`, false},
		{`\bnpu\s+$`, false},
		{`\W`, false},
		{`「`, true},
	}
	for _, tc := range tests {
		parsed, err := syntax.Parse(tc.pattern, syntax.Perl)
		require.NoError(t, err)
		if got := holdsOneOf(parsed.Simplify(), markQuotes); got != tc.want {
			t.Errorf("holdsOneOf(%q) = %v, want %v", tc.pattern, got, tc.want)
		}
	}
}

// TestGateMarksSound runs every gated mark's pattern on the corpus's lines that hold no
// quote mark: none may match, or the gate would drop an absence the pattern reads.
func TestGateMarksSound(t *testing.T) {
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
	files, err := filepath.Glob("testdata/corpus/texts/*")
	require.NoError(t, err)
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, line := range bytes.Split(data, []byte("\n")) {
			if len(line) == 0 || !quoteFree(line) {
				continue
			}
			line = line[:min(len(line), 2*absentAround)]
			for _, re := range gated {
				require.False(t, re.Match(line), "%s: %q matches %q, which holds no quote mark", f, re, line)
			}
			checked++
		}
	}
	t.Logf("%d gated patterns on %d lines", len(gated), checked)
}
