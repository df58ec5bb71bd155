package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Results is examples/bench/results-h200.json (issue 17): one run of the synchronous-step
// and drafter measurements on one GPU. The JSON keys are the issue's, exactly.
type Results struct {
	Date     string       `json:"date"`   // UTC, RFC 3339
	Commit   string       `json:"commit"` // git commit the binaries were built from (.gpu/COMMIT)
	GPU      string       `json:"gpu"`    // device name, from cuDeviceGetName
	SyncStep []SyncResult `json:"sync_step"`
	Drafter  DrafterJSON  `json:"drafter"`
}

// SyncResult is one K of the synchronous-step comparison.
type SyncResult struct {
	K int `json:"k"` // tiny axpy kernels in the captured graph
	// GoRun1WallUS is the median caller wall time, µs, of Backend.Run(ctx, step,
	// graph mode, 1) on a Backend with the default handoff (CallerThread, issue 25) and
	// WithGPUTiming(false), over the calls of one run.
	GoRun1WallUS float64 `json:"go_run1_wall_us"`
	// CPPLaunchSyncWallUS is launch_sync.cu's wall_us_median for the same K:
	// cudaGraphLaunch + cudaStreamSynchronize, median of 2000.
	CPPLaunchSyncWallUS float64 `json:"cpp_launch_sync_wall_us"`
}

// DrafterJSON is the drafter step (hidden 1024, batch 8, 4 layers, fp32) with the
// fused kernel (issue 25), beside PyTorch's same model; Variants has every kernel variant.
type DrafterJSON struct {
	Kernels          string  `json:"kernels"`              // the variant of the go_ fields: "fused"
	GoReplayUS       float64 `json:"go_replay_us"`         // µs per step, CUDA events over back-to-back replays
	GoEagerUS        float64 `json:"go_eager_us"`          // µs per step, CUDA events over back-to-back eager steps
	GoSyncStepWallUS float64 `json:"go_sync_step_wall_us"` // median caller wall of one replayed Run(n=1), µs
	// TorchEagerUS and TorchReduceOverheadUS are drafter_torch.py's µs per step (CUDA
	// events over back-to-back steps); null when PyTorch was not available.
	TorchEagerUS          *float64 `json:"torch_eager_us"`
	TorchReduceOverheadUS *float64 `json:"torch_reduce_overhead_us"`
	WeightBytes           int64    `json:"weight_bytes"` // parameter bytes read per step
	FloorUS               float64  `json:"floor_us"`     // WeightBytes / HBMBytesPerSecond, µs
	// Variants is every kernel variant's numbers, in drafter.Variants order.
	Variants []VariantJSON `json:"variants"`
}

// VariantJSON is one kernel variant of the drafter step, µs.
type VariantJSON struct {
	Kernels        string       `json:"kernels"` // classic, ws or fused
	EagerUS        float64      `json:"eager_us"`
	ReplayUS       float64      `json:"replay_us"`
	SyncStepWallUS float64      `json:"sync_step_wall_us"`
	PerKernel      []KernelTime `json:"per_kernel"` // each launch of the step, replayed alone
}

// KernelTime is one kernel of a step, replayed alone as a one-node graph: µs per replay
// (CUDA events over 1000 replays, the graph launch's gap included).
type KernelTime struct {
	Kernel string  `json:"kernel"`
	US     float64 `json:"us"`
}

// HBMBytesPerSecond is the H200's memory bandwidth, 4.8 TB/s, for the drafter's memory
// floor. Source: issue 17 ("the H200's ~4.8 TB/s"), NVIDIA's H200 product page.
const HBMBytesPerSecond = 4.8e12

// floorUS returns the time to read weightBytes once at HBMBytesPerSecond, in µs.
func floorUS(weightBytes int64) float64 { return float64(weightBytes) / HBMBytesPerSecond * 1e6 }

// syncTarget is issue 25's bound on go_run1_wall_us / cpp_launch_sync_wall_us: 1.10 at
// K = 16 (and below), 1.05 above; DrafterReplayTarget is its bound on go_replay_us.
func syncTarget(k int) float64 {
	if k <= 16 {
		return 1.10
	}
	return 1.05
}

// DrafterReplayTarget is issue 25's bound on the drafter's go_replay_us.
const DrafterReplayTarget = 12.0 // µs per step

// syncDetail is what the table shows for one K beyond the JSON: every Go path.
type syncDetail struct {
	K               int
	Legacy          walls   // ChannelHandoff, timed: the path before issue 17
	Spin            walls   // SpinThenBlock, WithGPUTiming(false)
	Timed           walls   // CallerThread (the default), with events
	Untimed         walls   // CallerThread, WithGPUTiming(false): go_run1_wall_us
	CPPWall, CPPGPU float64 // launch_sync.cu: wall median and GPU µs per step
}

// walls is one path's medians, µs: the caller's wall per Run and the worker's own
// RunStats.Wall (launch to end of wait, on the worker thread).
type walls struct{ Caller, Worker float64 }

// drafterDetail is one kernel variant's drafter numbers, µs.
type drafterDetail struct {
	Variant             string
	Eager, Replay, Sync float64
	Kernels             []KernelTime
}

// medianUS returns the median of ds in µs; 0 for none.
func medianUS(ds []time.Duration) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return float64(s[len(s)/2]) / float64(time.Microsecond)
}

