//go:build cuda && cgo

package backend

import "context"

// Test-only access for the external test package, which imports kernels (and kernels
// imports backend, so those tests cannot live in package backend).

// TestHooks mirrors testHooks for backend_test.
type TestHooks struct {
	DuringCapture func(device int, step string)
	RefuseUpdate  bool
}

// WithTestHooks installs hooks that run on the worker thread; see testHooks.
func WithTestHooks(h TestHooks) Option {
	return withTestHooks(testHooks{duringCapture: h.DuringCapture, refuseUpdate: h.RefuseUpdate})
}

// BufferAddr returns buf's current device address, read on its worker.
func (b *Backend) BufferAddr(buf *Buffer) uintptr {
	var p uintptr
	w := b.workers[buf.device]
	_ = w.do(context.Background(), "test", func() error { p = uintptr(buf.ptr); return nil })
	return p
}
