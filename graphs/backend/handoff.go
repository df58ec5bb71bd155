package backend

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Handoff says how a call reaches a device and how the caller waits for its result. All
// keep the worker's contract: a device's state is touched by one thread at a time, its
// calls run one at a time, and captures run on the device's one locked worker thread.
// The zero value is [CallerThread], the fastest (issue 25); [ChannelHandoff] and
// [SpinThenBlock] send every call, a step's too, to the worker.
//
// See doc.go, "Synchronous step latency", for where the time of one Run(n=1) goes under
// each.
type Handoff int

const (
	// CallerThread (the default) runs a synchronous step that needs no capture on the
	// caller's own OS thread: [Backend.Run] takes the device's lock and makes one cgo
	// call that pushes the device's primary context, launches, waits and pops it, so no
	// goroutine is woken and no thread is handed the work. Every other call (allocation,
	// copies, module loads, a capture or re-record) goes to the worker as with
	// [ChannelHandoff], and the worker holds the same lock for each, so it never runs
	// beside a caller's step.
	CallerThread Handoff = iota
	// ChannelHandoff is the path measured before issue 17: the job goes
	// over an unbuffered channel to the worker, whose goroutine is parked in a select and
	// must be woken on its locked OS thread, and the result comes back over a second
	// channel, which parks and wakes the caller. A Run on this path makes the driver calls
	// as before, one cgo call each (cuEventRecord, the launch, cuEventRecord,
	// cuEventSynchronize, cuEventElapsedTime).
	ChannelHandoff
	// SpinThenBlock (opt-in) puts the job in the worker's queue and spins on its
	// completion flag for up to the wait budget of [WithSpin] before blocking on a channel;
	// the worker, after each job, spins for up to the idle budget watching the queue before
	// it blocks. While both spin, a synchronous step needs no goroutine wake-up at all: the
	// locked worker thread keeps running and the caller's goroutine never parks. A Run on
	// this path also makes one cgo call per step (launch, then wait, in C).
	SpinThenBlock
)

// String returns "caller-thread", "spin-then-block" or "channel".
func (h Handoff) String() string {
	switch h {
	case CallerThread:
		return "caller-thread"
	case SpinThenBlock:
		return "spin-then-block"
	case ChannelHandoff:
		return "channel"
	}
	return fmt.Sprintf("Handoff(%d)", int(h))
}

// GoString returns the Go expression for h, such as backend.SpinThenBlock.
func (h Handoff) GoString() string {
	switch h {
	case CallerThread:
		return "backend.CallerThread"
	case SpinThenBlock:
		return "backend.SpinThenBlock"
	case ChannelHandoff:
		return "backend.ChannelHandoff"
	}
	return fmt.Sprintf("backend.Handoff(%d)", int(h))
}

// ParseHandoff parses "caller-thread" (or ""), "channel" and "spin-then-block". It
// returns a *[HandoffError] for anything else.
func ParseHandoff(s string) (Handoff, error) {
	switch s {
	case "", "caller-thread":
		return CallerThread, nil
	case "spin-then-block":
		return SpinThenBlock, nil
	case "channel":
		return ChannelHandoff, nil
	}
	return CallerThread, &HandoffError{Handoff: s}
}

// HandoffError reports an unknown handoff string.
type HandoffError struct {
	Handoff string // the string that was given
}

func (e *HandoffError) Error() string {
	if e == nil {
		return "backend: <nil *HandoffError>"
	}
	return fmt.Sprintf("backend: unknown handoff %q (want caller-thread, spin-then-block or channel)", e.Handoff)
}

// Default spin budgets of [SpinThenBlock] (see [WithSpin]).
const (
	// DefaultWaitSpin is how long a caller spins on its job's completion before blocking.
	// A synchronous step shorter than this (the drafter step, K ≤ 256 tiny kernels: at most
	// about 0.3 ms on the H200, issue 17) never parks the caller; past it, one wake-up of a
	// few µs is small against the step.
	DefaultWaitSpin = 1 * time.Millisecond
	// DefaultIdleSpin is how long the worker spins for its next job after finishing one,
	// before it blocks. A caller that issues the next step within this time (a decode loop
	// that samples between steps) finds the worker running.
	DefaultIdleSpin = 100 * time.Microsecond
)

// errInboxClosed is returned by an inbox after close; the worker wraps it as ErrClosed.
var errInboxClosed = errors.New("inbox closed")

// inbox is how jobs reach one worker goroutine: do is called by any goroutine, serve by
// the worker (once, until close), close once by the owner.
type inbox interface {
	// do runs fn on the serving goroutine and returns its error; ctx's error if ctx is
	// done before the worker takes the job (once taken, the job runs to completion and do
	// waits for it); errInboxClosed after close.
	do(ctx context.Context, fn func() error) error
	// serve runs jobs through exec, one at a time, until close; a job still queued at
	// close gets errInboxClosed without running.
	serve(exec func(func() error) error)
	// close makes serve return after the job it is running. Call it once.
	close()
}

// newInbox returns the inbox for h. The spin budgets apply to SpinThenBlock; with
// GOMAXPROCS below 2 both are 0 (a spinning caller would hold the only P the worker
// needs).
func newInbox(h Handoff, waitSpin, idleSpin time.Duration) inbox {
	if h != SpinThenBlock {
		return &chanInbox{jobs: make(chan chanJob), quit: make(chan struct{})}
	}
	if runtime.GOMAXPROCS(0) < 2 {
		waitSpin, idleSpin = 0, 0
	}
	return &spinInbox{waitSpin: waitSpin, idleSpin: idleSpin, wake: make(chan struct{}, 1)}
}

