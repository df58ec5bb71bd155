package config

import (
	"fmt"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
)

// Patch is one torch._inductor.config.patch(...) call around torch.compile, used as
// a context manager (with config.patch(...): ...) or a decorator of the function
// that calls torch.compile; both enter it before torch.compile runs and act alike.
// The zero Patch is config.patch(), which changes nothing.
type Patch struct {
	// Args are the positional arguments as written: ("key", value), ({...},) or none.
	Args []literal.Value
	// Kwargs are the keyword arguments, in order (key=value, or **{"a.b": value}).
	Kwargs []literal.DictItem
}

// String returns the Python call.
func (p Patch) String() string {
	s := "torch._inductor.config.patch("
	for i, a := range p.Args {
		if i > 0 {
			s += ", "
		}
		s += a.String()
	}
	for i, kv := range p.Kwargs {
		if i > 0 || len(p.Args) > 0 {
			s += ", "
		}
		k, _ := kv.Key.AsStr()
		s += k + "=" + kv.Val.String()
	}
	return s + ")"
}

// patchArgErrors are config.patch's own argument checks, as each release words them
// (an empty text is a bare assert). Source: torch/utils/_config_module.py
// ConfigModule.patch @ 2.6.0 (asserts without messages) and @ 2.14.1 (raise
// AssertionError with a message); measured on both (testdata/torch/*-debian/calls2.json
// "patch …" cases).
var patchArgErrors = map[string][2]string{ // check -> {2.6 text, 2.14 text}
	"key-not-str":    {"", "first argument must be a string when passing 2 positional args to patch"},
	"arg-not-dict":   {"", "first argument must be a dict when passing a single positional arg to patch"},
	"args-and-kw":    {"", "cannot pass both positional and keyword arguments to patch"},
	"second-without": {"", "second positional argument is only valid when first argument is a key string"},
}

// patchArgErr is the AssertionError of a failed check of config.patch's arguments.
func (r *Resolver) patchArgErr(check string) error {
	texts := patchArgErrors[check]
	msg := texts[0]
	if r.facts.Torch.AtLeast(modes.Version{Major: 2, Minor: 14}) {
		msg = texts[1]
	}
	return &CallError{Stage: "patch", Arg: "config.patch", Exc: "AssertionError", Msg: msg}
}

// patchChanges is what config.patch(...) builds from its arguments: the changes in
// order, or the AssertionError its checks raise. Python's own argument binding
// (more than two positional arguments) raises TypeError first.
func (r *Resolver) patchChanges(p Patch) ([]literal.DictItem, error) {
	if len(p.Args) > 2 {
		return nil, &CallError{Stage: "patch", Arg: "config.patch", Exc: "TypeError", Msg: fmt.Sprintf("ConfigModule.patch() takes from 1 to 3 positional arguments but %d were given", len(p.Args)+1)}
	}
	arg1, arg2 := literal.None(), literal.None()
	if len(p.Args) > 0 {
		arg1 = p.Args[0]
	}
	if len(p.Args) > 1 {
		arg2 = p.Args[1]
	}
	switch {
	case arg1.Kind() == literal.NoneKind:
		if arg2.Kind() != literal.NoneKind {
			return nil, r.patchArgErr("second-without")
		}
		return p.Kwargs, nil
	case arg2.Kind() != literal.NoneKind:
		if arg1.Kind() != literal.StrKind {
			return nil, r.patchArgErr("key-not-str")
		}
		if len(p.Kwargs) > 0 {
			return nil, r.patchArgErr("args-and-kw")
		}
		return []literal.DictItem{{Key: arg1, Val: arg2}}, nil
	case arg1.Kind() != literal.DictKind:
		return nil, r.patchArgErr("arg-not-dict")
	case len(p.Kwargs) > 0:
		return nil, r.patchArgErr("args-and-kw")
	}
	return arg1.DictItems(), nil
}

// applyPatches is the config.patch layer: each patch's changes, checked as
// ConfigPatch.__enter__ checks them (every key first, by reading it: an unknown one
// raises AttributeError), then set in order as user overrides, over the globals.
func (r *Resolver) applyPatches(res *Result, patches []Patch) error {
	for _, p := range patches {
		changes, err := r.patchChanges(p)
		if err != nil {
			return err
		}
		idx := make([]int, len(changes))
		for j, ch := range changes {
			i, err := r.patchKey(ch.Key)
			if err != nil {
				return err
			}
			idx[j] = i
		}
		for j, ch := range changes {
			if idx[j] < 0 {
				continue // an alias outside torch._inductor.config
			}
			_, o := res.at(idx[j])
			o.Source, o.Detail = FromPatch, ""
			res.set(idx[j], ch.Val, o)
		}
	}
	return nil
}

// patchKey returns the index of the key config.patch reads, or -1 for an alias
// whose target is outside the Inductor config; anything else is the AttributeError
// of ConfigModule.__getattr__ ("torch._inductor.config.KEY does not exist", KEY as
// str() prints it).
func (r *Resolver) patchKey(k literal.Value) (int, error) {
	name, isStr := k.AsStr()
	if !isStr {
		name = k.String()
	}
	if isStr {
		if i, ok := r.schema.Index(schema.Key(name)); ok {
			return i, nil
		}
		if target, ok := r.aliasTarget(schema.Key(name)); ok {
			if i, ok := r.schema.Index(schema.Key(trimInductor(target))); ok {
				return i, nil
			}
			return -1, nil
		}
	}
	return 0, &CallError{Stage: "patch", Arg: "config.patch", Exc: "AttributeError", Msg: fmt.Sprintf("torch._inductor.config.%s does not exist", name)}
}

// trimInductor drops the "torch._inductor.config." prefix of a full dotted name.
func trimInductor(s string) string {
	if len(s) > len(InductorPrefix) && s[:len(InductorPrefix)] == InductorPrefix {
		return s[len(InductorPrefix):]
	}
	return s
}
