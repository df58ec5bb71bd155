package graphs_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestDynamicShapeWarning: cudagraph trees warn once, when the graph with symbolic
// inputs first records more sizes than triton.cudagraph_dynamic_shape_warn_limit
// (maybe_warning_due_to_dynamic_shape, cudagraph_utils.py @ 2.6.0 and 2.14.1, run on both
// builds: testdata/torch/2.6.0-debian/dynamic_shape_warning.txt and
// testdata/torch/2.14.1-debian/dynamic_shape_warning.txt). The count printed is the
// limit plus one, whatever the run's number of sizes; dynamic=None compiles the first
// size into a static graph (measured on 2.11: 5 sizes, 4 symint keys), so the warning
// needs the limit plus two sizes; dynamic=True records every size. A limit of None or 0
// never warns.
func TestDynamicShapeWarning(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		torch   string
		dynamic *bool
		sizes   int
		set     []string
		printed string // "" for no warning
	}{
		{"2.14-auto-at-limit+1", "2.14", nil, 9, nil, ""},
		{"2.14-auto-at-limit+2", "2.14", nil, 10, nil, "We have observed 9 distinct sizes."},
		{"2.14-auto-many", "2.14", nil, 60, nil, "We have observed 9 distinct sizes."},
		{"2.14-dynamic-true-at-limit", "2.14", graphs.Ptr(true), 8, nil, ""},
		{"2.14-dynamic-true-at-limit+1", "2.14", graphs.Ptr(true), 9, nil, "We have observed 9 distinct sizes."},
		{"2.6-auto-51", "2.6", nil, 51, nil, ""},
		{"2.6-auto-52", "2.6", nil, 52, nil, "We have observed 51 distinct sizes."},
		{"2.6-dynamic-true-60", "2.6", graphs.Ptr(true), 60, nil, "We have observed 51 distinct sizes."},
		{"limit-none", "2.14", graphs.Ptr(true), 60, []string{"triton.cudagraph_dynamic_shape_warn_limit=None"}, ""},
		{"limit-zero", "2.14", graphs.Ptr(true), 60, []string{"triton.cudagraph_dynamic_shape_warn_limit=0"}, ""},
		{"limit-3", "2.14", graphs.Ptr(true), 5, []string{"triton.cudagraph_dynamic_shape_warn_limit=3"}, "We have observed 4 distinct sizes."},
		{"limit-negative", "2.14", graphs.Ptr(true), 2, []string{"triton.cudagraph_dynamic_shape_warn_limit=-1"}, "We have observed 1 distinct sizes."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rep, err := graphs.Check(&graphs.Scenario{Torch: tt.torch, Mode: graphs.Ptr("reduce-overhead"),
				Dynamic: tt.dynamic, Set: tt.set,
				Workload: graphs.Workload{DynamicShapes: true, DistinctSizes: tt.sizes}})
			require.NoError(t, err)
			var got string
			for _, w := range rep.Warnings {
				if w.Code == "dynamic-shape-rerecord" {
					require.Empty(t, got, "one warning")
					got = w.Message
				}
			}
			if tt.printed == "" {
				require.Empty(t, got)
				return
			}
			require.True(t, strings.Contains(got, tt.printed), "message %q lacks %q", got, tt.printed)
		})
	}
}

// TestDynamicShapeWarningMeasured: the planner's message is the text the 2.6.0 and 2.14.1
// builds print (after the logger's header), with the count they print.
func TestDynamicShapeWarningMeasured(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ torch, file string }{
		{"2.6", "../testdata/torch/2.6.0-debian/dynamic_shape_warning.txt"},
		{"2.14", "../testdata/torch/2.14.1-debian/dynamic_shape_warning.txt"},
	} {
		data, err := os.ReadFile(tc.file)
		require.NoError(t, err)
		var printed []string
		for _, line := range strings.Split(string(data), "\n") {
			if i := strings.Index(line, "CUDAGraph supports dynamic shapes"); i >= 0 && !strings.HasPrefix(line, "#") {
				printed = append(printed, line[i:])
			}
		}
		require.Len(t, printed, 1, "%s: printed once", tc.file)
		rep, err := graphs.Check(&graphs.Scenario{Torch: tc.torch, Mode: graphs.Ptr("reduce-overhead"),
			Dynamic: graphs.Ptr(true), Workload: graphs.Workload{DynamicShapes: true, DistinctSizes: 100}})
		require.NoError(t, err)
		var got string
		for _, w := range rep.Warnings {
			if w.Code == "dynamic-shape-rerecord" {
				got = w.Message
			}
		}
		require.Equal(t, printed[0], got, tc.torch)
	}
}
