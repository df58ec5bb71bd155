package script

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// Micro-step counts (newuser29 finding 9). A gradient-accumulation loop,
// `for micro_step in range(grad_accum_steps)`, accumulates only when it runs more
// than once. nanochat's base_train.py computes its count,
// grad_accum_steps = total_batch_size // world_tokens_per_fwdbwd, from the world
// size that an imported function returns: the file does not give it, and the
// overwritten-output error was stated as certain. The count is now worked out where
// the file gives every part (ints, names bound once to one, options with the value
// the command line or the parser's default gives, joined by + - * // %): 1 is no
// accumulation; where a part is not known, the accumulation, and the error it
// makes with CUDA graphs, holds only if the count is above 1, which the site's
// workload, its warning and a second plan (the count 1) say.

// maxArithTokens bounds the tokens arithInt reads.
const maxArithTokens = 64

// maxArithInt bounds the magnitude of arithInt's values (Python's ints have none:
// past it the value is not known).
const maxArithInt = 1 << 40

// arith evaluates an integer expression of tokens.
type arith struct {
	r     *reader
	toks  []token
	i     int
	depth int
	ok    bool
}

// arithInt returns the value of e when it is +, -, *, // and % of ints the file
// gives (intOf's names and options, parenthesised parts), from 0 to maxCountInt.
func (r *reader) arithInt(e *expr, depth int) (int, bool) {
	toks := r.tokenRange(e)
	if len(toks) == 0 || len(toks) > maxArithTokens || depth > maxCountDepth {
		return 0, false
	}
	a := &arith{r: r, toks: toks, depth: depth, ok: true}
	v := a.sum(0)
	if !a.ok || a.i != len(toks) || v < 0 || v > maxCountInt {
		return 0, false
	}
	return int(v), true
}

// peek returns the text of the current token ("" at the end).
func (a *arith) peek() string {
	if a.i >= len(a.toks) {
		return ""
	}
	return a.r.tokText(a.toks[a.i])
}

// sum reads terms joined by + and -.
func (a *arith) sum(nest int) int64 {
	v := a.prod(nest)
	for a.ok {
		switch a.peek() {
		case "+":
			a.i++
			v = a.bound(v + a.prod(nest))
		case "-":
			a.i++
			v = a.bound(v - a.prod(nest))
		default:
			return v
		}
	}
	return v
}

// prod reads factors joined by *, // and %.
func (a *arith) prod(nest int) int64 {
	v := a.unary(nest)
	for a.ok {
		op := a.peek()
		if op != "*" && op != "//" && op != "%" {
			return v
		}
		a.i++
		w := a.unary(nest)
		v = a.apply(op, v, w)
	}
	return v
}

// apply returns v op w as Python computes it for ints (// and % floor).
func (a *arith) apply(op string, v, w int64) int64 {
	if op == "*" {
		if v != 0 && (w > maxArithInt || w < -maxArithInt || v*w/v != w) {
			a.ok = false
			return 0
		}
		return a.bound(v * w)
	}
	if w == 0 {
		a.ok = false // ZeroDivisionError: not a count
		return 0
	}
	q, m := v/w, v%w
	if m != 0 && (m < 0) != (w < 0) {
		q, m = q-1, m+w
	}
	if op == "//" {
		return q
	}
	return m
}

// bound keeps v within maxArithInt, else the value is not known.
func (a *arith) bound(v int64) int64 {
	if v > maxArithInt || v < -maxArithInt {
		a.ok = false
	}
	return v
}

// unary reads a unary minus or an atom.
func (a *arith) unary(nest int) int64 {
	if a.peek() == "-" {
		a.i++
		return -a.unary(nest)
	}
	return a.atom(nest)
}

// atom reads an int literal, a parenthesised sum, or a name or attribute chain whose
// int intOf knows.
func (a *arith) atom(nest int) int64 {
	if !a.ok || a.i >= len(a.toks) || nest > maxCountDepth {
		a.ok = false
		return 0
	}
	t := a.toks[a.i]
	text := a.r.tokText(t)
	switch {
	case t.kind == pytoken.Number:
		a.i++
		v, err := strconv.ParseInt(text, 0, 64)
		a.ok = a.ok && err == nil
		return a.bound(v)
	case text == "(":
		a.i++
		v := a.sum(nest + 1)
		if a.peek() != ")" {
			a.ok = false
		}
		a.i++
		return v
	case t.kind == pytoken.Name:
		return a.path()
	}
	a.ok = false
	return 0
}

