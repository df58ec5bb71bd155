package config

import (
	"fmt"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
)

// Source says which layer set a resolved value.
type Source uint8

// The layers, lowest first. Their text forms (with [Origin.Detail]) are the JSON
// contract of examples/compilemode: "default", "env:NAME", "global", "mode:NAME",
// "options", "patch" (FromPatch sits between FromGlobal and FromMode in precedence;
// its value is last so the others keep theirs).
const (
	FromDefault Source = iota
	FromEnv
	FromGlobal
	FromMode
	FromOptions
	FromPatch // a config.patch(...) around torch.compile
)

// Origin is where a resolved value came from.
type Origin struct {
	_ [0]func() // incomparable: no equality code (examples/web: Transfer size)
	// Source is the layer that set the value.
	Source Source
	// Detail is the environment variable (FromEnv) or the mode name (FromMode).
	Detail string
	// Changed reports whether the value differs from the clean-environment default
	// (its Python repr differs). It is kept apart from "was set": a variable that
	// supplies the default's own value is FromEnv and not Changed.
	Changed bool
	// Evidence says how the value is known: the schema's evidence, host for defaults
	// computed for this machine.
	Evidence modes.Evidence
}

// String returns the JSON form: default, env:NAME, global, mode:NAME or options.
func (o Origin) String() string {
	switch o.Source {
	case FromEnv:
		return "env:" + o.Detail
	case FromGlobal:
		return "global"
	case FromMode:
		return "mode:" + o.Detail
	case FromOptions:
		return "options"
	case FromPatch:
		return "patch"
	}
	return "default"
}

