//go:build !cuda || !cgo

// Command bench measures the Go CUDA backend (graphs/backend) against the CUDA C++
// baseline examples/bench/anchor_graph.cu: K tiny kernels per step, eager against graph
// replay. It needs -tags cuda and a GPU; this build only says so.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "bench: built without -tags cuda (and cgo): no GPU backend; see docs/gpu.md")
}
