package backend

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs"
)

func TestExecModeFor(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		outcome graphs.Outcome
		impl    graphs.Implementation
		want    ExecMode
		reason  string
	}{
		{"capture/trees", graphs.Capture, graphs.CUDAGraphTrees, ExecMode{Graph: true},
			"every partition captured; trees re-record on a moved input"},
		{"partitioned/trees", graphs.Partitioned, graphs.CUDAGraphTrees, ExecMode{Graph: true},
			"the captured partitions replay"},
		{"capture/legacy", graphs.Capture, graphs.Legacy, ExecMode{Graph: true, Policy: FailOnMove},
			"legacy cudagraphify_impl assumes static input addresses"},
		{"skip/trees", graphs.Skip, graphs.CUDAGraphTrees, ExecMode{},
			"nothing captured: eager"},
		{"fail/legacy", graphs.Fail, graphs.Legacy, ExecMode{Policy: FailOnMove},
			"PyTorch raises; the backend runs eagerly"},
		{"skip/none", graphs.Skip, graphs.NoCUDAGraphs, ExecMode{}, "CUDA graphs off"},
		{"unknown outcome", graphs.Outcome("later"), graphs.CUDAGraphTrees, ExecMode{},
			"an outcome the backend does not know runs eagerly"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := ExecModeFor(tc.outcome, tc.impl)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ExecModeFor(%q, %q) mismatch (%s) (-want +got):\n%s", tc.outcome, tc.impl, tc.reason, diff)
			}
		})
	}
}

func TestExecModeString(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		in   ExecMode
		want string
	}{
		{"zero", ExecMode{}, "backend.ExecMode{}"},
		{"graph", ExecMode{Graph: true}, "backend.ExecMode{Graph: true}"},
		{"all", ExecMode{Graph: true, Capture: Global, Policy: FailOnMove, RerecordLimit: 3},
			"backend.ExecMode{Graph: true, Capture: backend.Global, Policy: backend.FailOnMove, RerecordLimit: 3}"},
	} {
		if got := tc.in.String(); got != tc.want {
			t.Errorf("%s: String() = %q, want %q", tc.name, got, tc.want)
		}
	}
	if got, want := (ExecMode{}).Limit(), DefaultRerecordLimit; got != want {
		t.Errorf("zero ExecMode Limit() = %d, want %d", got, want)
	}
	if got, want := (ExecMode{RerecordLimit: 5}).Limit(), 5; got != want {
		t.Errorf("Limit() = %d, want %d", got, want)
	}
}

func TestParseCaptureMode(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in      string
		want    CaptureMode
		wantErr bool
	}{
		{"", ThreadLocal, false},
		{"thread_local", ThreadLocal, false},
		{"global", Global, false},
		{"relaxed", Relaxed, false},
		{"threadlocal", ThreadLocal, true},
	} {
		got, err := ParseCaptureMode(tc.in)
		var cme *CaptureModeError
		if tc.wantErr != errors.As(err, &cme) {
			t.Errorf("ParseCaptureMode(%q) err = %v, want error: %v", tc.in, err, tc.wantErr)
			continue
		}
		if got != tc.want {
			t.Errorf("ParseCaptureMode(%q) = %v, want %v", tc.in, got, tc.want)
		}
		if !tc.wantErr && tc.in != "" && got.String() != tc.in {
			t.Errorf("ParseCaptureMode(%q).String() = %q, want round trip", tc.in, got.String())
		}
	}
}

func TestOptionsString(t *testing.T) {
	t.Parallel()
	opts := Options{WithThreadCaptureMode(ThreadLocal), Options{WithThreadCaptureMode(Global)}}
	want := "backend.Options{backend.WithThreadCaptureMode(backend.ThreadLocal), backend.Options{backend.WithThreadCaptureMode(backend.Global)}}"
	if got := opts.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	var c config
	opts.apply(&c)
	if !c.threadModeSet || c.threadMode != Global {
		t.Errorf("applied options: thread mode %v (set %v), want the last one, global", c.threadMode, c.threadModeSet)
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	cause := errors.New("CUDA_ERROR_STREAM_CAPTURE_INVALIDATED (901)")
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"device error", &DeviceError{Device: 1, Step: "capture", Name: "axpy64", Call: "cuStreamEndCapture", Err: cause},
			`backend: device 1: capture of step "axpy64": cuStreamEndCapture: CUDA_ERROR_STREAM_CAPTURE_INVALIDATED (901)`},
		{"device error, no step or call", &DeviceError{Device: 0, Step: "alloc", Err: ErrClosed},
			"backend: device 0: alloc: backend: closed"},
		{"static address", &StaticAddressError{Device: 0, Name: "s", Launch: 2, Arg: 1, Captured: 0x10, Current: 0x20},
			`backend: device 0: step "s": launch 2 argument 1 moved from 0x10 to 0x20 since capture; the legacy CUDA-graph implementation needs static addresses (AssertionError in PyTorch); re-record instead (backend.Rerecord)`},
		{"panic", &PanicError{Value: "boom"}, "backend: worker panicked: boom"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("%s: Error() = %q, want %q", tc.name, got, tc.want)
		}
	}
	if err := (&DeviceError{Err: cause}); !errors.Is(err, cause) {
		t.Errorf("DeviceError does not unwrap to its cause")
	}
}
