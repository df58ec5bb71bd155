package script

import "strings"

// Helpers that wrap torch.compile (sweep3 finding 26). Scripts often compile through
// their own def:
//
//	def maybe_compile(m, **kw):
//	    return torch.compile(m, **kw) if USE_COMPILE else m
//	model = maybe_compile(model, mode="reduce-overhead")
//
// Python binds the call's arguments to the def's parameters and torch.compile gets
// them: m is the model, **kw the keywords the def's named parameters do not take
// (Python reference, "Calls"). Read at the torch.compile call alone, **kw and a
// mode=mode parameter are unknown, so every mode was planned. So a call of a def of
// the file whose torch.compile call passes the def's parameters on is a site of its
// own (kind helper), at that call, with the arguments torch.compile gets there: each
// parameter replaced by what the call binds to it (else its default), **kw by the
// call's other keywords and ** mappings. The torch.compile call inside the def is no
// site of its own once a call of the def is: its plans are those of the calls. A name
// bound to what such a call returns (model = maybe_compile(…), also through a def
// whose return is torch.compile(…) of no parameter) names that compiled function.

// maxHelperDepth bounds how deep a def's body is searched for its torch.compile call
// and its return.
const maxHelperDepth = 16

// helperSite makes the site of c, a call of def, when def's torch.compile call passes
// def's parameters on (it has run: enter ran def's body at its first call).
func (r *reader) helperSite(c *expr, def *stmt) { r.helperSiteFrom(c, def, 0) }

// helperSiteFrom is helperSite for a call whose first positional argument binds
// parameter skip of def (1 past self for a method called as obj.m(…)).
func (r *reader) helperSiteFrom(c *expr, def *stmt, skip int) {
	inner := r.compileCallIn(def.body, 0)
	if inner == nil || r.siteOf[inner] == nil || !passesParams(inner, def) {
		return
	}
	in := r.siteOf[inner]
	args, unknown := r.boundArgs(inner, def, c, skip)
	st := r.site(c, Helper, args)
	st.note("def %s (line %d) calls %s at line %d with its parameters: planned with the arguments this call binds to them", def.name, int(def.line), cut(in.Call, MaxCallText), in.Line)
	r.starBound(st, unknown)
	if in.Guard != "" {
		st.Guard = strings.TrimPrefix(joinGuard(st.Guard, "in def "+def.name+": "+in.Guard), ", inside ")
	}
	in.helperCalled = true
}

func joinGuard(outer, inner string) string {
	if outer == "" {
		return inner
	}
	return inner + ", inside " + outer
}

// compileCallIn returns the first torch.compile call in body, outside nested defs and
// classes (nil when none).
func (r *reader) compileCallIn(body []*stmt, depth int) *expr {
	if depth > maxHelperDepth {
		return nil
	}
	for _, s := range body {
		if s.kind == defStmt || s.kind == classStmt {
			continue
		}
		var found *expr
		r.walkStmt(s, func(e *expr) {
			if found == nil && e.kind == call && r.isCompileExpr(e.x) {
				found = e
			}
		})
		if found != nil {
			return found
		}
		if found = r.compileCallIn(s.body, depth+1); found != nil {
			return found
		}
	}
	return nil
}

// passesParams reports whether the compile call c forwards def's *args or **kwargs
// parameter (torch.compile(m, **kw), torch.compile(*args, **kwargs)). A named
// parameter given on (mode=mode) needs no site per call: the mode's candidates are
// already what the calls pass (scope.go), and the options dict flow follows them.
func passesParams(c *expr, def *stmt) bool {
	for _, a := range c.args {
		if a.star == 0 || a.value == nil || a.value.kind != name {
			continue
		}
		if p := paramOf(def, a.value.name); p != nil && int(p.star) == a.star {
			return true
		}
	}
	return false
}

// paramOf returns def's parameter named n (nil: none).
func paramOf(def *stmt, n string) *param {
	for i := range def.params {
		if def.params[i].name == n {
			return &def.params[i]
		}
	}
	return nil
}

// boundArgs returns the arguments of the compile call inner, in def, as torch.compile
// gets them when call c of def runs it, and those of its keywords whose parameter a
// *x or **m argument of c may bind (unknown: the keyword, with the value the mapping
// or sequence's text).
func (r *reader) boundArgs(inner *expr, def *stmt, c *expr, skip int) (out []arg, unknown []arg) {
	for _, a := range inner.args {
		p := (*param)(nil)
		if a.value != nil && a.value.kind == name {
			p = paramOf(def, a.value.name)
		}
		switch {
		case p == nil:
			out = append(out, a)
		case p.star == 2 && a.star == 2:
			out = append(out, extraKeywords(def, c)...)
		case p.star == 1 && a.star == 1:
			out = append(out, extraPositionals(def, c, skip)...)
		case a.star != 0:
			out = append(out, a) // *x or **x of a named parameter: as written
		default:
			if star := starBinds(def, p, c, skip); star != nil {
				unknown = append(unknown, arg{keyword: a.keyword, star: star.star, value: star.value})
			} else if v := boundValue(def, p, c, skip); v != nil {
				out = append(out, arg{keyword: a.keyword, star: a.star, value: v})
			}
		}
	}
	return out, unknown
}

