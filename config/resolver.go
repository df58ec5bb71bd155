package config

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
)

// Resolver resolves requests against one release. It is immutable and safe for
// concurrent use; building one parses the release's schema, so keep it.
type Resolver struct {
	schema   *schema.Schema
	schemaEv modes.Evidence
	table    *modes.Table
	facts    Facts
	// releaseEv is EvidenceFor(facts.Torch): how the release's behaviours are known.
	releaseEv modes.Evidence
	known     []schema.Key
	clean     *baseline // defaults in an empty environment on the zero schema.Host
	patches   map[modes.Mode][]patchEntry
	patchErr  map[modes.Mode]error              // mode table entries that do not fit the schema
	envIdx    []int                             // indexes of keys with an environment rule, in key order
	hostIdx   []int                             // those whose default depends on the host (schema.Host), in key order
	byVar     map[string][]int                  // variable name -> indexes of the keys whose rule reads it
	next      *schema.Schema                    // for a release that borrows an older schema: the next one read
	others    func() map[string][]modes.Version // variables other releases read (envtraps.go), computed once
	near      func() nearIndex                  // those and this release's variables by length (envtraps.go), computed once

	// pythonEv is how the release's Python check is known (pythonEvidence).
	pythonEv modes.Evidence
}

// NewResolver returns a resolver for release v with the built-in schema and mode
// table. It returns a *modes.VersionError for an unsupported release. A Resolver is
// immutable, so the first call for a release builds it (parsing the release's schema,
// about 10 ms) and later calls return the same one; its schema, mode table and facts
// are handed out as copies (Schema, Table, Facts), so nothing a caller does
// changes another call's answer.
func NewResolver(v modes.Version) (*Resolver, error) {
	if build, ok := builtinResolvers[v]; ok {
		return build()
	}
	return newBuiltinResolver(v)
}

// builtinResolvers memoises the built-in resolver of every supported release. It is
// built at package initialisation from modes.Supported (no I/O: each entry runs once,
// on first use) and never written after.
var builtinResolvers = func() map[modes.Version]func() (*Resolver, error) {
	m := map[modes.Version]func() (*Resolver, error){}
	for _, v := range modes.Supported() {
		m[v] = sync.OnceValues(func() (*Resolver, error) { return newBuiltinResolver(v) })
	}
	return m
}()

// newBuiltinResolver builds the resolver of release v from the built-in data.
func newBuiltinResolver(v modes.Version) (*Resolver, error) {
	s, ev, err := schema.Builtin(v)
	if err != nil {
		return nil, err
	}
	t, err := modes.For(v)
	if err != nil {
		return nil, err
	}
	r := newResolver(v, s, ev, t)
	if s.Version.Less(v) {
		r.next = schema.Next(v)
	}
	return r, nil
}

// NewResolverFromSchema returns a resolver for a schema read with [schema.Load],
// typically written by config/dump_schema.py from the user's own PyTorch: its keys,
// defaults and mode table are used, labelled with evidence [modes.File] whatever the
// file's "evidence" claims (a file can say "measured" and hold anything; its own
// claim stays in Schema.Evidence and made_by). Behaviours not in the file (validation
// rules, thread semantics) are those of the schema's release.
func NewResolverFromSchema(s *schema.Schema) (*Resolver, error) {
	if s.Len() == 0 { // nil or zero: a loaded schema has keys
		return nil, &inputerr.ZeroError{Func: "NewResolverFromSchema", Arg: "the *Schema (read one with schema.Load)"}
	}
	t, err := modes.For(s.Version)
	if err != nil {
		return nil, err
	}
	ft := *t
	ft.Entries = s.Modes
	ft.Evidence = modes.File
	ft.SourceNote = s.MadeBy
	return newResolver(s.Version, s, modes.File, &ft), nil
}

