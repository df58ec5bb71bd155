package script

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// argh (script31 item 1): argh.dispatch_command(main) and argh.dispatch_commands([a,
// b]) build an argparse parser from the defs' signatures and run the def it names
// with what it parses (neithere/argh 0.31, src/argh/dispatching.py, assembling.py
// infer_argspecs_from_function and guess_extra_parser_add_argument_spec_kwargs):
//   - dispatch_command's and dispatch_commands' default policy is
//     BY_NAME_IF_HAS_DEFAULT ("old_name_mapping_policy=True"): a parameter with a
//     default is an option "--name-with-dashes", with "-n" (its first letter) too
//     unless another such parameter starts with that letter or it is -h, which
//     argparse's help holds; one without a default is a positional;
//   - with no @arg on the def, its annotations give types (str, int, float); else,
//     and for a parameter with no annotation, the default does: a bool default is
//     a flag (store_true for False, store_false for True), another default not None
//     converts by its type;
//   - @arg("--mode", "-m", choices=[…], default=…, type=…, action="store_true")
//     (argh.arg) refines the parameter whose dest it names (dashes as underscores);
//     other keywords (nargs=, an action of another kind) are not read;
//   - dispatch_commands: the first argument names the def (its name, underscores as
//     dashes, or @named("x"), @aliases(…)), the rest is its own command line.
//
// The command line is read as argparse reads it (Lib/argparse.py): --name VALUE,
// --name=VALUE, a unique prefix of a long option (allow_abbrev), -n VALUE, -nVALUE,
// short flags grouped (-cv), "--" ending the options; what it refuses, in its words:
// "unrecognized arguments: …", "the following arguments are required: …",
// "argument -m/--mode: expected one argument", "invalid int value: 'x'", "invalid
// choice: 'x' (choose from …)", "ambiguous option: --m could match --mode, --model";
// -h or --help prints the help and exits 0, running nothing. A def given
// old_name_mapping_policy=False (BY_NAME_IF_KWONLY), whose keyword-only parameters
// this reader does not tell from the others, is not read.

// arghOpts are the options argh makes of def's parameters (see the comment above).
func (r *reader) arghOpts(def *stmt) []cliOpt {
	decls := r.arghDecls(def)
	first := map[byte]int{}
	for _, pm := range def.params {
		if pm.star == 0 && pm.def != nil {
			first[pm.name[0]]++
		}
	}
	var out []cliOpt
	for _, pm := range def.params {
		if pm.star != 0 || len(out) >= maxFlow {
			continue
		}
		o := r.arghOpt(pm, first[pm.name[0]] == 1, len(decls) == 0)
		if d := decls[pm.name]; d != nil {
			r.arghRefine(&o, d)
		}
		out = append(out, o)
	}
	return out
}

// arghOpt is the option argh infers from parameter pm (short: it gets -x too; hints:
// its annotation gives its type).
func (r *reader) arghOpt(pm param, short, hints bool) cliOpt {
	o := cliOpt{param: pm.name, def: pm.def, line: defLine(pm.def), fw: fwArgh}
	if pm.def == nil {
		o.positional, o.flag = true, dashed(pm.name)
	} else {
		o.flag = "--" + dashed(pm.name)
		if short && pm.name[0] != 'h' {
			o.names = append(o.names, "-"+pm.name[:1])
		}
		o.names = append(o.names, o.flag)
	}
	if hints {
		o.typ, o.members = r.annType(pm.ann)
	}
	v, ok := r.literal(pm.def)
	b, isBool := v.AsBool()
	switch {
	case ok && isBool && !o.positional:
		o.typ, o.isFlag = "bool", true
		if b { // store_false: each name gives False
			o.names, o.negs = nil, o.names
		}
	case o.typ != "":
	case !ok && pm.def != nil:
		o.typ = ""
	case ok && v.Kind() != literal.NoneKind:
		o.typ = map[literal.Kind]string{literal.IntKind: "int", literal.FloatKind: "float", literal.StrKind: "str"}[v.Kind()]
	default:
		o.typ = "str" // argparse's default: the str given
	}
	return o
}

