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
package backend

// # Synchronous step latency (issue 17)
//
// Issue 17 measured, on one H200 in one run, Run(ctx, s, graph, 1) at 50.0, 96.5 and 300.3
// µs wall per call against 21.5, 69.5 and 259.5 µs for cudaGraphLaunch +
// cudaStreamSynchronize in C++ (shared/gpu/launch_sync.cu) at K = 16, 64, 256 tiny
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
