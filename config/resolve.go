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
	"sort"
	"strings"

	"github.com/compilemode/compilemode/modes"
)

// Source says which layer set a resolved value.
type Source uint8

// The layers, lowest first. Their text forms (with [Origin.Detail]) are the JSON
// contract of examples/plan: "default", "env:NAME", "global", "mode:NAME", "options".
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
	Enabled        bool
	Implementation Implementation
}

// Warning is a hazard or a surprise found while resolving. Code is stable.
type Warning struct {
	Code           string
	Key            Key    // the key it concerns, if any
	Message        string // what happens, in plain words
	Recommendation string // what to do instead, if anything
	Evidence       modes.Evidence
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
	// Keys are all keys in get_config_copy() order; nil when importing the config failed.
	Keys []Resolved
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

	index map[Key]int
}

// Get returns the resolved key and whether the release has it.
func (r *Result) Get(k Key) (Resolved, bool) {
	i, ok := r.index[k]
	if !ok || i >= len(r.Keys) {
		return Resolved{}, false
	}
	return r.Keys[i], true
}

func (r *Result) truthy(k Key) bool {
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
	v, ok := r.Get("triton.cudagraph_unexpected_rerecord_limit")
	if !ok {
		return 0, false
	}
	return v.Value.AsInt()
}

