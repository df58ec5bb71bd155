package graphs

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config"
	"github.com/stretchr/testify/require"
)

// noCUDAGraphsCodes are the warning codes with a fix that advises running without CUDA
// graphs by the mode (config.Warning.AdvisesNoCUDAGraphs, Hazard's field): each has a
// workload of noCGWorkloads that raises it, so that TestNoCUDAGraphsFixesHold plans its
// fix applied, and TestNoCUDAGraphsAdviceMarked fails where a warning with the field
// has a code not listed here, or a code listed here is never seen with it.
var noCUDAGraphsCodes = []config.Code{
	"allocator-incompatible", "legacy-static-input-moved", "trees-user-thread-tls", "trees-concurrent-callers",
	"trees-flag-does-not-disable-cudagraphs", "thread-pool", "capture-nested-cudagraphs", "compiled-autograd-tls",
	"unknown-env-var",
}

// noCGWorkload is a compile whose warning of code advises running without CUDA graphs.
type noCGWorkload struct {
	name  string
	torch string
	mode  string
	set   []string
	env   map[string]string
	w     Workload
	code  config.Code
}

// noCGWorkloads raise every code of noCUDAGraphsCodes, each with its fix that advises
// running without CUDA graphs.
func noCGWorkloads() []noCGWorkload {
	return []noCGWorkload{
		{name: "per-device threads", mode: "reduce-overhead", w: Workload{Threads: PerDevice, Devices: 2}, code: "trees-user-thread-tls"},
		{name: "callers", mode: "reduce-overhead", w: Workload{Threads: Callers, Callers: 16}, code: "trees-concurrent-callers"},
		{name: "thread pool", mode: "reduce-overhead", w: Workload{ThreadPool: 4}, code: "thread-pool"},
		{name: "async allocator", mode: "reduce-overhead", env: map[string]string{"PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}, code: "allocator-incompatible"},
		{name: "uncached allocator", mode: "reduce-overhead", env: map[string]string{"PYTORCH_NO_CUDA_MEMORY_CACHING": "1"}, code: "allocator-incompatible"},
		{name: "trees off in threads", mode: "reduce-overhead", set: []string{"triton.cudagraph_trees=False"}, w: Workload{Threads: PerDevice, Devices: 2}, code: "trees-flag-does-not-disable-cudagraphs"},
		{name: "trees off", mode: "reduce-overhead", set: []string{"triton.cudagraph_trees=False"}, code: "trees-flag-does-not-disable-cudagraphs"},
		{name: "trees off, moving parameters in threads", mode: "reduce-overhead", set: []string{"triton.cudagraph_trees=False"}, w: Workload{Threads: PerDevice, Devices: 2, MovingStaticInputs: true}, code: "legacy-static-input-moved"},
		{name: "hand capture", mode: "reduce-overhead", w: Workload{CaptureErrorMode: "global"}, code: "capture-nested-cudagraphs"},
		{name: "compiled autograd 2.2", torch: "2.2", mode: "reduce-overhead", w: Workload{CompiledAutograd: true, AutogradBackward: true}, code: "compiled-autograd-tls"},
		{name: "a DISABLE variable", mode: "reduce-overhead", env: map[string]string{"TORCHINDUCTOR_DISABLE_CUDAGRAPHS": "1"}, code: "unknown-env-var"},
	}
}

// noCGSource is what the environment and the globals add to a workload: whether
// triton.cudagraphs is on before the compile.
type noCGSource struct {
	name string
	env  map[string]string
	set  []string
	held bool // CUDA graphs on before the compile on 2.11: the mode alone does not turn them off (2.2 reads no such variable)
}

func noCGSources() []noCGSource {
	return []noCGSource{
		{name: "clean"},
		{name: "env on", env: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "1"}, held: true},
		{name: "env misread", env: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "true"}},
		{name: "global on", set: []string{"triton.cudagraphs=True"}, held: true},
	}
}

// scenario is wl with src added.
func (wl noCGWorkload) scenario(src noCGSource) Scenario {
	return Scenario{Torch: wl.torch, Mode: Ptr(wl.mode), Env: merged(wl.env, src.env), Set: append(slices.Clone(src.set), wl.set...), Workload: wl.w}
}

