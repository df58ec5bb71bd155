//go:build !cuda || !cgo

package main

import "context"

// visibleDevices reports no device: this build has no CUDA backend.
func visibleDevices() (int, error) { return 0, errNoCUDA }

// runGPU returns errNoCUDA: this build has no CUDA backend.
func runGPU(context.Context, gpuRequest) ([]gpuResult, error) { return nil, errNoCUDA }

// deviceName returns errNoCUDA: this build has no CUDA backend.
func deviceName(int) (string, error) { return "", errNoCUDA }
