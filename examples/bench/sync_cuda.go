//go:build cuda && cgo

package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"time"

	"github.com/compilemode/compilemode/examples/internal/drafter"
	"github.com/compilemode/compilemode/graphs/backend"
	"github.com/compilemode/compilemode/kernels"
)

// issue17 is what the issue-17 part of the run needs.
type issue17 struct {
	device     int
	ks         []int
	calls      int    // synchronous calls timed per configuration
	launchSync string // path of the binary built from launch_sync.cu; empty: no C++ baseline
	torch      string // path of drafter_torch.py; empty: PyTorch skipped
	commit     string
	jsonPath   string
}

// goPath is one Go configuration of the synchronous step.
type goPath struct {
	name string
	opts []backend.Option
}

// goPaths are the configurations timed: the default (CallerThread) untimed, which is
// go_run1_wall_us, and timed; SpinThenBlock untimed; and ChannelHandoff timed, the path
// before issue 17.
func goPaths() []goPath {
	return []goPath{
		{"channel", []backend.Option{backend.WithHandoff(backend.ChannelHandoff)}},
		{"spin", []backend.Option{backend.WithHandoff(backend.SpinThenBlock), backend.WithGPUTiming(false)}},
		{"timed", nil},
		{"untimed", []backend.Option{backend.WithGPUTiming(false)}},
	}
}

// runIssue17 measures the synchronous step at each K on every Go path and with
// launch_sync, the drafter step of both kernel variants, and PyTorch's drafter; prints
// the tables and writes the JSON.
func runIssue17(ctx context.Context, cfg issue17) error {
	name, err := backend.DeviceName(cfg.device)
	if err != nil {
		return err
	}
	res := Results{Date: time.Now().UTC().Format(time.RFC3339), Commit: cfg.commit, GPU: name}
	details := make([]syncDetail, len(cfg.ks))
	for i, k := range cfg.ks {
		details[i].K = k
	}
	for _, p := range goPaths() {
		if err := measureSyncPath(ctx, cfg, p, details); err != nil {
			return fmt.Errorf("sync step, %s path: %w", p.name, err)
		}
	}
	if err := addLaunchSync(ctx, cfg.launchSync, details); err != nil {
		return err
	}
	for _, d := range details {
		res.SyncStep = append(res.SyncStep, SyncResult{K: d.K, GoRun1WallUS: d.Untimed.Caller, CPPLaunchSyncWallUS: d.CPPWall})
	}
	drafters, err := measureDrafters(ctx, cfg, &res)
	if err != nil {
		return fmt.Errorf("drafter: %w", err)
	}
	if err := addTorch(ctx, cfg.torch, &res); err != nil {
		return err
	}
	if err := writeSyncTable(os.Stdout, res, details, drafters); err != nil {
		return err
	}
	if cfg.jsonPath == "" {
		return nil
	}
	fmt.Printf("results: %s\n", cfg.jsonPath)
	return writeResultsJSON(cfg.jsonPath, res)
}

// measureSyncPath opens a backend with p's options and times cfg.calls replayed
// Run(n=1) calls of a K-axpy graph for each K, filling p's column of details.
func measureSyncPath(ctx context.Context, cfg issue17, p goPath, details []syncDetail) (err error) {
	b, err := backend.Open([]int{cfg.device}, p.opts...)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, b.Close()) }()
	set, err := kernels.Load(ctx, b)
	if err != nil {
		return err
	}
	const n = 4096 // floats per kernel, as launch_sync.cu
	x, err := b.Alloc(ctx, cfg.device, 4*n)
	if err != nil {
		return err
	}
	y, err := b.Alloc(ctx, cfg.device, 4*n)
	if err != nil {
		return err
	}
	graph := backend.ExecMode{Graph: true}
	for i := range details {
		launches := make([]backend.Launch, details[i].K)
		for j := range launches {
			if launches[j], err = set.Axpy(1.0001, x, y); err != nil {
				return err
			}
		}
		step, err := b.NewStep(ctx, cfg.device, fmt.Sprintf("axpy%d", details[i].K), launches)
		if err != nil {
			return err
		}
		w, err := timeSync(ctx, b, step, graph, cfg.calls)
		if err != nil {
			return err
		}
		switch p.name {
		case "channel":
			details[i].Legacy = w
		case "spin":
			details[i].Spin = w
		case "timed":
			details[i].Timed = w
		default:
			details[i].Untimed = w
		}
		fmt.Fprintf(os.Stderr, "bench: sync step K=%d %s: caller %.1f µs, worker %.1f µs\n", details[i].K, p.name, w.Caller, w.Worker)
		if err := b.DestroyStep(ctx, step); err != nil {
			return err
		}
	}
	return nil
}

