package script

import (
	"fmt"
	"strings"
	"testing"
	"time"

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

// TestCallableBackendOwnPlan: a site whose backend is a callable is planned with that
// backend, not given the plan of an earlier site that differs only in it (script11
// r12, the torch.compile tutorial notebook: torch.compile(init_model(),
// backend=custom_backend) was "the same plan as" torch.compile(foo)).
func TestCallableBackendOwnPlan(t *testing.T) {
	t.Parallel()
	const defs = "def my_backend(gm, example_inputs):\n    return gm.forward\ndef kw_backend(gm, example_inputs, **kwargs):\n    return gm.forward\n"
	cases := []struct {
		name, first, second string
		backend             string // the second site's report's backend
		exit                graphs.Exit
	}{
		{"plain-then-callable", "torch.compile(f)", "torch.compile(f, backend=my_backend)", "my_backend", graphs.Compiles},
		{"callable-then-plain", "torch.compile(f, backend=my_backend)", "torch.compile(f)", "inductor", graphs.Compiles},
		{"two-callables", "torch.compile(f, backend=my_backend)", "torch.compile(f, backend=kw_backend)", "kw_backend", graphs.Compiles},
		{"rejects-differ", "torch.compile(f, backend=kw_backend, mode=\"reduce-overhead\")", "torch.compile(f, backend=my_backend, mode=\"reduce-overhead\")", "my_backend", graphs.Raises},
		{"registered-then-plain", "torch.compile(f, backend=\"my_backend\")", "torch.compile(f)", "inductor", graphs.Compiles},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import torch\n" + "@torch._dynamo.register_backend\n" + defs + "a = " + tc.first + "\nb = " + tc.second + "\n"
			s, err := ReadWith(strings.NewReader(src), ReadOptions{})
			require.NoError(t, err)
			require.Len(t, s.Sites, 2)
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: "2.11"}})
			require.NoError(t, err)
			first, second := p.Sites[0].Plan.Report, p.Sites[1].Plan.Report
			require.NotSame(t, first, second, "%s: one report for two scenarios", tc.name)
			require.Equal(t, tc.backend, second.Backend, "%s", tc.name)
			require.Equal(t, tc.exit, p.Sites[1].Plan.Exit(), "%s", tc.name)
		})
	}
}

// TestSelfAttrReaching: an argument given as self.NAME takes the values that can
// reach the site: an assignment of self.NAME in the site's own method that runs on
// every path to it replaces the values assigned before it ran (another branch's,
// another method's), as for a local name; a value assigned after it (by a method
// called in between) still reaches. str(…) and bool(…) of a lookup with a default
// keep the default (script11 r02, hexo_rl's InferenceServer: mode=None and
// dynamic=False of the graph branch were planned for the grid branch's compile).
func TestSelfAttrReaching(t *testing.T) {
	t.Parallel()
	const head = "import torch\nclass S:\n    def __init__(self, graph, cfg):\n        if graph:\n            self.mode = None\n            self.dyn = False\n        else:\n            self._setup(cfg)\n"
	cases := []struct {
		name, src string
		modes     []string // the mode candidates, "None" for None
		dynamic   []string // the dynamic= values planned
	}{
		{"killed", head + "    def _setup(self, cfg):\n        self.mode = \"reduce-overhead\"\n        self.m = torch.compile(f, mode=self.mode)\n", []string{"reduce-overhead"}, nil},
		{"str-getter", head + "    def _setup(self, cfg):\n        self.mode = str(cfg.get(\"mode\", \"default\"))\n        self.m = torch.compile(f, mode=self.mode)\n", []string{"default"}, nil},
		{"bool-getter", head + "    def _setup(self, cfg):\n        self.dyn = bool(cfg.get(\"dyn\", True))\n        self.m = torch.compile(f, dynamic=self.dyn)\n", nil, []string{"True"}},
		{"reads-itself", head + "    def _setup(self, cfg):\n        self.mode = self.mode or \"default\"\n        self.m = torch.compile(f, mode=self.mode)\n", []string{"None", "default"}, nil},
		{"not-dominating", head + "    def _setup(self, cfg):\n        if cfg:\n            self.mode = \"default\"\n        self.m = torch.compile(f, mode=self.mode)\n", []string{"None", "default"}, nil},
		{"set-after-by-call", "import torch\nclass S:\n    def __init__(self):\n        self.mode = \"reduce-overhead\"\n        self._tweak()\n        self.m = torch.compile(f, mode=self.mode)\n    def _tweak(self):\n        self.mode = \"max-autotune\"\nS()\n", []string{"reduce-overhead", "max-autotune"}, nil},
		{"str-of-none", "import torch\nclass S:\n    def __init__(self, cfg):\n        self.mode = str(cfg.get(\"mode\", None))\n        self.m = torch.compile(f, mode=self.mode)\n", []string{"None-str"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := tc.src
			if !strings.Contains(src, "\nS(") {
				src += "S(False, {})\n"
			}
			s, err := ReadWith(strings.NewReader(src), ReadOptions{})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			st := s.Sites[0]
			var modes []string
			for _, c := range st.ModeCandidates {
				switch {
				case c.Value == nil:
					modes = append(modes, "None")
				case *c.Value == "None":
					modes = append(modes, "None-str")
				default:
					modes = append(modes, *c.Value)
				}
			}
			require.ElementsMatch(t, tc.modes, modes, "%s: %q", tc.name, st.Notes)
			var dyn []string
			for _, a := range st.Alternatives {
				if a.Keyword == "dynamic" {
					for _, v := range a.Values {
						dyn = append(dyn, v.Value)
					}
				}
			}
			if st.Dynamic != nil {
				dyn = append(dyn, map[bool]string{true: "True", false: "False"}[*st.Dynamic])
			}
			require.ElementsMatch(t, tc.dynamic, dyn, "%s: %q", tc.name, st.Notes)
		})
	}
}