// arghDecls returns def's @arg(…) (argh.arg) calls by the parameter each names.
func (r *reader) arghDecls(def *stmt) map[string]*expr {
	out := map[string]*expr{}
	for _, d := range def.decorators {
		if d.kind != call || r.qual(d.x) != "argh.arg" && r.qual(d.x) != "argh.decorators.arg" {
			continue
		}
		for _, a := range d.args {
			if s, ok := r.literalStr(a.value); ok && a.keyword == "" && (strings.HasPrefix(s, "--") || !strings.HasPrefix(s, "-")) {
				out[strings.ReplaceAll(strings.TrimLeft(s, "-"), "-", "_")] = d
				break
			}
		}
	}
	return out
}

// arghRefine applies @arg call d to o: its option strings (added to the inferred
// ones), choices=, default=, type= and a store_true/store_false action; anything else
// makes o not read.
func (r *reader) arghRefine(o *cliOpt, d *expr) {
	for _, a := range d.args {
		if s, ok := r.literalStr(a.value); ok && a.keyword == "" && strings.HasPrefix(s, "-") {
			o.addName(s)
		}
	}
	for _, a := range d.args {
		switch a.keyword {
		case "", "help", "metavar", "dest":
		case "choices":
			if v, ok := r.literal(a.value); ok {
				o.members = v.Items()
			}
		case "default":
			o.def, o.line = a.value, int(a.value.line)
		case "type":
			o.typ = map[string]string{"int": "int", "float": "float", "str": "str"}[r.text(a.value)]
		case "action":
			r.arghAction(o, a.value)
		default:
			o.opaque = true
		}
	}
}

// addName adds the option string n an @arg declares to o's (argh/dto.py
// ParserAddArgumentSpec.update: merged into the inferred ones).
func (o *cliOpt) addName(n string) {
	switch {
	case o.positional || slices.Contains(o.names, n) || slices.Contains(o.negs, n):
	case len(o.negs) > 0 && len(o.names) == 0:
		o.negs = append(o.negs, n)
	default:
		o.names = append(o.names, n)
	}
}

// arghAction applies action= of an @arg to o.
func (r *reader) arghAction(o *cliOpt, v *expr) {
	s, _ := r.literalStr(v)
	switch s {
	case "store_true":
		o.typ, o.isFlag, o.negs = "bool", true, nil
	case "store_false":
		o.typ, o.isFlag = "bool", true
		o.names, o.negs = nil, append(o.names, o.negs...)
	case "store":
	default:
		o.opaque = true
	}
}

// arghArgv reads toks as argparse reads the command line of argh's parser (see the
// comment at the top of this file).
func arghArgv(toks []string, opts []cliOpt) (map[string]literal.Value, string) {
	return argparseArgv(toks, opts, arghOption, arghValue)
}

// argparseArgv reads toks as argparse does (argh's parser, jsonargparse's), option
// reading the option strings and value converting the positionals' values: the
// values given by parameter, or argparse's error (unrecognized arguments, the
// positionals required and left out).
func argparseArgv(toks []string, opts []cliOpt, option func([]string, int, []cliOpt, map[string]literal.Value, []string) (int, []string, string), value func(*cliOpt, string, map[string]literal.Value) string) (map[string]literal.Value, string) {
	given := map[string]literal.Value{}
	var pos, extras []string
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t == "--":
			pos, i = append(pos, toks[i+1:]...), len(toks)
		case len(t) < 2 || t[0] != '-' || numberText(t):
			pos = append(pos, t)
		default:
			var err string
			if i, extras, err = option(toks, i, opts, given, extras); err != "" {
				return nil, err
			}
		}
	}
	for i := range opts {
		if len(pos) > 0 && opts[i].positional {
			if err := value(&opts[i], pos[0], given); err != "" {
				return nil, err
			}
			pos = pos[1:]
		}
	}
	if extras = append(extras, pos...); len(extras) > 0 {
		return nil, argparseSays(fmt.Sprintf("which has %s, an argument no parameter takes", extras[0]), "unrecognized arguments: "+strings.Join(extras, " "))
	}
	return given, arghMissing(opts, given)
}

// argparseSays is what, with the words argparse stops with.
func argparseSays(what, words string) string {
	return what + `: argparse stops with "error: ` + words + `"`
}

