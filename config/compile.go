package config

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
)

// patchEntry is one key of the per-compile patch.
type patchEntry struct {
	_      [0]func() // incomparable: no equality code (examples/web: Transfer size)
	idx    int
	val    literal.Value
	origin Origin
}

// applyCompile runs torch.compile's checks and applies the per-compile patch.
func (r *Resolver) applyCompile(res *Result, req Request, forced []int) error {
	if err := r.checkKwargs(req.Kwargs); err != nil {
		return err
	}
	if err := r.compileWrapper(res, req, forced); err != nil {
		return err
	}
	return r.applyOptimize(res, req)
}

// compileWrapper is torch.compile's body up to the compile wrapper it builds.
func (r *Resolver) compileWrapper(res *Result, req Request, forced []int) error {
	if !r.facts.CompilePythonInOptimize {
		// torch/__init__.py compile's first check, from 2.1 (Facts.CompileMaxPython).
		if err := r.pythonCheck(res); err != nil {
			return err
		}
	}
	if req.Options != nil && req.Options.Kind() == literal.NoneKind {
		// options=None is the default argument: not given (measured on 2.6.0 and
		// 2.14.1: static.json calls["mode=reduce-overhead,options=None"]).
		req.Options = nil
	}
	m := requestMode(req)
	// torch/__init__.py compile: "is not None" on both.
	if m.given && req.Options != nil {
		return r.modeAndOptions(req, m)
	}
	// The first torch.compile imports Dynamo's config (and FX's), which reads
	// variables with int().
	if err := r.dynamoEnvError(res, "compile"); err != nil {
		return err
	}
	if res.Backend != "inductor" {
		return r.otherBackend(res, m, req.Options)
	}
	var patch []patchEntry
	if req.Options == nil {
		p, err := r.modePatch(res, m)
		if err != nil {
			return err
		}
		patch = append(patch, p...)
	}
	if req.Options != nil {
		p, err := r.applyOptions(res, *req.Options)
		if err != nil {
			return err
		}
		patch = append(patch, p...)
	}
	for _, p := range patch {
		r.applyPatchEntry(res, p, forced)
	}
	return nil
}

// compileMode is torch.compile's mode argument: whether it was given (not None), its
// str() (the name itself for a string) and the value.
type compileMode struct {
	given, isStr bool
	text         string
	val          literal.Value
}

// requestMode reads the mode of req: Mode, else ModeValue, else not given ("default").
func requestMode(req Request) compileMode {
	if req.Mode != nil {
		return compileMode{given: true, isStr: true, text: *req.Mode, val: literal.Str(*req.Mode)}
	}
	if req.ModeValue == nil || req.ModeValue.Kind() == literal.NoneKind {
		return compileMode{text: string(modes.Default), isStr: true, val: literal.Str(string(modes.Default))}
	}
	v := *req.ModeValue
	if s, ok := v.AsStr(); ok {
		return compileMode{given: true, isStr: true, text: s, val: v}
	}
	// str() of a non-string literal is its repr (0, True, b'default').
	return compileMode{given: true, text: v.String(), val: v}
}

// popCompileOptions returns a dict of options without the keys torch.compile takes
// out of it for any backend ([Facts.CompileOptions]; torch/__init__.py compile @
// 2.14.1: "if options and isinstance(options, dict): guard_filter_fn =
// options.pop(...)", before the backend is chosen), recording them in res.
func (r *Resolver) popCompileOptions(res *Result, opts literal.Value) literal.Value {
	if opts.Kind() != literal.DictKind || !opts.Truthy() {
		return opts
	}
	var kept []literal.DictItem
	for _, it := range opts.DictItems() {
		key, ok := it.Key.AsStr()
		if !ok || !slices.Contains(r.facts.CompileOptions, key) {
			kept = append(kept, it)
			continue
		}
		res.CompileOptions = append(res.CompileOptions, key)
		if key == "guard_filter_fn" {
			v := it.Val
			res.guardFilter = &v
		}
	}
	return literal.Dict(kept...)
}