// ---- ChannelHandoff: the path before issue 17 ----

type chanInbox struct {
	jobs chan chanJob  // unbuffered: a job is accepted only when the worker takes it
	quit chan struct{} // closed by close
}

type chanJob struct {
	fn   func() error
	done chan error // buffered (1): the worker never blocks on a caller that went away
}

func (c *chanInbox) do(ctx context.Context, fn func() error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	j := chanJob{fn: fn, done: make(chan error, 1)}
	select {
	case c.jobs <- j:
	case <-c.quit:
		return errInboxClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	return <-j.done
}

func (c *chanInbox) serve(exec func(func() error) error) {
	for {
		select {
		case j := <-c.jobs:
			j.done <- exec(j.fn)
		case <-c.quit:
			return
		}
	}
}

func (c *chanInbox) close() { close(c.quit) }

// ---- SpinThenBlock ----

// Task states. A task goes posted → taken → done (also when close fails it with
// errInboxClosed), or posted → cancelled (by its caller, whose context ended before the
// worker took it).
const (
	taskPosted int32 = iota
	taskTaken
	taskDone
	taskCancelled
)

type task struct {
	fn    func() error
	err   error         // written by the worker before state becomes taskDone
	state atomic.Int32  // taskPosted, ...
	done  chan struct{} // buffered (1): signalled once, after state becomes taskDone
}

// finish records err and wakes the caller if it blocked. Only the goroutine that moved
// the task out of taskPosted calls it.
func (t *task) finish(err error) {
	t.err = err
	t.state.Store(taskDone)
	t.done <- struct{}{}
}

// spinInbox is a FIFO of tasks guarded by mu, with a counter the worker can watch
// without the lock while it spins, and a one-token channel to wake it when it sleeps.
type spinInbox struct {
	waitSpin, idleSpin time.Duration // spin budgets; 0: block at once

	pending atomic.Int32  // len(queue), for the spinning worker
	stopped atomic.Bool   // closed, for the spinning worker
	wake    chan struct{} // buffered (1): one token per sleep of the worker

	mu       sync.Mutex
	queue    []*task
	closed   bool
	sleeping bool // the worker is blocked on wake (or about to be)
}

func (s *spinInbox) do(ctx context.Context, fn func() error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	t := &task{fn: fn, done: make(chan struct{}, 1)}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errInboxClosed
	}
	s.queue = append(s.queue, t)
	s.pending.Add(1)
	if s.sleeping {
		s.sleeping = false
		s.wake <- struct{}{}
	}
	s.mu.Unlock()
	return s.wait(ctx, t)
}

// wait spins on t's state for up to waitSpin, then blocks on t.done or ctx.
func (s *spinInbox) wait(ctx context.Context, t *task) error {
	if spin(s.waitSpin, ctx.Done(), func() bool { return t.state.Load() == taskDone }) {
		return t.err
	}
	select {
	case <-t.done:
		return t.err
	case <-ctx.Done():
		if t.state.CompareAndSwap(taskPosted, taskCancelled) {
			return ctx.Err()
		}
		<-t.done // taken: it runs to completion
		return t.err
	}
}

// spin calls cond until it reports true (spin returns true), budget has passed or stop
// is closed (spin returns false). It checks the clock and stop every 64 calls. It never
// yields: the worker calls it on a locked OS thread, where a yield would hand the P away
// and cost the wake-up the spin exists to avoid; the Go scheduler still preempts it.
func spin(budget time.Duration, stop <-chan struct{}, cond func() bool) bool {
	if budget <= 0 {
		return cond()
	}
	deadline := time.Now().Add(budget)
	for i := 1; ; i++ {
		if cond() {
			return true
		}
		if i%64 != 0 {
			continue
		}
		if time.Now().After(deadline) {
			return false
		}
		select {
		case <-stop:
			return false
		default:
		}
	}
}

func (s *spinInbox) serve(exec func(func() error) error) {
	for {
		t := s.next()
		if t == nil {
			return
		}
		if !t.state.CompareAndSwap(taskPosted, taskTaken) {
			continue // cancelled by its caller
		}
		t.finish(exec(t.fn))
	}
}

// next returns the next task, spinning for up to idleSpin before it blocks; nil after
// close, when it has failed every queued task with errInboxClosed.
func (s *spinInbox) next() *task {
	spin(s.idleSpin, nil, func() bool { return s.pending.Load() > 0 || s.stopped.Load() })
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		if s.closed {
			for _, t := range s.queue {
				if t.state.CompareAndSwap(taskPosted, taskTaken) {
					t.finish(errInboxClosed)
				}
			}
			s.queue = nil
			s.pending.Store(0)
			return nil
		}
		if len(s.queue) > 0 {
			t := s.queue[0]
			copy(s.queue, s.queue[1:])
			s.queue[len(s.queue)-1] = nil
			s.queue = s.queue[:len(s.queue)-1]
			s.pending.Add(-1)
			return t
		}
		s.sleeping = true
		s.mu.Unlock()
		<-s.wake
		s.mu.Lock()
	}
}

func (s *spinInbox) close() {
	s.mu.Lock()
	s.closed = true
	s.stopped.Store(true)
	if s.sleeping {
		s.sleeping = false
		s.wake <- struct{}{}
	}
	s.mu.Unlock()
}
