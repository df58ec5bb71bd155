package graphs

import (
	"fmt"
	"testing"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/modes"
)

// TestTriggersEveryLayout walks every thread layout × every trigger: a workload that
// meets the trigger's cause gets its warning in every layout that can express the
// cause (Normalize accepts it), whichever rules stop the walk first (issue 28: the
// dynamic= patch race used to appear only when main called first).
func TestTriggersEveryLayout(t *testing.T) {
	t.Parallel()
	ro := strp("reduce-overhead")
	v := func(minor int) modes.Version { return modes.Version{Major: 2, Minor: minor} }
	layouts := []struct {
		name string
		w    Workload
	}{
		{"main", Workload{}},
		{"thread", Workload{Threads: OneThread}},
		{"per-device", Workload{Threads: PerDevice, Devices: 2}},
		{"per-thread", Workload{Threads: PerThread, Callers: 2}},
		{"callers-warm", Workload{Threads: Callers, Callers: 4}},
		{"callers-cold", Workload{Threads: Callers, Callers: 4, ColdStart: true}},
		{"pool", Workload{ThreadPool: 4}},
		{"span", Workload{Devices: 2, SpanDevices: true}},
	}
	// meet makes a scenario meet one trigger's cause; ok is false where the trigger
	// needs a layout property itself (several threads, callers).
	type meet struct {
		v   modes.Version
		req config.Request
		w   func(Workload) Workload
	}
	// meetSchemas: the schema file (testdata/scenarios/schemas) a trigger's case is
	// resolved against instead of its release's built-in one (a build that is not a
	// release).
	meetSchemas := map[string]string{"mode-preset-off": "torch-2.1.0a0-fe05266.json"}
	legacy := config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}
	meets := map[string]meet{
		"mode-preset-off":           {v(1), config.Request{Mode: strp("max-autotune")}, func(w Workload) Workload { return w }},
		"dynamic-patch-race":        {v211, config.Request{Backend: "eager", Dynamic: boolp(false)}, func(w Workload) Workload { w.ConcurrentRecompiles = true; return w }},
		"allocator-incompatible":    {v211, config.Request{Mode: ro}, func(w Workload) Workload { w.Allocator = "cudaMallocAsync"; return w }},
		"trees-user-thread-tls":     {v211, config.Request{Mode: ro}, func(w Workload) Workload { return w }},
		"thread-pool":               {v211, config.Request{Mode: ro}, func(w Workload) Workload { return w }},
		"trees-concurrent-callers":  {v211, config.Request{Mode: ro}, func(w Workload) Workload { return w }},
		"legacy-concurrent-callers": {v211, legacy, func(w Workload) Workload { return w }},
		"cpu-input":                 {v211, config.Request{Mode: ro}, func(w Workload) Workload { w.CPUInputs = true; return w }},
		"incompatible-op":           {v211, config.Request{Mode: ro}, func(w Workload) Workload { w.IncompatibleOp = "aten._local_scalar_dense.default"; return w }},
		"unknown-incompatible-op":   {v211, config.Request{Mode: ro}, func(w Workload) Workload { w.IncompatibleOp = "aten.made_up.default"; return w }},
		"graph-breaks":              {v211, config.Request{Mode: ro}, func(w Workload) Workload { w.GraphBreaks = 2; return w }},
		"compiled-autograd-tls":     {v(5), config.Request{Mode: ro}, func(w Workload) Workload { w.CompiledAutograd = true; return w }},
		"capture-other-threads":     {v211, config.Request{}, func(w Workload) Workload { w.CaptureErrorMode, w.OtherThreadWork = "global", "alloc"; return w }},
		"mutated-input":             {v211, config.Request{Mode: ro}, func(w Workload) Workload { w.MutatedInputs = InputMutation; return w }},
		"legacy-mutated-input":      {v211, legacy, func(w Workload) Workload { w.MutatedInputs = InputMutation; return w }},
		"overwritten-output":        {v211, config.Request{Mode: ro}, func(w Workload) Workload { w.OutputsKept = true; return w }},
		"stale-output":              {v211, config.Request{Mode: ro}, func(w Workload) Workload { w.OutputsStale = true; return w }},
		"static-input-moved":        {v211, config.Request{Mode: ro}, func(w Workload) Workload { w.MovingStaticInputs = true; return w }},
		"legacy-static-input-moved": {v211, legacy, func(w Workload) Workload { w.MovingStaticInputs = true; return w }},
		"dynamic-shape-rerecord":    {v211, config.Request{Mode: ro, Dynamic: boolp(true)}, func(w Workload) Workload { w.DynamicShapes, w.DistinctSizes = true, 20; return w }},
		// options, not a global: from 2.12 worker threads do not see globals.
		"skip-dynamic-graphs-ignored": {v(14), config.Request{Options: opts(t, "{'triton.cudagraphs': True, 'triton.cudagraph_skip_dynamic_graphs': True}")}, func(w Workload) Workload { w.DynamicShapes = true; return w }},
		"global-not-seen-by-thread":   {v(12), config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, func(w Workload) Workload { return w }},
		"backward-thread-defaults":    {v(12), config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, func(w Workload) Workload { w.AutogradBackward = true; return w }},
	}
	for _, tr := range triggers() {
		m, ok := meets[tr.Code]
		if !ok {
			t.Errorf("trigger %s has no case in this test", tr.Code)
			continue
		}
		res, err := resolveMeet(t, m.v, m.req, meetSchemas[tr.Code])
		if err != nil {
			t.Fatalf("%s: Resolve: %v", tr.Code, err)
		}
		met := 0
		for _, l := range layouts {
			w, err := m.w(l.w).Normalize()
			if err != nil {
				continue // the layout cannot express this cause (e.g. concurrent recompiles in main)
			}
			p, err := Build(res, w)
			if err != nil {
				t.Fatalf("%s × %s: Build: %v", tr.Code, l.name, err)
			}
			got := codesOf(p)
			want := causeHolds(t, tr, res, w, p)
			if got[tr.Code] != want {
				t.Errorf("%s × %s: warning %v, want %v (%s)", tr.Code, l.name, got[tr.Code], want, tr.Condition)
			}
			if want {
				met++
			}
		}
		if met == 0 {
			t.Errorf("%s: no layout meets the trigger: the test's case is wrong", tr.Code)
		}
	}
}

