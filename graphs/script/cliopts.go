package script

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// The options a command-line library makes of a def's parameters (cliargv.go reads
// the command line with them), and the entries it runs that are no call of a def by
// name (fixscriptcli30 item 1):
//   - a Typer app, app = typer.Typer(), with one command (@app.command()) and no
//     @app.callback(), called as app(): Typer runs that command as the program
//     ("Typer is smart enough to create a CLI application with that single function as
//     the main CLI application, not as a command/subcommand": typer.tiangolo.com,
//     "One or Multiple Commands"; with a callback, a sub-app or several commands the
//     command line names the one to run: none is entered without a command line, and
//     with one the command it names is (cligroups.go; a sub-app's never);
//   - fire.Fire(Class), Class a class of the file: fire builds it, its __init__ given
//     flags alone (fire/decorators.py GetMetadata), and runs the member the command
//     line names (none with an empty one);
//   - jsonargparse.CLI(main) and jsonargparse.auto_cli(main): "parses arguments and
//     runs main_function" (jsonargparse.readthedocs.io), options named after the
//     parameters as argparse names them (--batch_size; LightningCLI's
//     --trainer.max_epochs), read as jsonargparse.go says.
//
// A Typer parameter's default is the plain default, typer.Option(DEFAULT, …)'s or
// typer.Argument(DEFAULT, …)'s first argument (or default=), or, in Annotated[T,
// typer.Option(…)] = DEFAULT, the one after "="; typer.Option(...) (an Ellipsis) is
// required, as is a parameter with no default, which Typer makes a CLI argument
// (typer.tiangolo.com, "CLI Arguments", "Required CLI Options").

// typerEntry is a Typer app's commands and whether it is a group (index): it has a
// callback or a sub-app (app.add_typer(…)), which make it a click Group whatever its
// commands (typer/main.py get_command: "registered_callback or registered_groups or
// len(registered_commands) > 1").
type typerEntry struct {
	commands []*stmt
	group    bool
	callback *stmt              // the def @X.callback() registers (nil: none)
	subApp   bool               // X.add_typer(…): a command of it may be a sub-app
	names    map[*stmt]string   // a command's name given in its decorator (@X.command("fit"), name=), or X.add_command(f, "fit")
	aliases  map[*stmt][]string // argh's @aliases("a", …) of a command
}

// typerEntryOf returns the entry of name x, made when new.
func (r *reader) typerEntryOf(x string) *typerEntry {
	if r.typerCmds == nil {
		r.typerCmds = map[string]*typerEntry{}
	}
	e := r.typerCmds[x]
	if e == nil {
		e = &typerEntry{}
		r.typerCmds[x] = e
	}
	return e
}

// noteTyperGroup records X.add_typer(…) (the index pass).
func (r *reader) noteTyperGroup(c *expr) {
	if c.x.kind != attr || c.x.x.kind != name || len(r.typerCmds) >= maxFlow {
		return
	}
	switch c.x.name {
	case "add_typer":
		e := r.typerEntryOf(c.x.x.name)
		e.group, e.subApp = true, true
	case "add_command": // click's Group.add_command(cmd, name=None) (click/core.py)
		f := kwarg(c, "cmd", 0)
		if f == nil || f.kind != name || r.funcs[f.name] == nil {
			return
		}
		e := r.typerEntryOf(c.x.x.name)
		d := r.funcs[f.name]
		if len(e.commands) < maxFlow {
			e.commands = append(e.commands, d)
		}
		if s, ok := r.literalStr(kwarg(c, "name", 1)); ok {
			e.setName(d, s)
		}
	}
}

// setName records s as the name command d is given.
func (e *typerEntry) setName(d *stmt, s string) {
	if e.names == nil {
		e.names = map[*stmt]string{}
	}
	e.names[d] = s
}

// noteTyperApp records app = typer.Typer(…) (the index pass).
func (r *reader) noteTyperApp(t, v *expr) {
	if t == nil || t.kind != name || v == nil || v.kind != call || r.qual(v.x) != "typer.Typer" || len(r.typerApps) >= maxFlow {
		return
	}
	if r.typerApps == nil {
		r.typerApps = map[string]bool{}
	}
	r.typerApps[t.name] = true
}

