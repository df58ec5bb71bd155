package script

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// click's reading of one option (script31 item 1; Typer's too, which builds click
// commands), from click/parser.py (_OptionParser._match_long_opt, _match_short_opt,
// _process_opts) and click/core.py (Option: count=, multiple=), 8.1 to 8.3:
//   - "--name VALUE" and "--name=VALUE"; a flag ("--x/--no-x", is_flag=True) takes no
//     value ("Option '--x' does not take a value."), one that takes a value with none
//     left stops ("Option '--x' requires an argument.");
//   - a short option "-m VALUE", "-mVALUE", and short flags grouped, "-vvv", each
//     letter an option (_match_short_opt: the rest of the word is the value of the
//     first letter that takes one);
//   - count=True: each time given adds one, its default 0 ("if count and
//     self.default is UNSET: self.default = 0");
//   - multiple=True: each value given is kept, in order, in a tuple, its default ()
//     ("UNSET resolves … to () for a non-required, non-prompted multi" option);
//   - an option the command does not have: "No such option: --x" (click 8.4 writes
//     "No such option '--x'.").
//
// click's words are said where click (or Typer) refuses the command line (clickSays);
// tyro, read the same way here, has other words, so its refusals keep ours alone.

// clickSays is what, and for click and Typer the words click stops with (words).
func clickSays(fw cliFramework, what, words string) string {
	if fw == fwTyro && !strings.Contains(what, "stops there") {
		return what + " (tyro stops there)"
	}
	if fw != fwClick && fw != fwTyper {
		return what
	}
	return what + `: click stops with "` + words + `"`
}

// helpSays is why a command line asking for the help is not read: click's
// --help (Typer's too: click's default help_option_names) and tyro's -h and --help
// print it and exit 0 (click/core.py Context.help_option_names; tyro's argparse).
func helpSays(fw cliFramework) string {
	lib := map[cliFramework]string{fwClick: "click", fwTyper: "Typer", fwTyro: "tyro"}[fw]
	return "which asks for the help: " + lib + " prints it and exits 0, running nothing"
}

// quotedMembers is click's list of a Choice's choices: 'a', 'b' (click/types.py
// Choice.get_invalid_choice_message).
func quotedMembers(ms []literal.Value) string {
	var out []string
	for _, m := range ms {
		s, _ := m.AsStr()
		out = append(out, "'"+s+"'")
	}
	return strings.Join(out, ", ")
}

// clickOption reads toks[i], an option string, as click does, with its value (the
// next argument for an option that takes one); it returns the index of the last
// argument read.
func clickOption(toks []string, i int, opts []cliOpt, given map[string]literal.Value, fw cliFramework) (int, string) {
	t := toks[i]
	k, v, eq := strings.Cut(t, "=")
	o, truth, ok := optFor(opts, k)
	if !ok {
		return clickUnknown(toks, i, opts, given, fw)
	}
	switch {
	case o.opaque:
		return i, fmt.Sprintf("which has %s, an argument this reader does not read for it", t)
	case o.isFlag || o.count:
		if eq {
			return i, clickSays(fw, fmt.Sprintf("which gives the flag %s a value", k), fmt.Sprintf("Option '%s' does not take a value.", k))
		}
	case !eq && i+1 >= len(toks):
		return i, clickSays(fw, fmt.Sprintf("which gives %s no value", k), fmt.Sprintf("Option '%s' requires an argument.", k))
	case !eq:
		i, v = i+1, toks[i+1]
	}
	return i, giveClick(o, truth, v, given)
}

// clickUnknown reads toks[i], which names no option of opts whole: the help, a
// group of short options, or an option the command does not have.
func clickUnknown(toks []string, i int, opts []cliOpt, given map[string]literal.Value, fw cliFramework) (int, string) {
	t := toks[i]
	k, _, _ := strings.Cut(t, "=")
	switch {
	case t == "--help" || t == "-h" && fw == fwTyro:
		return i, helpSays(fw)
	case !strings.HasPrefix(t, "--") && len(t) > 2:
		return clickShort(toks, i, opts, given, fw)
	}
	return i, clickSays(fw, fmt.Sprintf("which has %s, an option the command does not have", k), "No such option: "+k)
}

// giveClick records in given what option o gets from one use: a flag truth, a count
// one more, another option its value v converted (kept with the earlier ones for
// multiple=True).
func giveClick(o *cliOpt, truth bool, v string, given map[string]literal.Value) string {
	switch {
	case o.count:
		n, _ := given[o.param].AsInt()
		given[o.param] = literal.Int(n + 1)
		return ""
	case o.isFlag:
		given[o.param] = literal.Bool(truth)
		return ""
	}
	val, err := convertCLI(*o, v)
	switch {
	case err != "":
	case o.multiple:
		given[o.param] = literal.Tuple(append(given[o.param].Items(), val)...)
	default:
		given[o.param] = val
	}
	return err
}

// clickShort reads toks[i], "-abc", as click reads a group of short options: each
// letter an option, the rest of the word the value of the first that takes one (or
// the next argument where the word ends there).
func clickShort(toks []string, i int, opts []cliOpt, given map[string]literal.Value, fw cliFramework) (int, string) {
	t := toks[i]
	for j := 1; j < len(t); j++ {
		k := "-" + t[j:j+1]
		o, truth, ok := optFor(opts, k)
		switch {
		case !ok:
			return i, clickSays(fw, fmt.Sprintf("which has %s (in %s), an option the command does not have", k, t), "No such option: "+k)
		case o.opaque:
			return i, fmt.Sprintf("which has %s, an argument this reader does not read for it", t)
		case o.isFlag || o.count:
			giveClick(o, truth, "", given)
			continue
		case j+1 < len(t):
			return i, giveClick(o, truth, t[j+1:], given)
		case i+1 >= len(toks):
			return i, clickSays(fw, fmt.Sprintf("which gives %s no value", k), fmt.Sprintf("Option '%s' requires an argument.", k))
		}
		return i + 1, giveClick(o, truth, toks[i+1], given)
	}
	return i, ""
}
