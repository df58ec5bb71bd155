//go:build cuda && cgo

// GPU tests of the drafter runner; run on the GPU machine (see docs/gpu.md).
package main

import (
	"context"
	"math"
	"testing"

	"github.com/compilemode/compilemode/examples/internal/drafter"
	"github.com/compilemode/compilemode/graphs/backend"
	"github.com/compilemode/compilemode/kernels"
)

// TestDrafterMatchesCPU checks one eager step of the GPU drafter against the float64 CPU
// reference on every device.
func TestDrafterMatchesCPU(t *testing.T) {
	n, err := visibleDevices()
	if err != nil || n == 0 {
		t.Fatalf("visibleDevices() = %d, %v", n, err)
	}
	req := gpuRequest{Hidden: 256, Batch: 4, Layers: 3, Steps: 1}.withDefaults()
	m := drafter.NewModel(req.Hidden, req.Batch, req.Layers)
	want := m.Forward()
	ctx := context.Background()
	for d := 0; d < n; d++ {
		b, err := backend.Open([]int{d})
		if err != nil {
			t.Fatal(err)
		}
		ks, err := kernels.Load(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		ds, err := drafter.Build(ctx, b, ks, m, d, drafter.WeightStationary)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Run(ctx, ds.Step, backend.ExecMode{}, 1); err != nil {
			t.Fatal(err)
		}
		got := make([]float32, len(want))
		if err := b.Read(ctx, ds.Out, got); err != nil {
			t.Fatal(err)
		}
		worst := 0.0
		for i := range want {
			worst = math.Max(worst, math.Abs(float64(got[i])-want[i]))
		}
		t.Logf("device %d: max |GPU fp32 - CPU float64| = %g", d, worst)
		if worst > 1e-4 {
			t.Errorf("device %d: GPU drafter off the CPU reference by %g", d, worst)
		}
		if err := b.Close(); err != nil {
			t.Error(err)
		}
	}
}

// TestRunGPU runs the whole runner on every device with graphs on for all, and on for
// none but the first.
func TestRunGPU(t *testing.T) {
	n, err := visibleDevices()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		useGraph func(d int) bool
		reason   string
	}{
		{"all capture", func(int) bool { return true }, "plan says capture on every device"},
		{"first only", func(d int) bool { return d == 0 }, "the other devices' plan says skip: eager only"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := gpuRequest{Hidden: 512, Batch: 4, Layers: 4, Steps: 200, UseGraph: map[int]bool{}}
			for d := 0; d < n; d++ {
				req.UseGraph[d] = tc.useGraph(d)
			}
			res, err := runGPU(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if len(res) != n {
				t.Fatalf("%d results, want %d", len(res), n)
			}
			for _, r := range res {
				t.Logf("%+v", r)
				if r.Err != nil {
					t.Errorf("device %d: %v", r.Device, r.Err)
					continue
				}
				if r.UseGraph != tc.useGraph(r.Device) || !r.Match || r.EagerUSPerStep <= 0 {
					t.Errorf("device %d: %+v: want UseGraph=%v, Match, eager time > 0 (%s)", r.Device, r, tc.useGraph(r.Device), tc.reason)
				}
				if r.UseGraph && (r.ReplayUSPerStep <= 0 || r.Speedup <= 0) {
					t.Errorf("device %d: replay not measured: %+v", r.Device, r)
				}
			}
		})
	}
}
