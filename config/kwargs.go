package config

import (
	"fmt"
	"slices"
)

// checkKwargs is Python binding torch.compile's keyword arguments: a name the
// release's signature lacks raises TypeError before its body runs
// ([Facts.CompileKwargs]; not checked when the release's list was not read).
func (r *Resolver) checkKwargs(kwargs []Kwarg) error {
	if len(r.facts.CompileKwargs) == 0 {
		return nil
	}
	for _, kw := range kwargs {
		if !slices.Contains(r.facts.CompileKwargs, kw.Name) {
			return &CallError{Arg: kw.Name + "=", Exc: "TypeError", Msg: fmt.Sprintf("compile() got an unexpected keyword argument '%s'", kw.Name)}
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
	kw, ok := kwarg(req.Kwargs, "disable")
	if (ok && kw.Value.Truthy()) || res.env["TORCHDYNAMO_DISABLE"] == "1" {
		res.Unwrapped = true
	}
	return nil
}
