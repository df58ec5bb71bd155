package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/stretchr/testify/require"
)

// TestCompiledInContainer: a compiled function kept in a dict or list is the same
// object, so threads calling d[k](x) call it (sweep5 finding 11: dict item assignment
// and .append lost the callers, "main capture"; a dict display worked).
func TestCompiledInContainer(t *testing.T) {
	t.Parallel()
	const cm = `torch.compile(torch.nn.Linear(64, 64).cuda(), mode="reduce-overhead")`
	const threads = "ts = [threading.Thread(target=work) for _ in range(2)]\nfor t in ts:\n    t.start()\n"
	cases := []struct {
		name, reason, src string
		want              graphs.Threads
	}{
		{"item-assign", "h19_dict_model.py", "models = {}\nmodels[\"m\"] = " + cm + "\ndef work():\n    models[\"m\"](x)\n" + threads, graphs.Callers},
		{"display", "h25_dict_literal.py (worked before)", "models = {\"m\": " + cm + "}\ndef work():\n    models[\"m\"](x)\n" + threads, graphs.Callers},
		{"append", "h24_list_models.py: drafters.append(…), drafters[i](x)", "drafters = []\nfor d in range(2):\n    drafters.append(" + cm + ")\ndef work(i=0):\n    drafters[i](x)\n" + threads, graphs.Callers},
		{"setdefault", "d.setdefault(k, compiled)", "m = " + cm + "\nmodels = {}\nmodels.setdefault(\"m\", m)\ndef work():\n    models[\"m\"](x)\n" + threads, graphs.Callers},
		{"update", "d.update(m=compiled)", "models = {}\nmodels.update(m=" + cm + ")\ndef work():\n    models[\"m\"](x)\n" + threads, graphs.Callers},
		{"self-dict", "self.models[k] = … in a class", "class S:\n    def __init__(self):\n        self.models = {}\n        self.models[\"m\"] = " + cm + "\n    def work(self):\n        self.models[\"m\"](x)\ns = S()\ndef work():\n    s.work()\n" + threads, graphs.Callers},
		{"main-only", "called on main through the dict: main", "models = {}\nmodels[\"m\"] = " + cm + "\nmodels[\"m\"](x)\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("c.py", []byte("import threading\nimport torch\n"+tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if got := s.Sites[0].Workload.Threads; got != tc.want {
				t.Errorf("%s: threads %q, want %q (%v)", tc.reason, got, tc.want, s.Sites[0].Inferred)
			}
		})
	}
}
