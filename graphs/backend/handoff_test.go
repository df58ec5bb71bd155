package backend

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// inboxCase is one handoff configuration; every inbox test runs under each.
type inboxCase struct {
	name               string
	handoff            Handoff
	waitSpin, idleSpin time.Duration
	reason             string
}

func inboxCases() []inboxCase {
	return []inboxCase{
		{"channel", ChannelHandoff, 0, 0, "the path before issue 17"},
		{"spin-then-block/no spin", SpinThenBlock, 0, 0, "blocks at once on both sides: exercises the sleep and wake tokens"},
		{"spin-then-block/default", SpinThenBlock, DefaultWaitSpin, DefaultIdleSpin, "the default budgets"},
		{"spin-then-block/long wait", SpinThenBlock, time.Second, 0, "the caller spins, the worker sleeps between jobs"},
	}
}

// startServer serves in on a goroutine locked to its OS thread, as a device worker does,
// and returns a function that closes the inbox and waits for the server to return.
func startServer(in inbox) (stop func()) {
	exited := make(chan struct{})
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		defer close(exited)
		in.serve(func(fn func() error) error { return fn() })
	}()
	return func() {
		in.close()
		<-exited
	}
}

// TestInboxSerialisesJobs sends jobs from many goroutines and checks that each ran exactly
// once, one at a time (the counter is a plain int: the race detector sees any overlap),
// and in each caller's order.
func TestInboxSerialisesJobs(t *testing.T) {
	defer goleak.VerifyNone(t)
	for _, tc := range inboxCases() {
		t.Run(tc.name, func(t *testing.T) {
			in := newInbox(tc.handoff, tc.waitSpin, tc.idleSpin)
			stop := startServer(in)
			defer stop()
			const callers, jobs = 8, 200
			ran := 0 // touched only by jobs, on the server goroutine
			order := make([][]int, callers)
			var wg sync.WaitGroup
			for c := 0; c < callers; c++ {
				wg.Go(func() {
					for j := 0; j < jobs; j++ {
						err := in.do(context.Background(), func() error {
							ran++
							order[c] = append(order[c], j)
							return nil
						})
						if err != nil {
							t.Errorf("caller %d job %d: %v (%s)", c, j, err, tc.reason)
							return
						}
					}
				})
			}
			wg.Wait()
			// The last do's return happens after its job: ran is safe to read.
			if ran != callers*jobs {
				t.Errorf("%d jobs ran, want %d (%s)", ran, callers*jobs, tc.reason)
			}
			for c, o := range order {
				for j, v := range o {
					if v != j {
						t.Fatalf("caller %d: job %d ran as its %dth: out of order (%s)", c, v, j, tc.reason)
					}
				}
			}
		})
	}
}

func TestInboxReturnsJobError(t *testing.T) {
	defer goleak.VerifyNone(t)
	sentinel := errors.New("job failed")
	for _, tc := range inboxCases() {
		t.Run(tc.name, func(t *testing.T) {
			in := newInbox(tc.handoff, tc.waitSpin, tc.idleSpin)
			stop := startServer(in)
			defer stop()
			if err := in.do(context.Background(), func() error { return sentinel }); !errors.Is(err, sentinel) {
				t.Errorf("do = %v, want the job's error (%s)", err, tc.reason)
			}
		})
	}
}

