package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestSetdefaultKeepsEnvironment: os.environ.setdefault(K, V), and its other
// spellings (if "K" not in os.environ: os.environ["K"] = V; os.environ.get("K") is
// None), keep a value the environment the script starts in already has, as Python
// does (sweep2 finding 13: the process environment was dropped, -env kept).
func TestSetdefaultKeepsEnvironment(t *testing.T) {
	t.Parallel()
	const setdef = "import os\nos.environ.setdefault(\"TORCHINDUCTOR_CUDAGRAPHS\", \"1\")\n"
	const notIn = "import os\nif \"TORCHINDUCTOR_CUDAGRAPHS\" not in os.environ:\n    os.environ[\"TORCHINDUCTOR_CUDAGRAPHS\"] = \"1\"\n"
	const isNone = "import os\nif os.environ.get('TORCHINDUCTOR_CUDAGRAPHS') is None:\n    os.environ[\"TORCHINDUCTOR_CUDAGRAPHS\"] = \"1\"\n"
	const tail = "import torch\nm = torch.compile(torch.nn.Linear(4, 4))\n"
	cases := []struct {
		name, reason, src string
		process, cli      map[string]string
		known             bool   // the environment is given (ReadWith), else Read
		kept              string // EnvSet.Kept of the first variable
		cudagraphs        bool
	}{
		{name: "setdefault-process-env", reason: "sweep2 #13 setdef_cg.py with TORCHINDUCTOR_CUDAGRAPHS=0 in the shell",
			src: setdef, known: true, process: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "0"}, kept: "environment"},
		{name: "setdefault-cli-env", reason: "-env keeps it too",
			src: setdef, known: true, cli: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "0"}, kept: "-env"},
		{name: "setdefault-unset", reason: "not set: setdefault sets it",
			src: setdef, known: true, cudagraphs: true},
		{name: "setdefault-unknown-env", reason: "Read: a clean environment, setdefault sets it",
			src: setdef, cudagraphs: true},
		{name: "setdefault-after-own-set", reason: "the script set it first: setdefault keeps the script's value",
			src: "import os\nos.environ[\"TORCHINDUCTOR_CUDAGRAPHS\"] = \"0\"\nos.environ.setdefault(\"TORCHINDUCTOR_CUDAGRAPHS\", \"1\")\n", kept: "line 2"},
		{name: "not-in-process-env", reason: "the guard is false when the environment sets it",
			src: notIn, known: true, process: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "0"}},
		{name: "not-in-unset", reason: "the guard is true when it does not",
			src: notIn, known: true, cudagraphs: true},
		{name: "is-none-process-env", reason: "os.environ.get(K) is None likewise",
			src: isNone, known: true, process: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "0"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := tc.src + tail
			var s *Script
			var err error
			if tc.known {
				s, err = ReadWith(strings.NewReader(src), ReadOptions{Name: "e.py", Env: tc.cli, ProcessEnv: tc.process})
			} else {
				s, err = readBytes("e.py", []byte(src))
			}
			require.NoError(t, err)
			require.NotEmpty(t, s.Env)
			last := s.Env[len(s.Env)-1]
			if diff := cmp.Diff(tc.kept, last.Kept); diff != "" {
				t.Errorf("%s: Kept (-want +got):\n%s", tc.reason, diff)
			}
			var cli = PlanOptions{ProcessEnv: tc.process}
			cli.CLI.Env = tc.cli
			p, err := s.PlanWith(cli)
			require.NoError(t, err)
			rep := p.Sites[0].Plan.Report
			require.NotNil(t, rep)
			if got := rep.CUDAGraphs.Enabled; got != tc.cudagraphs {
				t.Errorf("%s: CUDA graphs enabled %v, want %v", tc.reason, got, tc.cudagraphs)
			}
		})
	}
}

// TestEnvironOrUpdate: os.environ |= {…} (Python 3.9+) sets its items as
// os.environ.update does (sweep3 finding 14: dropped silently).
func TestEnvironOrUpdate(t *testing.T) {
	t.Parallel()
	s, err := readBytes("e.py", []byte("import os\nos.environ |= {\"TORCHINDUCTOR_CUDAGRAPHS\": \"1\"}\nimport torch\nm = torch.compile(torch.nn.Linear(4, 4))\n"))
	require.NoError(t, err)
	require.Len(t, s.Env, 1)
	require.Equal(t, "TORCHINDUCTOR_CUDAGRAPHS", s.Env[0].Name)
	require.Equal(t, "update", s.Env[0].How)
	p, err := s.PlanWith(PlanOptions{})
	require.NoError(t, err)
	require.True(t, p.Sites[0].Plan.Report.CUDAGraphs.Enabled)
}
