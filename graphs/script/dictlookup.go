package script

// A value looked up in a dict the file writes (script13 item 1): D[key] or
// D.get(key, default), D a name bound to a dict display (its **OTHER items those of
// OTHER, a dict the file writes too) or to dict(k=v, …) of keywords only, has the
// item of each value key can have (argChoices: a literal, an argparse option's
// default then its choices=, a list or the dict's keys (choices=list(D), index.go
// choices), the literals the file assigns a name), in that order: the value a run
// given nothing takes first. A value D lacks gives get's default (None without one;
// ALIASES.get(mode, mode) the key itself), a subscript's raises KeyError and gives
// none. A key whose values the reader cannot list (an option without a choices= it
// reads, a loop variable, a parameter) may be any: every item is planned, with get's
// default, and the site notes the lookup as a value the file does not show
// (isUnshown). What the file assigns D["k"] is planned beside item k (the index does
// not tell it from a name k). D may be such a dict's item (nested dicts, script14
// item 2): CONFIG["compile"]["mode"], CONFIG.get("compile", {}).get("mode"), cc["mode"]
// of cc = CONFIG["compile"] (displayOf). Not read so: a display with a ** item of
// anything else, dict(mapping, …), an inner dict picked by a key not a str literal.

// lookupOf returns D and the key of D[key] or D.get(key[, default]), with D's items
// (keys and vals: str keys, in order); nil D: e is no such lookup, or D has an item
// not read so (a ** item of anything but a dict the file writes, a key not a str
// literal, a positional argument of dict).
func (r *reader) lookupOf(e *expr) (d, key *expr, keys []string, vals []*expr) {
	switch {
	case e == nil:
	case e.kind == subscript:
		d, key = r.displayOf(e.x, 0), e.index
	case e.kind == call && e.x.kind == attr && e.x.name == "get" && len(e.args) > 0 && len(e.args) < 3:
		d, key = r.displayOf(e.x.x, 0), e.args[0].value
	}
	keys, vals = r.dictEntries(d, 0)
	if keys == nil {
		return nil, nil, nil, nil
	}
	return d, key, keys, vals
}

// displayOf returns the dict display or dict(k=v, …) call e names: a name bound to
// one (or once to what names one), or its item of a str key, D["k"] or D.get("k", …), that is one too (nested
// dicts, script14 item 2: CONFIG.get("compile", {}).get("mode")); nil: none.
func (r *reader) displayOf(e *expr, depth int) *expr {
	switch {
	case e == nil || depth > maxIndexDepth:
		return nil
	case e.kind == name && r.dictNamed(e.name) != nil:
		return r.dictNamed(e.name)
	case e.kind == name && len(r.assigned[e.name]) == 1 && !r.isParam(e.name):
		return r.displayOf(r.assigned[e.name][0], depth+1) // cc = CONFIG["compile"]
	}
	x, k := itemLookup(e)
	s, ok := r.literalStr(k)
	keys, vals := r.dictEntries(r.displayOf(x, depth+1), 0)
	if it := itemOf(keys, vals, s); ok && (isDictExpr(it) || r.isDictCall(it)) {
		return it
	}
	return nil
}

// itemLookup returns D and k of D[k] or D.get(k[, default]) (nil: e is neither).
func itemLookup(e *expr) (d, k *expr) {
	switch {
	case e.kind == subscript:
		return e.x, e.index
	case e.kind == call && e.x.kind == attr && e.x.name == "get" && len(e.args) > 0 && len(e.args) < 3:
		return e.x.x, e.args[0].value
	}
	return nil, nil
}

// dictEntries returns the keys and values of dict display or dict(k=v, …) call d, in
// order; nil when d has an item not read so (a ** item, a key not a str literal, a
// positional argument of dict) or none.
func (r *reader) dictEntries(d *expr, depth int) (keys []string, vals []*expr) {
	pairs, _ := dictPairs(d)
	for _, a := range callArgs(d) {
		pairs = append(pairs, pair{value: a.value, splat: d}) // the splat marks a key not read
		if a.keyword != "" && a.star == 0 {
			keys, vals = append(keys, a.keyword), append(vals, a.value)
			pairs = pairs[:len(pairs)-1]
		}
	}
	for _, p := range pairs {
		k, ok := r.literalStr(p.key)
		var ks []string
		var vs []*expr
		if p.splat != nil && p.splat.kind == name && depth < 4 {
			ks, vs = r.dictEntries(r.dictNamed(p.splat.name), depth+1) // {**OTHER, …}: OTHER's items
		}
		if !ok && ks == nil {
			return nil, nil
		}
		if ks == nil {
			ks, vs = []string{k}, []*expr{p.value}
		}
		keys, vals = append(keys, ks...), append(vals, vs...)
	}
	return keys, vals
}

// dictNamed returns the dict display or dict(k=v, …) call name n is bound to (nil:
// none).
func (r *reader) dictNamed(n string) *expr {
	if d := r.dicts[n]; d != nil {
		return d
	}
	return r.dictCalls[n]
}

// callArgs returns the arguments of call d (nil for anything else).
func callArgs(d *expr) []arg {
	if d == nil || d.kind != call {
		return nil
	}
	return d.args
}

