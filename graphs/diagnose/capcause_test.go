package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// captureFinding reads log (for torch, when set) and returns its stream-capture-illegal
// finding, or nil.
func captureFinding(t *testing.T, log, torch string) *Finding {
	t.Helper()
	d, err := Options{Torch: torch}.Read(strings.NewReader(log))
	require.NoError(t, err)
	for i := range d.Findings {
		if d.Findings[i].Code == StreamCaptureIllegal {
			return &d.Findings[i]
		}
	}
	return nil
}

// TestNCCLCaptureCause: "operation not permitted when stream is capturing" printed by
// NCCL or RCCL for one of its own CUDA calls (its WARN line, DistBackendError's "Last
// error:") gets the collective-captured cause and fix, not the synchronisation ones
// (sweep12 finding 3); the runtime's own "CUDA error: …" keeps the synchronisation
// cause. The NCCL cases fail before captureRaiserRows.
func TestNCCLCaptureCause(t *testing.T) {
	t.Parallel()
	const dist = "torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.cpp:77, " +
		"unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\n" +
		"ncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\n"
	cases := []struct {
		name, log, torch string
		nccl, deviceID   bool
	}{
		{"dist-backend-error", dist + "Cuda failure 'operation not permitted when stream is capturing'\n", "", true, false},
		{"dist-backend-error-2.11", dist + "Cuda failure 'operation not permitted when stream is capturing'\n", "2.11", true, true},
		{"dist-backend-error-2.1", dist + "Cuda failure 'operation not permitted when stream is capturing'\n", "2.1", true, false},
		{"last-error-one-line", "ncclUnhandledCudaError: Call to CUDA function failed. Last error: Cuda failure 'operation not permitted when stream is capturing'\n", "", true, false},
		{"warn-line", "node1:4242:4242 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM\n" +
			"node1:4242:4242 [0] transport/p2p.cc:280 NCCL WARN Cuda failure 'operation not permitted when stream is capturing'\n" +
			"node1:4242:4242 [0] NCCL INFO transport/p2p.cc:410 -> 1\n", "", true, false},
		{"warn-driver-call", "node1:4242:4250 [0] misc/cudawrap.cc:190 NCCL WARN Cuda failure 900 'operation not permitted when stream is capturing'\n", "", true, false},
		{"rccl-hip", "mi300:77:77 [0] NCCL WARN HIP failure 'operation not permitted when stream is capturing' at /src/rccl/src/misc/alloc.h:120\n", "", true, false},
		{"rank-prefixed", "[rank1]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5\n" +
			"[rank1]: ncclUnhandledCudaError: Call to CUDA function failed.\n[rank1]: Last error:\n" +
			"[rank1]: Cuda failure 'operation not permitted when stream is capturing'\n", "", true, false},
		{"runtime-error", "RuntimeError: CUDA error: operation not permitted when stream is capturing\n", "", false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := captureFinding(t, tc.log, tc.torch)
			require.NotNil(t, f, "a stream-capture-illegal finding")
			require.Equal(t, tc.nccl, strings.Contains(f.Cause, "NCCL (or RCCL) failed its own CUDA call"), f.Cause)
			require.Equal(t, tc.nccl, strings.Contains(f.Fix, "run each captured collective once before the capture"), f.Fix)
			require.Equal(t, !tc.nccl, strings.Contains(f.Fix, "keep synchronising calls"), f.Fix)
			require.Equal(t, tc.nccl, strings.Contains(f.Fix, "on 2.3+ also device_id="), f.Fix)
		})
	}
}