// otherBackend is _TorchCompileWrapper: the backend must be registered (backend=None
// is passed through unchecked); mode (if truthy and not "default") and options (if
// truthy) are passed to it as keyword arguments, without validation. On 2.0 there is
// no wrapper: they are dropped ([Facts.OtherBackendGetsModeOptions]).
//
// The wrapper names itself str(backend) for a value that is neither a str nor has a
// __name__ (torch/__init__.py _TorchCompileWrapper.__init__, "self.compiler_name =
// str(backend)", @ 2.6.0 and 2.14.1, the chroots' copies): an int past Python's
// 4,300-digit limit raises ValueError there (measured: testdata/torch/*-debian/intstr.json).
func (r *Resolver) otherBackend(res *Result, m compileMode, opts *literal.Value) error {
	if err := r.backendNameErr(res); err != nil {
		return err
	}
	if res.backendNone {
		res.Warnings = append(res.Warnings, backendNoneWarning(r.releaseEv))
	} else if !res.backendUnchecked && !slices.Contains(r.facts.Backends, res.Backend) {
		return &InvalidBackendError{Name: res.Backend, Known: slices.Clone(r.facts.Backends), Listed: slices.Clone(r.facts.ListedBackends), Suggests: r.facts.InvalidBackendSuggests, KeyError: r.facts.InvalidBackendKeyError}
	}
	passMode := m.given && m.val.Truthy() && (!m.isStr || m.text != string(modes.Default))
	passOptions := opts != nil && r.popCompileOptions(res, *opts).Truthy()
	if !r.facts.OtherBackendGetsModeOptions {
		if passMode || passOptions {
			res.Warnings = append(res.Warnings, droppedForBackendWarning(res.Backend, r.releaseEv))
		}
		return nil
	}
	if passMode {
		res.BackendKwargs = append(res.BackendKwargs, "mode")
	}
	if passOptions {
		res.BackendKwargs = append(res.BackendKwargs, "options")
	}
	if len(res.BackendKwargs) > 0 {
		res.Warnings = append(res.Warnings, Warning{
			Code:           "backend-ignores-inductor-config",
			Message:        fmt.Sprintf("backend=%q: torch.compile does not validate mode or options for it and passes them to the backend as keyword arguments; no Inductor config patch is applied", res.Backend),
			Recommendation: "use backend=\"inductor\" for mode/options to take effect",
			Evidence:       r.releaseEv,
		})
	}
	return nil
}

// droppedForBackendWarning is mode or options given with a backend other than Inductor
// on a release that hands such a backend to Dynamo unwrapped ([Facts.OtherBackendGetsModeOptions]
// false: 2.0): torch.compile drops them without a check.
func droppedForBackendWarning(backend string, ev modes.Evidence) Warning {
	return Warning{
		Code:           "backend-ignores-inductor-config",
		Message:        fmt.Sprintf("backend=%q: this release's torch.compile uses mode and options only for backend=\"inductor\"; for this backend they are dropped without a check and no Inductor config patch is applied", backend),
		Recommendation: "use backend=\"inductor\" for mode/options to take effect",
		Evidence:       ev,
	}
}

// backendNoneWarning is backend=None where torch.compile does not read it as the
// default backend.
func backendNoneWarning(ev modes.Evidence) Warning {
	return Warning{
		Code:           "backend-none",
		Message:        "backend=None: this release does not read None as the default backend; torch.compile wraps it as a non-Inductor backend (_TorchCompileWrapper(None)) without checking it, so no Inductor config applies and the first call fails (measured on 2.6.0 up to the wrapper; the failure at the first call was not measured)",
		Recommendation: "leave backend out, or pass backend=\"inductor\"",
		Evidence:       ev,
	}
}

