package diagnose

import (
	"bytes"
	"regexp"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// The byte scans that replaced expressions and loops on every candidate line must
// answer as what they replaced: naive forms here, compared on a table and fuzzed.

func naiveOverlapEnd(b, lit []byte, most int) int {
	for n := min(most, len(b)); n > 0; n-- {
		if bytes.HasSuffix(b, lit[:n]) {
			return n
		}
	}
	return 0
}

func naiveOverlapStart(b, lit []byte, most int) int {
	for m := min(most, len(b)); m > 0; m-- {
		if bytes.HasPrefix(b, lit[len(lit)-m:]) {
			return m
		}
	}
	return 0
}

var (
	naiveEllipsis = regexp.MustCompile(`…|\.{3,}`)
	naiveLineHead = regexp.MustCompile(`^(?:(?:E|>>>|#{1,6}|///|//!|//|--|;;|;|%%|%|!|:)\s+)+`)
	naiveRelease  = regexp.MustCompile(`\d\.\d`)
)

// checkFastScans compares the fast forms with the naive ones on text and lit.
func checkFastScans(t *testing.T, text, lit []byte) {
	for most := 0; most <= len(lit); most++ {
		require.Equal(t, naiveOverlapEnd(text, lit, most), overlapEnd(text, lit, most), "overlapEnd(%q, %q, %d)", text, lit, most)
		require.Equal(t, naiveOverlapStart(text, lit, most), overlapStart(text, lit, most), "overlapStart(%q, %q, %d)", text, lit, most)
	}
	var want [][2]int
	for _, loc := range naiveEllipsis.FindAllIndex(text, maxCuts) {
		want = append(want, [2]int{loc[0], loc[1]})
	}
	require.Equal(t, want, ellipses(text, maxCuts), "ellipses(%q)", text)
	require.Equal(t, string(naiveLineHead.ReplaceAll(text, nil)), string(withoutLineHead(text)), "withoutLineHead(%q)", text)
	require.Equal(t, naiveRelease.Match(text), hasRelease(text), "hasRelease(%q)", text)
}

func TestFastScans(t *testing.T) {
	cases := []struct{ text, lit string }{
		{"", "abc"},
		{"xx abcab", "abcabd"},
		{"cabd tail", "abcabd"},
		{"aaaa", "aaab"},
		{"baaa", "aaab"},
		{"E   RuntimeError: … skipping... ..", "skipping cudagraphs"},
		{"E\tE >>> >>>x", "x"},
		{">>>", "abc"},
		{"E", "E"},
		{"torch 2.5.1 loss=0.41", "2.5"},
		{"a.b 1. .2 …… \xe2\x80 \xe2\xe2\x80\xa6", "…"},
		{"v2.", "2.x"},
	}
	for _, c := range cases {
		checkFastScans(t, []byte(c.text), []byte(c.lit))
	}
}

func FuzzFastScans(f *testing.F) {
	f.Add("E   RuntimeError: … skipping...", "skipping cudagraphs")
	f.Add("xx abcab", "abcabd")
	f.Add("torch 2.5.1", "2.5")
	f.Fuzz(func(t *testing.T, text, lit string) {
		if len(lit) == 0 || len(lit) > 64 || len(text) > 512 {
			return
		}
		checkFastScans(t, []byte(text), []byte(lit))
	})
}

// TestLiteralSet: the rows found in a text in one pass (squeezed and folded forms) are
// those whose form bytes.Index finds, at the same offsets.
func TestLiteralSet(t *testing.T) {
	tb, err := compiledTable()
	require.NoError(t, err)
	var text []byte
	for i, r := range tb.rows {
		if i%3 == 0 {
			text = append(text, r.squeezed...)
			text = append(text, "x"...)
		}
		if i%5 == 0 {
			text = append(text, r.folded...)
		}
	}
	for _, form := range []struct {
		set  literalSet
		lits func(r *compiledRow) []byte
	}{{tb.squeezed, func(r *compiledRow) []byte { return r.squeezed }}, {tb.folded, func(r *compiledRow) []byte { return r.folded }}} {
		var want []rowAt
		for i := range tb.rows {
			lit := form.lits(&tb.rows[i])
			for at := 0; ; {
				j := bytes.Index(text[at:], lit)
				if j < 0 {
					break
				}
				want = append(want, rowAt{i, at + j})
				at += j + 1
			}
		}
		got := form.set.occurrences(nil, text)
		require.Equal(t, want, got)
		marks := make([]int, len(tb.rows))
		form.set.mark(text, marks, 7)
		for i := range tb.rows {
			require.Equal(t, len(occurrencesOf(got, i)) > 0, marks[i] == 7, "row %d", i)
			require.True(t, slices.Equal(occurrencesOf(got, i), occurrencesOf(want, i)))
		}
	}
}

// TestAnchorsMinLength: every prefilter anchor is minAnchor bytes or more, so that the
// prefilter probes every other byte (a 4-byte "PT2." had it probe every byte).
func TestAnchorsMinLength(t *testing.T) {
	anchors, err := Anchors()
	require.NoError(t, err)
	for _, a := range anchors {
		require.GreaterOrEqual(t, len(a), minAnchor, "anchor %q", a)
	}
}
