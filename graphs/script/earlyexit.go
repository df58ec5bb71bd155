package script

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// Guards that skip the compile (sweep4 finding 6). What follows `if C: return …` (or
// raise, continue, break, sys.exit(…)) in the same block runs only when C is false:
// it is read under the guard "not C" (moshi's torch_compile_lazy: if
// os.environ.get("NO_TORCH_COMPILE"): return fun, before its torch.compile). A
// condition on a variable's value is decided by the environment given (-env, the
// process's): os.environ.get("K") / os.getenv("K") by Python's truth of the string
// (set and not empty), its default when unset; not of it; == and != a literal;
// int(…) of it (0 is false).

var (
	envValue    = &lazyregexp.Regexp{Expr: `^(not\s+)?(int\()?\s*os\.(?:environ\.get|getenv)\(\s*(?:'([A-Za-z_][A-Za-z0-9_]*)'|"([A-Za-z_][A-Za-z0-9_]*)")\s*(?:,\s*(?:'([^'\\]*)'|"([^"\\]*)"|(None)))?\s*\)\s*(\))?$`}
	envValueCmp = &lazyregexp.Regexp{Expr: `^os\.(?:environ\.get|getenv)\(\s*(?:'([A-Za-z_][A-Za-z0-9_]*)'|"([A-Za-z_][A-Za-z0-9_]*)")\s*(,\s*(?:'([^'\\]*)'|"([^"\\]*)"))?\s*\)((?:\s*\.\s*(?:lower|upper|strip)\(\s*\))*)\s*(==|!=|not\s+in|in)\s*('[^'\\]*'|"[^"\\]*"|[(\[{][^()\[\]{}]*[)\]}])$`}
)

// envValueTruth decides a condition on a variable's value in the environment given
// (ok false: not such a condition, or no environment given).
func (r *reader) envValueTruth(cond string) (bool, string, bool) {
	if r.givenEnv == nil {
		return false, "", false
	}
	if m := envValue.FindStringSubmatch(cond); m != nil && (m[2] == "") == (m[8] == "") {
		k := m[3] + m[4]
		val, set := r.envValueOf(k)
		if !set {
			if m[7] != "" || m[5]+m[6] == "" && !strings.Contains(cond, ",") {
				return m[1] != "", r.envWhere(k), true // None: false
			}
			val = m[5] + m[6]
		}
		truth := val != ""
		if m[2] != "" {
			n, err := strconv.Atoi(strings.TrimSpace(val))
			if err != nil {
				return false, "", false // int() raises ValueError: not decided here
			}
			truth = n != 0
		}
		return truth == (m[1] == ""), r.envWhere(k), true
	}
	if v, where, ok := r.envCmpTruth(cond); ok {
		return v, where, true
	}
	return r.envEvalTruth(cond)
}

// envCmpTruth decides os.environ.get("K"[, "D"]) (os.getenv) compared with a str
// literal by == or !=, or tested by (not) in a str, tuple, list or set display of
// them, after .lower(), .upper() or .strip() of it (script13 item 4: vLLM's
// os.getenv(K, 'false').strip().lower() in ("1", "true")); unset without a default,
// the value is None: == is False, in a display False, a method or in a str raises
// (not decided here).
func (r *reader) envCmpTruth(cond string) (bool, string, bool) {
	m := envValueCmp.FindStringSubmatch(cond)
	if m == nil {
		return false, "", false
	}
	k, op := m[1]+m[2], m[7]
	val, set := r.envValueOf(k)
	rv, err := literal.Parse(m[8])
	_, isStr := rv.AsStr()
	switch {
	case err != nil:
		return false, "", false
	case !set && m[3] == "" && m[6] == "" && (!isStr || op[1] == '='): // None
		return op[0] == '!' || op[0] == 'n', r.envWhere(k), true
	case !set && m[3] == "":
		return false, "", false
	case !set:
		val = m[4] + m[5]
	}
	return strHit(strMethods(val, m[6]), op, rv) == (op == "==" || op == "in"), r.envWhere(k), true
}

// strMethods returns what .lower(), .upper() and .strip() (methods: their text, in
// order) make of val.
func strMethods(val, methods string) string {
	for _, f := range strings.Split(methods, ")") {
		switch {
		case strings.Contains(f, "lower"):
			val = strings.ToLower(val)
		case strings.Contains(f, "upper"):
			val = strings.ToUpper(val)
		case strings.Contains(f, "strip"):
			val = strings.TrimSpace(val)
		}
	}
	return val
}

// strHit reports whether val equals str rv (op == or !=), is in it (a substring), or
// is one of display rv's items.
func strHit(val, op string, rv literal.Value) bool {
	s, isStr := rv.AsStr()
	if isStr && op[1] == '=' {
		return val == s
	} else if isStr {
		return strings.Contains(s, val)
	}
	for _, it := range rv.Items() {
		if t, ok := it.AsStr(); ok && t == val {
			return true
		}
	}
	return false
}