func newResolver(v modes.Version, s *schema.Schema, ev modes.Evidence, t *modes.Table) *Resolver {
	keys := s.Keys()
	known := make([]schema.Key, len(keys))
	for i, k := range keys {
		known[i] = k.Key
	}
	r := &Resolver{schema: s, schemaEv: ev, table: t, facts: FactsFor(v), releaseEv: EvidenceFor(v), pythonEv: pythonEvidence(v), known: known, others: loadOtherReaders(v)}
	r.near = loadNearIndex(r)
	r.byVar = map[string][]int{}
	for i, k := range keys {
		if k.Env != nil {
			r.envIdx = append(r.envIdx, i)
			if k.Host != "" || hostKind(k.Env.Kind) {
				r.hostIdx = append(r.hostIdx, i)
			}
			for _, vs := range [][]string{k.Env.Vars, k.Env.DefaultVars} {
				for _, v := range vs {
					r.byVar[v] = append(r.byVar[v], i)
				}
			}
		}
	}
	r.clean = r.baseline(schema.Host{})
	r.patches, r.patchErr = map[modes.Mode][]patchEntry{}, map[modes.Mode]error{}
	for _, e := range t.Entries {
		for _, o := range e.Patch {
			i, ok := s.Index(schema.Key(o.Key))
			if !ok {
				r.patchErr[e.Mode] = &schema.Error{Msg: fmt.Sprintf("mode %s sets %s, which the schema lacks", e.Mode, o.Key)}
				continue
			}
			v, err := literal.Parse(o.Literal)
			if err != nil {
				r.patchErr[e.Mode] = &schema.Error{Msg: fmt.Sprintf("mode %s option %s: %v", e.Mode, o.Key, err)}
				continue
			}
			r.patches[e.Mode] = append(r.patches[e.Mode], patchEntry{idx: i, val: v, origin: Origin{Source: FromMode, Detail: string(e.Mode), Evidence: t.Evidence}})
		}
	}
	return r
}

// hostKind reports whether an environment rule's evaluator reads schema.Host
// (config/schema/env.go: host_int, host_str, path).
func hostKind(kind string) bool { return kind == "host_int" || kind == "host_str" || kind == "path" }

// baseline computes every key's clean default (an empty environment) for host. Once
// the zero host's is known, another host's recomputes only the host keys.
func (r *Resolver) baseline(host schema.Host) *baseline {
	if r.clean != nil {
		b := &baseline{vals: slices.Clone(r.clean.vals), origins: r.clean.origins} // origins are never written
		for _, i := range r.hostIdx {
			if d, ok, _ := r.schema.At(i).DefaultUnder(nil, host); ok { // an empty environment cannot fail
				b.vals[i] = d.Val
			}
		}
		return b
	}
	n := r.schema.Len()
	b := &baseline{vals: make([]literal.Value, n), origins: make([]Origin, n)}
	for i := range n {
		k := r.schema.At(i)
		b.vals[i] = k.Default
		b.origins[i] = Origin{Evidence: r.schemaEv}
		if k.Host != "" {
			b.origins[i].Evidence = modes.Host
		}
	}
	for _, i := range r.envIdx {
		k := r.schema.At(i)
		if d, ok, _ := k.DefaultUnder(nil, host); ok { // an empty environment cannot fail
			b.vals[i] = d.Val
		}
	}
	return b
}

// applyEnv sets every key the environment changes, in key order (the order config.py
// evaluates them at import); the first failure is returned, as the import raises it.
// It returns the indexes of env_name_force keys the environment set.
func (r *Resolver) applyEnv(res *Result, env map[string]string, host schema.Host) ([]int, error) {
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
		k := r.schema.At(i)
		d, ok, err := k.DefaultUnder(env, host)
		if err != nil {
			return nil, err
		}
		if !ok || d.From == "" {
			continue
		}
		o := res.base.origins[i]
		o.Source, o.Detail, o.Evidence = FromEnv, d.From, r.schemaEv
		if d.Host {
			o.Evidence = modes.Host
		}
		res.set(i, d.Val, o)
		if d.Forced {
			forced = append(forced, i)
		}
	}
	return forced, nil
}

// Schema returns a copy of the schema the resolver uses (schema.Schema.Clone): the
// resolver and every other resolver of the release keep theirs unchanged whatever
// the caller does with it.
func (r *Resolver) Schema() *schema.Schema {
	if r == nil {
		return nil
	}
	return r.schema.Clone()
}

// uncertain returns a note when key is missing from a borrowed schema but present in
// the next release that was read: the release in between may have it.
func (r *Resolver) uncertain(k schema.Key) string {
	note := r.KeyNotKnown(k)
	if note == "" {
		return ""
	}
	return fmt.Sprintf("%s, so compilemode does not apply it. If it does not, torch.compile raises \"Unexpected optimization option %s\" (or the assignment raises AttributeError)", note, k)
}

