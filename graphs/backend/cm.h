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

#endif
