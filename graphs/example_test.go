package graphs_test

import (
	"fmt"

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
