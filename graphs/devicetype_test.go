package graphs

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestNonCUDADevice: a compiled function on the CPU or on mps gets no CUDA graph in
// any mode or release (sweep3 finding 20: an mps model was planned as a CUDA capture),
// its rows are labelled with the device, and only 2.14, whose Inductor counts mps as
// a GPU type, logs the skip.
func TestNonCUDADevice(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, torch, mode, device string
		wantLabel, wantMessage            string
	}{
		{name: "cpu-2.11", reason: "a CPU model in reduce-overhead", torch: "2.11", mode: "reduce-overhead", device: "cpu", wantLabel: "cpu"},
		{name: "cpu-2.6", reason: "the same before graph partitioning", torch: "2.6", mode: "reduce-overhead", device: "cpu", wantLabel: "cpu"},
		{name: "cpu-max-autotune", reason: "max-autotune turns CUDA graphs on too", torch: "2.14", mode: "max-autotune", device: "cpu", wantLabel: "cpu"},
		{name: "mps-2.11", reason: "mps, no message known", torch: "2.11", mode: "reduce-overhead", device: "mps", wantLabel: "mps:0"},
		{name: "mps-2.6", reason: "2.6's GPU_TYPES has no mps: not logged", torch: "2.6", mode: "reduce-overhead", device: "mps", wantLabel: "mps:0"},
		{name: "mps-2.14", reason: "2.14 logs the lowering reason after a second prefix", torch: "2.14", mode: "reduce-overhead", device: "mps", wantLabel: "mps:0",
			wantMessage: "skipping cudagraphs due to skipping cudagraphs due to multiple devices: device(type='mps', index=0)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rep, err := Check(&Scenario{Torch: tc.torch, Mode: Ptr(tc.mode), Workload: Workload{DeviceType: tc.device}})
			require.NoError(t, err)
			require.Len(t, rep.CUDAGraphs.Devices, 1)
			d := rep.CUDAGraphs.Devices[0]
			got := []string{string(d.Outcome), string(d.Implementation), d.Label(), d.Message}
			want := []string{string(Skip), string(None), tc.wantLabel, tc.wantMessage}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: outcome, implementation, label, message (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}

// TestDeviceField: "cuda" is the zero value; another device type is refused with the
// field named.
func TestDeviceField(t *testing.T) {
	t.Parallel()
	w, err := Workload{DeviceType: "cuda"}.Normalize()
	require.NoError(t, err)
	require.Equal(t, "", w.DeviceType)
	_, err = Workload{DeviceType: "tpu"}.Normalize()
	var we *WorkloadError
	require.True(t, errors.As(err, &we), "%v", err)
	require.Equal(t, "device_type", we.Field)
	require.Equal(t, "cuda:1", DevicePlan{Device: 1}.Label())
}

// TestBlankIncompatibleOp: a blank op name is refused, not planned as an op named
// " " whose texts read as a hole (sweep8 #10); "" is no op.
func TestBlankIncompatibleOp(t *testing.T) {
	t.Parallel()
	for _, op := range []string{" ", "\t", "  \n"} {
		_, err := Check(&Scenario{Mode: Ptr("reduce-overhead"), Workload: Workload{IncompatibleOp: op}})
		var we *WorkloadError
		if !errors.As(err, &we) || we.Field != "incompatible_op" || !strings.Contains(we.Msg, "blank op name") {
			t.Errorf("IncompatibleOp %q: Check = %v, want a *WorkloadError of incompatible_op", op, err)
		}
	}
	if _, err := Check(&Scenario{Mode: Ptr("reduce-overhead"), Workload: Workload{IncompatibleOp: ""}}); err != nil {
		t.Errorf(`IncompatibleOp "": %v, want no op`, err)
	}
}
