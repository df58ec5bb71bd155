package textwrap

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestWrap(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in    string
		first, rest int
		want        []string
		reason      string
	}{
		{"empty", "", 10, 10, []string{""}, "one empty line"},
		{"fits", "a b c", 10, 10, []string{"a b c"}, "no break"},
		{"break", "aaa bbb ccc", 7, 7, []string{"aaa bbb", "ccc"}, "break at a space"},
		{"keeps inner spaces", "x  # y", 10, 10, []string{"x  # y"}, "PyTorch's double space survives"},
		{"drops break spaces", "aaaa    bbbb", 6, 6, []string{"aaaa", "bbbb"}, "spaces at the break go"},
		{"long word", "abcdefghij", 4, 4, []string{"abcd", "efgh", "ij"}, "a word longer than the line is broken, not cut"},
		{"hanging", "aa bb cc dd", 5, 2, []string{"aa bb", "cc", "dd"}, "rest width differs"},
		{"runes", "ééé ééé", 3, 3, []string{"ééé", "ééé"}, "widths count runes"},
		{"leading", "  x", 10, 10, []string{"  x"}, "leading spaces on the first line are kept"},
	}
	for _, tc := range tests {
		got := Wrap(tc.in, tc.first, tc.rest)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: Wrap(%q, %d, %d) mismatch (%s) (-want +got):\n%s", tc.name, tc.in, tc.first, tc.rest, tc.reason, diff)
		}
	}
}

// TestNothingCutNothingWide: every line fits the width and the words all come back.
func TestNothingCutNothingWide(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	p := &Printer{W: &b, Width: 30}
	long := strings.Repeat("word ", 40) + strings.Repeat("x", 75)
	p.Para("  ", "    ", long)
	tab := p.Table("  ", "KEY", "VALUE", "REASON")
	tab.Row("triton.cudagraph_trees", strings.Repeat("v", 50), long)
	tab.Flush()
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if n := utf8.RuneCountInString(l); n > 30 {
			t.Errorf("line of %d runes: %q", n, l)
		}
	}
	// Table cells wrap beside each other, so count what came back.
	for r, want := range map[rune]int{'x': 150, 'v': 50, '.': 1, 'w': 80} {
		if got := strings.Count(b.String(), string(r)); got != want {
			t.Errorf("%d %q in the output, want %d: something was cut", got, r, want)
		}
	}
}

func FuzzWrap(f *testing.F) {
	f.Add("hello  world", 5, 3)
	f.Add("", 1, 1)
	f.Fuzz(func(t *testing.T, s string, first, rest int) {
		if first < -5 || first > 200 || rest < -5 || rest > 200 || !utf8.ValidString(s) || strings.ContainsAny(s, "\n\t") {
			t.Skip()
		}
		lines := Wrap(s, first, rest)
		for i, l := range lines {
			limit := max(rest, 1)
			if i == 0 {
				limit = max(first, 1)
			}
			if utf8.RuneCountInString(l) > limit {
				t.Fatalf("line %d %q over %d", i, l, limit)
			}
		}
		if strings.ReplaceAll(strings.Join(lines, ""), " ", "") != strings.ReplaceAll(s, " ", "") {
			t.Fatalf("text lost: %q -> %q", s, lines)
		}
	})
}
