package script

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// The command line given after -script's -- read for a command-line library other
// than argparse (fixscriptcli30 item 2): a def that typer.run, a one-command Typer app,
// fire.Fire or tyro.cli runs, or a click command, gets in each parameter the value the
// library gives it from that command line, by the library's own rules:
//   - Typer and click (Typer builds a click command): an option's names are
//     "--" + the parameter's name, underscores as dashes, unless typer.Option(…) or
//     @click.option(…) names them ("--compile/--no-compile", "-c"); a bool parameter
//     of Typer is a flag pair --x/--no-x (typer.tiangolo.com, "Boolean CLI Options"),
//     a click option a flag with is_flag=True or a "--x/--no-x" declaration (click
//     docs, "Options": "Boolean Flags"); another option takes the next argument or
//     --opt=VALUE (click docs, "Options": "Name Your Options"); a Typer parameter with
//     no default, or typer.Argument, and @click.argument are positional, in order
//     (typer.tiangolo.com, "CLI Arguments"); the last value given wins.
//   - fire: --name VALUE, --name=VALUE, a --name with no value after it (the next
//     argument another flag, or none) True and --noname False, hyphens and
//     underscores alike in names, each value read as a Python literal, a bare word or
//     one that is no literal a str ("max-autotune"); the other arguments fill a
//     function's parameters not named, in order, and a class's __init__ takes flags
//     alone (python-fire fire/core.py _ParseKeywordArgs, _ParseArgs; fire/parser.py
//     DefaultParseValue; fire/decorators.py GetMetadata: "Class __init__ functions
//     … require flag style arguments").
//   - tyro: "--" + the name, underscores as dashes; a bool with a default a flag pair
//     --x/--no-x, one without a default takes True or False (brentyi.github.io/tyro,
//     examples "Booleans and Flags"); another takes the next argument or --x=VALUE.
//
// A value is converted as the parameter's annotation says (str, int, float; Literal[…]
// of str must hold it; click's type=int too, and the type of its default); an
// annotation of another type, an argument none of these rules reads (an unknown
// option, a short option not declared, one more positional than the def has, --help),
// or a parameter the library requires left out leaves every parameter of that def
// undecided, and the guard says why. argh (argh.go) and jsonargparse (jsonargparse.go)
// read it by their own rules, and command groups (cligroups.go) pick the command the
// command line names.

// cliFramework is the command-line library that runs a def as the program.
type cliFramework int8

const (
	fwFire cliFramework = iota
	fwTyper
	fwClick
	fwTyro
	fwArgh         // argh.go
	fwJSONArgparse // jsonargparse.go
	fwOther        // a library whose command line is not read: the defaults alone are
)

// cliFrameworks maps the cliRunners calls to their library.
var cliFrameworks = map[string]cliFramework{
	"typer.run": fwTyper, "fire.Fire": fwFire, "tyro.cli": fwTyro,
	"argh.dispatch_command": fwArgh, "argh.dispatch_commands": fwArgh, "jsonargparse.CLI": fwJSONArgparse, "jsonargparse.auto_cli": fwJSONArgparse,
}

// cliOpt is how a command-line library fills one parameter of the def it runs.
type cliOpt struct {
	param      string          // the def's parameter
	def        *expr           // its default (nil: none: required)
	line       int             // where the default is written
	flag       string          // how notes name it: "--mode"
	names      []string        // option strings that give it a value (or True, for a flag)
	negs       []string        // option strings that give it False (--no-compile)
	isFlag     bool            // it takes no value
	positional bool            // it is filled by position
	typ        string          // how a value given is converted: "str", "int", "float", "bool", "fire", "" (not read)
	members    []literal.Value // the values it may take (Literal[…], click.Choice), nil: any
	opaque     bool            // an option this reader does not read (click's nargs=)
	fw         cliFramework    // the library that reads it (the words of its errors: clickSays)
	count      bool            // click's count=True: each time given adds one
	multiple   bool            // click's multiple=True: each value given is kept, in a tuple
	implied    *literal.Value  // the default the library gives where def is nil and the parameter is not required (count: 0, multiple: ())
}

