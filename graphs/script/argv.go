package script

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/graphs/script/pytoken"
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
// So are counts (action="count": -v -v, -vv), abbreviated options (--mo for --mode,
// argparse's allow_abbrev) and joined short flags (-cv) (script14 item 1), and the
// command line the command is given after -script FILE -- (ReadOptions.Argv), which
// parse_args() of sys.argv reads. A value the list gives surely reaches where the
// dest is read (a mode no release knows is planned, as torch.compile's error:
// widemode.go), an int one counts a loop over range(args.dest) (loopcount.go), and
// argparse's refusals of a value are its (argv14: newuser14 #1, #2, #3, #9).

// noteParseCall records a parse_args or parse_known_args call (the index pass).
func (r *reader) noteParseCall(c *expr) {
	if len(r.parseCalls) < maxFlow {
		r.parseCalls = append(r.parseCalls, c)
	}
}

// noteOptionStrings records the option strings of add_argument call c ("-m",
// "--mode") as naming dest.
func (r *reader) noteOptionStrings(c *expr, dest string) {
	r.noteArgvAction(c, dest)
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
			r.av.names[dest] = strings.TrimPrefix(r.av.names[dest]+"/"+s, "/")
			if _, had := r.optionDests[s]; !had {
				r.av.order = append(r.av.order, s)
			}
			r.optionDests[s] = dest
		}
	}
}

// givenArgv applies the argument list of the file's one parse_args call, when the
// file writes it (or, for parse_args() of sys.argv, when ReadOptions.Argv gives the
// command line): each option it gives a value has that value alone (a flag's, a bool;
// a count's, an int; an option's that takes one, a str), an option it does not give
// its default, and no option takes a value from the command line. A list argparse
// refuses (an ambiguous abbreviation, a value choices= or type=int refuses, an option
// given no value, an unknown option or extra argument of a parser the reader sees
// whole, a positional or required=True option left out: parseArgv)
// exits there: an argv-error warning, and the list
// is not applied.
func (r *reader) givenArgv() {
	if len(r.parseCalls) != 1 {
		return
	}
	c := r.parseCalls[0]
	toks, ok := r.argvList(c)
	if !ok && (argvExpr(c) != nil || r.av.cli == nil) {
		return
	}
	if !ok {
		toks, r.av.fromCLI = r.av.cli, true
	}
	r.av.closed = c.x.name == "parse_args" && r.closedParser()
	vals, err := r.parseArgv(toks)
	if err != "" {
		r.av.refused = c
		r.warn(int(c.line), WarningArgvError, "parse_args exits here (status 2): %s; the run compiles nothing after it (exit 1); the plans read the file as if parse_args were given no arguments", err)
		return
	}
	if r.av.help {
		r.av.refused = c // argparse prints the help and exits 0 there: nothing after it runs (notRun)
		return
	}
	for dest := range r.argOpen {
		r.argOpen[dest] = 0
	}
	r.givenFlags(c, vals)
}

// parseArgv reads toks as argparse does (Lib/argparse.py _parse_optional,
// consume_optional; 3.8 to 3.13 alike, measured: testdata/script14/argv-probe.py and
// argv-rows.py, their output argv-*.txt): an option string the parser has;
// OPT=VALUE; a unique prefix of a -- option (--mo for --mode) unless
// ArgumentParser(allow_abbrev=False), two or more an error; a short option with its
// value joined (-mVALUE) or flags joined (-vv, -cv). Each store takes the last value
// given, a count adds one to its default (None: 0). An option the reader does not
// know is skipped (it may come from an add_argument the reader does not see;
// parse_known_args keeps it), unless the reader sees the whole parser
// (unrecognized). err is argparse's message for a list it refuses.
func (r *reader) parseArgv(toks []string) (map[string]literal.Value, string) {
	vals := map[string]literal.Value{} // the last wins, as argparse's store actions
	var extras []string
	filled := 0         // the positionals given, in order
	lastFilled := false // the argument before gave a positional
	for i := 0; i < len(toks); i++ {
		if toks[i] == "--" {
			var err string
			if extras, err = r.afterDash(vals, toks[i+1:], lastFilled, filled, extras); err != "" {
				return nil, err
			}
			break
		}
		if r.isHelp(toks[i]) {
			return nil, r.helpExit(toks[i+1:])
		}
		opt, explicit, has, err := r.argvOption(toks[i])
		lastFilled = false
		if opt == "" && err == "" {
			before := filled
			filled, extras, err = r.argvPositional(vals, toks[i], filled, extras)
			lastFilled = filled > before
		}
		for err == "" && opt != "" {
			var next, rest string
			var more bool
			next, rest, more, err = r.nextJoined(opt, explicit, has)
			if err == "" {
				i, err = r.storeArgv(vals, toks, i, opt, explicit, has)
			}
			opt, explicit, has = next, rest, more
		}
		if err != "" {
			return nil, err
		}
	}
	if err := r.missing(toks, vals); err != "" {
		return nil, err
	}
	return vals, r.unrecognized(toks, extras)
}

