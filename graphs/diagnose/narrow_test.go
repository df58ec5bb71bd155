package diagnose

import (
	"bytes"
	"regexp"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// retoldAnswers is what retoldUnreported reads of a retelling's pattern on a line: its
// first match, and negatedVerb's and partOnly's answers.
type retoldAnswers struct {
	First           []int
	Negated, InPart bool
}

func answersOf(re *regexp.Regexp, line []byte) retoldAnswers {
	if re == nil {
		return retoldAnswers{}
	}
	return retoldAnswers{First: re.FindIndex(line), Negated: negatedVerb(re, line), InPart: partOnly(re, line)}
}

// TestNarrowed: a retelling's pattern narrowed to the alternatives a line admits
// (narrowed) finds there what the whole pattern finds, on PyTorch's skip lines (one
// alternative admitted bare, two under a glog header), on retellings that are no
// report (a negated verb, a condition) and on every corpus line that holds a
// retelling row's literal and matches its pattern; and the count of alternatives it
// gives is below the whole pattern's on the skip line.
func TestNarrowed(t *testing.T) {
	t.Parallel() // beside the other sweeps: one core each on a 2-core machine
	s, err := newScanner()
	if err != nil {
		t.Fatal(err)
	}
	lines := [][]byte{
		[]byte("skipping cudagraphs due to cpu device (arg3_1)"),
		[]byte("[rank0]:W1203 10:22:31.000111 140213 torch/_inductor/cudagraph_trees.py:2374] skipping cudagraphs due to skipping cudagraphs due to cpu device (arg3_1). Found from : "),
		[]byte("skipping cudagraphs due to non-Tensor inputs"),
		[]byte("a CPU scalar no longer breaks cudagraphs"),
		[]byte("If cudagraphs are skipped due to cpu device, move the tensor to the GPU."),
		[]byte("cudagraphs skipped because of mutated inputs, and cpu tensors prevent cudagraphs too"),
	}
	lines = append(lines, corpusTextLines(t)...)
	checked := 0
	seen := map[*regexp.Regexp]bool{}
	for i := range s.rows {
		r := &s.rows[i]
		if !r.Paraphrase || r.re() == nil || seen[r.re()] {
			continue
		}
		seen[r.re()] = true
		checked += checkNarrowed(t, s, i, lines, 6)
	}
	want := 500
	if raceEnabled {
		want /= raceStride // one corpus line in raceStride (corpusLines)
	}
	if checked < want {
		t.Errorf("%d lines checked, want at least %d", checked, want)
	}
	for _, line := range lines[:3] {
		i := slices.IndexFunc(s.rows, func(r compiledRow) bool { return r.Paraphrase && r.re() != nil && r.re().Match(line) })
		if i < 0 {
			t.Fatalf("%q: no retelling's row matches", line)
		}
		re := s.rows[i].re()
		if _, n := s.narrowed(re, line); n < 1 || n >= len(s.t.branchesOf(re)) {
			t.Errorf("%q: %d alternatives of %d, want fewer", line, n, len(s.t.branchesOf(re)))
		}
	}
}

// checkNarrowed compares row i's pattern whole and narrowed (answersOf) on lines: the
// first always of them, the others where they hold its literal and it matches; it
// returns how many it compared.
func checkNarrowed(t *testing.T, s *scanner, i int, lines [][]byte, always int) int {
	t.Helper()
	r := &s.rows[i]
	n := 0
	for k, line := range lines {
		if k >= always && (!bytes.Contains(line, r.literal) || !r.re().Match(line)) {
			continue
		}
		narrow, _ := s.narrowed(r.re(), line)
		if diff := cmp.Diff(answersOf(r.re(), line), answersOf(narrow, line)); diff != "" {
			t.Errorf("row %d (%s) on %q: narrowed finds otherwise (-whole +narrowed):\n%s", i, r.Code, line, diff)
		}
		n++
	}
	return n
}

// corpusTextLines returns the distinct lines of the corpus's texts (corpusLines: a
// line's check gives the same answer on each of its copies).
func corpusTextLines(t *testing.T) [][]byte {
	t.Helper()
	var lines [][]byte
	for _, l := range corpusLines(t) {
		lines = append(lines, l.line)
	}
	return lines
}

// TestMayCondition: a line that holds a condition conditioned reads (English, "without"
// before the literal, Chinese) may be conditioned; PyTorch's skip line, bare or under a
// glog header, may not.
func TestMayCondition(t *testing.T) {
	s, err := newScanner()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		line string
		want bool
	}{
		{"If cudagraphs are skipped due to cpu device, move the tensor to the GPU.", true},
		{"when the `cuda.h` header is not found the build fails", true},
		{"Without `Python.h`, the kernels silently fall back to PyTorch", true},
		{"如果 Python 3.14 上 torch.compile 报错，请使用 3.12", true},
		{"skipping cudagraphs due to cpu device (arg3_1)", false},
		{"[rank0]:W1203 10:22:31.000111 140213 torch/_inductor/cudagraph_trees.py:2374] skipping cudagraphs due to cpu device (arg3_1). Found from : ", false},
	} {
		line := []byte(c.line)
		if got := s.mayCondition(line); got != c.want {
			t.Errorf("mayCondition(%q) = %v, want %v", c.line, got, c.want)
		}
		for at := 0; !c.want && at <= len(line); at++ {
			if conditioned(line, at, at) {
				t.Errorf("%q: conditioned at %d, but mayCondition false", c.line, at)
			}
		}
	}
}
