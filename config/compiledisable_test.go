package config

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/modes"
)

// TestCompileDisableByRelease checks the switches that turn torch.compile off, as
// measured on 2.6.0 and 2.14.1 (testdata/torch/compile_disable.txt; sweep3 findings 1
// and 2): up to 2.7 any non-empty TORCH_COMPILE_DISABLE does (and "true" is no
// misread there), from 2.8 only "1"; TORCHDYNAMO_DISABLE=1 and the Dynamo global on
// every release.
func TestCompileDisableByRelease(t *testing.T) {
	t.Parallel()
	at := func(minor int) modes.Version { return modes.Version{Major: 2, Minor: minor} }
	tests := []struct {
		name    string
		v       modes.Version
		req     Request
		by      string // DisabledBy; "" for compiling
		misread bool   // an env-switch-misread warning
	}{
		{"zero-2.6", at(6), Request{Env: envOf("TORCH_COMPILE_DISABLE=0")}, `TORCH_COMPILE_DISABLE="0"`, false},
		{"false-2.7", at(7), Request{Env: envOf("TORCH_COMPILE_DISABLE=false")}, `TORCH_COMPILE_DISABLE="false"`, false},
		{"true-2.2", at(2), Request{Env: envOf("TORCH_COMPILE_DISABLE=true")}, `TORCH_COMPILE_DISABLE="true"`, false},
		{"empty-2.6", at(6), Request{Env: envOf("TORCH_COMPILE_DISABLE=")}, "", false},
		{"one-2.6", at(6), Request{Env: envOf("TORCH_COMPILE_DISABLE=1")}, "TORCH_COMPILE_DISABLE=1", false},
		{"zero-2.8", at(8), Request{Env: envOf("TORCH_COMPILE_DISABLE=0")}, "", false},
		{"true-2.14", at(14), Request{Env: envOf("TORCH_COMPILE_DISABLE=true")}, "", true},
		{"one-2.14", at(14), Request{Env: envOf("TORCH_COMPILE_DISABLE=1")}, "TORCH_COMPILE_DISABLE=1", false},
		{"dynamo-env-2.6", at(6), Request{Env: envOf("TORCHDYNAMO_DISABLE=1")}, "TORCHDYNAMO_DISABLE=1", false},
		{"dynamo-env-zero-2.14", at(14), Request{Env: envOf("TORCHDYNAMO_DISABLE=0")}, "", false},
		{"dynamo-global-2.14", at(14), Request{DynamoDisable: true}, "torch._dynamo.config.disable = True", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Resolve(tc.v, tc.req)
			require.NoError(t, err)
			got := struct {
				Disabled bool
				By       string
				Misread  bool
			}{res.CompileDisabled, res.DisabledBy, slices.ContainsFunc(res.Warnings, func(w Warning) bool { return w.Code == WarnEnvSwitchMisread })}
			want := got
			want.Disabled, want.By, want.Misread = tc.by != "", tc.by, tc.misread
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func envOf(kv ...string) func() []string { return func() []string { return kv } }
