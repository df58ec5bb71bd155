//go:build cuda && cgo

package backend

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"unsafe"

	"gorgonia.org/cu"
)

// Backend runs steps on a fixed set of devices, one worker per device (see Open).
//
// A Backend is safe for concurrent use by multiple goroutines. Calls for one device run one
// at a time on that device's worker, in the order the worker accepts them; calls for
// different devices run in parallel. Close must not race with other calls' use of the
// handles it frees, but a call made after Close returns an error wrapping [ErrClosed].
type Backend struct {
	workers   map[int]*worker // immutable after Open
	devices   []int           // sorted, immutable after Open
	closeOnce sync.Once
	closeErr  error
}

// DeviceCount returns the number of CUDA devices the driver sees, with cuDeviceGetCount:
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__DEVICE.html
func DeviceCount() (int, error) {
	n, err := cu.NumDevices()
	if err != nil {
		return 0, fromCU(err)
	}
	return n, nil
}

// DeviceName returns the name of device ordinal d, such as "NVIDIA H200", with
// cuDeviceGetName: https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__DEVICE.html
func DeviceName(d int) (string, error) {
	dev, err := cu.GetDevice(d)
	if err != nil {
		return "", fromCU(err)
	}
	name, err := dev.Name()
	if err != nil {
		return "", fromCU(err)
	}
	return name, nil
}

// ComputeCapability returns the compute capability of device ordinal d, such as 9, 0 for
// an H200 or 8, 0 for an A100, with cuDeviceGetAttribute
// (CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR and _MINOR):
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__DEVICE.html
func ComputeCapability(d int) (major, minor int, err error) {
	dev, err := cu.GetDevice(d)
	if err != nil {
		return 0, 0, fromCU(err)
	}
	if major, err = dev.Attribute(cu.ComputeCapabilityMajor); err != nil {
		return 0, 0, fromCU(err)
	}
	if minor, err = dev.Attribute(cu.ComputeCapabilityMinor); err != nil {
		return 0, 0, fromCU(err)
	}
	return major, minor, nil
}

// Open starts one worker per listed device ordinal and returns when all are ready: each
// worker locks its goroutine to an OS thread, retains the device's primary context
// (cuDevicePrimaryCtxRetain) and makes it current there, and creates its stream. A device
// listed twice, or no device at all, is an error. If any device fails to start, Open stops
// the others and returns a *[DeviceError] for each device that failed, joined.
func Open(devices []int, opts ...Option) (*Backend, error) {
	var cfg config
	Options(opts).apply(&cfg)
	if len(devices) == 0 {
		return nil, errors.New("backend: Open needs at least one device")
	}
	b := &Backend{workers: make(map[int]*worker, len(devices))}
	for _, d := range devices {
		if _, dup := b.workers[d]; dup {
			return nil, fmt.Errorf("backend: device %d listed twice: one worker per device", d)
		}
		b.workers[d] = newWorker(d, cfg)
		b.devices = append(b.devices, d)
	}
	sort.Ints(b.devices)
	ready := make(map[int]chan error, len(devices))
	for d, w := range b.workers {
		ready[d] = make(chan error, 1)
		go w.run(ready[d])
	}
	var errs []error
	for _, d := range b.devices {
		if err := <-ready[d]; err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		errs = append(errs, b.Close())
		return nil, errors.Join(errs...)
	}
	return b, nil
}

// Devices returns the device ordinals, in increasing order.
func (b *Backend) Devices() []int { return append([]int(nil), b.devices...) }

// Close stops every worker after the job it is running: each waits for its stream
// (cuStreamSynchronize, never a context-wide synchronize), destroys its steps' graphs,
// frees its buffers, unloads its modules, destroys its stream and events, releases the
// primary context, and exits, ending its OS thread. Close is idempotent and returns the
// errors of the first call, as *[DeviceError]s joined.
func (b *Backend) Close() error {
	b.closeOnce.Do(func() {
		for _, w := range b.workers {
			w.in.close()
		}
		var errs []error
		for _, d := range b.devices {
			w := b.workers[d]
			<-w.exited
			errs = append(errs, w.closeErr)
		}
		b.closeErr = errors.Join(errs...)
	})
	return b.closeErr
}

func (b *Backend) worker(device int, phase string) (*worker, error) {
	w, ok := b.workers[device]
	if !ok {
		return nil, &DeviceError{Device: device, Step: phase, Err: fmt.Errorf("device not opened (open: %v)", b.devices)}
	}
	return w, nil
}

