package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNestedConfigDict: a mode, options or **kwargs read from a dict inside a dict the
// file writes (script14 item 2: CONFIG = {"compile": {"mode": …}} then
// mode=CONFIG["compile"]["mode"] or **CONFIG["compile"]; lRomul/ball-action-spotting's
// **config["torch_compile"] of config = dict(…, torch_compile={…}),
// testdata/script14/README.md). Before, **CONFIG["compile"] and a name bound to
// CONFIG["compile"] planned every mode with a `partial plan:`, and
// CONFIG["compile"].get("mode") or cc.get("mode", "default") its default alone (Python
// gives the item). want: the modes planned (Site.Modes), as Python gives them.
func TestNestedConfigDict(t *testing.T) {
	t.Parallel()
	const cfg = "import torch\nCONFIG = {\"compile\": {\"mode\": \"max-autotune\", \"fullgraph\": True}, \"train\": {\"lr\": 1e-3}}\n"
	cases := []struct {
		name, src string
		want      []string
		noPartial bool // no `partial plan:` (Unfollowed empty)
	}{
		{"**D[k]", cfg + "m = torch.compile(net, **CONFIG[\"compile\"])\n", []string{"'max-autotune'"}, true},
		{"a name bound to D[k], its item", cfg + "cc = CONFIG[\"compile\"]\nm = torch.compile(net, mode=cc[\"mode\"])\n", []string{"'max-autotune'"}, true},
		{"a name bound to D[k], **", cfg + "cc = CONFIG[\"compile\"]\nm = torch.compile(net, **cc)\n", []string{"'max-autotune'"}, true},
		{"a name bound to D[k], get with a default", cfg + "cc = CONFIG[\"compile\"]\nm = torch.compile(net, mode=cc.get(\"mode\", \"default\"))\n", []string{"'max-autotune'"}, true},
		{"D[k].get", cfg + "m = torch.compile(net, mode=CONFIG[\"compile\"].get(\"mode\"))\n", []string{"'max-autotune'"}, true},
		{"D.get(k, {}).get", cfg + "m = torch.compile(net, mode=CONFIG.get(\"compile\", {}).get(\"mode\", \"default\"))\n", []string{"'max-autotune'"}, true},
		{"D.get(k, {}).get of a key the inner dict lacks", cfg + "m = torch.compile(net, mode=CONFIG.get(\"compile\", {}).get(\"compile_mode\", \"reduce-overhead\"))\n", []string{"'reduce-overhead'"}, true},
		{"dict(k=dict(…)) two deep, **", "import torch\ncfg = dict(train=dict(torch_compile=dict(mode=\"reduce-overhead\", fullgraph=True)), lr=1e-3)\nm = torch.compile(net, **cfg[\"train\"][\"torch_compile\"])\n", []string{"'reduce-overhead'"}, true},
		{"dict(k=dict(…)) two deep, get chain", "import torch\ncfg = dict(train=dict(torch_compile=dict(mode=\"reduce-overhead\")))\nm = torch.compile(net, mode=cfg.get(\"train\").get(\"torch_compile\").get(\"mode\"))\n", []string{"'reduce-overhead'"}, true},
		{"ball-action-spotting: dict(…, torch_compile={…}) under `in`", "import torch\nconfig = dict(\n    ema_decay=0.999,\n    train_sampling_weights=dict(action_window_size=9, action_prob=0.5),\n    argus_params={\"device\": [\"cuda:0\"], \"amp\": True},\n    torch_compile={\n        \"backend\": \"inductor\",\n        \"mode\": \"max-autotune\",\n    },\n)\nif \"torch_compile\" in config:\n    net = torch.compile(net, **config[\"torch_compile\"])\n", []string{"'max-autotune'"}, true},
		{"an inner item changed: D[k][j] = v", cfg + "CONFIG[\"compile\"][\"mode\"] = \"reduce-overhead\"\nm = torch.compile(net, mode=CONFIG[\"compile\"][\"mode\"])\n", []string{"'reduce-overhead'"}, true},
		{"an inner item changed, then **", cfg + "CONFIG[\"compile\"][\"mode\"] = \"reduce-overhead\"\nm = torch.compile(net, **CONFIG[\"compile\"])\n", []string{"'reduce-overhead'"}, true},
		{"changed through the name bound to it", cfg + "cc = CONFIG[\"compile\"]\ncc[\"mode\"] = \"default\"\nm = torch.compile(net, **CONFIG[\"compile\"])\n", []string{"'default'"}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("n.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			st := s.Sites[0]
			notes := strings.Join(st.Notes, "\n")
			require.Equal(t, tc.want, planLabels(st.Modes(testModes)), "notes %q", notes)
			if tc.noPartial {
				require.Empty(t, st.Unfollowed, "notes %q", notes)
			}
		})
	}
}