// TestNCCLCaptureCauseOverTitle: a report whose title (or first traceback line) has
// the runtime's wording and whose log below shows NCCL's "Cuda failure '…'" gets NCCL's
// cause: the earlier line does not win (fails before namesRaiser).
func TestNCCLCaptureCauseOverTitle(t *testing.T) {
	t.Parallel()
	for _, log := range []string{
		"# [Bug]: HIP error: operation not permitted when stream is capturing\n\nlog:\n" +
			"mi300:77:77 [0] NCCL WARN HIP failure 'operation not permitted when stream is capturing' at /src/rccl/src/misc/alloc.h:120\n",
		"RuntimeError: CUDA error: operation not permitted when stream is capturing\n" +
			"node1:4242:4242 [0] transport/p2p.cc:280 NCCL WARN Cuda failure 'operation not permitted when stream is capturing'\n",
	} {
		f := captureFinding(t, log, "")
		require.NotNil(t, f)
		require.Contains(t, f.Cause, "NCCL (or RCCL) failed its own CUDA call")
	}
}

// TestWatchdogCaptureCause: ProcessGroupNCCL's watchdog ending the process over an
// event query refused during another thread's capture, in both wordings, CUDA and
// HIP, gets the watchdog's cause and fix (fails before the watchdog rows); 2.0's fix
// says to upgrade.
func TestWatchdogCaptureCause(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, log, torch string }{
		{"rank-wording", "[E ProcessGroupNCCL.cpp:915] [Rank 0] NCCL watchdog thread terminated with exception: CUDA error: operation not permitted when stream is capturing\n", ""},
		{"pg-wording", "[rank0]:[E1030 15:32:32.970893361 ProcessGroupNCCL.cpp:2055] [PG ID 5 PG GUID 51 Rank 0] Process group watchdog thread terminated with exception: CUDA error: operation not permitted when stream is capturing\n", ""},
		{"hip", "[rank3]:[E1030 15:32:32.9 ProcessGroupNCCL.cpp:2055] [PG ID 0 PG GUID 0(default_pg) Rank 3] Process group watchdog thread terminated with exception: HIP error: operation not permitted when stream is capturing\n", ""},
		{"2.0", "[E ProcessGroupNCCL.cpp:828] [Rank 1] NCCL watchdog thread terminated with exception: CUDA error: operation not permitted when stream is capturing\n", "2.0"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := captureFinding(t, tc.log, tc.torch)
			require.NotNil(t, f)
			require.Contains(t, f.Cause, "watchdog queried a collective's CUDA event")
			require.Contains(t, f.Fix, "capture_error_mode=\"thread_local\"")
			require.NotContains(t, f.Fix, "keep synchronising calls")
			require.Contains(t, f.Fix, "2.0: upgrade (PR #102542)")
		})
	}
}

// TestWarpCaptureCause: NVIDIA Warp's module load or unload refused during a capture
// ("Warp CUDA error 900: … (in function cuda_load_module, …)", with and without the wp_
// prefix) gets Warp's cause and fix, also under a title that names the invalidated
// capture; Warp's error without a function stays the runtime's (fails before the Warp
// rows).
func TestWarpCaptureCause(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, log string
		warp      bool
	}{
		{"load", "Warp CUDA error 900: operation not permitted when stream is capturing (in function cuda_load_module, C:\\dev\\warp\\warp\\native\\warp.cu:2763)\nWarp CUDA error: Loading module failed\n", true},
		{"wp-load", "Warp CUDA error 900: operation not permitted when stream is capturing (in function wp_cuda_load_module, /builds/omniverse/warp/warp/native/warp.cu:4101)\n", true},
		{"unload-under-title", "# CUDA_ERROR_STREAM_CAPTURE_INVALIDATED during training\n\n" +
			"Warp CUDA error 900: operation not permitted when stream is capturing (in function cuda_unload_module, /builds/omniverse/warp/warp/native/warp.cu:3929)\n", true},
		{"wp-unload", "Warp CUDA error 900: operation not permitted when stream is capturing (in function wp_cuda_unload_module, warp.cu:3947)\n", true},
		{"no-function", "Warp CUDA error 900: operation not permitted when stream is capturing\n", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := captureFinding(t, tc.log, "")
			require.NotNil(t, f)
			require.Equal(t, tc.warp, strings.Contains(f.Cause, "NVIDIA Warp loaded or unloaded a kernel module"), f.Cause)
			require.Equal(t, tc.warp, strings.Contains(f.Fix, "wp.load_module()"), f.Fix)
		})
	}
}