// afterDash reads rest, the arguments after the list's first "--" (lastFilled: the
// argument before it gave a positional; filled: the positionals given), and returns
// extras with those no positional takes: each is a positional, option-like or not, a
// later "--" too (Lib/argparse.py _parse_known_args: all args after -- are
// non-options, 'A'), its choices= and type= judged; the "--" itself is taken out only
// where the positional given by the argument just before it (not an option's value)
// or just after it takes it (its nargs=None pattern -*A-*; 3.11's _get_values and
// python/cpython@0006cbca's consume_positionals strip that first "--"), else it is one
// of extras. Measured with CPython 3.8.18, 3.11.7, 3.12.1 and 3.13.0, alike
// (testdata/argvdash; hostile29 S3):
// with no positional, --compile -- --mode max-autotune is "unrecognized arguments:
// -- --mode max-autotune", --compile -- "unrecognized arguments: --"; with one, x --
// and -- x give it x, -- -- gives it --, and x y -- leaves "y --".
func (r *reader) afterDash(vals map[string]literal.Value, rest []string, lastFilled bool, filled int, extras []string) ([]string, string) {
	open := r.av.closed && filled < len(r.av.positionals)
	if !lastFilled && (len(rest) == 0 || !open) {
		extras = append(extras, "--")
	}
	for _, t := range rest {
		if !r.av.closed || filled == len(r.av.positionals) {
			extras = append(extras, t)
			continue
		}
		dest := r.av.positionals[filled]
		vals[dest] = literal.Str(t)
		filled++
		if err := r.argvValue(dest, t); err != "" {
			return extras, err
		}
	}
	return extras, ""
}

// argvPositional reads t, an argument that is no option string the parser has: in a
// parser the reader sees whole (closedParser), one not option-like (a value, -1)
// gives the next positional not given yet, whose choices= and type= judge it
// (argvValue); else it is one of extras (unrecognized). filled counts the
// positionals given.
func (r *reader) argvPositional(vals map[string]literal.Value, t string, filled int, extras []string) (int, []string, string) {
	if r.av.closed && !optionLike(t) && filled < len(r.av.positionals) {
		dest := r.av.positionals[filled]
		vals[dest] = literal.Str(t)
		return filled + 1, extras, r.argvValue(dest, t)
	}
	return filled, append(extras, t), ""
}