// TestInboxCancel checks the context contract: a context done before the call, or done
// while the job waits behind another, returns the context's error and never runs the job;
// a job already taken runs to completion.
func TestInboxCancel(t *testing.T) {
	defer goleak.VerifyNone(t)
	for _, tc := range inboxCases() {
		t.Run(tc.name, func(t *testing.T) {
			in := newInbox(tc.handoff, tc.waitSpin, tc.idleSpin)
			stop := startServer(in)
			defer stop()

			done, cancel := context.WithCancel(context.Background())
			cancel()
			if err := in.do(done, func() error { t.Error("ran a job whose context was done"); return nil }); !errors.Is(err, context.Canceled) {
				t.Errorf("do with a done context = %v, want context.Canceled", err)
			}

			// Occupy the worker, then queue a job and cancel it.
			started, release := make(chan struct{}), make(chan struct{})
			first := make(chan error, 1)
			go func() {
				first <- in.do(context.Background(), func() error { close(started); <-release; return nil })
			}()
			<-started
			ctx, cancel := context.WithCancel(context.Background())
			second := make(chan error, 1)
			go func() {
				second <- in.do(ctx, func() error { t.Error("ran a job cancelled before the worker took it"); return nil })
			}()
			time.Sleep(10 * time.Millisecond) // let the second job reach the worker's queue
			cancel()
			if err := <-second; !errors.Is(err, context.Canceled) {
				t.Errorf("queued job after cancel: do = %v, want context.Canceled (%s)", err, tc.reason)
			}
			close(release)
			if err := <-first; err != nil {
				t.Errorf("running job: do = %v, want nil", err)
			}
			// The worker still serves.
			if err := in.do(context.Background(), func() error { return nil }); err != nil {
				t.Errorf("after a cancel: do = %v, want nil", err)
			}
		})
	}
}

// TestInboxClose checks that close lets the running job finish, fails a queued one and
// every later call with errInboxClosed, and that the server returns.
func TestInboxClose(t *testing.T) {
	defer goleak.VerifyNone(t)
	for _, tc := range inboxCases() {
		t.Run(tc.name, func(t *testing.T) {
			in := newInbox(tc.handoff, tc.waitSpin, tc.idleSpin)
			stop := startServer(in)
			started, release := make(chan struct{}), make(chan struct{})
			first := make(chan error, 1)
			go func() {
				first <- in.do(context.Background(), func() error { close(started); <-release; return nil })
			}()
			<-started
			second := make(chan error, 1)
			go func() { second <- in.do(context.Background(), func() error { return nil }) }()
			time.Sleep(10 * time.Millisecond) // let the second job reach the queue (spin) or block on send (channel)
			stopped := make(chan struct{})
			go func() { stop(); close(stopped) }()
			time.Sleep(10 * time.Millisecond)
			close(release)
			<-stopped
			if err := <-first; err != nil {
				t.Errorf("running job: do = %v, want nil (%s)", err, tc.reason)
			}
			// The channel path may still hand the second job to the worker before it sees
			// quit (a select between ready cases is random); the spin path never does.
			if err := <-second; err != nil && !errors.Is(err, errInboxClosed) {
				t.Errorf("queued job: do = %v, want nil or errInboxClosed", err)
			} else if err == nil && tc.handoff == SpinThenBlock {
				t.Errorf("queued job ran after close (%s)", tc.reason)
			}
			if err := in.do(context.Background(), func() error { t.Error("ran after close"); return nil }); !errors.Is(err, errInboxClosed) {
				t.Errorf("after close: do = %v, want errInboxClosed", err)
			}
		})
	}
}

func TestNewInboxSingleP(t *testing.T) {
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	s, ok := newInbox(SpinThenBlock, time.Second, time.Second).(*spinInbox)
	if !ok {
		t.Fatalf("newInbox(SpinThenBlock) is not a *spinInbox")
	}
	if s.waitSpin != 0 || s.idleSpin != 0 {
		t.Errorf("GOMAXPROCS=1: spin budgets %v, %v; want 0, 0 (a spinning caller holds the only P)", s.waitSpin, s.idleSpin)
	}
}

func TestHandoffStrings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		h            Handoff
		str, goStr   string
		parseBackErr bool
	}{
		{SpinThenBlock, "spin-then-block", "backend.SpinThenBlock", false},
		{ChannelHandoff, "channel", "backend.ChannelHandoff", false},
		{CallerThread, "caller-thread", "backend.CallerThread", false},
		{Handoff(7), "Handoff(7)", "backend.Handoff(7)", true},
	} {
		if got := tc.h.String(); got != tc.str {
			t.Errorf("String() = %q, want %q", got, tc.str)
		}
		if got := fmt.Sprintf("%#v", tc.h); got != tc.goStr {
			t.Errorf("GoString() = %q, want %q", got, tc.goStr)
		}
		got, err := ParseHandoff(tc.str)
		var he *HandoffError
		if tc.parseBackErr != errors.As(err, &he) {
			t.Errorf("ParseHandoff(%q) error = %v, want *HandoffError: %v", tc.str, err, tc.parseBackErr)
		}
		if err == nil && got != tc.h {
			t.Errorf("ParseHandoff(%q) = %v, want %v", tc.str, got, tc.h)
		}
	}
	if h, err := ParseHandoff(""); err != nil || h != CallerThread {
		t.Errorf(`ParseHandoff("") = %v, %v; want the default, CallerThread`, h, err)
	}
}

