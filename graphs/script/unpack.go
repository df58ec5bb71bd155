package script

// Unpacking assignments (a, b = x, y): each target name gets the value at its
// position, as Python binds them (the known debt "mode, _ = (…)", "mode, opts =
// cfg.mode, {}", starred targets: the names were not traced).

// maxUnpack bounds the targets of an unpacking assignment that are traced, and the
// number and string literals the parser keeps in its value (parser.keepLeaves).
const maxUnpack = 16

// eachTarget calls f with each target of an assignment and the value it gets: a
// tuple (or list) target whose value is a tuple or list display lined up with it
// gives each element its own value, a starred element none (it gets a list of the
// rest); any other target gets the whole value, as before.
func eachTarget(s *stmt, f func(t, v *expr)) {
	for _, t := range s.targets {
		pairs, ok := unpackPairs(t, s.value)
		if !ok {
			f(t, s.value)
			continue
		}
		for _, p := range pairs {
			f(p[0], p[1])
		}
	}
}

// unpackPairs lines up a tuple target with a tuple or list display value: element i
// before the starred target (if any) takes value i, element i after it takes the
// value as far from the end. It fails when the value is not such a display, when its
// elements were not all kept (the parser drops number and string literals past
// maxUnpack), or when the counts do not fit (Python's ValueError).
func unpackPairs(t, v *expr) ([][2]*expr, bool) {
	if t == nil || v == nil || t.kind != tuple || len(t.elts) == 0 || len(t.elts) > maxUnpack || !isSeqDisplay(v) {
		return nil, false
	}
	star, ok := starIndex(t.elts)
	if !ok || hasStarred(v.elts) {
		return nil, false // two starred targets, or *xs in the value: positions not known
	}
	n, m := len(t.elts), len(v.elts)
	if star < 0 && m != n || star >= 0 && m < n-1 {
		return nil, false
	}
	return pairUp(t.elts, v.elts, star), true
}

// pairUp pairs each target of ts but the starred one (at star, or -1 for none) with
// its value of vs, which fit: element i before the star takes value i, element i
// after it takes the value as far from the end.
func pairUp(ts, vs []*expr, star int) [][2]*expr {
	n, m := len(ts), len(vs)
	var out [][2]*expr
	for i, e := range ts {
		switch {
		case i < star || star < 0:
			out = append(out, [2]*expr{e, vs[i]})
		case i > star:
			out = append(out, [2]*expr{e, vs[m-(n-i)]})
		}
	}
	return out
}

// starIndex returns the index of the one starred element of elts, or -1 when there
// is none; ok is false when there are two or more.
func starIndex(elts []*expr) (star int, ok bool) {
	star = -1
	for i, e := range elts {
		if e.kind == starred {
			if star >= 0 {
				return -1, false
			}
			star = i
		}
	}
	return star, true
}

// hasStarred reports whether any of elts is starred.
func hasStarred(elts []*expr) bool {
	for _, e := range elts {
		if e.kind == starred {
			return true
		}
	}
	return false
}

// isSeqDisplay reports whether v is a tuple display or a list display (not a
// comprehension, not a dict), whose elts are its elements.
func isSeqDisplay(v *expr) bool {
	return v.kind == tuple || v.kind == other && v.is(listDisplay)
}
