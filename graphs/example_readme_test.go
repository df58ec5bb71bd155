package graphs_test

import (
	"bufio"
	"bytes"
	"fmt"

	"github.com/compilemode/compilemode/graphs"
)

// The README's Library section: the keys the call changes, and the text report's
// first lines (its full text is the command's; the JSON form is the contract).
func ExampleReport_Changed() {
	rep, err := graphs.Check(&graphs.Scenario{
		Torch: "2.11", Mode: graphs.Ptr("reduce-overhead"), Set: []string{"triton.cudagraph_trees=False"},
		Workload: graphs.Workload{Devices: 2, Threads: graphs.PerDevice},
	})
	if err != nil {
		fmt.Println(err) // a *graphs.ScenarioError: the scenario is unusable
		return
	}
	for _, k := range rep.Changed() {
		fmt.Println(k.Key, k.Repr(), k.Source)
	}
	var b bytes.Buffer
	if err := rep.WriteText(&b, graphs.TextOptions{Width: 100}); err != nil {
		fmt.Println(err)
		return
	}
	sc := bufio.NewScanner(&b)
	for i := 0; i < 2 && sc.Scan(); i++ {
		fmt.Println(sc.Text())
	}
	// Output:
	// triton.cudagraphs True mode:reduce-overhead
	// triton.cudagraph_trees False global
	// torch 2.11 (schema 2.11.0+cu130, measured; modes measured) · backend inductor ·
	//   mode="reduce-overhead"
}

// WriteTextWidth writes a report as the other two kinds of input write theirs
// (diagnose's Diagnosis.WriteTextWidth, script's Script.WriteTextWidth): a writer and
// a width in columns. WriteText takes TextOptions, which also has All (every key).
func ExampleReport_WriteTextWidth() {
	rep, err := graphs.Check(&graphs.Scenario{Torch: "2.11", Mode: graphs.Ptr("reduce-overhead")})
	if err != nil {
		fmt.Println(err)
		return
	}
	var b bytes.Buffer
	if err := rep.WriteTextWidth(&b, 60); err != nil { // = rep.WriteText(&b, graphs.TextOptions{Width: 60})
		fmt.Println(err)
		return
	}
	sc := bufio.NewScanner(&b)
	for i := 0; i < 2 && sc.Scan(); i++ {
		fmt.Println(sc.Text())
	}
	// Output:
	// torch 2.11 (schema 2.11.0+cu130, measured; modes measured) ·
	//   backend inductor · mode="reduce-overhead"
}