// TestNoCUDAGraphsFixesHold plans every fix that says to run without CUDA graphs
// applied to the scenario it was given for: the outcome must be what it promises, CUDA
// graphs off, where an environment variable or a global turned them on before the
// compile too (nu32 item 1: TORCHINDUCTOR_CUDAGRAPHS with threads, the thread fix and
// env-switch-misread's fix applied together kept CUDA graphs on). The mode alone must
// not be enough there, or the fix's added words would not be needed. Every code of
// noCUDAGraphsCodes must be planned so.
func TestNoCUDAGraphsFixesHold(t *testing.T) {
	t.Parallel()
	workloads, sources := noCGWorkloads(), noCGSources()
	fixes, checked := 0, map[config.Code]bool{}
	for _, wl := range workloads {
		for _, src := range sources {
			name := wl.name + ", " + src.name
			sc := wl.scenario(src)
			rep, err := Check(&sc)
			require.NoError(t, err, name)
			held := rep.Result.CUDAGraphsBeforeCompile.Source != config.FromDefault
			if wl.torch == "" && held != src.held {
				t.Errorf("%s: CUDA graphs turned on before the compile = %v, want %v", name, held, src.held)
			}
			misread := ""
			for _, w := range rep.Warnings {
				if w.Code == config.WarnEnvSwitchMisread {
					misread = w.Recommendation
				}
			}
			for _, w := range rep.Warnings {
				if !w.AdvisesNoCUDAGraphs || strings.Contains(w.Recommendation, "switch to backend") {
					continue
				}
				fixes++
				checked[w.Code] = true
				checkNoCGFixHolds(t, name, sc, w, misread, held)
			}
			if !slices.ContainsFunc(rep.Warnings, func(w config.Warning) bool { return w.Code == wl.code && w.AdvisesNoCUDAGraphs }) {
				t.Errorf("%s: no [%s] warning that advises running without CUDA graphs", name, wl.code)
			}
		}
	}
	if fixes < len(workloads)*len(sources) {
		t.Errorf("checked %d fixes, want at least one per scenario (%d): a row no longer advises compiling without CUDA graphs?", fixes, len(workloads)*len(sources))
	}
	for _, code := range noCUDAGraphsCodes {
		if !checked[code] {
			t.Errorf("no workload plans [%s]'s fix that advises running without CUDA graphs: add one to noCGWorkloads", code)
		}
	}
}

// checkNoCGFixHolds plans w's fix applied to sc: CUDA graphs off; the mode alone keeps
// them on exactly where held; options={"triton.cudagraphs": False} turns them off
// where the fix or held says so. misread is env-switch-misread's fix ("": none).
func checkNoCGFixHolds(t *testing.T, name string, sc Scenario, w config.Warning, misread string, held bool) {
	t.Helper()
	if misread != "" {
		checkMisreadBothWays(t, name, sc, misread)
	}
	fixed := applyNoCG(sc, w.Recommendation)
	if got := planEnabled(t, fixed); got {
		t.Errorf("%s: [%s]'s fix applied (mode %q, env %v, set %v) still plans CUDA graphs on; fix: %s", name, w.Code, *fixed.Mode, fixed.Env, fixed.Set, w.Recommendation)
	}
	modeOnly := sc
	modeOnly.Mode = Ptr("max-autotune-no-cudagraphs")
	if got := planEnabled(t, modeOnly); got != held {
		t.Errorf("%s: the mode alone plans CUDA graphs on = %v, want %v", name, got, held)
	}
	if strings.Contains(w.Recommendation, `options={"triton.cudagraphs": False} instead of`) || held {
		opt := sc
		opt.Mode, opt.Options = nil, `{"triton.cudagraphs": False}`
		if planEnabled(t, opt) {
			t.Errorf("%s: options={\"triton.cudagraphs\": False} instead of the mode still plans CUDA graphs on", name)
		}
	}
}

// noCGWords are words by which a fix can advise running without CUDA graphs; the
// test, not the code, reads them (TestNoCUDAGraphsAdviceMarked).
var noCGWords = []string{"without CUDA graphs", "without them", "no-cudagraphs"}