// cliRun is one def a command-line library runs, with its options.
type cliRun struct {
	fw     cliFramework
	runner string // "typer.run(main), line 6"
	line   int    // the line of the call that runs it
	by     string // that call, short: "typer.run(main)", "app()"
	opts   []cliOpt
	class  bool // fire of a class: __init__ takes flags alone
	// sub: argv is the part of the command line given that this def reads (a group's
	// options, a command's: cligroups.go), not all of it.
	sub     bool
	argv    []string
	refused string // why the library refuses the command line given ("": it does not)
}

// bindCLIRun records the values of the parameters of def, which run (its library
// and options) runs as the program: each its default, or the value the command line
// given after -script's -- gives it (readCLI).
func (r *reader) bindCLIRun(def *stmt, run cliRun) {
	if def == nil || r.entered[def] || r.paramVals[def] != nil || r.sc == nil {
		return
	}
	given, unread := r.readCLI(run)
	vals := map[string]paramVal{}
	for _, o := range run.opts {
		if len(vals) >= maxFlow {
			break
		}
		vals[o.param] = r.cliOptValue(o, run.runner, given, unread)
		if why := r.reboundParam(def, o.param); why != "" {
			vals[o.param] = paramVal{unknown: why}
			continue // the values def binds it to stay its candidates
		}
		r.givenCandidate(def, o.param, given, run.line, run.by)
	}
	r.setParamVals(def, vals)
}

// cliOptValue is the value o's parameter has: its default where the command line
// given does not name it (cliDefaultValue), the value given where it does.
func (r *reader) cliOptValue(o cliOpt, runner string, given map[string]literal.Value, unread string) paramVal {
	pv := r.cliDefaultValue(o.def, o.implied, o.flag, runner, o.line)
	if len(r.av.cli) == 0 {
		return pv
	}
	v, ok := given[o.param]
	switch {
	case unread != "":
		pv.run, pv.unknown = paramSide{}, unread
	case ok:
		why := fmt.Sprintf("%s given to %s, %s", o.flag, runner, v)
		return paramVal{run: paramSide{v: v, ok: true, why: why, by: byCLIRunner}}
	case pv.dflt.ok:
		pv.run, pv.unknown = pv.dflt, ""
		pv.run.by = byCLIRunner
	}
	return pv
}

// givenCandidate makes the str the command line gives parameter p of def its one
// mode candidate, at line (the call by makes, "app()"), as givenValued does for an
// argparse option, and p no longer open to what a caller passes (openParam); the
// caches of the scoped lookups are dropped.
func (r *reader) givenCandidate(def *stmt, p string, given map[string]literal.Value, line int, by string) {
	s, ok := given[p].AsStr()
	if !ok || !hasGiven(given, p) {
		return
	}
	k := skey{at: def, name: p}
	r.sc.cands[k] = []Candidate{{Line: line, Value: r.strPtr(s)}}
	r.av.cliLine, r.av.cliBy = line, by
	if r.cliGiven == nil {
		r.cliGiven = map[skey]bool{}
	}
	r.cliGiven[k] = true
	r.sc.cache, r.sc.wcache = map[string][]Candidate{}, map[string][]Candidate{}
	r.sc.ucache, r.sc.pcache = map[string][]*expr{}, map[string][]skey{}
}

// readCLI reads the command line given after -script's -- as run's library does
// (see the comment at the top of this file): the values it gives by parameter, or
// why it is not read ("" with the values). Nothing with no command line or an
// empty one.
func (r *reader) readCLI(run cliRun) (map[string]literal.Value, string) {
	if len(r.av.cli) == 0 {
		return nil, ""
	}
	toks := r.av.cli
	if run.sub {
		toks = run.argv
	}
	var given map[string]literal.Value
	err := run.refused
	switch {
	case err != "":
	case run.fw == fwFire:
		given, err = fireArgv(toks, run.opts, run.class)
	case run.fw == fwTyper || run.fw == fwClick || run.fw == fwTyro:
		given, err = clickArgv(toks, run.opts, run.fw)
	case run.fw == fwArgh:
		given, err = arghArgv(toks, run.opts)
	case run.fw == fwJSONArgparse:
		given, err = jsonargparseArgv(toks, run.opts)
	default:
		err = "which this reader does not read for it"
	}
	if err == "" {
		err = missingCLI(run.opts, given, run.fw)
	}
	if err == "" && run.fw == fwFire {
		err = r.fireNonStr(run.opts, given)
	}
	if err != "" {
		if !r.cliStopped(run, err) {
			r.av.cliUnread = fmt.Sprintf("%s reads the command line given, %s", run.runner, err)
		}
		return nil, fmt.Sprintf("%s reads it from the command line given, %s", run.runner, err)
	}
	r.av.cliRead = true
	return given, ""
}

