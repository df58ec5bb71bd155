package graphs

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/config/strictjson"
)

// Threads says how a workload's Python threads use the compiled function.
type Threads string

// The thread layouts. Their text forms are the CLI's -threads values.
const (
	// MainThread: compile and call in the main thread.
	MainThread Threads = "main"
	// OneThread: compile and call in one user threading.Thread, the first in the
	// process to use cudagraph trees.
	OneThread Threads = "thread"
	// PerDevice: one user threading.Thread per device, each compiling and calling its
	// own function (one drafter per GPU).
	PerDevice Threads = "per-device"
	// Callers: one function compiled (and first called, unless ColdStart) in the main
	// thread, then called from Callers user threads at once.
	Callers Threads = "callers"
	// PerThread: Callers user threads on one device, each compiling and calling its own
	// function (several models served from the threads of one process, testdata/reference/field-reports.md F6).
	PerThread Threads = "per-thread"
)

// Mutation says which inputs the compiled function mutates in place.
type Mutation string

// The mutation kinds. Their text forms are the CLI's -mutated-inputs values.
const (
	NoMutation Mutation = "none"
	// InputMutation: a user input (not a parameter or buffer) is mutated, e.g. x.add_(1).
	InputMutation Mutation = "input"
	// StaticMutation: a parameter or buffer (a static input) is mutated, e.g. BatchNorm
	// running stats or a KV cache registered as a buffer.
	StaticMutation Mutation = "static"
	// StorageMutation: an input's storage is replaced (aten.set_ on a graph input).
	StorageMutation Mutation = "storage"
)

