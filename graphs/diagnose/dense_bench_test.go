package diagnose

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
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

// nearMisses is each literal of testdata/wordings-by-release.tsv less its last character (a near miss of
// every message: each row's anchors are there, no row's text is whole), sorted, joined
// into one line by spaces or, lines, one a line with the line's number before it (so
// that no line repeats and the memo of lines met again does not hide the cost), again
// and again to n bytes or more: sweep7 finding 4's nearmiss_1line.log and its lines.
func nearMisses(tb testing.TB, n int, lines bool) []byte {
	tb.Helper()
	data, err := os.ReadFile("testdata/wordings-by-release.tsv")
	if err != nil {
		tb.Fatal(err)
	}
	var lits []string
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Split(l, "\t"); len(f) > 2 && !strings.HasPrefix(l, "#") && len(f[1]) > 1 {
			lits = append(lits, f[1][:len(f[1])-1])
		}
	}
	slices.Sort(lits)
	lits = slices.Compact(lits)
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		if !lines {
			b.WriteString(lits[i%len(lits)] + " ")
			continue
		}
		fmt.Fprintf(&b, "%d %s\n", i, lits[i%len(lits)])
	}
	return b.Bytes()
}

// changedLiterals is every row's literal (Signatures) with one character, the middle
// one, changed to X (a space or an X left alone), joined into one line by spaces, again
// and again to n bytes or more: hostile28's P1 (nm_line.log, each literal with one
// character changed: 17 s of CPU a MB, twice nearMisses' line).
func changedLiterals(n int) []byte {
	var b bytes.Buffer
	sigs := Signatures()
	for i := 0; b.Len() < n; i++ {
		lit := []byte(sigs[i%len(sigs)].Literal)
		if m := len(lit) / 2; m < len(lit) && lit[m] < 0x80 && lit[m] != ' ' {
			lit[m] = 'X'
		}
		b.Write(lit)
		b.WriteByte(' ')
	}
	return b.Bytes()
}

// BenchmarkNearMissLine reads 1 MB of near misses of every message (nearMisses) as one
// line and as lines, and every literal with a character changed as one line
// (changedLiterals), and reports MB/s (go test -run '^$' -bench NearMissLine
// ./graphs/diagnose/): the one line should cost about what the lines do.
func BenchmarkNearMissLine(b *testing.B) {
	for _, sh := range []struct {
		name  string
		lines bool
	}{{"one-line", false}, {"lines", true}, {"one-line-changed", false}} {
		b.Run(sh.name, func(b *testing.B) {
			in := nearMisses(b, 1<<20, sh.lines)
			if sh.name == "one-line-changed" {
				in = changedLiterals(1 << 20)
			}
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

// TestNearMissLineConcurrent reads one long line of near misses (nearMisses) in four
// goroutines at once: the table's branches of patterns (branchesOf), made on first use,
// are shared, and every read gives the same answer (run with -race).
func TestNearMissLineConcurrent(t *testing.T) {
	in := nearMisses(t, 96<<10, false)
	var wg sync.WaitGroup
	got := make([]string, 4)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, err := Read(bytes.NewReader(in))
			if err != nil {
				t.Error(err)
				return
			}
			var b bytes.Buffer
			if err := d.WriteText(&b); err != nil {
				t.Error(err)
			}
			got[i] = b.String()
		}()
	}
	wg.Wait()
	for i := range got {
		if got[i] != got[0] {
			t.Errorf("read %d differs from read 0:\n%s\n---\n%s", i, got[i], got[0])
		}
	}
}
