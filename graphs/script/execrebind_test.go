package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGuardRebindableByExec: a guard decided by the constant a module-level name is
// assigned once names what may rebind that name after it, exec(…) of text the reader
// does not read or a write to globals(), and stays decided as written (unseen6
// y01–y03, nanoGPT's `compile = False` then exec(open('configurator.py').read())); a
// def's local, or a rebinder before the assignment, changes nothing (execrebind.go).
func TestGuardRebindableByExec(t *testing.T) {
	t.Parallel()
	const site = "if compile:\n    m = torch.compile(model)\n"
	const head = "import torch\nmodel = torch.nn.Linear(2, 2)\n"
	cases := []struct {
		name, src string
		notRun    bool   // the site's verdict: not run
		note      string // in the guard ("" : no note)
	}{
		{"exec after", head + "compile = False\nexec(open('configurator.py').read())\n" + site, true, "exec(open('configurator.py').read()) (line 4) runs code this reader does not read, which may rebind compile"},
		{"exec after, true", head + "compile = True\nexec(open('configurator.py').read())\n" + site, false, "may rebind compile"},
		{"exec of a string", head + "compile = False\nexec(\"compile = True\")\n" + site, true, "may rebind compile"},
		{"globals item", head + "compile = False\nfor k, v in overrides.items():\n    globals()[k] = v\n" + site, true, "globals()[k] (line 5) writes the module's globals, which may rebind compile"},
		{"globals update", head + "compile = False\nglobals().update(cfg)\n" + site, true, "globals().update(cfg) (line 4)"},
		{"globals read only", head + "compile = False\nkeys = [k for k in globals()]\n" + site, true, ""},
		{"exec before", head + "exec(open('configurator.py').read())\ncompile = False\n" + site, true, ""},
		{"a def's local", head + "exec(open('c.py').read())\ndef main():\n    compile = False\n    if compile:\n        m = torch.compile(model)\nmain()\n", true, ""},
	}
	for _, tc := range cases {
		s, err := readBytes("e.py", []byte(tc.src))
		require.NoError(t, err)
		require.Len(t, s.Sites, 1, tc.name)
		g := s.Sites[0].Guard
		if tc.note == "" && strings.Contains(g, "rebind") || tc.note != "" && !strings.Contains(g, tc.note) {
			t.Errorf("%s: guard %q, want it to say %q", tc.name, g, tc.note)
		}
		if notRun := strings.Contains(g, "so it does not run"); notRun != tc.notRun {
			t.Errorf("%s: not run %v, want %v (guard %q)", tc.name, notRun, tc.notRun, g)
		}
	}
}

// TestArgumentRebindableByExec: a keyword argument given by a module-level name that
// exec(…) or a globals() write after its assignment may rebind is noted on the site,
// with the values the file writes still planned (the sibling of
// TestGuardRebindableByExec's guards: `mode = "default"` then nanoGPT's configurator).
func TestArgumentRebindableByExec(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		note      string // "" : none
	}{
		{"mode after exec", "import torch\nmode = \"default\"\nexec(open('configurator.py').read())\nm = torch.compile(model, mode=mode)\n", "mode=mode: exec(open('configurator.py').read()) (line 3) runs code this reader does not read, which may rebind mode"},
		{"dynamic after globals update", "import torch\ndyn = False\nglobals().update(overrides)\nm = torch.compile(model, dynamic=dyn)\n", "dynamic=dyn: globals().update(overrides) (line 3) writes the module's globals, which may rebind dyn"},
		{"exec before", "import torch\nexec(open('c.py').read())\nmode = \"default\"\nm = torch.compile(model, mode=mode)\n", ""},
		{"a def's local", "import torch\nexec(open('c.py').read())\ndef f(model):\n    mode = \"default\"\n    return torch.compile(model, mode=mode)\n", ""},
		{"no rebinder", "import torch\nmode = \"default\"\nm = torch.compile(model, mode=mode)\n", ""},
	}
	for _, tc := range cases {
		got := oneSiteNote(t, "e.py", tc.src, func(n string) bool { return strings.Contains(n, "may rebind") })
		if tc.note == "" && got != "" || !strings.Contains(got, tc.note) {
			t.Errorf("%s: note %q, want one with %q", tc.name, got, tc.note)
		}
	}
}