// timeSync runs 100 warm-up calls (the first captures), then times calls one-step Run
// calls: the medians of the caller's wall and of RunStats.Wall.
func timeSync(ctx context.Context, b *backend.Backend, step *backend.Step, mode backend.ExecMode, calls int) (walls, error) {
	for i := 0; i < 100; i++ {
		if _, err := b.Run(ctx, step, mode, 1); err != nil {
			return walls{}, err
		}
	}
	caller := make([]time.Duration, calls)
	worker := make([]time.Duration, calls)
	for i := range caller {
		t0 := time.Now()
		st, err := b.Run(ctx, step, mode, 1)
		caller[i] = time.Since(t0)
		if err != nil {
			return walls{}, err
		}
		worker[i] = st.Wall
	}
	return walls{Caller: medianUS(caller), Worker: medianUS(worker)}, nil
}

// measureDrafters measures the drafter step (hidden 1024, batch 8, 4 layers) with each
// kernel variant: eager and replay µs per step from CUDA events over 1000 back-to-back
// steps, the median wall of one replayed Run(n=1) on an untimed backend (the default
// CallerThread path), and each kernel of the step replayed alone. The fused variant's
// numbers go into res's top-level drafter fields; every variant's into res.Drafter.Variants.
func measureDrafters(ctx context.Context, cfg issue17, res *Results) (out []drafterDetail, err error) {
	m := drafter.NewModel(1024, 8, 4)
	res.Drafter.WeightBytes = m.WeightBytes()
	res.Drafter.FloorUS = floorUS(res.Drafter.WeightBytes)
	timed, err := backend.Open([]int{cfg.device})
	if err != nil {
		return nil, err
	}
	defer func() { err = errors.Join(err, timed.Close()) }()
	untimed, err := backend.Open([]int{cfg.device}, backend.WithGPUTiming(false))
	if err != nil {
		return nil, err
	}
	defer func() { err = errors.Join(err, untimed.Close()) }()
	for _, v := range drafter.Variants() {
		d := drafterDetail{Variant: v.String()}
		if d.Eager, d.Replay, d.Kernels, err = drafterPerStep(ctx, timed, m, cfg.device, v); err != nil {
			return nil, fmt.Errorf("%s: %w", v, err)
		}
		if d.Sync, err = drafterSync(ctx, untimed, m, cfg.device, v, cfg.calls); err != nil {
			return nil, fmt.Errorf("%s: %w", v, err)
		}
		fmt.Fprintf(os.Stderr, "bench: drafter %s: eager %.1f, replay %.1f, sync step wall %.1f µs; kernels %v\n", v, d.Eager, d.Replay, d.Sync, d.Kernels)
		out = append(out, d)
		res.Drafter.Variants = append(res.Drafter.Variants, VariantJSON{Kernels: d.Variant, EagerUS: d.Eager, ReplayUS: d.Replay, SyncStepWallUS: d.Sync, PerKernel: d.Kernels})
		if v == drafter.Fused {
			res.Drafter.Kernels = d.Variant
			res.Drafter.GoEagerUS, res.Drafter.GoReplayUS, res.Drafter.GoSyncStepWallUS = d.Eager, d.Replay, d.Sync
		}
	}
	return out, nil
}