// modePatch is the mode's patch from the release's table; it returns the table's
// *modes.UnknownModeError for a mode the release lacks. A non-string mode is never a
// name: a falsy one selects what "" selects in the release's table (the default from
// 2.7, where list_mode_options tests truthiness), anything else is unknown, printed
// as str(mode).
func (r *Resolver) modePatch(res *Result, m compileMode) ([]patchEntry, error) {
	if err := r.unhashableMode(res, m); err != nil {
		return nil, err
	}
	name := m.text
	if !m.isStr {
		name = ""
		if m.val.Truthy() {
			name = m.text
		}
	}
	entry, err := r.table.Resolve(name)
	var unknown *modes.UnknownModeError
	if errors.As(err, &unknown) && !m.isStr {
		// "Unrecognized mode={mode}" writes str(mode), which raises for an int past
		// Python's 4,300-digit limit (measured: testdata/torch/*-debian/intstr.json).
		_, serr := m.val.PyStr(res.py)
		if e := strArgErr("mode", serr); e != nil {
			return nil, e
		}
		unknown.Mode = m.text
	}
	if err != nil {
		return nil, err
	}
	if entry.Mode != modes.Default {
		res.Mode = entry.Mode
	}
	if err := r.patchErr[entry.Mode]; err != nil {
		return nil, err
	}
	return r.checkModePatch(res, entry.Mode, r.patches[entry.Mode])
}

// checkModePatch is apply_mode handing the mode's table to apply_options: the same
// type check as options get, so a value of the wrong type raises "Unexpected type of
// attr" (and 2.6 drops a generic one). The built-in tables always pass; a schema file's
// table may not (a mode that sets triton.cudagraphs='yes'). Source: torch/__init__.py
// _TorchCompileInductorWrapper.apply_mode, self.apply_options(list_mode_options(mode,
// self.dynamic)), @ 2.6.0 and 2.14.1 (the chroots' copies); 2.0's apply_mode calls
// apply_options on its hard-coded dicts (pytorch/pytorch.github.io@01153da6
// docs/2.0/_modules/torch.html).
func (r *Resolver) checkModePatch(res *Result, mode modes.Mode, patch []patchEntry) ([]patchEntry, error) {
	var out []patchEntry
	for _, p := range patch {
		key := string(r.schema.At(p.idx).Key)
		keep, err := r.typeCheckOption(res, p.val, key, p.idx)
		var te *OptionTypeError
		if errors.As(err, &te) {
			te.Origin = Origin{Source: FromMode, Detail: string(mode)}
		}
		if err != nil {
			return nil, err
		}
		if keep {
			out = append(out, p)
		}
	}
	return out, nil
}

// unhashableMode is the TypeError of a list, dict or set mode: up to 2.6 apply_mode
// tests it against a set of names (mode in {...}); from 2.7 a truthy mode is a key
// of list_mode_options' dict (mode_options[mode]). Python words the two differently
// from 3.14 (pyver.UnhashableSet, pyver.UnhashableDict). Source:
// torch/__init__.py apply_mode @ 2.6.0, torch/_inductor/__init__.py
// list_mode_options @ 2.14.1; measured on both (calls2.json "mode=[…]").
func (r *Resolver) unhashableMode(res *Result, m compileMode) error {
	switch m.val.Kind() {
	case literal.ListKind, literal.DictKind, literal.SetKind:
	default:
		return nil
	}
	text := pyver.UnhashableSet
	if !r.facts.Torch.AtLeast(modes.Version{Major: 2, Minor: 7}) && m.val.Kind() == literal.SetKind {
		return nil // set.__contains__ looks a set up as a frozenset: no TypeError
	}
	if r.facts.Torch.AtLeast(modes.Version{Major: 2, Minor: 7}) {
		if !m.val.Truthy() {
			return nil
		}
		text = pyver.UnhashableDict
	}
	return &CallError{Arg: "mode", Exc: "TypeError", Msg: fmt.Sprintf(res.py.Text(text), m.val.PyType())}
}

