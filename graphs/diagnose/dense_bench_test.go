package diagnose

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// anchorLines is every prefilter anchor on one line, separated by spaces (about 7 KB),
// line after line to n bytes or more: sweep2 finding 8's anch_joined.log, a log dense in
// message fragments. Where rotate is set each line starts at another anchor, so that no
// line repeats the one before (the memo of lines met again does not hide the cost).
func anchorLines(tb testing.TB, n int, rotate bool) []byte {
	tb.Helper()
	anchors, err := Anchors()
	if err != nil {
		tb.Fatal(err)
	}
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		k := 0
		if rotate {
			k = (i * 7) % len(anchors)
		}
		b.WriteString(strings.Join(append(slices.Clone(anchors[k:]), anchors[:k]...), " "))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// BenchmarkDenseFragments reads 1 MB of lines made of every anchor (sweep2 finding 8),
// the same line repeated and each line rotated, and reports MB/s (go test -run '^$'
// -bench DenseFragments ./graphs/diagnose/).
func BenchmarkDenseFragments(b *testing.B) {
	for _, sh := range []struct {
		name   string
		rotate bool
	}{{"repeated", false}, {"rotated", true}} {
		b.Run(sh.name, func(b *testing.B) {
			in := anchorLines(b, 1<<20, sh.rotate)
			b.SetBytes(int64(len(in)))
			b.ResetTimer()
			for range b.N {
				if _, err := Read(bytes.NewReader(in)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
