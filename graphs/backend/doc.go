// Package backend runs a per-device CUDA-graph plan on real GPUs: one OS-thread-locked
// worker per device launches each step's kernels eagerly, or captures the step once into a
// CUDA graph and replays it, as the plan's outcome for that device says.
//
// Everything that touches the driver is behind the cuda build tag, because
// gorgonia.org/cu's package init exits the process when no driver is present; without the
// tag only the plain-data parts (ExecMode, ExecModeFor, the error types, the options) are
// compiled. Building with -tags cuda needs cgo: with CGO_ENABLED=0 the build fails with an
// undefined identifier named backendRequiresCGOEnabled1 instead of silently dropping the
// backend.
//
// # Build and run
//
// On a machine without a GPU:
//
//	bash .ci/cuda-check.sh   # what CI runs: fetch cuda.h and the libcuda.so stub, go vet -tags cuda ./...,
//	                         # go test -c -tags cuda for each cuda package, and check that
//	                         # CGO_ENABLED=0 go build -tags cuda ./graphs/backend fails
//	bash .ci/build-gpu.sh    # build every GPU test binary and program into .gpu/
//
// .ci/cuda-sdk.sh DEST (default .cuda-sdk, git-ignored) enables Debian's non-free
// component, downloads nvidia-cuda-dev (CUDA 11.8) and extracts only include/cuda.h and
// stubs/libcuda.so, which are never committed (NVIDIA's licence); then
// CGO_CFLAGS=-I$DEST/include CGO_LDFLAGS=-L$DEST/stubs go build -tags cuda ....
// .ci/build-gpu.sh links with -ldflags='-r /usr/local/nvidia/lib64', where the GPU
// machine's libcuda.so.1 is, and stores the binaries gzipped (so that the working tree and
// .gpu/ travel under the run tool's 64 MiB). On the GPU machine (no Go toolchain needed:
// carry .gpu/; examples/bench/run-h200.sh unpacks them, or gunzip .gpu/*.gz first):
//
//	./backend.test -test.v && ./kernels.test -test.v && ./drafters.test -test.v
//	CUDA_VISIBLE_DEVICES=0 ./backend.test -test.v   # the one-GPU pass
//	./bench -anchor ./anchor -plot bench.svg         # Go against the CUDA C++ baseline
//	./drafters -mode reduce-overhead                 # the plan, then the drafter step on every GPU
//
// # The API in brief
//
//	b, err := backend.Open([]int{0, 1})          // one locked worker per device
//	defer b.Close()                               // frees everything
//	ks, err := kernels.Load(ctx, b)               // PTX on every device
//	x, err := b.Alloc(ctx, 0, 4*4096)             // cuMemAlloc, zeroed; never managed memory
//	err = b.Write(ctx, x, xs)                     // []float32 in; b.Read for out
//	l, err := ks.Axpy(1.0001, x, y)               // typed helper -> backend.Launch
//	step, err := b.NewStep(ctx, 0, "axpy64", launches)
//	mode := backend.ExecModeFor(dp.Outcome, dp.Implementation) // dp: a graphs.DevicePlan
//	st, err := b.Run(ctx, step, mode, 1000)       // eager, or capture once + replay
//
// Workers: each device's worker is a goroutine locked to its OS thread (never
// unlocked: the thread ends with the worker), with the device's primary context
// current and its own non-blocking stream; every driver call for the device runs there,
// except, on the default [CallerThread] path, a synchronous Run of a step that needs no
// capture: that runs on the caller's own OS thread, in one cgo call that pushes the
// primary context, launches, waits and pops it, holding the device's lock, which the
// worker also holds for each of its jobs (so a device's state is never touched by two
// threads at once, and captures stay on the worker). The public API is safe from any
// goroutine; calls for different devices run in parallel. gorgonia.org/cu v0.9.6 is used for devices, primary contexts, modules,
// memory, copies, streams and events; stream capture, cuThreadExchangeStreamCaptureMode,
// cuGraphInstantiateWithFlags, cuGraphUpload, cuGraphLaunch and cuGraphExecUpdate are
// our own small cgo file (driver.go), and so is the launch hot path (a step's launch
// table in C memory, all its kernels launched by one cgo call).
//
// [ExecModeFor]: capture and partitioned run as a graph, skip and fail eagerly; legacy
// gets policy FailOnMove, cudagraph_trees (and the rest) Rerecord; capture mode
// ThreadLocal, as both PyTorch implementations use. Errors are *[DeviceError] (device,
// phase, step name, driver call) wrapping a [Result] (the CUresult), so errors.Is works
// with both backend.Result and cu's values; a panic on a worker comes back as
// *[PanicError]; one device's failure does not stop the others; calls after Close
// return [ErrClosed].
//
// # Capture modes
//
// Measured on 2 × H200 (driver 580.159.04): with capture mode global, another thread
// calling cuMemAlloc during a capture, on the same device or on the other device's
// worker, breaks it (cuStreamEndCapture: CUDA_ERROR_STREAM_CAPTURE_INVALIDATED (901);
// the alloc fails with CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED (900)): the prohibition is
// process-wide. thread_local (the default) and relaxed pass. A device- or context-wide
// synchronize breaks a capture in every mode (testdata/reference/field-reports.md F10); the backend never
// issues one.
//
// # Static-address policies
//
// A graph replays the addresses it captured; before each replay the worker compares
// each buffer argument's address with the captured one. Rerecord (cudagraph trees):
// capture again and update the executable graph in place with cuGraphExecUpdate,
// instantiating anew if the driver refuses; after RerecordLimit re-records (default
// 128, triton.cudagraph_unexpected_rerecord_limit) run the step eagerly. FailOnMove
// (legacy, which asserts dst.data_ptr() == src.data_ptr()): return
// *[StaticAddressError] and run nothing.
//
// # Performance
//
// One run of examples/bench/run-h200.sh on one H200 (driver 580.159.04, 2026-12-04, commit
// 377c75c, the GPU code as at cc6bd5c; examples/bench/results-h200.json, results-h200.txt and bench.svg hold it all;
// µs, medians).
//
// K launches of a tiny axpy kernel, against the CUDA C++ baseline anchor_graph.cu (five
// runs per K interleaved, 2000 steps each): replay 16.7, 63.9, 251.7 against the C++
// graph's 16.7, 63.6, 251.4 at K = 16, 64, 256 (1.00×, 1.00×, 1.00×); eager 67.2, 268.9,
// 989.5 against 59.5, 289.4, 1097.9 (eager is launch-bound and noisy from run to run, on both
// sides).
//
// One synchronous step, Run(ctx, s, graph, 1), wall per call as the caller sees it, against
// cudaGraphLaunch + cudaStreamSynchronize in C++ (launch_sync.cu, median of 2000):
//
//	| K   | C++ launch+sync | CallerThread, untimed (default) | ratio | CallerThread, timed | SpinThenBlock | ChannelHandoff |
//	|-----|-----------------|---------------------------------|-------|---------------------|---------------|----------------|
//	| 16  | 22.1            | 23.0                            | 1.04  | 29.2                | 25.0          | 51.0           |
//	| 64  | 69.2            | 71.3                            | 1.03  | 77.6                | 73.2          | 104.2          |
//	| 256 | 257.9           | 262.1                           | 1.02  | 268.3               | 262.8         | 307.2          |
//
// (Earlier runs at 6cf526d, 50a1398, cc6bd5c, a3d6160, 5ae57d9, 1ed1ac5, f724cde, 2d69f16, c24a6ee and 253c41b, same code path: 1.07, 1.04, 1.04; 1.04, 1.02, 1.02; 0.99, 1.01, 1.02; 1.01, 1.01, 1.01; 1.04, 1.00, 1.03; 1.01, 1.02, 1.02; 0.99, 1.03,
// 1.02; 1.03, 1.01, 1.00; 0.99, 1.02, 1.02; 1.03, 1.00, 1.02.) The drafter step (hidden 1024, batch 8, 4 layers, fp32;
// 21.0 MB of weights, 4.4 µs to read them once at 4.8 TB/s), µs per step from CUDA events
// over 1000 steps:
//
//	| kernels                        | eager | replay | Run(n=1) wall |
//	|--------------------------------|-------|--------|---------------|
//	| classic (10 kernels)           | 73.1  | 64.7   | 72.3          |
//	| ws, linear_ws (6 kernels)      | 49.8  | 45.3   | 52.1          |
//	| fused, mlp_step (1 kernel)     | 21.7  | 21.7   | 27.1          |
//	| PyTorch 2.11 eager             | 279.7 |        |               |
//	| PyTorch 2.11 reduce-overhead   |       | 117.8  |               |
//
// Replay equals eager bit for bit for every variant, and each is within 1e-8 of the
// float64 CPU reference. The fused step is the cluster mlp_step (15 clusters of 8
// blocks, each block a K slice of every matrix, partial sums pushed into the owner's
// shared memory; kernels/README.md), which kernels/mlp_bench.cu replays in 21.20 µs in the
// same run against 22.18 for the whole-row kernel. Left out one stage at a time, the whole-row kernel takes: no matmul
// 18.3, no grid barriers 17.6, no weight copies 20.7, no staging of the layers' inputs
// 17.6, none of the four 6.6. (PyTorch's own times vary most from run to run: 206.6 and
// 73.9 at a3d6160, 303.0 and 140.4 at cc6bd5c, 320.8 and 127.2 at 50a1398, 281.5 and 117.9 at 6cf526d, 279.7 and 117.8 here.) The cluster kernel's clock64 profile puts ~3.4 µs in each
// of layers 1–4 (cycles at 1.98 GHz in this run: poll 1120–1520, staging 1080–1170,
// matmul 1920–1940, cluster barrier 890–910, epilogue and arrival 960–1410) and 4.4 µs in
// layer 0. The 12 µs target was not met: five dependent
// layers, each an exchange through L2 and a count polled by every block; see
// kernels/README.md for every variant measured and what it would take.
package backend

