package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestScriptEnvBeatsGiven: the script's own change of a variable before PyTorch reads
// it (os.environ[K] = V, .update, .pop, del) replaces the value of the environment it
// starts in, whether -env (PlanOptions.CLI.Env) or the process's gave it (sweep4
// finding 25: -env beat the assignment, and a pop was not read at; measured on 2.6.0
// and 2.14.1, the CPU chroots: TORCHINDUCTOR_MAX_AUTOTUNE=1 in the environment, then
// os.environ.pop / del os.environ[…] / os.environ[…] = "0" before
// `import torch._inductor.config` gives max_autotune False). os.putenv and os.unsetenv
// change the C environment only, so the given value stays; setdefault keeps it.
func TestScriptEnvBeatsGiven(t *testing.T) {
	t.Parallel()
	const k = "TORCHINDUCTOR_MAX_AUTOTUNE"
	const tail = "import torch\nm = torch.compile(torch.nn.Linear(2, 2).cuda())\n"
	given := map[string]string{k: "1"}
	cases := []struct {
		name, reason, src string
		want              bool // max_autotune in the plan
		replaced          int  // the line ReplacedEnv names (0: none)
	}{
		{"assign", "finding 25 hE1_envset.py", "import os\nos.environ[\"" + k + "\"] = \"0\"\n", false, 2},
		{"update", "os.environ.update({…})", "import os\nos.environ.update({\"" + k + "\": \"0\"})\n", false, 2},
		{"pop", "finding 25 hE3_pop.py", "import os\nos.environ.pop(\"" + k + "\", None)\n", false, 2},
		{"pop-one-arg", "os.environ.pop(K) raises KeyError only when unset: it removes it", "import os\nos.environ.pop(\"" + k + "\")\n", false, 2},
		{"del", "del os.environ[K]", "import os\ndel os.environ[\"" + k + "\"]\n", false, 2},
		{"del-tuple", "del os.environ[A], os.environ[K]", "import os\ndel os.environ[\"X\"], os.environ[\"" + k + "\"]\n", false, 2},
		{"pop-then-set", "program order: the last change wins", "import os\nos.environ.pop(\"" + k + "\", None)\nos.environ[\"" + k + "\"] = \"1\"\n", true, 2},
		{"setdefault", "setdefault keeps the given value", "import os\nos.environ.setdefault(\"" + k + "\", \"0\")\n", true, 0},
		{"putenv", "os.putenv: os.environ does not see it", "import os\nos.putenv(\"" + k + "\", \"0\")\n", true, 0},
		{"unsetenv", "os.unsetenv: os.environ does not see it", "import os\nos.unsetenv(\"" + k + "\")\n", true, 0},
		{"after-config-import", "a pop after torch._inductor.config was imported comes too late",
			"import os\nimport torch._inductor.config\nos.environ.pop(\"" + k + "\", None)\n", true, 0},
		{"untouched", "no change: the given value", "import os\n", true, 0},
	}
	for _, tc := range cases {
		for _, via := range []string{"cli", "process"} {
			t.Run(tc.name+"/"+via, func(t *testing.T) {
				t.Parallel()
				ro := ReadOptions{Name: "e.py"}
				po := PlanOptions{}
				if via == "cli" {
					ro.Env, po.CLI.Env = given, given
				} else {
					ro.ProcessEnv, po.ProcessEnv = given, given
				}
				s, err := ReadWith(strings.NewReader(tc.src+tail), ro)
				require.NoError(t, err)
				p, err := s.PlanWith(po)
				require.NoError(t, err)
				rep := p.Sites[0].Plan.Report
				require.NotNil(t, rep)
				v, ok := rep.Value("max_autotune")
				require.True(t, ok)
				got, _ := v.Bool()
				if got != tc.want {
					t.Errorf("%s: max_autotune %v, want %v", tc.reason, got, tc.want)
				}
				line := 0
				if r := s.ReplacedEnv([]string{k}); len(r) > 0 {
					line = r[0].Line
				}
				if diff := cmp.Diff(tc.replaced, line); diff != "" {
					t.Errorf("%s: ReplacedEnv line (-want +got):\n%s", tc.reason, diff)
				}
			})
		}
	}
}

// TestEnvRemovedText: a removal is listed as removed, with how, and os.unsetenv of a
// variable the Inductor config reads is an env-putenv warning naming the os.environ
// form.
func TestEnvRemovedText(t *testing.T) {
	t.Parallel()
	s, err := readBytes("e.py", []byte("import os\nos.environ.pop(\"TORCHINDUCTOR_MAX_AUTOTUNE\", None)\nos.unsetenv(\"TORCHINDUCTOR_FREEZING\")\nimport torch\n"))
	require.NoError(t, err)
	require.Len(t, s.Env, 2)
	if diff := cmp.Diff("line 2: TORCHINDUCTOR_MAX_AUTOTUNE removed (pop)", envLine(s.Env[0])); diff != "" {
		t.Errorf("envLine (-want +got):\n%s", diff)
	}
	require.True(t, s.Env[0].Unset)
	require.True(t, hasWarning(s, WarningPutenv, `os.environ.pop("TORCHINDUCTOR_FREEZING", None)`), "%v", s.Warnings)
}

// hasWarning reports whether s has a warning of code whose message holds sub.
func hasWarning(s *Script, code, sub string) bool {
	for _, w := range s.Warnings {
		if w.Code == code && strings.Contains(w.Message, sub) {
			return true
		}
	}
	return false
}
