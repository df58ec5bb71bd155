package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestModuleAliasAssigned: a config module bound to a name by assignment is that
// module wherever the name is read, in every form people write (sweep3 finding 25:
// cfg = torch._inductor.config; cfg.triton.cudagraphs = False was not a global); a
// name the file also binds to something else stays the script's own.
func TestModuleAliasAssigned(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, src string
		want              []string // the globals, KEY=VALUE (via)
	}{
		{name: "attr-chain", reason: "cfg = torch._inductor.config",
			src:  "import torch\ncfg = torch._inductor.config\ncfg.triton.cudagraphs = False\n",
			want: []string{"triton.cudagraphs=False (assign)"}},
		{name: "alias-of-import-alias", reason: "from torch._inductor import config as ic; c = ic",
			src:  "import torch\nfrom torch._inductor import config as ic\nc = ic\nc.max_autotune = True\n",
			want: []string{"max_autotune=True (assign)"}},
		{name: "import-as", reason: "import torch._inductor.config as C (an import alias already)",
			src:  "import torch\nimport torch._inductor.config as C\nC.coordinate_descent_tuning = True\n",
			want: []string{"coordinate_descent_tuning=True (assign)"}},
		{name: "package", reason: "ind = torch._inductor; ind.config.KEY",
			src:  "import torch\nind = torch._inductor\nind.config.max_autotune = True\n",
			want: []string{"max_autotune=True (assign)"}},
		{name: "inside-def", reason: "bound inside a def, used there",
			src:  "import torch\ndef setup():\n    icfg = torch._inductor.config\n    icfg.triton.cudagraph_trees = False\nsetup()\n",
			want: []string{"triton.cudagraph_trees=False (assign)"}},
		{name: "patch-through-alias", reason: "with cfg.patch(…) is config.patch",
			src:  "import torch\ncfg = torch._inductor.config\nwith cfg.patch({\"max_autotune\": True}):\n    m = torch.compile(torch.nn.Linear(2, 2))\n",
			want: []string{"max_autotune=True (patch)"}},
		{name: "setattr-through-alias", reason: "setattr(cfg, \"KEY\", V)",
			src:  "import torch\ncfg = torch._inductor.config\nsetattr(cfg, \"max_autotune\", True)\n",
			want: []string{"max_autotune=True (assign)"}},
		{name: "dynamo-config", reason: "dcfg = torch._dynamo.config",
			src:  "import torch\ndcfg = torch._dynamo.config\ndcfg.suppress_errors = True\n",
			want: []string{"torch._dynamo.config.suppress_errors=True (assign; Dynamo)"}},
		{name: "import-module", reason: "cfg = importlib.import_module(\"torch._inductor.config\")",
			src:  "import importlib\nimport torch\ncfg = importlib.import_module(\"torch._inductor.config\")\ncfg.max_autotune = True\n",
			want: []string{"max_autotune=True (assign)"}},
		{name: "getattr", reason: "cfg = getattr(torch._inductor, \"config\")",
			src:  "import torch\ncfg = getattr(torch._inductor, \"config\")\ncfg.max_autotune = True\n",
			want: []string{"max_autotune=True (assign)"}},
		{name: "rebound-later", reason: "cfg is also the script's own config: not an alias",
			src: "import torch\ncfg = torch._inductor.config\ncfg = load()\ncfg.mode = \"x\"\n"},
		{name: "rebound-earlier", reason: "bound to something else first",
			src: "import torch\ncfg = load()\ncfg = torch._inductor.config\ncfg.mode = \"x\"\n"},
		{name: "parameter", reason: "a def's parameter of that name",
			src: "import torch\ncfg = torch._inductor.config\ndef f(cfg):\n    cfg.mode = \"x\"\n"},
		{name: "loop-target", reason: "a loop target of that name",
			src: "import torch\ncfg = torch._inductor.config\nfor cfg in runs:\n    cfg.mode = \"x\"\n"},
		{name: "other-module", reason: "a module the reader does not follow",
			src: "import torch\nc = torch.backends.cudnn\nc.benchmark = True\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("a.py", []byte(tc.src))
			require.NoError(t, err)
			var got []string
			for _, g := range s.Globals {
				got = append(got, g.Key+"="+g.Value+" ("+g.Via+")")
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: globals (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}