// starBinds returns the argument of call c that may bind def's parameter p when no
// keyword and no positional argument before it does (nil: none): a *x at or before
// p's place, for a parameter that takes positional arguments, else a **m (Python
// reference, "Calls": the sequence's items fill the positional slots in order, the
// mapping's keys the named ones). Which value it binds is not shown by the call: f3.py
// of sweep10 finding 5, build(*args) with args = ("reduce-overhead",), was planned with
// mode=None.
func starBinds(def *stmt, p *param, c *expr, skip int) *arg {
	pos := paramPos(def, p, skip)
	var star, mapping *arg
	n := 0
	for i := range c.args {
		a := &c.args[i]
		switch {
		case a.keyword == p.name:
			return nil
		case a.star == 1 && star == nil && pos >= n:
			star = a
		case a.star == 2 && mapping == nil:
			mapping = a
		case a.keyword == "" && a.star == 0 && star == nil:
			if n == pos {
				return nil
			}
			n++
		}
	}
	if star != nil {
		return star
	}
	return mapping
}

// paramPos returns the place among a call's positional arguments that binds def's
// parameter p, the first skip bound by the call's object (-1: p takes no positional
// argument, as one after *args does).
func paramPos(def *stmt, p *param, skip int) int {
	for i := range def.params {
		if def.params[i].star != 0 {
			break
		}
		if &def.params[i] == p {
			return i - skip
		}
	}
	return -1
}

// starBound marks the keywords of st that a *x or **m argument binds (boundArgs'
// unknown): a mode is not a literal, so every mode of the release is planned; any
// other keyword is not followed (a partial plan).
func (r *reader) starBound(st *siteState, unknown []arg) {
	for _, u := range unknown {
		src := strings.Repeat("*", u.star) + oneLine(r.text(u.value))
		st.note("%s: bound by `%s`, whose items this call does not show", u.keyword, cut(src, MaxCallText))
		if u.keyword == "mode" {
			st.Mode, st.ModeLiteral, st.ModeExpr, st.ModeCandidates = nil, false, src, nil
			continue
		}
		st.Unfollowed = append(st.Unfollowed, u.keyword+" (bound by "+cut(src, MaxCallText)+")")
	}
}

// boundValue returns what call c binds to def's parameter p: the keyword of its name,
// else the positional argument at its place, else its default (nil: none).
func boundValue(def *stmt, p *param, c *expr, skip int) *expr {
	pos := -1 - skip
	for i := range def.params {
		if def.params[i].star != 0 {
			break
		}
		if &def.params[i] == p {
			pos = i - skip
		}
	}
	n := 0
	for _, a := range c.args {
		switch {
		case a.keyword == p.name:
			return a.value
		case a.keyword == "" && a.star == 0:
			if n == pos {
				return a.value
			}
			n++
		}
	}
	return p.def
}

// extraKeywords returns the keywords and ** mappings of c that def's named parameters
// do not take: what its **param holds.
func extraKeywords(def *stmt, c *expr) []arg {
	var out []arg
	for _, a := range c.args {
		if a.star == 2 || a.keyword != "" && paramOf(def, a.keyword) == nil {
			out = append(out, a)
		}
	}
	return out
}

// extraPositionals returns the positional arguments of c past def's named parameters
// (and c's *args): what def's *param holds; the first skip parameters are bound by
// the call's object (self).
func extraPositionals(def *stmt, c *expr, skip int) []arg {
	named := -skip
	for _, p := range def.params {
		if p.star != 0 {
			break
		}
		named++
	}
	var out []arg
	n := 0
	for _, a := range c.args {
		switch {
		case a.star == 1:
			out = append(out, a)
		case a.keyword == "" && a.star == 0:
			if n >= named {
				out = append(out, a)
			}
			n++
		}
	}
	return out
}

// returnedSite returns the site whose compiled function a call v of a def of the file
// returns (return torch.compile(…), either branch of a if c else b, or a name bound to
// one), or nil. The def is one by name, or a method through self or an object
// (self._setup(), srv.load(): paramhelpers.go calledDef; sweep4 finding 12).
func (r *reader) returnedSite(v *expr) *siteState {
	return r.siteOfCall(v, returnedExpr)
}

// returnedExpr is what a return statement gives (nil for any other statement).
func returnedExpr(s *stmt) *expr {
	if s.kind == simpleStmt && s.name == "return" && len(s.exprs) == 1 {
		return s.exprs[0]
	}
	return nil
}

// siteOfCall returns the site whose compiled function the def a call v calls gives, by
// given's statements (returnedExpr, yieldedExpr), or nil.
func (r *reader) siteOfCall(v *expr, given func(*stmt) *expr) *siteState {
	if v == nil || v.kind != call {
		return nil
	}
	d := r.calledDef(v, r.qual(v.x))
	if d == nil {
		return nil
	}
	var st *siteState
	r.within(d, func() { st = r.siteGiven(d.body, 0, given) })
	return st
}

// siteGiven returns the site of the first statement of body, nested defs and classes
// aside, whose given expression is a compile site or a name bound to one.
func (r *reader) siteGiven(body []*stmt, depth int, given func(*stmt) *expr) *siteState {
	if depth > maxHelperDepth {
		return nil
	}
	for _, s := range body {
		if s.kind == defStmt || s.kind == classStmt {
			continue
		}
		if e := given(s); e != nil {
			if st := r.siteIn(e); st != nil {
				return st
			}
			if st := r.compiledName(e); st != nil {
				return st
			}
		}
		if st := r.siteGiven(s.body, depth+1, given); st != nil {
			return st
		}
	}
	return nil
}