// KeyNotKnown says why compilemode cannot tell whether the release has key k: the
// release borrows an older release's schema, which lacks k, and the next release
// read has it ("k is not in torch 2.7.1 (the schema torch 2.9 borrows) but is in
// torch 2.11.0+cu130; whether torch 2.9 has it is not known"). It returns "" where
// the release's schema answers (a release with its own schema, a schema file, a key
// the borrowed schema has or the next one lacks) and for a nil Resolver. The uncertain-key
// warning of a key set by options or a global says the same.
func (r *Resolver) KeyNotKnown(k schema.Key) string {
	if r == nil || r.next == nil {
		return ""
	}
	if _, ok := r.schema.Lookup(k); ok {
		return ""
	}
	if _, ok := r.next.Lookup(k); !ok {
		return ""
	}
	return fmt.Sprintf("%s is not in torch %s (the schema torch %s borrows) but is in torch %s; whether torch %s has it is not known",
		k, r.schema.Torch, r.facts.Torch, r.next.Torch, r.facts.Torch)
}

// SchemaEvidence returns how the schema describes the resolver's release: the
// schema's own evidence, or inferred when the release borrows another's schema.
func (r *Resolver) SchemaEvidence() modes.Evidence {
	if r == nil {
		return ""
	}
	return r.schemaEv
}

// Table returns a copy of the mode table the resolver uses (modes.Table.Clone).
func (r *Resolver) Table() *modes.Table {
	if r == nil {
		return nil
	}
	return r.table.Clone()
}

// Facts returns the release's behaviours, a copy the caller may change.
func (r *Resolver) Facts() Facts {
	if r == nil {
		return Facts{}
	}
	return r.facts.clone()
}

// Resolve resolves one request, as [Resolver.Resolve] on the release's built-in data;
// an unsupported release is a *modes.VersionError with a nil *Result.
func Resolve(v modes.Version, req Request) (*Result, error) {
	r, err := NewResolver(v)
	if err != nil {
		return nil, err
	}
	return r.Resolve(req)
}

// Resolve computes the effective config of req. When torch.compile would raise, the error
// (a [PythonError]) is returned and also kept in Result.Err, and the returned *Result is
// not nil: it holds the layers applied before the failure (no keys when importing the
// config failed). A request that cannot be resolved at all (a nil or zero Resolver, an
// input past a limit or holding a NUL, a Python without data or a PythonPatch out of
// range, a free-threaded build not known: an error that is no PythonError) returns a nil
// *Result.
//
// The layers are applied lowest first, (4) to (1) of the package doc's precedence.
func (r *Resolver) Resolve(req Request) (*Result, error) {
	if err := r.checkUsable(req); err != nil {
		return nil, err
	}
	py, err := r.python(req.Python)
	if err != nil {
		return nil, err
	}
	req.Host.Python = py
	res := &Result{
		Torch: r.facts.Torch, SchemaTorch: r.schema.Torch, Backend: req.Backend,
		Facts: r.facts.clone(), Dynamic: clonePtr(req.Dynamic), RequestedMode: clonePtr(req.Mode), keys: r.schema,
		Python: py.Version(), py: py, decorator: req.Decorator, Fullgraph: req.Fullgraph,
	}
	res.FreeThreaded = req.FreeThreaded
	if err := r.freeThreaded(res, req); err != nil {
		return nil, err
	}
	r.pythonBuildWarning(res, py.Version())
	req = backendOf(req)
	r.setBackend(res, req)
	// (4) Import: every default under the environment, in the order config.py runs.
	env := envMap(req.Env)
	res.env = env
	r.bisectBackend(res, env)
	forced, err := r.applyImport(res, env, req.Host)
	if err != nil {
		res.base = nil
		return r.fail(res, err)
	}
	// (3) Global assignments, in order.
	if err := r.applyGlobals(res, req.Globals); err != nil {
		return r.fail(res, err)
	}
	// (3') config.patch blocks around torch.compile, entered in order.
	if err := r.applyPatches(res, req.Patches); err != nil {
		return r.fail(res, err)
	}
	noteCUDAGraphsBeforeCompile(res)
	// (2) torch.compile: mode and options.
	if err := r.applyCompile(res, req, forced); err != nil {
		return r.fail(res, err)
	}
	r.dynamoDisable(res, req)
	if err := r.applyStance(res, req); err != nil {
		return r.fail(res, err)
	}
	// (1) env_name_force beats everything.
	r.applyForced(res, forced, env, req.Host)
	if err := r.firstCall(res, req); err != nil {
		return r.fail(res, err)
	}

	markChanged(res)
	r.cudagraphVerdict(res)
	r.envTraps(res, req, env)
	res.Threaded = res
	if r.facts.GlobalsPerThread && len(req.Globals) > 0 && !req.ThreadsInheritContext {
		// A worker thread sees no global assignment (2.12+ ContextVar user overrides).
		tr := req
		tr.Globals = nil
		if t, err := r.Resolve(tr); err == nil {
			res.Threaded = t
		}
	}
	return res, nil
}

