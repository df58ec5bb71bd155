package script

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestEnvMagic: a notebook's %env and %set_env set the variable in the kernel, as
// IPython 8.12.3's OSMagics does (sweep3 finding 13: %env TORCHINDUCTOR_…=1 before
// import torch was ignored); !export does not (a subshell), and %env NAME only reads.
func TestEnvMagic(t *testing.T) {
	t.Parallel()
	const tail = "import torch\nm = torch.compile(f, mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, reason, cell string
		want               []string // each EnvSet: NAME=VALUE (nil value: NAME=?), after import marked
	}{
		{name: "env-equals", reason: "%env NAME=VALUE", cell: "%env TORCHINDUCTOR_MAX_AUTOTUNE=1\n",
			want: []string{"TORCHINDUCTOR_MAX_AUTOTUNE=1"}},
		{name: "env-space", reason: "%env NAME VALUE", cell: "%env TORCHINDUCTOR_MAX_AUTOTUNE 1\n",
			want: []string{"TORCHINDUCTOR_MAX_AUTOTUNE=1"}},
		{name: "env-spaces-around-equals", reason: "split at = and stripped", cell: "%env TORCHINDUCTOR_FREEZING = 1\n",
			want: []string{"TORCHINDUCTOR_FREEZING=1"}},
		{name: "set-env", reason: "%set_env NAME=VALUE", cell: "%set_env TORCHINDUCTOR_COORDINATE_DESCENT_TUNING=1\n",
			want: []string{"TORCHINDUCTOR_COORDINATE_DESCENT_TUNING=1"}},
		{name: "value-with-equals", reason: "only the first = splits", cell: "%env TORCH_LOGS=+dynamo,recompiles=1\n",
			want: []string{"TORCH_LOGS=+dynamo,recompiles=1"}},
		{name: "indented", reason: "under an if, kept indented", cell: "if True:\n    %env TORCHINDUCTOR_MAX_AUTOTUNE=1\n",
			want: []string{"TORCHINDUCTOR_MAX_AUTOTUNE=1"}},
		{name: "expanded", reason: "$x is expanded by IPython first: not the text", cell: "v = \"1\"\n%env TORCHINDUCTOR_MAX_AUTOTUNE=$v\n",
			want: []string{"TORCHINDUCTOR_MAX_AUTOTUNE=?"}},
		{name: "read-only", reason: "%env NAME reads it", cell: "%env TORCHINDUCTOR_MAX_AUTOTUNE\n"},
		{name: "list", reason: "%env lists", cell: "%env\n"},
		{name: "shell-export", reason: "!export runs in a subshell: the kernel's environment is unchanged", cell: "!export TORCHINDUCTOR_MAX_AUTOTUNE=1\n"},
		{name: "whitespace-name", reason: "IPython refuses a name with whitespace", cell: "%set_env A B=1\n"},
		{name: "environ-in-cell", reason: "os.environ in a cell, as in a script", cell: "import os\nos.environ[\"TORCHINDUCTOR_MAX_AUTOTUNE\"] = \"1\"\n",
			want: []string{"TORCHINDUCTOR_MAX_AUTOTUNE=1"}},
		{name: "after-import", reason: "after import torch._inductor: too late, said", cell: "import torch._inductor.config\n%env TORCHINDUCTOR_MAX_AUTOTUNE=1\n",
			want: []string{"TORCHINDUCTOR_MAX_AUTOTUNE=1 after import"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var cells []map[string]any
			for _, c := range []string{tc.cell, tail} {
				cells = append(cells, map[string]any{"cell_type": "code", "source": c, "metadata": map[string]any{}})
			}
			nb, err := json.Marshal(map[string]any{"cells": cells, "metadata": map[string]any{}, "nbformat": 4, "nbformat_minor": 5})
			require.NoError(t, err)
			s, err := readBytes("nb.ipynb", nb)
			require.NoError(t, err, tc.reason)
			var got []string
			for _, e := range s.Env {
				v := "?"
				if e.Value != nil {
					v = *e.Value
				}
				g := e.Name + "=" + v
				if e.AfterImport {
					g += " after import"
				}
				got = append(got, g)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: environment (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}

// TestEnvMagicExported: a script exported from a notebook holds %env as the call
// IPython turns it into (nbconvert --to script, jupytext), read the same.
func TestEnvMagicExported(t *testing.T) {
	t.Parallel()
	const tail = "import torch\nm = torch.compile(f, mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, reason, src string
		want              []string
	}{
		{name: "run-line-magic", reason: "IPython 8's transform of %env NAME=VALUE",
			src: "get_ipython().run_line_magic('env', 'TORCHINDUCTOR_MAX_AUTOTUNE=1')\n", want: []string{"TORCHINDUCTOR_MAX_AUTOTUNE=1"}},
		{name: "set-env-space", reason: "%set_env NAME VALUE",
			src: "get_ipython().run_line_magic('set_env', 'TORCHINDUCTOR_FREEZING 1')\n", want: []string{"TORCHINDUCTOR_FREEZING=1"}},
		{name: "old-magic", reason: "the older get_ipython().magic('env NAME=VALUE')",
			src: "get_ipython().magic('env TORCHINDUCTOR_MAX_AUTOTUNE=1')\n", want: []string{"TORCHINDUCTOR_MAX_AUTOTUNE=1"}},
		{name: "read-only", reason: "%env NAME reads it",
			src: "get_ipython().run_line_magic('env', 'TORCHINDUCTOR_MAX_AUTOTUNE')\n"},
		{name: "other-magic", reason: "another magic sets nothing",
			src: "get_ipython().run_line_magic('timeit', 'A=1')\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("nb.py", []byte(tc.src+tail))
			require.NoError(t, err)
			var got []string
			for _, e := range s.Env {
				got = append(got, e.Name+"="+*e.Value)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: environment (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}

// FuzzEnvMagicLine: any %env line is rewritten to Python that parses, one line, or
// left alone.
func FuzzEnvMagicLine(f *testing.F) {
	for _, s := range []string{"%env A=1", "%env A 1", "%set_env A=$x", "%env", "%env A", "%env \"=\\\x01", "%envA=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		py, ok := envMagicLine(body)
		if !ok {
			return
		}
		if _, _, _, err := parseSource("f.py", py+"\n"); err != nil {
			t.Errorf("envMagicLine(%q) = %q, which does not parse: %v", body, py, err)
		}
		for i := 0; i < len(py); i++ {
			if py[i] == '\n' {
				t.Errorf("envMagicLine(%q) = %q: more than one line", body, py)
			}
		}
	})
}
