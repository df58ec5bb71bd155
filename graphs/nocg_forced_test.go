package graphs

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTLSFixNoCUDAGraphsForced: the thread-local-storage fix advises compiling without
// CUDA graphs by a mode only where no environment variable or global turns them on for
// every mode (noCUDAGraphsHeld; newuser15 L10: TORCHINDUCTOR_CUDAGRAPHS=1 with threads
// compiling mode="max-autotune-no-cudagraphs" were told to use that mode).
func TestTLSFixNoCUDAGraphsForced(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		mode   string
		env    map[string]string
		set    []string
		forced bool
	}{
		{"reduce-overhead", "reduce-overhead", nil, nil, false},
		{"reduce-overhead, env on", "reduce-overhead", map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "1"}, nil, true},
		{"no-cudagraphs mode, env on", "max-autotune-no-cudagraphs", map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "1"}, nil, true},
		{"reduce-overhead, env off", "reduce-overhead", map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "0"}, nil, false},
		{"reduce-overhead, env misread", "reduce-overhead", map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "true"}, nil, false},
		{"reduce-overhead, global on", "reduce-overhead", nil, []string{"triton.cudagraphs=True"}, true},
	}
	for _, tt := range tests {
		sc := &Scenario{Torch: "2.11", Mode: Ptr(tt.mode), Env: tt.env, Set: tt.set}
		sc.Workload.Threads, sc.Workload.Devices = PerDevice, 2
		rep, err := Check(sc)
		require.NoError(t, err, tt.name)
		var fix string
		for _, w := range rep.Warnings {
			if w.Code == "trees-user-thread-tls" {
				fix = w.Recommendation
			}
		}
		require.NotEmpty(t, fix, "%s: no trees-user-thread-tls warning", tt.name)
		if got := strings.Contains(fix, "turns triton.cudagraphs on before any mode applies"); got != tt.forced {
			t.Errorf("%s: forced advice %v, want %v: %s", tt.name, got, tt.forced, fix)
		}
		if strings.Contains(fix, fixTreesTLSNoCG) == tt.forced {
			t.Errorf("%s: mode advice kept %v: %s", tt.name, !tt.forced, fix)
		}
	}
}