// causeHolds states, independently of the planner's code, whether tr's cause holds
// for w in some device of p: the thread-count conditions are read off the layout.
func causeHolds(t *testing.T, tr trigger, res *config.Result, w Workload, p *Plan) bool {
	t.Helper()
	impls := map[Implementation]bool{}
	for _, d := range p.Devices {
		impls[d.Implementation] = true
	}
	trees, legacy := impls[CUDAGraphTrees], impls[Legacy]
	switch tr.Code {
	case "trees-user-thread-tls":
		return trees && (w.ThreadPool >= 2 || w.Threads == PerDevice || w.Threads == PerThread || w.Threads == Callers && w.ColdStart)
	case "thread-pool":
		return w.ThreadPool >= 2
	case "trees-concurrent-callers":
		return trees && w.Threads == Callers && !w.ColdStart
	case "legacy-concurrent-callers":
		return legacy && w.Threads == Callers
	case "dynamic-shape-rerecord", "graph-breaks":
		return !w.SpanDevices // one graph over several devices is skipped: nothing records
	case "global-not-seen-by-thread":
		// Callers of a function the main thread called first compile nothing while
		// the shapes stay (graphs/script/testdata/measured/warm_callers.out).
		warm := w.Threads == Callers && !w.ColdStart && !w.DynamicShapes && !w.ConcurrentRecompiles
		return (w.Threads != MainThread || w.ThreadPool > 0) && !warm
	}
	return true // the scenario was built to meet it in every layout that accepts it
}

func codesOf(p *Plan) map[string]bool {
	out := map[string]bool{}
	for _, w := range p.Warnings {
		out[string(w.Code)] = true
	}
	return out
}

// TestWarningsInMeetOrder: a scenario with two failures lists them in the order the
// user meets them (issue 28: backend:cudaMallocAsync and an output kept; the allocator
// fails the first call, the kept output the second).
func TestWarningsInMeetOrder(t *testing.T) {
	t.Parallel()
	res, err := config.Resolve(v211, config.Request{Mode: strp("max-autotune"), Dynamic: boolp(false)})
	if err != nil {
		t.Fatal(err)
	}
	p, err := Build(res, Workload{Allocator: "cudaMallocAsync", OutputsKept: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range p.Warnings {
		got = append(got, string(w.Code))
	}
	if want := "[allocator-incompatible overwritten-output]"; fmt.Sprint(got) != want {
		t.Errorf("warnings %v, want %s", got, want)
	}
	if p.Devices[0].Outcome != Fail {
		t.Errorf("outcome %s, want fail (the allocator, first)", p.Devices[0].Outcome)
	}
}

func opts(t *testing.T, src string) *literal.Value {
	t.Helper()
	v, err := config.ParseOptions(src)
	if err != nil {
		t.Fatal(err)
	}
	return &v
}

// resolveMeet resolves req on release v, or against the schema file name when given.
func resolveMeet(t *testing.T, v modes.Version, req config.Request, name string) (*config.Result, error) {
	t.Helper()
	if name == "" {
		return config.Resolve(v, req)
	}
	r, err := config.NewResolverFromSchema(loadFieldSchema(t, name))
	if err != nil {
		return nil, err
	}
	return r.Resolve(req)
}