// noteTyperCommand records def s when a decorator registers it as X.command(…) or
// X.callback(…) of a name X (the index pass; whether X is a Typer app is asked when
// it is called).
func (r *reader) noteTyperCommand(s *stmt) {
	for _, dc := range s.decorators {
		d := dc
		if d.kind == call {
			d = d.x
		}
		if d.kind != attr || d.x.kind != name || d.name != "command" && d.name != "callback" || len(r.typerCmds) >= maxFlow {
			continue
		}
		e := r.typerEntryOf(d.x.name)
		switch {
		case d.name == "callback":
			e.group, e.callback = true, s
		case len(e.commands) < maxFlow:
			e.commands = append(e.commands, s)
			r.noteCommandName(e, s, dc)
		}
	}
}

// enterTyperApp runs, where c is, the one command of the Typer app c calls (app()),
// its parameters filled as Typer fills them, and reports whether it did. A call given
// an argument list (app(["--x"]), app(args=…)) reads that list, not the command
// line: not entered.
func (r *reader) enterTyperApp(c *expr) bool {
	if c.x.kind != name || !r.typerApps[c.x.name] || r.typerCmds[c.x.name] == nil {
		return false
	}
	e := r.typerCmds[c.x.name]
	if kwarg(c, "args", 0) != nil {
		return false
	}
	if len(e.commands) != 1 || e.group {
		return r.enterTyperGroup(c, e)
	}
	d := e.commands[0]
	runner := fmt.Sprintf("the Typer app %s, whose one command is %s, run at line %d", c.x.name, d.name, c.line)
	r.bindCLIRun(d, cliRun{fw: fwTyper, runner: runner, line: int(c.line), by: c.x.name + "()", opts: r.typerOpts(d)})
	r.enter(d)
	return true
}

// enterFireClass runs, where c (fire.Fire(Class)) is, what building the class of the
// file named n runs, its __init__'s parameters filled from flags, and reports whether
// it did.
func (r *reader) enterFireClass(c *expr, n, runner string) bool {
	cls := r.sc.classes[n]
	if cls == nil {
		return false
	}
	if init := r.methodIn(r.classChain(cls), "__init__"); init != nil {
		r.bindCLIRun(init, cliRun{fw: fwFire, runner: runner, line: int(c.line), by: "fire.Fire(" + n + ")", opts: r.fireOpts(init, 1), class: true})
	}
	return r.construct(&expr{kind: call, x: c.args[0].value, line: c.line, start: c.start, end: c.end})
}

// cliOptsFor returns the options library fw makes of def's parameters.
func (r *reader) cliOptsFor(def *stmt, fw cliFramework) []cliOpt {
	switch fw {
	case fwTyper:
		return r.typerOpts(def)
	case fwTyro:
		return r.tyroOpts(def)
	case fwFire:
		return r.fireOpts(def, 0)
	case fwArgh:
		return r.arghOpts(def)
	case fwJSONArgparse:
		return r.jsonargparseOpts(def)
	}
	return r.plainOpts(def)
}

// plainOpts are the options of a library whose command line this reader does not read
// (fwOther), for their defaults alone: --name.
func (r *reader) plainOpts(def *stmt) []cliOpt {
	var out []cliOpt
	for _, pm := range def.params {
		if pm.star == 0 && len(out) < maxFlow {
			out = append(out, cliOpt{param: pm.name, def: pm.def, line: defLine(pm.def), flag: "--" + pm.name})
		}
	}
	return out
}

// fireOpts are the options fire makes of def's parameters past the first skip (self):
// each read by its name, --name, its value as fire parses it.
func (r *reader) fireOpts(def *stmt, skip int) []cliOpt {
	var out []cliOpt
	for i, pm := range def.params {
		if i < skip || pm.star != 0 || len(out) >= maxFlow {
			continue
		}
		// fire: "hyphens and underscores (- and _) are interchangeable in member names
		// and flag names" (python-fire docs/guide.md)
		out = append(out, cliOpt{param: pm.name, def: pm.def, line: defLine(pm.def), flag: "--" + pm.name, typ: "fire"})
	}
	return out
}

