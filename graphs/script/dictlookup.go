package script

// A value looked up in a dict the file writes (script13 item 1): D[key] or
// D.get(key, default), D a name bound to a dict display without a ** item, has the
// item of each value key can have (argChoices: a literal, an argparse option's
// default then its choices= list, the literals the file assigns a name), in that
// order: the value a run given nothing takes first. A value D lacks gives get's
// default (None without one; ALIASES.get(mode, mode) the key itself), a subscript's
// raises KeyError and gives none. A key whose values the reader cannot list (an option
// without a choices= list, a loop variable, a parameter) may be any: every item is
// planned, with get's default, and the site notes the lookup as a value the file does
// not show (isUnshown). What the file assigns D["k"] is planned beside item k (the
// index does not tell it from a name k). Not read so (the page's bytes): dict(k=v)
// and a display with a ** item.

// lookupOf returns D's display and the key of D[key] or D.get(key[, default]) (nil:
// e is no such lookup, or D has a ** item, whose keys are not read).
func (r *reader) lookupOf(e *expr) (d, key *expr) {
	switch {
	case e == nil:
	case e.kind == subscript:
		d, key = r.dicts[r.lastName(e.x)], e.index
	case e.kind == call && e.x.kind == attr && e.x.name == "get" && len(e.args) > 0 && len(e.args) < 3 && e.x.x.kind == name:
		d, key = r.dicts[e.x.x.name], e.args[0].value
	}
	pairs, _ := dictPairs(d)
	for _, p := range pairs {
		if p.splat != nil {
			return nil, nil
		}
	}
	return d, key
}

// lookupCands returns the candidates of lookup v (lookupOf), each at its line; ok
// false when v is no lookup of a dict display.
func (r *reader) lookupCands(v *expr, depth int) ([]Candidate, bool) {
	d, key := r.lookupOf(v)
	pairs, _ := dictPairs(d)
	if len(pairs) == 0 || key == nil {
		return nil, false
	}
	kcs, known := r.argChoices(key, depth+1)
	var out []Candidate
	if !known {
		for _, p := range pairs {
			out = append(out, r.literalCands(p.value, depth+1)...)
		}
		kcs = []ArgChoice{{}} // any key: get's default too
	}
	for _, kc := range kcs {
		s, _ := kc.v.AsStr()
		switch it := dictItem(r, d, s); {
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
