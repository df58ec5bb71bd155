package diagnose_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// codesOf returns the codes of d's findings with their match kinds.
func codesOf(d *diagnose.Diagnosis) []string {
	var out []string
	for _, f := range d.Findings {
		out = append(out, string(f.Code)+" "+string(f.Match))
	}
	return out
}

// TestWindowBoundaryKeepsRow: one line that repeats the trees' mutation skip (sweep
// finding 16's generator: (m+' ')*N on one line) gives skip-mutated-inputs whatever its
// length and wherever a 64 KB window's end falls inside a message: a window's end is no
// line end for a row whose pattern asserts one (legacy-mutated-input's "…inputs\s*$"),
// which had matched there and superseded the trees' row past ~450 KB.
func TestWindowBoundaryKeepsRow(t *testing.T) {
	t.Parallel()
	const m = "skipping cudagraphs due to mutated inputs (1 instances). Found from : "
	want := []string{"skip-mutated-inputs exact"}
	check := func(name, text string) {
		d, err := diagnose.Read(strings.NewReader(text))
		require.NoError(t, err, name)
		if diff := cmp.Diff(want, codesOf(d)); diff != "" {
			t.Errorf("%s (%d bytes): findings mismatch (-want +got):\n%s", name, len(text), diff)
		}
	}
	for _, n := range []int{10, 1000, 6000, 7000, 20000} {
		if n > 7000 && diagnose.RaceEnabled {
			continue // 1.4 MB: .ci/run reads it without the race detector (race_test.go)
		}
		check("repeated", strings.Repeat(m+" ", n)+"\n")
	}
	// a window end at every offset inside one message: the line's start shifted a byte
	// at a time (under the race detector one offset in 8: .ci/run checks every one
	// without it)
	for shift := 0; shift <= len(m)+1; shift++ {
		if diagnose.RaceKeeps(shift) {
			check("shifted", strings.Repeat(" ", shift)+strings.Repeat(m+" ", 1000)+"\n")
		}
	}
}

// TestWrapKeepsRow: the trees' mutation skip wrapped by a terminal or a page before its
// count ("… mutated inputs" / "(84 instances). Found from :", sweep2 finding 4) is the
// trees' message, found wrapped, not the legacy implementation's count-less line; a
// count-less line followed by anything else is still the legacy one where the text shows
// cudagraph_trees=False (else the trees' line quoted without its count).
func TestWrapKeepsRow(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		want       []string
	}{
		{"before the count", "skipping cudagraphs due to mutated inputs\n(84 instances). Found from :\n", []string{"skip-mutated-inputs wrapped"}},
		{"before the count, indented", "W1203 inductor skipping cudagraphs due to mutated inputs\n   (84 instances)\n", []string{"skip-mutated-inputs wrapped"}},
		{"inside the count", "skipping cudagraphs due to mutated inputs (84\ninstances). Found from :\n", []string{"skip-mutated-inputs wrapped"}},
		{"a legacy line", "torch._inductor.config.triton.cudagraph_trees = False\nskipping cudagraphs due to mutated inputs\nTraceback (most recent call last):\n", []string{"legacy-mutated-input exact"}},
		{"a count-less line, trees", "skipping cudagraphs due to mutated inputs\nTraceback (most recent call last):\n", []string{"skip-mutated-inputs truncated"}},
	}
	for _, tt := range tests {
		d, err := diagnose.Read(strings.NewReader(tt.text))
		require.NoError(t, err, tt.name)
		if diff := cmp.Diff(tt.want, codesOf(d)); diff != "" {
			t.Errorf("%s: findings mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}
