// Package config resolves torch.compile's mode and options, torch._inductor.config
// globals and TORCHINDUCTOR_* variables into the effective Inductor config, exactly as
// a given PyTorch release does, with the source of every value. It also predicts the
// error torch.compile raises, with PyTorch's exception type and exact message.
//
// # Precedence
//
// For each key, the effective value is the first of these that applies (PyTorch's
// own order, torch/utils/_config_module.py: "alias → env_name_force → user_override
// → env_name_default → justknob → default"; the per-compile patch is a user override
// that compile_fx applies with config.patch around the compile):
//
//  1. env_name_force: a Config(env_name_force=V) key whose variable is set, e.g.
//     triton.cudagraph_or_error ← TORCHINDUCTOR_CUDAGRAPH_OR_ERROR. It beats
//     everything below, the per-compile patch included. Source "env:V".
//  2. the per-compile patch: the mode's table entry (source "mode:NAME") or the
//     options dict (source "options"). torch.compile accepts one or the other, never
//     both, and the patch beats globals and the environment's defaults.
//  3. global assignments, torch._inductor.config.KEY = VALUE before compiling, in
//     order, the last one winning (source "global"). From 2.12 they are per thread.
//  4. the default, which for keys with an environment rule is computed from the
//     environment when torch._inductor.config is imported (source "env:V" when a
//     variable supplied it, even if equal to the clean default; "default" otherwise),
//     e.g. triton.cudagraphs is True only when TORCHINDUCTOR_CUDAGRAPHS is exactly "1".
//
// # Validation
//
// Resolution stops at the first error, in PyTorch's order: the import-time error of a
// malformed variable ([EnvError]: ValueError, AssertionError), then global
// assignments ([GlobalError]: AttributeError), then torch.compile's checks: mode and
// options both given ([ErrModeAndOptions]), an unknown mode (*modes.UnknownModeError),
// options that are not a dict ([OptionsShapeError]), an unknown option
// ([UnknownOptionError]) and an option of the wrong type ([OptionTypeError]). Warnings
// are collected, all of them.
package config

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/compilemode/compilemode/modes"
)

// Source says which layer set a resolved value.
type Source uint8

// The layers, lowest first. Their text forms (with [Origin.Detail]) are the JSON
// contract of examples/compilemode: "default", "env:NAME", "global", "mode:NAME", "options".
const (
	FromDefault Source = iota
	FromEnv
	FromGlobal
	FromMode
	FromOptions
)

// Origin is where a resolved value came from.
type Origin struct {
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
	}
	return "default"
}

// Assignment is one global assignment, torch._inductor.config.KEY = VALUE.
type Assignment struct {
	Key   Key
	Value Value
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
	// Options is torch.compile's options argument; nil means None. It is normally a
	// dict (see [ParseLiteral]); anything else fails as torch.compile fails.
	Options *Value
	// Globals are the assignments made before compiling, applied in order.
	Globals []Assignment
	// Env is the process environment when torch._inductor.config is imported.
	Env Environ
	// Host is the machine host-dependent defaults are computed for.
	Host Host
	// Backend is torch.compile's backend; "" means "inductor". For any other backend
	// torch.compile does not validate mode or options: it passes them on.
	Backend string
	// Dynamic is torch.compile's dynamic argument (nil: None). It does not change the
	// mode table in any supported release (list_mode_options ignores it).
	Dynamic *bool
}

// Resolved is one key's effective value.
type Resolved struct {
	Key    Key
	Value  Value
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
	Code           string         `json:"code"`
	Key            Key            `json:"key,omitempty"`            // the key it concerns, if any
	Message        string         `json:"message"`                  // what happens, in plain words
	Recommendation string         `json:"recommendation,omitempty"` // what to do instead, if anything
	Evidence       modes.Evidence `json:"evidence"`
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
	// CompileDisabled reports TORCH_COMPILE_DISABLE=1: torch.compile does nothing.
	CompileDisabled bool
	// RequestedMode is the mode argument as given (nil: None).
	RequestedMode *string
	// Stage says where Err is raised: "import" (importing torch._inductor.config with a
	// malformed variable), "global" (a global assignment) or "compile" (torch.compile).
	Stage string
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

	index    map[Key]int
	keyNames []Key
	env      map[string]string // the environment at import
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
	vals    []Value
	origins []Origin
}

