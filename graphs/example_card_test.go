package graphs_test

import (
	"fmt"

	"github.com/compilemode/compilemode/graphs"
)

// The design card's unit test: reduce-overhead turns triton.cudagraphs on and keeps
// cudagraph trees on 2.11 and 2.14, and one thread per device on 2 devices fails on
// 2.11 (a thread-local-state race) and captures on 2.14. In a go test, replace the
// prints with t.Errorf.
func ExampleReport_Value() {
	for _, torch := range []string{"2.11", "2.14"} {
		rep, err := graphs.Check(&graphs.Scenario{Torch: torch, Mode: graphs.Ptr("reduce-overhead"),
			Workload: graphs.Workload{Devices: 2, Threads: graphs.PerDevice}})
		if err != nil {
			panic(err) // in a test: t.Fatal(err)
		}
		kr, _ := rep.Value("triton.cudagraphs")
		on, _ := kr.Bool()
		kr, _ = rep.Value("triton.cudagraph_trees")
		trees, _ := kr.Bool()
		fmt.Println(torch, "cudagraphs", on, "trees", trees, "exit", rep.Exit)
	}
	// Output:
	// 2.11 cudagraphs true trees true exit raises
	// 2.14 cudagraphs true trees true exit compiles
}
