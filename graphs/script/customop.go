package script

import "strings"

// A def wrapped as a custom operator runs when the file calls the operator:
// @torch.library.custom_op("ns::name", mutates_args=…) (its first argument names the
// op "{namespace}::{name}": torch/_library/custom_ops.py custom_op) is called as
// torch.ops.ns.name(…) (torch/_ops.py _OpNamespace: an op "my_namespace::my_op" is
// called as torch.ops.my_namespace.my_op), or its overload .default. A torch.compile
// inside such a def is not "in a def no code in this file calls" when the file calls
// the op (KellerJordan/modded-nanogpt train_gpt.py: the @torch.compile impl inside
// mm_t_op, called as torch.ops.nanogpt.mm_t at line 980; script11 README).

// customOpMakers are the decorators that make a def a custom operator.
var customOpMakers = nameSet{
	"torch.library.custom_op",
	"torch._library.custom_ops.custom_op",
	"torch.library.triton_op",
}

// noteCustomOpDef records the op a def's decorator makes it, and marks the def
// called when the file calls that op earlier in the file.
func (r *reader) noteCustomOpDef(s *stmt) {
	for _, d := range s.decorators {
		if d.kind != call || !customOpMakers.has(r.qual(d.x)) {
			continue
		}
		name, ok := r.literalStr(kwarg(d, "name", 0))
		ns, op, found := strings.Cut(name, "::")
		if !ok || !found || ns == "" || op == "" {
			continue
		}
		key := "torch.ops." + ns + "." + op
		if r.customOps == nil {
			r.customOps = map[string]string{}
		}
		r.customOps[key] = s.name
		if r.opCalls[key] {
			r.markHanded(s.name)
		}
	}
}

// noteOpCall marks the def behind torch.ops.NS.NAME(…) called, or keeps the call for
// a def later in the file.
func (r *reader) noteOpCall(c *expr) {
	q := strings.TrimSuffix(r.qual(c.x), ".default")
	if !strings.HasPrefix(q, "torch.ops.") {
		return
	}
	if def, ok := r.customOps[q]; ok {
		r.markHanded(def)
		return
	}
	if r.opCalls == nil {
		r.opCalls = map[string]bool{}
	}
	if len(r.opCalls) < maxFlow {
		r.opCalls[q] = true
	}
}
