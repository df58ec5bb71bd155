//go:build cuda && cgo

package backend_test

import (
	"context"
	"fmt"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/backend"
	"github.com/compilemode/compilemode/kernels"
)

// Example runs a step of 64 tiny kernels on device 0 as the plan says: a "capture"
// outcome under CUDA-graph trees captures it once and replays it. (Compiled, not run, by
// go test: it needs a GPU.)
func Example() {
	ctx := context.Background()
	b, err := backend.Open([]int{0})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer b.Close()
	ks, err := kernels.Load(ctx, b)
	if err != nil {
		fmt.Println(err)
		return
	}
	x, _ := b.Alloc(ctx, 0, 4*4096)
	y, _ := b.Alloc(ctx, 0, 4*4096)
	launches := make([]backend.Launch, 64)
	for i := range launches {
		if launches[i], err = ks.Axpy(1.0001, x, y); err != nil {
			fmt.Println(err)
			return
		}
	}
	step, err := b.NewStep(ctx, 0, "axpy64", launches)
	if err != nil {
		fmt.Println(err)
		return
	}
	mode := backend.ExecModeFor(graphs.Capture, graphs.CUDAGraphTrees)
	st, err := b.Run(ctx, step, mode, 1000)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v: graph=%v captured=%v, %.1f µs per step\n", mode, st.Graph, st.Captured, st.GPUTime.Seconds()*1e6/1000)
}