// # Synchronous step latency (issue 17)
//
// Issue 17 measured, on one H200 in one run, Run(ctx, s, graph, 1) at 50.0, 96.5 and 300.3
// µs wall per call against 21.5, 69.5 and 259.5 µs for cudaGraphLaunch +
// cudaStreamSynchronize in C++ (examples/bench/launch_sync.cu) at K = 16, 64, 256 tiny
// kernels: 28–41 µs more per step. Read from the code before this change (not profiled:
// no GPU was available when this was written), one call paid for:
//
//  1. The hand-off to the worker. The caller sent the job on an unbuffered channel; the
//     worker goroutine, parked in select, became runnable but is locked to its OS thread
//     (runtime.LockOSThread), so the scheduler could not run it on the caller's thread: it
//     hands the P to the worker's thread and wakes it with a futex (startlockedm in
//     src/runtime/proc.go), and the caller's thread, now without a P, sleeps (stopm).
//  2. The way back. The worker sent the result on a second channel, which readies the
//     caller on the worker's P; the worker, parking again in select on its locked thread,
//     gives its P away (stoplockedm → handoffp), and a thread is woken to run the caller.
//     Each of the two wake-ups costs a futex wake and the sleeping thread's wake-up
//     latency, several µs each and more when the core had gone idle.
//  3. Five cgo calls on the worker: cuEventRecord, cuGraphLaunch, cuEventRecord,
//     cuEventSynchronize, cuEventElapsedTime (each a Go→C transition, about 0.1 µs, and a
//     driver call), where C++ makes two driver calls; and two event records on the
//     stream, which the GPU executes as well.
//  4. Two heap allocations per call (the result channel and the closure) and a
//     three-way select: small against the above.
//
// Issue 17 added the opt-in [SpinThenBlock] handoff, which queues the job and lets both
// sides spin for a bounded time before they block (the caller on its job's completion
// flag, up to [DefaultWaitSpin]; the worker on its queue after each job, up to
// [DefaultIdleSpin]), and made a Run one cgo call, cm_run_step in driver.go, that
// launches and waits (and records the events, unless the Backend was opened
// WithGPUTiming(false)). Measured on the H200 (issue 25), that took K = 16 from 46.4 to
// 41.6 µs: the hand-off, not the driver calls, was what cost.
//
// Issue 25 made the default [CallerThread]: the CUDA driver lets any OS thread make a
// context current, and the locked worker exists to keep captures and the device's state
// on one thread at a time, not to run every replay. A synchronous Run of a step that needs
// no capture takes the device's lock and makes one cgo call on the caller's own thread,
// cm_run_step_on, which pushes the primary context (cuCtxPushCurrent), sets the thread's
// capture mode when the Backend has one (cuThreadExchangeStreamCaptureMode), launches and
// waits, then restores both (cuCtxPopCurrent), so no goroutine is woken and the caller's
// thread keeps whatever context it had. Being one cgo call, it cannot move to another
// thread half way. The worker takes the same lock for each job (allocations, copies,
// loads, captures, re-records, Close), so what the worker guarantees holds: captures on
// one thread, a device's state never touched by two threads at once, errors isolated per
// device (each device has its own lock and state), no goroutine started per call, and
// memory back to baseline at Close (TestCloseReleasesEverything, TestStepPathsConcurrent,
// TestCallerThreadKeepsContext, goleak in TestMain). RunStats.Wall is the time on the
// thread that launched, so a caller can still split its wall time. [ChannelHandoff] and
// [SpinThenBlock] remain for comparison (examples/bench measures all three in one run).
//
// Cost: a caller-thread step blocks its goroutine's thread in the driver's wait (as any
// cgo call does) and holds the device's lock meanwhile; calls on one device run one at a
// time, as before. With the timing events (the default WithGPUTiming(true)) a call costs
// about 5 µs more than untimed on the H200 (two event records, cuEventSynchronize and
// cuEventElapsedTime), so a latency-bound caller should open its Backend
// WithGPUTiming(false).