// setBackend records the backend req names in res: a callable or other value as
// given (unchecked), None as the release reads it, and "inductor" when none is given.
func (r *Resolver) setBackend(res *Result, req Request) {
	res.Backend = req.Backend
	switch {
	case req.BackendCallable != "":
		res.Backend, res.backendUnchecked = req.BackendCallable, true
	case req.BackendValue != nil:
		res.Backend, res.backendUnchecked = req.BackendValue.String(), true
		_, res.backendStrErr = req.BackendValue.PyStr(res.py)
	case req.BackendNone && r.facts.BackendNoneIsDefault:
		res.Backend = "inductor"
	case req.BackendNone:
		res.Backend, res.backendNone, res.backendUnchecked = "None", true, true
	case res.Backend == "" && !req.BackendGiven:
		res.Backend = "inductor"
	}
}

// firstCall is what the first call raises beyond torch.compile: a debug override
// variable Dynamo refuses when it converts the frame ([Facts.FirstCallValidatesOverrides]),
// then a guard_filter_fn that is truthy and not callable, called when Dynamo builds a
// graph's guards ([Request.Graph], [Facts.FirstCallCallsGuardFilter]).
func (r *Resolver) firstCall(res *Result, req Request) error {
	if req.FirstCall && !res.Unwrapped && !res.CompileDisabled {
		if err := r.overrideErr(res.env); err != nil {
			return err
		}
	}
	g := res.guardFilter
	if !req.FirstCall || !req.Graph || res.Unwrapped || !r.facts.FirstCallCallsGuardFilter || g == nil || !g.Truthy() {
		return nil
	}
	if g.Kind() == literal.OpaqueKind && g.PyType() == "function" {
		return nil
	}
	return &CallError{Stage: "first-call", Arg: "options guard_filter_fn", Exc: "InternalTorchDynamoError",
		Msg: fmt.Sprintf("TypeError: '%s' object is not callable\n", g.PyType())}
}

// bisectBackend applies TORCH_BISECT_BACKEND, which replaces the backend argument
// ([Facts.BisectBackend]); the variable is read at torch.compile, so its errors
// (an unknown name) are torch.compile's.
func (r *Resolver) bisectBackend(res *Result, env map[string]string) {
	b := env["TORCH_BISECT_BACKEND"]
	if b == "" || !r.facts.BisectBackend {
		return
	}
	res.Warnings = append(res.Warnings, Warning{
		Code:           "bisect-backend",
		Message:        fmt.Sprintf("TORCH_BISECT_BACKEND=%s replaces the backend torch.compile was given (%s): the compiler bisector is on", b, res.Backend),
		Recommendation: "unset TORCH_BISECT_BACKEND unless you are bisecting",
		Evidence:       r.releaseEv,
	})
	res.Backend, res.backendNone, res.backendUnchecked = b, false, false
}

// backendOf folds a str or None BackendValue into Backend or BackendNone.
func backendOf(req Request) Request {
	if req.BackendValue == nil || req.BackendCallable != "" || req.BackendNone || req.BackendGiven {
		return req
	}
	v := *req.BackendValue
	if s, ok := v.AsStr(); ok {
		req.Backend, req.BackendGiven, req.BackendValue = s, true, nil
	} else if v.Kind() == literal.NoneKind {
		req.BackendNone, req.BackendValue = true, nil
	}
	return req
}