// Assignment is one global assignment, torch._inductor.config.KEY = VALUE.
type Assignment struct {
	_     [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Key   schema.Key
	Value literal.Value
}

// String returns the Python statement.
func (a Assignment) String() string {
	return fmt.Sprintf("torch._inductor.config.%s = %s", a.Key, a.Value)
}

// Request is one torch.compile call and what surrounds it. The zero Request is a
// plain torch.compile(model) on the latest release in a clean environment.
type Request struct {
	// Mode is torch.compile's mode argument; nil means None (not given).
	Mode *string
	// ModeValue is a mode argument that is not a string (mode=0, mode=True,
	// mode=b'default'), used when Mode is nil; a string Value is the same as Mode and
	// a None Value as not given. torch.compile's "is not None" check sees it as given.
	// From 2.7 a falsy mode (0, False) is the default, as "" is (list_mode_options
	// tests truthiness; measured on 2.14.1); before, and for a truthy one in every
	// release, it raises "Unrecognized mode=<str(mode)>" (measured on 2.6.0 and 2.14.1).
	ModeValue *literal.Value
	// Options is torch.compile's options argument; nil means None. It is normally a
	// dict (see [literal.Parse]); anything else fails as torch.compile fails.
	Options *literal.Value
	// Globals are the assignments made before compiling, applied in order.
	Globals []Assignment
	// Patches are the config.patch(...) calls entered around torch.compile, outermost
	// first: after the globals, before torch.compile's own patch.
	Patches []Patch
	// Env is the process environment when torch._inductor.config is imported.
	Env Environ
	// Host is the machine host-dependent defaults are computed for; the zero Host is
	// the fixed default (schema.Host), never the machine the library runs on.
	Host schema.Host
	// Backend is torch.compile's backend; "" means "inductor" unless BackendGiven is
	// set. For any other backend torch.compile does not validate mode or options: it
	// passes them on.
	Backend string
	// BackendGiven says Backend was passed as written, even when it is "": with it,
	// Backend "" is backend="", which torch.compile refuses with InvalidBackend in
	// every release (measured on 2.6.0, 2.11, 2.14.1). The zero Request (false) keeps
	// "" meaning the default, "inductor".
	BackendGiven bool
	// BackendNone is backend=None, passed as written (Backend is then ignored). Up to
	// 2.13 torch.compile wraps it as a non-Inductor backend without validating it
	// (measured on 2.6.0: _TorchCompileWrapper(None), which fails only at the first
	// call); from 2.14 None is get_default_backend(), Inductor (measured on 2.14.1).
	BackendNone bool
	// Dynamic is torch.compile's dynamic argument (nil: None). It does not change the
	// mode table in any supported release (list_mode_options ignores it).
	Dynamic *bool
	// BackendCallable is a callable backend, by its __name__ (a function such as
	// my_backend, "<lambda>"); "" for none. torch.compile does not look it up: it
	// wraps it (_TorchCompileWrapper) and passes mode and options to it as keyword
	// arguments, and it fails, if it does, at the first call. It wins over Backend.
	BackendCallable string
	// BackendValue is a backend written as any other Python value (backend=1,
	// backend=b'inductor'), used when Backend, BackendNone and BackendCallable are
	// not set: a str Value is the same as Backend, None as BackendNone, anything else
	// is passed through unchecked, as a callable is (measured on 2.6.0 and 2.14.1).
	BackendValue *literal.Value
	// Kwargs are torch.compile's other keyword arguments, as written: fullgraph,
	// disable, name, recompile_limit, isolate_recompiles, dynamic_shapes, and dynamic
	// when it is not a bool (a bool dynamic is Dynamic). A name the release's
	// torch.compile does not take raises TypeError ([Facts.CompileKwargs]).
	Kwargs []Kwarg
	// Decorator is the decorator form, torch.compile(**kwargs) applied to the function
	// later: the call only binds the arguments and checks the Python; every other
	// error is raised when the decorator is applied (Result.Stage "decorate";
	// torch/__init__.py compile @ 2.6.0, 2.14.1: "if model is None: def fn(model): …
	// return fn"; measured on both, calls2.json "decorator …").
	Decorator bool
	// FirstCall says the compiled function is called once. With Graph false (the
	// function's capture makes no graph, def f(x): return x, as the probes call it;
	// measured on 2.6.0 and 2.14.1) the first call raises nothing torch.compile did
	// not. With Graph, Dynamo also builds the graph's guards, which calls a truthy
	// guard_filter_fn option ([Facts.FirstCallCallsGuardFilter]): one that is not
	// callable raises InternalTorchDynamoError at the stage "first-call". The
	// backend's own compile of the graph is not modelled.
	FirstCall bool
	// Graph says the compiled function's capture makes a graph (def f(x): return x + 1).
	Graph bool
	// Fullgraph is torch.compile's fullgraph=True. With compilation turned off through
	// torch._dynamo.config.disable, 2.12 and later raise at the first call
	// ([Result.Fullgraph]).
	Fullgraph bool
	// DynamoDisable says a global assignment set torch._dynamo.config.disable to a
	// truthy value before the first call: Dynamo then compiles no frame, as with
	// TORCH_COMPILE_DISABLE (measured on 2.6.0 and 2.14.1:
	// testdata/torch/compile_disable.txt).
	DynamoDisable bool
	// ThreadsInheritContext says the threads that call the compiled function run in a
	// copy of the calling thread's contextvars context (asyncio.to_thread, anyio's
	// worker threads: contextvars.copy_context().run), so on the releases that keep
	// global assignments per thread ([Facts.GlobalsPerThread], a ContextVar from 2.12)
	// they see the main thread's: [Result.Threaded] is then the result itself.
	ThreadsInheritContext bool
	// Stance is the torch.compiler.set_stance stance in force at the compiled
	// function's first call ("" or "default": none); see [StanceOf]. A stance that
	// compiles nothing turns compilation off, one that raises makes the first call
	// raise (stage "first-call"), and on a release without set_stance (2.0–2.5) the
	// set_stance call raises AttributeError (stage "stance").
	Stance string
	// Python is the Python that runs PyTorch; the zero Version means the release's
	// default ([Facts.Python]: the one it was measured on, else the newest its
	// torch.compile runs on). It decides Python's own parts of the
	// answer: how int(), float() and str.upper() read the variables (Unicode digits
	// and case mappings by its Unicode version), the texts of Python's exceptions
	// (3.13's AttributeError wording), and whether torch.compile runs on it at all
	// ([Facts.CompileMaxPython]). Resolve returns a *pyver.Error for a Python without
	// data (pyver.Supported).
	Python pyver.Version
	// FreeThreaded says Python is a free-threaded build (python3.13t, Py_GIL_DISABLED):
	// torch.compile's own check of such a build is applied after its Python version
	// check (gilChecks), and Resolve returns a *FreeThreadedError where what the
	// release does with the build is not known.
	FreeThreaded bool
	// PythonPatch is the free-threaded Python's patch release when known (3.13.3t: 3),
	// which decides the check from 2.8 (before 3.13.3 it raises); nil: not given. It is
	// 0 to 99, as pyver.ParseBuild reads one: Resolve returns a *pyver.Error for another.
	PythonPatch *int
}

// Kwarg is one keyword argument of torch.compile.
type Kwarg struct {
	_     [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Name  string
	Value literal.Value
}

// Resolved is one key's effective value.
type Resolved struct {
	_      [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Key    schema.Key
	Value  literal.Value
	Origin Origin
}

// Implementation is the CUDA-graph implementation Inductor picks.
type Implementation string

// The implementations. Source: torch/_inductor/compile_fx.py cudagraphify picks
// cudagraph_trees.cudagraphify_impl when triton.cudagraph_trees is on, the legacy
// compile_fx.cudagraphify_impl otherwise (2.2.2, 2.6.0, 2.14.0 read; 2.11 measured).
const (
	NoCUDAGraphs   Implementation = "none"
	CUDAGraphTrees Implementation = "cudagraph_trees"
	Legacy         Implementation = "legacy"
)

// Verdict is whether CUDA graphs are on after resolution, before any per-device
// reason to skip them (package graphs plans those).
type Verdict struct {
	Enabled        bool           `json:"enabled"`
	Implementation Implementation `json:"implementation"`
}

// Warning is a hazard or a surprise found while resolving. Code is stable. Its JSON
// form is the "warnings" entry of the report (graphs.Report).
type Warning struct {
	_              [0]func()      // incomparable: no equality code (examples/web: Transfer size)
	Code           Code           `json:"code"`
	Key            schema.Key     `json:"key,omitempty"`            // the key it concerns, if any
	Message        string         `json:"message"`                  // what happens, in plain words
	Recommendation string         `json:"recommendation,omitempty"` // what to do instead, if anything
	Evidence       modes.Evidence `json:"evidence"`
	// AdvisesNoCUDAGraphs reports that Recommendation advises running without CUDA
	// graphs by the mode: max-autotune-no-cudagraphs, the default mode or none, none of
	// which sets triton.cudagraphs, so a True that the environment
	// (TORCHINDUCTOR_CUDAGRAPHS=1), a global assignment or a config.patch gives before
	// the compile keeps them on (list_mode_options in torch/_inductor/__init__.py at
	// 2.2.2, 2.6.0, 2.7.1, 2.14.0, read). It is set where the recommendation is written,
	// never read from its words; package graphs makes such advice name what turns them
	// on and say to undo it. Not part of the JSON form.
	AdvisesNoCUDAGraphs bool `json:"-"`
}

// Result is the effective config of one torch.compile call. It is immutable.
type Result struct {
	// Torch is the release resolved for; SchemaTorch the release string of the schema
	// used (a release without its own schema borrows the nearest one read).
	Torch       modes.Version
	SchemaTorch string
	// Backend is the backend ("inductor" unless set).
	Backend string
	// Mode is the mode whose patch applied ("" when options or a non-inductor backend).
	Mode modes.Mode
	// CompileDisabled reports that torch.compile compiles nothing: DisabledBy says
	// which switch turned it off.
	CompileDisabled bool
	// DisabledBy is the switch that turned torch.compile off, as the user wrote it
	// (TORCH_COMPILE_DISABLE="0", torch._dynamo.config.disable = True,
	// TORCHDYNAMO_DISABLE=1, disable=True); "" when compilation is on. The first two
	// set torch._dynamo.config.disable, which Dynamo reads at each frame; the last two
	// make torch.compile return the function itself (Unwrapped).
	DisabledBy string
	// Fullgraph is the request's fullgraph=True ([Request.Fullgraph]).
	Fullgraph bool
	// Unwrapped reports that torch.compile returns the function itself, unwrapped:
	// disable=True (any truthy value) or TORCHDYNAMO_DISABLE=1.
	Unwrapped bool
	// RequestedMode is the mode argument as given (nil: None).
	RequestedMode *string
	// Stage says where Err is raised: "parse" (Python reading the call's text),
	// "import" (importing torch._inductor.config with a malformed variable), "global"
	// (a global assignment), "patch" (config.patch), "compile" (torch.compile),
	// "decorate" (applying torch.compile(...) used as a decorator), "first-call" (the
	// compiled function's first call).
	Stage string
	// Python is the Python resolved for (Request.Python, or the release's).
	Python pyver.Version
	// FreeThreaded reports a free-threaded build of Python (Request.FreeThreaded).
	FreeThreaded bool
	// CompileOptions are the options torch.compile took out of the options dict itself
	// (guard_filter_fn from 2.8): they are not Inductor config keys.
	CompileOptions []string
	// BackendKwargs are the keyword arguments torch.compile passes to a non-inductor
	// backend: "mode" when mode is truthy and not "default", "options" when options is
	// truthy (_TorchCompileWrapper).
	BackendKwargs []string
	// base is the clean defaults (shared with the Resolver, never written); over holds
	// the keys any layer set, sorted by index. Nil base: importing the config failed.
	base *baseline
	over []overEntry
	// CUDAGraphs is the verdict from triton.cudagraphs and triton.cudagraph_trees.
	CUDAGraphs Verdict
	// CUDAGraphsBeforeCompile is where triton.cudagraphs was turned on before
	// torch.compile's mode and options apply (an environment variable, a global
	// assignment, a config.patch), which every mode then keeps unless it sets the key
	// itself; Source FromDefault where none turned it on.
	CUDAGraphsBeforeCompile Origin
	// Warnings are every hazard found, in the order found.
	Warnings []Warning
	// Err is the error torch.compile would raise (a PythonError), also returned by Resolve.
	Err error
	// ErrEvidence says how Err's text is known.
	ErrEvidence modes.Evidence
	// Facts are the release's behaviours resolution used.
	Facts Facts
	// Dynamic is torch.compile's dynamic argument as requested (nil: None).
	Dynamic *bool
	// Threaded is the config as a new threading.Thread sees it. From 2.12 global
	// assignments are per-thread ContextVars, so a worker thread sees the defaults and
	// the per-compile patch but not the globals; before 2.12 it is the result itself.
	// Nil when resolution failed.
	Threaded *Result

	keys *schema.Schema // the resolver's schema: key positions
	// backendNone: the backend is None, wrapped without a registry check.
	backendNone bool
	// backendUnchecked: the backend is not a string (a callable, None, any value):
	// lookup_backend passes it through without a registry check.
	backendUnchecked bool
	// backendStrErr: str() of the backend value raises (an int past Python's
	// 4,300-digit limit), which _TorchCompileWrapper calls for its name.
	backendStrErr error
	keyNames      []schema.Key
	py            *pyver.Python     // the Python resolved for
	gilMsg        string            // torch.compile's RuntimeError for the free-threaded Python, after its version check ("": none; gilChecks)
	decorator     bool              // Request.Decorator
	guardFilter   *literal.Value    // the guard_filter_fn option torch.compile took, if any
	unwrappedBy   string            // what made torch.compile return the function itself (Unwrapped)
	env           map[string]string // the environment at import
}

// Getenv returns the value of the environment variable name as the request's
// environment holds it ("" when unset): variables outside the Inductor config, such as
// PYTORCH_CUDA_ALLOC_CONF, are read by the planner through it.
func (r *Result) Getenv(name string) string {
	if r == nil {
		return ""
	}
	return r.env[name]
}

// baseline is every key's clean default and its origin, in key order.
type baseline struct {
	vals    []literal.Value
	origins []Origin
}

// overEntry is one key a layer set.
type overEntry struct {
	_      [0]func() // incomparable: no equality code (examples/web: Transfer size)
	idx    int
	val    literal.Value
	origin Origin
}

// at returns key i's value and origin.
func (r *Result) at(i int) (literal.Value, Origin) {
	if j, ok := r.find(i); ok {
		return r.over[j].val, r.over[j].origin
	}
	return r.base.vals[i], r.base.origins[i]
}

func (r *Result) find(i int) (int, bool) {
	lo, hi := 0, len(r.over)
	for lo < hi {
		m := (lo + hi) / 2
		if r.over[m].idx < i {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(r.over) && r.over[lo].idx == i
}

// set records key i's value and origin.
func (r *Result) set(i int, v literal.Value, o Origin) {
	j, ok := r.find(i)
	if ok {
		r.over[j].val, r.over[j].origin = v, o
		return
	}
	r.over = append(r.over, overEntry{})
	copy(r.over[j+1:], r.over[j:])
	r.over[j] = overEntry{idx: i, val: v, origin: o}
}

// Keys returns every key in get_config_copy() order; nil when importing the config
// failed. Each call returns a new slice.
func (r *Result) Keys() []Resolved {
	if r == nil {
		return nil
	}
	if r.base == nil {
		return nil
	}
	out := make([]Resolved, len(r.base.vals))
	for i := range out {
		out[i] = Resolved{Key: r.keyNames[i], Value: r.base.vals[i], Origin: r.base.origins[i]}
	}
	for _, e := range r.over {
		out[e.idx].Value, out[e.idx].Origin = e.val, e.origin
	}
	return out
}

// Len returns the number of resolved keys (0 when importing the config failed).
func (r *Result) Len() int {
	if r == nil {
		return 0
	}
	if r.base == nil {
		return 0
	}
	return len(r.base.vals)
}

// Get returns the resolved key and whether the release has it.
func (r *Result) Get(k schema.Key) (Resolved, bool) {
	if r == nil {
		return Resolved{}, false
	}
	i, ok := r.keys.Index(k)
	if !ok || i >= r.Len() {
		return Resolved{}, false
	}
	v, o := r.at(i)
	return Resolved{Key: k, Value: v, Origin: o}, true
}

func (r *Result) truthy(k schema.Key) bool {
	if r == nil {
		return false
	}
	v, ok := r.Get(k)
	return ok && v.Value.Truthy()
}

// CUDAGraphs reports whether triton.cudagraphs is on (Python truthiness, as
// compile_fx tests it).
func (r *Result) CUDAGraphsOn() bool { return r.truthy("triton.cudagraphs") }

// CUDAGraphTrees reports whether triton.cudagraph_trees is on.
func (r *Result) CUDAGraphTrees() bool { return r.truthy("triton.cudagraph_trees") }

// GraphPartition reports whether graph_partition is on (false where the release lacks it).
func (r *Result) GraphPartition() bool { return r.truthy("graph_partition") }

// SizeAsserts reports whether size_asserts is on: it arms the legacy implementation's
// data_ptr assertion.
func (r *Result) SizeAsserts() bool { return r.truthy("size_asserts") }

// MaxAutotune reports whether max_autotune is on.
func (r *Result) MaxAutotune() bool { return r.truthy("max_autotune") }

// SkipDynamicGraphs reports whether triton.cudagraph_skip_dynamic_graphs is on.
func (r *Result) SkipDynamicGraphs() bool { return r.truthy("triton.cudagraph_skip_dynamic_graphs") }

// SupportInputMutation reports whether triton.cudagraph_support_input_mutation is on:
// the key's value, or, where the schema the release uses lacks the key, the release's
// default ([Facts.InputMutationSupportDefault]: 2.3 to 2.5 borrow 2.2's schema, which
// has no such key, while 2.5's default is True).
func (r *Result) SupportInputMutation() bool {
	if r == nil {
		return false
	}
	if v, ok := r.Get("triton.cudagraph_support_input_mutation"); ok {
		return v.Value.Truthy()
	}
	return FactsFor(r.Torch).InputMutationSupportDefault
}

// CUDAGraphOrError reports whether triton.cudagraph_or_error is on.
func (r *Result) CUDAGraphOrError() bool { return r.truthy("triton.cudagraph_or_error") }

// RerecordLimit returns triton.cudagraph_unexpected_rerecord_limit and whether the
// release has it as an int.
func (r *Result) RerecordLimit() (int64, bool) {
	if r == nil {
		return 0, false
	}
	v, ok := r.Get("triton.cudagraph_unexpected_rerecord_limit")
	if !ok {
		return 0, false
	}
	return v.Value.AsInt()
}

// Changed returns the keys whose value differs from the clean default, in order.
func (r *Result) Changed() []Resolved {
	if r == nil {
		return nil
	}
	var out []Resolved
	for _, e := range r.over {
		if e.origin.Changed {
			out = append(out, Resolved{Key: r.keyNames[e.idx], Value: e.val, Origin: e.origin})
		}
	}
	return out
}

// Repr returns the Python repr of v as the resolved Python prints it: which
// characters of a str are escaped follows its Unicode version (Value.String uses Go's
// Unicode 15.0.0, Python 3.12's).
func (r *Result) Repr(v literal.Value) string {
	if r == nil || r.py == nil {
		return v.String()
	}
	return v.ReprWith(r.py.IsPrintable)
}