// TestPatchSplatQuoted: a config.patch given a dict the file does not show is named as
// written, ** included (script11 r04, LightX2V's
// torch._inductor.config.patch(**config.inductor_config) was quoted as
// config.patch(config.inductor_config)).
func TestPatchSplatQuoted(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, call, want string }{
		{"splat", "torch._inductor.config.patch(**cfg.inductor)", "config.patch(**cfg.inductor): cfg.inductor is not a dict display; its keys are not read"},
		{"positional", "torch._inductor.config.patch(cfg.inductor)", "config.patch(cfg.inductor): not a dict display; its keys are not read"},
	}
	for _, tc := range cases {
		src := "import torch\ndef f(x):\n    with " + tc.call + ":\n        return x\nm = torch.compile(f)\n"
		s, err := ReadWith(strings.NewReader(src), ReadOptions{})
		require.NoError(t, err)
		var msgs []string
		for _, w := range s.Warnings {
			msgs = append(msgs, w.Message)
		}
		require.Contains(t, msgs, tc.want, "%s", tc.name)
	}
}

// TestCustomOpCalled: a def made a custom operator (@torch.library.custom_op("ns::name",
// …), triton_op) runs when the file calls torch.ops.ns.name(…) (or its .default),
// wherever that call is: a torch.compile inside it is not "in a def no code in this
// file calls" (KellerJordan/modded-nanogpt train_gpt.py, the mm_t_op impl).
func TestCustomOpCalled(t *testing.T) {
	t.Parallel()
	op := func(dec string) string {
		return dec + "\ndef mm_t_op(x: torch.Tensor) -> torch.Tensor:\n    @torch.compile\n    def impl(x):\n        return x * 2\n    return impl(x)\n"
	}
	const uncalled = "in def mm_t_op (line 4), which no code in this file calls"
	cases := []struct {
		name, src string
		uncalled  bool
	}{
		{"call-after", op("@torch.library.custom_op(\"nanogpt::mm_t\", mutates_args=())") + "def fwd(x):\n    return torch.ops.nanogpt.mm_t(x)\n", false},
		{"default-overload", op("@torch.library.custom_op(\"nanogpt::mm_t\", mutates_args=())") + "y = torch.ops.nanogpt.mm_t.default(x)\n", false},
		{"from-import", op("@custom_op(\"nanogpt::mm_t\", mutates_args=())") + "y = torch.ops.nanogpt.mm_t(x)\n", false},
		{"triton-op", op("@torch.library.triton_op(\"nanogpt::mm_t\", mutates_args=())") + "y = torch.ops.nanogpt.mm_t(x)\n", false},
		{"never-called", op("@torch.library.custom_op(\"nanogpt::mm_t\", mutates_args=())"), true},
		{"other-op-called", op("@torch.library.custom_op(\"nanogpt::mm_t\", mutates_args=())") + "y = torch.ops.nanogpt.mm_u(x)\n", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import torch\nfrom torch.library import custom_op\n" + tc.src
			s, err := ReadWith(strings.NewReader(src), ReadOptions{})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			require.Equal(t, tc.uncalled, strings.Contains(s.Sites[0].Guard, uncalled), "%s: %q", tc.name, s.Sites[0].Guard)
		})
	}
	// The call may come first: an earlier def's body.
	src := "import torch\ndef fwd(x):\n    return torch.ops.nanogpt.mm_t(x)\n" + op("@torch.library.custom_op(\"nanogpt::mm_t\", mutates_args=())")
	s, err := ReadWith(strings.NewReader(src), ReadOptions{})
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	require.NotContains(t, s.Sites[0].Guard, "which no code in this file calls")
}