// decorateStage moves an error torch.compile's body raises after its decorator
// branch to the stage "decorate" when the call is the decorator form.
func decorateStage(res *Result, err error) {
	if !res.decorator || res.Stage != "compile" {
		return
	}
	if e, ok := err.(*CallError); ok && ((strings.HasPrefix(e.Arg, "Python ") && !res.Facts.CompilePythonInOptimize) || (e.Exc == "TypeError" && strings.HasSuffix(e.Arg, "="))) {
		return // argument binding and (from 2.1) the Python check come first
	}
	res.Stage = "decorate"
}

// python returns the semantics of Python v, or of the release's own when v is zero.
func (r *Resolver) python(v pyver.Version) (*pyver.Python, error) {
	if v == (pyver.Version{}) {
		var err error
		if v, err = pyver.Parse(r.facts.Python); err != nil {
			v = pyver.Version{Major: 3, Minor: 12}
		}
	}
	return pyver.For(v)
}

// fail records err in res with the stage that raises it and how its text is known.
func (r *Resolver) fail(res *Result, err error) (*Result, error) {
	res.Err = err
	res.Stage = "compile"
	res.ErrEvidence = r.releaseEv
	switch e := err.(type) {
	case *schema.EnvError:
		res.Stage = "import"
		if r.schemaEv != "" {
			res.ErrEvidence = r.schemaEv
		}
	case *OptionTypeError:
		if e.Origin.Source == FromMode {
			res.ErrEvidence = r.table.Evidence // the mode table's value: a schema file's is the file's
		}
	case *GlobalError:
		res.Stage = "global"
	case *CallError:
		if e.Stage != "" {
			res.Stage = e.Stage
		}
		if strings.HasPrefix(e.Arg, "Python ") {
			res.ErrEvidence = r.pythonEv // read per release (config/pyfacts.go)
			if res.gilMsg != "" && strings.HasSuffix(e.Arg, "t") {
				res.ErrEvidence = gilEvidence(r.facts.Torch)
			}
		}
		if strings.HasPrefix(e.Arg, "torch.compiler.set_stance") {
			res.ErrEvidence = stanceEvidence(r.facts.Torch)
		}
	case *InvalidBackendError:
		// The text and the backend list are static facts, measured on 2.6.0, 2.11 and
		// 2.14.1 (modes.ReleaseRows); any other release's are inferred from those.
		res.ErrEvidence = modes.StaticEvidenceOf(r.facts.Torch)
		if res.ErrEvidence != modes.Measured {
			res.ErrEvidence = modes.Inferred
		}
	}
	decorateStage(res, err)
	return res, err
}

// applyImport is layer (4): the defaults under the environment and host, the
// environment's warnings, and TORCH_COMPILE_DISABLE. It returns the indexes of the
// env_name_force keys the environment set.
func (r *Resolver) applyImport(res *Result, env map[string]string, host schema.Host) ([]int, error) {
	res.base, res.keyNames = r.clean, r.known
	machine := host
	machine.Python = nil // the Python does not change a default, only how a variable is read
	if machine != (schema.Host{}) {
		res.base = r.baseline(host)
	}
	if err := r.dynamoEnvError(res, "import"); err != nil {
		return nil, err
	}
	forced, err := r.applyEnv(res, env, host)
	if err != nil {
		return nil, err
	}
	r.envWarnings(res, env)
	r.compileDisable(res, env)
	return forced, nil
}

// compileDisable applies TORCH_COMPILE_DISABLE, which sets torch._dynamo.config.disable
// at import: where [Facts.CompileDisableTruthy] holds any non-empty value turns
// compilation off, "0" and "false" included, elsewhere only "1" does.
func (r *Resolver) compileDisable(res *Result, env map[string]string) {
	raw, set := env["TORCH_COMPILE_DISABLE"]
	if !set || !(raw == "1" || (r.facts.CompileDisableTruthy && raw != "")) {
		return
	}
	by := "TORCH_COMPILE_DISABLE=" + raw
	if raw != "1" {
		by = fmt.Sprintf("TORCH_COMPILE_DISABLE=%q", raw)
	}
	res.CompileDisabled, res.DisabledBy = true, by
	msg := by + ": torch.compile returns a wrapper that compiles nothing; no CUDA graph is captured (measured on 2.6.0, 2.11 and 2.14.1), whatever the config says"
	fix := "unset TORCH_COMPILE_DISABLE to compile"
	if raw != "1" {
		truthy, exact := FactReleases(FactCompileDisableTruthy, true), FactReleases(FactCompileDisableTruthy, false)
		msg += fmt.Sprintf(". torch %s reads the variable by its truth value (torch/_dynamo/config.py: os.environ.get(\"TORCH_COMPILE_DISABLE\", False)), so any non-empty value turns compilation off, %q included; %s and later read only \"1\" (pytorch#149840)", res.Torch, raw, exact.From)
		fix = fmt.Sprintf("unset TORCH_COMPILE_DISABLE (on %s any value, 0 included, turns compilation off) or set it to an empty string", truthy)
	}
	res.Warnings = append(res.Warnings, Warning{Code: WarnCompileDisabled, Message: msg, Recommendation: fix, Evidence: r.releaseEv})
}

