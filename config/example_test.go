package config_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/modes"
)

// The classic trap: reduce-overhead with cudagraph_trees=False still captures CUDA
// graphs, with the legacy implementation.
func ExampleResolver_Resolve() {
	r, err := config.NewResolver(modes.Version{Major: 2, Minor: 11})
	if err != nil {
		panic(err)
	}
	mode := "reduce-overhead"
	trees, _ := config.ParseAssignment("triton.cudagraph_trees=False")
	res, err := r.Resolve(config.Request{Mode: &mode, Globals: []config.Assignment{trees}})
	if err != nil {
		panic(err)
	}
	for _, k := range res.Changed() {
		fmt.Printf("%s=%s  # %s\n", k.Key, k.Value, k.Origin)
	}
	fmt.Println("cudagraphs:", res.CUDAGraphs.Enabled, res.CUDAGraphs.Implementation)
	fmt.Println("warning:", res.Warnings[0].Code)
	// Output:
	// triton.cudagraphs=True  # mode:reduce-overhead
	// triton.cudagraph_trees=False  # global
	// cudagraphs: true legacy
	// warning: trees-flag-does-not-disable-cudagraphs
}

// torch.compile's own error, byte for byte, with a hint of ours beside it.
func ExampleUnknownOptionError() {
	opts, _ := literal.Parse(`{"triton.cudagraph": False}`)
	_, err := config.Resolve(modes.Version{Major: 2, Minor: 11}, config.Request{Options: &opts})
	var e *config.UnknownOptionError
	if errors.As(err, &e) {
		fmt.Println(e.Exception()+":", e.Message()[:strings.Index(e.Message(), "[")+1])
		fmt.Println(e.Hint())
	}
	// Output:
	// RuntimeError: Unexpected optimization option triton.cudagraph, known options are [
	// did you mean triton.cudagraphs?
}
