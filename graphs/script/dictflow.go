package script

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// Dict flow follows a dict bound to a name through what the script does to it, in
// program order: the display or dict(…) call that builds it, merges ({**a, **b},
// dict(a, k=v), a | b), item assignment, .update, .setdefault, del, .pop, .clear and
// |=, and the names it is bound to (b = a is the same dict; dict(a) and a.copy() a
// new one; a dict display or dict(…) that is an item of one is a dict of its own, which
// D["k"] names, as b = D["k"] binds it: script14 item 2). What runs under a guard the dict was not built under may or may not run,
// so each such change keeps the value without it as another variant. A site that
// passes the name as options= or **kwargs gets the variants in force there (see
// dictOptions); a part that is not a literal is named, never dropped.

// maxDictVariants bounds the variants kept per dict; past it, a change is not
// followed and the site's note says so.
const maxDictVariants = 8

// dflowItem is one item of a followed dict: a str key with a literal value, a value
// that is another followed dict (opts in dict(options=opts)), or a value not known.
type dflowItem struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	key  string
	val  literal.Value
	ref  *dictObj // the value is this followed dict (nil: val, or unknown)
	text string   // the value's source, when neither a literal nor a followed dict
	x    *expr    // the value's expression
	ok   bool     // val is the value
}

// dictVal is one possible content of a followed dict.
type dictVal struct {
	items   []dflowItem
	unknown []string // what changed it in a way not followed (", "-joined in notes)
}

// dictObj is a dict object the script builds; names bound to it share it.
type dictObj struct {
	variants []dictVal
	line     int        // where it was built
	changes  []int      // the lines that changed it since, in order
	depth    int        // how many guards were in force where it was built
	changed  bool       // built by a merge or dict(…), or changed after: dictOptions reads it
	cut      string     // a change not followed because of maxDictVariants or maxDictWork ("": none)
	full     int        // the first change not followed because of maxDictWork (0: none)
	escaped  []string   // calls it was handed to whose code the reader does not run
	chain    *dictChain // the if/elif/else chain changing it now (nil: none)
	outside  bool       // not built in this file: first seen changed at line (outsideDict)
}

// dictChain is what an if/elif/else chain running now has done to a dict built
// outside it: its branches are alternatives (at most one runs), so each branch starts
// from the value before the chain (entry) and the chain leaves the values the
// branches made, and entry too unless every branch of a chain with an else changed
// the dict (sweep finding 4). settleChain ends it when the chain's statement ends.
type dictChain struct {
	id, branch int32
	nbranch    int32
	hasElse    bool
	entry, out []dictVal
	seen       map[int32]bool
}

// dictKey names a followed dict: a name in a def (nil: the module), or an attribute
// chain's text (self.opts, file-wide).
type dictKey struct {
	fn   *stmt
	name string
}

// dictKeyOf returns the key of a name or attribute chain, and false for anything else.
func (r *reader) dictKeyOf(e *expr, fn *stmt) (dictKey, bool) {
	switch {
	case e == nil:
		return dictKey{}, false
	case e.kind == name:
		return dictKey{fn, e.name}, true
	case e.kind == attr:
		return dictKey{nil, oneLine(r.text(e))}, true
	}
	return dictKey{}, false
}

// dictOf returns the followed dict a name or attribute stands for where the reader
// runs now: the def's own, else an enclosing def's, else the module's.
func (r *reader) dictOf(e *expr) *dictObj {
	return r.dictOfDepth(e, 0)
}

// dictOfDepth is dictOf, also of D["k"] (depth: the subscripts followed): the dict
// item k of followed dict D is in each variant of D that has it (script14 item 2:
// CONFIG["compile"] of CONFIG = {"compile": {"mode": …}}).
func (r *reader) dictOfDepth(e *expr, depth int) *dictObj {
	if e != nil && e.kind == subscript && depth < maxIndexDepth {
		return r.itemDict(r.dictOfDepth(e.x, depth+1), e.index)
	}
	if r.dictObjs == nil || e == nil || e.kind != name && e.kind != attr {
		return nil
	}
	if e.kind == attr {
		k, _ := r.dictKeyOf(e, nil)
		return r.dictObjs[k]
	}
	for d, n := r.fn, 0; n < MaxNesting; d, n = r.owner[d], n+1 {
		if o := r.dictObjs[dictKey{d, e.name}]; o != nil {
			return o
		}
		if d == nil {
			break
		}
	}
	return nil
}

// dictAssign follows target = value: a new dict, an alias of a followed one, or the
// end of the name's dict (any other value).
func (r *reader) dictAssign(t, v *expr) {
	if t.kind == subscript {
		r.dictSetItem(t, v)
		return
	}
	k, ok := r.dictKeyOf(t, r.fn)
	if !ok {
		return
	}
	if r.dictObjs == nil {
		r.dictObjs = map[dictKey]*dictObj{}
	}
	if o := r.dictOf(v); o != nil && (v.kind == name || v.kind == attr || v.kind == subscript) {
		r.dictObjs[k] = o // b = a: the same dict
		return
	}
	if r.dictWork > maxDictWork {
		// Past the budget: the name is a dict not followed, as its notes say.
		o := &dictObj{line: int(v.line), changed: true, full: int(v.line)}
		o.variants = []dictVal{{unknown: []string{cut(oneLine(r.text(v)), MaxCallText)}}}
		r.dictSpend(o, int(v.line))
		r.dictObjs[k] = o
		return
	}
	if vals, ok := r.condBuild(v); ok {
		// a if c else b of two dict builds: each is a value the dict may have (sweep3
		// finding 11).
		r.dictObjs[k] = &dictObj{variants: vals, line: int(v.line), depth: len(r.guards), changed: true}
		return
	}
	val, changed, isDict := r.dictBuild(v)
	if !isDict {
		delete(r.dictObjs, k)
		return
	}
	r.dictWork += len(val.items)
	if prev := r.dictObjs[k]; prev != nil && len(r.guards) > prev.depth {
		// Built again under a guard: a change of the value in force, made on a copy
		// so that another name bound to the dict before keeps it. The value before
		// stays only where the guard may not hold; the branches of an if/elif/else
		// chain are alternatives (dictChain), so a dict built in every branch of a
		// chain with an else no longer has it.
		r.dictObjs[k] = r.dictCopy(prev)
		r.change(t, int(v.line), func(dictVal) dictVal { return val })
		return
	}
	r.dictObjs[k] = &dictObj{variants: []dictVal{val}, line: int(v.line), depth: len(r.guards), changed: changed}
}

