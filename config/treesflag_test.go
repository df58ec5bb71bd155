package config

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/modes"
)

// TestTreesFlagFixWording checks that the fix of trees-flag-does-not-disable-cudagraphs
// does not assume the False was meant to turn CUDA graphs off (newuser27: gpt-fast's
// generate.py sets it on purpose, "# Bug with cudagraph trees in this case", and was
// told "to keep them, leave cudagraph_trees on"): it offers the way to run without
// CUDA graphs, keeping the legacy implementation on purpose with what that costs,
// and cudagraph trees.
func TestTreesFlagFixWording(t *testing.T) {
	v211 := modes.Version{Major: 2, Minor: 11}
	for _, tc := range []struct {
		name    string
		req     Request
		want    []string
		notWant []string
		reason  string
	}{
		{
			name: "mode-global",
			req:  Request{Mode: strp("reduce-overhead"), Globals: globals(t, "triton.cudagraph_trees=False")},
			want: []string{"if you set it to turn CUDA graphs off, use a mode without CUDA graphs (max-autotune-no-cudagraphs or default instead of reduce-overhead) instead",
				"if you chose the legacy implementation on purpose (a workaround for cudagraph trees), keep it, at its cost: a parameter (or other static input) replaced at a new address between calls fails its address assert",
				"leave cudagraph_trees at its default, True"},
			notWant: []string{"to keep them, leave cudagraph_trees on"},
			reason:  "gpt-fast's case: the False may be a choice of the legacy implementation",
		},
		{
			name:    "options",
			req:     Request{Options: opts(t, `{"triton.cudagraphs": True, "triton.cudagraph_trees": False}`)},
			want:    []string{"use \"triton.cudagraphs\": False in your options dict", "on purpose", "fails its address assert"},
			notWant: []string{"to keep them"},
			reason:  "the options form says the same three ways",
		},
		{
			name:    "no-size-asserts",
			req:     Request{Mode: strp("reduce-overhead"), Globals: globals(t, "triton.cudagraph_trees=False", "size_asserts=False")},
			want:    []string{"on purpose", "is read at its old address, unchecked (size_asserts=False)"},
			notWant: []string{"fails its address assert"},
			reason:  "without size_asserts the cost is a silent read, not an assert",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Resolve(v211, tc.req)
			if err != nil {
				t.Fatalf("Resolve: %v (%s)", err, tc.reason)
			}
			var fix string
			for _, w := range res.Warnings {
				if w.Code == WarnTreesFlagDoesNotDisableCUDAGraphs {
					fix = w.Recommendation
				}
			}
			if fix == "" {
				t.Fatalf("no trees-flag-does-not-disable-cudagraphs warning (%s)", tc.reason)
			}
			for _, s := range tc.want {
				if !strings.Contains(fix, s) {
					t.Errorf("fix lacks %q (%s):\n%s", s, tc.reason, fix)
				}
			}
			for _, s := range tc.notWant {
				if strings.Contains(fix, s) {
					t.Errorf("fix has %q (%s):\n%s", s, tc.reason, fix)
				}
			}
		})
	}
}
