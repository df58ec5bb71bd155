// Package backend runs a per-device CUDA-graph plan on real GPUs: one OS-thread-locked
// worker per device launches each step's kernels eagerly, or captures the step once into a
// CUDA graph and replays it, as the plan's outcome for that device says.
//
// Everything that touches the driver is behind the cuda build tag, because
// gorgonia.org/cu's package init exits the process when no driver is present; without the
// tag only the plain-data parts (ExecMode, ExecModeFor, the error types, the options) are
// compiled. Building with -tags cuda needs cgo: with CGO_ENABLED=0 the build fails with an
// undefined identifier named backendRequiresCGOEnabled1 instead of silently dropping the
// backend.
package backend
