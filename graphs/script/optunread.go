package script

import "github.com/compilemode/compilemode/graphs/script/pytoken"

// optionsUnread makes the plan of a site whose options= e was not read whole partial
// (Unfollowed: the text's "partial plan:" line, JSON unfollowed), and plans a value
// that is surely a dict (dict(…), a dict comprehension) as options {}: a dict is
// never None, so with a mode torch.compile raises whatever its keys (sweep finding
// 12: options=dict(cfg.opts) with mode= was planned as mode alone, exit 0).
func (r *reader) optionsUnread(st *siteState, e *expr) {
	text := "options: " + cut(oneLine(r.text(e)), MaxCallText)
	for _, u := range st.Unfollowed {
		if len(u) >= 8 && u[:8] == "options:" {
			return // what was not read is named already
		}
	}
	for _, a := range st.Alternatives {
		if a.Keyword == "options" {
			if !a.Complete {
				st.Unfollowed = append(st.Unfollowed, text)
			}
			return
		}
	}
	if st.Options != nil || st.optionsNone {
		return // read: a dict, or None (options `opts` has one value: None)
	}
	if r.surelyDict(e) {
		s := "{}"
		st.Options = &s
		st.note("options `%s` is a dict whose items are not read: planned as {} (a dict is never None: with a mode, torch.compile raises whatever its keys)", cut(oneLine(r.text(e)), MaxCallText))
	}
	st.Unfollowed = append(st.Unfollowed, text)
}

// surelyDict reports whether e always evaluates to a dict: dict(…) of the builtin, or
// a dict comprehension.
func (r *reader) surelyDict(e *expr) bool {
	switch {
	case e.kind == call && r.builtin(e.x) == "dict":
		return true
	case e.is(comp):
		return r.dictComprehension(e)
	}
	return false
}

// dictComprehension reports whether the comprehension e is {k: v for …}: a ':' at
// its top bracket level before the first 'for'.
func (r *reader) dictComprehension(e *expr) bool {
	i := tokenAt(r.toks, int(e.start))
	if i >= len(r.toks) || r.toks[i].text(r.src) != "{" {
		return false
	}
	depth := 0
	for ; i < len(r.toks) && int(r.toks[i].off) < int(e.end); i++ {
		t := r.toks[i]
		s := t.text(r.src)
		depth += bracketDelta(t, s)
		if depth != 1 {
			continue
		}
		switch {
		case t.kind == pytoken.Op && s == ":":
			return true
		case t.kind == pytoken.Name && (s == "for" || s == "async"):
			return false
		}
	}
	return false
}

// bracketDelta is how token t (text s) changes the bracket depth.
func bracketDelta(t token, s string) int {
	if t.kind != pytoken.Op {
		return 0
	}
	switch s {
	case "{", "[", "(":
		return 1
	case "}", "]", ")":
		return -1
	}
	return 0
}
