package main

import (
	"errors"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestGPURequestDefaults(t *testing.T) {
	t.Parallel()
	got := gpuRequest{Batch: 2}.withDefaults()
	want := gpuRequest{Hidden: 1024, Batch: 2, Layers: 4, Steps: 1000}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("withDefaults mismatch (-want +got):\n%s", diff)
	}
}

func TestGPURequestValidate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		req     gpuRequest
		wantErr bool
		reason  string
	}{
		{"defaults", gpuRequest{}.withDefaults(), false, "the documented defaults are valid"},
		{"zero hidden", gpuRequest{Hidden: 0, Batch: 1, Layers: 1, Steps: 1}, true, "validate runs after withDefaults; 0 is out of range"},
		{"too many layers", gpuRequest{Hidden: 8, Batch: 1, Layers: 1000, Steps: 1}, true, "at most 256 layers"},
	} {
		if err := tc.req.validate(); (err != nil) != tc.wantErr {
			t.Errorf("%s: validate() = %v, want error %v (%s)", tc.name, err, tc.wantErr, tc.reason)
		}
	}
}

// TestGPUModelForward checks the CPU reference: each output row is a probability
// distribution, and the model is the same for the same request.
func TestGPUModelForward(t *testing.T) {
	t.Parallel()
	req := gpuRequest{Hidden: 16, Batch: 3, Layers: 2, Steps: 1}
	m := newGPUModel(req)
	p := m.forward()
	if len(p) != 3*16 {
		t.Fatalf("forward() has %d values, want %d", len(p), 3*16)
	}
	for r := 0; r < 3; r++ {
		sum := 0.0
		for _, v := range p[r*16 : (r+1)*16] {
			if v < 0 || v > 1 {
				t.Errorf("row %d: probability %g out of [0, 1]", r, v)
			}
			sum += v
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("row %d sums to %g, want 1", r, sum)
		}
	}
	if diff := cmp.Diff(p, newGPUModel(req).forward()); diff != "" {
		t.Errorf("the model is not deterministic (-first +second):\n%s", diff)
	}
}

func TestNoCUDAError(t *testing.T) {
	t.Parallel()
	if errNoCUDA == nil || errors.Unwrap(errNoCUDA) != nil {
		t.Fatalf("errNoCUDA = %v, want a plain sentinel", errNoCUDA)
	}
}
