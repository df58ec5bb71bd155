package script

import "strings"

// In-place mutation of a compiled function's tensor arguments (sweep4 finding 28).
// The body of a def the file compiles (@torch.compile, torch.compile(step)) is in the
// file, so a mutation of one of its parameters is readable: an in-place method on it
// (Tensor methods whose name ends in one underscore, buf.add_(x), cache.copy_(k)), an
// slice assignment (cache[:, pos] = k, also augmented: v[..., i] += x; an item
// assignment, out[i] = y, only for a parameter annotated as a Tensor), an
// augmented assignment of a parameter annotated as a Tensor (v += x), or out=
// naming it. Such an argument is a user input mutated in place, which cudagraph trees
// do not capture (graphs.InputMutation: the measured "skipping cudagraphs due to
// mutated inputs"). A parameter or buffer of a module (self.cache[…] = …) is a static
// input, which trees do capture: not counted here.

// notInPlace are Tensor methods ending in "_" that change no tensor data.
var notInPlace = nameSet{"requires_grad_", "share_memory_", "retain_grad_"}

// inferMutations marks the sites whose compiled def mutates a tensor argument.
func (r *reader) inferMutations() {
	for _, s := range r.sites {
		if s.def == nil || s.def.kind != defStmt {
			continue
		}
		if line, _ := r.mutatedParam(s.def); line != 0 {
			s.apply(factMutatedArg, line, 1)
		}
	}
}

// mutatedParam returns the line and name of the first in-place mutation of one of
// def's tensor parameters in its body (nested defs and classes left out); 0 when
// none.
func (r *reader) mutatedParam(def *stmt) (int, string) {
	params := map[string]bool{}
	tensors := map[string]bool{}
	for i, p := range def.params {
		if p.star != 0 || i == 0 && (p.name == "self" || p.name == "cls") {
			continue
		}
		params[p.name] = true
		tensors[p.name] = p.ann != nil && strings.HasSuffix(r.qual(p.ann), "Tensor")
	}
	if len(params) == 0 {
		return 0, ""
	}
	return r.mutationIn(def.body, params, tensors, 0)
}

// mutationIn is mutatedParam's walk over body.
func (r *reader) mutationIn(body []*stmt, params, tensors map[string]bool, depth int) (int, string) {
	if depth > maxHelperDepth {
		return 0, ""
	}
	for _, s := range body {
		if s.kind == defStmt || s.kind == classStmt {
			continue
		}
		if line, p := r.mutationAt(s, params, tensors); line != 0 {
			return line, p
		}
		if line, p := r.mutationIn(s.body, params, tensors, depth+1); line != 0 {
			return line, p
		}
	}
	return 0, ""
}

// mutationAt returns the mutation statement s makes of a parameter, if any.
func (r *reader) mutationAt(s *stmt, params, tensors map[string]bool) (int, string) {
	if line, p := r.mutatedTarget(s, params, tensors); line != 0 {
		return line, p
	}
	line, p := 0, ""
	r.walkStmt(s, func(c *expr) {
		if line != 0 || c.kind != call {
			return
		}
		if c.x.kind == attr && c.x.x.kind == name && params[c.x.x.name] && inPlaceMethod(c.x.name) {
			line, p = int(c.line), c.x.x.name
			return
		}
		if o := kwarg(c, "out", -1); o != nil && o.kind == name && params[o.name] {
			line, p = int(c.line), o.name
		}
	})
	return line, p
}

// mutatedTarget returns the parameter an assignment s writes into, if any.
func (r *reader) mutatedTarget(s *stmt, params, tensors map[string]bool) (int, string) {
	if s.kind != assignStmt && s.kind != augAssignStmt {
		return 0, ""
	}
	for _, t := range s.targets {
		switch {
		case t.kind == subscript && t.x.kind == name && params[t.x.name] && (tensors[t.x.name] || sliceIndex(r.text(t.index))):
			return int(t.line), t.x.name
		case s.kind == augAssignStmt && t.kind == name && tensors[t.name]:
			return int(t.line), t.name
		}
	}
	return 0, ""
}

// sliceIndex reports whether an index's text slices (x[:, pos], x[..., i]): a
// tensor's indexing, where a list or dict parameter's item assignment (out[i] = y,
// d["k"] = v) is not a tensor's mutation.
func sliceIndex(text string) bool {
	return strings.Contains(text, ":") || strings.Contains(text, "...")
}

// inPlaceMethod reports whether a Tensor method of this name writes its tensor: the
// in-place convention, one trailing underscore (add_, copy_, index_put_), not a
// dunder or a private name.
func inPlaceMethod(m string) bool {
	return strings.HasSuffix(m, "_") && !strings.HasSuffix(m, "__") && !strings.HasPrefix(m, "_") && !notInPlace.has(m)
}
