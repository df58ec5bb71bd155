package script

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHeaderEnvReads: the header counts and lists the variables the script reads
// itself, with the value the environment planned gives each (sweep4 finding 6: "0
// environment variables" for a script whose guard reads NO_COMPILE).
func TestHeaderEnvReads(t *testing.T) {
	t.Parallel()
	const src = "import os\nimport torch\ndef maybe(m):\n    if os.environ.get(\"NO_COMPILE\"):\n        return m\n    return torch.compile(m)\n"
	cases := []struct {
		name string
		env  map[string]string
		want []string
	}{
		{"unset", nil, []string{"0 environment variables set, 1 read", "line 4: NO_COMPILE (not set in the environment planned: the read's default)"}},
		{"env", map[string]string{"NO_COMPILE": "1"}, []string{"0 environment variables set, 1 read", `line 4: NO_COMPILE="1" (-env)`}},
	}
	// sweep6 finding 9: os.environ["NAME"] has no default; unset, it raises KeyError.
	const sub = "import os\nimport torch\nlocal_rank = int(os.environ[\"LOCAL_RANK\"])\nm = torch.compile(f)\n"
	for _, tc := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"subscript-unset", nil, `line 3: LOCAL_RANK (not set in the environment planned: os.environ["LOCAL_RANK"] raises KeyError there; -env LOCAL_RANK=V plans it)`},
		{"subscript-env", map[string]string{"LOCAL_RANK": "0"}, `line 3: LOCAL_RANK="0" (-env)`},
	} {
		s, err := ReadWith(strings.NewReader(sub), ReadOptions{Name: "e.py", Env: tc.env})
		require.NoError(t, err)
		var b bytes.Buffer
		require.NoError(t, s.WriteText(&b, 200))
		require.Contains(t, b.String(), tc.want, tc.name)
		require.NotContains(t, b.String(), "the read's default", tc.name)
	}
	for _, tc := range cases {
		s, err := ReadWith(strings.NewReader(src), ReadOptions{Name: "e.py", Env: tc.env})
		require.NoError(t, err)
		var b bytes.Buffer
		require.NoError(t, s.WriteText(&b, 200))
		for _, w := range tc.want {
			require.Contains(t, b.String(), w, tc.name)
		}
	}
	s, err := ReadWith(strings.NewReader("import torch\nm = torch.compile(f)\n"), ReadOptions{})
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, s.WriteText(&b, 200))
	require.Contains(t, b.String(), "0 environment variables · ", "no read: the count as before")
}

// TestHeaderEnvReadGuarded: os.environ["NAME"] under a guard raises KeyError only if
// that line runs (sweep10 finding 4: `if "LOCAL_RANK" in os.environ:` and nanoGPT's
// `if ddp:` were said to raise "there"); unguarded, it raises there.
func TestHeaderEnvReadGuarded(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, src, want string }{
		{"membership", "import os\nimport torch\nif \"LOCAL_RANK\" in os.environ:\n    r = int(os.environ[\"LOCAL_RANK\"])\nm = torch.compile(f)\n",
			`line 4: LOCAL_RANK (not set in the environment planned: os.environ["LOCAL_RANK"] raises KeyError if that line runs; -env LOCAL_RANK=V plans it) — conditional: if "LOCAL_RANK" in os.environ (line 3)`},
		{"ddp-flag", "import os\nimport torch\nddp = int(os.environ.get(\"RANK\", -1)) != -1\nif ddp:\n    r = int(os.environ[\"LOCAL_RANK\"])\nm = torch.compile(f)\n",
			`os.environ["LOCAL_RANK"] raises KeyError if that line runs; -env LOCAL_RANK=V plans it) — conditional: if ddp (line 4)`},
		{"def-called", "import os\nimport torch\ndef setup():\n    return int(os.environ[\"WORLD_SIZE\"])\nsetup()\nm = torch.compile(f)\n",
			`os.environ["WORLD_SIZE"] raises KeyError there; -env WORLD_SIZE=V plans it)`},
		{"def-called-under-guard", "import os\nimport torch\ndef setup():\n    return int(os.environ[\"WORLD_SIZE\"])\nif os.environ.get(\"RANK\"):\n    setup()\nm = torch.compile(f)\n",
			`os.environ["WORLD_SIZE"] raises KeyError if that line runs; -env WORLD_SIZE=V plans it) — conditional: `},
		{"unguarded", "import os\nimport torch\nr = int(os.environ[\"LOCAL_RANK\"])\nm = torch.compile(f)\n",
			`os.environ["LOCAL_RANK"] raises KeyError there; -env LOCAL_RANK=V plans it)`},
	}
	for _, tc := range cases {
		s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Name: "e.py"})
		require.NoError(t, err)
		var b bytes.Buffer
		require.NoError(t, s.WriteText(&b, 400))
		require.Contains(t, b.String(), tc.want, tc.name)
	}
}