// tyroOpts are the options tyro makes of def's parameters: --name-with-dashes, a bool
// with a default a flag pair.
func (r *reader) tyroOpts(def *stmt) []cliOpt {
	var out []cliOpt
	for _, pm := range def.params {
		if pm.star != 0 || len(out) >= maxFlow {
			continue
		}
		o := cliOpt{param: pm.name, def: pm.def, line: defLine(pm.def), flag: "--" + dashed(pm.name), fw: fwTyro}
		o.typ, o.members = r.annType(pm.ann)
		o.names = []string{o.flag}
		if o.typ == "bool" && pm.def != nil {
			o.isFlag, o.negs = true, []string{"--no-" + dashed(pm.name)}
		}
		out = append(out, o)
	}
	return out
}

// typerOpts are the options Typer makes of def's parameters (see the comment at the
// top of this file and of cliargv.go).
func (r *reader) typerOpts(def *stmt) []cliOpt {
	var out []cliOpt
	for _, pm := range def.params {
		if pm.star != 0 || len(out) >= maxFlow {
			continue
		}
		out = append(out, r.typerOpt(pm))
	}
	return out
}

// typerOpt is the option Typer makes of parameter pm.
func (r *reader) typerOpt(pm param) cliOpt {
	o := cliOpt{param: pm.name, def: pm.def, line: defLine(pm.def), fw: fwTyper}
	ann, decl := r.annotated(pm.ann)
	if pm.def != nil && pm.def.kind == call && typerParams.has(r.qual(pm.def.x)) {
		decl, o.def = pm.def, r.typerDefaultArg(pm.def)
	}
	if o.def != nil && r.text(o.def) == "..." {
		o.def = nil // typer.Option(...): required
	}
	o.typ, o.members = r.annType(ann)
	if ann == nil {
		o.typ = "str" // typer/main.py get_click_param: no annotation is str
	}
	o.positional = decl != nil && r.qual(decl.x) == "typer.Argument" || decl == nil && pm.def == nil
	names, negs := r.declNames(decl)
	switch {
	case o.positional:
		o.flag = strings.ToUpper(pm.name)
	case len(names) > 0:
		o.names, o.negs = names, negs
	default: // typer/main.py get_command_name: lower case, dashes for underscores
		n := strings.ToLower(dashed(pm.name))
		o.names = []string{"--" + n}
		if o.typ == "bool" {
			o.negs = []string{"--no-" + n}
		}
	}
	if o.flag == "" {
		o.flag = o.names[0]
	}
	o.isFlag = o.typ == "bool" && !o.positional
	return o
}

// annotated returns T and the typer.Option(…)/typer.Argument(…) of an annotation
// Annotated[T, …] (ann itself and nil for any other).
func (r *reader) annotated(ann *expr) (*expr, *expr) {
	if ann == nil || ann.kind != subscript || ann.index == nil || ann.index.kind != tuple || len(ann.index.elts) < 2 {
		return ann, nil
	}
	if q := r.qual(ann.x); q != "typing.Annotated" && q != "typing_extensions.Annotated" {
		return ann, nil
	}
	for _, m := range ann.index.elts[1:] {
		if m.kind == call && typerParams.has(r.qual(m.x)) {
			return ann.index.elts[0], m
		}
	}
	return ann.index.elts[0], nil
}

// declNames returns the option strings a typer.Option(…) or @click.option(…) call
// declares: the parts before "/" of each give True (or a value), those after it False.
func (r *reader) declNames(c *expr) (names, negs []string) {
	if c == nil {
		return nil, nil
	}
	for _, a := range c.args {
		s, ok := r.literalStr(a.value)
		if a.keyword != "" || a.star != 0 || !ok || !strings.HasPrefix(s, "-") {
			continue
		}
		on, off, pair := strings.Cut(s, "/")
		names = append(names, strings.TrimSpace(on))
		if pair && strings.TrimSpace(off) != "" {
			negs = append(negs, strings.TrimSpace(off))
		}
	}
	return names, negs
}

// annType returns how a value given for a parameter annotated ann is converted: "str",
// "int", "float" or "bool" ("" for another type, or none), through Optional[T] and
// T | None; Literal[…] of strs is "str" with its members.
func (r *reader) annType(ann *expr) (string, []literal.Value) {
	if ann == nil {
		return "", nil
	}
	if ms := r.literalMembers(ann); len(ms) > 0 {
		var vals []literal.Value
		for _, m := range ms {
			v, ok := r.literal(m)
			if _, isStr := v.AsStr(); !ok || !isStr {
				return "", nil
			}
			vals = append(vals, v)
		}
		return "str", vals
	}
	t := strings.TrimSpace(strings.TrimSuffix(strings.ReplaceAll(r.text(ann), " ", ""), "|None"))
	if ann.kind == subscript && (r.qual(ann.x) == "typing.Optional" || r.qual(ann.x) == "typing_extensions.Optional") {
		t = r.text(ann.index)
	}
	switch t {
	case "str", "int", "float", "bool":
		return t, nil
	}
	return "", nil
}

