package script

import "slices"

// A dataclass field's default replaced by the constructor's argument (sweep9 finding
// 7's remainder). A class of the file without an __init__ of its own whose body
// annotates fields with defaults (a @dataclass; pydantic and attrs models alike) is
// built with those fields as its constructor's parameters, in the order the class
// bodies declare them, bases first (Python's dataclasses: the synthesized __init__).
// So Config(compile_mode="max-autotune") gives cfg.compile_mode "max-autotune": the
// constructor's values reach the attribute, and the field's default only when some
// construction does not pass it. When every construction the file shows passes the
// field (by keyword or position, none with *args or **kwargs), and the class is never
// handed over uncalled (tyro.cli(Config), HfArgumentParser((Config,)) build it
// elsewhere, defaults included), the default is no value the attribute can have.

// fieldState is what the file shows of one class's constructions.
type fieldState struct {
	_      [0]func() // incomparable: no equality code (examples/web: Transfer size)
	calls  int       // constructions C(…)
	splat  bool      // one passes *args or **kwargs
	handed bool      // the class is named uncalled as a call's argument
}

// fieldsOf returns the annotated fields of cls and its bases of the file, bases first
// (the synthesized __init__'s parameter order).
func (r *reader) fieldsOf(cls *stmt) []string {
	chain := r.classChain(cls)
	var out []string
	for i := len(chain) - 1; i >= 0; i-- {
		for _, s := range chain[i].body {
			if s.kind == annAssignStmt && len(s.targets) == 1 && s.targets[0].kind == name && !slices.Contains(out, s.targets[0].name) {
				out = append(out, s.targets[0].name)
			}
		}
	}
	return out
}

// noteFieldDefault records the default v of the field k a class body annotates (s).
func (r *reader) noteFieldDefault(s *stmt, k skey, v *expr, before int) {
	if s.kind != annAssignStmt || v == nil {
		return
	}
	if r.sc.fieldExpr == nil {
		r.sc.fieldExpr, r.sc.fieldDefs = map[skey]*expr{}, map[skey][]Candidate{}
	}
	r.sc.fieldExpr[k] = v
	r.sc.fieldDefs[k] = slices.Clone(r.sc.cands[k][before:])
}

// noteConstruction records a call of cls, a class of the file without __init__, that
// passes args (read in fn): which fields it binds and with what. A field is keyed by
// the class that declares it (a base's, for a subclass's construction), and the
// construction counts for each class of cls's chain.
func (r *reader) noteConstruction(cls *stmt, args []arg, fn *stmt) {
	if r.sc.ctors == nil {
		r.sc.ctors, r.sc.ctorVals = map[*stmt]*fieldState{}, map[skey][]*expr{}
	}
	chain := r.classChain(cls)
	for _, k := range chain {
		r.ctorState(k).calls++
	}
	fields := r.fieldsOf(cls)
	pos := 0
	for _, a := range args {
		f := a.keyword
		switch {
		case a.star != 0:
			for _, k := range chain {
				r.ctorState(k).splat = true
			}
			continue
		case f == "" && pos < len(fields):
			f, pos = fields[pos], pos+1
			r.scopeAssign(skey{at: cls, name: f}, true, a.value, fn) // a keyword's: scopeCall
		case f == "":
			continue
		}
		k := skey{at: r.declaring(chain, f), name: f}
		if len(r.sc.ctorVals[k]) < maxAssigned {
			r.sc.ctorVals[k] = append(r.sc.ctorVals[k], a.value)
		}
		r.sc.binds[k]++
	}
}

// ctorState returns the constructions recorded of cls, made on first use.
func (r *reader) ctorState(cls *stmt) *fieldState {
	fs := r.sc.ctors[cls]
	if fs == nil {
		fs = &fieldState{}
		r.sc.ctors[cls] = fs
	}
	return fs
}

// declaring returns the class of chain (a class and its bases, lookup order) whose
// body annotates field f (the first class when none does).
func (r *reader) declaring(chain []*stmt, f string) *stmt {
	for _, k := range chain {
		for _, s := range k.body {
			if s.kind == annAssignStmt && len(s.targets) == 1 && s.targets[0].kind == name && s.targets[0].name == f {
				return k
			}
		}
	}
	return chain[0]
}

// noteHandedClass records a class of the file named uncalled as a call's argument
// (tyro.cli(Config)): something else builds it, and its bases' fields.
func (r *reader) noteHandedClass(c *expr) {
	for _, a := range c.args {
		for _, e := range append([]*expr{a.value}, a.value.elts...) {
			if e == nil || e.kind != name {
				continue
			}
			if cls, ok := r.sc.classes[e.name]; ok {
				if r.sc.ctors == nil {
					r.sc.ctors, r.sc.ctorVals = map[*stmt]*fieldState{}, map[skey][]*expr{}
				}
				for _, k := range r.classChain(cls) {
					r.ctorState(k).handed = true
				}
			}
		}
	}
}

// defaultReplaced reports whether every construction of k's class passes field k, so
// its default is never the attribute's value.
func (r *reader) defaultReplaced(k skey) bool {
	fs := r.sc.ctors[k.at]
	return fs != nil && fs.calls > 0 && !fs.splat && !fs.handed && r.sc.binds[k] >= fs.calls
}

// dropReplacedFieldDefaults removes each field default that every construction
// replaces from the field's candidates (after the scoped index is built).
func (r *reader) dropReplacedFieldDefaults() {
	for k, dc := range r.sc.fieldDefs {
		if len(dc) == 0 || !r.defaultReplaced(k) {
			continue
		}
		r.sc.cands[k] = withoutCands(r.sc.cands[k], dc)
	}
}

// fieldValues returns, for an attribute e of an object whose class of the file
// declares the field (cfg.backend, self.cfg.dyn), the values the file gives it: the
// constructions' arguments, and the field's default unless every construction
// replaces it, and the default's expression; ok is false when e is no such field.
func (r *reader) fieldValues(e *expr) (vals []*expr, def *expr, ok bool) {
	if e == nil || e.kind != attr || r.sc == nil || r.sc.fieldExpr == nil {
		return nil, nil, false
	}
	for _, k := range r.objAttrKeys(e, r.fn) {
		d, has := r.sc.fieldExpr[k]
		if !has {
			continue
		}
		vals = slices.Clone(r.sc.ctorVals[k])
		if !r.defaultReplaced(k) {
			vals = append([]*expr{d}, vals...)
		}
		return vals, d, true
	}
	return nil, nil, false
}
