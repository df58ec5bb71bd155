package script

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// An argument list the file writes (sweep11 finding 3): parser.parse_args(["--mode",
// "default"]), parse_args("--mode default".split()), parse_args(args=[]), the way a
// notebook gives a command line. argparse then reads that list, not sys.argv
// (Lib/argparse.py parse_known_args: args=None reads sys.argv[1:]), so an option the
// list gives has that value alone, and the command line decides nothing: no option
// can be "any value the command line gives". Only a file with one parse_args (or
// parse_known_args) call is read so: with two (if is_notebook: parse_args([]) else
// parse_args()), the command line may decide. Options that take a value are
// followed, and so are flags (sweep13 item 3): store_true, store_false and
// BooleanOptionalAction (its --no-x too) store their value when the list gives
// their option string, else the dest keeps its default (Lib/argparse.py
// _StoreTrueAction, _StoreFalseAction, BooleanOptionalAction.__call__), so a test
// of the dest (`if args.compile:`) is decided by the list, as a version test is.
// Abbreviated options (--comp for --compile) and joined short flags (-cv) are not
// read.

// noteParseCall records a parse_args or parse_known_args call (the index pass).
func (r *reader) noteParseCall(c *expr) {
	if len(r.parseCalls) < maxFlow {
		r.parseCalls = append(r.parseCalls, c)
	}
}

// noteOptionStrings records the option strings of add_argument call c ("-m",
// "--mode") as naming dest.
func (r *reader) noteOptionStrings(c *expr, dest string) {
	if dest == "" {
		return
	}
	for _, a := range c.args {
		if a.keyword != "" || a.star != 0 {
			continue
		}
		if s, ok := r.literalStr(a.value); ok && strings.HasPrefix(s, "-") && len(r.optionDests) < maxFlow {
			if r.optionDests == nil {
				r.optionDests = map[string]string{}
			}
			r.optionDests[s] = dest
		}
	}
}

// givenArgv applies the argument list of the file's one parse_args call, when the
// file writes it: each option it gives a value has that value alone (a flag's, a bool;
// an option's that takes one, a str), and no option takes a value from the command
// line.
func (r *reader) givenArgv() {
	if len(r.parseCalls) != 1 {
		return
	}
	c := r.parseCalls[0]
	toks, ok := r.argvList(c)
	if !ok {
		return
	}
	vals := map[string]literal.Value{} // the last wins, as argparse's store actions
	for i := 0; i < len(toks); i++ {
		flag, val, eq := strings.Cut(toks[i], "=")
		dest, known := r.optionDests[flag]
		v, isFlag := r.flagOpts[flag]
		switch {
		case !known:
		case isFlag && !eq:
			vals[dest] = v
		case r.argValued[dest] && eq:
			vals[dest] = literal.Str(val)
		case r.argValued[dest] && i+1 < len(toks):
			i++
			vals[dest] = literal.Str(toks[i])
		}
	}
	for dest := range r.argOpen {
		r.argOpen[dest] = 0
	}
	r.givenFlags(c, vals)
}

// givenFlags records, for the list parse call c is given (vals: the values it gives),
// each flag dest's value, what the list's last option string of it stores or else its
// default, and each str the list gives an option that takes a value.
func (r *reader) givenFlags(c *expr, vals map[string]literal.Value) {
	r.argvFlags = map[string]argvFlag{}
	for dest, f := range r.argFlags {
		v, given := vals[dest]
		if _, isStr := v.AsStr(); isStr {
			continue
		}
		af := argvFlag{line: int(c.line), value: f.def}
		if given {
			af.value, af.given, f.line = v, true, af.line
		}
		r.argvFlags[dest] = af
		r.argFlags[dest] = argFlag{line: f.line, def: af.value}
	}
	for dest, v := range vals {
		if s, isStr := v.AsStr(); isStr {
			r.cands[dest] = slicesDeleteArgparse(r.cands[dest], r.inArgparse)
			r.cands[dest] = append(r.cands[dest], Candidate{Line: int(c.line), Value: r.strPtr(s)})
		}
	}
}

