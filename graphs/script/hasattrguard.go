package script

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config/schema"
)

// hasattr guards decided for the release planned (sweep4 finding 13, its LOW part:
// hW6_hasattr.py on -torch 2.0 printed the [guard-false] warning and then "the plan
// assumes: if hasattr(…) (line 3) runs"). A guard hasattr(torch._inductor.config…,
// "KEY") holds when the release's config schema (schema.Builtin, the one the plan
// resolves against) has the key, or a section of that name; hasattr(torch, NAME)
// when the release has that attribute (torchAttrs). Decided here, the guard is true
// or false on that release like a version test (versionguard.go): a global under a
// false one is not planned, and no combination of branches assumes it runs.

// torchAttrs are torch's attributes a guard tests, with the first release that has
// each (every release planned, 2.0 on, has them): torch.compile, added in 2.0
// (torch/__init__.py @ v2.0.0 def compile; pytorch.org/docs/2.0/generated/torch.compile.html).
var torchAttrs = nameSet{"compile"}

// condTruth returns the value an if's condition has where the plan is made (see
// guardTruth), a hasattr guard decided for the release planned included.
func (r *reader) condTruth(cond *expr) (bool, string, bool) {
	if v, where, ok := r.hasattrTruth(cond); ok {
		return v, where, true
	}
	if v, where, ok := r.argvTruth(cond); ok {
		return v, where, true
	}
	if v, where, ok := r.paramTruth(cond); ok {
		return v, where, true // a test of the running def's parameters (paramguard.go)
	}
	v, where, ok := r.guardTruth(r.condSource(cond))
	if ok {
		where += r.rebindNote(cond) // exec(…), globals()[k] = v (execrebind.go)
	}
	return v, where, ok
}

// condSource returns the text of cond to decide, that of the value of a name the
// file assigns once (and no def takes as a parameter, no loop or unpacking binds)
// for the name, `not` kept
// (script14 item 3: USE_CG = bool(int(os.getenv("USE_CUDAGRAPHS", "0"))) then
// `if USE_CG:`). A name the file also binds to a value it does not keep (a call's,
// an augmented assignment's: "use_compile = False" then "use_compile =
// hasattr(torch, \"compile\")" under a CUDA test, an ACE-Step engine's loader in the
// code corpus, id 51928362584) or through a walrus is not one value: its guard stays
// undecided.
func (r *reader) condSource(cond *expr) string {
	x, neg := cond, ""
	for n := 0; r.isNot(x) && n < MaxNesting; n++ {
		x, neg = x.elts[0], neg+"not "
	}
	if x == nil || x.kind != name || len(r.assigned[x.name]) != 1 || r.opaque[x.name] || r.isParam(x.name) || r.modAlias.loop[x.name] {
		return r.text(cond)
	}
	return neg + "(" + r.text(r.assigned[x.name][0]) + ")"
}

// hasattrTruth decides hasattr(torch._inductor.config…, "KEY") and hasattr(torch,
// NAME) for the release planned (not a hasattr guard, or no release: false).
func (r *reader) hasattrTruth(cond *expr) (bool, string, bool) {
	neg := false
	for n := 0; r.isNot(cond) && n < MaxNesting; n++ {
		cond, neg = cond.elts[0], !neg
	}
	if !r.hasTorch || cond == nil {
		return false, "", false
	}
	if k := r.hasattrKey(cond); k != "" {
		s, ev, err := schema.Builtin(r.torch)
		if err != nil {
			return false, "", false
		}
		has := hasKeyOrSection(s, k)
		where := fmt.Sprintf("on torch %s, the release planned, whose torch._inductor.config (schema, %s) %s %s", r.torch, ev, map[bool]string{true: "has", false: "has no"}[has], k)
		return has != neg, where, true
	}
	if cond.kind == call && cond.x.kind == name && cond.x.name == "hasattr" && len(cond.args) == 2 && r.qual(cond.args[0].value) == "torch" {
		if a, ok := r.literalStr(cond.args[1].value); ok && torchAttrs.has(a) {
			return !neg, fmt.Sprintf("on torch %s, the release planned, which has torch.%s (from 2.0)", r.torch, a), true
		}
	}
	return false, "", false
}

// hasKeyOrSection reports whether s has key k, or keys under k (a section: triton).
func hasKeyOrSection(s *schema.Schema, k string) bool {
	if _, ok := s.Lookup(schema.Key(k)); ok {
		return true
	}
	for _, ks := range s.Keys() {
		if strings.HasPrefix(string(ks.Key), k+".") {
			return true
		}
	}
	return false
}

// isNot reports whether e is `not x`.
func (r *reader) isNot(e *expr) bool {
	return e != nil && e.kind == other && e.is(boolValue) && len(e.elts) == 1 && strings.HasPrefix(r.text(e), "not")
}
