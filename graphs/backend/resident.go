package backend

import (
	"errors"
	"fmt"
)

// CoResidencyError reports that a [Launch] marked CoResident cannot have all its blocks
// resident on the device at once, so that a kernel synchronising its blocks with a
// grid-wide barrier would wait forever: NewStep refuses it before any launch or capture.
// Units is "blocks", or "clusters" for a launch with a thread-block cluster shape, where
// Fit comes from cuOccupancyMaxActiveClusters instead of
// cuOccupancyMaxActiveBlocksPerMultiprocessor times the multiprocessors. It is the Err of
// a *[DeviceError].
type CoResidencyError struct {
	Launch    int    // index of the launch in the step, from 0
	Kernel    string // kernel name
	Units     string // "blocks" or "clusters"
	Need      int    // blocks, or clusters, the grid launches
	Fit       int    // how many of them fit on the device at once
	Threads   int    // threads per block
	SharedMem uint32 // dynamic shared memory per block, bytes
	Cluster   int    // blocks per cluster; 1 without clusters
}

func (e *CoResidencyError) Error() string {
	if e == nil {
		return "backend: <nil *CoResidencyError>"
	}
	shape := fmt.Sprintf("blocks of %d threads and %d bytes of shared memory", e.Threads, e.SharedMem)
	if e.Units == "clusters" {
		shape = fmt.Sprintf("clusters of %d %s", e.Cluster, shape)
	}
	return fmt.Sprintf("launch %d (%s): needs %d co-resident %s, but only %d fit on the device at once",
		e.Launch, e.Kernel, e.Need, shape, e.Fit)
}

// errClusterShape is the cause of a Launch whose grid is not a whole number of clusters.
var errClusterShape = errors.New("grid is not a whole number of clusters")

// clusterCount returns how many clusters of shape cluster the grid holds, and the blocks
// per cluster; a zero component counts as 1 in both. A cluster of one block means no
// clusters. It fails when a grid dimension is not a multiple of the cluster's.
func clusterCount(grid, cluster [3]uint32) (clusters, size int, err error) {
	clusters, size = 1, 1
	for d := 0; d < 3; d++ {
		g, c := max(grid[d], 1), max(cluster[d], 1)
		if g%c != 0 {
			return 0, 0, fmt.Errorf("%w: grid %v, cluster %v", errClusterShape, grid, cluster)
		}
		clusters *= int(g / c)
		size *= int(c)
	}
	return clusters, size, nil
}

// coResident decides whether a CoResident launch fits: need units (clusters when size >
// 1, else blocks) against fit of them resident at once. It returns nil when they fit, else
// a *CoResidencyError for launch i of kernel.
func coResident(i int, kernel string, need, size, fit, threads int, shmem uint32) error {
	if need <= fit {
		return nil
	}
	units := "blocks"
	if size > 1 {
		units = "clusters"
	}
	return &CoResidencyError{Launch: i, Kernel: kernel, Units: units, Need: need, Fit: fit,
		Threads: threads, SharedMem: shmem, Cluster: size}
}