// arghOption reads the option string toks[i] (see arghArgv); an unknown one joins
// extras.
func arghOption(toks []string, i int, opts []cliOpt, given map[string]literal.Value, extras []string) (int, []string, string) {
	t := toks[i]
	if t == "-h" || strings.HasPrefix("--help", strings.SplitN(t, "=", 2)[0]) && len(t) > 3 {
		return i, extras, "which asks for the help: argparse prints it and exits 0, running nothing"
	}
	if !strings.HasPrefix(t, "--") {
		return arghShort(toks, i, opts, given, extras)
	}
	k, v, eq := strings.Cut(t, "=")
	o, truth, err := arghLong(opts, k)
	switch {
	case err != "":
		return i, extras, err
	case o == nil:
		return i, append(extras, t), ""
	case o.isFlag && eq:
		return i, extras, argparseSays(fmt.Sprintf("which gives the flag %s a value", k), fmt.Sprintf("argument %s: ignored explicit argument '%s'", strings.Join(append(o.names, o.negs...), "/"), v))
	case o.isFlag:
		given[o.param] = literal.Bool(truth)
		return i, extras, ""
	case !eq && (i+1 >= len(toks) || strings.HasPrefix(toks[i+1], "-") && !numberText(toks[i+1])):
		return i, extras, argparseSays(fmt.Sprintf("which gives %s no value", k), fmt.Sprintf("argument %s: expected one argument", strings.Join(o.names, "/")))
	case !eq:
		i, v = i+1, toks[i+1]
	}
	return i, extras, arghValue(o, v, given)
}

// arghLong returns the option of opts that the long option string k names, exactly or
// as the one whose name it begins (argparse's allow_abbrev), and the value a flag
// given so stores; err is argparse's for a prefix of several.
func arghLong(opts []cliOpt, k string) (*cliOpt, bool, string) {
	if o, truth, ok := optFor(opts, k); ok {
		return o, truth, ""
	}
	var hits []string
	var hit *cliOpt
	truth := false
	for i := range opts {
		for j, n := range append(append([]string(nil), opts[i].names...), opts[i].negs...) {
			if strings.HasPrefix(n, "--") && strings.HasPrefix(n, k) {
				hits, hit, truth = append(hits, n), &opts[i], j < len(opts[i].names)
			}
		}
	}
	switch {
	case len(hits) > 1:
		return nil, false, argparseSays(fmt.Sprintf("which has %s, which begins several options", k), fmt.Sprintf("ambiguous option: %s could match %s", k, strings.Join(hits, ", ")))
	case hit != nil:
		return hit, truth, ""
	}
	return nil, false, ""
}

// arghShort reads toks[i], "-x…": an option -x, its value the rest of the word or the
// next argument, or flags grouped (-cv).
func arghShort(toks []string, i int, opts []cliOpt, given map[string]literal.Value, extras []string) (int, []string, string) {
	t := toks[i]
	for j := 1; j < len(t); j++ {
		o, truth, ok := optFor(opts, "-"+t[j:j+1])
		switch {
		case !ok && j == 1:
			return i, append(extras, t), ""
		case !ok:
			return i, extras, argparseSays(fmt.Sprintf("which has %s, whose -%s no option is", t, t[j:j+1]), fmt.Sprintf("argument %s: ignored explicit argument '%s'", "-"+t[j-1:j], t[j:]))
		case o.isFlag:
			given[o.param] = literal.Bool(truth)
			continue
		case j+1 < len(t):
			return i, extras, arghValue(o, strings.TrimPrefix(t[j+1:], "="), given)
		case i+1 >= len(toks) || strings.HasPrefix(toks[i+1], "-") && !numberText(toks[i+1]):
			return i, extras, argparseSays(fmt.Sprintf("which gives %s no value", t), fmt.Sprintf("argument %s: expected one argument", strings.Join(o.names, "/")))
		}
		return i + 1, extras, arghValue(o, toks[i+1], given)
	}
	return i, extras, ""
}

// arghValue converts v as argparse does for o (type=, then choices=) into given.
func arghValue(o *cliOpt, v string, given map[string]literal.Value) string {
	if o.opaque {
		return fmt.Sprintf("which gives %s, an option this reader does not read for it, a value", o.flag)
	}
	name := strings.Join(o.names, "/")
	if o.positional {
		name = o.flag
	}
	var val literal.Value
	switch o.typ {
	case "str":
		val = literal.Str(v)
	case "int", "float":
		pv, err := literal.Parse(strings.TrimSpace(v))
		k := map[string]literal.Kind{"int": literal.IntKind, "float": literal.FloatKind}[o.typ]
		if err != nil || pv.Kind() != k && !(k == literal.FloatKind && pv.Kind() == literal.IntKind) || !numberText(strings.TrimSpace(v)) {
			return argparseSays(fmt.Sprintf("which gives %s %q, not an %s", name, v, o.typ), fmt.Sprintf("argument %s: invalid %s value: '%s'", name, o.typ, v))
		}
		val = pv
	default:
		return fmt.Sprintf("which gives %s a value whose type this reader does not read", name)
	}
	if len(o.members) > 0 && !slices.ContainsFunc(o.members, func(m literal.Value) bool { return m.String() == val.String() }) {
		var ms []string
		for _, m := range o.members {
			ms = append(ms, m.String())
		}
		return argparseSays(fmt.Sprintf("which gives %s %q, none of its choices", name, v), fmt.Sprintf("argument %s: invalid choice: '%s' (choose from %s)", name, v, strings.Join(ms, ", ")))
	}
	given[o.param] = val
	return ""
}