// dashed is name with its underscores as dashes, as Typer, click and tyro name options.
func dashed(name string) string { return strings.ReplaceAll(name, "_", "-") }

// defLine is the line of a default (0: none).
func defLine(d *expr) int {
	if d == nil {
		return 0
	}
	return int(d.line)
}

// clickOpts are the options of def, a click command, its @click.option and
// @click.argument decorators (click docs, "Options", "Arguments"; click/core.py
// Option.__init__, 8.1): the declared names ("--x/--no-x" a flag pair), is_flag=True
// a flag, default= the default (a flag's False without one, another option's None;
// an argument without one is required), type= or the default's type the conversion;
// count=True an int each use adds one to (0 by default), multiple=True a tuple of the
// values given (() by default: clickargv.go); nargs= options are not read.
func (r *reader) clickOpts(def *stmt) []cliOpt {
	var out []cliOpt
	for _, d := range def.decorators { // click's parameters are in the decorators' order, top first
		if d.kind != call || !clickOptionFuncs.has(r.qual(d.x)) || len(out) >= maxFlow {
			continue
		}
		dest := clickDest(r, d)
		if dest == "" || !hasParam(def, dest) {
			continue
		}
		out = append(out, r.clickOpt(d, dest))
	}
	return out
}

// clickOpt is the option the @click.option or @click.argument call d makes of dest.
func (r *reader) clickOpt(d *expr, dest string) cliOpt {
	o := cliOpt{param: dest, line: int(d.line), def: r.clickDefault(d)}
	o.names, o.negs = r.declNames(d)
	if r.qual(d.x) == "click.argument" {
		o.positional, o.flag = true, strings.ToUpper(dest)
		o.def = kwarg(d, "default", -1)
	} else if len(o.names) > 0 {
		o.flag = o.names[0]
	} else {
		o.flag = "--" + dashed(dest)
	}
	o.isFlag = len(o.negs) > 0 || r.literalTrue(kwarg(d, "is_flag", -1))
	o.typ, o.members = r.clickType(d, o.def)
	o.fw = fwClick
	o.count, o.multiple = r.literalTrue(kwarg(d, "count", -1)), r.literalTrue(kwarg(d, "multiple", -1))
	switch {
	case kwarg(d, "nargs", -1) != nil || o.count && (o.multiple || o.isFlag) || o.multiple && o.positional:
		o.typ, o.isFlag, o.opaque = "", false, true // click refuses count with multiple or is_flag (Option._validate)
	case (o.count || o.multiple) && kwarg(d, "default", -1) == nil:
		v := literal.Int(0)
		if o.multiple {
			v = literal.Tuple()
		}
		o.def, o.implied = nil, &v
	}
	if o.count {
		o.typ = "int"
	}
	return o
}

// clickType is how click converts a value given the option d: its type= (str, int,
// float, click.Choice of strs), else the type of its default (click/types.py
// convert_type: a str or None default STRING, an int INT, a float FLOAT).
func (r *reader) clickType(d, def *expr) (string, []literal.Value) {
	t := kwarg(d, "type", -1)
	if t == nil {
		v, ok := r.literal(def)
		switch {
		case def == nil || ok && v.Kind() == literal.NoneKind:
			return "str", nil
		case !ok:
			return "", nil
		}
		if _, isStr := v.AsStr(); isStr {
			return "str", nil
		}
		return map[literal.Kind]string{literal.IntKind: "int", literal.FloatKind: "float"}[v.Kind()], nil
	}
	if t.kind == call && r.qual(t.x) == "click.Choice" {
		if items, ok := r.literal(kwarg(t, "choices", 0)); ok {
			return "str", items.Items()
		}
		return "", nil
	}
	return map[string]string{"str": "str", "click.STRING": "str", "int": "int", "click.INT": "int", "float": "float", "click.FLOAT": "float"}[r.text(t)], nil
}
