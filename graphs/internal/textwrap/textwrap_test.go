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
		{"long word", "abcdefghij", 4, 4, []string{"abcdefghij"}, "a word longer than the line stays whole, not cut"},
		{"long word between", "a env:TORCHINDUCTOR_CUDAGRAPHS b", 10, 10, []string{"a", "env:TORCHINDUCTOR_CUDAGRAPHS", "b"}, "a long token takes a line of its own"},
		{"long first word", "coordinate_descent_tuning=True x", 10, 10, []string{"coordinate_descent_tuning=True", "x"}, "never split at the width"},
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
	p := &Printer{W: &b, Width: 50}
	long := strings.Repeat("word ", 40) + strings.Repeat("x", 10)
	p.Para("  ", "    ", long)
	tab := p.Table("  ", "KEY", "VALUE", "REASON")
	tab.Row("triton.cudagraph_trees", strings.Repeat("v ", 25), long)
	tab.Flush()
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if n := utf8.RuneCountInString(l); n > 50 {
			t.Errorf("line of %d runes: %q", n, l)
		}
	}
	// Table cells wrap beside each other, so count what came back.
	for r, want := range map[rune]int{'x': 20, 'v': 25, '.': 1, 'w': 80} {
		if got := strings.Count(b.String(), string(r)); got != want {
			t.Errorf("%d %q in the output, want %d: something was cut", got, r, want)
		}
	}
}

// TestTokensNeverSplit (sweep finding 15): a key, an environment variable, a path or
// a number is never broken across lines, in a paragraph or a table cell, at any
// width: one longer than the line stays whole on a line of its own, to be copied.
func TestTokensNeverSplit(t *testing.T) {
	t.Parallel()
	tokens := []string{"coordinate_descent_tuning", "env:TORCHINDUCTOR_CUDAGRAPHS", "/usr/lib/python3/site-packages/torch/_inductor/config.py", "123456789012345678901234567890"}
	for _, width := range []int{20, 30, 60, 80} {
		var b bytes.Buffer
		p := &Printer{W: &b, Width: width}
		p.Para("  ", "    ", "the keys "+strings.Join(tokens, " and ")+" are set")
		tab := p.Table("  ", "KEY", "SOURCE", "EVIDENCE")
		tab.Row(tokens[0], tokens[1], "measured")
		tab.Row(tokens[2], "default", tokens[3])
		tab.Flush()
		for _, tok := range tokens {
			if got := strings.Count(b.String(), tok); got != 2 {
				t.Errorf("width %d: %q whole %d times, want 2:\n%s", width, tok, got, b.String())
			}
		}
	}
}

// TestEscapes (sweep finding 7): a control character, escape sequence or
// bidirectional override in a paragraph or a cell is written escaped, and a newline
// in one cannot forge a line.
func TestEscapes(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	p := &Printer{W: &b, Width: 100}
	p.Line("mode=\x1b[2Jx\nforged \u009b \u202e")
	tab := p.Table("  ", "KEY", "VALUE")
	tab.Row("k\x1b]0;T\x07", "v\nw")
	tab.Flush()
	want := "mode=\\x1b[2Jx\\x0aforged \\u009b \\u202e\n  KEY            VALUE\n  k\\x1b]0;T\\x07  v\\x0aw\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Error(diff)
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
			if utf8.RuneCountInString(l) > limit && strings.Contains(strings.TrimLeft(l, " "), " ") {
				t.Fatalf("line %d %q over %d and not one word", i, l, limit)
			}
		}
		if strings.ReplaceAll(strings.Join(lines, ""), " ", "") != strings.ReplaceAll(s, " ", "") {
			t.Fatalf("text lost: %q -> %q", s, lines)
		}
	})
}