// itemDict returns the followed dict item index of o is (nil: o is nil, index no
// str literal, or the item is no followed dict in some variant of o that has it).
func (r *reader) itemDict(o *dictObj, index *expr) *dictObj {
	k, ok := r.literalStr(index)
	if o == nil || !ok {
		return nil
	}
	var sub *dictObj
	for _, v := range o.variants {
		it, has := v.item(k)
		switch {
		case !has:
		case it.ref == nil || sub != nil && sub != it.ref:
			return nil
		default:
			sub = it.ref
		}
	}
	return sub
}

// dictCopy returns a copy of o that takes over the if/elif/else chain changing it.
func (r *reader) dictCopy(o *dictObj) *dictObj {
	c := *o
	c.variants = append([]dictVal(nil), o.variants...)
	c.changes = append([]int(nil), o.changes...)
	if o.chain != nil {
		for i, x := range r.chained {
			if x == o {
				r.chained[i] = &c
			}
		}
		o.chain = nil
	}
	return &c
}

// dictBuild returns the dict v builds: a display, dict(…), a copy of a followed dict
// (dict(a), a.copy(), copy.copy(a), copy.deepcopy(a)), or a | b. changed reports a
// build the display reader does not read (anything but a plain display).
func (r *reader) dictBuild(v *expr) (val dictVal, changed, ok bool) {
	switch {
	case v == nil:
		return dictVal{}, false, false
	case isDictExpr(v):
		val, splat := r.displayVal(v)
		return val, splat, true
	case v.kind == other && isEmptyDict(r.text(v)):
		return dictVal{}, false, true
	case v.kind == other && v.is(comp) && strings.HasPrefix(r.text(v), "{"):
		return dictVal{unknown: []string{oneLine(r.text(v))}}, true, true
	case v.kind == call:
		return r.callBuild(v)
	case v.kind == other && strings.Contains(r.text(v), "|"):
		return r.orBuild(v)
	}
	return dictVal{}, false, false
}

// displayVal reads a dict display's items in order, merging **splats; splat reports
// whether it merged one ({**a, …}). The items between splats are merged as one run
// (merge copies what it merges into: one merge per item made a display of n items
// cost n²).
func (r *reader) displayVal(v *expr) (out dictVal, splat bool) {
	pairs, _ := dictPairs(v)
	var run []dflowItem
	for _, p := range pairs {
		if p.splat != nil {
			out, run = out.merge(dictVal{items: run}), nil
			out, splat = out.merge(r.mergeSource(p.splat)), true
			continue
		}
		k, ok := r.literalStr(p.key)
		if !ok {
			out.unknown = append(out.unknown, fmt.Sprintf("%s: %s", oneLine(r.text(p.key)), oneLine(r.text(p.value))))
			continue
		}
		run = append(run, r.itemOf(k, p.value))
	}
	return out.merge(dictVal{items: run}), splat
}

// isEmptyDict reports whether t is the display {} (spaces and line breaks allowed).
func isEmptyDict(t string) bool {
	return strings.HasPrefix(t, "{") && strings.HasSuffix(t, "}") && strings.TrimSpace(t[1:len(t)-1]) == ""
}

// itemOf reads one item: a literal value, a followed dict, or the value's source.
func (r *reader) itemOf(k string, v *expr) dflowItem {
	if isDictExpr(v) || r.isDictCall(v) {
		// {"compile": {"mode": …}}, dict(train=dict(…)): the inner dict is an object
		// of its own, which CONFIG["compile"] names (nested dicts, script14 item 2)
		val, _, _ := r.dictBuild(v)
		return dflowItem{key: k, ref: &dictObj{variants: []dictVal{val}, line: int(v.line), depth: len(r.guards), changed: true}, x: v}
	}
	if lv, ok := r.literal(v); ok {
		return dflowItem{key: k, val: lv, ok: true, x: v}
	}
	if o := r.dictOf(v); o != nil {
		return dflowItem{key: k, ref: o, x: v}
	}
	return dflowItem{key: k, text: oneLine(r.text(v)), x: v}
}

// set returns d with the item set (replacing an item of that key, in place, as a dict
// keeps the first insertion's position).
func (d dictVal) set(it dflowItem) dictVal {
	out := dictVal{items: make([]dflowItem, 0, len(d.items)+1), unknown: d.unknown}
	done := false
	for _, x := range d.items {
		if x.key == it.key {
			x, done = it, true
		}
		out.items = append(out.items, x)
	}
	if !done {
		out.items = append(out.items, it)
	}
	return out
}

// del returns d without the item of key k.
func (d dictVal) del(k string) dictVal {
	out := dictVal{unknown: d.unknown}
	for _, x := range d.items {
		if x.key != k {
			out.items = append(out.items, x)
		}
	}
	return out
}

// has reports whether d has an item of key k.
func (d dictVal) has(k string) bool {
	_, ok := d.item(k)
	return ok
}

// merge returns d updated by m's items, in m's order, in time linear in their sizes
// (d's items are copied once: variants share them).
func (d dictVal) merge(m dictVal) dictVal {
	if len(m.items) > 0 {
		items := make([]dflowItem, len(d.items), len(d.items)+len(m.items))
		copy(items, d.items)
		at := make(map[string]int, len(items))
		for i, x := range items {
			at[x.key] = i
		}
		for _, it := range m.items {
			if i, ok := at[it.key]; ok {
				items[i] = it
				continue
			}
			at[it.key] = len(items)
			items = append(items, it)
		}
		d.items = items
	}
	if len(m.unknown) > 0 {
		d.unknown = append(append([]string(nil), d.unknown...), m.unknown...)
	}
	return d
}