// missing returns parse_args's error for the actions argparse requires that the list
// leaves out, positionals and options with required=True, named as argparse names
// them (the option strings joined by "/", a positional's metavar= or name) in the
// order add_argument gives them ("the following arguments are required: --lr, data";
// Lib/argparse.py _parse_known_args, _get_action_name; CPython 3.6 to 3.13.0 alike,
// testdata/script15/argv-required.txt): "" where the reader does not see the whole
// parser (a help option returns before it). It comes before unrecognized
// arguments, as in argparse.
func (r *reader) missing(toks []string, vals map[string]literal.Value) string {
	if !r.av.closed {
		return ""
	}
	var names []string
	for _, q := range r.av.reqs {
		if _, given := vals[q.dest]; !given {
			names = append(names, q.name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "the following arguments are required: " + strings.Join(names, ", ")
}

// isHelp reports whether argument t is the help option argparse adds to a parser
// (add_help=True, the default): -h, --help, or a prefix of --help (--h, --he) that
// no option of the file's starts too, unless allow_abbrev=False.
func (r *reader) isHelp(t string) bool {
	if _, own := r.optionDests[t]; own || r.av.noHelp {
		return false
	}
	if t == "-h" || t == "--help" {
		return true
	}
	if r.av.noAbbrev || len(t) < 3 || !strings.HasPrefix("--help", t) {
		return false
	}
	for _, o := range r.av.order {
		if strings.HasPrefix(o, t) {
			return false
		}
	}
	return true
}

// helpExit reads a list whose argument before rest is the help option: argparse
// prints the help and exits 0 there (the run compiles nothing after parse_args:
// notRun), the options before it taken in order (an error of theirs comes first), unless an
// argument of rest is an ambiguous abbreviation, which argparse finds before it
// takes any (its error; measured on CPython 3.11.7: -h --mo x exits 2, --mode
// lite -h exits 2, -h --mode lite exits 0).
func (r *reader) helpExit(rest []string) string {
	for _, t := range rest {
		if t == "--" {
			break
		}
		if _, _, _, err := r.argvOption(t); err != "" {
			return err
		}
	}
	r.av.help = true
	return ""
}

// unrecognized returns parse_args's error for the arguments extras no option of the
// parser takes (Lib/argparse.py parse_args: "unrecognized arguments: …", in their
// order; 3.6 to 3.13.0 alike, testdata/script14/argv-unknown.*), when the reader
// sees every option and positional of the parser (closedParser): "" else (a help
// option, -h, --he: help, exit 0, returns before it). After "--" they are afterDash's.
func (r *reader) unrecognized(toks, extras []string) string {
	if !r.av.closed || len(extras) == 0 {
		return ""
	}
	return "unrecognized arguments: " + strings.Join(extras, " ")
}

// closedParser reports whether the reader sees every option string and positional
// of the file's parser: one ArgumentParser() (no parents=, prefix_chars= or
// fromfile_prefix_chars=, no subparsers nor mutually exclusive group), each
// add_argument of it naming its options with str literals ("-x" short ones) or one
// positional (noteRequired), none with nargs=, a required= not a literal bool or an
// action that exits (help, version), and neither it nor a group of it passed to a
// function the file does not define.
func (r *reader) closedParser() bool {
	if r.av.open || r.av.parsers != 1 {
		return false
	}
	for n, callee := range r.av.passed {
		if _, def := r.funcs[callee]; r.av.receivers[n] && !def {
			return false
		}
	}
	return true
}

// noteArgvOpen records what in call c (an add_argument, ArgumentParser or another)
// may give the parser an option the reader does not see (closedParser).
func (r *reader) noteArgvOpen(c *expr) {
	switch c.x.name {
	case "ArgumentParser":
		r.av.parsers++
		r.av.open = r.av.open || kwarg(c, "parents", 99) != nil || kwarg(c, "prefix_chars", 99) != nil || kwarg(c, "fromfile_prefix_chars", 99) != nil
	case "add_subparsers", "add_mutually_exclusive_group":
		r.av.open = true
	case "add_arguments":
		// simple_parsing's ArgumentParser.add_arguments(Config, dest=…) adds an option
		// per field of the dataclass (lebrice/SimpleParsing README: parser.add_arguments(HParams, dest="hparams")), which
		// the reader does not read: the parser is open, and a list given is not read.
		r.av.open = true
		if r.av.dataclassAt == 0 && c.x.kind == attr {
			r.av.dataclassAt = int(c.line)
		}
	}
	for _, a := range c.args {
		if a.value != nil && a.value.kind == name && len(r.av.passed) < maxFlow && (c.x.kind == name || c.x.kind == attr) {
			r.av.passed[a.value.name] = c.x.name
		}
	}
}

// noteOptionOpen records whether add_argument call c may give an option or a
// positional the reader does not see (closedParser), and what it requires.
func (r *reader) noteOptionOpen(c *expr, dest string) {
	if c.x.x != nil && c.x.x.kind == name && len(r.av.receivers) < maxFlow {
		r.av.receivers[c.x.x.name] = true
	}
	open := dest == "" || kwarg(c, "nargs", 99) != nil || !r.noteRequired(c, dest)
	if a := kwarg(c, "action", 99); a != nil {
		s, ok := r.literalStr(a)
		open = open || ok && (s == "help" || s == "version") || !ok && r.lastName(a) != "BooleanOptionalAction"
	}
	r.av.open = r.av.open || open || r.namesOpen(c)
}

// noteRequired records the action add_argument call c adds for dest when argparse
// requires it (argvReq): an option with required=True, or a positional (one str
// literal not an option string, nargs= not given). It reports false where the
// reader cannot tell: required= not a literal bool, a positional given action=,
// dest=, required= or a metavar= not a str literal.
func (r *reader) noteRequired(c *expr, dest string) bool {
	var opts []string
	pos := ""
	for _, a := range c.args {
		if s, ok := r.literalStr(a.value); ok && a.keyword == "" && strings.HasPrefix(s, "-") {
			opts = append(opts, s)
		} else if ok && a.keyword == "" {
			pos = s
		}
	}
	q := kwarg(c, "required", 99)
	switch {
	case len(r.av.reqs) >= maxFlow:
		return false
	case pos != "" && kwarg(c, "nargs", 99) == nil:
		return r.notePositional(c, dest, pos)
	case q == nil || r.text(q) == "False":
		return true
	case r.text(q) != "True":
		return false
	}
	r.av.reqs = append(r.av.reqs, argvReq{name: strings.Join(opts, "/"), dest: dest})
	return true
}

// notePositional records positional pos of add_argument call c (its dest), named by
// its metavar= when given; false for one given more than the reader reads.
func (r *reader) notePositional(c *expr, dest, pos string) bool {
	if kwarg(c, "action", 99) != nil || kwarg(c, "dest", 99) != nil || kwarg(c, "required", 99) != nil {
		return false
	}
	if m := kwarg(c, "metavar", 99); m != nil {
		s, ok := r.literalStr(m)
		if !ok {
			return false
		}
		pos = s
	}
	r.av.reqs = append(r.av.reqs, argvReq{name: pos, dest: dest})
	r.av.positionals = append(r.av.positionals, dest)
	r.av.names[dest] = pos
	return true
}

// namesOpen reports whether add_argument call c names an option with something other
// than a str literal, or a short option longer than "-x" (argparse matches a prefix of
// one: not read here), or a positional with another name beside it.
func (r *reader) namesOpen(c *expr) bool {
	n, pos := 0, false
	for _, a := range c.args {
		s, ok := r.literalStr(a.value)
		if a.keyword != "" {
			continue
		}
		n++
		pos = pos || ok && !strings.HasPrefix(s, "-")
		if a.star != 0 || !ok || len(s) > 2 && s[0] == '-' && s[1] != '-' {
			return true
		}
	}
	return pos && n > 1
}

// nextJoined returns, for option opt given with explicit (has) in one argument, the
// option the rest of it gives when opt is a flag or a count (-vv: -v, then -v; next
// "": none), or argparse's error for a flag given a value (--verbose=2).
func (r *reader) nextJoined(opt, explicit string, has bool) (next, rest string, more bool, err string) {
	_, isFlag := r.flagOpts[opt]
	_, isCount := r.av.counts[r.optionDests[opt]]
	switch {
	case !isFlag && !isCount || !has:
		return "", "", false, ""
	case len(opt) == 2 && explicit != "":
		next = "-" + explicit[:1]
		if _, known := r.optionDests[next]; known {
			return next, explicit[1:], len(explicit) > 1, ""
		}
	}
	return "", "", false, fmt.Sprintf("argument %s: ignored explicit argument '%s'", opt, explicit)
}

// storeArgv stores what option opt (its value explicit when has, else toks[i+1] for
// an option that takes one) gives its dest in vals; it returns the index of the last
// argument used, and argparse's error for a value it refuses (argvValue) or an option
// that takes one value given none (the next argument an option string, or none:
// Lib/argparse.py consume_optional's "expected one argument"; 3.6 to 3.13.0 alike,
// testdata/script14/argv-refusals.txt).
func (r *reader) storeArgv(vals map[string]literal.Value, toks []string, i int, opt, explicit string, has bool) (int, string) {
	dest := r.optionDests[opt]
	v, isFlag := r.flagOpts[opt]
	def, isCount := r.av.counts[dest]
	switch {
	case isCount:
		if cur, ok := vals[dest]; ok {
			def = cur
		}
		n, _ := def.AsInt()
		vals[dest] = literal.Int(n + 1)
	case isFlag:
		vals[dest] = v
	case r.argValued[dest] && has:
		vals[dest] = literal.Str(explicit)
		return i, r.argvValue(dest, explicit)
	case r.argValued[dest] && i+1 < len(toks) && !optionLike(toks[i+1]):
		vals[dest] = literal.Str(toks[i+1])
		return i + 1, r.argvValue(dest, toks[i+1])
	case r.argValued[dest] && !r.av.nargs[dest]:
		return i, fmt.Sprintf("argument %s: expected one argument", r.av.names[dest])
	}
	return i, ""
}

// optionLike reports whether argparse reads argument t as an option string, known or
// not, or as "--" (Lib/argparse.py _parse_optional, _negative_number_matcher): a "-"
// with more after it, not a negative number (-1, -.5) nor text with a space.
func optionLike(t string) bool {
	if len(t) < 2 || t[0] != '-' || strings.Contains(t, " ") {
		return false
	}
	whole, frac, dot := strings.Cut(t[1:], ".")
	return !allDigits(whole, dot) || dot && !allDigits(frac, false)
}

// allDigits reports whether s is ASCII digits, at least one unless empty is true.
func allDigits(s string, empty bool) bool {
	if s == "" {
		return empty
	}
	return strings.Trim(s, "0123456789") == ""
}

// argvValue returns argparse's error for value s given to dest, an option that takes
// one, when its type= or choices= refuses it (Lib/argparse.py _get_values: the type
// converts first, "invalid int value: 's'"; then _check_value, "invalid choice: v
// (choose from c, …)", each item's repr; measured on CPython 3.6 to 3.13.0,
// testdata/script14/argv-refusals.txt): "" for a value taken, or one the reader
// cannot judge (a type other than str and int, choices it does not read).
func (r *reader) argvValue(dest, s string) string {
	v := literal.Str(s)
	switch r.av.types[dest] {
	case "", "str":
	case "int":
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil && strings.Contains(s, "_") {
			return "" // int("1_000") takes it
		}
		if err != nil {
			return fmt.Sprintf("argument %s: invalid int value: %s", r.av.names[dest], v)
		}
		v = literal.Int(n)
	default:
		return ""
	}
	cs, ok := r.av.choices[dest]
	if !ok || slices.ContainsFunc(cs, func(c literal.Value) bool { return c.String() == v.String() }) {
		return ""
	}
	items := make([]string, len(cs))
	for k, c := range cs {
		if c.Kind() != v.Kind() {
			return "" // 1 == 1.0, True == 1: not judged here
		}
		items[k] = c.String()
	}
	return fmt.Sprintf("argument %s: invalid choice: %s (choose from %s)", r.av.names[dest], v, strings.Join(items, ", "))
}

// givenInt records the int the list gives dest, an option with type=int, as
// int(v) makes it (the count of a loop over range(args.dest): loopcount.go).
func (r *reader) givenInt(dest string, v literal.Value) {
	s, _ := v.AsStr()
	if n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64); err == nil && r.av.types[dest] == "int" {
		r.av.ints[dest] = literal.Int(n)
	}
}

// noteArgvAction records what add_argument call c says of dest that reading a list
// needs: its type= (other than str) and whether it has nargs=.
func (r *reader) noteArgvAction(c *expr, dest string) {
	r.noteOptionOpen(c, dest)
	if len(r.av.types) >= maxFlow || len(r.av.nargs) >= maxFlow {
		return
	}
	if t := kwarg(c, "type", 99); t != nil && r.text(t) != "str" {
		r.av.types[dest] = r.text(t)
	}
	if kwarg(c, "nargs", 99) != nil {
		r.av.nargs[dest] = true
	}
}

// noteArgvChoices records the items choices= gives dest (a literal's, or the keys of
// a dict the file writes), in their order.
func (r *reader) noteArgvChoices(dest string, items []literal.Value) {
	if len(r.av.choices) < maxFlow && dest != "" {
		r.av.choices[dest] = items
	}
}

// argvOption resolves one argument t to the option string it gives, with the value
// written in it (explicit, has: OPT=VALUE, -mVALUE); opt "" for a positional or an
// option the reader does not know; err for an ambiguous abbreviation.
func (r *reader) argvOption(t string) (opt, explicit string, has bool, err string) {
	if len(t) < 2 || t[0] != '-' {
		return "", "", false, ""
	}
	if _, ok := r.optionDests[t]; ok {
		return t, "", false, ""
	}
	k, v, eq := strings.Cut(t, "=")
	if _, ok := r.optionDests[k]; ok && eq {
		return k, v, true, ""
	}
	if !strings.HasPrefix(t, "--") {
		if _, ok := r.optionDests[t[:2]]; ok {
			return t[:2], t[2:], true, "" // -mVALUE, -vv
		}
		return "", "", false, ""
	}
	if r.av.noAbbrev {
		return "", "", false, ""
	}
	var match []string
	for _, o := range r.av.order {
		if strings.HasPrefix(o, k) && strings.HasPrefix(o, "--") {
			match = append(match, o)
		}
	}
	switch len(match) {
	case 0:
		return "", "", false, ""
	case 1:
		return match[0], v, eq, ""
	}
	return "", "", false, fmt.Sprintf("ambiguous option: %s could match %s", t, strings.Join(match, ", "))
}

// givenFlags records, for the list parse call c is given (vals: the values it gives),
// each flag dest's value, what the list's last option string of it stores or else its
// default, each count's, and each str the list gives an option that takes a value (one
// it does not give: its default alone).
func (r *reader) givenFlags(c *expr, vals map[string]literal.Value) {
	r.argvFlags = map[string]argvFlag{}
	r.av.vals = map[string]literal.Value{}
	r.av.given = maps.Clone(vals)
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
		r.av.vals[dest] = af.value
		r.argFlags[dest] = argFlag{line: f.line, def: af.value}
	}
	for dest, def := range r.av.counts {
		af := argvFlag{line: int(c.line), value: def}
		if v, given := vals[dest]; given {
			af.value, af.given = v, true
		}
		r.argvFlags[dest] = af
		r.av.vals[dest] = af.value
	}
	for dest := range r.argValued {
		r.givenValued(c, dest, vals)
	}
}

// givenValued records what the list gives dest, an option that takes a value: the
// str given, else its default (not its choices=; a default set_defaults gives, or one
// the file does not show, is left as it was).
func (r *reader) givenValued(c *expr, dest string, vals map[string]literal.Value) {
	v, given := vals[dest]
	d, ok := r.argDefaults[dest]
	if !given && (!ok || d.by == byUnshown || len(r.parserDefaultCands[dest]) > 0) {
		return
	}
	file := r.cands[dest]
	r.cands[dest] = slicesDeleteArgparse(file, r.inArgparse)
	line := int(c.line)
	if !given {
		v, line = d.value, d.line
	}
	if given {
		r.av.givenLine = line
		r.givenInt(dest, v)
	}
	if r.av.types[dest] == "" {
		r.av.vals[dest] = v // with type=int the value is int("32"): not evaluated here
	}
	if s, isStr := v.AsStr(); isStr {
		p := r.strPtr(s)
		if r.av.decided == nil {
			r.av.decided = map[*string][]Candidate{}
		}
		r.av.decided[p] = file
		r.cands[dest] = append(r.cands[dest], Candidate{Line: line, Value: p})
	} else if v.Kind() == literal.NoneKind {
		r.cands[dest] = append(r.cands[dest], Candidate{Line: line})
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
			if _, had := r.optionDests["--no-"+no]; !had {
				r.av.order = append(r.av.order, "--no-"+no)
			}
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
	if cond == nil || cond.kind != attr || !r.isNamespace(cond.x) {
		return r.argvEvalTruth(cond, neg)
	}
	f, ok := r.argvFlags[cond.name]
	if !ok {
		return r.argvEvalTruth(cond, neg)
	}
	how := "not given: its default"
	if f.given {
		how = "given"
	}
	return f.value.Truthy() != neg, r.argvWhere(fmt.Sprintf("%s %s, %s", r.argDefaults[cond.name].flag, how, f.value)), true
}

// argvState is what reading an argument list needs beyond the options' dests.
type argvState struct {
	order       []string                   // option strings, in the order add_argument gives them
	counts      map[string]literal.Value   // count dests → their default (None: none given)
	noAbbrev    bool                       // ArgumentParser(allow_abbrev=False)
	cli         []string                   // ReadOptions.Argv
	fromCLI     bool                       // the list read is cli
	vals        map[string]literal.Value   // each dest's value with the list read (nil: none read)
	types       map[string]string          // dest → the type= text of its option, other than str
	names       map[string]string          // dest → its option strings joined by "/", as argparse names it in an error
	choices     map[string][]literal.Value // dest → its choices= items, when the file writes them
	nargs       map[string]bool            // dests an option with nargs= sets
	ints        map[string]literal.Value   // dest → the int the list read gives it, an option with type=int
	closed      bool                       // the reader sees every option of the file's parser (closedParser)
	open        bool                       // an option the reader may not see (noteArgvOpen)
	dataclassAt int                        // the line of a parser.add_arguments(Config, …): simple_parsing's dataclass options, not read (0: none)
	parsers     int                        // ArgumentParser() calls
	passed      map[string]string          // a name passed to a call → the callee's name
	receivers   map[string]bool            // the names add_argument is called on
	givenLine   int                        // the line of the parse call whose list gives an option that takes a value its value (0: none)
	refused     *expr                      // the parse call whose list argparse refuses (an argv-error; nil: none)
	exited      bool                       // the run pass has passed refused: what runs after it does not run
	reqs        []argvReq                  // the actions argparse requires, in add_argument order (missing)
	positionals []string                   // the positionals' dests, in order
	noHelp      bool                       // ArgumentParser(add_help=False): no -h/--help
	help        bool                       // the list read asks for the help: parse_args prints it and exits 0
	given       map[string]literal.Value   // the dests the list read gives a value, with it (nil: none read)
	cliRead     bool                       // a command-line library's def read cli (cliargv.go readCLI)
	cliUnread   string                     // why one did not (readCLI: "" when none tried)
	cliExit     int                        // the line of the call whose library refuses the command line given (cliStopped; 0: none)
	cliExitBy   string                     // that call ("tyro.cli(main), line 12")
	cliHelp     bool                       // that library prints the help the command line asks for and exits 0
	cliLine     int                        // the line of the call whose command line gives a parameter a str (givenCandidate; 0: none)
	cliBy       string                     // that call, short ("app()")
	// decided maps the value givenValued gives a dest (its pointer) to the candidates
	// of the file it replaced (add_argument's default and choices).
	decided map[*string][]Candidate
}

// argvReq is an action argparse requires: a positional (nargs not given) or an
// option with required=True.
type argvReq struct {
	_          [0]func() // incomparable: no equality code (examples/web: Transfer size)
	name, dest string    // name: as argparse's errors name it
}

// argvEvalTruth decides a test of the values the list read gives (args.verbose >= 2,
// args.mode == "max-autotune", args.a and not args.b), ARGS bound to parse_args(), by
// evaluating it as Python does with each ARGS.dest replaced by its value (the
// literal evaluator computes the rest; anything else in it: not decided); neg: a
// `not` taken off it.
func (r *reader) argvEvalTruth(cond *expr, neg bool) (bool, string, bool) {
	if r.av.vals == nil || cond == nil {
		return false, "", false
	}
	text, used := r.text(cond), ""
	for n := range r.parsedArgs {
		for dest, v := range r.av.vals {
			if t := replaceName(text, n+"."+dest, "("+v.String()+")"); t != text {
				text, used = t, used+fmt.Sprintf(", %s.%s is %s", n, dest, v)
			}
		}
	}
	v, err := literal.Parse(text)
	if used == "" || err != nil {
		return false, "", false
	}
	return v.Truthy() != neg, r.argvWhere(used[2:]), true
}

// argvWhere says which list decides a test, with detail.
func (r *reader) argvWhere(detail string) string {
	if r.av.fromCLI {
		return "with the command line given after -script's -- (" + detail + ")"
	}
	return "with the argument list parse_args is given (" + detail + "; the command line decides nothing)"
}

// replaceName returns s with each whole occurrence of the dotted name n (not inside a
// longer name: args.mode, not args.model nor xargs.mode) replaced by repl.
func replaceName(s, n, repl string) string {
	var b strings.Builder
	done := 0
	for off := 0; off < len(s); {
		at := strings.Index(s[off:], n)
		if at < 0 {
			break
		}
		at += off
		end := at + len(n)
		if identEnd(s[:at]) || end < len(s) && s[end] != '.' && identEnd(s[:end+1]) {
			off = at + 1
			continue
		}
		b.WriteString(s[done:at] + repl)
		done, off = end, end
	}
	return b.String() + s[done:]
}

// noteCount records add_argument(…, action="count") of dest, d its default.
func (r *reader) noteCount(dest string, d argDefault) {
	if len(r.av.counts) >= maxFlow {
		return
	}
	if r.av.counts == nil {
		r.av.counts = map[string]literal.Value{}
	}
	r.av.counts[dest] = d.value
}

// noteParser records ArgumentParser(allow_abbrev=False): no abbreviation is read.
func (r *reader) noteParser(c *expr) {
	r.noteArgvOpen(c)
	if a := kwarg(c, "allow_abbrev", 99); a != nil && c.x.name == "ArgumentParser" && r.text(a) == "False" {
		r.av.noAbbrev = true
	}
	if a := kwarg(c, "add_help", 99); a != nil && c.x.name == "ArgumentParser" && r.text(a) == "False" {
		r.av.noHelp = true
	}
}

// ArgvUnread says why the command line [ReadOptions] Argv gave, not empty, changes
// no plan ("" when it may, and for a nil s): the file reads no command line (no
// parse_args, sys.argv or command-line library in it), or its one parse_args reads a
// list the file writes, or it has no one parse_args (or parse_known_args) of
// sys.argv that the reader follows (two, or sys.argv read otherwise). The command
// says so on stderr rather than ignoring the arguments silently.
func (s *Script) ArgvUnread() string {
	if s == nil {
		return ""
	}
	return s.argvUnread
}

// cmdlineNames are the names whose use may read the command line: sys.argv,
// argparse's and optparse's parsers, the libraries that parse it (click, typer, fire,
// absl, hydra, …), and exec or runpy, which run code the reader does not see.
const cmdlineNames = " argv parse_args parse_known_args parse_args_into_dataclasses parse_intermixed_args parse_known_intermixed_args ArgumentParser OptionParser getopt from_cli exec run_path run_module click typer fire absl hydra tyro jsonargparse docopt argh plac defopt simple_parsing configargparse LightningCLI "

// argvUnread is Script.ArgvUnread's answer for argv.
func (r *reader) argvUnread(argv []string) string {
	if len(argv) > 0 && r.av.dataclassAt > 0 {
		return fmt.Sprintf("the file's parser takes a dataclass's fields as its options (add_arguments, line %d: simple_parsing's ArgumentParser), which compilemode does not read, so these arguments change no plan; -mode MODE replaces the mode its sites are given", r.av.dataclassAt)
	}
	if len(argv) == 0 || r.av.fromCLI {
		return ""
	}
	if len(r.parseCalls) == 1 {
		if _, ok := r.argvList(r.parseCalls[0]); ok {
			return "the file's parse_args reads the list the file gives it, not the command line, so these arguments change no plan"
		}
	}
	if lib, use, line := r.cliLibraryUse(); lib != "" {
		return fmt.Sprintf("the file reads its command line with %s (%s, line %d), whose arguments compilemode does not read, so these arguments change no plan; -mode MODE replaces the mode its sites are given", lib, use, line)
	}
	for _, t := range r.toks {
		if t.kind == pytoken.Name && strings.Contains(cmdlineNames, " "+r.tokText(t)+" ") {
			return "the file has no one parse_args() of the command line that compilemode follows, so these arguments change no plan"
		}
	}
	return "the file reads no command line (no parse_args(), sys.argv or command-line library), so these arguments change nothing"
}

// cliLibraries are the command-line libraries whose arguments the reader does not
// read where no other reader of this package does (cliargv.go), by the module a
// file imports, with the name a note gives them (newuser29 finding 8: senpai's
// `cfg = sp.parse(Config)` of simple_parsing, and Hydra's `@hydra.main` with its
// key=value overrides of YAML files the script does not hold, were "no one
// parse_args() … that compilemode follows").
var cliLibraries = map[string]string{
	"simple_parsing": "simple_parsing", "hydra": "Hydra", "click": "click", "typer": "Typer", "fire": "Fire",
	"absl": "absl flags", "tyro": "tyro", "jsonargparse": "jsonargparse", "docopt": "docopt", "argh": "argh",
	"plac": "plac", "defopt": "defopt", "configargparse": "ConfigArgParse",
}

// cliLibraryUse returns the first use in the file of a module of cliLibraries
// (sp.parse, hydra.main), with its library's name and line ("": none).
func (r *reader) cliLibraryUse() (lib, use string, line int) {
	for i := 0; i+2 < len(r.toks); i++ {
		t := r.toks[i]
		if t.kind != pytoken.Name || r.tokText(r.toks[i+1]) != "." || r.toks[i+2].kind != pytoken.Name {
			continue
		}
		if i > 0 && strings.Contains(" import as from . ", " "+r.tokText(r.toks[i-1])+" ") {
			continue // the import itself, or an attribute of something else
		}
		q := r.aliases[r.tokText(t)]
		root, _, _ := strings.Cut(q, ".")
		if name, ok := cliLibraries[root]; ok {
			return name, r.tokText(t) + "." + r.tokText(r.toks[i+2]), r.lines.line(t.off)
		}
	}
	return "", "", 0
}
