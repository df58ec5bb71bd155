//go:build cuda && cgo

package backend

// This file is the small cgo layer for what gorgonia.org/cu v0.9.6 does not wrap (stream
// capture, the capture-mode exchange, graph instantiate, upload, launch, exec update) and
// for the launch hot path: one cgo call launches a whole step (or n steps) with
// cuLaunchKernel from C, where cu's Function.Launch mallocs and copies the arguments on
// every launch (measured 4.7 against 3.7 µs per kernel on the H200 host).
//
// Every C function here is static and prefixed cm_, so none clashes with a symbol of cu's
// own cgo preambles at link time. Driver reference:
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__STREAM.html (capture),
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__GRAPH.html (graphs),
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__EXEC.html (cuLaunchKernel).

/*
#cgo CFLAGS: -Wno-deprecated-declarations
#cgo LDFLAGS: -lcuda
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cm.h"

// cm_launch_seq launches the n launches of l, iters times over, on stream s, with
// cuLaunchKernel. On failure it stores the failing launch's index in *failed.
static CUresult cm_launch_seq(const cm_launch *l, int n, int iters, CUstream s, int *failed) {
	for (int it = 0; it < iters; it++) {
		for (int i = 0; i < n; i++) {
			const cm_launch *k = &l[i];
			CUresult r = cuLaunchKernel(k->fn, k->grid[0], k->grid[1], k->grid[2],
				k->block[0], k->block[1], k->block[2], k->shmem, s, k->params, NULL);
			if (r != CUDA_SUCCESS) {
				*failed = i;
				return r;
			}
		}
	}
	return CUDA_SUCCESS;
}

static long long cm_now_ns(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

// cm_run_step runs a step iters times and waits for it, in one call from Go: it launches
// the executable graph e with cuGraphLaunch, or, when e is NULL, the n launches of l with
// cuLaunchKernel, iters times over, on stream s. With both events non-NULL it records start
// before and end after the launches, waits with cuEventSynchronize(end) and stores
// cuEventElapsedTime in r->ms; otherwise it waits with cuStreamSynchronize(s). r->wall_ns
// is the CLOCK_MONOTONIC time from before the first driver call to after the wait: what
// examples/bench/launch_sync.cu times around cudaGraphLaunch + cudaStreamSynchronize.
static CUresult cm_run_step(CUgraphExec e, const cm_launch *l, int n, int iters, CUstream s,
		CUevent start, CUevent end, cm_run_result *r) {
	int timed = start != NULL && end != NULL;
	CUresult res = CUDA_SUCCESS;
	r->ms = 0;
	r->stage = CM_STAGE_NONE;
	r->failed = 0;
	long long t0 = cm_now_ns();
	if (timed && (res = cuEventRecord(start, s)) != CUDA_SUCCESS) { r->stage = CM_STAGE_RECORD_START; return res; }
	if (e != NULL) {
		for (int it = 0; it < iters; it++)
			if ((res = cuGraphLaunch(e, s)) != CUDA_SUCCESS) { r->stage = CM_STAGE_GRAPH_LAUNCH; return res; }
	} else if ((res = cm_launch_seq(l, n, iters, s, &r->failed)) != CUDA_SUCCESS) {
		r->stage = CM_STAGE_LAUNCH;
		return res;
	}
	if (timed) {
		if ((res = cuEventRecord(end, s)) != CUDA_SUCCESS) { r->stage = CM_STAGE_RECORD_END; return res; }
		if ((res = cuEventSynchronize(end)) != CUDA_SUCCESS) { r->stage = CM_STAGE_EVENT_SYNC; return res; }
		r->wall_ns = cm_now_ns() - t0;
		if ((res = cuEventElapsedTime(&r->ms, start, end)) != CUDA_SUCCESS) { r->stage = CM_STAGE_ELAPSED; return res; }
		return CUDA_SUCCESS;
	}
	if ((res = cuStreamSynchronize(s)) != CUDA_SUCCESS) { r->stage = CM_STAGE_STREAM_SYNC; return res; }
	r->wall_ns = cm_now_ns() - t0;
	return CUDA_SUCCESS;
}

// cm_run_step_on runs cm_run_step on the calling OS thread with context ctx pushed
// (cuCtxPushCurrent) for the call and popped (cuCtxPopCurrent) after it, so the thread's
// own current context, if any, is as it was. With set_mode it also sets the thread's
// stream-capture interaction mode to mode (cuThreadExchangeStreamCaptureMode) for the
// call and restores the previous one. Being one cgo call, it runs start to end on one OS
// thread: the Go scheduler cannot move the goroutine between the push and the pop.
static CUresult cm_run_step_on(CUcontext ctx, int set_mode, int mode, CUgraphExec e,
		const cm_launch *l, int n, int iters, CUstream s, CUevent start, CUevent end, cm_run_result *r) {
	CUcontext popped = NULL;
	CUstreamCaptureMode prev = (CUstreamCaptureMode)mode;
	r->stage = CM_STAGE_NONE;
	CUresult res = cuCtxPushCurrent(ctx);
	if (res != CUDA_SUCCESS) { r->stage = CM_STAGE_CTX_PUSH; return res; }
	if (set_mode && (res = cuThreadExchangeStreamCaptureMode(&prev)) != CUDA_SUCCESS) {
		r->stage = CM_STAGE_MODE;
		cuCtxPopCurrent(&popped);
		return res;
	}
	res = cm_run_step(e, l, n, iters, s, start, end, r);
	if (set_mode) {
		CUresult rm = cuThreadExchangeStreamCaptureMode(&prev);
		if (res == CUDA_SUCCESS && rm != CUDA_SUCCESS) { r->stage = CM_STAGE_MODE; res = rm; }
	}
	CUresult rp = cuCtxPopCurrent(&popped);
	if (res == CUDA_SUCCESS && rp != CUDA_SUCCESS) { r->stage = CM_STAGE_CTX_POP; res = rp; }
	return res;
}

// cm_func_prepare raises f's dynamic shared-memory limit to shmem bytes when it is below
// (cuFuncGetAttribute, cuFuncSetAttribute with CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES;
// the default is 48 KiB less the kernel's static shared memory, and the limit is only ever
// raised, so that another step's larger launch of f stays valid), and stores in *resident
// how many blocks of threads threads and shmem bytes fit on the device at once: the active
// blocks per multiprocessor (cuOccupancyMaxActiveBlocksPerMultiprocessor) times the
// multiprocessors (cuDeviceGetAttribute). *stage says which call failed: 1 to 4 in that order.
static CUresult cm_func_prepare(CUfunction f, CUdevice dev, int threads, int shmem, int *resident, int *stage) {
	CUresult r;
	int cur = 0, per = 0, sms = 0;
	*stage = 1;
	if ((r = cuFuncGetAttribute(&cur, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f)) != CUDA_SUCCESS) return r;
	*stage = 2;
	if (shmem > cur && (r = cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shmem)) != CUDA_SUCCESS) return r;
	*stage = 3;
	if ((r = cuOccupancyMaxActiveBlocksPerMultiprocessor(&per, f, threads, (size_t)shmem)) != CUDA_SUCCESS) return r;
	*stage = 4;
	if ((r = cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev)) != CUDA_SUCCESS) return r;
	*stage = 0;
	*resident = per * sms;
	return CUDA_SUCCESS;
}

#if CUDA_VERSION < 12000
// cuOccupancyMaxActiveClusters is in the driver since CUDA 12.0 (and in CUDA 11.8's
// libcuda.so stub), but not in CUDA 11.8's cuda.h, which the build may use: declared here
// with the signature of CUDA 12's cuda.h.
CUresult CUDAAPI cuOccupancyMaxActiveClusters(int *numClusters, CUfunction func, const CUlaunchConfig *config);
#endif

// cm_max_active_clusters stores in *n how many clusters of cluster[] blocks of block[]
// threads and shmem bytes of dynamic shared memory fit on the device at once
// (cuOccupancyMaxActiveClusters, with the cluster shape as a
// CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION attribute: allowed, and required to match, for a
// kernel compiled with its cluster shape). Should the driver refuse the attribute, it asks
// again without it, as kernels/mlp_bench.cu does (the kernel's own shape then applies);
// the first failure is returned if that fails too.
static CUresult cm_max_active_clusters(CUfunction f, const unsigned *grid, const unsigned *block,
		const unsigned *cluster, unsigned shmem, int *n) {
	CUlaunchAttribute attr;
	memset(&attr, 0, sizeof attr);
	attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
	attr.value.clusterDim.x = cluster[0];
	attr.value.clusterDim.y = cluster[1];
	attr.value.clusterDim.z = cluster[2];
	CUlaunchConfig cfg;
	memset(&cfg, 0, sizeof cfg);
	cfg.gridDimX = grid[0];
	cfg.gridDimY = grid[1];
	cfg.gridDimZ = grid[2];
	cfg.blockDimX = block[0];
	cfg.blockDimY = block[1];
	cfg.blockDimZ = block[2];
	cfg.sharedMemBytes = shmem;
	cfg.hStream = NULL;
	cfg.attrs = &attr;
	cfg.numAttrs = 1;
	*n = 0;
	CUresult r = cuOccupancyMaxActiveClusters(n, f, &cfg);
	if (r == CUDA_SUCCESS) return r;
	cfg.attrs = NULL;
	cfg.numAttrs = 0;
	*n = 0;
	if (cuOccupancyMaxActiveClusters(n, f, &cfg) == CUDA_SUCCESS) return CUDA_SUCCESS;
	*n = 0;
	return r;
}

// cm_graph_launch_n launches the executable graph e iters times on stream s (cuGraphLaunch).
static CUresult cm_graph_launch_n(CUgraphExec e, CUstream s, int iters) {
	for (int it = 0; it < iters; it++) {
		CUresult r = cuGraphLaunch(e, s);
		if (r != CUDA_SUCCESS) return r;
	}
	return CUDA_SUCCESS;
}

static CUresult cm_begin_capture(CUstream s, int mode) {
	return cuStreamBeginCapture(s, (CUstreamCaptureMode)mode);
}

static CUresult cm_end_capture(CUstream s, CUgraph *g) {
	return cuStreamEndCapture(s, g);
}

static CUresult cm_is_capturing(CUstream s, int *status) {
	CUstreamCaptureStatus st = CU_STREAM_CAPTURE_STATUS_NONE;
	CUresult r = cuStreamIsCapturing(s, &st);
	*status = (int)st;
	return r;
}

static CUresult cm_exchange_capture_mode(int *mode) {
	CUstreamCaptureMode m = (CUstreamCaptureMode)*mode;
	CUresult r = cuThreadExchangeStreamCaptureMode(&m);
	*mode = (int)m;
	return r;
}

static CUresult cm_upload(CUgraphExec e, CUstream s) {
	return cuGraphUpload(e, s);
}

static CUresult cm_instantiate(CUgraphExec *e, CUgraph g) {
	return cuGraphInstantiateWithFlags(e, g, 0);
}

// cm_exec_update updates e in place from g. Its signature changed in CUDA 12.0
// (cuGraphExecUpdate_v2 takes a CUgraphExecUpdateResultInfo); both are handled.
static CUresult cm_exec_update(CUgraphExec e, CUgraph g, int *result) {
#if CUDA_VERSION >= 12000
	CUgraphExecUpdateResultInfo info;
	CUresult r = cuGraphExecUpdate(e, g, &info);
	*result = (int)info.result;
	return r;
#else
	CUgraphNode errNode = NULL;
	CUgraphExecUpdateResult res = CU_GRAPH_EXEC_UPDATE_SUCCESS;
	CUresult r = cuGraphExecUpdate(e, g, &errNode, &res);
	*result = (int)res;
	return r;
#endif
}

static const char *cm_error_name(CUresult r) {
	const char *s = NULL;
	if (cuGetErrorName(r, &s) != CUDA_SUCCESS) return NULL;
	return s;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"reflect"
	"unsafe"

	"gorgonia.org/cu"
)

// Result is a CUresult, the status code of a driver call, as an error. It matches cu's
// error values of the same code under errors.Is, so errors.Is(err, cu.OutOfMemory) holds
// for a DeviceError whose Err is ResultOutOfMemory.
//
// Source: CUresult in cuda.h (CUDA 11.8).
type Result int

// The results this package's callers test for. The names follow cuda.h without the
// CUDA_ERROR_ prefix.
const (
	ResultInvalidValue             Result = C.CUDA_ERROR_INVALID_VALUE
	ResultOutOfMemory              Result = C.CUDA_ERROR_OUT_OF_MEMORY
	ResultInvalidContext           Result = C.CUDA_ERROR_INVALID_CONTEXT
	ResultInvalidDevice            Result = C.CUDA_ERROR_INVALID_DEVICE
	ResultNotFound                 Result = C.CUDA_ERROR_NOT_FOUND
	ResultIllegalAddress           Result = C.CUDA_ERROR_ILLEGAL_ADDRESS
	ResultStreamCaptureUnsupported Result = C.CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED
	ResultStreamCaptureInvalidated Result = C.CUDA_ERROR_STREAM_CAPTURE_INVALIDATED
	ResultStreamCaptureImplicit    Result = C.CUDA_ERROR_STREAM_CAPTURE_IMPLICIT
	ResultStreamCaptureWrongThread Result = C.CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD
	ResultGraphExecUpdateFailure   Result = C.CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE
	ResultCapturedEvent            Result = C.CUDA_ERROR_CAPTURED_EVENT
	ResultStreamCaptureIsolation   Result = C.CUDA_ERROR_STREAM_CAPTURE_ISOLATION
	ResultStreamCaptureUnmatched   Result = C.CUDA_ERROR_STREAM_CAPTURE_UNMATCHED
	ResultLaunchOutOfResources     Result = C.CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES
	resultSuccess                  Result = C.CUDA_SUCCESS
	captureStatusActive                   = C.CU_STREAM_CAPTURE_STATUS_ACTIVE
	captureStatusInvalidated              = C.CU_STREAM_CAPTURE_STATUS_INVALIDATED
	execUpdateSuccess                     = C.CU_GRAPH_EXEC_UPDATE_SUCCESS
	cuModeGlobal                          = C.CU_STREAM_CAPTURE_MODE_GLOBAL
	cuModeThreadLocal                     = C.CU_STREAM_CAPTURE_MODE_THREAD_LOCAL
	cuModeRelaxed                         = C.CU_STREAM_CAPTURE_MODE_RELAXED
)

// Error returns the driver's name for r and its number, such as
// "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED (901)", from cuGetErrorName.
func (r Result) Error() string {
	if s := C.cm_error_name(C.CUresult(r)); s != nil {
		return fmt.Sprintf("%s (%d)", C.GoString(s), int(r))
	}
	return fmt.Sprintf("CUresult(%d)", int(r))
}

// Is reports whether target is cu's error value for the same CUresult (cu keeps its
// result type unexported, so it is recognised by its type's identity).
func (r Result) Is(target error) bool {
	v := reflect.ValueOf(target)
	return v.IsValid() && v.Type() == reflect.TypeOf(cu.Success) && v.Int() == int64(r)
}

// res converts a CUresult to an error: nil for CUDA_SUCCESS, a Result otherwise.
func res(r C.CUresult) error {
	if r == C.CUDA_SUCCESS {
		return nil
	}
	return Result(r)
}

// fromCU converts an error returned by a cu function into a Result, so that every driver
// failure this package reports has one type. Other errors, wrapped ones included, pass
// through unchanged.
func fromCU(err error) error {
	if err == nil {
		return nil
	}
	if v := reflect.ValueOf(err); v.Type() == reflect.TypeOf(cu.Success) {
		return Result(v.Int())
	}
	return err
}

// cuMode maps a CaptureMode to CUstreamCaptureMode.
func cuMode(m CaptureMode) (C.int, error) {
	switch m {
	case ThreadLocal:
		return cuModeThreadLocal, nil
	case Global:
		return cuModeGlobal, nil
	case Relaxed:
		return cuModeRelaxed, nil
	}
	return 0, &CaptureModeError{Mode: m.String()}
}

// cStream returns s's C handle in this package's cgo type.
func cStream(s cu.Stream) C.CUstream { return C.CUstream(unsafe.Pointer(s.C())) }

// cu.Function is a one-field struct holding a CUfunction; these constants fail to compile
// unless the two have the same size, which cFunction's conversion relies on.
const (
	_ = unsafe.Sizeof(cu.Function{}) - unsafe.Sizeof(C.CUfunction(nil))
	_ = unsafe.Sizeof(C.CUfunction(nil)) - unsafe.Sizeof(cu.Function{})
)

// cFunction returns f's C handle (cu does not export it).
func cFunction(f cu.Function) C.CUfunction { return *(*C.CUfunction)(unsafe.Pointer(&f)) }

// beginCapture wraps cuStreamBeginCapture (cuStreamBeginCapture_v2):
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__STREAM.html
func beginCapture(s cu.Stream, m CaptureMode) error {
	mode, err := cuMode(m)
	if err != nil {
		return err
	}
	return res(C.cm_begin_capture(cStream(s), mode))
}

// endCapture wraps cuStreamEndCapture; the graph is nil when capture failed:
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__STREAM.html
func endCapture(s cu.Stream) (C.CUgraph, error) {
	var g C.CUgraph
	err := res(C.cm_end_capture(cStream(s), &g))
	return g, err
}

// isCapturing wraps cuStreamIsCapturing and reports whether s is capturing (active or
// invalidated): https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__STREAM.html
func isCapturing(s cu.Stream) (bool, error) {
	var st C.int
	if err := res(C.cm_is_capturing(cStream(s), &st)); err != nil {
		return false, err
	}
	return st == captureStatusActive || st == captureStatusInvalidated, nil
}

// exchangeThreadCaptureMode wraps cuThreadExchangeStreamCaptureMode: it sets the calling
// OS thread's interaction mode and returns the previous one (as a CUstreamCaptureMode):
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__STREAM.html
func exchangeThreadCaptureMode(m CaptureMode) error {
	mode, err := cuMode(m)
	if err != nil {
		return err
	}
	return res(C.cm_exchange_capture_mode(&mode))
}

// instantiate wraps cuGraphInstantiateWithFlags with flags 0:
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__GRAPH.html
func instantiate(g C.CUgraph) (C.CUgraphExec, error) {
	var e C.CUgraphExec
	err := res(C.cm_instantiate(&e, g))
	return e, err
}

// upload wraps cuGraphUpload, which moves the graph's launch resources to the device ahead
// of the first launch: https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__GRAPH.html
func upload(e C.CUgraphExec, s cu.Stream) error { return res(C.cm_upload(e, cStream(s))) }

// launchGraph wraps cuGraphLaunch, n times over:
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__GRAPH.html
func launchGraph(e C.CUgraphExec, s cu.Stream, n int) error {
	return res(C.cm_graph_launch_n(e, cStream(s), C.int(n)))
}

// execUpdate wraps cuGraphExecUpdate (CUDA 11 signature; cuGraphExecUpdate_v2 from 12.0).
// It reports whether e now matches g; a refusal (CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE) is
// (false, nil), leaving e as it was:
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__GRAPH.html
func execUpdate(e C.CUgraphExec, g C.CUgraph) (bool, error) {
	var r C.int
	err := res(C.cm_exec_update(e, g, &r))
	if errors.Is(err, ResultGraphExecUpdateFailure) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return r == execUpdateSuccess, nil
}

// destroyGraph wraps cuGraphDestroy:
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__GRAPH.html
func destroyGraph(g C.CUgraph) error { return res(C.cuGraphDestroy(g)) }

// destroyExec wraps cuGraphExecDestroy:
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__GRAPH.html
func destroyExec(e C.CUgraphExec) error { return res(C.cuGraphExecDestroy(e)) }

// cu.Event is a one-field struct holding a CUevent; as for cu.Function, these constants
// fail to compile unless the sizes match, which cEvent's conversion relies on.
const (
	_ = unsafe.Sizeof(cu.Event{}) - unsafe.Sizeof(C.CUevent(nil))
	_ = unsafe.Sizeof(C.CUevent(nil)) - unsafe.Sizeof(cu.Event{})
)

// cEvent returns e's C handle (cu does not export it).
func cEvent(e cu.Event) C.CUevent { return *(*C.CUevent)(unsafe.Pointer(&e)) }

// runResult is a cm_run_result in C memory, one per worker.
type runResult C.cm_run_result

func newRunResult() *runResult {
	return (*runResult)(C.calloc(1, C.size_t(unsafe.Sizeof(C.cm_run_result{}))))
}

// free releases r; a nil r is a no-op.
func (r *runResult) free() {
	if r != nil {
		C.free(unsafe.Pointer(r))
	}
}

// runStepErr describes a failed cm_run_step: the phase ("replay", "launch", "sync") and
// driver call of its stage, and the failing launch for cuLaunchKernel.
func runStepErr(r *runResult, err error) (phase, call string, cause error) {
	switch r.stage {
	case C.CM_STAGE_RECORD_START, C.CM_STAGE_RECORD_END:
		return "sync", "cuEventRecord", err
	case C.CM_STAGE_GRAPH_LAUNCH:
		return "replay", "cuGraphLaunch", err
	case C.CM_STAGE_LAUNCH:
		return "launch", "cuLaunchKernel", fmt.Errorf("launch %d: %w", int(r.failed), err)
	case C.CM_STAGE_EVENT_SYNC:
		return "sync", "cuEventSynchronize", err
	case C.CM_STAGE_ELAPSED:
		return "sync", "cuEventElapsedTime", err
	case C.CM_STAGE_CTX_PUSH:
		return "replay", "cuCtxPushCurrent", err
	case C.CM_STAGE_CTX_POP:
		return "replay", "cuCtxPopCurrent", err
	case C.CM_STAGE_MODE:
		return "replay", "cuThreadExchangeStreamCaptureMode", err
	}
	return "sync", "cuStreamSynchronize", err
}

// runStep wraps cm_run_step: one cgo call that launches a step iters times (the graph e,
// or the launches l when e is nil) and waits for it, timed with start and end when timed.
// The driver functions are those of launchGraph, launchSeq and
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__EVENT.html.
func runStep(e C.CUgraphExec, l *C.cm_launch, n, iters int, s cu.Stream, start, end cu.Event, timed bool, r *runResult) error {
	var cs, ce C.CUevent
	if timed {
		cs, ce = cEvent(start), cEvent(end)
	}
	return res(C.cm_run_step(e, l, C.int(n), C.int(iters), cStream(s), cs, ce, (*C.cm_run_result)(r)))
}

// launchSeq launches the n launches at l, iters times, on s with cuLaunchKernel
// (https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__EXEC.html).
// On failure it returns the failing launch's index.
func launchSeq(l *C.cm_launch, n, iters int, s cu.Stream) (int, error) {
	var failed C.int
	err := res(C.cm_launch_seq(l, C.int(n), C.int(iters), cStream(s), &failed))
	return int(failed), err
}

// cu.CUContext is a one-field struct holding a CUcontext; as for cu.Function, these
// constants fail to compile unless the sizes match, which cContext's conversion relies on.
const (
	_ = unsafe.Sizeof(cu.CUContext{}) - unsafe.Sizeof(C.CUcontext(nil))
	_ = unsafe.Sizeof(C.CUcontext(nil)) - unsafe.Sizeof(cu.CUContext{})
)

// cContext returns c's C handle (cu does not export it).
func cContext(c cu.CUContext) C.CUcontext { return *(*C.CUcontext)(unsafe.Pointer(&c)) }

// runStepOn wraps cm_run_step_on: runStep on the calling OS thread with ctx pushed for the
// call (cuCtxPushCurrent, cuCtxPopCurrent) and, when setMode, the thread's capture mode
// set to mode for the call (cuThreadExchangeStreamCaptureMode):
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__CTX.html
func runStepOn(ctx cu.CUContext, setMode bool, mode CaptureMode, e C.CUgraphExec, l *C.cm_launch, n, iters int, s cu.Stream, start, end cu.Event, timed bool, r *runResult) error {
	var cm C.int
	var set C.int
	if setMode {
		m, err := cuMode(mode)
		if err != nil {
			return err
		}
		cm, set = m, 1
	}
	var cs, ce C.CUevent
	if timed {
		cs, ce = cEvent(start), cEvent(end)
	}
	return res(C.cm_run_step_on(cContext(ctx), set, cm, e, l, C.int(n), C.int(iters), cStream(s), cs, ce, (*C.cm_run_result)(r)))
}

// funcPrepare raises f's dynamic shared-memory limit to shmem bytes when it is below
// (cuFuncGetAttribute, cuFuncSetAttribute, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES;
// never lowered) and returns how
// many blocks of threads threads fit on dev at once
// (cuOccupancyMaxActiveBlocksPerMultiprocessor times CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT):
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__EXEC.html,
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__OCCUPANCY.html
func funcPrepare(f C.CUfunction, dev cu.Device, threads, shmem int) (resident int, call string, err error) {
	var r, stage C.int
	if err := res(C.cm_func_prepare(f, C.CUdevice(dev), C.int(threads), C.int(shmem), &r, &stage)); err != nil {
		return 0, [...]string{"", "cuFuncGetAttribute", "cuFuncSetAttribute", "cuOccupancyMaxActiveBlocksPerMultiprocessor", "cuDeviceGetAttribute"}[stage], err
	}
	return int(r), "", nil
}

// clusterFit returns how many clusters of l's Cluster shape, with its block shape and
// dynamic shared memory, fit on the device at once (cuOccupancyMaxActiveClusters, CUDA
// 12.0 and later; the kernel's shared-memory limit must already allow l.SharedMem):
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__OCCUPANCY.html
func clusterFit(f C.CUfunction, l Launch) (int, error) {
	g, bl, c := l.Grid.norm(), l.Block.norm(), l.Cluster.norm()
	var cg, cb, cc [3]C.uint
	for d := 0; d < 3; d++ {
		cg[d], cb[d], cc[d] = C.uint(g[d]), C.uint(bl[d]), C.uint(c[d])
	}
	var n C.int
	if err := res(C.cm_max_active_clusters(f, &cg[0], &cb[0], &cc[0], C.uint(l.SharedMem), &n)); err != nil {
		return 0, err
	}
	return int(n), nil
}
