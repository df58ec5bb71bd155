package script

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// Guards an argparse option decides (sweep4 finding 6's sibling: `if not
// args.no_compile:` around a site). The command line decides them, so they stay
// conditional; the guard's text says which way the parser's defaults take it, and the
// flag that turns it, with the option's default as argparse gives it (noteArgDefault).

// argDefault is an option's default, as argparse gives it.
type argDefault struct {
	_     [0]func() // incomparable: no equality code (examples/web: Transfer size)
	flag  string    // the option string written ("--no-compile")
	value literal.Value
	line  int
	by    defaultBy
}

// defaultBy is what gives an option its default.
type defaultBy int8

const (
	byAction  defaultBy = iota // argparse, by the option's action
	byKeyword                  // default=
	byUnshown                  // default=, a value the file does not show
)

// noteArgDefault records for dest, and returns, what argparse gives the dest of the
// add_argument call c when a run passes none of its options (Lib/argparse.py:
// parse_args sets every action's default): default= when given, else the opposite of
// what action="store_true" or "store_false" stores (flagStores), else None (Action's
// default=None). It records none where default= is a value the file does not show.
// noteArgFlag and argNoneDefault (defaults.go) read it.
func (r *reader) noteArgDefault(c *expr, dest, flag string) argDefault {
	d := argDefault{flag: flag, value: literal.None(), line: int(c.line)}
	if a := kwarg(c, "action", 99); a != nil {
		if s, ok := r.literalStr(a); ok {
			if st := flagStores[s]; len(st) == 1 {
				d.value = literal.Bool(!st[0])
			}
		}
	}
	if v := kwarg(c, "default", 99); v != nil {
		lv, ok := r.literal(v)
		if !ok {
			d.by = byUnshown
			return d
		}
		d.value, d.by = lv, byKeyword
	}
	if dest != "" && r.argDefaults != nil && len(r.argDefaults) < maxFlow {
		r.argDefaults[dest] = d
	}
	return d
}

// argDefaultNote is what the parser's defaults make cond, `[not] ARGS.dest` with ARGS
// bound to parse_args(): ": true with the parser's defaults (…)"; "" otherwise.
func (r *reader) argDefaultNote(cond *expr) string {
	v, why, ok := r.argDefaultTruth(cond)
	if !ok {
		return ""
	}
	by, decides := givenNothing(why)
	return fmt.Sprintf(": %t with %s (%s); %s", v, by, why, decides)
}

// givenNothing says what makes the run given nothing take the way why says (whys
// joined by "; "): the parser's defaults, an environment that sets none of the
// variables a guard tests (" not set": unsetEnvTruth), or both; and what decides.
func givenNothing(why string) (by, decides string) {
	env, args := false, false
	for _, w := range strings.Split(why, "; ") {
		if strings.HasSuffix(w, " not set") {
			env = true
		} else {
			args = true
		}
	}
	switch {
	case env && args:
		return "the parser's defaults and nothing set in the environment", "the command line and the environment decide"
	case env:
		return "nothing set in the environment", "the environment decides"
	}
	return "the parser's defaults", "the command line decides"
}

// unsetEnvTruth returns what cond, a test of whether a variable is set or of its value
// (envtruth: "K" in os.environ, os.environ.get("K"), os.getenv("K") is not None, ==
// "V"), is in a run given nothing where no environment was given to the reader (the
// web page, Read): as when K is not set; why is "K not set".
func (r *reader) unsetEnvTruth(cond *expr) (bool, string, bool) {
	if r.givenEnv != nil {
		return false, "", false
	}
	r.givenEnv = map[string]givenEnv{}
	v, where, ok := r.guardTruth(r.condSource(cond))
	r.givenEnv = nil
	k, found := strings.CutPrefix(where, "in the environment planned (")
	k, unset := strings.CutSuffix(k, " is not set)")
	if !ok || !found || !unset {
		return false, "", false
	}
	return v, k + " not set", true
}

// argDefaultTruth returns what the parser's defaults make cond, `[not] ARGS.dest` with
// ARGS bound to parse_args(), and why ("--no-compile not given: False, line 6").
func (r *reader) argDefaultTruth(cond *expr) (v bool, why string, ok bool) {
	if v, why, ok := r.paramDefaultTruth(cond); ok {
		return v, why, true // the parser's defaults carried into a def's parameters (paramguard.go)
	}
	neg := false
	for n := 0; r.isNot(cond) && n < MaxNesting; n++ {
		cond, neg = cond.elts[0], !neg
	}
	if v, why, ok := r.unsetEnvTruth(cond); ok {
		return v != neg, why, true
	}
	if cond == nil || cond.kind != attr || !r.isNamespace(cond.x) {
		return false, "", false
	}
	d, ok := r.argDefaults[cond.name]
	if !ok {
		return false, "", false
	}
	return d.value.Truthy() != neg, fmt.Sprintf("%s not given: %s, line %d", d.flag, d.value, d.line), true
}

