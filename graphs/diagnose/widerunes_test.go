package diagnose

import (
	"fmt"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/width"
)

// TestWideRunesMatchWidth: wideRunes holds exactly the runes width.LookupRune calls
// East Asian wide or fullwidth, for every rune and a few that are none (negative,
// past unicode.MaxRune); on a difference it prints the table to paste.
func TestWideRunesMatchWidth(t *testing.T) {
	wide := func(r rune) bool {
		switch width.LookupRune(r).Kind() {
		case width.EastAsianWide, width.EastAsianFullwidth:
			return true
		}
		return false
	}
	bad := 0
	for r := rune(-2); r <= unicode.MaxRune+2; r++ {
		if got, want := unicode.Is(wideRunes, r), wide(r); got != want {
			if bad++; bad <= 5 {
				t.Errorf("U+%04X: wideRunes says %v, width.LookupRune %v", r, got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d runes differ; the table from width.LookupRune:\n%s", bad, wideTable(wide))
	}
}

// wideTable writes the ranges of the runes wide says are wide, as wideRunes' entries.
func wideTable(wide func(rune) bool) string {
	var r16, r32 strings.Builder
	emit := func(lo, hi rune) {
		if hi <= 0xFFFF {
			fmt.Fprintf(&r16, "{%#04x, %#04x, 1}, ", lo, hi)
			return
		}
		fmt.Fprintf(&r32, "{%#05x, %#05x, 1}, ", lo, hi)
	}
	lo := rune(-1)
	for r := rune(0); r <= unicode.MaxRune+1; r++ {
		w := r <= unicode.MaxRune && wide(r)
		switch {
		case w && lo < 0:
			lo = r
		case !w && lo >= 0:
			if lo <= 0xFFFF && r-1 > 0xFFFF {
				emit(lo, 0xFFFF)
				lo = 0x10000
			}
			emit(lo, r-1)
			lo = -1
		}
	}
	return "R16: " + r16.String() + "\nR32: " + r32.String()
}