// Workload describes where and how a compiled function runs. The zero Workload is one
// device, compiled and called in the main thread, with CUDA tensor inputs only.
type Workload struct {
	// Devices is the number of CUDA devices, one compiled function each (0 means 1;
	// with DeviceType cpu or mps, 1: see there).
	Devices int `json:"devices,omitempty"`
	// SpanDevices: one graph uses tensors on several devices (all Devices).
	SpanDevices bool `json:"span_devices,omitempty"`
	// Threads is the thread layout ("" means main).
	Threads Threads `json:"threads,omitempty"`
	// Callers is the number of user threads (Threads callers or per-thread; 0 means 2).
	Callers int `json:"callers,omitempty"`
	// ColdStart (Threads callers): the first call happens in the caller threads, not in
	// the main thread, so the callers compile and record themselves (testdata/reference/field-reports.md F7).
	ColdStart bool `json:"cold_start,omitempty"`
	// CPUInputs: one input is a CPU tensor (a 0-d CPU scalar such as torch.tensor(2.0) included).
	CPUInputs bool `json:"cpu_inputs,omitempty"`
	// CPUInputName is the graph placeholder of that input, as PyTorch names it in its
	// message ("" means arg2_1, the name measured for a third argument); only with
	// CPUInputs.
	CPUInputName string `json:"cpu_input_name,omitempty"`
	// MutatedInputs says which inputs are mutated in place ("" means none).
	MutatedInputs Mutation `json:"mutated_inputs,omitempty"`
	// DynamicShapes: input shapes change between calls.
	DynamicShapes bool `json:"dynamic_shapes,omitempty"`
	// DistinctSizes is how many distinct input sizes the run sees (for the
	// dynamic-shape warning; 0 means unknown). With dynamic=None the first size
	// compiles a static graph and the graph with symbolic inputs records the others
	// (measured on 2.11: 5 sizes, 4 symint keys); with dynamic=True it records
	// every size. Cudagraph trees warn once, when the recorded count first exceeds
	// triton.cudagraph_dynamic_shape_warn_limit (50 on 2.6, 8 on 2.14), printing
	// the limit plus one.
	DistinctSizes int `json:"distinct_sizes,omitempty"`
	// MarkedDynamic (with DynamicShapes): the input's changing size is marked with
	// torch._dynamo.mark_dynamic before the first call, so the first graph already has
	// symbolic inputs, as with dynamic=True: no static graph is recorded, and every
	// size is recorded under its symint key (measured on 2.11:
	// testdata/torch/2.11/mark_dynamic_symint.out).
	MarkedDynamic bool `json:"marked_dynamic,omitempty"`
	// MovingStaticInputs: a static input (a parameter) is replaced by a tensor at a new
	// address between calls.
	MovingStaticInputs bool `json:"moving_static_inputs,omitempty"`
	// NonTensorInputs: the graph takes an input that is neither a tensor nor a SymInt.
	NonTensorInputs bool `json:"non_tensor_inputs,omitempty"`
	// IncompatibleOp names an op the graph uses that cannot be captured (e.g.
	// "aten._local_scalar_dense.default"); "" means none.
	IncompatibleOp string `json:"incompatible_op,omitempty"`
	// Allocator is the CUDA allocator: "" or "native" (the caching allocator),
	// "cudaMallocAsync" (PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync) or "uncached"
	// (PYTORCH_NO_CUDA_MEMORY_CACHING=1). See catalog.AllocatorFromEnv (internal/catalog).
	Allocator string `json:"allocator,omitempty"`
	// ThreadPool is the number of worker threads of a thread pool
	// (concurrent.futures.ThreadPoolExecutor(max_workers=N)) that make every call of
	// the compiled function, the first included: each call runs on an arbitrary worker
	// (0 means no pool; needs threads main, which the pool replaces).
	ThreadPool int `json:"thread_pool,omitempty"`
	// AutogradBackward: the function is trained; its backward graph runs on autograd's
	// own device thread (loss.backward()), not on the thread that called it
	// (pytorch/pytorch#126934, #186537).
	AutogradBackward bool `json:"autograd_backward,omitempty"`
	// ConcurrentRecompiles: several threads call the function (threads callers,
	// per-thread, per-device or a thread_pool) with shapes it has not compiled yet, so
	// calls compile while other calls are in flight, each entering torch.compile's
	// per-call dynamic= config patch (pytorch/pytorch#118260).
	ConcurrentRecompiles bool `json:"concurrent_recompiles,omitempty"`
	// OutputsKept: the caller keeps an output of one call and reads it after the next
	// call of the function (losses.append(loss) across steps; pytorch/pytorch#122192).
	OutputsKept bool `json:"outputs_kept,omitempty"`
	// OutputsStale: the caller keeps outputs of replayed calls only (under cudagraph
	// trees, the third call of the function on: the first warms up, the second records)
	// and reads one after a later call (outs[-2] after a loop; the last output after one
	// more call); it reads none of the first two calls' outputs, which [OutputsKept] is.
	// The read raises nothing (measured on 2.11:
	// graphs/script/testdata/measured/kept_last_2.11.out second_to_last,
	// last_after_another_call) and, by the source, returns the later call's values: every
	// replay returns the same cached output tensor (torch/_inductor/cudagraph_trees.py
	// CUDAGraphNode.reconstruct_outputs @2.6.0, @2.11.0, @2.14.1).
	OutputsStale bool `json:"outputs_stale,omitempty"`
	// GraphBreaks is how many graph breaks split the compiled function: Dynamo compiles
	// GraphBreaks+1 graphs, each recorded as its own CUDA graph, with Python between them
	// (kijai/ComfyUI-WanVideoWrapper#1584; pytorch/pytorch#160281).
	GraphBreaks int `json:"graph_breaks,omitempty"`
	// CompiledAutograd: the backward pass is compiled by compiled autograd
	// (torch._dynamo.config.compiled_autograd=True) and runs on autograd's thread
	// (pytorch/pytorch#126934). It implies AutogradBackward (Normalize sets it):
	// compiled autograd compiles a backward pass, so the function has one, as the
	// Dynamo key compiled_autograd=True and the command's -compiled-autograd say.
	CompiledAutograd bool `json:"compiled_autograd,omitempty"`
	// CaptureErrorMode says the compiled function is captured by hand, with
	// torch.cuda.graph(g, capture_error_mode=…): "global" (torch.cuda.graph's
	// default), "thread_local" or "relaxed"; "" means no manual capture (PR #107407).
	CaptureErrorMode string `json:"capture_error_mode,omitempty"`
	// OtherThreadWork is what other threads do on the GPU while a manual capture runs:
	// "" or "none"; "device-sync" (torch.cuda.synchronize(), cudaDeviceSynchronize);
	// "alloc" (cudaMalloc, a new CUDA context, a caching-allocator miss); "pageable-copy"
	// (copies from pageable host memory, background H2D copies). Needs CaptureErrorMode.
	OtherThreadWork string `json:"other_thread_work,omitempty"`
	// DeviceType is the device type the compiled function's tensors are on: "" (CUDA, the
	// device every other field is about), "cpu" or "mps" (Apple's GPU). Inductor gives
	// a graph on another device no CUDA graph (rules non-cuda-device and
	// non-cuda-device-mps); the plan's rows are labelled with it. Such a function uses
	// no CUDA device, so Normalize makes Devices 1 and SpanDevices false whatever they
	// were: CUDA graphs need CUDA, and the CPU (or mps) graph is one graph whatever the
	// count, so {device_type: "cpu", devices: 2, threads: per-device} plans one row.
	DeviceType string `json:"device_type,omitempty"`
	// Dynamo holds torch._dynamo.config assignments that change what Inductor is given
	// (see dynamoKeys): KEY=VALUE without the prefix, comma-separated, in order
	// ("capture_scalar_outputs=True"). [Check] moves a scenario's set entries named
	// torch._dynamo.config.KEY here. A string, so that a Workload stays comparable.
	Dynamo string `json:"dynamo,omitempty"`
	// Stance is the torch.compiler.set_stance stance in force at the compiled
	// function's first call ("force_eager"; "" or "default": none), read at each call
	// (config.Request.Stance, config.StanceOf): force_eager compiles nothing,
	// fail_on_recompile raises at the first call, and on 2.0–2.5, which have no
	// set_stance, its call raises AttributeError (stage "stance").
	Stance string `json:"stance,omitempty"`
	// InheritContext says the threads that call the compiled function run in a copy
	// of the caller's contextvars context (asyncio.to_thread: CPython Lib/asyncio/
	// threads.py copy_context().run; anyio's worker threads behind FastAPI/Starlette
	// def routes and gradio sync functions: anyio/_backends/_asyncio.py
	// run_sync_in_worker_thread context.run), so on 2.12+ they see the main thread's
	// global assignments, which plain threads do not (config.Request.ThreadsInheritContext;
	// measured on 2.14.1), or the globals are the worker threads'
	// own (a config.patch or an assignment in the thread's function before its first
	// call).
	InheritContext bool `json:"inherit_context,omitempty"`
}

