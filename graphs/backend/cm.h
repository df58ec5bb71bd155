// cm.h: the C layout shared by the cgo files of package backend (build tag cuda).
#ifndef COMPILEMODE_BACKEND_CM_H
#define COMPILEMODE_BACKEND_CM_H
#include <cuda.h>

// cm_launch is one kernel launch of a step, in C memory so that the launch loop touches no
// Go memory. params points at one void* per kernel argument, each pointing at an 8-byte
// slot (cuLaunchKernel reads as many bytes as the parameter's size).
typedef struct cm_launch {
	CUfunction fn;
	unsigned int grid[3];
	unsigned int block[3];
	unsigned int shmem;
	void **params;
} cm_launch;

// cm_run_result holds what one cm_run_step call reports, in C memory owned by the worker
// (one per worker, reused), so that the call passes no Go pointer and allocates nothing.
typedef struct cm_run_result {
	float ms;          // cuEventElapsedTime between the events, milliseconds; 0 when untimed
	long long wall_ns; // CLOCK_MONOTONIC nanoseconds from before the first launch to after the wait
	int stage;         // CM_STAGE_* of the call that failed; 0 on success
	int failed;        // index of the failing launch, for CM_STAGE_LAUNCH
} cm_run_result;

// The driver calls of one cm_run_step, for error reports.
enum {
	CM_STAGE_NONE = 0,
	CM_STAGE_RECORD_START,
	CM_STAGE_GRAPH_LAUNCH,
	CM_STAGE_LAUNCH,
	CM_STAGE_RECORD_END,
	CM_STAGE_EVENT_SYNC,
	CM_STAGE_ELAPSED,
	CM_STAGE_STREAM_SYNC,
	CM_STAGE_CTX_PUSH,   // cuCtxPushCurrent of the caller-thread path
	CM_STAGE_CTX_POP,    // cuCtxPopCurrent of the caller-thread path
	CM_STAGE_MODE        // cuThreadExchangeStreamCaptureMode of the caller-thread path
};

#endif