// Changed returns the keys whose value differs from the clean default, in order.
func (r *Result) Changed() []Resolved {
	var out []Resolved
	for _, k := range r.Keys {
		if k.Origin.Changed {
			out = append(out, k)
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
	return newResolver(v, s, ev, t), nil
}

// NewResolverFromSchema returns a resolver for a schema read with [LoadSchema],
// typically written by config/dump_schema.py from the user's own PyTorch: its keys,
// defaults and mode table are used, with the schema's evidence. Behaviours not in the
// file (validation rules, thread semantics) are those of the schema's release.
func NewResolverFromSchema(s *Schema) (*Resolver, error) {
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
	return &Resolver{schema: s, schemaEv: ev, table: t, facts: FactsFor(v), known: known}
}

// Schema returns the schema the resolver uses.
func (r *Resolver) Schema() *Schema { return r.schema }

// Table returns the mode table the resolver uses.
func (r *Resolver) Table() *modes.Table { return r.table }

// Facts returns the release's behaviours.
func (r *Resolver) Facts() Facts { return r.facts }

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
// when importing the config failed).
func (r *Resolver) Resolve(req Request) (*Result, error) {
	s := r.schema
	res := &Result{
		Torch: r.facts.Torch, SchemaTorch: s.Torch, Backend: req.Backend,
		Facts: r.facts, Dynamic: req.Dynamic, index: s.index,
	}
	if res.Backend == "" {
		res.Backend = "inductor"
	}
	fail := func(err error) (*Result, error) {
		res.Err = err
		res.ErrEvidence = EvidenceFor(r.facts.Torch)
		if _, ok := err.(*EnvError); ok && r.schemaEv != "" {
			res.ErrEvidence = r.schemaEv
		}
		return res, err
	}

	// (4) Import: every default under the environment, in the order config.py runs.
	env := envMap(req.Env)
	clean, err := s.applyEnv(nil, req.Host)
	if err != nil {
		return fail(err) // unreachable: an empty environment sets nothing
	}
	defs, err := s.applyEnv(env, req.Host)
	if err != nil {
		return fail(err)
	}
	keys := make([]Resolved, len(s.keys))
	forced := map[int]envDefault{}
	for i, k := range s.keys {
		d := defs[i]
		o := Origin{Source: FromDefault, Evidence: evidenceForKey(r.schemaEv, k, d)}
		if d.from != "" {
			o.Source, o.Detail = FromEnv, d.from
		}
		if d.forced {
			forced[i] = d
		}
		keys[i] = Resolved{Key: k.Key, Value: d.val, Origin: o}
	}
	res.Keys = keys
	r.envWarnings(res, env)

	// (3) Global assignments, in order.
	for _, g := range req.Globals {
		i, ok := s.index[g.Key]
		if !ok {
			return fail(r.globalError(g.Key))
		}
		spec := s.keys[i]
		if ok, checked := isInstance(g.Value, spec.DeclaredType); checked && !ok {
			res.Warnings = append(res.Warnings, Warning{
				Code: "global-wrong-type", Key: g.Key,
				Message: fmt.Sprintf("%s is declared %s, but the global assignment stores a %s (%s): PyTorch does not check global assignments (measured on 2.11), so code reading it may misbehave",
					g.Key, spec.DeclaredType, g.Value.PyType(), g.Value),
				Recommendation: fmt.Sprintf("assign a value of type %s", strings.TrimSuffix(strings.TrimPrefix(spec.DeclaredType, "<class '"), "'>")),
				Evidence:       modes.Measured,
			})
		}
		keys[i].Value = g.Value
		keys[i].Origin.Source, keys[i].Origin.Detail = FromGlobal, ""
	}

	// (2) torch.compile: mode and options.
	if err := r.applyCompile(res, req); err != nil {
		return fail(err)
	}

	// (1) env_name_force beats everything.
	for i, d := range forced {
		if !keys[i].Value.Equal(d.val) && (keys[i].Origin.Source == FromMode || keys[i].Origin.Source == FromOptions || keys[i].Origin.Source == FromGlobal) {
			res.Warnings = append(res.Warnings, Warning{
				Code: "env-force-overrides", Key: keys[i].Key,
				Message: fmt.Sprintf("%s=%s comes from %s, but %s is an env_name_force variable and beats it: %s stays %s",
					keys[i].Key, keys[i].Value, keys[i].Origin, d.from, keys[i].Key, d.val),
				Recommendation: fmt.Sprintf("unset %s to let the %s value apply", d.from, keys[i].Origin),
				Evidence:       modes.Source,
			})
		}
		keys[i].Value = d.val
		keys[i].Origin.Source, keys[i].Origin.Detail = FromEnv, d.from
	}

	for i := range keys {
		keys[i].Origin.Changed = keys[i].Value.String() != clean[i].val.String()
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

// envWarnings reports TORCHINDUCTOR_* variables the release never reads, and
// variables whose effect the library does not model.
func (r *Resolver) envWarnings(res *Result, env map[string]string) {
	var names []string
	for name := range env {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if strings.HasPrefix(name, "TORCHINDUCTOR_") && !r.schema.ReadsEnv(name) {
			res.Warnings = append(res.Warnings, Warning{
				Code:           "unknown-env-var",
				Message:        fmt.Sprintf("%s is set, but torch %s's Inductor config reads no such variable: it has no effect", name, r.facts.Torch),
				Recommendation: hintOr(didYouMean(name, r.schema.EnvVarNames), "check the variable's name against the release"),
				Evidence:       r.schemaEv,
			})
		}
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
func (r *Resolver) globalError(k Key) *GlobalError {
	parts := strings.Split(string(k), ".")
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
func (r *Resolver) applyCompile(res *Result, req Request) error {
	// torch/__init__.py compile: "is not None" on both.
	if req.Mode != nil && req.Options != nil {
		return ErrModeAndOptions
	}
	mode := "default"
	if req.Mode != nil {
		mode = *req.Mode
	}
	if res.Backend != "inductor" {
		// _TorchCompileWrapper: no validation; mode (if truthy and not "default") and
		// options (if truthy) are passed to the backend as keyword arguments.
		if (mode != "" && mode != "default") || (req.Options != nil && req.Options.Truthy()) {
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
		for _, o := range entry.Patch {
			i, ok := r.schema.index[Key(o.Key)]
			if !ok {
				return &SchemaError{Msg: fmt.Sprintf("mode %s sets %s, which the schema lacks", entry.Mode, o.Key)}
			}
			v, err := ParseLiteral(o.Literal)
			if err != nil {
				return &SchemaError{Msg: fmt.Sprintf("mode %s option %s: %v", entry.Mode, o.Key, err)}
			}
			patch = append(patch, patchEntry{idx: i, val: v, origin: Origin{Source: FromMode, Detail: string(entry.Mode), Evidence: r.table.Evidence}})
		}
	}
	if req.Options != nil {
		p, err := r.applyOptions(res, *req.Options)
		if err != nil {
			return err
		}
		patch = append(patch, p...)
	}
	for _, p := range patch {
		cur := &res.Keys[p.idx]
		if (cur.Origin.Source == FromGlobal || cur.Origin.Source == FromEnv) && cur.Value.String() != p.val.String() {
			res.Warnings = append(res.Warnings, Warning{
				Code: "mode-overrides-global", Key: cur.Key,
				Message: fmt.Sprintf("%s is %s from %s, but the per-compile patch (%s) sets it to %s and wins for this compile",
					cur.Key, cur.Value, cur.Origin, p.origin, p.val),
				Recommendation: overrideRecommendation(res.Mode, cur, p),
				Evidence:       EvidenceFor(r.facts.Torch),
			})
		}
		ev := cur.Origin.Evidence
		cur.Value = p.val
		cur.Origin = p.origin
		if cur.Origin.Evidence == "" {
			cur.Origin.Evidence = ev
		}
	}
	return nil
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
	for _, it := range opts.dict {
		key, ok := it.Key.AsStr()
		if !ok {
			return nil, &OptionsShapeError{PyType: it.Key.PyType(), Attr: "replace"}
		}
		attr := strings.ReplaceAll(key, "-", "_")
		i, ok := r.schema.index[Key(attr)]
		if !ok {
			return nil, &UnknownOptionError{Key: key, Known: r.known, Origin: Origin{Source: FromOptions}}
		}
		spec := r.schema.keys[i]
		current := res.Keys[i].Value
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
		if res.Mode != "" {
			fix = fmt.Sprintf("a mode without CUDA graphs (max-autotune-no-cudagraphs or default instead of %s)", res.Mode)
		}
		res.Warnings = append(res.Warnings, Warning{
			Code: "trees-flag-does-not-disable-cudagraphs", Key: "triton.cudagraph_trees",
			Message: fmt.Sprintf("triton.cudagraph_trees=%s (from %s) does not turn CUDA graphs off: triton.cudagraphs=%s (from %s) keeps them on, and the legacy implementation runs, which asserts that static inputs (parameters) never change address",
				trees.Value, trees.Origin, cg.Value, cg.Origin),
			Recommendation: "to run without CUDA graphs use " + fix + "; to keep them, leave cudagraph_trees on",
			Evidence:       EvidenceFor(r.facts.Torch),
		})
	}
}
