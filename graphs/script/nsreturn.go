package script

import "slices"

// A def of the file that returns the parser's namespace (fixscriptcli30 item 3):
// `config = parse_args()`, where parse_args is the file's own def that builds an
// ArgumentParser and returns parser.parse_args(), binds config to that namespace, as
// `config = parser.parse_args()` would (a call's value is what the def's return
// statement gives: the Python language reference, "The return statement"), so
// config.compile is the option --compile and config.mode the option --mode, with the
// command line given after -script's -- or the parser's defaults (argguard.go,
// argv.go). The def may return the call itself (return parser.parse_args()), a name
// it binds to one (args = parser.parse_args(); return args), the call of another def
// of the file that does so, or an object built from the namespace whose attributes are
// its options by name: Config(**vars(args)) (vars() of a Namespace is its __dict__,
// one item per dest: Lib/argparse.py Namespace) or Config(mode=args.mode,
// compile=args.compile), each keyword the dest it reads. Every return of the def with
// a value must be one of those; a def that returns anything else (a dict display, a
// bare return, parse_known_args()'s tuple) binds nothing, and stays as it was.

// maxNSDepth bounds how many defs returning a def's call are followed.
const maxNSDepth = 4

// noteNSCall records n = f(…), f a bare name, for resolveNSCalls (the index pass).
func (r *reader) noteNSCall(n string, v *expr) {
	if n == "" || v == nil || v.kind != call || v.x.kind != name || len(r.nsCalls) >= maxFlow {
		return
	}
	if r.nsCalls == nil {
		r.nsCalls = map[string][]string{}
	}
	r.nsCalls[n] = append(r.nsCalls[n], v.x.name)
}

// resolveNSCalls marks, after the index, each name bound to the call of a def of the
// file that returns the parser's namespace (returnsNamespace) as bound to
// parse_args() (parsedArgs).
func (r *reader) resolveNSCalls() {
	for pass, more := 0, true; more && pass <= maxNSDepth && r.parsedArgs != nil; pass++ {
		more = false // a def returning a name bound to another such call: one more pass
		for n, callees := range r.nsCalls {
			if !r.parsedArgs[n] && slices.ContainsFunc(callees, func(f string) bool { return r.returnsNamespace(r.funcs[f], 0) }) {
				r.parsedArgs[n], more = true, true
			}
		}
	}
}

// returnsNamespace reports whether every return of def gives the parser's namespace
// (nsValue), and def has one.
func (r *reader) returnsNamespace(def *stmt, depth int) bool {
	if def == nil || def.kind != defStmt || depth > maxNSDepth {
		return false
	}
	rets := returnStmts(def.body, nil, 0)
	if len(rets) == 0 {
		return false
	}
	for _, s := range rets {
		if len(s.exprs) != 1 || !r.nsValue(s.exprs[0], depth) {
			return false
		}
	}
	return true
}

// returnStmts appends to out the return statements of body, those of the defs and
// classes it holds left out (to depth MaxNesting, at most maxFlow).
func returnStmts(body []*stmt, out []*stmt, depth int) []*stmt {
	if depth > MaxNesting {
		return out
	}
	for _, s := range body {
		switch {
		case len(out) >= maxFlow:
			return out
		case s.kind == defStmt || s.kind == classStmt:
		case s.kind == simpleStmt && s.name == "return":
			out = append(out, s)
		default:
			out = returnStmts(s.body, out, depth+1)
		}
	}
	return out
}

// nsValue reports whether e, returned by a def, is the parser's namespace: a
// ….parse_args(…) call, a name bound to one, the call of a def of the file that
// returns one, or an object built from one by dest (nsBuilt).
func (r *reader) nsValue(e *expr, depth int) bool {
	switch {
	case e == nil:
		return false
	case e.kind == name:
		return r.parsedArgs[e.name]
	case e.kind != call:
		return false
	case e.x.kind == attr && e.x.name == "parse_args":
		return true
	case e.x.kind == name && r.funcs[e.x.name] != nil:
		return r.returnsNamespace(r.funcs[e.x.name], depth+1)
	}
	return r.nsBuilt(e)
}

// nsBuilt reports whether call c builds an object whose attributes are the options of
// a namespace by dest: Config(**vars(args)) alone, or keywords each of the form
// dest=args.dest, args bound to parse_args().
func (r *reader) nsBuilt(c *expr) bool {
	if len(c.args) == 0 {
		return false
	}
	if splatNamespace(r, c) != nil {
		return true
	}
	for _, a := range c.args {
		v := a.value
		if a.keyword == "" || v == nil || v.kind != attr || v.name != a.keyword || v.x.kind != name || !r.parsedArgs[v.x.name] {
			return false
		}
	}
	return true
}
