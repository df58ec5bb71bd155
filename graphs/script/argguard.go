package script

import (
	"fmt"

	"github.com/compilemode/compilemode/config/literal"
)

// Guards an argparse option decides (sweep4 finding 6's sibling: `if not
// args.no_compile:` around a site). The command line decides them, so they stay
// conditional; the guard's text says which way the parser's defaults take it, and the
// flag that turns it. The default of an option is its default=, else False for
// action="store_true" and True for action="store_false", else None (Python's
// argparse: Lib/argparse.py _StoreTrueAction(default=False), _StoreFalseAction
// (default=True), Action default None).

// argDefault is an option's default, as argparse gives it.
type argDefault struct {
	flag  string // the option string written ("--no-compile")
	value literal.Value
	line  int
}

// actionDefaults are the defaults argparse gives the store_true/store_false actions.
var actionDefaults = map[string]bool{"store_true": false, "store_false": true}

// noteArgDefault records the default of the add_argument call c for dest.
func (r *reader) noteArgDefault(c *expr, dest, flag string) {
	if dest == "" || r.argDefaults == nil || len(r.argDefaults) >= maxFlow {
		return
	}
	d := argDefault{flag: flag, value: literal.None(), line: int(c.line)}
	if a := kwarg(c, "action", 99); a != nil {
		if s, ok := r.literalStr(a); ok {
			if b, ok := actionDefaults[s]; ok {
				d.value = literal.Bool(b)
			}
		}
	}
	if v := kwarg(c, "default", 99); v != nil {
		lv, ok := r.literal(v)
		if !ok {
			return // a default the file does not show
		}
		d.value = lv
	}
	r.argDefaults[dest] = d
}

// argDefaultNote is what the parser's defaults make cond, `[not] ARGS.dest` with ARGS
// bound to parse_args(): ": true with the parser's defaults (…)"; "" otherwise.
func (r *reader) argDefaultNote(cond *expr) string {
	neg := false
	for n := 0; r.isNot(cond) && n < MaxNesting; n++ {
		cond, neg = cond.elts[0], !neg
	}
	if cond == nil || cond.kind != attr || cond.x.kind != name || !r.parsedArgs[cond.x.name] {
		return ""
	}
	d, ok := r.argDefaults[cond.name]
	if !ok {
		return ""
	}
	truth := map[bool]string{true: "true", false: "false"}[d.value.Truthy() != neg]
	return fmt.Sprintf(": %s with the parser's defaults (%s not given: %s, line %d); the command line decides", truth, d.flag, d.value, d.line)
}

// noteParsedArgs records that n is bound to ….parse_args(…).
func (r *reader) noteParsedArgs(n string, v *expr) {
	if n != "" && v != nil && v.kind == call && v.x.kind == attr && v.x.name == "parse_args" && r.parsedArgs != nil {
		r.parsedArgs[n] = true
	}
}