// mergeSource returns the items a merge takes from e (**e, .update(e), dict(e)): a
// followed dict's first variant (the others are kept by the caller's variants only
// when e is the dict being changed), a display, or e's source as not followed.
func (r *reader) mergeSource(e *expr) dictVal {
	if o := r.dictOf(e); o != nil {
		if len(o.variants) == 1 {
			return o.variants[0]
		}
		return dictVal{unknown: []string{"**" + oneLine(r.text(e)) + " (one of several values)"}}
	}
	if v, _, ok := r.dictBuild(e); ok {
		return v
	}
	if v, ok := r.fieldDict(e); ok {
		return v
	}
	return dictVal{unknown: []string{"**" + oneLine(r.text(e))}}
}

// fieldDict reads obj.x, obj of a class of the file, when one dict display alone
// reaches it: a dataclass field's field(default_factory=lambda: {…}) or a class
// attribute's display (sweep finding 3: vLLM-like inductor_compile_config), with no
// item assigned to it.
func (r *reader) fieldDict(e *expr) (dictVal, bool) {
	if e == nil || e.kind != attr {
		return dictVal{}, false
	}
	dicts, items, scoped := r.scopedDicts(e)
	if !scoped || len(dicts) != 1 || len(items) > 0 {
		return dictVal{}, false
	}
	v, _, ok := r.dictBuild(dicts[0])
	return v, ok
}

// callBuild reads dict(…) (positional mapping, then keywords), a.copy(),
// copy.copy(a) and copy.deepcopy(a).
func (r *reader) callBuild(v *expr) (dictVal, bool, bool) {
	q := r.qual(v.x)
	switch {
	case q == "" && r.builtin(v.x) == "dict":
		return r.kwargsVal(dictVal{}, v.args), true, true
	case q == "copy.copy" || q == "copy.deepcopy":
		if len(v.args) == 1 && r.dictOf(v.args[0].value) != nil {
			return r.mergeSource(v.args[0].value), true, true
		}
	case v.x.kind == attr && v.x.name == "copy" && len(v.args) == 0 && r.dictOf(v.x.x) != nil:
		return r.mergeSource(v.x.x), true, true
	}
	return dictVal{}, false, false
}

// kwargsVal applies the arguments of dict(…) or .update(…) to d: a positional
// mapping first, then the keywords and **splats in order.
func (r *reader) kwargsVal(d dictVal, args []arg) dictVal {
	for _, a := range args {
		switch {
		case a.star == 2 || a.keyword == "" && a.star == 0:
			d = d.merge(r.mergeSource(a.value))
		case a.star == 1:
			d.unknown = append(append([]string(nil), d.unknown...), "*"+oneLine(r.text(a.value)))
		default:
			d = d.set(r.itemOf(a.keyword, a.value))
		}
	}
	return d
}

// orBuild reads a | b (Python 3.9+ dict union) of two followed dicts or displays;
// anything else is not a dict build.
func (r *reader) orBuild(v *expr) (dictVal, bool, bool) {
	parts := strings.Split(r.text(v), "|")
	if len(parts) != 2 || len(v.elts) != 2 {
		return dictVal{}, false, false
	}
	a, b := v.elts[0], v.elts[1]
	if r.dictOf(a) == nil && !isDictExpr(a) || r.dictOf(b) == nil && !isDictExpr(b) {
		return dictVal{}, false, false
	}
	return r.mergeSource(a).merge(r.mergeSource(b)), true, true
}

// change applies f to every variant of the followed dict e names (nil: none), at
// line; under a guard deeper than where the dict was built the unchanged variants
// stay.
func (r *reader) change(e *expr, line int, f func(dictVal) dictVal) {
	o := r.dictOf(e)
	if o == nil || !r.dictSpend(o, line) {
		return
	}
	decided, runs := r.guardsDecided(o.depth)
	if decided && !runs {
		return // under a guard false where the plan is made (a release without the key hasattr tests): never runs
	}
	optional := len(r.guards) > o.depth && !decided
	if optional && r.guards[o.depth].chain != 0 {
		r.enterBranch(o, r.guards[o.depth])
		optional = len(r.guards) > o.depth+1 // a guard inside the branch
	}
	next := make([]dictVal, 0, 2*len(o.variants))
	if optional {
		next = append(next, o.variants...)
	}
	for _, v := range o.variants {
		next = append(next, f(v))
	}
	o.variants, o.changed = uniqueVariants(next), true
	o.changes = append(o.changes, line)
	o.variants = o.capVariants(line)
}

// guardsDecided reports whether the guards deeper than depth (those a dict built at
// depth was not built under) are each decided where the plan is made (a hasattr on
// Inductor's config for the release planned, the platform, the environment), and if
// so whether they all hold (script11 r08: lmdeploy's options[...] under
// hasattr(config, "emulate_divison_rounding"), a key 2.11 does not have, was planned
// as an option 2.11 rejects). No deeper guard: not decided.
func (r *reader) guardsDecided(depth int) (decided, runs bool) {
	if len(r.guards) <= depth {
		return false, true
	}
	runs = true
	for _, g := range r.guards[depth:] {
		switch {
		case g.off:
			return true, false
		case !g.on:
			runs = false
		}
	}
	return runs, runs
}

// enterBranch makes o's variants those of branch g of an if/elif/else chain: the
// value before the chain when the branch changes it first, the results of the
// branches before kept for settleChain.
func (r *reader) enterBranch(o *dictObj, g guard) {
	c := o.chain
	switch {
	case c != nil && c.id != g.chain:
		r.settle(o) // a chain that ended without settleChain: end it now
		fallthrough
	case c == nil:
		o.chain = &dictChain{id: g.chain, branch: g.branch, nbranch: g.nbranch, hasElse: g.hasElse, entry: o.variants, seen: map[int32]bool{}}
		r.chained = append(r.chained, o)
	case c.branch != g.branch:
		c.out = append(c.out, o.variants...)
		o.variants, c.branch = c.entry, g.branch
	}
	o.chain.seen[g.branch] = true
}

