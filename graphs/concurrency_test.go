package graphs

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/compilemode/compilemode/config"
)

// TestConcurrentPlans builds plans from 64 goroutines sharing one Resolver and one
// Result (go test -race): results equal the sequential ones.
func TestConcurrentPlans(t *testing.T) {
	t.Parallel()
	r, err := config.NewResolver(v211)
	if err != nil {
		t.Fatal(err)
	}
	mode := "reduce-overhead"
	res, err := r.Resolve(config.Request{Mode: &mode})
	if err != nil {
		t.Fatal(err)
	}
	ws := []Workload{
		{Devices: 2, Threads: PerDevice},
		{Threads: Callers, Callers: 8},
		{CPUInputs: true},
		{MovingStaticInputs: true, DynamicShapes: true, DistinctSizes: 20},
	}
	render := func(p *Plan) string {
		var b strings.Builder
		for _, d := range p.Devices {
			fmt.Fprintf(&b, "%+v\n", d)
		}
		for _, w := range p.Warnings {
			fmt.Fprintf(&b, "%s\n", w.Code)
		}
		return b.String()
	}
	want := make([]string, len(ws))
	for i, w := range ws {
		p, err := Build(res, w)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = render(p)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := 0; g < 64; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for n := 0; n < 10; n++ {
				i := (g + n) % len(ws)
				p, err := Build(res, ws[i])
				if err != nil {
					errs <- err
					return
				}
				if got := render(p); got != want[i] {
					errs <- fmt.Errorf("goroutine %d workload %d: plan differs", g, i)
					return
				}
				// Resolving concurrently on the shared Resolver too.
				if _, err := r.Resolve(config.Request{Mode: &mode}); err != nil {
					errs <- err
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func FuzzLoadScenario(f *testing.F) {
	f.Add(`{"torch": "2.11", "mode": "reduce-overhead", "workload": {"devices": 2, "threads": "per-device"}}`)
	f.Add(`{"options": "{'triton.cudagraphs': True}", "set": ["a=1"], "env": {"X": "1"}, "workload": {}}`)
	f.Add(`{"options": {"max_autotune": true}, "workload": {"mutated_inputs": "input", "allocator": "cudaMallocAsync"}}`)
	f.Add(`{"workload": {"devices": -1}}`)
	f.Add("\ufeff{}")
	f.Add(`{"mode": "\ud800", "env": {"A B": "1"}, "set": ["a=1\u0000"]}`)
	f.Add(`{"options": [[[[[[]]]]]], "workload": {"threads": "per-thread", "callers": 3}}`)
	r, err := config.NewResolver(v211)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s, err := LoadScenario("fuzz", strings.NewReader(src))
		if err != nil {
			var se *ScenarioError
			if !errors.As(err, &se) {
				t.Fatalf("error %T, want *ScenarioError", err)
			}
			return
		}
		w, err := s.Workload.Normalize()
		if err != nil {
			t.Fatalf("LoadScenario accepted a workload Normalize refuses: %v", err)
		}
		if len(s.Options) > 0 {
			if _, err := s.ParsedOptions(); err != nil {
				var se *ScenarioError
				if !errors.As(err, &se) {
					t.Fatalf("options error %T, want *ScenarioError", err)
				}
			}
		}
		if w.Devices > 64 || w.Callers > 64 {
			return // keep the plan small
		}
		res, err := r.Resolve(config.Request{Mode: s.Mode})
		if err == nil {
			if _, err := Build(res, s.Workload); err != nil {
				t.Fatalf("Build: %v", err)
			}
		}
		// The whole answer: Check validates as LoadScenario did, then resolves and plans.
		rep, err := Check(s)
		if err != nil {
			var se *ScenarioError
			if !errors.As(err, &se) {
				t.Fatalf("Check error %T, want *ScenarioError", err)
			}
			return
		}
		if err := rep.WriteText(io.Discard, TextOptions{}); err != nil {
			t.Fatal(err)
		}
	})
}
