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
		{"target", `(?m)^\.target sm_90$`, "mlp_step's clusters need sm_90: the PTX JIT-compiles on drivers since CUDA 11.8, for Hopper (the H200)"},
		{"version", `(?m)^\.version 7\.8$`, "nvcc 11.8's PTX ISA, which the H200's driver (CUDA 13.0) reads"},
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

// TestPackMLP checks PackMLP's layout against its formula read the other way: every
// element lands once, at the slot its block, group and column give.
func TestPackMLP(t *testing.T) {
	t.Parallel()
	const width = 16
	w := make([]float32, width*width)
	for i := range w {
		w[i] = float32(i)
	}
	p := PackMLP(w, width)
	if len(p) != len(w) {
		t.Fatalf("PackMLP: %d floats, want %d", len(p), len(w))
	}
	for k := 0; k < width; k++ {
		for o := 0; o < width; o++ {
			j, c := o/8, o%8
			at := j*width*8 + ((k%4*2+c/4)*(width/4)+k/4)*4 + c%4
			if p[at] != w[k*width+o] {
				t.Errorf("w[%d][%d] = %v at %d, found %v", k, o, w[k*width+o], at, p[at])
			}
		}
	}
	for _, tc := range []struct {
		name   string
		n, wid int
		reason string
	}{{"short", 10, 16, "len(w) is not width²"}, {"odd width", 144, 12, "not a multiple of 8"}, {"zero", 0, 0, "no columns"}} {
		if got := PackMLP(make([]float32, tc.n), tc.wid); got != nil {
			t.Errorf("%s: PackMLP = %d floats, want nil (%s)", tc.name, len(got), tc.reason)
		}
	}
}
