package script

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// Command groups (script31 item 1): a Typer app with several commands (or a
// callback), and a click group (@click.group() def cli, its commands @cli.command()
// or cli.add_command(f)), run with the command line given after -script's --. The
// group's own options come first, then the first word that is no option names the
// command, whose options are the rest (click/core.py Group.parse_args and
// resolve_command: "cmd_name = make_str(args[0])"; Typer builds a click Group when
// "registered_callback or registered_groups or len(registered_commands) > 1":
// typer/main.py get_command). A command is named by its decorator's first argument
// or name= (@app.command("fit"), cli.add_command(f, "fit")), else by its def's name
// in lower case with underscores as dashes (typer/main.py get_command_name; click's
// decorators.command, which from click 8.2 also drops a suffix _command, _cmd,
// _group or _grp: both names are taken here). The group's def (click's group
// function, Typer's callback) runs first with its options, then the command with
// its own (click/core.py Group.invoke). What click refuses it refuses in its words:
// no word left names a command ("Missing command." for Typer, whose groups set
// no_args_is_help=False; a click group given nothing prints its help), a word that
// names none ("No such command 'x'."). A group with chain=True, or a Typer app with a
// sub-app (add_typer), is not read. With no command line given, nothing changes: no
// command is run (each stays a def no code in this file calls).

// cliGroup is a group of commands that a call runs.
type cliGroup struct {
	fw       cliFramework
	runner   string // "the Typer app app, run at line 15"
	line     int
	by       string // "app()"
	head     *stmt  // the group's own def (nil: none)
	headOpts []cliOpt
	entry    *typerEntry
	empty    string                   // what the library does with no command named
	noSuch   func(word string) string // what it says of a word that names no command (nil: click's words)
}

// noteCommandName records the name the decorator call d (@X.command("fit") or
// name="fit") gives command s.
func (r *reader) noteCommandName(e *typerEntry, s *stmt, d *expr) {
	if d.kind != call {
		return
	}
	if n, ok := r.literalStr(kwarg(d, "name", 0)); ok {
		e.setName(s, n)
	}
}

// commandNames are the words that name command d of e (see the comment at the top of
// this file).
func (e *typerEntry) commandNames(d *stmt, fw cliFramework) []string {
	n, named := e.names[d]
	if fw == fwArgh { // argh: @named's, else the name, underscores as dashes; and its @aliases
		if !named {
			n = dashed(d.name)
		}
		return append([]string{n}, e.aliases[d]...)
	}
	if named {
		return []string{n}
	}
	n = strings.ToLower(dashed(d.name))
	out := []string{n}
	if left, suffix, ok := cutLast(n, "-"); fw == fwClick && ok && slices.Contains([]string{"command", "cmd", "group", "grp"}, suffix) {
		out = append(out, left)
	}
	return out
}

// cutLast cuts s around the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}

// enterTyperGroup runs, where c (app()) is, the command of the Typer app e that the
// command line given names, after its callback, and reports whether it did.
func (r *reader) enterTyperGroup(c *expr, e *typerEntry) bool {
	if r.av.cli == nil || e.subApp || len(e.commands) == 0 {
		return false
	}
	g := cliGroup{fw: fwTyper, runner: fmt.Sprintf("the Typer app %s, run at line %d", c.x.name, c.line), line: int(c.line), by: c.x.name + "()",
		head: e.callback, entry: e, empty: "which names no command: Typer stops with \"Missing command.\""}
	if e.callback != nil {
		g.headOpts = r.typerOpts(e.callback)
	}
	return r.enterGroup(g)
}

// enterClickGroup runs, where c calls def, a click group, the group's def and then the
// command the command line given names, and reports whether it did.
func (r *reader) enterClickGroup(c *expr, def *stmt) bool {
	dec := r.clickGroupDecorator(def)
	if dec == nil || r.av.cli == nil {
		return false
	}
	e := r.typerCmds[def.name]
	if e == nil {
		e = &typerEntry{}
	}
	g := cliGroup{fw: fwClick, runner: fmt.Sprintf("the click group %s (line %d), run at line %d", def.name, def.line, c.line), line: int(c.line), by: def.name + "()",
		head: def, headOpts: r.clickOpts(def), entry: e, empty: "which names no command: the click group prints its help (no_args_is_help) and runs none"}
	if len(r.av.cli) > 0 {
		g.empty = "which names no command: click stops with \"Missing command.\""
	}
	if r.literalTrue(kwarg(dec, "invoke_without_command", -1)) {
		g.empty = ""
	}
	if r.literalTrue(kwarg(dec, "chain", -1)) {
		r.bindCLIRun(def, cliRun{fw: fwClick, runner: g.runner, line: g.line, by: g.by, opts: g.headOpts, refused: "which a chain group reads as several commands, which this reader does not read"})
		r.enter(def)
		return true
	}
	r.enterGroup(g)
	return true
}

