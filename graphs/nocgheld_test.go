package graphs

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config"
	"github.com/stretchr/testify/require"
)

// TestNoCUDAGraphsFixesHold plans every fix that says to run without CUDA graphs
// applied to the scenario it was given for: the outcome must be what it promises, CUDA
// graphs off, where an environment variable or a global turned them on before the
// compile too (nu32 item 1: TORCHINDUCTOR_CUDAGRAPHS with threads, the thread fix and
// env-switch-misread's fix applied together kept CUDA graphs on). The mode alone must
// not be enough there, or the fix's added words would not be needed.
func TestNoCUDAGraphsFixesHold(t *testing.T) {
	t.Parallel()
	workloads := []struct {
		name   string
		torch  string
		mode   string
		set    []string
		env    map[string]string
		w      Workload
		reason string
	}{
		{name: "per-device threads", mode: "reduce-overhead", w: Workload{Threads: PerDevice, Devices: 2}, reason: "trees-user-thread-tls"},
		{name: "callers", mode: "reduce-overhead", w: Workload{Threads: Callers, Callers: 16}, reason: "trees-concurrent-callers"},
		{name: "thread pool", mode: "reduce-overhead", w: Workload{ThreadPool: 4}, reason: "thread-pool"},
		{name: "async allocator", mode: "reduce-overhead", env: map[string]string{"PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}, reason: "allocator-incompatible"},
		{name: "trees off in threads", mode: "reduce-overhead", set: []string{"triton.cudagraph_trees=False"}, w: Workload{Threads: PerDevice, Devices: 2}, reason: "trees-flag-does-not-disable-cudagraphs, legacy rows"},
		{name: "hand capture", mode: "reduce-overhead", w: Workload{CaptureErrorMode: "global"}, reason: "a hand capture around cudagraph trees"},
		{name: "compiled autograd 2.2", torch: "2.2", mode: "reduce-overhead", w: Workload{CompiledAutograd: true, AutogradBackward: true}, reason: "compiled-autograd-tls"},
	}
	sources := []struct {
		name string
		env  map[string]string
		set  []string
		held bool // CUDA graphs on before the compile on 2.11: the mode alone does not turn them off (2.2 reads no such variable)
	}{
		{name: "clean"},
		{name: "env on", env: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "1"}, held: true},
		{name: "env misread", env: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "true"}},
		{name: "global on", set: []string{"triton.cudagraphs=True"}, held: true},
	}
	fixes := 0
	for _, wl := range workloads {
		for _, src := range sources {
			name := wl.name + ", " + src.name
			sc := Scenario{Torch: wl.torch, Mode: Ptr(wl.mode), Env: merged(wl.env, src.env), Set: append(slices.Clone(src.set), wl.set...), Workload: wl.w}
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
				if w.Code == config.WarnEnvSwitchMisread || !advisesNoCUDAGraphs(w.Recommendation) || strings.Contains(w.Recommendation, "switch to backend") {
					continue
				}
				fixes++
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
		}
	}
	if fixes < len(workloads)*len(sources) {
		t.Errorf("checked %d fixes, want at least one per scenario (%d): a row no longer advises compiling without CUDA graphs?", fixes, len(workloads)*len(sources))
	}
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
