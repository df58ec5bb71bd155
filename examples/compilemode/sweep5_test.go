package main

import (
	"strings"
	"testing"
)

// TestSweep5Flags: the fifth sweep's findings 23 and 24, one row each: the exit status
// and what stderr must say.
func TestSweep5Flags(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStderr string
		reason     string
	}{
		{"key in a comparison", []string{"-torch", "2.6,2.14", "-mode", "reduce-overhead", "-devices", "2", "-threads", "per-device", "-key", "triton.cudagraphs"},
			1, "compilemode: exit 1: on torch 2.6 the first call on cuda:1", "-key promises a stderr line when the status is not 0"},
		{"key twice", []string{"-key", "triton.cudagraphs", "-key", "torch._inductor.config.triton.cudagraphs"},
			2, "compilemode: -key triton.cudagraphs is given twice: give each key once\n", "repeated flags are refused"},
		{"schema and torch", []string{"-schema", "../../config/schema/torch-2.11.json", "-torch", "2.6"},
			2, "compilemode: -torch: 2.6, but the schema describes torch 2.11.0+cu130: drop it (the schema names its release) or give 2.11\n", "the hint names the schema's release, not a range holding 2.6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, stderr, code := runStdin(t, "", append([]string{"-no-env"}, tt.args...)...)
			if code != tt.wantCode || !strings.HasPrefix(stderr, tt.wantStderr) {
				t.Errorf("compilemode %v: exit %d, stderr %q; want exit %d, stderr %q… (%s)", tt.args, code, stderr, tt.wantCode, tt.wantStderr, tt.reason)
			}
		})
	}
}
