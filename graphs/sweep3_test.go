package graphs_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/graphs"
)

// TestTextNeverSplitsTokens (sweep finding 15): at any width, every key, source and
// environment variable the text names is whole on one line, so that it can be copied.
func TestTextNeverSplitsTokens(t *testing.T) {
	t.Parallel()
	rep, err := graphs.Check(&graphs.Scenario{Torch: "2.11", Set: []string{"coordinate_descent_tuning=True"},
		Env: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "1", "TORCHINDUCTOR_COORDINATE_DESCENT_TUNING": "1"}})
	require.NoError(t, err)
	var tokens []string
	for _, k := range rep.Changed() {
		tokens = append(tokens, string(k.Key), k.Source)
	}
	require.Contains(t, tokens, "env:TORCHINDUCTOR_CUDAGRAPHS")
	for _, width := range []int{20, 40, 60, 80, 100} {
		var b bytes.Buffer
		require.NoError(t, rep.WriteText(&b, graphs.TextOptions{Width: width}))
		for _, tok := range tokens {
			require.Contains(t, b.String(), tok, "width %d splits %q:\n%s", width, tok, b.String())
		}
		for _, w := range rep.Warnings {
			if w.Key != "" {
				require.Contains(t, b.String(), w.Key, "width %d splits the warning's key", width)
			}
		}
	}
}

// TestScenarioFieldLimits (sweep finding 19): every string field has a limit like
// every other input (a typed error naming the field), Check(nil) is an error, and a
// count out of range is refused as out of range whatever the layout.
func TestScenarioFieldLimits(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("m", graphs.MaxNameBytes+1)
	for _, tc := range []struct {
		name  string
		sc    *graphs.Scenario
		path  string // the ScenarioError's field
		limit bool   // wraps a *inputerr.LimitError
		msg   string
	}{
		{"nil", nil, "", false, "nil *Scenario"},
		{"mode", &graphs.Scenario{Mode: graphs.Ptr(big)}, "mode", true, "graphs.MaxNameBytes"},
		{"backend", &graphs.Scenario{Backend: big}, "backend", true, "graphs.MaxNameBytes"},
		{"torch", &graphs.Scenario{Torch: big}, "torch", true, "graphs.MaxNameBytes"},
		{"python", &graphs.Scenario{Python: big}, "python", true, "graphs.MaxNameBytes"},
		{"incompatible_op", &graphs.Scenario{Workload: graphs.Workload{IncompatibleOp: big}}, "workload.incompatible_op", true, "graphs.MaxNameBytes"},
		{"capture_error_mode", &graphs.Scenario{Workload: graphs.Workload{CaptureErrorMode: big}}, "workload.capture_error_mode", true, "graphs.MaxNameBytes"},
		{"host.dir", &graphs.Scenario{Host: schema.Host{Dir: big}}, "host.dir", true, "graphs.MaxNameBytes"},
		{"callers -5, main", &graphs.Scenario{Workload: graphs.Workload{Callers: -5}}, "workload", false, "callers=-5: want 1 to 4096"},
		{"callers -5, callers", &graphs.Scenario{Workload: graphs.Workload{Callers: -5, Threads: graphs.Callers}}, "workload", false, "callers=-5: want 1 to 4096"},
		// sweep5 finding 14: one graph over 4096 devices quoted every device in each
		// device's entry, 550 MB of JSON; 128 × 128 is the most allowed.
		{"span_devices 4096", &graphs.Scenario{Mode: graphs.Ptr("reduce-overhead"), Workload: graphs.Workload{Devices: 4096, SpanDevices: true}}, "workload", true, "devices × devices under span_devices (4096 × 4096"},
		{"span_devices 129, callers", &graphs.Scenario{Workload: graphs.Workload{Devices: 129, SpanDevices: true, Threads: graphs.Callers, Callers: 4096}}, "workload", true, "graphs.MaxDeviceThreads"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := graphs.Check(tc.sc)
			var se *graphs.ScenarioError
			require.ErrorAs(t, err, &se)
			require.Equal(t, tc.path, se.Path)
			var le *inputerr.LimitError
			require.Equal(t, tc.limit, errors.As(err, &le), "%v", err)
			require.Contains(t, err.Error(), tc.msg)
			require.Less(t, len(err.Error()), 1000, "the error echoes the field whole")
		})
	}
	_, err := graphs.Check(&graphs.Scenario{Mode: graphs.Ptr(strings.Repeat("m", graphs.MaxNameBytes))})
	require.NoError(t, err, "a mode at the limit is a question (PyTorch's unknown-mode error)")
	rep, err := graphs.Check(&graphs.Scenario{Mode: graphs.Ptr("reduce-overhead"), Workload: graphs.Workload{Devices: 128, SpanDevices: true}})
	require.NoError(t, err, "128 devices in one graph is at the limit")
	require.Len(t, rep.CUDAGraphs.Devices, 128)
}