// settleChain ends what if/elif/else chain id did to the dicts it changed.
func (r *reader) settleChain(id int32) {
	kept := r.chained[:0]
	for _, o := range r.chained {
		if o.chain != nil && o.chain.id == id {
			r.settle(o)
		} else if o.chain != nil {
			kept = append(kept, o)
		}
	}
	r.chained = kept
}

// settle leaves o with the values its chain's branches made, and the value before the
// chain unless every branch of a chain with an else changed it.
func (r *reader) settle(o *dictObj) {
	c := o.chain
	if c == nil {
		return
	}
	o.chain = nil
	var vs []dictVal
	if !c.hasElse || int32(len(c.seen)) < c.nbranch {
		vs = append(vs, c.entry...) // a path on which no branch changed it
	}
	vs = append(append(vs, c.out...), o.variants...)
	o.variants = uniqueVariants(vs)
	if n := len(o.changes); n > 0 {
		o.variants = o.capVariants(o.changes[n-1])
	}
}

// uniqueVariants keeps the first of each distinct value: a dict's values are counted
// as dicts, not as the paths that made them (sweep finding 4).
func uniqueVariants(vs []dictVal) []dictVal {
	if len(vs) < 2 {
		return vs
	}
	seen := make(map[string]bool, len(vs))
	out := vs[:0:0]
	for _, v := range vs {
		k := v.key()
		if !seen[k] {
			seen[k] = true
			out = append(out, v)
		}
	}
	return out
}

// key identifies the value v holds.
func (v dictVal) key() string {
	var b strings.Builder
	for _, it := range v.items {
		fmt.Fprintf(&b, "%q:%t:%s:%p:%s\x00", it.key, it.ok, it.val.String(), it.ref, it.text)
	}
	for _, u := range v.unknown {
		b.WriteString(u + "\x01")
	}
	return b.String()
}

// maxDictWork bounds the items the dict flow of one script copies (a change copies
// the items of each variant of its dict): 10^5 changes of a dict of 10^5 keys would
// otherwise copy 10^10. Past it, changes are not followed and the sites' notes say so.
const maxDictWork = 1 << 20

// dictSpend counts a change of o at line against maxDictWork and reports whether it
// is followed; the first change that is not records the cut.
func (r *reader) dictSpend(o *dictObj, line int) bool {
	cost := 1
	for _, v := range o.variants {
		cost += len(v.items) + len(v.unknown)
	}
	if r.dictWork+cost <= maxDictWork {
		r.dictWork += cost
		return true
	}
	if o.full == 0 {
		o.full = line
		o.cut = strings.TrimPrefix(o.cut+"; ", "; ") + fmt.Sprintf("the changes from line %d on are not followed: the script's dicts are built and changed more than the reader follows (%d items copied)", line, maxDictWork)
	}
	return false
}

// capVariants returns the variants, at most maxDictVariants, recording a cut.
func (o *dictObj) capVariants(line int) []dictVal {
	if len(o.variants) <= maxDictVariants {
		return o.variants
	}
	if o.cut == "" {
		o.cut = fmt.Sprintf("the change at line %d and later ones under guards make more than %d values: not all are planned", line, maxDictVariants)
	}
	return o.variants[:maxDictVariants]
}

// dictSetItem follows d[k] = v.
func (r *reader) dictSetItem(t, v *expr) {
	k, ok := r.literalStr(t.index)
	if ok {
		r.outsideDict(t.x, int(t.line))
	}
	if !ok {
		unknown := fmt.Sprintf("[%s] = %s (line %d)", oneLine(r.text(t.index)), oneLine(r.text(v)), int(t.line))
		r.change(t.x, int(t.line), func(d dictVal) dictVal {
			d.unknown = append(append([]string(nil), d.unknown...), unknown)
			return d
		})
		return
	}
	it := r.itemOf(k, v)
	r.change(t.x, int(t.line), func(d dictVal) dictVal { return d.set(it) })
}

// outsideDict starts following x, a name or attribute chain bound to no dict the
// reader follows, as a dict the file does not build, when the file sets an item of it
// by a str key (x["k"] = v) or updates it (x.update(…)): what it held before is not
// known, and is kept as a part not followed, beside the items the file sets (unseen8
// w03: torchtitan sets FlexAttention.inductor_configs["max_autotune"] and
// ["coordinate_descent_tuning"] to False, then compiles with
// options=FlexAttention.inductor_configs, a class attribute of another file; the
// options were "not followed" as a whole). It is taken as built under the guards in
// force at that first change.
func (r *reader) outsideDict(x *expr, line int) {
	if x == nil || x.kind != name && x.kind != attr || r.dictOf(x) != nil || r.dictWork > maxDictWork {
		return
	}
	k, ok := r.dictKeyOf(x, r.fn)
	if !ok {
		return
	}
	if r.dictObjs == nil {
		r.dictObjs = map[dictKey]*dictObj{}
	}
	before := fmt.Sprintf("%s as it was before line %d (not built in this file)", cut(oneLine(r.text(x)), MaxCallText), line)
	r.dictObjs[k] = &dictObj{variants: []dictVal{{unknown: []string{before}}}, line: line, depth: len(r.guards), changed: true, outside: true}
}

// dictDel follows del d[k] (each target of a del statement).
func (r *reader) dictDel(e *expr) {
	if e == nil {
		return
	}
	if e.kind == tuple {
		for _, x := range e.elts {
			r.dictDel(x)
		}
		return
	}
	if e.kind != subscript {
		if k, ok := r.dictKeyOf(e, r.fn); ok && r.dictObjs != nil {
			delete(r.dictObjs, k)
		}
		return
	}
	r.dictRemove(e.x, e.index, int(e.line))
}

