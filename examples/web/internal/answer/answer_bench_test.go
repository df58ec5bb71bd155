package answer

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
)

func BenchmarkCheckSeed(b *testing.B) {
	c := Call{Args: []string{"-torch", "2.11", "-mode", "reduce-overhead"}, Workload: graphs.Workload{Devices: 2, Threads: graphs.PerDevice}}
	for b.Loop() {
		Check(c, Options{})
	}
}

func BenchmarkGraphsCheck(b *testing.B) {
	m := "reduce-overhead"
	for b.Loop() {
		graphs.Check(&graphs.Scenario{Torch: "2.11", Mode: &m, Workload: graphs.Workload{Devices: 2, Threads: graphs.PerDevice}})
	}
}