// optionsPlans returns the options dicts a one-site script plans (its literal
// options, or each alternative's), and whether any plan raises.
func optionsPlans(t *testing.T, src, torch string) ([]string, bool) {
	t.Helper()
	s, err := ReadWith(strings.NewReader(src), ReadOptions{Torch: torch})
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	st := s.Sites[0]
	var out []string
	if st.Options != nil {
		out = append(out, *st.Options)
	}
	for _, a := range st.Alternatives {
		if a.Keyword == "options" {
			for _, v := range a.Values {
				out = append(out, v.Value)
			}
		}
	}
	p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: torch}})
	require.NoError(t, err)
	return out, p.Sites[0].Plan.Exit() == graphs.Raises
}

// TestReturnedDictOptions: options=f() of a def that builds a dict and changes it
// before returning it by name is the dict as returned, each variant its guards
// give, not the first display alone "with one value" (script11 r08, lmdeploy's
// _get_decode_torch_compile_options). A change under a hasattr guard on Inductor's
// config that the release planned decides is kept or dropped for that release, the
// config reached through the def's own import or its parameter.
func TestReturnedDictOptions(t *testing.T) {
	t.Parallel()
	const tail = "m = torch.compile(torch.nn.Linear(2, 2).cuda(), options=opts())\n"
	cases := []struct {
		name, src string
		options   []string
		raises    bool
	}{
		{"item-after-display", "import torch\ndef opts():\n    o = {\"triton.cudagraphs\": True}\n    o[\"max_autotune\"] = True\n    return o\n" + tail,
			[]string{"{'triton.cudagraphs': True, 'max_autotune': True}"}, false},
		{"update", "import torch\ndef opts():\n    o = {\"triton.cudagraphs\": True}\n    o.update({\"max_autotune\": True})\n    return o\n" + tail,
			[]string{"{'triton.cudagraphs': True, 'max_autotune': True}"}, false},
		{"unchanged", "import torch\ndef opts():\n    o = {\"triton.cudagraphs\": True}\n    return o\n" + tail,
			[]string{"{'triton.cudagraphs': True}"}, false},
		{"hasattr-absent-module-import", "import torch\nfrom torch._inductor import config\ndef opts():\n    o = {\"triton.cudagraphs\": False}\n    if hasattr(config, \"emulate_divison_rounding\"):\n        o[\"emulate_divison_rounding\"] = True\n    return o\n" + tail,
			[]string{"{'triton.cudagraphs': False}"}, false},
		{"hasattr-present", "import torch\nfrom torch._inductor import config\ndef opts():\n    o = {\"triton.cudagraphs\": False}\n    if hasattr(config, \"max_autotune\"):\n        o[\"max_autotune\"] = True\n    return o\n" + tail,
			[]string{"{'triton.cudagraphs': False, 'max_autotune': True}"}, false},
		{"hasattr-param-local-import", "import torch\ndef other():\n    from torch._dynamo import config\n    config.cache_size_limit = 64\ndef opts(config):\n    o = {\"triton.cudagraphs\": False}\n    if hasattr(config, \"emulate_divison_rounding\"):\n        o[\"emulate_divison_rounding\"] = True\n    return o\ndef build():\n    from torch._inductor import config\n    return torch.compile(torch.nn.Linear(2, 2).cuda(), options=opts(config))\nbuild()\n",
			[]string{"{'triton.cudagraphs': False}"}, false},
		{"module-dict-hasattr-absent", "import torch\no = {\"triton.cudagraphs\": False}\nif hasattr(torch._inductor.config, \"emulate_divison_rounding\"):\n    o[\"emulate_divison_rounding\"] = True\nm = torch.compile(torch.nn.Linear(2, 2).cuda(), options=o)\n",
			[]string{"{'triton.cudagraphs': False}"}, false},
		{"hasattr-param-unknown", "import torch\ndef opts(config):\n    o = {\"triton.cudagraphs\": False}\n    if hasattr(config, \"emulate_divison_rounding\"):\n        o[\"emulate_divison_rounding\"] = True\n    return o\nm = torch.compile(torch.nn.Linear(2, 2).cuda(), options=opts(get_config()))\n",
			[]string{"{'triton.cudagraphs': False}", "{'triton.cudagraphs': False, 'emulate_divison_rounding': True}"}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, raises := optionsPlans(t, tc.src, "2.11")
			require.ElementsMatch(t, tc.options, got, "%s", tc.name)
			require.Equal(t, tc.raises, raises, "%s", tc.name)
		})
	}
}

