package backend

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestClusterCount checks how a grid splits into clusters: a zero component counts as 1,
// and a grid that is not a whole number of clusters is refused.
func TestClusterCount(t *testing.T) {
	for _, tc := range []struct {
		name                   string
		grid, cluster          [3]uint32
		wantClusters, wantSize int
		wantErr                bool
	}{
		{"no cluster", [3]uint32{120, 0, 0}, [3]uint32{}, 120, 1, false},
		{"mlp_step", [3]uint32{120, 1, 1}, [3]uint32{8, 0, 0}, 15, 8, false},
		{"2d", [3]uint32{8, 6, 1}, [3]uint32{2, 3, 1}, 8, 6, false},
		{"ragged", [3]uint32{121, 1, 1}, [3]uint32{8, 1, 1}, 0, 0, true},
		{"cluster larger than grid", [3]uint32{4, 1, 1}, [3]uint32{8, 1, 1}, 0, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, size, err := clusterCount(tc.grid, tc.cluster)
			if tc.wantErr {
				require.ErrorIs(t, err, errClusterShape)
				return
			}
			require.NoError(t, err)
			require.Equal(t, [2]int{tc.wantClusters, tc.wantSize}, [2]int{n, size})
		})
	}
}

// TestCoResidentDecision checks the co-residency decision: blocks or clusters that fit pass; more
// than fit give a *CoResidencyError naming the kernel, what it needs and what fits.
func TestCoResidentDecision(t *testing.T) {
	for _, tc := range []struct {
		name                    string
		need, size, fit, thread int
		shmem                   uint32
		want                    *CoResidencyError
		msg                     string
	}{
		{name: "blocks fit", need: 128, size: 1, fit: 132, thread: 256, shmem: 229376},
		{name: "clusters fit exactly", need: 15, size: 8, fit: 15, thread: 544, shmem: 184320},
		{name: "blocks do not fit", need: 128, size: 1, fit: 108, thread: 256, shmem: 229376,
			want: &CoResidencyError{Launch: 2, Kernel: "k", Units: "blocks", Need: 128, Fit: 108, Threads: 256, SharedMem: 229376, Cluster: 1},
			msg:  "launch 2 (k): needs 128 co-resident blocks of 256 threads and 229376 bytes of shared memory, but only 108 fit on the device at once"},
		{name: "clusters do not fit", need: 15, size: 8, fit: 14, thread: 544, shmem: 184320,
			want: &CoResidencyError{Launch: 2, Kernel: "k", Units: "clusters", Need: 15, Fit: 14, Threads: 544, SharedMem: 184320, Cluster: 8},
			msg:  "launch 2 (k): needs 15 co-resident clusters of 8 blocks of 544 threads and 184320 bytes of shared memory, but only 14 fit on the device at once"},
		{name: "no cluster fits", need: 15, size: 8, fit: 0, thread: 544, shmem: 184320,
			want: &CoResidencyError{Launch: 2, Kernel: "k", Units: "clusters", Need: 15, Fit: 0, Threads: 544, SharedMem: 184320, Cluster: 8},
			msg:  "launch 2 (k): needs 15 co-resident clusters of 8 blocks of 544 threads and 184320 bytes of shared memory, but only 0 fit on the device at once"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := coResident(2, "k", tc.need, tc.size, tc.fit, tc.thread, tc.shmem)
			if tc.want == nil {
				require.NoError(t, err)
				return
			}
			var ce *CoResidencyError
			require.True(t, errors.As(err, &ce), "err = %v", err)
			if d := cmp.Diff(tc.want, ce); d != "" {
				t.Errorf("CoResidencyError (-want +got):\n%s", d)
			}
			require.Equal(t, tc.msg, err.Error())
		})
	}
}

func TestCoResidencyErrorNil(t *testing.T) {
	var e *CoResidencyError
	require.Equal(t, "backend: <nil *CoResidencyError>", e.Error())
}