// slicesDeleteArgparse returns cs less the candidates an add_argument call gave
// (inArgparse of their line).
func slicesDeleteArgparse(cs []Candidate, inArgparse func(int) bool) []Candidate {
	out := cs[:0:0]
	for _, c := range cs {
		if !inArgparse(c.Line) {
			out = append(out, c)
		}
	}
	return out
}

// argvList returns the argument list parse call c is given, when the file writes
// it: a list or tuple display of str literals, or "…".split() of a str literal (ok
// false otherwise, or for no list: sys.argv).
func (r *reader) argvList(c *expr) ([]string, bool) {
	v := argvExpr(c)
	switch {
	case v == nil:
		return nil, false
	case v.kind == tuple || v.kind == other && v.is(listDisplay):
		return r.strItems(v)
	case v.kind == call && v.x.kind == attr && v.x.name == "split" && len(v.args) == 0:
		if s, ok := r.literalStr(v.x.x); ok {
			return strings.Fields(s), true
		}
	}
	return nil, false
}

// argvExpr is the argument list parse call c is given: its first positional argument
// or its args= (nil: none, sys.argv).
func argvExpr(c *expr) *expr {
	var v *expr
	for _, a := range c.args {
		if a.keyword == "" && a.star == 0 && v == nil || a.keyword == "args" {
			v = a.value
		}
	}
	return v
}

// strItems returns the items of list or tuple display v when each is a str literal.
func (r *reader) strItems(v *expr) ([]string, bool) {
	lv, ok := r.literal(v) // the items as Python reads them (a display's str items are not kept as nodes)
	if !ok {
		return nil, false
	}
	var out []string
	for _, it := range lv.Items() {
		s, ok := it.AsStr()
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// argvFlag is a flag dest's value with the argument list the file writes.
type argvFlag struct {
	line  int
	value literal.Value
	given bool // the list gives one of its option strings
}

// noteFlagOpts records what each option string of the flag add_argument call c
// stores; boolOpt: BooleanOptionalAction, whose --x stores True and the --no-x it
// adds False.
func (r *reader) noteFlagOpts(c *expr, dest string, boolOpt bool) {
	f := r.argFlags[dest]
	if len(f.stores) == 0 && !boolOpt {
		return
	}
	for _, a := range c.args {
		s, ok := r.literalStr(a.value)
		if a.keyword != "" || a.star != 0 || !ok || !strings.HasPrefix(s, "-") || len(r.flagOpts) >= maxFlow {
			continue
		}
		if r.flagOpts == nil {
			r.flagOpts = map[string]literal.Value{}
		}
		if !boolOpt {
			r.flagOpts[s] = f.stores[len(f.stores)-1]
			continue
		}
		r.flagOpts[s] = literal.Bool(true)
		if no, ok := strings.CutPrefix(s, "--"); ok {
			r.flagOpts["--no-"+no] = literal.Bool(false)
			r.optionDests["--no-"+no] = dest
		}
	}
}

// argvTruth decides `[not] ARGS.dest` for a flag dest the written argument list
// gives its value (givenArgv).
func (r *reader) argvTruth(cond *expr) (bool, string, bool) {
	neg := false
	for n := 0; r.isNot(cond) && n < MaxNesting; n++ {
		cond, neg = cond.elts[0], !neg
	}
	if cond == nil || cond.kind != attr || cond.x.kind != name || !r.parsedArgs[cond.x.name] {
		return false, "", false
	}
	f, ok := r.argvFlags[cond.name]
	if !ok {
		return false, "", false
	}
	how := "not given: its default"
	if f.given {
		how = "given"
	}
	return f.value.Truthy() != neg, fmt.Sprintf("with the argument list parse_args is given at line %d (%s %s, %s; the command line decides nothing)", f.line, r.argDefaults[cond.name].flag, how, f.value), true
}
