package graphs_test

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// One drafter thread per GPU with reduce-overhead on 2.11: the first thread to record
// a cudagraph tree survives, the other dies (measured); on 2.14 both capture.
func ExampleBuild() {
	mode := "reduce-overhead"
	for _, minor := range []int{11, 14} {
		res, err := config.Resolve(modes.Version{Major: 2, Minor: minor}, config.Request{Mode: &mode})
		if err != nil {
			panic(err)
		}
		plan, err := graphs.Build(res, graphs.Workload{Devices: 2, Threads: graphs.PerDevice})
		if err != nil {
			panic(err)
		}
		for _, d := range plan.Devices {
			fmt.Printf("2.%d cuda:%d %s %s race=%v\n", minor, d.Device, d.Outcome, d.Exception, d.Race)
		}
	}
	// Output:
	// 2.11 cuda:0 capture  race=true
	// 2.11 cuda:1 fail AssertionError race=true
	// 2.14 cuda:0 capture  race=false
	// 2.14 cuda:1 capture  race=false
}

// The drafters case through the entry point: two devices, one user thread each,
// reduce-overhead on 2.11. One device captures, the other dies with PyTorch's bare
// AssertionError (which one is a race).
func ExampleCheck() {
	mode := "reduce-overhead"
	rep, err := graphs.Check(&graphs.Scenario{
		Torch:    "2.11",
		Mode:     &mode,
		Workload: graphs.Workload{Devices: 2, Threads: graphs.PerDevice},
	})
	if err != nil {
		fmt.Println(err) // a scenario that cannot be used
		return
	}
	for _, d := range rep.CUDAGraphs.Devices {
		fmt.Println(strings.TrimSpace(fmt.Sprintf("cuda:%d %s race=%v %s", d.Device, d.Outcome, d.Race, d.Exception)))
	}
	fmt.Println("exit:", rep.Exit, rep.Exit.Code())
	fmt.Println("first warning:", rep.Warnings[0].Code)
	// Output:
	// cuda:0 capture race=true
	// cuda:1 fail race=true AssertionError
	// exit: raises 1
	// first warning: trees-user-thread-tls
}

// Resolving effective options in unit tests: a training tool asserts, in its own
// go test, that the compile settings it ships will compile and capture on the release
// it pins. Here the settings mix a mode and an options dict, which torch.compile
// refuses; the test would fail with PyTorch's exact message.
func ExampleCheck_unitTest() {
	mode := "max-autotune"
	rep, err := graphs.Check(&graphs.Scenario{
		Torch:   "2.11",
		Mode:    &mode,
		Options: "{'triton.cudagraphs': False}",
	})
	if err != nil {
		fmt.Println("unusable settings:", err)
		return
	}
	if rep.Exit != graphs.Compiles {
		// In a test: t.Fatalf("torch.compile would raise %s: %s", …)
		fmt.Printf("torch.compile would raise %s: %s\n", rep.Error.Exception, rep.Error.Message)
		return
	}
	fmt.Println("compiles")
	// Output:
	// torch.compile would raise RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.
}

// ExampleFixSentence: the sentence a report's explanation gives a recommendation, which
// a caller that rewrites the recommendation replaces in Explain too.
func ExampleFixSentence() {
	fmt.Println(graphs.FixSentence("clone the output before the next call."))
	// Output: Fix: clone the output before the next call.
}