// applyPatchEntry sets one key of the per-compile patch, warning when it replaces a
// different value from a global or the environment (an env_name_force key is left to
// applyForced).
func (r *Resolver) applyPatchEntry(res *Result, p patchEntry, forced []int) {
	cv, co := res.at(p.idx)
	cur := Resolved{Key: res.keyNames[p.idx], Value: cv, Origin: co}
	// A variable's default replaced by the patch: envtraps.go findEnvOverriddenByPatch.
	if (cur.Origin.Source == FromGlobal || cur.Origin.Source == FromPatch) && cur.Value.String() != p.val.String() && !slices.Contains(forced, p.idx) {
		res.Warnings = append(res.Warnings, Warning{
			Code: "mode-overrides-global", Key: cur.Key,
			Message: fmt.Sprintf("%s is %s from %s, but the per-compile patch (%s) sets it to %s and wins for this compile",
				cur.Key, cur.Value, cur.Origin, p.origin, p.val),
			Recommendation: overrideRecommendation(res.Mode, &cur, p),
			Evidence:       r.releaseEv,
		})
	}
	o := p.origin
	if o.Evidence == "" {
		o.Evidence = cur.Origin.Evidence
	}
	res.set(p.idx, p.val, o)
}

// modeAndOptions builds the mode-and-options error with the alternative users need:
// the mode's table with the options merged over it, and the mode it then equals.
func (r *Resolver) modeAndOptions(req Request, m compileMode) error {
	e := &ModeAndOptionsError{Mode: m.text}
	if !m.isStr {
		return e
	}
	entry, err := r.table.Resolve(m.text)
	if err != nil || req.Options.Kind() != literal.DictKind {
		return e
	}
	var items []literal.DictItem
	for _, o := range entry.Patch {
		v, err := literal.Parse(o.Literal)
		if err != nil {
			return e
		}
		items = append(items, literal.DictItem{Key: literal.Str(o.Key), Val: v})
	}
	items = append(items, req.Options.DictItems()...)
	merged := literal.Dict(items...)
	alt, err := r.Resolve(Request{Options: &merged, Globals: req.Globals, Env: req.Env, Host: req.Host, Backend: req.Backend, BackendGiven: req.BackendGiven, BackendNone: req.BackendNone, Dynamic: req.Dynamic})
	if err != nil {
		// Never hint a dict that raises (sweep finding 2: a key a terminal cut,
		// 'triton.cudagraph s', was offered in the dict to pass).
		e.Rejected = rejectedBy(err)
		return e
	}
	e.Alternative = merged.String()
	for _, m := range r.table.Entries {
		mode := string(m.Mode)
		other, err := r.Resolve(Request{Mode: &mode, Globals: req.Globals, Env: req.Env, Host: req.Host, Backend: req.Backend, BackendGiven: req.BackendGiven, BackendNone: req.BackendNone, Dynamic: req.Dynamic})
		if err == nil && sameValues(alt, other) {
			e.Equivalent = mode
			break
		}
	}
	return e
}