// dictRemove removes the item of key idx from the dict x names (unknown when idx is
// not a str literal).
func (r *reader) dictRemove(x, idx *expr, line int) {
	k, ok := r.literalStr(idx)
	if !ok {
		unknown := fmt.Sprintf("an item removed by key %s (line %d)", oneLine(r.text(idx)), line)
		r.change(x, line, func(d dictVal) dictVal {
			d.unknown = append(append([]string(nil), d.unknown...), unknown)
			return d
		})
		return
	}
	r.change(x, line, func(d dictVal) dictVal { return d.del(k) })
}

// dictCall follows d.update(…), d.setdefault(k, v), d.pop(k[, default]), d.clear()
// and d.popitem().
func (r *reader) dictCall(c *expr) {
	if c.x.kind != attr {
		return
	}
	if c.x.name == "update" && len(c.args) == 1 && c.args[0].keyword == "" && c.args[0].star == 0 && c.args[0].value.is(dictDisplay) {
		r.outsideDict(c.x.x, int(c.line)) // x.update({"k": v}) of a dict not built here
	}
	if r.dictOf(c.x.x) == nil {
		return
	}
	d, line := c.x.x, int(c.line)
	switch c.x.name {
	case "update":
		args := c.args
		r.change(d, line, func(v dictVal) dictVal { return r.kwargsVal(v, args) })
	case "setdefault":
		r.setDefault(d, c, line)
	case "pop":
		if len(c.args) > 0 {
			r.dictRemove(d, c.args[0].value, line)
		}
	case "clear":
		r.change(d, line, func(dictVal) dictVal { return dictVal{} })
	case "popitem":
		r.change(d, line, func(v dictVal) dictVal {
			v.unknown = append(append([]string(nil), v.unknown...), fmt.Sprintf("popitem() (line %d)", line))
			return v
		})
	}
}

// setDefault follows d.setdefault(k, v): the item is set when the key is absent.
func (r *reader) setDefault(d, c *expr, line int) {
	if len(c.args) == 0 {
		return
	}
	k, ok := r.literalStr(c.args[0].value)
	if !ok {
		r.change(d, line, func(v dictVal) dictVal {
			v.unknown = append(append([]string(nil), v.unknown...), fmt.Sprintf("setdefault(%s, …) (line %d)", oneLine(r.text(c.args[0].value)), line))
			return v
		})
		return
	}
	it := dflowItem{key: k, val: literal.None(), ok: true}
	if len(c.args) > 1 {
		it = r.itemOf(k, c.args[1].value)
	}
	r.change(d, line, func(v dictVal) dictVal {
		if v.has(k) {
			return v
		}
		return v.set(it)
	})
}

// dictAugAssign follows d |= m.
func (r *reader) dictAugAssign(s *stmt) {
	if len(s.targets) != 1 || s.value == nil {
		return
	}
	t := s.targets[0]
	op := strings.TrimSpace(r.src[t.end:s.value.start])
	if op != "|=" {
		if t.kind == subscript && r.dictOf(t.x) != nil {
			r.dictSetItem(t, &expr{kind: other, start: t.start, end: s.value.end, line: t.line})
		}
		return
	}
	if r.qual(t) == "os.environ" {
		// os.environ |= {…} (Python 3.9+) sets each item, as os.environ.update does
		// (sweep3 finding 14: dropped silently).
		r.updateDict(int(t.line), s.value)
		return
	}
	m := r.mergeSource(s.value)
	r.change(t, int(t.line), func(v dictVal) dictVal { return v.merge(m) })
}

// maxDictItems bounds the items one followed dict's literal holds, the items of the
// followed dicts inside it included: dicts that hold one another many times over
// (d["a"] = e; d["b"] = e; e["a"] = f; …) would otherwise be written out a number of
// times exponential in their nesting. Past it, the items left are named as not
// followed.
const maxDictItems = 4096

// dictWalk is what literalDict has seen: the followed dicts it is inside (a dict that
// holds itself, d["x"] = d, is not written out again) and the items written so far.
type dictWalk struct {
	path  []*dictObj
	items int
	// alts, when not nil, collects the top-level items that are not literals but
	// have known values (argChoices: a comparison, a if c else b of literals), which
	// are then not named as unknown: the caller plans each value (itemVariants).
	alts *[]itemAlt
}

// itemAlt is an item of a dict whose value is one of vals.
type itemAlt struct {
	key  string
	text string
	vals []ArgChoice
}

// inside reports whether o is a dict the walk is writing out.
func (w *dictWalk) inside(o *dictObj) bool {
	for _, p := range w.path {
		if p == o {
			return true
		}
	}
	return false
}

// literalDict returns a variant of o as a literal dict: its literal items and
// followed dicts (their first variant), and the parts not known, named. A followed
// dict inside itself, one nested past maxAltDepth and the items past maxDictItems
// are parts not known.
func (r *reader) literalDict(o *dictObj, v dictVal, w *dictWalk) (literal.Value, []string) {
	var items []literal.DictItem
	unknown := append([]string(nil), v.unknown...)
	w.path = append(w.path, o)
	defer func() { w.path = w.path[:len(w.path)-1] }()
	for _, it := range v.items {
		w.items++
		switch {
		case w.items > maxDictItems:
			return literal.Dict(items...), append(unknown, fmt.Sprintf("%q and the items after it: more than %d items in all", it.key, maxDictItems))
		case it.ok:
			items = append(items, literal.DictItem{Key: literal.Str(it.key), Val: it.val})
		case it.ref != nil && w.inside(it.ref):
			unknown = append(unknown, fmt.Sprintf("%q: %s (a dict inside itself)", it.key, oneLine(r.text(it.x))))
		case it.ref != nil && len(w.path) <= maxAltDepth && len(it.ref.variants) > 0:
			sub, u := r.literalDict(it.ref, it.ref.variants[0], w)
			items = append(items, literal.DictItem{Key: literal.Str(it.key), Val: sub})
			for _, x := range u {
				unknown = append(unknown, it.key+"."+x)
			}
		case w.alts != nil && len(w.path) == 1 && it.x != nil && r.knownChoices(it.x) != nil:
			*w.alts = append(*w.alts, itemAlt{key: it.key, text: itemText(it, r), vals: r.knownChoices(it.x)})
		default:
			unknown = append(unknown, fmt.Sprintf("%q: %s", it.key, itemText(it, r)))
		}
	}
	return literal.Dict(items...), unknown
}

