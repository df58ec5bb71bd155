package script

import (
	"strings"

	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// Input sizes a loop makes (sweep5 finding 22). torch._dynamo.mark_dynamic(x, d) marks
// dimension d of x as changing between calls; when x is built by a tensor factory
// whose size at d is a loop's variable (for n in range(1, 200): x = torch.randn(n, 64);
// mark_dynamic(x, 0); model(x)), the run sees as many distinct sizes as the loop has
// iterations (range(…), a list display of sizes, enumerate and zip of those: the
// counts countOf reads). That is graphs.Workload.DistinctSizes, which the command's
// -sizes flag sets: cudagraph trees record one graph per size and warn past
// triton.cudagraph_dynamic_shape_warn_limit (graphs.Workload.DistinctSizes).

// sizeFactories are the tensor factories whose positional arguments, or whose first
// argument when it is a tuple or list display, are the sizes of the tensor's
// dimensions (torch/_torch_docs.py: torch.randn(*size), torch.zeros(*size), …; full
// takes its fill value after the size, as the second argument).
var sizeFactories = nameSet{
	"torch.randn", "torch.rand", "torch.zeros", "torch.ones",
	"torch.empty", "torch.full",
}

// markedSizes returns how many distinct sizes the input that mark_dynamic call c marks
// takes over the loops running now: the count of the loop whose variable gives the
// marked dimension's size (0: not known).
func (r *reader) markedSizes(c *expr) int {
	x, d := kwarg(c, "t", 0), kwarg(c, "index", 1)
	if x == nil || x.kind != name || d == nil {
		return 0
	}
	dim, ok := r.intOf(d, 0)
	if !ok {
		return 0
	}
	f := r.made[x.name]
	if f == nil {
		return 0
	}
	size := r.sizeName(f, dim)
	if size == "" {
		return 0
	}
	return r.loopVarCount(size)
}

// sizeName returns the variable that gives a factory call's size at dimension dim
// ("" when the size there is not a bare name, or the call does not show it).
func (r *reader) sizeName(f *expr, dim int) string {
	for _, a := range f.args {
		if a.star != 0 {
			return "" // randn(*shape): positions unknown
		}
	}
	first := kwarg(f, "size", 0)
	if first != nil && first.kind != name && first.kind != call && len(r.topTokens(first)) > 0 {
		return r.displayItemName(first, dim)
	}
	if r.qual(f.x) == "torch.full" && dim > 0 {
		return "" // full(size, fill_value): only a size display is read
	}
	if e := kwarg(f, "", dim); e != nil && e.kind == name {
		return e.name
	}
	return ""
}

// displayItemName returns the name that is item i of a tuple or list display, read
// from its tokens (the parser does not keep a display's literal items, so its elts do
// not give positions); "" when that item is anything else.
func (r *reader) displayItemName(e *expr, i int) string {
	toks := r.tokenRange(e)
	depth, item := 0, 0
	var got []token
	for _, tk := range toks {
		t := r.tokText(tk)
		if tk.kind == pytoken.Op && strings.Contains("([{", t) {
			depth++
			if depth == 1 {
				continue
			}
		}
		if tk.kind == pytoken.Op && strings.Contains(")]}", t) {
			depth--
			if depth == 0 {
				continue
			}
		}
		if depth == 1 && tk.kind == pytoken.Op && t == "," {
			item++
			continue
		}
		if item == i && depth >= 1 {
			got = append(got, tk)
		}
	}
	if len(got) != 1 || got[0].kind != pytoken.Name {
		return ""
	}
	return r.tokText(got[0])
}

// loopVarCount returns the iteration count of the innermost running loop whose
// variable is n (an item of its target tuple included), 0 when none or unknown.
func (r *reader) loopVarCount(n string) int {
	for i := len(r.loopTargets) - 1; i >= 0; i-- {
		if !targetNames(r.loopTargets[i], n) {
			continue
		}
		if i < len(r.loopIters) && r.loopIters[i] != nil {
			return r.countOf(r.loopIters[i], 0).n
		}
		return 0
	}
	return 0
}

// targetNames reports whether the loop target t binds n (for n in …, for i, n in …).
func targetNames(t *expr, n string) bool {
	if t == nil {
		return false
	}
	if t.kind == name {
		return t.name == n
	}
	if t.kind == tuple {
		for _, e := range t.elts {
			if targetNames(e, n) {
				return true
			}
		}
	}
	return false
}

// noteMade records, for a name, the tensor factory call last assigned to it where the
// reader runs now (forgotten when another value is assigned).
func (r *reader) noteMade(t, v *expr) {
	if t == nil || t.kind != name {
		return
	}
	if v != nil && v.kind == call && sizeFactories.has(r.qual(v.x)) {
		if r.made == nil {
			r.made = map[string]*expr{}
		}
		r.made[t.name] = v
		return
	}
	delete(r.made, t.name)
}

// maxSizeDims bounds the dimensions loopSizes looks at.
const maxSizeDims = 8

// loopSizes returns how many distinct sizes the inputs of c, a call of a compiled
// function, take over the loops running now: an argument that is a tensor factory's
// call, or a name bound to one, whose size at some dimension is a loop's variable
// (for n in range(1, 200): model(torch.randn(n, 64))). Without mark_dynamic, Dynamo
// compiles the first size statically and, at the second, a graph with symbolic sizes
// that takes the rest (automatic_dynamic_shapes, on by default; measured on 2.6.0 and
// 2.14.1, testdata/measured/loop_sizes.out: 11 sizes make 2 graphs, the second
// symbolic, with dynamic=None; 8 static ones with dynamic=False, the recompile limit).
func (r *reader) loopSizes(c *expr) int {
	best := 0
	for _, a := range c.args {
		if a.keyword != "" || a.star != 0 {
			continue
		}
		f := a.value
		if f.kind == name {
			f = r.made[f.name]
		}
		if f == nil || f.kind != call || !sizeFactories.has(r.qual(f.x)) {
			continue
		}
		for d := range maxSizeDims {
			if n := r.sizeName(f, d); n != "" {
				best = max(best, r.loopVarCount(n))
			}
		}
	}
	return best
}