// clickGroupDecorator returns def's @click.group(…) call (nil: none).
func (r *reader) clickGroupDecorator(def *stmt) *expr {
	for _, d := range def.decorators {
		if d.kind == call && r.qual(d.x) == "click.group" {
			return d
		}
	}
	return nil
}

// enterGroup reads the command line given as g's library does (see the comment at the
// top of this file) and runs the group's def and the command named, and reports
// whether it ran a command.
func (r *reader) enterGroup(g cliGroup) bool {
	toks := r.av.cli
	i, err := groupOptions(toks, g.headOpts, g.fw)
	var cmd *stmt
	at := i
	if err == "" {
		cmd, at, err = g.command(toks, i)
	}
	if g.head != nil {
		run := cliRun{fw: g.fw, runner: g.runner, line: g.line, by: g.by, opts: g.headOpts, argv: toks[:i], sub: true, refused: err}
		r.bindCLIRun(g.head, run)
		if g.fw == fwClick || err == "" {
			r.enter(g.head) // a click group's def is the one called; Typer's callback runs only when the line is read
		}
	} else if err != "" {
		r.av.cliUnread = fmt.Sprintf("%s reads the command line given, %s", g.runner, err)
	}
	if cmd == nil {
		return false
	}
	fw := g.fw
	opts := r.cliOptsFor(cmd, fw)
	if fw == fwClick {
		opts = r.clickOpts(cmd)
	}
	r.noteOtherCommands(g, cmd, toks[at])
	runner := fmt.Sprintf("%s, its command %s (def %s, line %d)", g.runner, toks[at], cmd.name, cmd.line)
	r.bindCLIRun(cmd, cliRun{fw: fw, runner: runner, line: g.line, by: g.by, opts: opts, argv: toks[at+1:], sub: true})
	r.enter(cmd)
	return true
}

// groupOptions reads the group's own options at the head of toks (click's parser
// stops at the first word that is no option of the group: allow_interspersed_args is
// False for groups, click/core.py Group) and returns the index of that word.
func groupOptions(toks []string, opts []cliOpt, fw cliFramework) (int, string) {
	given := map[string]literal.Value{}
	for i := 0; i < len(toks); i++ {
		if t := toks[i]; t == "--" || !strings.HasPrefix(t, "-") || len(t) < 2 {
			return i, ""
		}
		var err string
		if i, err = clickOption(toks, i, opts, given, fw); err != "" {
			return i, err
		}
	}
	return len(toks), ""
}

// command returns the command of g that toks[i] names (past a "--") and the index of
// that word, or what the library says.
func (g cliGroup) command(toks []string, i int) (*stmt, int, string) {
	if i < len(toks) && toks[i] == "--" {
		i++
	}
	if i >= len(toks) {
		return nil, i, g.empty
	}
	for _, d := range g.entry.commands {
		if slices.Contains(g.entry.commandNames(d, g.fw), toks[i]) {
			return d, i, ""
		}
	}
	if g.noSuch != nil {
		return nil, i, g.noSuch(toks[i])
	}
	return nil, i, fmt.Sprintf("which has %s where it names the command: click stops with \"No such command '%s'.\"", toks[i], toks[i])
}

// noteOtherCommands records, for each command of g but cmd (named word by the command
// line given), that the run planned does not run it: it stays a def no code of the
// file calls, whose guard is false (runRoots).
func (r *reader) noteOtherCommands(g cliGroup, cmd *stmt, word string) {
	for _, d := range g.entry.commands {
		if d == cmd {
			continue
		}
		if r.otherCommand == nil {
			r.otherCommand = map[*stmt]string{}
		}
		r.otherCommand[d] = fmt.Sprintf("a command of %s, which the command line given does not run: it names the command %s", g.runner, word)
	}
}
