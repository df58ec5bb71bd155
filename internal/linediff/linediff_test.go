package linediff

import (
	"errors"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRoundTrip(t *testing.T) {
	tests := []struct{ name, base, next string }{
		{"equal", "a\nb\n", "a\nb\n"},
		{"empty to text", "", "a\nb\n"},
		{"text to empty", "a\nb\n", ""},
		{"insert first", "b\nc\n", "a\nb\nc\n"},
		{"delete last", "a\nb\nc", "a\nb"},
		{"replace middle", "a\nb\nc\n", "a\nx\ny\nc\n"},
		{"final newline added", "a\nb", "a\nb\n"},
		{"spaces and tabs kept", "a\n", " a\t b \n\n  \n"},
		{"lines that look like ops", "-1\n+0 x\n=1\n", "+1 y\n-2\n-1\n=3\n+\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Diff(tt.base, tt.next)
			got, err := Apply(tt.base, d)
			require.NoError(t, err)
			require.Equal(t, tt.next, got, "diff:\n%s", d)
		})
	}
}

// TestRandom round-trips random edits of random texts over a small alphabet
// (many equal lines, the hard case for a diff).
func TestRandom(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	text := func() string {
		ls := make([]string, r.Intn(30))
		for i := range ls {
			ls[i] = string(rune('a' + r.Intn(4)))
		}
		return strings.Join(ls, "\n")
	}
	for i := 0; i < 2000; i++ {
		base, next := text(), text()
		got, err := Apply(base, Diff(base, next))
		require.NoError(t, err)
		require.Equal(t, next, got)
	}
}

// TestShort: an edit of one line costs one or two operations.
func TestShort(t *testing.T) {
	require.Equal(t, "=1\n-1\n+x\n", Diff("a\nb\nc\n", "a\nx\nc\n"))
	require.Equal(t, "=1\n+x\n", Diff("a\nb\n", "a\nx\nb\n"))
	require.Equal(t, "-2\n", Diff("a\nb\nc", "c"))
	require.Equal(t, "", Diff("a\n", "a\n"))
}

func TestApplyErrors(t *testing.T) {
	tests := []struct{ name, base, diff string }{
		{"no sign", "a\n", "1\n"},
		{"empty line", "a\n", "\n-1\n"},
		{"not a number", "a\n", "-x\n"},
		{"drop none", "a\n", "-0\n"},
		{"keep none", "a\n", "=0\n"},
		{"drop with text", "a\n", "-1 a\n"},
		{"signed count", "a\n", "=+1\n"},
		{"negative", "a\n", "=-1\n"},
		{"drop past the end", "a\n", "-3\n"},
		{"keep past the end", "a\n", "=3\n"},
		{"walk past the end", "a\nb", "=1\n-1\n-1\n"},
		{"count that overflows at+n", "a\nb\nc", "=1\n=9223372036854775807\n"},
		{"drop that overflows at+n", "a\nb\nc", "-1\n-9223372036854775807\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Apply(tt.base, tt.diff)
			var e *Error
			require.True(t, errors.As(err, &e), "err = %v", err)
		})
	}
}

// FuzzApply: Apply never panics, and a diff Diff writes rebuilds its text.
func FuzzApply(f *testing.F) {
	f.Add("a\nb\nc\n", "=1\n-1\n+x\n", "a\nx\nc\n")
	f.Add("-1\n+0 x\n", "=3\n", "+1 y\n")
	f.Fuzz(func(t *testing.T, base, diff, next string) {
		_, _ = Apply(base, diff)
		if len(base)+len(next) > 2000 {
			return // Diff is quadratic in the edits: keep each run short
		}
		got, err := Apply(base, Diff(base, next))
		require.NoError(t, err)
		require.Equal(t, next, got)
	})
}
