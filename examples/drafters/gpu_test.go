package main

import (
	"errors"
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

func TestNoCUDAError(t *testing.T) {
	t.Parallel()
	if errNoCUDA == nil || errors.Unwrap(errNoCUDA) != nil {
		t.Fatalf("errNoCUDA = %v, want a plain sentinel", errNoCUDA)
	}
}
