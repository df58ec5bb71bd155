package script

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestScriptEnvReads: the script's own reads of a variable the environment given to
// ReadWith sets take that value (sweep finding 20: -env COMPILE_MODE=max-autotune and
// the process environment were ignored, only the default planned); a variable not
// given keeps the default; a variable the script sets itself keeps the default.
func TestScriptEnvReads(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, src string
		env, process      map[string]string
		want              [][]string // per site, the modes planned (nil: None); for a backend site, its backend
	}{
		{
			name: "get-default", reason: "sweep 20's envmode.py: the value given, not the default",
			src:  "import os, torch\nMODE = os.environ.get(\"COMPILE_MODE\", \"reduce-overhead\")\nm = torch.compile(f, mode=MODE)\n",
			env:  map[string]string{"COMPILE_MODE": "max-autotune"},
			want: [][]string{{"max-autotune"}},
		},
		{
			name: "getenv-or", reason: "os.getenv(K) or D: a given non-empty value is returned and D never runs",
			src:  "import os, torch\nm = torch.compile(f, mode=os.getenv(\"COMPILE_MODE\") or \"default\")\n",
			env:  map[string]string{"COMPILE_MODE": "max-autotune"},
			want: [][]string{{"max-autotune"}},
		},
		{
			name: "getenv-or-empty", reason: "an empty value is false: Python takes D",
			src:  "import os, torch\nm = torch.compile(f, mode=os.getenv(\"COMPILE_MODE\") or \"default\")\n",
			env:  map[string]string{"COMPILE_MODE": ""},
			want: [][]string{{"default"}},
		},
		{
			name: "subscript", reason: "os.environ[K] is the value given (without it every mode is planned)",
			src:     "import os, torch\nm = torch.compile(f, mode=os.environ[\"COMPILE_MODE\"])\n",
			process: map[string]string{"COMPILE_MODE": "reduce-overhead"},
			want:    [][]string{{"reduce-overhead"}},
		},
		{
			name: "env-beats-process", reason: "-env beats the process environment, as for PyTorch's variables",
			src:     "import os, torch\nm = torch.compile(f, mode=os.environ.get(\"COMPILE_MODE\", \"default\"))\n",
			env:     map[string]string{"COMPILE_MODE": "max-autotune"},
			process: map[string]string{"COMPILE_MODE": "reduce-overhead"},
			want:    [][]string{{"max-autotune"}},
		},
		{
			name: "not-a-mode", reason: "a value given is planned as given, even one that is no mode (PyTorch's error is the plan)",
			src:  "import os, torch\nm = torch.compile(f, mode=os.environ.get(\"COMPILE_MODE\", \"default\"))\n",
			env:  map[string]string{"COMPILE_MODE": "fast"},
			want: [][]string{{"fast"}},
		},
		{
			name: "not-given", reason: "a variable not given keeps the default",
			src:  "import os, torch\nm = torch.compile(f, mode=os.environ.get(\"COMPILE_MODE\", \"default\"))\n",
			env:  map[string]string{"OTHER": "max-autotune"},
			want: [][]string{{"default"}},
		},
		{
			name: "script-sets-it", reason: "the script's own os.environ[K] = V is what a later read sees: the given value is not used",
			src:  "import os, torch\nos.environ[\"COMPILE_MODE\"] = \"reduce-overhead\"\nm = torch.compile(f, mode=os.environ.get(\"COMPILE_MODE\", \"default\"))\n",
			env:  map[string]string{"COMPILE_MODE": "max-autotune"},
			want: [][]string{{"default"}},
		},
		{
			name: "backend", reason: "backend=os.environ.get(K, D) takes the value given",
			src:  "import os, torch\nm = torch.compile(f, backend=os.environ.get(\"BK\", \"inductor\"))\n",
			env:  map[string]string{"BK": "eager"},
			want: [][]string{{"backend eager"}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Env: tc.env, ProcessEnv: tc.process})
			require.NoError(t, err)
			var got [][]string
			for _, st := range s.Sites {
				var ms []string
				if st.Backend != nil && *st.Backend != "inductor" {
					ms = append(ms, "backend "+*st.Backend)
				} else {
					for _, m := range st.Modes([]string{"default", "reduce-overhead", "max-autotune", "max-autotune-no-cudagraphs"}) {
						if m == nil {
							ms = append(ms, "None")
						} else {
							ms = append(ms, *m)
						}
					}
				}
				got = append(got, ms)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("modes (-want +got) (%s):\n%s\nnotes %q", tc.reason, diff, s.Sites[0].Notes)
			}
		})
	}
}