// WorkloadError reports a workload that cannot be planned.
type WorkloadError struct {
	Field string // the offending field, as in JSON
	Value string // its value (cut to 80 bytes)
	Msg   string // what is wrong
	Err   error  // the *inputerr.LimitError behind it, if a limit was passed
}

// Unwrap returns the *inputerr.LimitError behind the error, or nil.
func (e *WorkloadError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

func (e *WorkloadError) Error() string {
	if e == nil {
		return "graphs: <nil *WorkloadError>"
	}
	return fmt.Sprintf("graphs: workload %s=%s: %s", e.Field, e.Value, e.Msg)
}

// MaxDevices bounds Workload.Devices and Workload.Callers.
const MaxDevices = 4096

// Limits of a workload beyond MaxDevices; past one, Normalize returns a *WorkloadError
// wrapping a *inputerr.LimitError.
const (
	// MaxDeviceThreads bounds Devices × Callers under Threads per-thread, where the
	// plan holds one entry per device and thread (about 1 KB each), and Devices ×
	// Devices under SpanDevices, where each device's entry lists every device (so at
	// most 128 devices in one graph).
	MaxDeviceThreads = 1 << 14
	// MaxDistinctSizes bounds Workload.DistinctSizes.
	MaxDistinctSizes = 1 << 20
)

// Normalize fills the documented defaults and checks the fields. It returns a
// *WorkloadError for an unknown thread layout, mutation kind or allocator, for counts
// out of range, for a field that applies only with another (marked_dynamic and
// distinct_sizes without dynamic_shapes, cpu_input_name without cpu_inputs), and (wrapping a *inputerr.LimitError) for a workload past
// MaxDeviceThreads or MaxDistinctSizes.
func (w Workload) Normalize() (Workload, error) {
	if w.Devices == 0 {
		w.Devices = 1
	}
	if w.Devices < 0 || w.Devices > MaxDevices {
		return w, &WorkloadError{Field: "devices", Value: fmt.Sprint(w.Devices), Msg: fmt.Sprintf("want 1 to %d", MaxDevices)}
	}
	// The checks run in this order; each step returns the first problem it finds.
	for _, step := range []func(*Workload) error{(*Workload).normalizeThreads, (*Workload).normalizeKinds, (*Workload).checkCounts, (*Workload).checkStance} {
		if err := step(&w); err != nil {
			return w, err
		}
	}
	if w.CPUInputName != "" && !w.CPUInputs {
		return w, &WorkloadError{Field: "cpu_input_name", Value: inputerr.Cut(w.CPUInputName, 80), Msg: "applies only with cpu_inputs"}
	}
	if w.CPUInputs && w.CPUInputName == "" {
		w.CPUInputName = "arg2_1"
	}
	if err := w.checkFieldReports(); err != nil {
		return w, err
	}
	return w, w.checkIssue28()
}

// checkFieldReports checks the workload kinds of the field reports: a thread pool,
// concurrent recompiles.
func (w Workload) checkFieldReports() error {
	if w.ThreadPool < 0 || w.ThreadPool > MaxDevices {
		return &WorkloadError{Field: "thread_pool", Value: fmt.Sprint(w.ThreadPool), Msg: fmt.Sprintf("want 0 to %d", MaxDevices)}
	}
	if w.ThreadPool > 0 && (w.Threads != MainThread || w.SpanDevices) {
		return &WorkloadError{Field: "thread_pool", Value: fmt.Sprint(w.ThreadPool), Msg: "the pool is the thread layout: use it with threads main and without span_devices"}
	}
	if w.ConcurrentRecompiles && !w.manyThreads() {
		return &WorkloadError{Field: "concurrent_recompiles", Value: "true", Msg: "needs several threads: threads callers, per-thread, per-device with 2 or more devices, or a thread_pool of 2 or more"}
	}
	return nil
}

// normalizeThreads fills and checks the thread layout and the fields that depend on it.
func (w *Workload) normalizeThreads() error {
	switch w.Threads {
	case "":
		w.Threads = MainThread
	case MainThread, OneThread, PerDevice, Callers, PerThread:
	default:
		return &WorkloadError{Field: "threads", Value: inputerr.Cut(string(w.Threads), 80), Msg: "want main, thread, per-device, per-thread or callers"}
	}
	if w.Callers < 0 || w.Callers > MaxDevices { // a count out of range first, whatever the layout
		return &WorkloadError{Field: "callers", Value: fmt.Sprint(w.Callers), Msg: fmt.Sprintf("want 1 to %d", MaxDevices)}
	}
	if w.Callers == 0 && (w.Threads == Callers || w.Threads == PerThread) {
		w.Callers = 2
	}
	if w.Callers != 0 && w.Threads != Callers && w.Threads != PerThread {
		return &WorkloadError{Field: "callers", Value: fmt.Sprint(w.Callers), Msg: "applies only to threads callers or per-thread"}
	}
	if w.ColdStart && w.Threads != Callers {
		return &WorkloadError{Field: "cold_start", Value: "true", Msg: "applies only to threads callers"}
	}
	if w.SpanDevices && w.Threads == PerDevice {
		return &WorkloadError{Field: "span_devices", Value: "true", Msg: "one graph over all devices has one thread; per-device threads each have their own graph"}
	}
	return nil
}

// normalizeKinds fills and checks the mutation kind and the allocator.
func (w *Workload) normalizeKinds() error {
	switch w.MutatedInputs {
	case "":
		w.MutatedInputs = NoMutation
	case NoMutation, InputMutation, StaticMutation, StorageMutation:
	default:
		return &WorkloadError{Field: "mutated_inputs", Value: inputerr.Cut(string(w.MutatedInputs), 80), Msg: "want none, input, static or storage"}
	}
	switch w.Allocator {
	case "", "native":
		w.Allocator = "native"
	case "cudaMallocAsync", "uncached":
	default:
		return &WorkloadError{Field: "allocator", Value: inputerr.Cut(w.Allocator, 80), Msg: "want native, cudaMallocAsync or uncached"}
	}
	if w.IncompatibleOp != "" && strings.TrimSpace(w.IncompatibleOp) == "" {
		// "" is no op; a blank name was planned as an op named " " (sweep8 #10).
		return &WorkloadError{Field: "incompatible_op", Value: fmt.Sprintf("%q", w.IncompatibleOp), Msg: "a blank op name: give one such as aten._local_scalar_dense.default, or none"}
	}
	switch w.DeviceType {
	case "":
	case "cpu", "mps":
		// Devices counts CUDA devices: a function on the CPU or mps uses none, and its one
		// row stands for the graph it compiles there.
		w.Devices, w.SpanDevices = 1, false
	case "cuda":
		w.DeviceType = ""
	default:
		return &WorkloadError{Field: "device_type", Value: inputerr.Cut(w.DeviceType, 80), Msg: "want cuda, cpu or mps"}
	}
	return nil
}

// checkCounts checks the counts against each other and the limits.
func (w *Workload) checkCounts() error {
	if w.SpanDevices && w.Devices < 2 {
		return &WorkloadError{Field: "span_devices", Value: "true", Msg: "needs devices of 2 or more"}
	}
	if w.DistinctSizes < 0 {
		return &WorkloadError{Field: "distinct_sizes", Value: fmt.Sprint(w.DistinctSizes), Msg: "want 0 or more"}
	}
	if w.DistinctSizes > MaxDistinctSizes {
		return limitErr("distinct_sizes", w.DistinctSizes, "graphs.MaxDistinctSizes", MaxDistinctSizes, "distinct input sizes")
	}
	if n := w.Devices * w.Devices; w.SpanDevices && n > MaxDeviceThreads {
		// One graph over every device: each device's entry quotes PyTorch's skip line,
		// which lists every device, so the plan grows as devices² (sweep5 finding 14:
		// 4096 devices gave 550 MB of JSON).
		le := &inputerr.LimitError{Limit: "graphs.MaxDeviceThreads", Max: MaxDeviceThreads, Got: int64(n),
			What: fmt.Sprintf("devices × devices under span_devices (%d × %d: each device's entry lists every device of the graph)", w.Devices, w.Devices)}
		return &WorkloadError{Field: "devices", Value: fmt.Sprint(w.Devices), Msg: le.Error(), Err: le}
	}
	if n := w.Devices * w.Callers; w.Threads == PerThread && n > MaxDeviceThreads {
		return limitErr("callers", w.Callers, "graphs.MaxDeviceThreads", MaxDeviceThreads, fmt.Sprintf("devices × callers (%d × %d)", w.Devices, w.Callers))
	}
	if w.DistinctSizes > 0 && !w.DynamicShapes {
		return &WorkloadError{Field: "distinct_sizes", Value: fmt.Sprint(w.DistinctSizes), Msg: "applies only with dynamic_shapes"}
	}
	if w.MarkedDynamic && !w.DynamicShapes {
		return &WorkloadError{Field: "marked_dynamic", Value: "true", Msg: "applies only with dynamic_shapes"}
	}
	return nil
}

// limitErr is the *WorkloadError of a field past a limit.
func limitErr(field string, v int, limit string, max int, what string) *WorkloadError {
	got := int64(v)
	if field == "callers" {
		got = int64(max) + 1 // the product is what passed the limit; its value is in What
	}
	le := &inputerr.LimitError{Limit: limit, Max: int64(max), Got: got, What: what}
	return &WorkloadError{Field: field, Value: fmt.Sprint(v), Msg: le.Error(), Err: le}
}

// MaxScenarioBytes bounds a scenario file, in bytes.
const MaxScenarioBytes = 1 << 20

// Scenario is one question: a torch.compile call, what surrounds it (globals, the
// environment) and the workload it runs in. It is also the JSON scenario file
// (-scenario FILE). Every field is optional; the zero Scenario is torch.compile(model)
// on the default release (modes.DefaultRelease(), 2.11: the one measured) in a clean environment. [Check] answers it. Env is the whole
// environment the process would have: nothing is read from the process.
type Scenario struct {
	Torch string `json:"torch,omitempty"`
	// Python is the Python that runs PyTorch, "3.13" ("" means the release's
	// default: config.Facts.Python); "3.13t" or "3.13.2t" a free-threaded build
	// (pyver.ParseBuild). See config.Request.Python and FreeThreaded.
	Python string  `json:"python,omitempty"`
	Mode   *string `json:"mode,omitempty"`
	// Options is torch.compile's options= dict as Python source, as -options takes it:
	// "{'triton.cudagraphs': False}" ("" means not given: None). A scenario file may
	// give it as that string or as a JSON object, which is read as json.loads reads it,
	// except that a repeated key and a lone surrogate escape ("\ud800") are errors
	// (see the package doc, "Scenario files").
	Options string            `json:"options,omitempty"`
	Set     []string          `json:"set,omitempty"` // KEY=VALUE global assignments, in order
	Env     map[string]string `json:"env,omitempty"`
	Backend string            `json:"backend,omitempty"`
	// BackendGiven says Backend was given as written, even "" (backend="", which
	// torch.compile refuses with InvalidBackend in every release); without it ""
	// means "inductor". A scenario file sets it when it has a "backend" field.
	BackendGiven bool `json:"-"`
	// WorkloadGiven names the Workload fields given explicitly (their JSON names,
	// "outputs_kept"), as a command line knows them: merged over a script's own
	// scenario (script.Merge), such a boolean field replaces the script's value, false
	// included; a boolean field not named can only add what the script does not show.
	WorkloadGiven []string `json:"-"`
	// BackendCallable is a callable backend, by its name (a def's name, "<lambda>", a
	// functools.partial(…)); "" for none. torch.compile does not look it up: it wraps
	// it and hands it each graph, so the plan has no Inductor keys and no Inductor CUDA
	// graphs (config.Request.BackendCallable). It wins over Backend.
	BackendCallable string `json:"backend_callable,omitempty"`
	Dynamic         *bool  `json:"dynamic,omitempty"`
	// Fullgraph is torch.compile's fullgraph argument (nil: not given, False). It changes
	// no Inductor key and no CUDA-graph outcome; with it, a graph break raises instead of
	// splitting the function, so it cannot go with workload.graph_breaks (torch/__init__.py
	// compile docstring: "If True, then we require that the entire function be capturable
	// into a single graph … this will raise an error").
	Fullgraph *bool `json:"fullgraph,omitempty"`
	// Disable is torch.compile's disable argument as Python source, as written
	// ("True", "1"; "" means not given, False). A truthy value makes torch.compile
	// return the function itself, in every release (config.Request.Kwargs; torch/_dynamo/
	// eval_frame.py _optimize @ 2.6.0 and 2.14.1): nothing is compiled, and the report
	// says compile-disabled by "disable=True".
	Disable string `json:"disable,omitempty"`
	// Kwargs are torch.compile's other keyword arguments, each NAME=VALUE with VALUE as
	// Python source, in order (config.Request.Kwargs): one the release's torch.compile
	// does not take raises TypeError "compile() got an unexpected keyword argument
	// 'NAME'" at the call; a name no release takes raises on every release.
	Kwargs   []string `json:"kwargs,omitempty"`
	Workload Workload `json:"workload"`
	// Host is the machine the host-dependent defaults are computed for
	// (compile_threads from its CPUs, the cutlass_dir install paths from its torch
	// directory; values so computed have evidence host). The zero Host is the fixed
	// default of schema.Host (32 CPUs, the schema's own paths): nothing is read from
	// the machine Check runs on. The command fills CPUs and Dir from its machine unless
	// -no-env. JSON: "host": {"cpus": 8, "dir": "/work", "torch_dir": "/venv/lib/python3.12/site-packages/torch"},
	// omitted when zero: Scenario's MarshalJSON and LoadScenario read and write it
	// (the tag "-" only keeps encoding/json's field-by-field form out of the way).
	Host schema.Host `json:"-"`
	// Schema, when not nil, is resolved against instead of the release's built-in
	// schema (a schema the user's own PyTorch wrote, read with schema.Load).
	// Scenario files cannot set it.
	Schema *schema.Schema `json:"-"`
}

// ParsedOptions returns the scenario's options parsed as torch.compile receives
// them. It returns a *ScenarioError wrapping the literal's error (for a nil
// *Scenario or one without options, the *literal.Error of an empty literal).
func (s *Scenario) ParsedOptions() (literal.Value, error) {
	if s == nil {
		s = &Scenario{}
	}
	v, err := config.ParseOptions(s.Options)
	if err != nil {
		return literal.Value{}, &ScenarioError{Path: "options", Err: err}
	}
	return v, nil
}

// ScenarioError reports a scenario that cannot be used, whether read from a file
// ([LoadScenario]) or built in code and given to [Check] (a nil *Scenario among
// them): Path names the field ("torch", "set[0]", "workload"; "" for the scenario
// itself) and Err is the cause, for errors.Is and errors.As.
type ScenarioError struct {
	Path string
	Err  error
}

func (e *ScenarioError) Error() string {
	if e == nil {
		return "graphs: <nil *ScenarioError>"
	}
	if e.Path == "" {
		return fmt.Sprintf("graphs: scenario: %s", innerText(e.Err))
	}
	return fmt.Sprintf("graphs: scenario %s: %s", e.Path, innerText(e.Err))
}

// CallErrorWords words an error of [Check] for a call read from a text (a log's call,
// a script's torch.compile site) rather than from a scenario file, whose fields the
// reader never wrote: the innermost error's message, without "scenario FIELD:" or a
// Go package's prefix, after the call's own term for the field where the message does
// not name it ("the call's options: bad literal …", "the environment: …"). Fix brief 29,
// finding 3: "could not be planned: scenario resolve: free-threaded Python …".
func CallErrorWords(err error) string {
	if err == nil {
		return ""
	}
	field, msg := "", err.Error()
	for {
		var se *ScenarioError
		if !errors.As(err, &se) || se.Err == nil {
			break
		}
		field, err, msg = se.Path, se.Err, se.Err.Error()
	}
	msg = inputerr.UserWords(msg)
	if term := callTerm(field); term != "" {
		return term + ": " + msg
	}
	return msg
}

// callTerm is the call's term for a scenario field whose errors do not name it ("" for
// one whose errors do: python, torch, set[N], workload).
func callTerm(field string) string {
	switch field {
	case "options", "mode", "backend":
		return "the call's " + field
	case "env":
		return "the environment"
	}
	return ""
}

// innerText is err's text without the package prefix its own Error adds ("graphs: ",
// "config: "), so that a wrapping error's text names one package, once (sweep finding
// 18: "graphs: scenario workload: graphs: workload devices=-3: …").
func innerText(err error) string {
	if err == nil {
		return "<nil>"
	}
	msg := err.Error()
	for _, p := range []string{"graphs: ", "config: ", "literal: ", "modes: ", "schema: ", "inputerr: ", "pyver: "} {
		if rest, ok := strings.CutPrefix(msg, p); ok {
			return rest
		}
	}
	return msg
}
func (e *ScenarioError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// LoadScenario reads a scenario file. Unknown fields are errors (a misspelled field
// must not be ignored), as are trailing data, files over MaxScenarioBytes and scenarios
// that [Check] would refuse for their fields (the same validation: a bad environment
// name, a NUL, a workload that does not normalize). It reads at most
// MaxScenarioBytes+1 bytes of r, in time linear in their number. It returns a
// *ScenarioError, wrapping a *inputerr.PositionError (line and column) for a file that
// is not strict JSON, a *inputerr.LimitError for one past a limit, a
// *inputerr.ZeroError for a nil or typed-nil r and a *inputerr.StreamError for a
// reader that panics, returns a bad count or makes no progress (bounded retries,
// inputerr.MaxEmptyReads): it never hangs or panics.
func LoadScenario(name string, r io.Reader) (*Scenario, error) {
	data, err := inputerr.ReadAll("LoadScenario", r, MaxScenarioBytes)
	if err != nil {
		return nil, &ScenarioError{Path: name, Err: err}
	}
	if len(data) > MaxScenarioBytes {
		return nil, &ScenarioError{Path: name, Err: &inputerr.LimitError{Limit: "graphs.MaxScenarioBytes", Max: MaxScenarioBytes, Got: int64(len(data)), What: "the scenario's length in bytes"}}
	}
	if err := strictjson.Check(data); err != nil {
		return nil, &ScenarioError{Path: name, Err: err}
	}
	var s Scenario
	if err := s.decode(data, 0, data); err != nil {
		return nil, &ScenarioError{Path: name, Err: err}
	}
	if err := s.validate(); err != nil {
		return nil, &ScenarioError{Path: name, Err: err}
	}
	return &s, nil
}
