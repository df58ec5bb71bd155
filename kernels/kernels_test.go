package kernels

import (
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPTXEntries checks that each embedded PTX file defines exactly the kernels its names
// list, and targets a PTX version and architecture the drivers JIT-compile: kernels.ptx
// compute_80 (every GPU since the A100), mlp_cluster.ptx compute_90 (its clusters need
// Hopper).
func TestPTXEntries(t *testing.T) {
	t.Parallel()
	for _, f := range []struct {
		file, ptx, target, reason string
		names                     []string
	}{
		{"kernels.ptx", PTX(), "sm_80", "cp.async needs sm_80: the PTX JIT-compiles for the A100 and later, the H200 included", Names()},
		{"mlp_cluster.ptx", ClusterPTX(), "sm_90", "the cluster mlp_step needs sm_90: Hopper (the H200)", ClusterNames()},
	} {
		var got []string
		for _, m := range regexp.MustCompile(`(?m)^\.visible \.entry (\w+)\(`).FindAllStringSubmatch(f.ptx, -1) {
			got = append(got, m[1])
		}
		if diff := cmp.Diff(f.names, got); diff != "" {
			t.Errorf("%s entries mismatch (-want +got):\n%s", f.file, diff)
		}
		for _, tc := range []struct {
			name, re, reason string
		}{
			{"target", `(?m)^\.target ` + f.target + `$`, f.reason},
			{"version", `(?m)^\.version 7\.8$`, "nvcc 11.8's PTX ISA, which drivers since CUDA 11.8 read (the H200's: CUDA 13.0)"},
			{"address size", `(?m)^\.address_size 64$`, "pointer arguments are 8-byte slots"},
		} {
			if !regexp.MustCompile(tc.re).MatchString(f.ptx) {
				t.Errorf("%s: %s does not match %s (%s)", tc.name, f.file, tc.re, tc.reason)
			}
		}
	}
	// Only the cluster kernel may use clusters: kernels.ptx must load before sm_90.
	for _, re := range []string{`reqnctapercluster`, `barrier\.cluster`, `shared::cluster`} {
		if regexp.MustCompile(re).MatchString(PTX()) {
			t.Errorf("kernels.ptx uses %s, which needs sm_90", re)
		}
		if !regexp.MustCompile(re).MatchString(ClusterPTX()) {
			t.Errorf("mlp_cluster.ptx lacks %s: is it the cluster mlp_step?", re)
		}
	}
}

func TestMLPKernelString(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		k    MLPKernel
		want string
	}{{MLPWholeRows, "rows"}, {MLPCluster, "cluster"}, {MLPKernel(7), "MLPKernel(7)"}} {
		if got := tc.k.String(); got != tc.want {
			t.Errorf("MLPKernel(%d).String() = %q, want %q", int(tc.k), got, tc.want)
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
