package script

import (
	"strings"
	"testing"
)

// TestUnseenFirstCallGlobals: a site whose first call the reader does not see names
// the Inductor globals the file assigns after it, which are in force where that call
// comes after them (unseen6 y04:25, the compiled def called through a dict of
// backends in an optimizer's step); a first call seen plans them, or shows they come
// later, and says nothing (firstcallunseen.go).
func TestUnseenFirstCallGlobals(t *testing.T) {
	t.Parallel()
	const head = "import torch\nimport torch._inductor.config as config\n@torch.compile\ndef f(x):\n    return x * 2\n"
	cases := []struct {
		name, src string
		note      string // "" : none
	}{
		{"through a dict", head + "backends = dict(f=f)\nconfig.coordinate_descent_tuning = True\nfor _ in range(3):\n    opt.step()\n", "(line 7: coordinate_descent_tuning=True)"},
		{"called after", head + "config.coordinate_descent_tuning = True\nf(torch.randn(2))\n", ""},
		{"called before", head + "f(torch.randn(2))\nconfig.coordinate_descent_tuning = True\n", ""},
		{"no global after", "import torch\nimport torch._inductor.config as config\nconfig.coordinate_descent_tuning = True\n@torch.compile\ndef f(x):\n    return x * 2\nbackends = dict(f=f)\n", ""},
	}
	for _, tc := range cases {
		got := oneSiteNote(t, "u.py", tc.src, func(n string) bool { return strings.HasPrefix(n, "its first call is not among") })
		if tc.note == "" && got != "" || !strings.Contains(got, tc.note) {
			t.Errorf("%s: note %q, want one with %q", tc.name, got, tc.note)
		}
	}
}
