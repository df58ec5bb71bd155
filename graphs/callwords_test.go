package graphs_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
)

// TestCallErrorWords: an error of Check for a call read from a text is said without the
// scenario's field names or a Go package's prefix, a field the message does not name
// in the call's terms, and a PyTorch message it quotes kept apart from the tool's words
// (fix brief 29, finding 3: "could not be planned: scenario resolve: free-threaded
// Python 3.13t on torch 2.11: … Please use Python 3.13.3+. on 3.13.0t to 3.13.2t …").
func TestCallErrorWords(t *testing.T) {
	t.Parallel()
	ptr := func(s string) *string { return &s }
	tests := []struct {
		name        string
		sc          graphs.Scenario
		want, never []string
		reason      string
	}{
		{"free-threaded", graphs.Scenario{Python: "3.13t", Mode: ptr("reduce-overhead")},
			[]string{"free-threaded Python 3.13t on torch 2.11: the patch release decides: torch.compile raises " +
				"RuntimeError(\"torch.compile is not supported on Python < 3.13.3 built with GIL disabled. Please use Python 3.13.3+.\") on 3.13.0t"},
			[]string{"resolve", "scenario", "python:", "config: "}, "the brief's text: an internal step's label and a quote run into the tool's words"},
		{"too-old-free-threaded", graphs.Scenario{Python: "3.12t"}, []string{"free-threaded Python 3.12t on torch 2.11"},
			[]string{"resolve", "scenario"}, "the resolver's other refusal of a Python"},
		{"options", graphs.Scenario{Options: "{'max_autotune': provided}"}, []string{"the call's options: bad literal at offset"},
			[]string{"scenario"}, "lookalike: a field the message does not name keeps the call's term for it"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := graphs.Check(&tc.sc)
			if err == nil {
				t.Fatalf("Check(%+v): no error (%s)", tc.sc, tc.reason)
			}
			got := graphs.CallErrorWords(err)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("CallErrorWords = %q, want it to hold %q (%s)", got, w, tc.reason)
				}
			}
			for _, n := range tc.never {
				if strings.Contains(got, n) {
					t.Errorf("CallErrorWords = %q holds %q (%s)", got, n, tc.reason)
				}
			}
		})
	}
	if got := graphs.CallErrorWords(nil); got != "" {
		t.Errorf("CallErrorWords(nil) = %q, want \"\"", got)
	}
}