// cliStops reports whether err, why a library does not take the command line given,
// is the library's own refusal (its words, "stops with", or "the run stops there"):
// the program exits there, status 2 (click's UsageError.exit_code, argparse's
// ArgumentParser.error), or, help, it prints the help and exits 0 (click's --help,
// argparse's -h).
func cliStops(err string) (stops, help bool) {
	help = strings.Contains(err, "exits 0, running nothing")
	return help || strings.Contains(err, `stops with "`) || strings.Contains(err, "stops there"), help
}

// cliStopped treats a library's refusal of the command line given (cliStops) as
// argparse's (givenArgv; hostile29 S2): an argv-error warning at the call that runs
// it (none for the help), and nothing after that call runs (notRun). It reports
// whether err is one.
func (r *reader) cliStopped(run cliRun, err string) bool {
	stops, help := cliStops(err)
	if !stops {
		return false
	}
	if r.av.cliExit != 0 {
		return true
	}
	r.av.exited, r.av.cliExit, r.av.cliExitBy, r.av.cliHelp = true, run.line, run.runner, help
	if !help {
		r.warn(run.line, WarningArgvError, "%s exits here (status 2): it reads the command line given, %s; the run compiles nothing after it (exit 1); the plans read the file as if the command line were given no arguments", run.runner, err)
	}
	return true
}

// missingCLI says which parameter the library requires that the command line given
// leaves out ("": none).
func missingCLI(opts []cliOpt, given map[string]literal.Value, fw cliFramework) string {
	for _, o := range opts {
		if _, ok := given[o.param]; !ok && o.def == nil && o.implied == nil {
			what := fmt.Sprintf("which leaves out %s, which it requires (the run stops there)", o.flag)
			if o.positional {
				return clickSays(fw, what, fmt.Sprintf("Missing argument '%s'.", o.flag))
			}
			return clickSays(fw, what, fmt.Sprintf("Missing option '%s'.", o.flag))
		}
	}
	return ""
}

// optFor returns the option of opts that the option string s names, and the value a
// flag given so stores (False for one of negs).
func optFor(opts []cliOpt, s string) (*cliOpt, bool, bool) {
	for i := range opts {
		if slices.Contains(opts[i].names, s) {
			return &opts[i], true, true
		}
		if slices.Contains(opts[i].negs, s) {
			return &opts[i], false, true
		}
	}
	return nil, false, false
}

// clickArgv reads toks as click reads a command's arguments (Typer's and tyro's the
// same way here: see the comment at the top of this file).
func clickArgv(toks []string, opts []cliOpt, fw cliFramework) (map[string]literal.Value, string) {
	given := map[string]literal.Value{}
	var pos []*cliOpt
	for i := range opts {
		if opts[i].positional {
			pos = append(pos, &opts[i])
		}
	}
	for i := 0; i < len(toks); i++ {
		var err string
		if t := toks[i]; t == "--" || len(t) < 2 || t[0] != '-' {
			i, err = clickPositional(toks, i, pos, given, fw)
		} else {
			i, err = clickOption(toks, i, opts, given, fw)
		}
		if err != "" {
			return nil, err
		}
	}
	return given, ""
}

// clickPositional reads toks[i] (and after a "--", every argument left) as the next
// positionals of pos not given yet; it returns the index of the last argument read.
func clickPositional(toks []string, i int, pos []*cliOpt, given map[string]literal.Value, fw cliFramework) (int, string) {
	rest := toks[i : i+1]
	if toks[i] == "--" {
		rest, i = toks[i+1:], len(toks)
	}
	for _, t := range rest {
		n := 0
		for n < len(pos) && hasGiven(given, pos[n].param) {
			n++
		}
		if n == len(pos) {
			return i, clickSays(fw, fmt.Sprintf("which has %s, an argument no parameter takes", t), fmt.Sprintf("Got unexpected extra argument (%s)", t))
		}
		val, err := convertCLI(*pos[n], t)
		if err != "" {
			return i, err
		}
		given[pos[n].param] = val
	}
	return i, ""
}