// arghMissing is argparse's error for the positionals the command line leaves out.
func arghMissing(opts []cliOpt, given map[string]literal.Value) string {
	var miss []string
	for _, o := range opts {
		if o.positional && !hasGiven(given, o.param) {
			miss = append(miss, o.flag)
		}
	}
	if len(miss) == 0 {
		return ""
	}
	return argparseSays(fmt.Sprintf("which leaves out %s, which it requires", miss[0]), "the following arguments are required: "+strings.Join(miss, ", "))
}

// enterArghCommands runs, where c (argh.dispatch_commands([a, b])) is, the def of the
// list that the first argument of the command line given names, with the rest, and
// reports whether c is such a call.
func (r *reader) enterArghCommands(c *expr) bool {
	e, names := r.arghCommandList(kwarg(c, "functions", 0))
	if e == nil {
		return false
	}
	if r.av.cli == nil || len(e.commands) == 0 {
		return len(e.commands) > 0
	}
	choices := "{" + strings.Join(names, ",") + "}"
	g := cliGroup{fw: fwArgh, runner: fmt.Sprintf("argh.dispatch_commands, line %d", c.line), line: int(c.line), by: "argh.dispatch_commands(…)", entry: e,
		empty: "which names no command: argh prints the usage and runs none",
		noSuch: func(w string) string {
			return argparseSays(fmt.Sprintf("which has %s where it names the command", w), fmt.Sprintf("argument %s: invalid choice: '%s' (choose from '%s')", choices, w, strings.Join(names, "', '")))
		}}
	if len(r.av.cli) > 0 && strings.HasPrefix(r.av.cli[0], "-") && r.av.cli[0] != "--" {
		why := argparseSays(fmt.Sprintf("which has %s before the command", r.av.cli[0]), "unrecognized arguments: "+r.av.cli[0])
		if r.av.cli[0] == "-h" || r.av.cli[0] == "--help" {
			why = "which asks for the help: argparse prints it and exits 0, running nothing"
		}
		r.av.cliUnread = fmt.Sprintf("%s reads the command line given, %s", g.runner, why)
		return true
	}
	r.enterGroup(g)
	return true
}

// arghCommandList returns the commands of l, dispatch_commands' list of defs, with
// the name of each (nil: l is no list).
func (r *reader) arghCommandList(l *expr) (*typerEntry, []string) {
	if l == nil || l.kind != tuple && (l.kind != other || !l.is(listDisplay)) {
		return nil, nil
	}
	e := &typerEntry{}
	var names []string
	for _, x := range l.elts {
		if d := r.funcs[x.name]; x.kind == name && d != nil && len(e.commands) < maxFlow {
			e.commands = append(e.commands, d)
			r.arghNames(e, d)
			names = append(names, e.commandNames(d, fwArgh)[0])
		}
	}
	return e, names
}

// arghNames records the name @named("x") gives d and the names @aliases(…) adds
// (argh/decorators.py named, aliases).
func (r *reader) arghNames(e *typerEntry, d *stmt) {
	for _, dec := range d.decorators {
		if dec.kind != call {
			continue
		}
		switch r.qual(dec.x) {
		case "argh.named", "argh.decorators.named":
			if s, ok := r.literalStr(kwarg(dec, "new_name", 0)); ok {
				e.setName(d, s)
			}
		case "argh.aliases", "argh.decorators.aliases":
			for _, a := range dec.args {
				if s, ok := r.literalStr(a.value); ok {
					if e.aliases == nil {
						e.aliases = map[*stmt][]string{}
					}
					e.aliases[d] = append(e.aliases[d], s)
				}
			}
		}
	}
}
