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
// machine's libcuda.so.1 is. On the GPU machine (no Go toolchain needed: carry .gpu/):
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
// current and its own non-blocking stream; every driver call for the device runs there.
// The public API is safe from any goroutine; calls for different devices run in
// parallel. gorgonia.org/cu v0.9.6 is used for devices, primary contexts, modules,
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
// examples/bench (K launches of a tiny axpy kernel, against the CUDA C++ baseline
// examples/bench/anchor_graph.cu, five runs per K interleaved, medians; H200,
// 2026-11-29): replay was 1.01–1.02× the C++ graph at K = 16, 64, 256, and eager
// 0.85–0.94× C++ eager in that run (eager is launch-bound and noisy: one of four runs
// missed at K=64 by 3 %; treat Go eager as equal to C++ eager). The plot is
// examples/bench/bench.svg. examples/drafters runs a small fp32 MLP step per GPU
// (1.11–1.13× faster replayed than eager on 2 × H200, bit-identical results; sample in
// examples/drafters/sample_output_2xH200.txt).
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
// What changed: the opt-in [SpinThenBlock] handoff (WithHandoff; the default stays
// [ChannelHandoff] until a GPU run measures both) queues the job and lets both sides
// spin for a bounded time before they block (the caller on its job's completion flag, up
// to [DefaultWaitSpin]; the worker on its queue after each job, up to [DefaultIdleSpin]),
// so in a loop of synchronous steps neither goroutine parks and no thread is woken; and a
// Run makes one cgo call, cm_run_step in driver.go, that launches and waits (and records
// the events, unless the Backend was opened WithGPUTiming(false)). The worker's safety is
// unchanged: one goroutine per device, locked to its OS thread for its whole life, runs
// every driver call for that device, one job at a time; captures use the same per-thread
// capture mode. RunStats.Wall reports the worker's own launch-to-end-of-wait time, so a
// caller can split its wall time into the worker's part and the hand-off's.
// [ChannelHandoff] keeps the previous path, driver calls included, so that examples/bench compares both in one run (run-h200.sh there).
//
// Cost and risk: spinning keeps up to two CPU cores busy per device while steps run;
// with fewer free cores than spinning threads the OS deschedules them and a spin costs
// more than the wake-up it avoids (a 2-core CI machine at load average 10–12 showed
// exactly that, so its numbers are not quoted; BenchmarkInboxRoundTrip measures the
// handoffs alone). WithSpin sets both budgets; WithSpin(0, 0) blocks at once. With
// GOMAXPROCS below 2 the budgets are 0.
//
// Status: none of this has been measured on a GPU yet. The numbers that decide it come
// from examples/bench/run-h200.sh (results-h200.json).
