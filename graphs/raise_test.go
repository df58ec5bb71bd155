package graphs_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
)

// TestReportErr: every Exit value against its doc, and Report.Err against Exit, on the
// README's scenarios (newuser28 finding 11a: README's two devices with a thread each
// raised in a device thread, Exit "raises" with Report.Error nil, where Check's doc
// said Error is set).
func TestReportErr(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		sc   *graphs.Scenario
		exit graphs.Exit
		// want is what Err says: "" for nil, else words its Error() holds; device the
		// *RaiseError's Device.
		want, device string
		errorSet     bool // Report.Error set
	}{
		{
			name: "README's Library scenario: trees off, a thread per device",
			sc: &graphs.Scenario{Torch: "2.11", Mode: graphs.Ptr("reduce-overhead"), Set: []string{"triton.cudagraph_trees=False"},
				Workload: graphs.Workload{Devices: 2, Threads: graphs.PerDevice}},
			exit: graphs.Compiles,
		},
		{
			name: "11a: README's case, trees on 2.11, a thread per device: a device thread raises",
			sc:   &graphs.Scenario{Torch: "2.11", Mode: graphs.Ptr("reduce-overhead"), Workload: graphs.Workload{Devices: 2, Threads: graphs.PerDevice}},
			exit: graphs.Raises, want: "AssertionError", device: "cuda:",
		},
		{
			name: "the same on 2.14, where trees keep per-thread state: compiles",
			sc:   &graphs.Scenario{Torch: "2.14", Mode: graphs.Ptr("reduce-overhead"), Workload: graphs.Workload{Devices: 2, Threads: graphs.PerDevice}},
			exit: graphs.Compiles,
		},
		{
			name: "mode and options together: torch.compile raises before any device runs",
			sc:   &graphs.Scenario{Torch: "2.11", Mode: graphs.Ptr("reduce-overhead"), Options: "{'max_autotune': True}"},
			exit: graphs.Raises, want: "RuntimeError", errorSet: true,
		},
		{
			name: "the zero scenario compiles",
			sc:   &graphs.Scenario{},
			exit: graphs.Compiles,
		},
	}
	for _, tc := range tests {
		rep, err := graphs.Check(tc.sc)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if rep.Exit != tc.exit {
			t.Errorf("%s: Exit %q, want %q", tc.name, rep.Exit, tc.exit)
		}
		if (rep.Error != nil) != tc.errorSet {
			t.Errorf("%s: Report.Error %+v, want set %v", tc.name, rep.Error, tc.errorSet)
		}
		checkErr(t, tc.name, rep, tc.want, tc.device)
	}
}

// checkErr checks rep.Err against the Exit doc: nil for Compiles, a *RaiseError
// naming the raise (want, on device) for Raises.
func checkErr(t *testing.T, name string, rep *graphs.Report, want, device string) {
	t.Helper()
	err := rep.Err()
	if want == "" {
		if err != nil {
			t.Errorf("%s: Err() = %v, want nil", name, err)
		}
		return
	}
	var re *graphs.RaiseError
	if !errors.As(err, &re) {
		t.Fatalf("%s: Err() = %v, want a *graphs.RaiseError", name, err)
	}
	if !strings.Contains(err.Error(), want) || !strings.HasPrefix(re.Device, device) || (device == "") != (re.Device == "") {
		t.Errorf("%s: Err() = %q (Device %q), want %q on %q", name, err, re.Device, want, device)
	}
	if re.Device != "" && (re.Exception == "" || re.Thread == "" || re.Devices < 1) {
		t.Errorf("%s: a device's raise without its exception, thread or count: %+v", name, re)
	}
}
