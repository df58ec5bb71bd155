package config

import (
	"fmt"
	"slices"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/modes"
)

// checkKwargs is Python binding torch.compile's keyword arguments: a name the
// release's signature lacks raises TypeError before its body runs
// ([Facts.CompileKwargs]; not checked when the release's list was not read).
func (r *Resolver) checkKwargs(kwargs []Kwarg) error {
	known := r.facts.CompileKwargs
	if len(known) == 0 {
		// The release's list was not read: a name no release's torch.compile takes
		// still raises, as no release's signature has **kwargs (torch/__init__.py
		// compile @ 2.0.0, 2.6.0, 2.14.1: keyword-only parameters; sweep4 finding 8,
		// cudagraphs=False).
		known = everyCompileKwarg()
	}
	for _, kw := range kwargs {
		if !slices.Contains(known, kw.Name) {
			return &CallError{Arg: kw.Name + "=", Exc: "TypeError", Msg: UnexpectedKeyword("compile", kw.Name)}
		}
	}
	return nil
}

// kwarg returns the value of keyword argument name and whether it was given.
func kwarg(kwargs []Kwarg, name string) (Kwarg, bool) {
	for _, kw := range kwargs {
		if kw.Name == name {
			return kw, true
		}
	}
	return Kwarg{}, false
}

// applyOptimize is torch._dynamo.optimize, after the compile wrapper is built: a
// truthy disable returns the function itself (_NullDecorator), in every release.
// Source: torch/_dynamo/eval_frame.py _optimize @ 2.6.0 and 2.14.1 ("if disable or
// os.environ.get("TORCHDYNAMO_DISABLE", "") == "1": return _NullDecorator()").
func (r *Resolver) applyOptimize(res *Result, req Request) error {
	if r.facts.CompilePythonInOptimize {
		// 2.0: optimize's first statement is check_if_dynamo_supported()
		// (Facts.CompilePythonInOptimize), before its disable check.
		if err := r.pythonCheck(res); err != nil {
			return err
		}
	}
	kw, ok := kwarg(req.Kwargs, "disable")
	switch {
	case res.env["TORCHDYNAMO_DISABLE"] == "1":
		res.Unwrapped, res.unwrappedBy = true, dynamoDisableEnv
		return nil
	case ok && kw.Value.Truthy():
		res.Unwrapped, res.unwrappedBy = true, "disable="+kw.Value.String()
		return nil
	}
	if err := dynamicShapes(req); err != nil {
		return err
	}
	if d, ok := kwarg(req.Kwargs, "dynamic"); ok && d.Value.Kind() != literal.NoneKind && d.Value.Kind() != literal.BoolKind {
		// make_set_enable_dynamic: isinstance(enable, bool).
		return &CallError{Arg: "dynamic=", Exc: "AssertionError", Msg: r.dynamicAssert(d.Value)}
	}
	return nil
}

// dynamicShapes is OptimizeContext's check of dynamic_shapes (2.14: the only
// release with it; torch/_dynamo/eval_frame.py @ 2.14.1, _coerce_to_shapes_spec then
// "`dynamic` and `dynamic_shapes` cannot both be set"; measured on 2.14.1,
// calls2.json "dynamic_shapes=1", "dynamic=True,dynamic_shapes={}").
func dynamicShapes(req Request) error {
	ds, ok := kwarg(req.Kwargs, "dynamic_shapes")
	if !ok || ds.Value.Kind() == literal.NoneKind {
		return nil
	}
	if ds.Value.Kind() != literal.DictKind {
		return &CallError{Arg: "dynamic_shapes=", Exc: "TypeError", Msg: "dynamic spec expects a dict, ShapesSpec, or ParamsSpec, got " + ds.Value.PyType()}
	}
	d, ok := kwarg(req.Kwargs, "dynamic")
	if req.Dynamic != nil || (ok && d.Value.Kind() != literal.NoneKind) {
		return &CallError{Arg: "dynamic_shapes=", Exc: "ValueError", Msg: "`dynamic` and `dynamic_shapes` cannot both be set. `dynamic_shapes` controls dynamic behavior."}
	}
	return nil
}

// dynamicAssert is the AssertionError text of a dynamic that is not a bool: a bare
// assert up to 2.13 (torch/_dynamo/eval_frame.py make_set_enable_dynamic @ 2.6.0),
// "Expected enable to be a bool, got <class 'T'>" from 2.14 (@ 2.14.1); measured on
// both (calls2.json "dynamic=1").
func (r *Resolver) dynamicAssert(v literal.Value) string {
	if r.facts.Torch.AtLeast(modes.Version{Major: 2, Minor: 14}) {
		return fmt.Sprintf("Expected enable to be a bool, got <class '%s'>", v.PyType())
	}
	return ""
}

// everyCompileKwarg returns the keyword arguments (besides mode, options and backend)
// that some release's torch.compile takes, from every [FactCompileKwargs] row.
func everyCompileKwarg() []string {
	var out []string
	for _, row := range factRows {
		if row.Name != FactCompileKwargs {
			continue
		}
		for _, k := range row.Value.([]string) {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}
