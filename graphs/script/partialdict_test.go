package script

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPartialDictLastWins: an options display read item by item keeps one item per key,
// at its first position with its last value, as Python's dict does (lastWins; sweep9
// finding 12 made the reading one pass).
func TestPartialDictLastWins(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, opts, want string }{
		{"dup-after-unknown", `{"triton.cudagraphs": True, "max_autotune": foo(), "epilogue_fusion": False, "triton.cudagraphs": False}`,
			"{'triton.cudagraphs': False, 'epilogue_fusion': False}"},
		{"splat-then-key", `{**{"a": 1, "b": 2}, "c": foo(), "a": 3}`, "{'a': 3, 'b': 2}"},
		{"dict-call", `dict({"a": 1}, b=foo(), a=2, c=3)`, "{'a': 2, 'c': 3}"},
		{"three-times", `{"a": 1, "x": foo(), "a": 2, "a": 3}`, "{'a': 3}"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, _ := oneSite(t, "import torch\nm = torch.compile(f, options="+tc.opts+")\n")
			require.NotNil(t, st.Options, "notes %q", st.Notes)
			require.Equal(t, tc.want, *st.Options, "notes %q", st.Notes)
		})
	}
}

// BenchmarkPartialDictLarge reads an options display of 30,000 literal items and one
// that is not, which is read item by item (partialDict): 8.9 s a read before lastWins
// (a search of the items kept per item), sweep9 finding 12.
func BenchmarkPartialDictLarge(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("import torch\nm = torch.compile(f, options={")
	for i := range 30000 {
		fmt.Fprintf(&sb, "\"k%d\": %d, ", i, i)
	}
	sb.WriteString("\"z\": foo()})\n")
	src := []byte(sb.String())
	b.ResetTimer()
	for range b.N {
		if _, err := readBytes("t.py", src); err != nil {
			b.Fatal(err)
		}
	}
}
