package script

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestNotebookIPython: what IPython rewrites before Python sees a cell is read as it
// then runs (sweep2 findings 5 and 6): a %%time, %%timeit, %%capture, %%prun or
// %%debug cell's body is Python (a %%time cell was dropped whole: "0 compile sites",
// exit 0); obj? help lines and x = !cmd parse; an nbformat 3 notebook is read; a cell
// under another cell magic is left out and named in a cell-not-read warning.
func TestNotebookIPython(t *testing.T) {
	t.Parallel()
	const site = "m = torch.compile(f, mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, reason string
		cells        []string
		sites        int
		skipped      string // the cell-not-read warning's start ("": none)
	}{
		{"time", "sweep2 5: %%time runs its body in the kernel", []string{"import torch\n", "%%time\n" + site}, 1, ""},
		{"timeit-args", "%%timeit with options", []string{"import torch\n", "%%timeit -n 1 -r 1\n" + site}, 1, ""},
		{"capture", "%%capture", []string{"import torch\n", "\n%%capture out\n" + site}, 1, ""},
		{"help", "sweep2 6: obj? and obj?? are help requests", []string{"import torch\ntorch.compile?\ntorch.compile??\n?torch\n" + site}, 1, ""},
		{"shell-value", "sweep2 6: files = !ls and t = %timeit f()", []string{"import torch\nfiles = !ls\nt = %timeit f()\n" + site}, 1, ""},
		{"bash", "a %%bash cell is not Python: left out, and said", []string{"%%bash\necho torch.compile(\n", "import torch\n" + site}, 1, "code cell 1 (%%bash) not read"},
		{"python-subprocess", "%%python runs another process", []string{"import torch\n", "%%python\n" + site}, 0, "code cell 2 (%%python) not read"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var cells []map[string]any
			for _, c := range tc.cells {
				cells = append(cells, map[string]any{"cell_type": "code", "source": c, "metadata": map[string]any{}})
			}
			nb, err := json.Marshal(map[string]any{"cells": cells, "metadata": map[string]any{}, "nbformat": 4, "nbformat_minor": 5})
			require.NoError(t, err)
			s, err := readBytes("nb.ipynb", nb)
			require.NoError(t, err, tc.reason)
			if len(s.Sites) != tc.sites {
				t.Errorf("%d sites, want %d (%s)", len(s.Sites), tc.sites, tc.reason)
			}
			var got string
			for _, w := range s.Warnings {
				if w.Code == WarningCellNotRead {
					got = w.Message
				}
			}
			if !strings.HasPrefix(got, tc.skipped) || (tc.skipped == "") != (got == "") {
				t.Errorf("cell-not-read %q, want %q… (%s)", got, tc.skipped, tc.reason)
			}
		})
	}
}

// TestNotebookV3: an nbformat 3 notebook's worksheets' code cells ("input") are read
// (sweep2 finding 6: nb_v3.ipynb was read as one dict expression, 0 sites, exit 0).
func TestNotebookV3(t *testing.T) {
	t.Parallel()
	nb := `{"metadata": {}, "nbformat": 3, "nbformat_minor": 0, "worksheets": [{"cells": [
 {"cell_type": "code", "input": ["import torch\n", "m = torch.compile(f, mode=\"max-autotune\")"], "language": "python", "outputs": []}]}]}`
	s, err := readBytes("v3.ipynb", []byte(nb))
	require.NoError(t, err)
	var lines []int
	for _, st := range s.Sites {
		lines = append(lines, st.Line)
	}
	if diff := cmp.Diff([]int{2}, lines); diff != "" {
		t.Errorf("site lines (-want +got):\n%s", diff)
	}
}

// TestMagicFree pins the line rewrites, and what they leave alone.
func TestMagicFree(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"  %time x = 1\n":    "  pass\n",
		"!pip install x\n":   "pass\n",
		"torch.compile?\n":   "pass\n",
		"?torch\n":           "pass\n",
		"files = !ls -l\n":   "files = None\n",
		"a, b = %who_ls\n":   "a, b = None\n",
		"x = a != b\n":       "x = a != b\n",
		"x = y % 2\n":        "x = y % 2\n",
		"print('why?')\n":    "print('why?')\n",
		"is it true?\n":      "is it true?\n",
		"d[k] = !ls\n":       "d[k] = !ls\n",
		"x == !y\n":          "x == !y\n",
		"m = f(1) # what?\n": "m = f(1) # what?\n",
	} {
		if got := magicFree(in); got != want {
			t.Errorf("magicFree(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestNotebookPositions: a notebook's sites and syntax errors also say which code
// cell and which line of it (sweep2 finding 6: only the line in the joined code, which
// a notebook user cannot find, and a left-out %%bash cell shifted nothing visibly).
func TestNotebookPositions(t *testing.T) {
	t.Parallel()
	nb := func(cells ...string) []byte {
		var cs []map[string]any
		for _, c := range cells {
			cs = append(cs, map[string]any{"cell_type": "code", "source": c})
		}
		data, err := json.Marshal(map[string]any{"cells": cs, "nbformat": 4, "nbformat_minor": 5, "metadata": map[string]any{}})
		require.NoError(t, err)
		return data
	}
	s, err := readBytes("nb.ipynb", nb("%%bash\necho hi\n", "import torch\nx = 1", "y = 2\nm = torch.compile(f)\n"))
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, s.WriteText(&b, 0))
	if want := "nb.ipynb (code cells):4 (code cell 3, line 2) torch.compile(f)"; !strings.Contains(b.String(), want) {
		t.Errorf("text lacks %q:\n%s", want, b.String())
	}
	// sweep10 finding 6: the header's lines too (globals, environment, its reads,
	// threads, warnings), where they named the joined line alone.
	s, err = readBytes("nb.ipynb", nb("import os, threading\nimport torch\nm = torch.compile(f)\n",
		"torch._inductor.config.max_autotune = True\nos.environ[\"TORCHINDUCTOR_CUDAGRAPHS\"] = \"1\"\nr = os.environ.get(\"RANK\")\nthreading.Thread(target=m).start()\n"))
	require.NoError(t, err)
	b.Reset()
	require.NoError(t, s.WriteText(&b, 0))
	for _, want := range []string{
		"line 4 (code cell 2, line 1): max_autotune = True",
		"line 5 (code cell 2, line 2): TORCHINDUCTOR_CUDAGRAPHS=\"1\"",
		"line 6 (code cell 2, line 3): RANK",
		"line 7 (code cell 2, line 4): threading.Thread",
		"[env-after-import] line 5 (code cell 2, line 2): TORCHINDUCTOR_CUDAGRAPHS",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
	_, err = readBytes("nb.ipynb", nb("import torch\n", "x = (1,\n"))
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	if !strings.HasSuffix(se.Msg, "(code cell 2, line 1)") || se.Line != 2 {
		t.Errorf("syntax error at line %d: %q, want line 2 and the cell named", se.Line, se.Msg)
	}
}
