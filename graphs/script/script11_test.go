package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// warningCodes returns the codes of a report's warnings.
func warningCodes(rep *graphs.Report) []string {
	var out []string
	for _, w := range rep.Warnings {
		out = append(out, string(w.Code))
	}
	return out
}

// TestAliasForceDisableCaches: torch._inductor.config.force_disable_caches is
// Config(alias="torch.compiler.config.force_disable_caches") on 2.11 as on 2.14
// (testdata/torch/2.11/torch_facts.json): assigning it, as a global or through
// config.patch, sets the target and raises nothing; on 2.7 it is a key of its own
// (script11 s08, cache-dit's set_compile_configs: the plan said AttributeError).
func TestAliasForceDisableCaches(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src, torch string
		exit             graphs.Exit
		alias            bool // an alias-outside-config warning
	}{
		{"global-2.11", "torch._inductor.config.force_disable_caches = True\n", "2.11", graphs.Compiles, true},
		{"global-2.14", "torch._inductor.config.force_disable_caches = True\n", "2.14", graphs.Compiles, true},
		{"module-alias-2.11", "import torch._inductor.config as inductor_config\ninductor_config.force_disable_caches = True\n", "2.11", graphs.Compiles, true},
		{"key-2.7", "torch._inductor.config.force_disable_caches = True\n", "2.7", graphs.Compiles, false},
		{"patch-2.11", "torch._inductor.config.patch(force_disable_caches=True)(f)\n", "2.11", graphs.Compiles, false},
		{"not-a-key-2.11", "torch._inductor.config.force_disable_cache = True\n", "2.11", graphs.Raises, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader("import torch\n"+tc.src+"m = torch.compile(f)\n"), ReadOptions{Torch: tc.torch})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: tc.torch}})
			require.NoError(t, err)
			rep := p.Sites[0].Plan.Report
			require.Equal(t, tc.exit, p.Sites[0].Plan.Exit(), "%s: %+v", tc.name, rep.Error)
			require.Equal(t, tc.alias, strings.Contains(strings.Join(warningCodes(rep), " "), "alias-outside-config"), "%s: %v", tc.name, warningCodes(rep))
		})
	}
}

// TestRegisteredBackend: backend="NAME" that the file registers with Dynamo
// (register_backend as a decorator, bare or with name=, or called on a def; or an
// import that registers one, IPEX's "ipex") is that callable, not an unknown name:
// torch.compile does not raise InvalidBackend (script11 s11, IPEX's resnet50 example;
// registered.go).
func TestRegisteredBackend(t *testing.T) {
	t.Parallel()
	const def = "def mybk(gm, example_inputs):\n    return gm.forward\n"
	cases := []struct {
		name, src, backend string
		exit               graphs.Exit
		callable           string
	}{
		{"decorator-from", "from torch._dynamo import register_backend\n@register_backend\n" + def, "mybk", graphs.Compiles, "mybk"},
		{"decorator-dotted", "@torch._dynamo.register_backend\n" + def, "mybk", graphs.Compiles, "mybk"},
		{"decorator-alias-name", "import torch._dynamo as td\n@td.register_backend(name=\"trt2\")\n" + def, "trt2", graphs.Compiles, "trt2"},
		{"decorator-registry", "from torch._dynamo.backends.registry import register_backend\n@register_backend(name=\"x\", tags=())\n" + def, "x", graphs.Compiles, "x"},
		{"call", "from torch._dynamo import register_backend\n" + def + "register_backend(mybk)\n", "mybk", graphs.Compiles, "mybk"},
		{"call-keywords", def + "torch._dynamo.register_backend(compiler_fn=mybk, name=\"fast\")\n", "fast", graphs.Compiles, "fast"},
		{"ipex-import", "import intel_extension_for_pytorch as ipex\n", "ipex", graphs.Compiles, "ipex"},
		{"ipex-from", "from intel_extension_for_pytorch.quantization import prepare\n", "ipex", graphs.Compiles, "ipex"},
		{"unregistered", def, "mybk", graphs.Raises, ""},
		{"other-name", "@torch._dynamo.register_backend(name=\"a\")\n" + def, "mybk", graphs.Raises, ""},
		{"ipex-not-imported", "import intel_extension\n", "ipex", graphs.Raises, ""},
		{"mode-not-taken", "@torch._dynamo.register_backend\n" + def, "mybk\", mode=\"reduce-overhead", graphs.Raises, "mybk"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import torch\n" + tc.src + "m = torch.compile(torch.nn.Linear(2, 2).cuda(), backend=\"" + tc.backend + "\")\n"
			s, err := ReadWith(strings.NewReader(src), ReadOptions{})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			require.Equal(t, tc.callable, s.Sites[0].BackendCallable, "%s", tc.name)
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: "2.11"}})
			require.NoError(t, err)
			require.Equal(t, tc.exit, p.Sites[0].Plan.Exit(), "%s: %+v", tc.name, p.Sites[0].Plan.Report.Error)
		})
	}
}