// TestScopedQualRecursion: a def that passes its parameter to itself, or two that pass
// it to each other, leave a hasattr on it undecided, quickly.
func TestScopedQualRecursion(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("import torch\n")
	for i := 0; i < 16; i++ {
		fmt.Fprintf(&b, "def f%d(config):\n    if hasattr(config, \"max_autotune\"):\n        torch._inductor.config.max_autotune = True\n    f%d(config)\n    f%d(config)\n    f%d(torch._inductor.config)\n", i, (i+1)%16, i, i)
	}
	b.WriteString("f0(torch._inductor.config)\nm = torch.compile(f0)\n")
	start := time.Now()
	s, err := ReadWith(strings.NewReader(b.String()), ReadOptions{Torch: "2.11"})
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	require.Less(t, time.Since(start), 10*time.Second)
}

// TestEarlyExitUnbinds: a name an if's block binds to a compiled function before it
// leaves (return, raise, sys.exit) is not bound so after the if, where only code
// that did not enter the block runs: the training loop after `if args.evaluate: …
// return` does not call the evaluation's compiled model (script11 r06's pattern).
func TestEarlyExitUnbinds(t *testing.T) {
	t.Parallel()
	const head = "import argparse\nimport torch\ndef train(model, x):\n    loss = model(x).sum()\n    loss.backward()\ndef main(args):\n    model = torch.nn.Linear(8, 8).cuda()\n    x = torch.randn(4, 8, device=\"cuda\")\n"
	cases := []struct {
		name, body string
		backward   []bool // per site
	}{
		{"return", "    if args.evaluate:\n        model = torch.compile(model, mode=\"reduce-overhead\")\n        model(x)\n        return\n    train(model, x)\n", []bool{false}},
		{"raise", "    if args.evaluate:\n        model = torch.compile(model)\n        model(x)\n        raise SystemExit(0)\n    train(model, x)\n", []bool{false}},
		{"no-exit", "    if args.evaluate:\n        model = torch.compile(model)\n        model(x)\n    train(model, x)\n", []bool{true}},
		// The site bound before the if keeps its binding after it (the one inside is
		// that name's peer, which workload.go's peerIndex lets share the backward:
		// not asserted here).
		{"bound-before", "    model = torch.compile(model)\n    if args.evaluate:\n        model = torch.compile(model, mode=\"max-autotune\")\n        return\n    train(model, x)\n", []bool{true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := head + tc.body + "main(argparse.Namespace(evaluate=True))\n"
			s, err := ReadWith(strings.NewReader(src), ReadOptions{})
			require.NoError(t, err)
			require.GreaterOrEqual(t, len(s.Sites), len(tc.backward))
			for i, want := range tc.backward {
				require.Equal(t, want, s.Sites[i].Workload.AutogradBackward, "%s: site %d (line %d)", tc.name, i, s.Sites[i].Line)
			}
		})
	}
}

// TestSetattrLoopKeys: setattr(config, NAME, v) in a for loop over a tuple or list
// display of str literals sets each of them (script11 r10: `for attr in
// ("recompile_limit", "cache_size_limit"): setattr(dynamo.config, attr, 64)` was "the
// key is not a literal"); a loop over anything else is still said not followed.
func TestSetattrLoopKeys(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		keys      []string
		warned    bool
	}{
		{"inductor-list", "for k in [\"coordinate_descent_tuning\", \"epilogue_fusion\"]:\n    setattr(torch._inductor.config, k, False)\n", []string{"coordinate_descent_tuning", "epilogue_fusion"}, false},
		{"dynamo-tuple", "import torch._dynamo as dynamo\nfor attr in (\"recompile_limit\", \"cache_size_limit\"):\n    if hasattr(dynamo.config, attr):\n        setattr(dynamo.config, attr, 64)\n", []string{"torch._dynamo.config.recompile_limit", "torch._dynamo.config.cache_size_limit"}, false},
		{"loop-over-name", "KEYS = get_keys()\nfor k in KEYS:\n    setattr(torch._inductor.config, k, False)\n", nil, true},
		{"not-the-target", "for k in [\"a\", \"b\"]:\n    setattr(torch._inductor.config, key, False)\n", nil, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader("import torch\n"+tc.src+"m = torch.compile(f)\n"), ReadOptions{})
			require.NoError(t, err)
			var keys []string
			for _, g := range s.Globals {
				keys = append(keys, g.Key)
			}
			require.Equal(t, tc.keys, keys, "%s", tc.name)
			warned := false
			for _, w := range s.Warnings {
				warned = warned || strings.Contains(w.Message, "the key is not a literal")
			}
			require.Equal(t, tc.warned, warned, "%s: %v", tc.name, s.Warnings)
		})
	}
}