// parsedDefault is the branch of an if chain the parser's defaults take (sweep10
// finding 2: `if args.no_cudagraphs:` around a global, a store_true flag, was planned
// as if the flag were given): known when the chain's conditions before it, and that
// of the branch itself, are decided, by the parser's defaults for one of them at least
// (the others by the platform, release or environment planned); branch is none when
// no branch runs (no else, or a guard around the chain that does not run with them).
// The combination of branches a site's first plan assumes follows it (branches.go).
type parsedDefault struct {
	_      [0]func() // incomparable: no equality code (examples/web: Transfer size)
	known  bool
	branch int32
	why    string // what decides it: "--no-cudagraphs not given: False, line 6"
}

// chainDefault returns the branch of if statement s that the parser's defaults take.
func (r *reader) chainDefault(s *stmt) parsedDefault {
	if d, ok := r.outerOffByDefault(); ok {
		return d
	}
	var whys []string
	found := func(i int) parsedDefault {
		return parsedDefault{known: len(whys) > 0, branch: int32(i), why: strings.Join(whys, "; ")}
	}
	for i, b := range s.branches {
		switch b.kind {
		case "if", "elif":
			v, _, ok := r.condTruth(b.cond)
			if !ok {
				var why string
				if v, why, ok = r.argDefaultTruth(b.cond); !ok {
					return parsedDefault{}
				}
				if !slices.Contains(whys, why) { // elif compress == "b" after if compress == "a": one why
					whys = append(whys, why)
				}
			}
			if v {
				return found(i)
			}
		case "else":
			return found(i)
		default:
			return parsedDefault{} // try, match: no condition of the parser's
		}
	}
	return found(none)
}

// exitDefault returns what the parser's defaults make the guard of the statements after
// an if that leaves, on cond: 0, they run (cond is false); none, they do not.
func (r *reader) exitDefault(cond *expr) parsedDefault {
	if d, ok := r.outerOffByDefault(); ok {
		return d
	}
	v, why, ok := r.argDefaultTruth(cond)
	if !ok {
		return parsedDefault{}
	}
	if v {
		return parsedDefault{known: true, branch: none, why: why}
	}
	return parsedDefault{known: true, why: why}
}

// outerOffByDefault returns, when a guard around what runs now does not hold with the
// parser's defaults, that nothing inside runs with them.
func (r *reader) outerOffByDefault() (parsedDefault, bool) {
	for _, g := range r.guards {
		if g.def.known && g.def.branch != g.branch {
			return parsedDefault{known: true, branch: none, why: g.def.why}, true
		}
	}
	return parsedDefault{}, false
}

// noteParsedArgs records that n is bound to ….parse_args(…).
func (r *reader) noteParsedArgs(n string, v *expr) {
	if n != "" && v != nil && v.kind == call && v.x.kind == attr && v.x.name == "parse_args" && r.parsedArgs != nil {
		r.parsedArgs[n] = true
	}
}

// noteSelfNamespace records self.A = N (t, v): self.A is N's namespace when every
// assignment of self.A in the file assigns that one name (newuser14 #10: a Trainer
// holding argparse's namespace, self.args = args, then
// range(self.args.gradient_accumulation_steps)); another value: not one.
func (r *reader) noteSelfNamespace(t, v *expr) {
	if t.kind != attr || t.x.kind != name || t.x.name != "self" || len(r.selfNS) >= maxFlow {
		return
	}
	if r.selfNS == nil {
		r.selfNS = map[string]string{}
	}
	had, ok := r.selfNS[t.name]
	switch {
	case v == nil || v.kind != name || ok && had != v.name:
		r.selfNS[t.name] = ""
	default:
		r.selfNS[t.name] = v.name
	}
}

// isNamespace reports whether x is bound to ….parse_args(…): a name so bound, or
// self.A that the file assigns such a name alone (noteSelfNamespace).
func (r *reader) isNamespace(x *expr) bool {
	if x.kind == name {
		return r.parsedArgs[x.name] || r.fn != nil && r.nsParam(x.name) // train(args) running def train(cfg): paramguard.go
	}
	return x.kind == attr && x.x.kind == name && x.x.name == "self" && r.parsedArgs[r.selfNS[x.name]]
}