// BenchmarkInboxRoundTrip measures one synchronous call through each handoff to a server
// on a locked OS thread, as Run(n=1) makes one: a no-op job, and a job that busy-waits
// 20 µs as a worker waits in cuStreamSynchronize for a short step. ns/op is the caller's
// wall time per call; subtract the job's 20 µs for the handoff's own cost.
func BenchmarkInboxRoundTrip(b *testing.B) {
	for _, work := range []time.Duration{0, 20 * time.Microsecond} {
		for _, tc := range inboxCases()[:3] {
			b.Run(fmt.Sprintf("job=%v/%s", work, tc.name), func(b *testing.B) {
				in := newInbox(tc.handoff, tc.waitSpin, tc.idleSpin)
				stop := startServer(in)
				defer stop()
				job := func() error {
					if work > 0 {
						end := time.Now().Add(work)
						for time.Now().Before(end) {
						}
					}
					return nil
				}
				ctx := context.Background()
				for b.Loop() {
					if err := in.do(ctx, job); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func TestHandoffOptions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name               string
		opt                Option
		str                string
		handoff            Handoff
		waitSpin, idleSpin time.Duration
		noTiming           bool
		reason             string
	}{
		{"defaults", Options{}, "backend.Options{}", CallerThread, DefaultWaitSpin, DefaultIdleSpin, false, "the zero config"},
		{"channel", WithHandoff(ChannelHandoff), "backend.WithHandoff(backend.ChannelHandoff)", ChannelHandoff, DefaultWaitSpin, DefaultIdleSpin, false, "the path before issue 17"},
		{"spin", WithSpin(2*time.Millisecond, 50*time.Microsecond), "backend.WithSpin(2*time.Millisecond, 50*time.Microsecond)", CallerThread, 2 * time.Millisecond, 50 * time.Microsecond, false, "both budgets set"},
		{"no spin", WithSpin(0, -time.Second), "backend.WithSpin(0, 0)", CallerThread, 0, 0, false, "negative counts as zero"},
		{"odd spin", WithSpin(1500*time.Nanosecond, time.Hour), "backend.WithSpin(1500, 1*time.Hour)", CallerThread, 1500 * time.Nanosecond, time.Hour, false, "nanoseconds print as an integer Duration"},
		{"untimed", WithGPUTiming(false), "backend.WithGPUTiming(false)", CallerThread, DefaultWaitSpin, DefaultIdleSpin, true, "no events"},
		{"timed", Options{WithGPUTiming(false), WithGPUTiming(true)}, "backend.Options{backend.WithGPUTiming(false), backend.WithGPUTiming(true)}", CallerThread, DefaultWaitSpin, DefaultIdleSpin, false, "the last one wins"},
	} {
		if got := tc.opt.String(); got != tc.str {
			t.Errorf("%s: String() = %q, want %q", tc.name, got, tc.str)
		}
		var c config
		tc.opt.apply(&c)
		if c.handoff != tc.handoff || c.spinWait() != tc.waitSpin || c.spinIdle() != tc.idleSpin || c.noTiming != tc.noTiming {
			t.Errorf("%s: config %+v (wait %v, idle %v), want handoff %v, wait %v, idle %v, noTiming %v (%s)",
				tc.name, c, c.spinWait(), c.spinIdle(), tc.handoff, tc.waitSpin, tc.idleSpin, tc.noTiming, tc.reason)
		}
	}
}