// dynamoDisable applies what makes torch.compile compile nothing once its call has
// been checked: torch._dynamo.config.disable assigned by a global
// ([Request.DynamoDisable]), read by Dynamo at each frame, and TORCHDYNAMO_DISABLE=1 or
// disable=True, which make torch.compile return the function itself (Unwrapped).
func (r *Resolver) dynamoDisable(res *Result, req Request) {
	switch {
	case res.CompileDisabled:
	case req.DynamoDisable:
		res.CompileDisabled, res.DisabledBy = true, "torch._dynamo.config.disable = True"
		res.Warnings = append(res.Warnings, Warning{Code: WarnCompileDisabled,
			Message:        "torch._dynamo.config.disable = True: Dynamo compiles no frame, so nothing is compiled and no CUDA graph is captured (measured on 2.6.0 and 2.14.1: testdata/torch/compile_disable.txt)",
			Recommendation: "drop the assignment to compile", Evidence: r.releaseEv})
	case res.Unwrapped:
		res.CompileDisabled, res.DisabledBy = true, res.unwrappedBy
		if res.unwrappedBy != dynamoDisableEnv {
			return // disable= is in the call itself
		}
		res.Warnings = append(res.Warnings, Warning{Code: WarnCompileDisabled,
			Message:        "TORCHDYNAMO_DISABLE=1: torch.compile returns the function itself, unwrapped; nothing is compiled and no CUDA graph is captured (torch/_dynamo/eval_frame.py _optimize; measured on 2.6.0 and 2.14.1: testdata/torch/compile_disable.txt)",
			Recommendation: "unset TORCHDYNAMO_DISABLE to compile", Evidence: r.releaseEv})
	}
}

// dynamoDisableEnv is the variable setting that makes torch.compile return the
// function itself (torch/_dynamo/eval_frame.py _optimize @ 2.6.0, 2.14.1:
// os.environ.get("TORCHDYNAMO_DISABLE", "") == "1").
const dynamoDisableEnv = "TORCHDYNAMO_DISABLE=1"

// applyGlobals is layer (3): the global assignments in order. An unknown key raises
// a *GlobalError (or, on a borrowed schema, is skipped with a warning).
func (r *Resolver) applyGlobals(res *Result, globals []Assignment) error {
	for _, g := range globals {
		i, ok := r.schema.Index(g.Key)
		if !ok {
			if target, isAlias := r.aliasTarget(g.Key); isAlias {
				if i, ok = r.schema.Index(schema.Key(strings.TrimPrefix(target, InductorPrefix))); !ok {
					res.Warnings = append(res.Warnings, aliasOutsideWarning(g, target))
					continue
				}
			}
		}
		if !ok {
			if note := r.uncertain(g.Key); note != "" {
				res.Warnings = append(res.Warnings, uncertainKeyWarning(g.Key, note))
				continue
			}
			return r.globalError(res, g.Key, g.Value)
		}
		spec := r.schema.At(i)
		if ok, checked := isInstance(g.Value, spec.DeclaredType); checked && !ok {
			res.Warnings = append(res.Warnings, globalWrongTypeWarning(g, spec))
		}
		_, o := res.at(i)
		o.Source, o.Detail = FromGlobal, ""
		if o.Evidence == modes.Host {
			o.Evidence = r.schemaEv // the user's value: no longer this machine's default
		}
		res.set(i, g.Value, o)
	}
	return nil
}