// envValueOf returns the value the environment given has for k, and whether it sets
// it (the script's own assignments are not followed into values here).
func (r *reader) envValueOf(k string) (string, bool) {
	g, ok := r.givenEnv[k]
	return g.value, ok
}

// envWhere says where a variable's value comes from, for a guard's note.
func (r *reader) envWhere(k string) string {
	if g, ok := r.givenEnv[k]; ok {
		from := g.from
		if from == "environment" {
			from = "the process environment"
		}
		return fmt.Sprintf("in the environment planned (%s sets %s=%s)", from, k, g.value)
	}
	return fmt.Sprintf("in the environment planned (%s is not set)", k)
}

// earlyExitGuard returns the guard the statements after s run under when s is an if
// with no elif or else whose block always leaves (return, raise, continue, break,
// sys.exit(…)): they run only when its condition is false.
func (r *reader) earlyExitGuard(s *stmt) (guard, bool) {
	if !r.leavingIf(s) {
		return guard{}, false
	}
	b := s.branches[0]
	text := oneLine(r.text(b.cond))
	neg := r.negText(b.cond)
	g := guard{text: fmt.Sprintf("%s: after if %s (line %d), which leaves the block", neg, text, b.line), notConds: []*expr{b.cond}}
	v, where, ok := r.condTruth(b.cond)
	if !ok {
		if note := r.argDefaultNote(b.cond); note != "" { // of the condition that leaves
			g.plain, g.text = g.text, g.text+note
		}
		g.def = r.exitDefault(b.cond)
	}
	if ok {
		// The condition decided is the leaving if's, named (newuser29 finding 12:
		// "inside hasattr(torch, "compile"): after if not hasattr(…) …: the condition is
		// false on torch 2.11" read as the site's guard failing, under a site that runs).
		what := "`" + cut(text, MaxCallText) + "`"
		if v {
			g.off = true
			g.text += ": " + what + " is true " + where + ", so this never runs"
		} else {
			g.on = true
			g.text += ": " + what + " is false " + where + ", so the block goes on past it"
		}
	}
	return g, true
}

// negText returns Python text for `not cond`, read as Python parses it: the operand
// of a `not` alone, and an and/or chain or a conditional expression in parentheses,
// since `not` binds tighter than and, or and if-else (Python reference, 6.11 and
// 6.17, operator precedence) — unseen7 z06:385's `not prompt_text and prompt_audio
// and …` read as another condition than `not (prompt_text and prompt_audio and …)`,
// and z13:373's `not policy.type == "pi05" or …` as `(not …) or …`. A comparison
// needs none: `not a == b` is `not (a == b)`; and any other text that starts with
// `not` is the negation of the rest (only and, or, if-else and lambda bind looser).
func (r *reader) negText(cond *expr) string {
	text := oneLine(r.text(cond))
	if cond.kind == ifElse || cond.is(orChain) || cond.is(andChain) {
		return "not (" + text + ")"
	}
	if t, ok := strings.CutPrefix(text, "not "); ok {
		return t
	}
	return "not " + text
}

// leavingIf reports whether s is an if with no elif or else whose block always
// leaves.
func (r *reader) leavingIf(s *stmt) bool {
	return s.kind == blockStmt && len(s.branches) == 1 && s.branches[0].kind == "if" && len(s.body) > 0 && r.leaves(s.body[len(s.body)-1])
}

// restoreCompiled puts back the names bound to compiled functions as they were
// before an if whose block leaves (nil: nothing to restore): a name that block bound
// is not bound so after it, where only the code that did not enter the block runs
// (script11 r06, IPEX's resnet50 main: `if args.evaluate: model = torch.compile(…);
// validate(…); return` gave the evaluation sites the training loop's backward()).
func (r *reader) restoreCompiled(before map[string]*siteState) {
	if before == nil {
		return
	}
	for n, st := range r.compiled {
		if old, ok := before[n]; !ok {
			delete(r.compiled, n)
		} else if old != st {
			r.compiled[n] = old
		}
	}
}

// leaves reports whether s always leaves its block: return, raise, continue, break,
// or a call of sys.exit, exit, quit or os._exit.
func (r *reader) leaves(s *stmt) bool {
	if ends(s) {
		return true
	}
	if s.kind != exprStmt || s.value == nil || s.value.kind != call {
		return false
	}
	switch q := r.qual(s.value.x); {
	case q == "sys.exit" || q == "os._exit":
		return true
	case s.value.x.kind == name && q == "":
		return s.value.x.name == "exit" || s.value.x.name == "quit"
	}
	return false
}