// hasGiven reports whether given holds a value for p.
func hasGiven(given map[string]literal.Value, p string) bool {
	_, ok := given[p]
	return ok
}

// convertCLI is the value s given to o is once the library converts it (see the
// comment at the top of this file); err says why it is not read.
func convertCLI(o cliOpt, s string) (literal.Value, string) {
	var v literal.Value
	switch o.typ {
	case "str":
		v = literal.Str(s)
	case "int":
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil {
			return v, clickSays(o.fw, fmt.Sprintf("which gives %s %q, not an int (the run stops there)", o.flag, s), fmt.Sprintf("Invalid value for '%s': '%s' is not a valid integer.", o.flag, s))
		}
		v = literal.Int(n)
	case "bool":
		b, ok := map[string]bool{"True": true, "False": false}[s]
		if !ok {
			return v, fmt.Sprintf("which gives %s %q, which this reader does not read as a bool", o.flag, s)
		}
		v = literal.Bool(b)
	case "fire":
		if v, ok := fireValue(s); ok {
			return v, ""
		}
		return v, fmt.Sprintf("which gives %s %q, a value this reader does not read as fire does", o.flag, s)
	default:
		return v, fmt.Sprintf("which gives %s a value whose type this reader does not read", o.flag)
	}
	if len(o.members) > 0 && !slices.ContainsFunc(o.members, func(m literal.Value) bool { return m.String() == v.String() }) {
		return v, clickSays(o.fw, fmt.Sprintf("which gives %s %q, none of its %s (the run stops there)", o.flag, s, membersWord(o.fw)), fmt.Sprintf("Invalid value for '%s': '%s' is not one of %s.", o.flag, s, quotedMembers(o.members)))
	}
	return v, ""
}

// membersWord names the values an option may take as its library declares them:
// click's Choice, Typer's and tyro's Literal[…].
func membersWord(fw cliFramework) string {
	if fw == fwClick {
		return "choices"
	}
	return "Literal members"
}

// fireValue is the value fire gives the argument s (fire/parser.py DefaultParseValue:
// literal_eval of s with its bare names as strs, s itself where that fails): True,
// False, None; a bare word, or words joined by - or . (max-autotune: a BinOp, which
// _LiteralEval refuses), the str s; a number or a quoted str, that literal. ok is false
// for anything else (a container, an expression), which this reader does not read.
func fireValue(s string) (literal.Value, bool) {
	switch {
	case s == "True" || s == "False" || s == "None":
		return literal.MustParse(s), true
	case bareWords(s):
		return literal.Str(s), true
	case numberText(s) || quotedText(s):
		v, err := literal.Parse(s)
		return v, err == nil
	}
	return literal.Value{}, false
}

// bareWords reports whether s is identifiers joined by "-" or ".".
func bareWords(s string) bool {
	return s != "" && !slices.ContainsFunc(strings.FieldsFunc(s, func(c rune) bool { return c == '-' || c == '.' }), func(w string) bool { return !isIdent(w) }) &&
		!strings.HasPrefix(s, "-") && !strings.HasPrefix(s, ".") && !strings.HasSuffix(s, "-") && !strings.HasSuffix(s, ".") &&
		!strings.Contains(s, "--") && !strings.Contains(s, "..") && !strings.Contains(s, "-.") && !strings.Contains(s, ".-")
}

// numberText reports whether s is a decimal int or float literal with an optional
// sign (no underscores, no hex, no imaginary part).
func numberText(s string) bool {
	t := strings.TrimLeft(s, "+-")
	if len(s)-len(t) > 1 || t == "" {
		return false
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(t), "e")
	if hasExp {
		exp = strings.TrimLeft(exp, "+-")
		if exp == "" || strings.Trim(exp, "0123456789") != "" {
			return false
		}
	}
	whole, frac, _ := strings.Cut(mant, ".")
	return whole+frac != "" && strings.Trim(whole+frac, "0123456789") == ""
}

// quotedText reports whether s is one quoted str with no other quote in it.
func quotedText(s string) bool {
	return len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] && strings.Count(s, s[:1]) == 2
}