// InductorPrefix is the module path of Inductor's config keys as Python writes an
// assignment to one ("torch._inductor.config.triton.cudagraphs"); a key is taken with or
// without it wherever one is read (ParseAssignment, graphs' Report.Value, the command's
// -key).
const InductorPrefix = "torch._inductor.config."

// aliasTarget returns the target of an alias key ([Facts.AliasKeys]): the full
// dotted name of what a global assignment to key writes.
func (r *Resolver) aliasTarget(key schema.Key) (string, bool) {
	for _, kv := range r.facts.AliasKeys {
		if k, target, _ := strings.Cut(kv, "="); schema.Key(k) == key {
			return target, true
		}
	}
	return "", false
}

// aliasOutsideWarning: a global assignment to an alias whose target lies outside
// torch._inductor.config is accepted and sets that target, which this library does
// not model.
func aliasOutsideWarning(g Assignment, target string) Warning {
	return Warning{
		Code: "alias-outside-config", Key: g.Key,
		Message:        fmt.Sprintf("%s is an alias of %s: the assignment sets %s = %s, outside torch._inductor.config; no Inductor key changes", g.Key, target, target, g.Value),
		Recommendation: "set " + target + " directly",
		Evidence:       modes.Measured,
	}
}

// applyForced is layer (1): every env_name_force key the environment set takes the
// variable's value, over any patch or global.
func (r *Resolver) applyForced(res *Result, forced []int, env map[string]string, host schema.Host) {
	for _, i := range forced {
		k := r.schema.At(i)
		forcedVal, _, _ := k.DefaultUnder(env, host)
		cur, o := res.at(i)
		if src := o.Source; !cur.Equal(forcedVal.Val) && (src == FromMode || src == FromOptions || src == FromGlobal || src == FromPatch) {
			res.Warnings = append(res.Warnings, envForceWarning(k.Key, cur, o, forcedVal))
		}
		o.Source, o.Detail = FromEnv, forcedVal.From
		res.set(i, forcedVal.Val, o)
	}
}

// markChanged sets Origin.Changed on every key a layer set: the Python repr differs
// from the clean default's. Equal values can differ there: -0.0 == 0.0, but its repr
// is "-0.0" (measured on 2.14.1, whose default is 0.0: calls3.json "opt float
// max_autotune_subproc_terminate_timeout_seconds=-.0").
func markChanged(res *Result) {
	for j := range res.over {
		e := &res.over[j]
		clean := res.base.vals[e.idx]
		e.origin.Changed = e.val.String() != clean.String()
	}
}

// globalError builds the AttributeError of an assignment to an unknown key: PyTorch
// names the first attribute of the dotted path that does not exist.
func (r *Resolver) globalError(res *Result, k schema.Key, val literal.Value) *GlobalError {
	parts := strings.Split(string(k), ".")
	for j := 1; j < len(parts); j++ {
		// torch._inductor.config.triton.cudagraphs.x = 1: the prefix is a value.
		if i, ok := r.schema.Index(schema.Key(strings.Join(parts[:j], "."))); ok {
			v, _ := res.at(i)
			e := &GlobalError{Key: k, Name: parts[j], ValueType: v.PyType(), NoDict: res.py.Text(pyver.SetAttrNoDict)}
			if j < len(parts)-1 {
				// key.a.b = v: reading key.a fails first (getattr, no __dict__ text).
				e.NoDict = ""
			} else if exc, msg, ok := res.py.SetAttr(v.PyType(), parts[j], val.PyType()); ok {
				e.Exc, e.Msg = exc, msg
			}
			return e
		}
	}
	name := parts[0]
	for j := 1; j < len(parts); j++ {
		prefix := strings.Join(parts[:j], ".")
		if !r.schema.IsPrefix(prefix) {
			break
		}
		name = strings.Join(parts[:j+1], ".")
	}
	return &GlobalError{Key: k, Name: name, Known: slices.Clone(r.known)}
}

// noteCUDAGraphsBeforeCompile records where triton.cudagraphs was turned on before
// torch.compile's mode and options apply (Result.CUDAGraphsBeforeCompile).
func noteCUDAGraphsBeforeCompile(res *Result) {
	if cg, ok := res.Get("triton.cudagraphs"); ok && cg.Value.Truthy() && cg.Origin.Source != FromDefault {
		res.CUDAGraphsBeforeCompile = cg.Origin
	}
}