// drafterPerStep returns the eager and replayed µs per step of variant v (CUDA events over
// 1000 back-to-back steps) and the µs of each of its kernels, replayed alone as a graph
// of one node 1000 times (a graph launch's gap included).
func drafterPerStep(ctx context.Context, b *backend.Backend, m *drafter.Model, device int, v drafter.Variant) (eager, replay float64, per []KernelTime, err error) {
	ks, err := kernels.Load(ctx, b)
	if err != nil {
		return 0, 0, nil, err
	}
	s, err := drafter.Build(ctx, b, ks, m, device, v)
	if err != nil {
		return 0, 0, nil, err
	}
	const steps = 1000
	var us [2]float64
	for i, mode := range []backend.ExecMode{{}, {Graph: true}} {
		if us[i], err = usPerRun(ctx, b, s.Step, mode, steps); err != nil {
			return 0, 0, nil, err
		}
	}
	for i, l := range s.Launches {
		one, err := b.NewStep(ctx, device, fmt.Sprintf("%s-%d", l.Func.Name(), i), []backend.Launch{l})
		if err != nil {
			return 0, 0, nil, err
		}
		t, err := usPerRun(ctx, b, one, backend.ExecMode{Graph: true}, steps)
		if err != nil {
			return 0, 0, nil, err
		}
		per = append(per, KernelTime{Kernel: l.Func.Name(), US: t})
		if err := b.DestroyStep(ctx, one); err != nil {
			return 0, 0, nil, err
		}
	}
	return us[0], us[1], per, nil
}

// usPerRun runs s 20 times (a warm-up; it captures in graph mode), then n times, and
// returns the GPU µs per step from the CUDA events around the n.
func usPerRun(ctx context.Context, b *backend.Backend, s *backend.Step, mode backend.ExecMode, n int) (float64, error) {
	if _, err := b.Run(ctx, s, mode, 20); err != nil {
		return 0, err
	}
	st, err := b.Run(ctx, s, mode, n)
	if err != nil {
		return 0, err
	}
	return float64(st.GPUTime) / float64(time.Microsecond) / float64(n), nil
}

func drafterSync(ctx context.Context, b *backend.Backend, m *drafter.Model, device int, v drafter.Variant, calls int) (float64, error) {
	ks, err := kernels.Load(ctx, b)
	if err != nil {
		return 0, err
	}
	s, err := drafter.Build(ctx, b, ks, m, device, v)
	if err != nil {
		return 0, err
	}
	w, err := timeSync(ctx, b, s.Step, backend.ExecMode{Graph: true}, calls)
	return w.Caller, err
}

// addLaunchSync runs the C++ baseline at path (none when empty) and fills the C++ columns
// of details.
func addLaunchSync(ctx context.Context, path string, details []syncDetail) error {
	if path == "" {
		return nil
	}
	out, err := exec.CommandContext(ctx, path).CombinedOutput()
	fmt.Fprintf(os.Stderr, "bench: %s", out)
	if err != nil {
		return fmt.Errorf("launch_sync: %w", err)
	}
	cpp, err := parseLaunchSync(out)
	if err != nil {
		return err
	}
	for i := range details {
		details[i].CPPWall, details[i].CPPGPU = cpp[details[i].K][0], cpp[details[i].K][1]
	}
	return nil
}

// addTorch runs drafter_torch.py at script with python3 (nothing when empty) and fills
// res's PyTorch fields.
func addTorch(ctx context.Context, script string, res *Results) error {
	if script == "" {
		return nil
	}
	out, err := exec.CommandContext(ctx, "python3", script).CombinedOutput()
	fmt.Fprintf(os.Stderr, "bench: %s", out)
	if err != nil {
		return fmt.Errorf("%s: %w", script, err)
	}
	e, ro, err := parseTorch(out)
	if err != nil {
		return err
	}
	res.Drafter.TorchEagerUS, res.Drafter.TorchReduceOverheadUS = &e, &ro
	return nil
}
