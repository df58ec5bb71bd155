package kernels

import (
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPTXEntries checks that the embedded PTX defines exactly the kernels Names lists, and
// targets a PTX version and architecture the H200's driver JIT-compiles.
func TestPTXEntries(t *testing.T) {
	t.Parallel()
	var got []string
	for _, m := range regexp.MustCompile(`(?m)^\.visible \.entry (\w+)\(`).FindAllStringSubmatch(PTX(), -1) {
		got = append(got, m[1])
	}
	if diff := cmp.Diff(Names(), got); diff != "" {
		t.Errorf("PTX entries mismatch (-want +got):\n%s", diff)
	}
	for _, tc := range []struct {
		name, re, reason string
	}{
		{"target", `(?m)^\.target sm_52$`, "compute_52 PTX JIT-compiles on every driver since CUDA 6.5, sm_90 included"},
		{"address size", `(?m)^\.address_size 64$`, "pointer arguments are 8-byte slots"},
	} {
		if !regexp.MustCompile(tc.re).MatchString(PTX()) {
			t.Errorf("%s: PTX does not match %s (%s)", tc.name, tc.re, tc.reason)
		}
	}
}

func TestActivationString(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a    Activation
		want string
	}{{None, "none"}, {ReLU, "relu"}, {GELU, "gelu"}, {Activation(9), "Activation(9)"}} {
		if got := tc.a.String(); got != tc.want {
			t.Errorf("Activation(%d).String() = %q, want %q", int32(tc.a), got, tc.want)
		}
	}
}
