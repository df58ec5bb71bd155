package script

import (
	"strings"

	"github.com/compilemode/compilemode/config/literal"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// iterCount is what the reader knows of how many times a loop or comprehension runs.
type iterCount struct {
	_      [0]func() // incomparable: no equality code (examples/web: Transfer size)
	n      int       // the iteration count when the script shows it (0: unknown)
	device bool      // it iterates over CUDA devices: device strings or torch.cuda.device_count()
	// visible names the CUDA_VISIBLE_DEVICES value that gives n, for a count of
	// torch.cuda.device_count() ("": n does not come from it; visibledevices.go).
	visible string
}

// maxCountDepth bounds how far countOf follows names and wrappers.
const maxCountDepth = 8

// deviceCounters are the calls that return the number of CUDA devices, unknown before
// the script runs.
var deviceCounters = nameSet{
	"torch.cuda.device_count",
	"torch.accelerator.device_count",
}

// loopStmtCount returns the iteration count of a for statement (a while loop's is
// unknown).
func (r *reader) loopStmtCount(s *stmt) iterCount {
	if len(s.targets) == 0 || len(s.exprs) == 0 {
		return iterCount{}
	}
	return r.countOf(s.exprs[0], 0)
}

// compCount returns the iteration count of a comprehension with one for clause and no
// if clause (unknown otherwise), and whether its element names a CUDA device. The
// parser drops literal elements, so the clauses are found in its tokens: with no if
// clause, the iterable is the last part kept.
func (r *reader) compCount(e *expr, depth int) iterCount {
	device := false
	for _, tk := range r.topTokens(e) {
		if tk.kind == pytoken.Name && r.tokText(tk) == "for" {
			break
		}
		device = device || tk.kind == pytoken.String && strings.Contains(r.tokText(tk), "cuda")
	}
	if !r.oneForClause(e) || len(e.elts) == 0 {
		return iterCount{device: device}
	}
	c := r.countOf(e.elts[len(e.elts)-1], depth+1) // depth carried: x = [f(y) for y in x] must end
	c.device = c.device || device
	return c
}

// oneForClause reports whether the comprehension e has one for clause and no if clause
// (an if before the for is a conditional expression in the element, not a clause).
func (r *reader) oneForClause(e *expr) bool {
	var fors, ifs int
	for _, tk := range r.topTokens(e) {
		switch {
		case tk.kind != pytoken.Name:
		case r.tokText(tk) == "for":
			fors++
		case r.tokText(tk) == "if" && fors > 0:
			ifs++
		}
	}
	return fors == 1 && ifs == 0
}

// topTokens returns the tokens of a bracketed display or comprehension inside its
// outer brackets, at the outer level (nil when e is not bracketed).
func (r *reader) topTokens(e *expr) []token {
	toks := r.tokenRange(e)
	if len(toks) < 2 || toks[0].kind != pytoken.Op || !strings.Contains("([{", r.tokText(toks[0])) {
		return nil
	}
	var out []token
	depth := 0
	for _, tk := range toks {
		if tk.kind == pytoken.Op {
			switch r.tokText(tk) {
			case "(", "[", "{":
				depth++
				continue
			case ")", "]", "}":
				depth--
				continue
			}
		}
		if depth == 1 {
			out = append(out, tk)
		}
	}
	return out
}

// tokText returns a token's text.
func (r *reader) tokText(t token) string { return r.src[t.off : t.off+t.n] }

// countOf returns the number of items an iterable expression yields, when the script
// shows it: range() of literal ints or names bound once to one, a list or tuple
// display, enumerate() and zip() of those, a comprehension over one, and a name bound
// once to any of these. torch.cuda.device_count() is a device count it cannot know.
func (r *reader) countOf(e *expr, depth int) iterCount {
	if e == nil || depth > maxCountDepth {
		return iterCount{}
	}
	switch {
	case e.kind == name:
		if vs := r.assigned[e.name]; len(vs) == 1 {
			return r.countOf(vs[0], depth+1)
		}
	case e.kind == other && e.is(comp):
		return r.compCount(e, depth)
	case e.kind == tuple || e.kind == other && !e.is(dictDisplay) && !e.is(orChain) && !e.is(andChain):
		return r.displayCount(e)
	case e.kind == call:
		return r.callCount(e, depth)
	}
	return iterCount{}
}

// displayCount counts the items of a list, tuple or set display by its commas (the
// parser drops literal items), unknown with a starred item; it iterates over devices
// when every item is a string naming one.
func (r *reader) displayCount(e *expr) iterCount {
	toks := r.topTokens(e)
	if len(toks) == 0 {
		return iterCount{}
	}
	n, strs, onlyStrs := 1, 0, true
	for i, tk := range toks {
		t := r.tokText(tk)
		switch {
		case tk.kind == pytoken.Op && t == ",":
			if i < len(toks)-1 {
				n++
			}
		case unknownItems(tk, t, i == 0 || r.tokText(toks[i-1]) == ","):
			return iterCount{}
		case tk.kind == pytoken.String:
			if strings.Contains(t, "cuda") {
				strs++
			}
		default:
			onlyStrs = false
		}
	}
	return iterCount{n: n, device: onlyStrs && strs == n}
}

// unknownItems reports whether a display's token makes its length unknown: a
// starred item (at an item's start), or a comprehension or lambda.
func unknownItems(tk token, t string, itemStart bool) bool {
	if tk.kind == pytoken.Op {
		return (t == "*" || t == "**") && itemStart
	}
	return tk.kind == pytoken.Name && (t == "for" || t == "lambda")
}

// callCount counts range(), enumerate(), zip() and the device counters.
func (r *reader) callCount(e *expr, depth int) iterCount {
	q := r.qual(e.x)
	if q == "" {
		q = r.builtin(e.x)
	}
	switch {
	case deviceCounters.has(q):
		return r.deviceCounterCount()
	case q == "enumerate" || q == "reversed" || q == "list" || q == "tuple" || q == "sorted":
		if len(e.args) > 0 && e.args[0].star == 0 {
			return r.countOf(e.args[0].value, depth+1)
		}
	case q == "zip":
		return r.zipCount(e, depth)
	case q == "range":
		return r.rangeCount(e, depth)
	}
	return iterCount{}
}

// zipCount is the shortest known count of zip's arguments.
func (r *reader) zipCount(e *expr, depth int) iterCount {
	out := iterCount{}
	for _, a := range e.args {
		if a.star != 0 || a.keyword != "" {
			continue
		}
		c := r.countOf(a.value, depth+1)
		out.device = out.device || c.device
		if c.n > 0 && (out.n == 0 || c.n < out.n) {
			out.n = c.n
		}
	}
	return out
}

// rangeCount counts range(stop), range(start, stop) and range(start, stop, step) with
// ints the script gives; range(torch.cuda.device_count()) iterates over devices.
func (r *reader) rangeCount(e *expr, depth int) iterCount {
	var v [3]int
	n := 0
	for _, a := range e.args {
		if a.star != 0 || a.keyword != "" || n == 3 {
			return iterCount{}
		}
		if r.isDeviceCounter(a.value, depth+1) {
			return r.counterCount(a.value)
		}
		x, ok := r.intOf(a.value, depth+1)
		if !ok {
			return iterCount{}
		}
		v[n] = x
		n++
	}
	start, stop, step := 0, 0, 1
	switch n {
	case 1:
		stop = v[0]
	case 2:
		start, stop = v[0], v[1]
	case 3:
		start, stop, step = v[0], v[1], v[2]
	default:
		return iterCount{}
	}
	if step <= 0 || stop <= start {
		return iterCount{}
	}
	return iterCount{n: min((stop-start+step-1)/step, graphs.MaxDevices+1)}
}

// isDeviceCounter reports whether e is a call of a device counter
// (torch.cuda.device_count()), or a name bound once to one (n = …; range(n)).
func (r *reader) isDeviceCounter(e *expr, depth int) bool {
	if e.kind == name && depth <= maxCountDepth {
		if vs := r.assigned[e.name]; len(vs) == 1 {
			return r.isDeviceCounter(vs[0], depth+1)
		}
		return len(r.assigned[e.name]) == 0 && r.counters[e.name] == 1
	}
	return e.kind == call && deviceCounters.has(r.qual(e.x))
}

// intOf returns the value of an int literal, of a name bound once to one, or of an
// argparse option (args.n): the list read gives it, else by its default.
func (r *reader) intOf(e *expr, depth int) (int, bool) {
	if e.kind == attr && r.isNamespace(e.x) {
		if v, given := r.av.ints[e.name]; given {
			return countInt(v) // args.n the list read gives (argv14 item 3), whatever its default (newuser15 M1: default=torch.cuda.device_count())
		}
		if d, ok := r.argDefaults[e.name]; ok {
			return countInt(d.value) // args.n: the parser's default, a run given nothing's (script13 item 2)
		}
	}
	if e.kind == name && depth <= maxCountDepth {
		switch vs := r.assigned[e.name]; len(vs) {
		case 0:
			return r.moduleInt(e.name)
		case 1:
			return r.intOf(vs[0], depth+1)
		}
		return 0, false
	}
	v, ok := r.literal(e)
	if !ok {
		if e.kind == other && e.flags == 0 && len(e.elts) >= 2 {
			return r.arithInt(e, depth) // total // (batch * seq): accumcount.go
		}
		return 0, false
	}
	return countInt(v)
}

// maxCountInt bounds the ints intOf and moduleInt accept.
const maxCountInt = 1 << 20

// countInt returns v when it is an int from 0 to maxCountInt.
func countInt(v literal.Value) (int, bool) {
	n, isInt := v.AsInt()
	if !isInt || n < 0 || n > maxCountInt {
		return 0, false
	}
	return int(n), true
}

// threadCount returns how many times the loops around a thread start run it, those
// around the calls of the defs it is in included (a def called in a loop starts its
// thread once per iteration): the product of their counts (0 when one is unknown, or
// none encloses it), and whether one of them iterates over devices.
func (r *reader) threadCount() iterCount {
	if len(r.iters) == 0 && len(r.outer) == 0 {
		return iterCount{}
	}
	out := iterCount{n: 1}
	for _, it := range append(r.outer[:len(r.outer):len(r.outer)], r.iters...) {
		out.device = out.device || it.device
		if it.visible != "" {
			out.visible = it.visible
		}
		if it.n == 0 || out.n == 0 {
			out.n = 0
			continue
		}
		out.n = min(out.n*it.n, graphs.MaxDevices+1)
	}
	return out
}

// builtin returns the name of a builtin that e names: a bare name the script neither
// imports nor defines ("" otherwise).
func (r *reader) builtin(e *expr) string {
	if e == nil || e.kind != name || r.funcs[e.name] != nil {
		return ""
	}
	if _, imported := r.aliases[e.name]; imported {
		return ""
	}
	return e.name
}

// moduleInt returns the value of NAME = INT when the module assigns name once, so,
// and nothing else does. The parser does not keep such statements (see inert): their
// tokens are read instead: only those that spell name (nameTokens), so that a file
// of many range(NAME) loops is read in linear time.
func (r *reader) moduleInt(name string) (int, bool) {
	val, found := 0, 0
	for _, i := range r.nameTokens(name) {
		t := r.toks[i]
		if i+3 >= len(r.toks) || i > 0 && r.toks[i-1].kind != pytoken.Newline && r.toks[i-1].kind != pytoken.Dedent {
			continue
		}
		if t.full(r.src, r.lines).Pos.Col != 1 || r.tokText(r.toks[i+1]) != "=" {
			continue
		}
		if r.toks[i+2].kind != pytoken.Number || r.toks[i+3].kind != pytoken.Newline {
			return 0, false
		}
		lit, err := literal.Parse(r.tokText(r.toks[i+2]))
		if err != nil {
			return 0, false
		}
		v, ok := countInt(lit)
		if !ok {
			return 0, false
		}
		val, found = v, found+1
	}
	return val, found == 1
}

// inLoop reports whether what runs now is in a loop: its own def's, or one around a
// call that entered it.
func (r *reader) inLoop() bool { return r.loop > 0 || len(r.outer) > 0 }