// overEntry is one key a layer set.
type overEntry struct {
	idx    int
	val    Value
	origin Origin
}

// at returns key i's value and origin.
func (r *Result) at(i int) (Value, Origin) {
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
func (r *Result) set(i int, v Value, o Origin) {
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
func (r *Result) Get(k Key) (Resolved, bool) {
	if r == nil {
		return Resolved{}, false
	}
	i, ok := r.index[k]
	if !ok || i >= r.Len() {
		return Resolved{}, false
	}
	v, o := r.at(i)
	return Resolved{Key: k, Value: v, Origin: o}, true
}

func (r *Result) truthy(k Key) bool {
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

// SkipDynamicGraphs reports whether triton.cudagraph_skip_dynamic_graphs is on.
func (r *Result) SkipDynamicGraphs() bool { return r.truthy("triton.cudagraph_skip_dynamic_graphs") }

// SupportInputMutation reports whether triton.cudagraph_support_input_mutation is on.
func (r *Result) SupportInputMutation() bool {
	return r.truthy("triton.cudagraph_support_input_mutation")
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

// Resolver resolves requests against one release. It is immutable and safe for
// concurrent use; building one parses the release's schema, so keep it.
type Resolver struct {
	schema   *Schema
	schemaEv modes.Evidence
	table    *modes.Table
	facts    Facts
	known    []Key
	clean    *baseline // defaults in an empty environment on the zero Host
	patches  map[modes.Mode][]patchEntry
	patchErr map[modes.Mode]error // mode table entries that do not fit the schema
	envIdx   []int                // indexes of keys with an environment rule, in key order
	byVar    map[string][]int     // variable name -> indexes of the keys whose rule reads it
	next     *Schema              // for a release that borrows an older schema: the next one read
}

// NewResolver returns a resolver for release v with the built-in schema and mode
// table. It returns a *modes.VersionError for an unsupported release.
func NewResolver(v modes.Version) (*Resolver, error) {
	s, ev, err := BuiltinSchema(v)
	if err != nil {
		return nil, err
	}
	t, err := modes.For(v)
	if err != nil {
		return nil, err
	}
	r := newResolver(v, s, ev, t)
	if next := nextSchemaFor(v); next != "" && s.Version.Less(v) {
		data, err := builtinSchemas.ReadFile("schemas/" + next)
		if err == nil {
			r.next, _ = parseSchema(next, data)
		}
	}
	return r, nil
}

// NewResolverFromSchema returns a resolver for a schema read with [LoadSchema],
// typically written by config/dump_schema.py from the user's own PyTorch: its keys,
// defaults and mode table are used, with the schema's evidence. It returns a
// *ZeroError for a nil *Schema or one not read with LoadSchema. Behaviours not in the
// file (validation rules, thread semantics) are those of the schema's release.
func NewResolverFromSchema(s *Schema) (*Resolver, error) {
	if s == nil || s.index == nil {
		return nil, &ZeroError{Func: "NewResolverFromSchema", Arg: "the *Schema (read one with LoadSchema)"}
	}
	t, err := modes.For(s.Version)
	if err != nil {
		return nil, err
	}
	ft := *t
	ft.Entries = s.Modes
	ft.Evidence = s.Evidence
	ft.SourceNote = s.MadeBy
	return newResolver(s.Version, s, s.Evidence, &ft), nil
}

func newResolver(v modes.Version, s *Schema, ev modes.Evidence, t *modes.Table) *Resolver {
	known := make([]Key, len(s.keys))
	for i, k := range s.keys {
		known[i] = k.Key
	}
	r := &Resolver{schema: s, schemaEv: ev, table: t, facts: FactsFor(v), known: known}
	r.byVar = map[string][]int{}
	for i, k := range s.keys {
		if k.Env != nil {
			r.envIdx = append(r.envIdx, i)
			for _, vs := range [][]string{k.Env.Vars, k.Env.DefaultVars} {
				for _, v := range vs {
					r.byVar[v] = append(r.byVar[v], i)
				}
			}
		}
	}
	r.clean = r.baseline(Host{})
	r.patches, r.patchErr = map[modes.Mode][]patchEntry{}, map[modes.Mode]error{}
	for _, e := range t.Entries {
		for _, o := range e.Patch {
			i, ok := s.index[Key(o.Key)]
			if !ok {
				r.patchErr[e.Mode] = &SchemaError{Msg: fmt.Sprintf("mode %s sets %s, which the schema lacks", e.Mode, o.Key)}
				continue
			}
			v, err := ParseLiteral(o.Literal)
			if err != nil {
				r.patchErr[e.Mode] = &SchemaError{Msg: fmt.Sprintf("mode %s option %s: %v", e.Mode, o.Key, err)}
				continue
			}
			r.patches[e.Mode] = append(r.patches[e.Mode], patchEntry{idx: i, val: v, origin: Origin{Source: FromMode, Detail: string(e.Mode), Evidence: t.Evidence}})
		}
	}
	return r
}

// baseline computes every key's clean default (an empty environment) for host.
func (r *Resolver) baseline(host Host) *baseline {
	n := len(r.schema.keys)
	b := &baseline{vals: make([]Value, n), origins: make([]Origin, n)}
	for i, k := range r.schema.keys {
		b.vals[i] = k.Default
		b.origins[i] = Origin{Evidence: r.schemaEv}
		if k.Host != "" {
			b.origins[i].Evidence = modes.Host
		}
	}
	for _, i := range r.envIdx {
		k := r.schema.keys[i]
		if d, ok, _ := k.Env.eval(k, nil, host); ok { // an empty environment cannot fail
			b.vals[i] = d.val
		}
	}
	return b
}

// applyEnv sets every key the environment changes, in key order (the order config.py
// evaluates them at import); the first failure is returned, as the import raises it.
// It returns the indexes of env_name_force keys the environment set.
func (r *Resolver) applyEnv(res *Result, env map[string]string, host Host) ([]int, error) {
	// Only keys whose rule reads a variable that is set can differ from the baseline;
	// evaluate them in key order, the order config.py runs (its first error wins).
	var touched []int
	for name := range env {
		touched = append(touched, r.byVar[name]...)
	}
	slices.Sort(touched)
	touched = slices.Compact(touched)
	var forced []int
	for _, i := range touched {
		k := r.schema.keys[i]
		d, ok, err := k.Env.eval(k, env, host)
		if err != nil {
			return nil, err
		}
		if !ok || d.from == "" {
			continue
		}
		o := res.base.origins[i]
		o.Source, o.Detail, o.Evidence = FromEnv, d.from, r.schemaEv
		if d.host {
			o.Evidence = modes.Host
		}
		res.set(i, d.val, o)
		if d.forced {
			forced = append(forced, i)
		}
	}
	return forced, nil
}

// Schema returns the schema the resolver uses.
func (r *Resolver) Schema() *Schema {
	if r == nil {
		return nil
	}
	return r.schema
}

// uncertain returns a note when key is missing from a borrowed schema but present in
// the next release that was read: the release in between may have it.
func (r *Resolver) uncertain(k Key) string {
	if r.next == nil {
		return ""
	}
	if _, ok := r.next.Lookup(k); !ok {
		return ""
	}
	return fmt.Sprintf("%s is not in torch %s (the schema torch %s borrows) but is in torch %s; whether torch %s has it is not known, so compilemode does not apply it. If it does not, torch.compile raises \"Unexpected optimization option %s\" (or the assignment raises AttributeError)",
		k, r.schema.Torch, r.facts.Torch, r.next.Torch, r.facts.Torch, k)
}

// SchemaEvidence returns how the schema describes the resolver's release: the
// schema's own evidence, or inferred when the release borrows another's schema.
func (r *Resolver) SchemaEvidence() modes.Evidence {
	if r == nil {
		return ""
	}
	return r.schemaEv
}

// Table returns the mode table the resolver uses.
func (r *Resolver) Table() *modes.Table {
	if r == nil {
		return nil
	}
	return r.table
}

// Facts returns the release's behaviours.
func (r *Resolver) Facts() Facts {
	if r == nil {
		return Facts{}
	}
	return r.facts
}

// Resolve resolves one request, as [Resolver.Resolve] on the release's built-in data.
func Resolve(v modes.Version, req Request) (*Result, error) {
	r, err := NewResolver(v)
	if err != nil {
		return nil, err
	}
	return r.Resolve(req)
}

// Resolve computes the effective config of req. The returned *Result is never nil:
// when torch.compile would raise, the error (a [PythonError]) is returned and also
// kept in Result.Err, and Result holds the layers applied before the failure (no keys
// when importing the config failed). Only for a nil or zero Resolver (a
// *ZeroError) or a request past a limit (a *LimitError) is the *Result nil.
func (r *Resolver) Resolve(req Request) (*Result, error) {
	if err := r.checkUsable(req); err != nil {
		return nil, err
	}
	s := r.schema
	res := &Result{
		Torch: r.facts.Torch, SchemaTorch: s.Torch, Backend: req.Backend,
		Facts: r.facts, Dynamic: req.Dynamic, RequestedMode: req.Mode, index: s.index,
	}
	if res.Backend == "" {
		res.Backend = "inductor"
	}
	fail := func(err error) (*Result, error) {
		res.Err = err
		switch err.(type) {
		case *EnvError:
			res.Stage = "import"
		case *GlobalError:
			res.Stage = "global"
		default:
			res.Stage = "compile"
		}
		res.ErrEvidence = EvidenceFor(r.facts.Torch)
		if _, ok := err.(*EnvError); ok && r.schemaEv != "" {
			res.ErrEvidence = r.schemaEv
		}
		if _, ok := err.(*InvalidBackendError); ok && r.facts.Torch != modes.Latest() {
			res.ErrEvidence = modes.Inferred // the text and the list were measured on 2.11 only
		}
		return res, err
	}

	// (4) Import: every default under the environment, in the order config.py runs.
	env := envMap(req.Env)
	res.env = env
	res.base, res.keyNames = r.clean, r.known
	if req.Host != (Host{}) {
		res.base = r.baseline(req.Host)
	}
	forced, err := r.applyEnv(res, env, req.Host)
	if err != nil {
		res.base = nil
		return fail(err)
	}
	r.envWarnings(res, env)
	if env["TORCH_COMPILE_DISABLE"] == "1" {
		// torch/_dynamo/config.py: disable = os.environ.get("TORCH_COMPILE_DISABLE", "0") == "1";
		// measured on 2.11: no graph is compiled or captured.
		res.CompileDisabled = true
		res.Warnings = append(res.Warnings, Warning{
			Code:           "compile-disabled",
			Message:        "TORCH_COMPILE_DISABLE=1: torch.compile returns the function unchanged; nothing is compiled and no CUDA graph is captured (measured on 2.11), whatever the config says",
			Recommendation: "unset TORCH_COMPILE_DISABLE to compile",
			Evidence:       EvidenceFor(r.facts.Torch),
		})
	}

	// (3) Global assignments, in order.
	for _, g := range req.Globals {
		i, ok := s.index[g.Key]
		if !ok {
			if note := r.uncertain(g.Key); note != "" {
				res.Warnings = append(res.Warnings, Warning{Code: "uncertain-key", Key: g.Key, Message: note, Evidence: modes.Inferred,
					Recommendation: "check with config/dump_schema.py on your torch (-schema)"})
				continue
			}
			return fail(r.globalError(res, g.Key))
		}
		spec := s.keys[i]
		if ok, checked := isInstance(g.Value, spec.DeclaredType); checked && !ok {
			res.Warnings = append(res.Warnings, Warning{
				Code: "global-wrong-type", Key: g.Key,
				Message: fmt.Sprintf("%s is declared %s, but the global assignment stores a value of type %s (%s): PyTorch does not check global assignments (measured on 2.11), so code reading it may misbehave",
					g.Key, spec.DeclaredType, g.Value.PyType(), g.Value),
				Recommendation: fmt.Sprintf("assign a value of type %s", strings.TrimSuffix(strings.TrimPrefix(spec.DeclaredType, "<class '"), "'>")),
				Evidence:       modes.Measured,
			})
		}
		_, o := res.at(i)
		o.Source, o.Detail = FromGlobal, ""
		res.set(i, g.Value, o)
	}

	// (2) torch.compile: mode and options.
	if err := r.applyCompile(res, req, forced); err != nil {
		return fail(err)
	}

	// (1) env_name_force beats everything.
	for _, i := range forced {
		forcedVal, _, _ := s.keys[i].Env.eval(s.keys[i], env, req.Host)
		cur, o := res.at(i)
		if src := o.Source; !cur.Equal(forcedVal.val) && (src == FromMode || src == FromOptions || src == FromGlobal) {
			res.Warnings = append(res.Warnings, Warning{
				Code: "env-force-overrides", Key: s.keys[i].Key,
				Message: fmt.Sprintf("%s=%s comes from %s, but %s is an env_name_force variable and beats it: %s stays %s",
					s.keys[i].Key, cur, o, forcedVal.from, s.keys[i].Key, forcedVal.val),
				Recommendation: fmt.Sprintf("unset %s to let the %s value apply", forcedVal.from, o),
				Evidence:       modes.Source,
			})
		}
		o.Source, o.Detail = FromEnv, forcedVal.from
		res.set(i, forcedVal.val, o)
	}

	for j := range res.over {
		// Changed means the Python repr differs; equal values have equal reprs.
		e := &res.over[j]
		clean := res.base.vals[e.idx]
		e.origin.Changed = !e.val.Equal(clean) && e.val.String() != clean.String()
	}
	r.cudagraphVerdict(res)
	res.Threaded = res
	if r.facts.GlobalsPerThread && len(req.Globals) > 0 {
		// A worker thread sees no global assignment (2.12+ ContextVar user overrides).
		tr := req
		tr.Globals = nil
		t, err := r.Resolve(tr)
		if err == nil {
			res.Threaded = t
		}
	}
	return res, nil
}

// readElsewhere are TORCHINDUCTOR_* variables that parts of PyTorch other than
// torch._inductor.config read (the cache directory; torch.compiler.config's
// force_disable_caches, which 2.11's Inductor config only aliases).
func readElsewhere(name string) bool {
	return name == "TORCHINDUCTOR_CACHE_DIR" || name == "TORCHINDUCTOR_FORCE_DISABLE_CACHES"
}

// envWarnings reports TORCHINDUCTOR_* variables the release never reads, and
// variables whose effect the library does not model.
func (r *Resolver) envWarnings(res *Result, env map[string]string) {
	var names []string
	for name := range env {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !strings.HasPrefix(name, "TORCHINDUCTOR_") || r.schema.ReadsEnv(name) || readElsewhere(name) {
			continue
		}
		if r.next != nil && r.next.ReadsEnv(name) {
			res.Warnings = append(res.Warnings, Warning{
				Code: "uncertain-env-var",
				Message: fmt.Sprintf("%s is read by torch %s but not by torch %s (the schema torch %s borrows); whether torch %s reads it is not known, so compilemode ignores it",
					name, r.next.Torch, r.schema.Torch, r.facts.Torch, r.facts.Torch),
				Recommendation: "check with config/dump_schema.py on your torch (-schema)",
				Evidence:       modes.Inferred,
			})
			continue
		}
		msg := fmt.Sprintf("%s is set, but torch %s's Inductor config (torch._inductor.config) reads no such variable, so it changes no key here", name, r.facts.Torch)
		hint := hintOr(didYouMean(name, r.schema.EnvVarNames), "check the variable's name against the release")
		if strings.Contains(name, "DISABLE") && strings.Contains(name, "CUDAGRAPH") {
			// F6: no variable turns CUDA graphs off, and the near name turns them on.
			msg += " (none of the releases read, 2.2, 2.6, 2.7, 2.11 and 2.14, reads a variable that disables CUDA graphs)"
			hint = "to run without CUDA graphs use a mode without them (max-autotune-no-cudagraphs, or no mode) or options={\"triton.cudagraphs\": False}; TORCHINDUCTOR_CUDAGRAPHS=0 only sets the default, which a mode's patch overrides"
		} else if strings.Contains(name, "DISABLE") && !strings.Contains(hint, "DISABLE") {
			hint = "check the variable's name against the release"
		}
		res.Warnings = append(res.Warnings, Warning{Code: "unknown-env-var", Message: msg, Recommendation: hint, Evidence: r.schemaEv})
	}
	for _, k := range r.schema.keys {
		if k.Env == nil || k.Env.Kind != "opaque" {
			continue
		}
		for _, v := range k.Env.Vars {
			if _, set := env[v]; set {
				res.Warnings = append(res.Warnings, Warning{
					Code: "env-not-modelled", Key: k.Key,
					Message:  fmt.Sprintf("%s is set; it changes the default of %s in a way compilemode does not model (%s): the value shown is the clean default", v, k.Key, k.Env.Expr),
					Evidence: r.schemaEv,
				})
			}
		}
	}
}

func hintOr(h, alt string) string {
	if h != "" {
		return h
	}
	return alt
}

// globalError builds the AttributeError of an assignment to an unknown key: PyTorch
// names the first attribute of the dotted path that does not exist.
func (r *Resolver) globalError(res *Result, k Key) *GlobalError {
	parts := strings.Split(string(k), ".")
	for j := 1; j < len(parts); j++ {
		// torch._inductor.config.triton.cudagraphs.x = 1: the prefix is a value.
		if i, ok := r.schema.index[Key(strings.Join(parts[:j], "."))]; ok {
			v, _ := res.at(i)
			return &GlobalError{Key: k, Name: parts[j], ValueType: v.PyType()}
		}
	}
	name := parts[0]
	for j := 1; j < len(parts); j++ {
		prefix := strings.Join(parts[:j], ".")
		if !r.schema.isPrefix(prefix) {
			break
		}
		name = strings.Join(parts[:j+1], ".")
	}
	return &GlobalError{Key: k, Name: name, Known: r.known}
}

// patchEntry is one key of the per-compile patch.
type patchEntry struct {
	idx    int
	val    Value
	origin Origin
}

// applyCompile runs torch.compile's checks and applies the per-compile patch.
func (r *Resolver) applyCompile(res *Result, req Request, forced []int) error {
	// torch/__init__.py compile: "is not None" on both.
	if req.Mode != nil && req.Options != nil {
		return r.modeAndOptions(req)
	}
	mode := "default"
	if req.Mode != nil {
		mode = *req.Mode
	}
	if res.Backend != "inductor" && !slices.Contains(r.facts.Backends, res.Backend) {
		return &InvalidBackendError{Name: res.Backend, Known: r.facts.Backends}
	}
	if res.Backend != "inductor" {
		// _TorchCompileWrapper: no validation; mode (if truthy and not "default") and
		// options (if truthy) are passed to the backend as keyword arguments.
		if mode != "" && mode != "default" {
			res.BackendKwargs = append(res.BackendKwargs, "mode")
		}
		if req.Options != nil && req.Options.Truthy() {
			res.BackendKwargs = append(res.BackendKwargs, "options")
		}
		if len(res.BackendKwargs) > 0 {
			res.Warnings = append(res.Warnings, Warning{
				Code:           "backend-ignores-inductor-config",
				Message:        fmt.Sprintf("backend=%q: torch.compile does not validate mode or options for it and passes them to the backend as keyword arguments; no Inductor config patch is applied", res.Backend),
				Recommendation: "use backend=\"inductor\" for mode/options to take effect",
				Evidence:       EvidenceFor(r.facts.Torch),
			})
		}
		return nil
	}
	var patch []patchEntry
	if req.Options == nil || req.Mode != nil {
		entry, err := r.table.Resolve(mode)
		if err != nil {
			return err
		}
		if entry.Mode != modes.Default {
			res.Mode = entry.Mode
		}
		if err := r.patchErr[entry.Mode]; err != nil {
			return err
		}
		patch = append(patch, r.patches[entry.Mode]...)
	}
	if req.Options != nil {
		p, err := r.applyOptions(res, *req.Options)
		if err != nil {
			return err
		}
		patch = append(patch, p...)
	}
	for _, p := range patch {
		cv, co := res.at(p.idx)
		cur := Resolved{Key: res.keyNames[p.idx], Value: cv, Origin: co}
		if (cur.Origin.Source == FromGlobal || cur.Origin.Source == FromEnv) && cur.Value.String() != p.val.String() && !slices.Contains(forced, p.idx) {
			res.Warnings = append(res.Warnings, Warning{
				Code: "mode-overrides-global", Key: cur.Key,
				Message: fmt.Sprintf("%s is %s from %s, but the per-compile patch (%s) sets it to %s and wins for this compile",
					cur.Key, cur.Value, cur.Origin, p.origin, p.val),
				Recommendation: overrideRecommendation(res.Mode, &cur, p),
				Evidence:       EvidenceFor(r.facts.Torch),
			})
		}
		o := p.origin
		if o.Evidence == "" {
			o.Evidence = cur.Origin.Evidence
		}
		res.set(p.idx, p.val, o)
	}
	return nil
}

// legacyAssumption says what the legacy implementation does with static inputs under
// the resolved size_asserts.
func legacyAssumption(res *Result) string {
	if res.SizeAsserts() {
		return "asserts that static inputs (parameters) never change address"
	}
	return "assumes that static inputs (parameters) never change address, without checking (size_asserts=False): a moved parameter is read at its old address"
}

// modeAndOptions builds the mode-and-options error with the alternative users need:
// the mode's table with the options merged over it, and the mode it then equals.
func (r *Resolver) modeAndOptions(req Request) error {
	e := &ModeAndOptionsError{Mode: *req.Mode}
	entry, err := r.table.Resolve(*req.Mode)
	if err != nil || req.Options.Kind() != DictKind {
		return e
	}
	var items []DictItem
	for _, o := range entry.Patch {
		v, err := ParseLiteral(o.Literal)
		if err != nil {
			return e
		}
		items = append(items, DictItem{Key: Str(o.Key), Val: v})
	}
	items = append(items, req.Options.dictItems()...)
	merged := Dict(items...)
	e.Alternative = merged.String()
	alt, err := r.Resolve(Request{Options: &merged, Globals: req.Globals, Env: req.Env, Host: req.Host, Backend: req.Backend, Dynamic: req.Dynamic})
	if err != nil {
		return e
	}
	for _, m := range r.table.Entries {
		mode := string(m.Mode)
		other, err := r.Resolve(Request{Mode: &mode, Globals: req.Globals, Env: req.Env, Host: req.Host, Backend: req.Backend, Dynamic: req.Dynamic})
		if err == nil && sameValues(alt, other) {
			e.Equivalent = mode
			break
		}
	}
	return e
}

// sameValues reports whether two results hold the same value for every key.
func sameValues(a, b *Result) bool {
	if a.Len() != b.Len() {
		return false
	}
	for i := 0; i < a.Len(); i++ {
		va, _ := a.at(i)
		vb, _ := b.at(i)
		if !va.Equal(vb) {
			return false
		}
	}
	return true
}

func overrideRecommendation(m modes.Mode, cur *Resolved, p patchEntry) string {
	if p.origin.Source == FromMode {
		return fmt.Sprintf("to keep %s=%s, pass options={**torch._inductor.list_mode_options(%q), %q: %s} instead of mode=%q (mode and options cannot be combined)",
			cur.Key, cur.Value, string(m), string(cur.Key), cur.Value, string(m))
	}
	return fmt.Sprintf("drop %q from options to keep the %s value", string(cur.Key), cur.Origin)
}

// applyOptions is _TorchCompileInductorWrapper.apply_options: a falsy options returns
// at once; then, per key in dict order, "-" becomes "_", the key must exist and the
// value must pass the release's type check.
func (r *Resolver) applyOptions(res *Result, opts Value) ([]patchEntry, error) {
	if !opts.Truthy() {
		return nil, nil
	}
	if opts.Kind() != DictKind {
		return nil, &OptionsShapeError{PyType: opts.PyType(), Attr: "items"}
	}
	var out []patchEntry
	for _, it := range opts.dictItems() {
		key, ok := it.Key.AsStr()
		if !ok {
			return nil, &OptionsShapeError{PyType: it.Key.PyType(), Attr: "replace"}
		}
		if slices.Contains(r.facts.CompileOptions, key) {
			// torch.compile pops it before the wrapper: not an Inductor config key.
			res.CompileOptions = append(res.CompileOptions, key)
			continue
		}
		attr := strings.ReplaceAll(key, "-", "_")
		i, ok := r.schema.index[Key(attr)]
		if !ok {
			if note := r.uncertain(Key(attr)); note != "" {
				res.Warnings = append(res.Warnings, Warning{Code: "uncertain-key", Key: Key(attr), Message: note, Evidence: modes.Inferred,
					Recommendation: "check with config/dump_schema.py on your torch (-schema)"})
				continue
			}
			e := &UnknownOptionError{Key: key, Known: r.known, Origin: Origin{Source: FromOptions}}
			if since, ok := optionSince(key); ok {
				e.Note = fmt.Sprintf("%s is a torch.compile option from torch %s on (torch.compile takes it out of options); torch %s passes it to Inductor, which does not know it", key, since, r.facts.Torch)
			}
			return nil, e
		}
		spec := r.schema.keys[i]
		current, _ := res.at(i)
		switch r.facts.TypeCheck {
		case ExactType:
			if it.Val.PyType() != current.PyType() {
				return nil, &OptionTypeError{Key: key, Got: it.Val.PyType(), Want: current.PyType(), Origin: Origin{Source: FromOptions}}
			}
		default:
			ok, checked := isInstance(it.Val, spec.DeclaredType)
			if checked && !ok {
				return nil, &OptionTypeError{Key: key, Got: it.Val.PyType(), Want: current.PyType(), Origin: Origin{Source: FromOptions}}
			}
			if !checked && r.facts.DropsGenericOptions {
				res.Warnings = append(res.Warnings, Warning{
					Code: "option-dropped", Key: Key(attr),
					Message: fmt.Sprintf("torch %s silently drops option %s: its type %s is generic, and 2.6's apply_options stores only values it type-checked; %s stays %s",
						r.facts.Torch, key, spec.DeclaredType, attr, current),
					Recommendation: "set it with torch._inductor.config." + attr + " = … before compiling, or upgrade to 2.7+",
					Evidence:       modes.Source,
				})
				continue
			}
		}
		out = append(out, patchEntry{idx: i, val: it.Val, origin: Origin{Source: FromOptions, Evidence: EvidenceFor(r.facts.Torch)}})
	}
	return out, nil
}

// isInstance is isinstance(v, T) for a declared type string. checked is false when
// PyTorch does not check it: the annotation is generic (typing.get_origin(T) is not
// None: Optional[…], Union, X | None, list[…], Literal[…], …).
func isInstance(v Value, declared string) (ok, checked bool) {
	name, isClass := strings.CutPrefix(declared, "<class '")
	if !isClass {
		return true, false
	}
	name = strings.TrimSuffix(name, "'>")
	t := v.PyType()
	switch name {
	case "object":
		return true, true
	case "int":
		return t == "int" || t == "bool", true
	case "bool", "float", "str", "NoneType", "list", "tuple", "dict", "bytes":
		return t == name, true
	}
	// Another class: a literal is never an instance of it.
	return t == name[strings.LastIndex(name, ".")+1:], true
}

// cudagraphVerdict decides enabled/implementation and the warnings that depend only
// on the config.
func (r *Resolver) cudagraphVerdict(res *Result) {
	if res.Backend == "cudagraphs" {
		res.CUDAGraphs = Verdict{Enabled: true, Implementation: Legacy}
		if r.facts.CUDAGraphsBackendTrees {
			res.CUDAGraphs.Implementation = CUDAGraphTrees
		}
		return
	}
	if res.Backend != "inductor" {
		res.CUDAGraphs = Verdict{Implementation: NoCUDAGraphs}
		return
	}
	if !res.CUDAGraphsOn() {
		res.CUDAGraphs = Verdict{Implementation: NoCUDAGraphs}
		return
	}
	res.CUDAGraphs = Verdict{Enabled: true, Implementation: CUDAGraphTrees}
	if res.CUDAGraphTrees() {
		return
	}
	res.CUDAGraphs.Implementation = Legacy
	trees, _ := res.Get("triton.cudagraph_trees")
	cg, _ := res.Get("triton.cudagraphs")
	if trees.Origin.Source != FromDefault {
		fix := "options={\"triton.cudagraphs\": False}"
		switch {
		case res.Mode != "":
			fix = fmt.Sprintf("a mode without CUDA graphs (max-autotune-no-cudagraphs or default instead of %s)", res.Mode)
		case cg.Origin.Source == FromOptions:
			fix = "\"triton.cudagraphs\": False in your options dict (keep your other options; \"triton.cudagraph_trees\" can go)"
		case cg.Origin.Source == FromGlobal:
			fix = "torch._inductor.config.triton.cudagraphs = False"
		}
		res.Warnings = append(res.Warnings, Warning{
			Code: "trees-flag-does-not-disable-cudagraphs", Key: "triton.cudagraph_trees",
			Message: fmt.Sprintf("triton.cudagraph_trees=%s (from %s) does not turn CUDA graphs off: triton.cudagraphs=%s (from %s) keeps them on, and the legacy implementation runs, which %s",
				trees.Value, trees.Origin, cg.Value, cg.Origin, legacyAssumption(res)),
			Recommendation: "to run without CUDA graphs use " + fix + "; to keep them, leave cudagraph_trees on",
			Evidence:       EvidenceFor(r.facts.Torch),
		})
	}
}