// rejectedBy words, briefly, the error the mode-and-options alternative raises: an
// unknown key without the list of every known one.
func rejectedBy(err error) string {
	var uo *UnknownOptionError
	if errors.As(err, &uo) {
		msg := "RuntimeError: Unexpected optimization option " + uo.Key
		if h := uo.Hint(); h != "" {
			msg += "; " + h
		}
		return msg
	}
	var pe PythonError
	if errors.As(err, &pe) {
		return pe.Exception() + ": " + pe.Message()
	}
	return err.Error()
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

// applyOptions is _TorchCompileInductorWrapper.apply_options: a falsy options returns
// at once; then, per key in dict order, "-" becomes "_", the key must exist and the
// value must pass the release's type check.
func (r *Resolver) applyOptions(res *Result, opts literal.Value) ([]patchEntry, error) {
	if !opts.Truthy() {
		return nil, nil
	}
	if opts.Kind() != literal.DictKind {
		return nil, &OptionsShapeError{PyType: opts.PyType(), Attr: "items"}
	}
	var out []patchEntry
	aoti := false
	for _, it := range opts.DictItems() {
		key, err := optionKey(it.Key)
		if err != nil {
			return nil, err
		}
		if slices.Contains(r.facts.CompileOptions, key) {
			// torch.compile pops it before the wrapper: not an Inductor config key.
			aoti = res.takeCompileOption(key, it.Val) || aoti
			continue
		}
		attr := strings.ReplaceAll(key, "-", "_")
		i, ok := r.schema.Index(schema.Key(attr))
		if !ok {
			if note := r.uncertain(schema.Key(attr)); note != "" {
				res.Warnings = append(res.Warnings, uncertainKeyWarning(schema.Key(attr), note))
				continue
			}
			e := &UnknownOptionError{Key: key, Known: slices.Clone(r.known), Origin: Origin{Source: FromOptions}}
			if since, ok := optionSince(key); ok {
				e.Note = fmt.Sprintf("%s is a torch.compile option from torch %s on (torch.compile takes it out of options); torch %s passes it to Inductor, which does not know it", key, since, r.facts.Torch)
			}
			return nil, e
		}
		keep, err := r.typeCheckOption(res, it.Val, key, i)
		if err != nil {
			return nil, err
		}
		if !keep {
			continue
		}
		out = append(out, patchEntry{idx: i, val: it.Val, origin: Origin{Source: FromOptions, Evidence: r.releaseEv}})
	}
	if aoti {
		out = append(out, r.aotiPatch()...)
	}
	return out, nil
}

// optionKey returns an options key as the str apply_options replaces "-" in, or the
// error Python raises for a key of another type.
func optionKey(k literal.Value) (string, error) {
	key, ok := k.AsStr()
	if !ok && k.PyType() == "bytes" {
		// key.replace("-", "_") on bytes: a str argument (measured on 2.6.0, 2.14.1).
		return "", &CallError{Arg: "options", Exc: "TypeError", Msg: "a bytes-like object is required, not 'str'"}
	}
	if !ok {
		return "", &OptionsShapeError{PyType: k.PyType(), Attr: "replace"}
	}
	return key, nil
}

// takeCompileOption records an option torch.compile itself takes out of options
// (Facts.CompileOptions), keeping a guard_filter_fn's value, and reports whether it
// is a truthy use_aoti.
func (res *Result) takeCompileOption(key string, val literal.Value) bool {
	res.CompileOptions = append(res.CompileOptions, key)
	if key == "guard_filter_fn" {
		res.guardFilter = &val
	}
	return key == "use_aoti" && val.Truthy()
}

// typeCheckOption is apply_options' type check of one option; keep is false when the
// release drops the option silently (2.6's generic annotations).
func (r *Resolver) typeCheckOption(res *Result, val literal.Value, key string, i int) (keep bool, err error) {
	attr := strings.ReplaceAll(key, "-", "_")
	spec := r.schema.At(i)
	current, _ := res.at(i)
	switch r.facts.TypeCheck {
	case ExactType:
		if val.PyType() != current.PyType() {
			return false, &OptionTypeError{Key: key, Got: val.PyType(), Want: current.PyType(), Origin: Origin{Source: FromOptions}}
		}
	default:
		ok, checked := isInstance(val, r.declaredType(res, spec))
		if checked && !ok {
			return false, &OptionTypeError{Key: key, Got: val.PyType(), Want: current.PyType(), Origin: Origin{Source: FromOptions}}
		}
		if !checked && r.facts.DropsGenericOptions {
			res.Warnings = append(res.Warnings, Warning{
				Code: "option-dropped", Key: schema.Key(attr),
				Message: fmt.Sprintf("torch %s silently drops option %s: its type %s is generic, and 2.6's apply_options stores only values it type-checked; %s stays %s",
					r.facts.Torch, key, spec.DeclaredType, attr, current),
				Recommendation: "set it with torch._inductor.config." + attr + " = … before compiling, or upgrade to 2.7+",
				Evidence:       modes.Source,
			})
			return false, nil
		}
	}
	return true, nil
}

// declaredType is config.get_type(key) as the running process sees it: a key
// without an annotation has type(default), and its default is what the environment
// made it at import (torch/utils/_config_module.py _ConfigEntry: value_type =
// type(self.default) when the annotation is missing; 2.6.0 and 2.14.1). The schema
// writes type(default) of a clean environment; a NoneType there can only be such a
// key (no one annotates NoneType), so a variable that gave it a str default makes
// its type str. Measured on 2.6.0 and 2.14.1 (calls2.json "env PROFILE_OUTPUT +
// option str").
func (r *Resolver) declaredType(res *Result, spec schema.KeySpec) string {
	const noneType = "<class 'NoneType'>"
	if spec.DeclaredType != noneType || spec.Env == nil || len(res.env) == 0 {
		return spec.DeclaredType
	}
	d, ok, err := spec.DefaultUnder(res.env, schema.Host{Python: res.py})
	if err != nil || !ok || d.Val.Kind() == literal.NoneKind {
		return spec.DeclaredType
	}
	return "<class '" + d.Val.PyType() + "'>"
}

// aotiPatch is what the AOT Inductor wrapper, which a truthy use_aoti selects, adds
// after the user's options ([Facts.AOTIWrapperPatch]).
func (r *Resolver) aotiPatch() []patchEntry {
	var out []patchEntry
	for _, kv := range r.facts.AOTIWrapperPatch {
		k, lit, _ := strings.Cut(kv, "=")
		i, ok := r.schema.Index(schema.Key(k))
		v, err := literal.Parse(lit)
		if !ok || err != nil {
			continue // TestFactRows checks the keys against the schema
		}
		out = append(out, patchEntry{idx: i, val: v, origin: Origin{Source: FromOptions, Detail: "use_aoti", Evidence: r.releaseEv}})
	}
	return out
}

// isInstance is isinstance(v, T) for a declared type string. checked is false when
// PyTorch does not check it: the annotation is generic (typing.get_origin(T) is not
// None: Optional[…], Union, X | None, list[…], Literal[…], …).
func isInstance(v literal.Value, declared string) (ok, checked bool) {
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
		fix, byMode := "options={\"triton.cudagraphs\": False}", false
		switch {
		case res.Mode != "":
			fix, byMode = fmt.Sprintf("a mode without CUDA graphs (max-autotune-no-cudagraphs or default instead of %s)", res.Mode), true
		case cg.Origin.Source == FromOptions:
			fix = "\"triton.cudagraphs\": False in your options dict (keep your other options; \"triton.cudagraph_trees\" can go)"
		case cg.Origin.Source == FromGlobal:
			fix = "torch._inductor.config.triton.cudagraphs = False"
		}
		res.Warnings = append(res.Warnings, Warning{
			Code: "trees-flag-does-not-disable-cudagraphs", Key: "triton.cudagraph_trees",
			Message: fmt.Sprintf("triton.cudagraph_trees=%s (from %s) does not turn CUDA graphs off: triton.cudagraphs=%s (from %s) keeps them on, and the legacy implementation runs, which %s",
				trees.Value, trees.Origin, cg.Value, cg.Origin, legacyAssumption(res)),
			Recommendation:      treesFlagFix(fix, res),
			Evidence:            r.releaseEv,
			AdvisesNoCUDAGraphs: byMode,
		})
	}
}

// strArgErr is the Python error of writing the argument arg as text (a
// *literal.IntStrError), as a *CallError; nil for nil.
func strArgErr(arg string, err error) error {
	var ie *literal.IntStrError
	if !errors.As(err, &ie) {
		return nil
	}
	return &CallError{Arg: arg, Exc: ie.Exception(), Msg: ie.Message()}
}

// backendNameErr is the error of _TorchCompileWrapper naming itself str(backend)
// (2.1+; 2.0 has no wrapper), nil when there is none.
func (r *Resolver) backendNameErr(res *Result) error {
	if !r.facts.OtherBackendGetsModeOptions {
		return nil
	}
	return strArgErr("backend", res.backendStrErr)
}
