package script

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLinkedConditionalArguments: arguments given by conditional expressions with the
// same test, written the same way in one call, take their branches together: Python
// evaluates the test for each, and it gives the same answer (unseen5 x10: seed-vc's
// backend="inductor" if torch.cuda.is_available() else "aot_eager", mode="reduce-overhead"
// if torch.cuda.is_available() else None was planned as four combinations, two of
// which cannot happen, one with a warning of its own). Different tests combine freely.
func TestLinkedConditionalArguments(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src string
		want      []string // each plan: mode|args
	}{
		{"mode and backend", `m = torch.compile(f, backend="inductor" if torch.cuda.is_available() else "aot_eager", mode="reduce-overhead" if torch.cuda.is_available() else None)`,
			[]string{`"reduce-overhead"|backend='inductor' (line 2)`, `None|backend='aot_eager' (line 2)`}},
		{"mode and backend, mode first", `m = torch.compile(f, mode="max-autotune" if fast else "default", backend="inductor" if fast else "eager")`,
			[]string{`"max-autotune"|backend='inductor' (line 2)`, `"default"|backend='eager' (line 2)`}},
		{"backend and dynamic", `m = torch.compile(f, backend="inductor" if gpu else "eager", dynamic=False if gpu else None)`,
			[]string{`None|backend='inductor' (line 2), dynamic=False (line 2)`, `None|backend='eager' (line 2), dynamic=None (line 2)`}},
		{"different tests", `m = torch.compile(f, backend="inductor" if a else "eager", dynamic=False if b else None)`,
			[]string{`None|backend='inductor' (line 2), dynamic=False (line 2)`, `None|backend='inductor' (line 2), dynamic=None (line 2)`,
				`None|backend='eager' (line 2), dynamic=False (line 2)`, `None|backend='eager' (line 2), dynamic=None (line 2)`}},
		{"same value in both branches", `m = torch.compile(f, backend="inductor" if a else "inductor", mode="max-autotune" if a else None)`,
			[]string{`"max-autotune"|`, `None|`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("a.py", []byte("import torch\n"+tc.src+"\n"))
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.PlanWith(PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			sp := p.Sites[0].Plan
			if sp.Report != nil {
				got = append(got, fmt.Sprintf("%s|", modeText(p.Sites[0].Mode)))
			}
			for _, mp := range sp.Modes {
				got = append(got, fmt.Sprintf("%s|%s", modeText(mp.Mode), mp.Args))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("plans mismatch (-want +got):\n%s\nnotes: %q", diff, p.Sites[0].Notes)
			}
		})
	}
}