// MemInfo returns the device's free and total memory in bytes, with cuMemGetInfo:
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__MEM.html
func (b *Backend) MemInfo(ctx context.Context, device int) (free, total int64, err error) {
	w, err := b.worker(device, "meminfo")
	if err != nil {
		return 0, 0, err
	}
	err = w.do(ctx, "meminfo", func() error {
		var err error
		if free, total, err = cu.MemInfo(); err != nil {
			return w.errorf("meminfo", "", "cuMemGetInfo", err)
		}
		return nil
	})
	return free, total, err
}

// Buffer is device memory allocated with cuMemAlloc (never managed memory). Its address
// is known only to its device's worker, and may change with [Backend.Realloc].
//
// A *Buffer is safe to share between goroutines; its methods only read fields that never
// change.
type Buffer struct {
	device int
	size   int64 // bytes

	// ---- owned by the device's worker ----
	ptr   cu.DevicePtr
	freed bool
}

// Device returns the buffer's device ordinal.
func (b *Buffer) Device() int { return b.device }

// Size returns the buffer's size in bytes.
func (b *Buffer) Size() int64 { return b.size }

// Len returns the number of float32 elements the buffer holds: Size()/4.
func (b *Buffer) Len() int { return int(b.size / 4) }

// Alloc allocates size bytes on device with cuMemAlloc and zeroes them
// (cuMemsetD8Async on the worker's stream):
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__MEM.html
//
// cuMemAlloc is a "potentially unsafe" call in the driver's stream-capture sense: while
// another thread captures in [Global] mode, it fails with
// CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED and breaks that capture, unless this worker's
// thread mode is [ThreadLocal] (see [WithThreadCaptureMode]).
func (b *Backend) Alloc(ctx context.Context, device int, size int64) (*Buffer, error) {
	w, err := b.worker(device, "alloc")
	if err != nil {
		return nil, err
	}
	if size <= 0 {
		return nil, &DeviceError{Device: device, Step: "alloc", Err: fmt.Errorf("size %d bytes: must be positive", size)}
	}
	buf := &Buffer{device: device, size: size}
	err = w.do(ctx, "alloc", func() error {
		p, err := cu.MemAlloc(size)
		if err != nil {
			return w.errorf("alloc", "", "cuMemAlloc", err)
		}
		if err := cu.MemsetD8Async(p, 0, size, w.stream); err != nil {
			return errors.Join(w.errorf("alloc", "", "cuMemsetD8Async", err), fromCU(cu.MemFree(p)))
		}
		buf.ptr = p
		w.buffers[buf] = struct{}{}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return buf, nil
}

// Free waits for the worker's stream and frees buf (cuMemFree). Steps that use buf fail
// from then on. Freeing twice is an error.
func (b *Backend) Free(ctx context.Context, buf *Buffer) error {
	w, err := b.worker(buf.device, "free")
	if err != nil {
		return err
	}
	return w.do(ctx, "free", func() error {
		if buf.freed {
			return &DeviceError{Device: w.device, Step: "free", Err: errors.New("buffer already freed")}
		}
		if err := w.stream.Synchronize(); err != nil {
			return w.errorf("free", "", "cuStreamSynchronize", err)
		}
		if err := cu.MemFree(buf.ptr); err != nil {
			return w.errorf("free", "", "cuMemFree", err)
		}
		buf.freed = true
		delete(w.buffers, buf)
		return nil
	})
}

// Realloc moves buf to a new allocation of the same size: it allocates new memory
// (cuMemAlloc) before freeing the old, so the address always changes, copies the contents
// (cuMemcpyDtoDAsync) and frees the old memory (cuMemFree). A step captured with buf sees
// the move on its next replay and applies its [StaticAddressPolicy]. This is the Go
// counterpart of a PyTorch input tensor arriving at a new data_ptr().
func (b *Backend) Realloc(ctx context.Context, buf *Buffer) error {
	w, err := b.worker(buf.device, "alloc")
	if err != nil {
		return err
	}
	return w.do(ctx, "alloc", func() error {
		if buf.freed {
			return &DeviceError{Device: w.device, Step: "alloc", Err: errors.New("buffer already freed")}
		}
		p, err := cu.MemAlloc(buf.size)
		if err != nil {
			return w.errorf("alloc", "", "cuMemAlloc", err)
		}
		if err := cu.MemcpyDtoDAsync(p, buf.ptr, buf.size, w.stream); err != nil {
			return errors.Join(w.errorf("copy", "", "cuMemcpyDtoDAsync", err), fromCU(cu.MemFree(p)))
		}
		if err := w.stream.Synchronize(); err != nil {
			return w.errorf("copy", "", "cuStreamSynchronize", err)
		}
		if err := cu.MemFree(buf.ptr); err != nil {
			return w.errorf("free", "", "cuMemFree", err)
		}
		buf.ptr = p
		return nil
	})
}

// Write copies src into the start of buf (cuMemcpyHtoDAsync on the worker's stream, then
// cuStreamSynchronize). len(src)*4 must not exceed buf.Size().
func (b *Backend) Write(ctx context.Context, buf *Buffer, src []float32) error {
	return b.copy(ctx, buf, src, true)
}

// Read copies the start of buf into dst (cuMemcpyDtoHAsync on the worker's stream, then
// cuStreamSynchronize), after all work queued before it. len(dst)*4 must not exceed
// buf.Size().
func (b *Backend) Read(ctx context.Context, buf *Buffer, dst []float32) error {
	return b.copy(ctx, buf, dst, false)
}

func (b *Backend) copy(ctx context.Context, buf *Buffer, host []float32, toDevice bool) error {
	w, err := b.worker(buf.device, "copy")
	if err != nil {
		return err
	}
	n := int64(len(host)) * 4
	if n > buf.size {
		return &DeviceError{Device: buf.device, Step: "copy", Err: fmt.Errorf("%d bytes do not fit a %d-byte buffer", n, buf.size)}
	}
	if n == 0 {
		return nil
	}
	return w.do(ctx, "copy", func() error {
		if buf.freed {
			return &DeviceError{Device: w.device, Step: "copy", Err: errors.New("buffer already freed")}
		}
		p := unsafe.Pointer(&host[0])
		if toDevice {
			if err := cu.MemcpyHtoDAsync(buf.ptr, p, n, w.stream); err != nil {
				return w.errorf("copy", "", "cuMemcpyHtoDAsync", err)
			}
		} else if err := cu.MemcpyDtoHAsync(p, buf.ptr, n, w.stream); err != nil {
			return w.errorf("copy", "", "cuMemcpyDtoHAsync", err)
		}
		if err := w.stream.Synchronize(); err != nil {
			return w.errorf("copy", "", "cuStreamSynchronize", err)
		}
		return nil
	})
}

// Module is PTX loaded on every device of a Backend, with the kernels named at load time.
// It is immutable and safe to share.
type Module struct {
	funcs map[string]*Function
}

// Function returns the kernel called name, or an error if it was not named to Load.
func (m *Module) Function(name string) (*Function, error) {
	f, ok := m.funcs[name]
	if !ok {
		return nil, fmt.Errorf("backend: kernel %q was not loaded", name)
	}
	return f, nil
}

// Function is one kernel of a Module, with its handle on each device. It is immutable and
// safe to share.
type Function struct {
	name    string
	handles map[int]cu.Function
}

// Name returns the kernel's name in the PTX.
func (f *Function) Name() string { return f.name }

// Load loads ptx (PTX text, JIT-compiled by the driver) on every device with
// cuModuleLoadData and looks up each named kernel with cuModuleGetFunction:
// https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__MODULE.html
// Modules are unloaded by Close.
func (b *Backend) Load(ctx context.Context, ptx string, names ...string) (*Module, error) {
	m := &Module{funcs: make(map[string]*Function, len(names))}
	for _, n := range names {
		m.funcs[n] = &Function{name: n, handles: make(map[int]cu.Function, len(b.devices))}
	}
	for _, d := range b.devices {
		w := b.workers[d]
		handles := make([]cu.Function, len(names))
		err := w.do(ctx, "load", func() error {
			mod, err := cu.LoadData(ptx)
			if err != nil {
				return w.errorf("load", "", "cuModuleLoadData", err)
			}
			w.modules = append(w.modules, mod)
			for i, n := range names {
				if handles[i], err = mod.Function(n); err != nil {
					return w.errorf("load", "", "cuModuleGetFunction", fmt.Errorf("kernel %q: %w", n, fromCU(err)))
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		for i, n := range names {
			m.funcs[n].handles[d] = handles[i]
		}
	}
	return m, nil
}