// TestEnvReadsListed: Script.EnvReads lists each variable the script reads once, with
// the value given; an assignment to os.environ[K] is no read.
func TestEnvReadsListed(t *testing.T) {
	t.Parallel()
	src := `import os, torch
os.environ["TORCHINDUCTOR_MAX_AUTOTUNE"] = "1"
MODE = os.environ.get("COMPILE_MODE", "default")
N = os.getenv("WORKERS")
if os.environ["COMPILE_MODE"]:
    pass
`
	s, err := ReadWith(strings.NewReader(src), ReadOptions{Env: map[string]string{"COMPILE_MODE": "x"}})
	require.NoError(t, err)
	x := "x"
	want := []EnvRead{{Line: 3, Name: "COMPILE_MODE", Value: &x, From: "-env"}, {Line: 4, Name: "WORKERS"}}
	if diff := cmp.Diff(want, s.EnvReads, cmp.AllowUnexported(EnvRead{})); diff != "" {
		t.Errorf("EnvReads (-want +got):\n%s", diff)
	}
}

// TestUnreadEnv: a -env variable neither the script nor PyTorch (as the planner
// models it) reads is reported, so that it is never ignored silently (sweep finding
// 20); the script's own reads, the Inductor config's variables (a TORCHINDUCTOR_ one
// no release reads has the planner's unknown-env-var warning), the allocator's and
// TORCH_LOGS are not.
func TestUnreadEnv(t *testing.T) {
	t.Parallel()
	s, err := ReadWith(strings.NewReader("import os\nM = os.environ.get(\"COMPILE_MODE\", \"default\")\n"), ReadOptions{})
	require.NoError(t, err)
	got := s.UnreadEnv([]string{"COMPILE_MODE", "COMPILE_MOD", "TORCHINDUCTOR_MAX_AUTOTUNE", "TORCHINDUCTOR_NOPE", "PYTORCH_CUDA_ALLOC_CONF", "TORCH_LOGS", "TORCH_COMPILE_DISABLE", "FOO"})
	if diff := cmp.Diff([]string{"COMPILE_MOD", "FOO"}, got); diff != "" {
		t.Errorf("UnreadEnv (-want +got):\n%s", diff)
	}
	var nilScript *Script
	if diff := cmp.Diff([]string{"FOO"}, nilScript.UnreadEnv([]string{"FOO", "TORCH_LOGS"})); diff != "" {
		t.Errorf("nil Script UnreadEnv (-want +got):\n%s", diff)
	}
}

// TestScriptUnknownInductorEnv: a TORCHINDUCTOR_ variable that no release reads, set
// by the script, gets the warning the same variable gets from -env (sweep2 finding 2:
// os.environ["TORCHINDUCTOR_DISABLE_CUDAGRAPHS"] = "1", people's own fix, was listed
// and never warned about).
func TestScriptUnknownInductorEnv(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"TORCHINDUCTOR_DISABLE_CUDAGRAPHS", "TORCHINDUCTOR_CUDAGRAPH_TREES"} {
		src := "import os\nos.environ[\"" + name + "\"] = \"1\"\nimport torch\nm = torch.compile(f, mode=\"reduce-overhead\")\n"
		s, err := ReadWith(strings.NewReader(src), ReadOptions{})
		require.NoError(t, err)
		p, err := s.PlanWith(PlanOptions{})
		require.NoError(t, err)
		require.Len(t, p.Sites, 1)
		require.NotNil(t, p.Sites[0].Plan)
		require.NotNil(t, p.Sites[0].Plan.Report)
		var codes []string
		for _, w := range p.Sites[0].Plan.Report.Warnings {
			codes = append(codes, string(w.Code))
		}
		if !slices.Contains(codes, "unknown-env-var") {
			t.Errorf("%s set by the script: warnings %v, want unknown-env-var as -env %s=1 gives", name, codes, name)
		}
	}
}
