package caseruns

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCompact(t *testing.T) {
	for _, tc := range []struct{ reason, text, want string }{
		{"a block by one", "upper 61 41\nupper 62 42\nupper 63 43\n", "upper* 61 63 1 -20\n"},
		{"every second code point", "lower 100 101\nlower 102 103\nlower 104 105", "lower* 100 104 2 1"},
		{"a single mapping stays a line", "upper 61 41\nupper b5 39c", "upper 61 41\nupper b5 39c"},
		{"another line ends a run", "upper 61 41\nupper 62 42\nupper df 53 53\nupper 63 43\nupper 64 44",
			"upper* 61 62 1 -20\nupper df 53 53\nupper* 63 64 1 -20"},
		{"kinds apart", "upper 61 41\nlower 62 42", "upper 61 41\nlower 62 42"},
		{"a gap other than the step ends a run", "upper 61 41\nupper 62 42\nupper 64 44", "upper* 61 62 1 -20\nupper 64 44"},
		{"other lines as they are", "digit 30 39 0\nspace 9 d\n", "digit 30 39 0\nspace 9 d\n"},
		{"a line not written as Compact writes it", "upper 061 41\nupper 62 42", "upper 061 41\nupper 62 42"},
	} {
		t.Run(tc.reason, func(t *testing.T) {
			got := Compact(tc.text)
			require.Equal(t, tc.want, got)
			back, err := Expand(got)
			require.NoError(t, err)
			require.Equal(t, tc.text, back)
		})
	}
}

// TestRoundTripTables: every generated Unicode table of pyver comes back byte for
// byte, and shorter.
func TestRoundTripTables(t *testing.T) {
	paths, err := filepath.Glob("../../testdata/unicode-*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		c := Compact(string(b))
		require.Less(t, len(c), len(b)*3/4, p)
		back, err := Expand(c)
		require.NoError(t, err)
		require.True(t, back == string(b), p)
	}
}

func TestExpandErrors(t *testing.T) {
	for _, l := range []string{
		"upper* 61 63 1", "upper* 61 63 1 -20 x", "other* 61 63 1 1", "upper* 63 61 1 1",
		"upper* 61 63 0 1", "upper* 61 110000 1 1", "upper* 61 63 1 110000", "upper* 61 63 1 -62",
		"upper* x 63 1 1", "upper* 61 63 1.5 1",
	} {
		_, err := Expand("digit 30 39 0\n" + l)
		var e *Error
		require.True(t, errors.As(err, &e), "%q: %v", l, err)
		require.Equal(t, 2, e.Line, l)
	}
}

// FuzzExpand: Expand never panics, and Compact's runs of what it writes expand to
// the same text.
func FuzzExpand(f *testing.F) {
	f.Add("upper* 61 63 1 -20\nupper df 53 53\nlower* 100 104 2 1")
	f.Add("upper 61 41\nupper 62 42")
	f.Fuzz(func(t *testing.T, text string) {
		out, err := Expand(text)
		if err != nil || len(out) > 1<<20 {
			return
		}
		again, err := Expand(Compact(out))
		require.NoError(t, err)
		require.Equal(t, out, again)
	})
}