// isIdent reports whether s is a Python identifier (ASCII).
func isIdent(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) {
			return false
		}
	}
	return true
}

// fireArgv reads toks as fire reads a function's (or, class, a class's) arguments
// (python-fire fire/core.py _ParseKeywordArgs, _ParseArgs; see the comment at the top
// of this file). Arguments after a lone "--" are fire's own flags (--help,
// --interactive): not read.
func fireArgv(toks []string, opts []cliOpt, class bool) (map[string]literal.Value, string) {
	if slices.Contains(toks, "--") {
		return nil, "which has --, after which fire reads its own flags"
	}
	given := map[string]literal.Value{}
	var rest []string
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if !strings.HasPrefix(t, "--") {
			rest = append(rest, t)
			continue
		}
		key, v, eq := strings.Cut(t[2:], "=")
		key = strings.ReplaceAll(key, "-", "_")
		boolSyntax := !eq && (i+1 == len(toks) || strings.HasPrefix(toks[i+1], "--"))
		o := fireOpt(opts, key)
		switch {
		case o == nil && boolSyntax && strings.HasPrefix(key, "no") && fireOpt(opts, key[2:]) != nil:
			given[key[2:]] = literal.Bool(false)
		case o == nil:
			return nil, fmt.Sprintf("which has %s, an argument this reader does not read for it", t)
		case boolSyntax:
			given[o.param] = literal.Bool(true)
		case !eq:
			v, i = toks[i+1], i+1
			fallthrough
		default:
			val, err := convertCLI(*o, v)
			if err != "" {
				return nil, err
			}
			given[o.param] = val
		}
	}
	return given, firePositional(rest, opts, given, class)
}

// fireNonStr says which parameter whose default is a str the command line given
// gives a value of another type ("": none): fire passes a --name with no value after
// it as True and reads a value as a Python literal (--mode 3 is the int 3), so
// `-- --mode` calls main(mode=True) (hostile29 S1), which no mode planned stands for.
func (r *reader) fireNonStr(opts []cliOpt, given map[string]literal.Value) string {
	for _, o := range opts {
		v, ok := given[o.param]
		if !ok {
			continue
		}
		if _, isStr := v.AsStr(); isStr {
			continue
		}
		if d, known := r.literal(o.def); known {
			if ds, dStr := d.AsStr(); dStr {
				return fmt.Sprintf("which gives %s %s (fire passes a flag with no value as True, and a value as the Python literal it reads), not a str as its default %q is; this reader plans no value of another type there", o.flag, v, ds)
			}
		}
	}
	return ""
}

// fireOpt returns the option of opts whose parameter is key (nil: none).
func fireOpt(opts []cliOpt, key string) *cliOpt {
	for i := range opts {
		if opts[i].param == key {
			return &opts[i]
		}
	}
	return nil
}

// firePositional fills, with the arguments rest that are no flags, the parameters
// given does not name, in order (a function's alone).
func firePositional(rest []string, opts []cliOpt, given map[string]literal.Value, class bool) string {
	if len(rest) > 0 && class {
		return fmt.Sprintf("which has %s, a member of the class to run, which this reader does not read", rest[0])
	}
	for _, o := range opts {
		if len(rest) == 0 {
			break
		}
		if hasGiven(given, o.param) {
			continue
		}
		val, err := convertCLI(o, rest[0])
		if err != "" {
			return err
		}
		given[o.param], rest = val, rest[1:]
	}
	if len(rest) > 0 {
		return fmt.Sprintf("which has %s, an argument no parameter takes", rest[0])
	}
	return ""
}

// cliArgvUnread sets Script.ArgvUnread, after the run, for a command line a
// command-line library's def read (cliRead: it changes the plans, "") or could not
// (cliUnread says why).
func (r *reader) cliArgvUnread() {
	switch {
	case len(r.av.cli) == 0 || r.av.fromCLI:
	case r.av.cliExit != 0: // the library refuses it: an argv-error warning says so (cliStopped)
		r.out.argvUnread = ""
	case r.av.cliUnread != "": // a command's refusal after its group's options were read
		r.out.argvUnread = r.av.cliUnread + ", so these arguments change no plan"
	case r.av.cliRead:
		r.out.argvUnread = ""
	}
}