// path reads NAME(.NAME)* and returns the int intOf gives it.
func (a *arith) path() int64 {
	e := &expr{kind: name, name: a.r.tokText(a.toks[a.i])}
	a.i++
	for a.peek() == "." && a.i+1 < len(a.toks) && a.toks[a.i+1].kind == pytoken.Name {
		e = &expr{kind: attr, name: a.r.tokText(a.toks[a.i+1]), x: e}
		a.i += 2
	}
	if a.peek() == "(" || a.peek() == "[" {
		a.ok = false // a call or subscript: not followed
		return 0
	}
	v, ok := a.r.intOf(e, a.depth+1)
	a.ok = a.ok && ok
	return int64(v)
}

// noteUnknownLoop records for loop s, whose count the reader does not know, the
// condition under which it runs more than once when s is `for … in range(E)` (a
// micro-step loop): E is above 1.
func (r *reader) noteUnknownLoop(s *stmt) {
	if r.iters[len(r.iters)-1].n != 0 || len(s.exprs) == 0 {
		return
	}
	c := s.exprs[0]
	if c.kind != call || r.builtin(c.x) != "range" || len(c.args) != 1 || c.args[0].keyword != "" || c.args[0].star != 0 {
		return
	}
	if r.unknownLoops == nil {
		r.unknownLoops = map[int32]string{}
	}
	r.unknownLoops[s.tokStart] = r.aboveOne(c.args[0].value, int(s.line))
}

// aboveOne says the condition that range(e) at line runs more than once, naming
// where the file computes e.
func (r *reader) aboveOne(e *expr, line int) string {
	what := cut(oneLine(r.text(e)), MaxCallText)
	out := fmt.Sprintf("%s is above 1 (the loop at line %d runs more than once)", what, line)
	if e.kind == name {
		if vs := r.assigned[e.name]; len(vs) == 1 {
			return out + fmt.Sprintf(": line %d computes it, %s, from what the file does not give", int(vs[0].line), cut(oneLine(r.text(vs[0])), MaxCallText))
		}
	}
	return out + ": its value is not known before the run"
}

// accumOnce returns the branch text of a plan in which the condition cond does not
// hold: the count is 1.
func accumOnce(cond string) string {
	what, _, _ := strings.Cut(cond, " is above 1")
	return what + " is 1 (the micro-step loop runs once: no gradient accumulation)"
}

// accumIf records, when ev is a gradient accumulation that holds only under a
// condition, that condition on the site: on its workload line and in a note.
func (s *siteState) accumIf(ev event) {
	if ev.f != factGradAccum || ev.cond == "" || s.gradAccum != ev.line || s.gradAccumIf != "" {
		return
	}
	s.gradAccumIf = ev.cond
	for j := range s.Inferred {
		if in := &s.Inferred[j]; in.Line == ev.line && in.Shows == workloadRows[factGradAccum].shows {
			in.Shows += "; only if " + ev.cond
		}
	}
	s.note("the plan assumes %s, so that backward() accumulates gradients; where it is 1, the plan differs and follows, headed by that", ev.cond)
}

// accumAlt plans site i as a run in which its micro-step count is 1 (the condition
// of Site.gradAccumIf does not hold): the outputs kept by the accumulation are not,
// when nothing else keeps them. nil when the site has no such condition.
func (p *planner) accumAlt(s *Script, i int, mode *string, setMode bool, sel *branchSel) *BranchPlan {
	orig := s.Sites[i]
	if orig.gradAccumIf == "" || !orig.Workload.OutputsKept || keptOtherwise(orig.Inferred, orig.gradAccum) {
		return nil
	}
	alt := orig
	alt.Workload.OutputsKept, alt.gradAccum, alt.gradAccumIf = false, 0, ""
	s.Sites[i] = alt
	rep, _ := p.plan(s, i, mode, setMode, sel)
	s.Sites[i] = orig
	if rep == nil {
		return nil
	}
	return &BranchPlan{Assumes: accumOnce(orig.gradAccumIf), Report: rep}
}

// keptOtherwise reports whether an inference other than the accumulation's at line
// sets outputs_kept.
func keptOtherwise(ins []Inference, line int) bool {
	for _, in := range ins {
		if in.Field == "outputs_kept" && in.Value == "true" && in.Line != line {
			return true
		}
	}
	return false
}