// knownChoices returns the values e can have when every one is known (argChoices
// complete), nil otherwise.
func (r *reader) knownChoices(e *expr) []ArgChoice {
	vals, complete := r.argChoices(e, 0)
	if !complete {
		return nil
	}
	return uniqueChoices(vals)
}

// itemVariants returns d with each combination of the alts' values added, in order,
// and false when they make more than maxArgCombos dicts (then d alone).
func itemVariants(d literal.Value, alts []itemAlt) ([]literal.Value, bool) {
	items := d.DictItems()
	variants := [][]literal.DictItem{items}
	for _, a := range alts {
		if len(variants)*len(a.vals) > maxArgCombos {
			return []literal.Value{d}, false
		}
		var next [][]literal.DictItem
		for _, v := range variants {
			for _, c := range a.vals {
				next = append(next, append(append([]literal.DictItem(nil), v...), literal.DictItem{Key: literal.Str(a.key), Val: c.v}))
			}
		}
		variants = next
	}
	out := make([]literal.Value, len(variants))
	for i, v := range variants {
		out[i] = literal.Dict(v...)
	}
	return out, true
}

// itemText is the source of an item's value.
func itemText(it dflowItem, r *reader) string {
	if it.text == "" && it.x != nil {
		return oneLine(r.text(it.x))
	}
	return it.text
}

// dictOptions plans options= given by a name of a followed dict that the script
// built by a merge or changed after building it: each variant's literal items, the
// parts not known named in a note. It reports whether e was such a name.
func (r *reader) dictOptions(st *siteState, e *expr) bool {
	o := r.dictOf(e)
	if o == nil {
		o = r.returnedDict(e)
	}
	if o == nil {
		if v, changed, ok := r.dictBuild(e); ok && changed && isDictExpr(e) {
			o = &dictObj{variants: []dictVal{v}, line: int(e.line), changed: true}
		} else {
			return false
		}
	}
	var vals []ArgChoice
	var unknown []string
	var varied []string
	for _, v := range o.variants {
		var alts []itemAlt
		d, u := r.literalDict(o, v, &dictWalk{alts: &alts})
		ds, ok := itemVariants(d, alts)
		for _, a := range alts {
			if !ok {
				u = append(u, fmt.Sprintf("%q: %s (too many combinations)", a.key, a.text))
			} else if len(varied) < maxFlow {
				varied = append(varied, fmt.Sprintf("%q: %s can be %s", a.key, a.text, choicesText(a.vals)))
			}
		}
		for _, d := range ds {
			vals = append(vals, ArgChoice{Line: o.lastLine(), Value: d.String(), v: d})
		}
		unknown = append(unknown, u...)
	}
	vals = uniqueChoices(vals)
	if len(varied) > 0 {
		st.note("options items not literals but with known values: %s; each dict is planned", strings.Join(varied, "; "))
	}
	what := fmt.Sprintf("options `%s` is %s", cut(oneLine(r.text(e)), MaxCallText), o.origin())
	if len(vals) == 1 {
		r.keywordValue(st, "options", vals[0].v)
		st.note("%s: %s", what, vals[0].Value)
	} else {
		st.Alternatives = append(st.Alternatives, ArgAlternatives{Keyword: "options", Expr: cut(oneLine(r.text(e)), MaxCallText), Values: vals, Complete: len(unknown) == 0})
		st.note("%s; changes under guards give it %d values, each planned", what, len(vals))
	}
	r.dictUnknownNote(st, "options", unknown, o)
	return true
}

// dictUnknownNote names the parts of a followed dict that are not planned.
func (r *reader) dictUnknownNote(st *siteState, k string, unknown []string, o *dictObj) {
	unknown = uniqueStrings(unknown)
	if len(unknown) > 0 {
		st.note("%s: not followed, so not planned (not literals): %s", k, cut(strings.Join(unknown, ", "), 4*MaxCallText))
		for _, u := range unknown {
			st.Unfollowed = append(st.Unfollowed, k+": "+cut(u, MaxCallText))
		}
	}
	if o.cut != "" {
		// Values left out: the plan is partial (sweep finding 4).
		st.note("%s: %s", k, o.cut)
		st.Unfollowed = append(st.Unfollowed, k+": "+cut(o.cut, MaxCallText))
	}
	if len(o.escaped) > 0 {
		st.note("%s: the dict was handed to %s, code this file does not show, which may change it: not followed", k, strings.Join(o.escaped, ", "))
	}
}

// readOnlyCalls take a dict without changing it.
var readOnlyCalls = nameSet{"print", "len", "str", "repr", "dict", "list", "sorted",
	"isinstance", "json.dumps", "copy.copy", "copy.deepcopy", "pprint.pprint", "info", "debug",
	"warning", "log", "format", "get", "items", "keys", "values", "copy",
	"update", "setdefault"}

// dictArgs follows the dicts a call is handed: a def of the file gets them bound to
// its parameters (the same dict, so what it does to them is followed when it runs);
// any other call but a read-only one (readOnlyCalls) may change them, which the
// sites' notes say.
func (r *reader) dictArgs(c *expr, q string, def *stmt) {
	if r.dictObjs == nil {
		return
	}
	i := 0
	for _, a := range c.args {
		o := r.dictOf(a.value)
		if a.star == 0 && a.keyword == "" {
			i++
		}
		switch {
		case o == nil || a.star != 0:
		case def != nil && a.keyword != "":
			r.dictObjs[dictKey{def, a.keyword}] = o
		case def != nil && i-1 < len(def.params):
			r.dictObjs[dictKey{def, def.params[i-1].name}] = o
		case def == nil && !readOnlyCalls.has(q) && !readOnlyCalls.has(r.builtin(c.x)) && !readOnlyCalls.has(c.x.name):
			o.escaped = uniqueStrings(append(o.escaped, fmt.Sprintf("%s() (line %d)", cut(oneLine(r.text(c.x)), 80), int(c.line))))
		}
	}
}

