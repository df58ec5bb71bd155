package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestAccelerateEnv: a TorchDynamoPlugin that accelerate builds without backend= (a
// bare Accelerator(), a plugin without backend=) reads ACCELERATE_DYNAMO_BACKEND and,
// for the keywords not given, _MODE, _USE_FULLGRAPH, _USE_DYNAMIC (sweep4 finding 3:
// `accelerate launch` compile was invisible and -env of it "read by nothing"): given
// by -env, the environment or the script's own os.environ assignment, it is planned.
func TestAccelerateEnv(t *testing.T) {
	t.Parallel()
	const bare = "from accelerate import Accelerator\naccelerator = Accelerator()\n"
	const plug = "from accelerate.utils import TorchDynamoPlugin\np = TorchDynamoPlugin(mode=\"max-autotune\")\n"
	type want struct {
		sites             int
		backend, mode     string // planned ("" none)
		fullgraph         bool
		warn, exc, notEnv string // a word of the framework-compile warning; the error; a -env said unread
	}
	cases := []struct {
		name, src string
		env, proc map[string]string
		want      want
	}{
		{"bare unset", bare, nil, nil, want{warn: "-env ACCELERATE_DYNAMO_BACKEND=inductor"}},
		{"bare -env", bare, map[string]string{"ACCELERATE_DYNAMO_BACKEND": "INDUCTOR", "ACCELERATE_DYNAMO_MODE": "reduce-overhead"}, nil,
			want{sites: 1, backend: "inductor", mode: "reduce-overhead", warn: "ACCELERATE_DYNAMO_BACKEND=INDUCTOR (from -env ACCELERATE_DYNAMO_BACKEND)"}},
		{"bare process env", bare, nil, map[string]string{"ACCELERATE_DYNAMO_BACKEND": "inductor", "ACCELERATE_DYNAMO_USE_FULLGRAPH": "yes"},
			want{sites: 1, backend: "inductor", fullgraph: true, warn: "fullgraph=True"}},
		{"bare mode default dropped", bare, map[string]string{"ACCELERATE_DYNAMO_BACKEND": "EAGER", "ACCELERATE_DYNAMO_MODE": "default"}, nil,
			want{sites: 1, backend: "eager", warn: "torch.compile(model, backend=\"eager\")"}},
		{"bare no", bare, map[string]string{"ACCELERATE_DYNAMO_BACKEND": "NO", "ACCELERATE_DYNAMO_MODE": "max-autotune"}, nil, want{}},
		{"script sets it", "import os\nos.environ[\"ACCELERATE_DYNAMO_BACKEND\"] = \"inductor\"\nos.environ[\"ACCELERATE_DYNAMO_MODE\"] = \"max-autotune\"\n" + bare, nil, nil,
			want{sites: 1, backend: "inductor", mode: "max-autotune", warn: "set by the script at line 2"}},
		{"script beats -env", "import os\nos.environ[\"ACCELERATE_DYNAMO_BACKEND\"] = \"no\"\n" + bare, map[string]string{"ACCELERATE_DYNAMO_BACKEND": "inductor"}, nil, want{}},
		{"bad truth value", bare, map[string]string{"ACCELERATE_DYNAMO_BACKEND": "inductor", "ACCELERATE_DYNAMO_USE_FULLGRAPH": "maybe"}, nil,
			want{sites: 1, backend: "inductor", exc: "ValueError: invalid truth value maybe", warn: "ACCELERATE_DYNAMO_BACKEND=inductor"}},
		{"plugin -env backend", plug, map[string]string{"ACCELERATE_DYNAMO_BACKEND": "INDUCTOR", "ACCELERATE_DYNAMO_MODE": "reduce-overhead"}, nil,
			want{sites: 1, backend: "inductor", mode: "max-autotune", warn: "mode=\"max-autotune\"", notEnv: "ACCELERATE_DYNAMO_MODE"}},
		{"plugin unset", plug, nil, nil, want{warn: "plan it with -env ACCELERATE_DYNAMO_BACKEND=inductor"}},
		{"accelerator backend, env mode", "from accelerate import Accelerator\na = Accelerator(dynamo_backend=\"inductor\")\n", map[string]string{"ACCELERATE_DYNAMO_MODE": "max-autotune-no-cudagraphs"}, nil,
			want{sites: 1, backend: "inductor", mode: "max-autotune-no-cudagraphs", warn: "backend=\"inductor\""}},
		{"given plugin: not bare", "from accelerate import Accelerator\nfrom accelerate.utils import TorchDynamoPlugin\na = Accelerator(dynamo_plugin=TorchDynamoPlugin(backend=\"eager\"))\n", map[string]string{"ACCELERATE_DYNAMO_MODE": "max-autotune"}, nil,
			want{sites: 1, backend: "eager", mode: "max-autotune", warn: "backend=\"eager\""}},
		{"unrelated -env still unread", bare, map[string]string{"ACCELERATE_DYNAMO_BACKEND": "no", "MY_FLAG": "1"}, nil, want{notEnv: "MY_FLAG"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Name: "f.py", Env: tc.env, ProcessEnv: tc.proc})
			require.NoError(t, err)
			var got want
			got.sites = len(s.Sites)
			for _, w := range s.Warnings {
				if w.Code == WarningFrameworkCompile && tc.want.warn != "" && strings.Contains(w.Message, tc.want.warn) {
					got.warn = tc.want.warn
				}
			}
			var names []string
			for n := range tc.env {
				names = append(names, n)
			}
			if u := s.UnreadEnv(names); len(u) > 0 {
				got.notEnv = strings.Join(u, ",")
			}
			if got.sites == 1 {
				st := s.Sites[0]
				got.fullgraph = st.Fullgraph != nil && *st.Fullgraph
				if st.Backend != nil {
					got.backend = *st.Backend
				}
				if st.Mode != nil {
					got.mode = *st.Mode
				}
				p, err := s.PlanWith(PlanOptions{})
				require.NoError(t, err)
				if e := p.Sites[0].Plan.Report.Error; e != nil {
					got.exc = e.Exception + ": " + e.Message
				}
			}
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(want{})); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
