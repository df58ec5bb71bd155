package graphs_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestMarkedDynamicLogs: the log lines a dynamic-shape plan lists are the ones the
// run prints (sweep6 finding 11): an input marked with mark_dynamic before the first
// call is symbolic from it, so no "without symints" line (measured on 2.11,
// testdata/torch/2.11/mark_dynamic_symint.out), as with dynamic=True (ro_dynamic_true);
// automatic dynamic shapes record the first, static size with that line, then symint
// keys (ro_dynamic_shapes in testdata/torch/2.11/measured_scenarios.json).
func TestMarkedDynamicLogs(t *testing.T) {
	t.Parallel()
	yes := true
	tests := []struct {
		name     string
		torch    string
		dynamic  *bool
		marked   bool
		static   bool // "without symints" listed
		recorded string
	}{
		{"mark_dynamic, 2.11", "2.11", nil, true, false, "Recording cudagraph tree for symint key <size>"},
		{"mark_dynamic, 2.14", "2.14", nil, true, false, "[<compile id>] Recording cudagraph tree for symint key <size>"},
		{"mark_dynamic, 2.6", "2.6", nil, true, false, "recording cudagraph tree for symint key <size>"},
		{"automatic dynamic, 2.11", "2.11", nil, false, true, "Recording cudagraph tree for symint key <size>"},
		{"dynamic=True, 2.11", "2.11", &yes, false, false, "Recording cudagraph tree for symint key <size>"},
		{"dynamic=True and marked, 2.11", "2.11", &yes, true, false, "Recording cudagraph tree for symint key <size>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			mode := "reduce-overhead"
			sc := &graphs.Scenario{Torch: tt.torch, Mode: &mode, Dynamic: tt.dynamic,
				Workload: graphs.Workload{DynamicShapes: true, MarkedDynamic: tt.marked, DistinctSizes: 3}}
			rep, err := graphs.Check(sc)
			require.NoError(t, err)
			require.Len(t, rep.CUDAGraphs.Devices, 1)
			msg := rep.CUDAGraphs.Devices[0].Message
			require.Equal(t, tt.static, strings.Contains(msg, "without symints"), msg)
			require.True(t, strings.HasSuffix(msg, tt.recorded), msg)
		})
	}
	_, err := graphs.Check(&graphs.Scenario{Workload: graphs.Workload{MarkedDynamic: true}})
	require.ErrorContains(t, err, "marked_dynamic")
}