// noteDictCall records name t bound to dict(k=v, …) (v), for a lookup in it.
func (r *reader) noteDictCall(t, v *expr) {
	if t.kind != name || !r.isDictCall(v) || len(r.dictCalls) >= maxFlow {
		return
	}
	if r.dictCalls == nil {
		r.dictCalls = map[string]*expr{}
	}
	r.dictCalls[t.name] = v
}

// itemOf returns the value of key k among keys (vals: theirs), the last of a key
// written twice, as Python keeps it (nil: none).
func itemOf(keys []string, vals []*expr, k string) *expr {
	var it *expr
	for i, x := range keys {
		if x == k {
			it = vals[i]
		}
	}
	return it
}

// lookupCands returns the candidates of lookup v (lookupOf), each at its line; ok
// false when v is no lookup of a dict display.
func (r *reader) lookupCands(v *expr, depth int) ([]Candidate, bool) {
	d, key, keys, vals := r.lookupOf(v)
	if d == nil || key == nil || len(keys) == 0 {
		return r.loopLookupCands(v, depth)
	}
	kcs, known := r.argChoices(key, depth+1)
	var out []Candidate
	if !known {
		for _, x := range vals {
			out = append(out, r.literalCands(x, depth+1)...)
		}
		kcs = []ArgChoice{{}} // any key: get's default too
	}
	for _, kc := range kcs {
		s, _ := kc.v.AsStr()
		it := itemOf(keys, vals, s)
		switch {
		case known && it != nil:
			out = append(out, r.literalCands(it, depth+1)...)
			for _, a := range r.assigned[s] { // D["k"] = v (or a name k: not told apart)
				out = append(out, r.literalCands(a, depth+1)...)
			}
		case v.kind != call: // D[k] of a key D lacks: KeyError
		case len(v.args) < 2:
			out = append(out, Candidate{}) // None
		case r.text(v.args[1].value) != r.text(key):
			out = append(out, r.literalCands(v.args[1].value, depth+1)...)
		case known:
			out = append(out, Candidate{Value: &s}) // ALIASES.get(mode, mode)
		}
	}
	for i := range out {
		out[i].Line = int(key.line)
	}
	return out, true
}

// A loop over dicts the file writes (script15 item 4): for strategy in STRATEGIES:
// mode = strategy["mode"], STRATEGIES a list or tuple display of dict displays (or
// dict(k=v, …) calls), or a name the file assigns one once: the lookup has each
// dict's item, not any value (every mode was planned, "a value this file does not
// show").

// noteLoopDicts records the dicts for loop s iterates when its target is a name and
// each item of its list is a dict the file writes; a name two loops bind is none's.
func (r *reader) noteLoopDicts(s *stmt) {
	if len(s.targets) != 1 || len(s.exprs) == 0 || s.targets[0].kind != name || len(r.loopDicts) >= maxFlow {
		return
	}
	n := s.targets[0].name
	if r.loopDicts == nil {
		r.loopDicts = map[string][]*expr{}
	}
	if _, twice := r.loopDicts[n]; twice {
		r.loopDicts[n] = nil
		return
	}
	r.loopDicts[n] = r.dictItems(s.exprs[0])
}

// dictItems returns the items of list or tuple display e (or of the display a name
// the file assigns once is bound to) when each is a dict the file writes (nil else).
func (r *reader) dictItems(e *expr) []*expr {
	if e.kind == name && len(r.assigned[e.name]) == 1 {
		e = r.assigned[e.name][0]
	}
	if e.kind != tuple && (e.kind != other || !e.is(listDisplay)) || len(e.elts) == 0 {
		return nil
	}
	for _, it := range e.elts {
		if !isDictExpr(it) && !r.isDictCall(it) {
			return nil
		}
	}
	return e.elts
}

// loopLookupCands returns the candidates of D[k] or D.get(k[, default]), k a str
// literal and D a loop target over dicts (noteLoopDicts) that nothing else binds:
// each dict's item k, in order (one without it: get's default, None without one; a
// subscript's KeyError, none); ok false for any other lookup, or a dict with an item
// dictEntries does not read.
func (r *reader) loopLookupCands(v *expr, depth int) ([]Candidate, bool) {
	dicts, k, key := r.loopLookup(v)
	var out []Candidate
	for _, it := range dicts {
		keys, vals := r.dictEntries(it, 0)
		switch x := itemOf(keys, vals, key); {
		case keys == nil:
			return nil, false
		case x != nil:
			out = append(out, r.literalCands(x, depth+1)...)
		case v.kind == call && len(v.args) == 2:
			out = append(out, r.literalCands(v.args[1].value, depth+1)...)
		case v.kind == call:
			out = append(out, Candidate{})
		}
	}
	for i := range out {
		out[i].Line = int(k.line) // where the lookup is, as lookupCands places them
	}
	return out, len(dicts) > 0
}

// loopLookup returns, for v = D[k] or D.get(k[, default]) with D a loop target over
// dicts that nothing else binds, those dicts, k and its str (nil dicts: no such
// lookup).
func (r *reader) loopLookup(v *expr) ([]*expr, *expr, string) {
	if v == nil || len(r.loopDicts) == 0 {
		return nil, nil, ""
	}
	d, k := itemLookup(v)
	if d == nil || d.kind != name || len(r.assigned[d.name]) > 0 || r.opaque[d.name] || r.isParam(d.name) {
		return nil, nil, ""
	}
	key, isStr := r.literalStr(k)
	if !isStr {
		return nil, nil, ""
	}
	return r.loopDicts[d.name], k, key
}