var launchSyncLine = regexp.MustCompile(`cpp_launch_sync K=(\d+) gpu_us_per_step=([0-9.]+) wall_us_median=([0-9.]+)`)

// parseLaunchSync reads launch_sync.cu's output: K → (wall median, GPU µs per step).
func parseLaunchSync(out []byte) (map[int][2]float64, error) {
	got := map[int][2]float64{}
	for _, m := range launchSyncLine.FindAllSubmatch(out, -1) {
		k, _ := strconv.Atoi(string(m[1]))
		gpu, _ := strconv.ParseFloat(string(m[2]), 64)
		wall, _ := strconv.ParseFloat(string(m[3]), 64)
		got[k] = [2]float64{wall, gpu}
	}
	if len(got) == 0 {
		return nil, fmt.Errorf("launch_sync: no cpp_launch_sync line in %q", out)
	}
	return got, nil
}

var torchLine = regexp.MustCompile(`torch_drafter eager_us=([0-9.]+) reduce_overhead_us=([0-9.]+)`)

// parseTorch reads drafter_torch.py's line: eager and reduce-overhead µs per step.
func parseTorch(out []byte) (eager, reduceOverhead float64, err error) {
	m := torchLine.FindSubmatch(out)
	if m == nil {
		return 0, 0, fmt.Errorf("drafter_torch.py: no torch_drafter line in %q", out)
	}
	eager, _ = strconv.ParseFloat(string(m[1]), 64)
	reduceOverhead, _ = strconv.ParseFloat(string(m[2]), 64)
	return eager, reduceOverhead, nil
}

// writeResultsJSON writes r, indented, to path.
func writeResultsJSON(path string, r Results) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// writeSyncTable writes the synchronous-step and drafter tables and whether issue 17's
// targets were met. Do not depend on this output being stable.
func writeSyncTable(w io.Writer, r Results, sync []syncDetail, drafters []drafterDetail) error {
	var err error
	p := func(format string, a ...any) {
		if err == nil {
			_, err = fmt.Fprintf(w, format, a...)
		}
	}
	p("\none synchronous step: K tiny kernels in a CUDA graph, launch + wait, wall µs per call (median); caller / thread that ran it\n\n")
	p("| K | C++ launch+sync | C++ GPU | Go Run(n=1) caller-thread untimed | ratio | target | caller-thread timed | spin-then-block untimed | channel handoff (before) |\n")
	p("|---|---|---|---|---|---|---|---|---|\n")
	syncMet := len(sync) > 0
	for _, d := range sync {
		ratio := 0.0
		if d.CPPWall > 0 {
			ratio = d.Untimed.Caller / d.CPPWall
		}
		syncMet = syncMet && d.CPPWall > 0 && ratio <= syncTarget(d.K)
		p("| %d | %s | %s | %s / %s | %s | %s | %s / %s | %s / %s | %s / %s |\n", d.K, f1(d.CPPWall), f1(d.CPPGPU),
			f1(d.Untimed.Caller), f1(d.Untimed.Worker), f2(ratio), f2(syncTarget(d.K)), f1(d.Timed.Caller), f1(d.Timed.Worker),
			f1(d.Spin.Caller), f1(d.Spin.Worker), f1(d.Legacy.Caller), f1(d.Legacy.Worker))
	}
	p("\ntarget Go Run(n=1) <= 1.10x C++ launch+sync at K <= 16, 1.05x above: %s\n", met(syncMet))
	p("\ndrafter step (hidden 1024, batch 8, 4 layers, fp32), µs per step: weights %d bytes, floor %s µs at %.1f TB/s\n\n",
		r.Drafter.WeightBytes, f1(r.Drafter.FloorUS), HBMBytesPerSecond/1e12)
	p("| kernels | Go eager | Go replay | Go sync step wall | replay / floor | each kernel replayed alone |\n|---|---|---|---|---|---|\n")
	for _, d := range drafters {
		p("| %s | %s | %s | %s | %s | %s |\n", d.Variant, f1(d.Eager), f1(d.Replay), f1(d.Sync), f1(d.Replay/r.Drafter.FloorUS), kernelList(d.Kernels))
	}
	if r.Drafter.TorchEagerUS != nil && r.Drafter.TorchReduceOverheadUS != nil {
		p("| PyTorch eager | %s | | | | |\n| PyTorch reduce-overhead | | %s | | | |\n", f1(*r.Drafter.TorchEagerUS), f1(*r.Drafter.TorchReduceOverheadUS))
	} else {
		p("| PyTorch | not run (python3 -c \"import torch\" failed) | | | | |\n")
	}
	p("\ntarget drafter replay (%s kernels) <= %.0f µs/step: %s\n", r.Drafter.Kernels, DrafterReplayTarget, met(r.Drafter.GoReplayUS > 0 && r.Drafter.GoReplayUS <= DrafterReplayTarget))
	return err
}

// kernelList formats per-kernel times as "name µs, ...".
func kernelList(ks []KernelTime) string {
	parts := make([]string, 0, len(ks))
	for _, k := range ks {
		parts = append(parts, fmt.Sprintf("%s %s", k.Kernel, f1(k.US)))
	}
	return strings.Join(parts, ", ")
}
