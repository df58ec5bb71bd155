package script

import (
	"strings"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// PEP 750 template strings (Python 3.14) given as a compile argument (sweep2
// finding 15). t"…" evaluates to a string.templatelib.Template, never a str, and
// torch.compile treats it as the object it is. Measured on torch 2.14.1 with Python
// 3.14.10 (the sid chroot), torch.compile(nn.Linear(2, 2), k=v) and a first call:
//   - mode=t"reduce-overhead": RuntimeError: Unrecognized mode=Template(strings=('reduce-overhead',),
//     interpolations=()), should be one of: default, lite, reduce-overhead,
//     max-autotune-no-cudagraphs, max-autotune (with t"{x}", x = "reduce-overhead":
//     Template(strings=('', ''), interpolations=(Interpolation('reduce-overhead', 'x', None, ''),)));
//   - backend=t"inductor": BackendCompilerFailed backend="Template(strings=('inductor',), interpolations=())" raised: …;
//   - options=t"x": AttributeError: 'string.templatelib.Template' object has no attribute 'items';
//   - dynamic=t"": AssertionError: Expected enable to be a bool, got <class 'string.templatelib.Template'>.
// A mode is planned as that repr, which no release knows, so each raises its
// "Unrecognized mode=" with it; the others are named and make the plan partial.

// tstringRaises are the measured first lines of the other arguments' failures.
var tstringRaises = map[string]string{
	"backend": "BackendCompilerFailed: backend=\"Template(…)\" raised: …",
	"options": "AttributeError: 'string.templatelib.Template' object has no attribute 'items'",
	"dynamic": "AssertionError: Expected enable to be a bool, got <class 'string.templatelib.Template'>",
}

// tstringArg reads keyword k given as a t-string e, and reports whether e is one.
func (r *reader) tstringArg(st *siteState, k string, e *expr) bool {
	repr, exact, ok := r.templateRepr(e)
	if !ok {
		return false
	}
	src := cut(oneLine(r.text(e)), MaxCallText)
	switch {
	case k == "mode":
		st.Mode, st.ModeLiteral = &repr, true
		n := "mode is a t-string, `%s`: a string.templatelib.Template, never a str, so no release knows it as a mode (measured on 2.14.1: RuntimeError: Unrecognized mode=Template(…))"
		if !exact {
			n += "; PyTorch prints the interpolated values where this plan shows …"
		}
		st.note(n, src)
	case tstringRaises[k] != "":
		st.note("%s is a t-string, `%s`: a string.templatelib.Template; measured on 2.14.1, the call raises %s", k, src, tstringRaises[k])
		st.Unfollowed = append(st.Unfollowed, k+": "+src+" (a Template: PyTorch raises)")
	default:
		return false
	}
	return true
}

// templateRepr returns repr() of the Template the t-string e evaluates to: exact
// when it has no interpolation, else with … for each part it cannot know. ok is
// false when e is not a t-string.
func (r *reader) templateRepr(e *expr) (repr string, exact, ok bool) {
	if e == nil || e.kind != str || !e.is(fstring) {
		return "", false, false
	}
	var b strings.Builder
	for i := tokenAt(r.toks, int(e.start)); i < len(r.toks) && int(r.toks[i].off) < int(e.end); i++ {
		t := r.toks[i]
		if t.kind != pytoken.String {
			continue
		}
		s := t.text(r.src)
		q := strings.IndexAny(s, `'"`)
		prefix := strings.ToLower(s[:max(q, 0)])
		if q < 0 || !strings.Contains(prefix, "t") || strings.Contains(prefix, "f") {
			return "", false, false // an f-string, or a str mixed in (a SyntaxError in 3.14)
		}
		if strings.ContainsAny(s[q:], "{}") {
			return "Template(strings=(…), interpolations=(…))", false, true
		}
		v, err := literal.Parse(strings.ReplaceAll(prefix, "t", "") + s[q:])
		part, isStr := v.AsStr()
		if err != nil || !isStr {
			return "Template(strings=(…), interpolations=(…))", false, true
		}
		b.WriteString(part)
	}
	return "Template(strings=(" + literal.Str(b.String()).String() + ",), interpolations=())", true, true
}