// noCGMentions are phrases of fixes that hold noCGWords without advising to run
// without CUDA graphs by the mode, each with why, taken out in this order.
var noCGMentions = []struct{ phrase, why string }{
	{"(they run such functions without CUDA graphs)", "legacy-mutated-input: what cudagraph trees do with a mutated input"},
	{"so that graphs with symbolic shapes run without CUDA graphs", "dynamic-shape-rerecord: triton.cudagraph_skip_dynamic_graphs, a key no mode or variable sets"},
	{"(other sizes run without CUDA graphs)", "dynamic-shape-rerecord: triton.cudagraph_capture_sizes, a key no mode or variable sets"},
	{"(then graphs with symbolic inputs run without CUDA graphs)", "skip-dynamic-graphs-ignored: graph_partition=False, a key no mode or variable sets"},
	{"max-autotune-no-cudagraphs included", "the held clause and env-switch-misread's fix: the mode keeps CUDA graphs on"},
	{"to run without them, as ", "env-switch-misread's fix: remove the variable, not a mode"},
	{`mode="max-autotune-no-cudagraphs" means to`, "env-switch-misread's fix: the mode the compile has, which the variable defeats"},
	{`list_mode_options("max-autotune-no-cudagraphs")`, "mode-overrides-global: the compile's own mode expanded into options"},
	{`instead of mode="max-autotune-no-cudagraphs"`, "mode-overrides-global: the compile's own mode, replaced by options"},
}

// noCGMarkScenarios are compiles whose warnings hold noCGWords or noCGMentions without
// the advice, or a fix of another kind for the same trouble, beside noCGWorkloads'.
func noCGMarkScenarios() []Scenario {
	cgEnv := map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "1"}
	threads := Workload{Threads: PerDevice, Devices: 2}
	return []Scenario{
		{Mode: Ptr("max-autotune-no-cudagraphs"), Env: map[string]string{"TORCHINDUCTOR_MAX_AUTOTUNE": "0", "TORCHINDUCTOR_CUDAGRAPHS": "1"}},
		{Mode: Ptr("max-autotune-no-cudagraphs"), Env: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "true"}, Workload: threads},
		{Mode: Ptr("reduce-overhead"), Env: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "true"}, Workload: threads},
		{Options: `{"triton.cudagraphs": True, "triton.cudagraph_trees": False}`, Env: cgEnv},
		{Set: []string{"triton.cudagraphs=True", "triton.cudagraph_trees=False"}, Env: cgEnv},
		{Backend: "cudagraphs", Workload: threads, Env: cgEnv},
		{Torch: "2.14", Mode: Ptr("reduce-overhead"), Workload: Workload{ThreadPool: 4}, Env: cgEnv},
		{Mode: Ptr("reduce-overhead"), Set: []string{"triton.cudagraph_trees=False"}, Workload: Workload{ThreadPool: 4}, Env: cgEnv},
		{Mode: Ptr("reduce-overhead"), Set: []string{"triton.cudagraph_trees=False"}, Workload: Workload{MutatedInputs: InputMutation}},
		{Mode: Ptr("reduce-overhead"), Workload: Workload{DynamicShapes: true, DistinctSizes: 64}, Env: cgEnv},
		{Torch: "2.14", Mode: Ptr("reduce-overhead"), Workload: Workload{DynamicShapes: true, DistinctSizes: 64}, Env: cgEnv},
		{Mode: Ptr("reduce-overhead"), Env: map[string]string{"TORCHINDUCTOR_NOT_A_VARIABLE": "1"}},
	}
}