// Flags (sweep9 findings 2 and 7): an option whose action stores a constant takes
// one of two values, whatever the command line says: its default, or the constant its
// flag stores. argparse's store_true stores True (default False), store_false False
// (default True), BooleanOptionalAction True for --x and False for --no-x (default
// None) (Lib/argparse.py _StoreTrueAction, _StoreFalseAction, BooleanOptionalAction,
// 3.9+; measured with CPython 3.11.7: parse_args([]) gives dyn=False, cg=True, b=None,
// and --dyn --no-cg --no-b gives True, False, False). default= replaces the default.

// flagStores are the values each flag action stores (BooleanOptionalAction: both).
var flagStores = map[string][]bool{
	"store_true": {true}, "store_false": {false},
	"argparse.BooleanOptionalAction": {true, false}, "BooleanOptionalAction": {true, false},
}

// argFlag is what a flag option can give its dest: its default and what it stores.
type argFlag struct {
	line   int
	def    literal.Value
	stores []literal.Value
}

// noteArgFlag records the values the flag option of the add_argument call c gives
// dest (none when c is no flag, or its default= is not a literal): d, c's default
// (noteArgDefault), and what it stores. Without default=, an earlier
// parser.set_defaults(dest=V) gives the default (add_argument takes the parser's
// default when none is given: Lib/argparse.py _ActionsContainer.add_argument).
func (r *reader) noteArgFlag(c *expr, dest string, d argDefault) {
	a := kwarg(c, "action", 99)
	if dest == "" || a == nil || d.by == byUnshown || len(r.argFlags) >= maxFlow {
		return
	}
	action, ok := r.literalStr(a)
	if !ok {
		action = r.qual(a)
		if action == "" && a.kind == name {
			action = a.name
		}
	}
	if action == "count" {
		r.noteCount(dest, d)
		return
	}
	stores, ok := flagStores[action]
	if !ok {
		return
	}
	f := argFlag{line: int(c.line), def: d.value}
	if pd, ok := r.flagParserDefaults[dest]; ok && d.by == byAction {
		f.def = pd
	}
	for _, b := range stores {
		f.stores = append(f.stores, literal.Bool(b))
	}
	if old, had := r.argFlags[dest]; had {
		// --x and --no-x of one dest: parse_args sets a dest's default from its first
		// action only (Lib/argparse.py parse_known_args: setattr unless hasattr;
		// measured on 3.11.7: store_true then store_false of one dest parses [] as False).
		f.def, f.stores = old.def, append(old.stores, f.stores...)
	}
	if r.argFlags == nil {
		r.argFlags = map[string]argFlag{}
	}
	r.argFlags[dest] = f
	r.noteFlagOpts(c, dest, len(stores) == 2)
}

// flagSetDefault records parser.set_defaults(dest=v): the default of a flag added
// before, and of one added after without default=.
func (r *reader) flagSetDefault(dest string, v *expr) {
	lv, ok := r.literal(v)
	if !ok || len(r.flagParserDefaults) >= maxFlow {
		return
	}
	if f, had := r.argFlags[dest]; had {
		f.def = lv
		r.argFlags[dest] = f
	}
	if r.flagParserDefaults == nil {
		r.flagParserDefaults = map[string]literal.Value{}
	}
	r.flagParserDefaults[dest] = lv
}

// argFlagChoices returns the values args.dest can have when dest is a flag's
// (noteArgFlag): its default first, then what the flag stores; complete, unless
// another option of that dest takes a value from the command line.
func (r *reader) argFlagChoices(e *expr) ([]ArgChoice, bool) {
	if e == nil || e.kind != attr || e.x.kind != name {
		return nil, false
	}
	f, ok := r.argFlags[e.name]
	if !ok {
		return nil, false
	}
	var out []ArgChoice
	for i, v := range append([]literal.Value{f.def}, f.stores...) {
		out = append(out, ArgChoice{Line: f.line, Value: v.String(), v: v, byCLI: i > 0})
	}
	return uniqueChoices(out), !r.argValued[e.name]
}

// noteArgValued records that the add_argument call c, which is no flag, sets dest
// from the command line: a flag's two values are then not all dest can have.
func (r *reader) noteArgValued(c *expr, dest string) {
	if dest == "" || len(r.argValued) >= maxFlow {
		return
	}
	if a := kwarg(c, "action", 99); a != nil {
		s, ok := r.literalStr(a)
		if !ok || s != "store" && s != "append" && s != "extend" {
			return // a flag, a count, store_const, help, version, or a class (BooleanOptionalAction): no value from the command line
		}
	}
	if r.argValued == nil {
		r.argValued = map[string]bool{}
	}
	r.argValued[dest] = true
}
