package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestScriptPythonSyntax: -script with -python X.Y refuses, as exit 2 with the file's
// line and column, a form that Python refuses (sweep finding 16; measured:
// graphs/script/testdata/pyversion), and plans it on a Python that accepts it.
func TestScriptPythonSyntax(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, python, src string
		code              int
		stderr            string
	}{
		{"match-3.8", "3.8", "import torch\nmatch x:\n    case 1:\n        f = torch.compile(m)\n", 2,
			"p.py:2:1: Python 3.8 raises SyntaxError(\"invalid syntax\") (a match statement needs Python 3.10)"},
		{"match-3.10", "3.10", "import torch\nmatch x:\n    case 1:\n        f = torch.compile(m)\n", 0, ""},
		{"fstring-reuse-3.11", "3.11", "import torch\nd = {}\nf = torch.compile(m, mode=f\"{d[\"k\"]}\")\n", 2,
			"needs Python 3.12"},
		{"fstring-backslash-3.11", "3.11", "import torch\nx = f\"{'\\n'.join(a)}\"\nf = torch.compile(m)\n", 2,
			"f-string expression part cannot include a backslash"},
		{"fstring-reuse-3.12", "3.12", "import torch\nd = {}\nx = f\"{d[\"k\"]}\"\nf = torch.compile(m)\n", 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			p := filepath.Join(dir, "p.py")
			require.NoError(t, os.WriteFile(p, []byte(tc.src), 0o644))
			var out, errb strings.Builder
			code := run([]string{"-script", p, "-python", tc.python, "-torch", "2.11"}, &out, &errb, nil)
			require.Equal(t, tc.code, code, errb.String())
			require.Contains(t, errb.String(), tc.stderr)
		})
	}
}

// TestScriptNewerPythonNote: without -python, a script that needs a newer Python than
// the release's default gets a note on stderr naming the Python it needs; the exit
// status stays the plan's (sweep finding 13, s9_py314.py).
func TestScriptNewerPythonNote(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src, stderr string
	}{
		{"except-no-parens", "import torch\ntry:\n    pass\nexcept ValueError, TypeError:\n    pass\nf = torch.compile(m)\n",
			"p.py:4:18: the plan is for Python 3.12 (the release's default), which refuses this file"},
		{"t-string", "import torch\nx = t\"hello {name}\"\nf = torch.compile(m)\n", "a t-string (PEP 750) needs Python 3.14"},
		{"plain", "import torch\nf = torch.compile(m)\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := filepath.Join(t.TempDir(), "p.py")
			require.NoError(t, os.WriteFile(p, []byte(tc.src), 0o644))
			var out, errb strings.Builder
			code := run([]string{"-script", p, "-torch", "2.11"}, &out, &errb, nil)
			require.Equal(t, 0, code, errb.String())
			if tc.stderr == "" {
				require.NotContains(t, errb.String(), "refuses this file")
				return
			}
			require.Contains(t, errb.String(), tc.stderr)
		})
	}
}