// lastLine is the line of the dict's last change (where it was built when none).
func (o *dictObj) lastLine() int {
	if n := len(o.changes); n > 0 {
		return o.changes[n-1]
	}
	return o.line
}

// changeLines says which lines changed the dict since it was built.
// origin is how the notes name o: "the dict built at line N" and its changes, or, for
// a dict the file does not build (outsideDict), "a dict not built in this file,
// changed at line N, …".
func (o *dictObj) origin() string {
	if o.outside {
		return "a dict not built in this file," + strings.TrimPrefix(o.changeLines(), " and")
	}
	return fmt.Sprintf("the dict built at line %d%s", o.line, o.changeLines())
}

func (o *dictObj) changeLines() string {
	if len(o.changes) == 0 {
		return ""
	}
	var ls []string
	for _, l := range o.changes {
		ls = append(ls, fmt.Sprint(l))
	}
	ls = uniqueStrings(ls)
	if n := len(ls) - maxChangeLines; n > 0 {
		ls = append(ls[:maxChangeLines:maxChangeLines], fmt.Sprintf("… (%d more)", n))
	}
	return " and changed at line " + strings.Join(ls, ", ")
}

// maxChangeLines bounds the lines of changes a note lists.
const maxChangeLines = 16

// uniqueStrings keeps the first of each string, in order.
func uniqueStrings(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// dictSplat reads **NAME of a followed dict built by a merge or changed after: the
// keywords of each variant (mode's values become the mode's candidates; options,
// backend, dynamic and fullgraph are read when every variant gives the same), unless
// given directly. It reports whether e was such a name.
func (r *reader) dictSplat(st *siteState, e *expr, given map[string]bool) bool {
	o := r.dictOf(e)
	if o == nil || !o.changed {
		return false
	}
	st.note("**%s: keyword arguments read from %s", cut(oneLine(r.text(e)), MaxCallText), o.origin())
	var unknown []string
	for _, v := range o.variants {
		unknown = append(unknown, v.unknown...)
	}
	if !given["mode"] {
		r.splatVariantsMode(st, e, o)
	}
	var linked []string
	for _, k := range []string{"mode", "options", "backend", "dynamic", "fullgraph", "disable"} {
		if given[k] && o.always(k) {
			st.dupKeyword(k)
		}
		if given[k] || k == "mode" {
			continue
		}
		if r.splatVariantsAlt(st, e, k, o) {
			linked = append(linked, k)
			continue
		}
		unknown = append(unknown, r.splatVariantsKey(st, k, o)...)
	}
	if len(linked) > 0 {
		r.splatLinked(st, o, linked, given["mode"])
	}
	r.dictUnknownNote(st, "**"+oneLine(r.text(e)), unknown, o)
	return true
}

// splatVariantsMode sets the mode from the variants' "mode" items: one literal value
// is the mode; several (or one not a literal) are its candidates.
func (r *reader) splatVariantsMode(st *siteState, e *expr, o *dictObj) {
	var cands []Candidate
	known := true
	for _, v := range o.variants {
		it, ok := v.item("mode")
		switch {
		case !ok:
			cands = append(cands, absentMode(o.line))
		case it.ok:
			line := o.lastLine()
			if it.x != nil {
				line = int(it.x.line) // where the item is written, not the dict's last change
			}
			cands = append(cands, Candidate{Line: line, Value: strOrNil(it.val)})
		default:
			known = false
			cands = append(cands, r.guardedCandidates(st, it.x, r.valueCands(it.x))...)
		}
	}
	cands = uniqueCandidates(cands)
	if known && len(cands) == 1 {
		st.Mode, st.ModeLiteral = cands[0].Value, true
		return
	}
	st.ModeLiteral, st.ModeExpr = false, "**"+oneLine(r.text(e))
	st.ModeCandidates = cands
}

// splatVariantsKey applies keyword k when every variant gives it the same known
// value, and returns what is not known.
func (r *reader) splatVariantsKey(st *siteState, k string, o *dictObj) []string {
	var vals []string
	var val literal.Value
	var unknown []string
	for _, v := range o.variants {
		it, ok := v.item(k)
		if !ok {
			vals = append(vals, "<absent>")
			continue
		}
		lv, u := r.itemValue(it)
		if len(u) > 0 {
			lv, u = r.itemOneValue(st, k, it, lv, u)
		}
		unknown = append(unknown, u...)
		val = lv
		vals = append(vals, lv.String())
	}
	if len(uniqueStrings(vals)) != 1 || vals[0] == "<absent>" {
		if len(uniqueStrings(vals)) > 1 {
			unknown = append(unknown, fmt.Sprintf("%s (differs between the changes under guards)", k))
		}
		return unknown
	}
	r.keywordValue(st, k, val)
	return unknown
}

// itemOneValue returns the one value the file gives item it of keyword k (backend,
// dynamic, fullgraph) when its value is not a literal but every value that reaches it
// is the same literal ("backend": self.cfg.torch_compile_backend of a
// field(default="inductor"), as a keyword argument is read: alternatives, flagChoices
// for fullgraph; unseen9 w05: "fullgraph": fullgraph of a parameter defaulting to False
// was "not followed"); else lv and u as they are. A parameter a caller elsewhere may
// pass another value is said so, as for a keyword (openParamNote).
func (r *reader) itemOneValue(st *siteState, k string, it dflowItem, lv literal.Value, u []string) (literal.Value, []string) {
	if it.x == nil || !(altArgs.has(k) || k == "fullgraph") || k == "options" {
		return lv, u
	}
	vals, complete := r.argChoices(it.x, 0)
	if vals = uniqueChoices(vals); !complete || len(vals) != 1 {
		return lv, u
	}
	if n := fmt.Sprintf("%s `%s` has one value: %s (line %d)", k, cut(oneLine(r.text(it.x)), MaxCallText), vals[0].Value, vals[0].Line); !slices.Contains(st.Notes, n) {
		st.Notes = append(st.Notes, n) // once for every value of the dict that has it
		r.openParamNote(st, k, it.x)
	}
	return vals[0].v, nil
}

// item returns the item of key k.
func (d dictVal) item(k string) (dflowItem, bool) {
	for _, x := range d.items {
		if x.key == k {
			return x, true
		}
	}
	return dflowItem{}, false
}

// itemValue returns an item's value as a literal (a followed dict: its first
// variant), with the parts not known.
func (r *reader) itemValue(it dflowItem) (literal.Value, []string) {
	switch {
	case it.ok:
		return it.val, nil
	case it.ref != nil && len(it.ref.variants) > 0:
		return r.literalDict(it.ref, it.ref.variants[0], &dictWalk{path: []*dictObj{nil}})
	}
	return literal.None(), []string{fmt.Sprintf("%q: %s", it.key, it.text)}
}

// itemChoices returns the values d["k"] can have where the reader runs now, when d
// names a followed dict with that key in some variant: each variant's literal value
// (a followed dict as its first variant's literal dict), and the expressions of the
// values that are not literals. found is false when e is not such a subscript.
func (r *reader) itemChoices(e *expr) (vals []ArgChoice, others []*expr, o *dictObj, found bool) {
	if e == nil || e.kind != subscript {
		return nil, nil, nil, false
	}
	o = r.dictOf(e.x)
	k, ok := r.literalStr(e.index)
	if o == nil || !ok {
		return nil, nil, nil, false
	}
	for _, v := range o.variants {
		it, has := v.item(k)
		switch {
		case !has:
			continue // a KeyError where this variant is in force
		case it.ok || it.ref != nil:
			lv, _ := r.itemValue(it)
			line := o.line // d.setdefault("k") writes None without an expression
			if it.x != nil {
				line = int(it.x.line)
			}
			vals = append(vals, ArgChoice{Line: line, Value: lv.String(), v: lv})
		case it.x != nil:
			others = append(others, it.x)
		}
	}
	return uniqueChoices(vals), others, o, len(vals)+len(others) > 0
}

// itemKeyword reads keyword k given as d["key"] of a followed dict (mode=CFG["mode"]):
// one literal value is the argument; several, or values that are not literals, are
// its candidates (mode) or alternatives (options, backend, dynamic). It reports
// whether e was such a subscript.
func (r *reader) itemKeyword(st *siteState, k string, e *expr) bool {
	vals, others, o, found := r.itemChoices(e)
	if !found {
		return false
	}
	src := cut(oneLine(r.text(e)), MaxCallText)
	if len(vals) == 1 && len(others) == 0 {
		r.keywordValue(st, k, vals[0].v)
		st.note("%s `%s` is %s: the item of %s", k, src, vals[0].Value, o.origin())
		return true
	}
	if k == "mode" {
		var cands []Candidate
		for _, v := range vals {
			cands = append(cands, Candidate{Line: v.Line, Value: strOrNil(v.v)})
		}
		for _, x := range others {
			cands = append(cands, r.guardedCandidates(st, x, r.valueCands(x))...)
		}
		st.ModeLiteral, st.ModeExpr, st.ModeCandidates = false, r.text(e), uniqueCandidates(cands)
		return true
	}
	if !altArgs.has(k) || len(vals) == 0 {
		return false
	}
	st.Alternatives = append(st.Alternatives, ArgAlternatives{Keyword: k, Expr: src, Values: vals, Complete: len(others) == 0})
	st.note("%s `%s` is the item of %s: each of its values is planned", k, src, o.origin())
	return true
}

// condBuild returns the values of a if c else b when both branches are dict builds
// (dictBuild), a conditional of such conditionals included, at most maxDictVariants.
func (r *reader) condBuild(v *expr) ([]dictVal, bool) {
	if v == nil || v.kind != ifElse || len(v.elts) != 3 {
		return nil, false
	}
	var out []dictVal
	for _, b := range []*expr{v.elts[0], v.elts[2]} {
		if vs, ok := r.condBuild(b); ok {
			out = append(out, vs...)
			continue
		}
		val, _, ok := r.dictBuild(b)
		if !ok {
			return nil, false
		}
		out = append(out, val)
	}
	if len(out) > maxDictVariants {
		return nil, false
	}
	return uniqueVariants(out), true
}

// A def of the file that builds a dict and returns it by name (options = {…};
// options[k] = v under guards; return options) gives its caller the followed dict as
// it is at the return, every variant (script11 r08, lmdeploy's
// _get_decode_torch_compile_options; a def whose changes were not followed was
// planned as its first display alone, "one value").

// dictReturn keeps the followed dict a def returns by name, at its last return that
// ran (a copy: the name's dict may change after).
func (r *reader) dictReturn(e *expr) {
	if r.fn == nil || e == nil || e.kind != name {
		return
	}
	o := r.dictObjs[dictKey{r.fn, e.name}]
	if o == nil {
		return
	}
	if r.returned == nil {
		r.returned = map[*stmt]*dictObj{}
	}
	r.returned[r.fn] = r.dictCopy(o)
}

// returnedDict returns the followed dict a call of a def of the file returns, nil
// when the call is of no such def or the def returns no followed dict.
func (r *reader) returnedDict(e *expr) *dictObj {
	if e == nil || e.kind != call || e.x.kind != name || r.returned == nil {
		return nil
	}
	if _, imported := r.aliases[e.x.name]; imported {
		return nil
	}
	return r.returned[r.funcs[e.x.name]]
}