// TestNoCUDAGraphsAdviceMarked: a fix advises running without CUDA graphs by the mode
// exactly where its AdvisesNoCUDAGraphs is set, for every hazard row and every warning
// (resolution's and the plan's) of noCGWorkloads and noCGMarkScenarios, judged by
// noCGWords once noCGMentions are taken out; the field's codes are noCUDAGraphsCodes.
// A reworded fix that keeps the advice fails here until its row sets the field.
func TestNoCUDAGraphsAdviceMarked(t *testing.T) {
	t.Parallel()
	seen := map[config.Code]bool{}
	check := func(name string, code config.Code, fix string, marked bool) {
		seen[code] = seen[code] || marked
		if words := advisesInWords(fix); words != marked {
			t.Errorf("%s [%s]: AdvisesNoCUDAGraphs = %v, but its fix advises running without CUDA graphs by the mode = %v (set the field where the fix is written, or add the phrase to noCGMentions with why): %s", name, code, marked, words, fix)
		}
		if marked && !slices.Contains(noCUDAGraphsCodes, code) {
			t.Errorf("%s: [%s] advises running without CUDA graphs but is not in noCUDAGraphsCodes", name, code)
		}
	}
	for _, h := range Hazards() {
		check(h.key(), config.Code(h.Code), h.Fix, h.AdvisesNoCUDAGraphs)
	}
	scs := noCGMarkScenarios()
	for _, wl := range noCGWorkloads() {
		for _, src := range noCGSources() {
			scs = append(scs, wl.scenario(src))
		}
	}
	for i, sc := range scs {
		rep, err := Check(&sc)
		require.NoError(t, err, "scenario %d", i)
		for _, w := range append(slices.Clone(rep.Result.Warnings), rep.Warnings...) {
			check(fmt.Sprintf("scenario %d (torch %q, env %v, set %v)", i, sc.Torch, sc.Env, sc.Set), w.Code, w.Recommendation, w.AdvisesNoCUDAGraphs)
		}
	}
	for _, code := range noCUDAGraphsCodes {
		if !seen[code] {
			t.Errorf("[%s] is in noCUDAGraphsCodes, but no hazard row or warning of it advises running without CUDA graphs", code)
		}
	}
}

// advisesInWords reports whether fix holds noCGWords once noCGMentions are taken out.
func advisesInWords(fix string) bool {
	for _, m := range noCGMentions {
		fix = strings.ReplaceAll(fix, m.phrase, "")
	}
	return slices.ContainsFunc(noCGWords, func(w string) bool { return strings.Contains(fix, w) })
}

// checkMisreadBothWays applies both ways of the env-switch-misread fix rec: the variable
// written "1" keeps CUDA graphs on whatever the mode; removed, the mode without them
// runs without them.
func checkMisreadBothWays(t *testing.T, name string, sc Scenario, rec string) {
	t.Helper()
	if !strings.Contains(rec, "remove TORCHINDUCTOR_CUDAGRAPHS") {
		t.Errorf("%s: env-switch-misread's fix does not say how to turn CUDA graphs off, where another fix turns them off: %s", name, rec)
		return
	}
	on := sc
	on.Env = merged(sc.Env, map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "1"})
	on.Mode = Ptr("max-autotune-no-cudagraphs")
	if !planEnabled(t, on) {
		t.Errorf("%s: TORCHINDUCTOR_CUDAGRAPHS=1 with max-autotune-no-cudagraphs plans CUDA graphs off; the fix says they stay on", name)
	}
	off := sc
	off.Env = maps.Clone(sc.Env)
	delete(off.Env, "TORCHINDUCTOR_CUDAGRAPHS")
	off.Mode = Ptr("max-autotune-no-cudagraphs")
	if planEnabled(t, off) && !slices.Contains(sc.Set, "triton.cudagraphs=True") {
		t.Errorf("%s: TORCHINDUCTOR_CUDAGRAPHS removed, max-autotune-no-cudagraphs still plans CUDA graphs on", name)
	}
}

// applyNoCG returns sc with fix rec applied: the mode without CUDA graphs, and what
// the fix says to undo.
func applyNoCG(sc Scenario, rec string) Scenario {
	sc.Mode = Ptr("max-autotune-no-cudagraphs")
	if strings.Contains(rec, "unset TORCHINDUCTOR_CUDAGRAPHS") {
		sc.Env = maps.Clone(sc.Env)
		delete(sc.Env, "TORCHINDUCTOR_CUDAGRAPHS")
	}
	if strings.Contains(rec, "drop that assignment") {
		sc.Set = slices.DeleteFunc(slices.Clone(sc.Set), func(s string) bool { return s == "triton.cudagraphs=True" })
	}
	return sc
}

func planEnabled(t *testing.T, sc Scenario) bool {
	t.Helper()
	rep, err := Check(&sc)
	require.NoError(t, err)
	return rep.CUDAGraphs.Enabled
}

func merged(a, b map[string]string) map[string]string {
	if len(a)+len(b) == 0 {
		return nil
	}
	out := maps.Clone(a)
	if out == nil {
		out = map[string]string{}
	}
	maps.Copy(out, b)
	return out
}
