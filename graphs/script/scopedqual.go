package script

// Import aliases are file-wide (index.go: the first import of a name wins), which is
// wrong for a name a def imports itself or takes as a parameter (script11 r08,
// lmdeploy's graph runner: one def does `from torch._dynamo import config`, another
// `from torch._inductor import config` and passes it to
// _get_decode_torch_compile_options(config), whose hasattr(config, "…") tests were
// read on torch._dynamo.config). A hasattr guard's object is resolved as Python
// does: the running def's own import, else its parameter (the argument the call
// being followed passed, resolved where the call is), else an enclosing def's, else
// the module's.

// scopeQuals is what scopedQual reads.
type scopeQuals struct {
	localAliases map[*stmt]map[string]string // def → the names its own imports bind
	paramQuals   map[*stmt]map[string]string // def → its parameters' arguments' dotted paths, for the call being followed
	defCalls     map[string][]defCall        // bare name → the calls of it in the file, with the def each is in
	indexingFn   *stmt                       // the def whose statement index is reading
}

// noteLocalImport records an import inside a def.
func (r *reader) noteLocalImport(s, fn *stmt) {
	if fn == nil {
		return
	}
	if r.scoped.localAliases == nil {
		r.scoped.localAliases = map[*stmt]map[string]string{}
	}
	m := r.scoped.localAliases[fn]
	if m == nil {
		m = map[string]string{}
		r.scoped.localAliases[fn] = m
	}
	for _, im := range s.imports {
		if im.target != "" {
			m[im.local] = im.target
		}
	}
}

// scopedQual returns the dotted path a bare name stands for in the def running now
// (see above), and false when the name is a parameter whose argument is not known.
func (r *reader) scopedQual(e *expr) (string, bool) { return r.qualIn(e, r.fn, 0) }

// qualIn is scopedQual in def fn. A parameter's argument is the call being followed's,
// else the one every call of the def in the file passes (a def run in file order,
// before its caller).
func (r *reader) qualIn(e *expr, fn *stmt, depth int) (string, bool) {
	switch {
	case e == nil || depth > maxArgHops:
		return "", false
	case e.kind != name:
		return r.qual(e), true
	}
	for d, n := fn, 0; d != nil && n < MaxNesting; d, n = r.owner[d], n+1 {
		if t, ok := r.scoped.localAliases[d][e.name]; ok {
			return t, true
		}
		for i, p := range d.params {
			if p.name != e.name {
				continue
			}
			if q, ok := r.scoped.paramQuals[d][e.name]; ok && d == r.fn {
				return q, true
			}
			return r.staticArg(d, i, e.name, depth)
		}
	}
	return r.qual(e), true
}

// maxArgHops bounds how many calls a parameter's argument is followed back through
// (a def that passes its parameter on, or calls itself with it).
const maxArgHops = 8

// defCall is a call of a bare name, and the def it is in (nil: the module).
type defCall struct {
	c  *expr
	in *stmt
}

// noteDefCall records a call of a bare name, for staticArg.
func (r *reader) noteDefCall(c *expr) {
	if c.x.kind != name || len(r.scoped.defCalls[c.x.name]) >= maxAssigned {
		return
	}
	if r.scoped.defCalls == nil {
		r.scoped.defCalls = map[string][]defCall{}
	}
	r.scoped.defCalls[c.x.name] = append(r.scoped.defCalls[c.x.name], defCall{c, r.scoped.indexingFn})
}

// staticArg returns the dotted path of parameter i (name p) of def d when every call
// of d in the file passes it a name or attribute with one and the same path (a call
// that passes nothing gives it the parameter's default: def f(fn=torch.compile)).
func (r *reader) staticArg(d *stmt, i int, p string, depth int) (string, bool) {
	out := ""
	for _, dc := range r.scoped.defCalls[d.name] {
		a := paramArg(dc.c, i, p)
		if a == nil && omitsParam(dc.c, i, p) {
			a = d.params[i].def // the default, which Python evaluated where the def is (hostile21 S7)
		}
		if a == nil || a.kind != name && a.kind != attr {
			return "", false
		}
		q, ok := r.qualIn(a, dc.in, depth+1)
		if !ok || q == "" || out != "" && q != out {
			return "", false
		}
		out = q
	}
	return out, out != ""
}

// omitsParam reports whether call c passes parameter i (name p) nothing, so that
// it takes its default: no keyword p, fewer than i+1 positional arguments, no *args
// or **kwargs.
func omitsParam(c *expr, i int, p string) bool {
	n := 0
	for _, a := range c.args {
		switch {
		case a.star != 0 || a.keyword == p:
			return false
		case a.keyword == "":
			n++
		}
	}
	return n <= i
}

// paramArg returns the argument call c passes parameter i named p (by keyword, or by
// position before any *args or **kwargs), nil when it passes none that can be told.
func paramArg(c *expr, i int, p string) *expr {
	n := 0
	for _, a := range c.args {
		switch {
		case a.star != 0:
			return nil
		case a.keyword == p:
			return a.value
		case a.keyword == "":
			if n == i {
				return a.value
			}
			n++
		}
	}
	return nil
}

// noteParamQuals records, for a call of def about to run, the dotted path each
// parameter's plain-name argument stands for where the call is (positional by
// position, keyword by name; none past *args or **kwargs).
func (r *reader) noteParamQuals(def *stmt, c *expr) {
	if def == nil || c == nil {
		return
	}
	m := map[string]string{}
	i := 0
	for _, a := range c.args {
		if a.star != 0 {
			break
		}
		param := a.keyword
		if param == "" {
			if i >= len(def.params) {
				break
			}
			param = def.params[i].name
			i++
		}
		if a.value.kind == name || a.value.kind == attr {
			if q, ok := r.scopedQual(a.value); ok && q != "" {
				m[param] = q
			}
		}
	}
	if r.scoped.paramQuals == nil {
		r.scoped.paramQuals = map[*stmt]map[string]string{}
	}
	r.scoped.paramQuals[def] = m
}
