package script

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// jsonargparse (script31 item 1): jsonargparse.CLI(main) and auto_cli(main) build an
// argparse-based parser from main's signature and run main with what it parses
// (omni-us/jsonargparse, jsonargparse/_cli.py auto_cli: as_positional=True,
// fail_untyped=True; _signatures.py _add_signature_parameter; _typehints.py
// adapt_typehints):
//   - a parameter with a default is the option "--" + its name as written
//     (underscores kept: --batch_size); one without a default is a positional, and
//     one of those with no annotation stops the parser being built (fail_untyped);
//   - a value given is read as YAML (jsonargparse's loader: true/false, yes/no, on/off
//     in their three cases are bools, null and ~ None, numbers numbers), then checked
//     against the annotation: bool, int (no bool), float (an int too), str (the text
//     as given), Literal[…] (one of its members); an unannotated parameter with a
//     default takes any value (Union[type(default), Any]); a bool option takes a
//     value ("--compile true"; "--compile" alone is argparse's "expected one
//     argument": jsonargparse issue 355);
//   - --name=VALUE, a unique prefix of a long option (argparse's allow_abbrev), "--"
//     ending the options; what it refuses, in its words: 'Parser key "n": Expected a
//     <class 'int'>. Got value: x' (jsonargparse prints it on two lines),
//     "unrecognized arguments: …", "the following arguments are required: …".
//
// --config FILE (ActionConfigFile, which auto_cli adds unless main has a parameter
// named config) loads values from a file this reader does not see: a command line
// with it is not read, and says so. So are --print_config and -h/--help, which print
// and exit.

// jsonargparseOpts are the options jsonargparse makes of def's parameters.
func (r *reader) jsonargparseOpts(def *stmt) []cliOpt {
	var out []cliOpt
	for _, pm := range def.params {
		if pm.star != 0 || len(out) >= maxFlow {
			continue
		}
		o := cliOpt{param: pm.name, def: pm.def, line: defLine(pm.def), fw: fwJSONArgparse}
		o.typ, o.members = r.annType(pm.ann)
		switch {
		case pm.ann == nil && pm.def != nil:
			o.typ = "yaml"
		case pm.ann == nil:
			o.opaque = true // fail_untyped: the parser is not built
		}
		if pm.def == nil {
			o.positional, o.flag = true, pm.name
		} else {
			o.flag = "--" + pm.name
			o.names = []string{o.flag}
		}
		out = append(out, o)
	}
	return out
}

// jsonargparseSays is what, with the words jsonargparse stops with.
func jsonargparseSays(what, words string) string {
	return what + `: jsonargparse stops with "error: ` + words + `"`
}

// jsonargparseArgv reads toks as jsonargparse reads main's command line (see the
// comment at the top of this file).
func jsonargparseArgv(toks []string, opts []cliOpt) (map[string]literal.Value, string) {
	for _, o := range opts {
		if o.opaque {
			return nil, fmt.Sprintf("which jsonargparse cannot read for %s, a parameter with neither a default nor an annotation (fail_untyped: the parser is not built)", o.param)
		}
	}
	return argparseArgv(toks, opts, jsonargparseOption, jsonargparseGive)
}

// jsonargparseGive records in given the value s gives o (jsonargparseValue), or
// returns its error.
func jsonargparseGive(o *cliOpt, s string, given map[string]literal.Value) string {
	val, err := jsonargparseValue(*o, s)
	if err == "" {
		given[o.param] = val
	}
	return err
}

// jsonargparseOption reads the option string toks[i]; an unknown one joins extras.
func jsonargparseOption(toks []string, i int, opts []cliOpt, given map[string]literal.Value, extras []string) (int, []string, string) {
	t := toks[i]
	k, v, eq := strings.Cut(t, "=")
	o, _, err := arghLong(opts, k)
	switch {
	case err != "":
		return i, extras, err
	case o == nil && jsonargparseOwn(k) != "":
		return i, extras, jsonargparseOwn(k)
	case o == nil:
		return i, append(extras, t), ""
	case !eq && (i+1 >= len(toks) || strings.HasPrefix(toks[i+1], "-") && !numberText(toks[i+1])):
		return i, extras, argparseSays(fmt.Sprintf("which gives %s no value", k), fmt.Sprintf("argument %s: expected one argument", o.flag))
	case !eq:
		i, v = i+1, toks[i+1]
	}
	return i, extras, jsonargparseGive(o, v, given)
}

// jsonargparseOwn says why the command line is not read where k is an option of
// jsonargparse's own ("": none): --config, --print_config, the help.
func jsonargparseOwn(k string) string {
	switch {
	case k == "--config" || k == "--print_config":
		return fmt.Sprintf("which has %s, whose config this reader does not read (a file's values, or a print and exit)", k)
	case k == "-h" || strings.HasPrefix("--help", k) && len(k) > 3:
		return "which asks for the help: jsonargparse prints it and exits 0, running nothing"
	}
	return ""
}

// jsonargparseValue is the value s given to o once jsonargparse loads and checks it,
// or its error.
func jsonargparseValue(o cliOpt, s string) (literal.Value, string) {
	y := yamlScalar(s)
	bad := func(t string) (literal.Value, string) {
		return literal.Value{}, jsonargparseSays(fmt.Sprintf("which gives %s %q, not a value of its type", o.flag, s), fmt.Sprintf("Parser key \"%s\": Expected a %s. Got value: %s", o.param, t, s))
	}
	switch o.typ {
	case "yaml":
		return y, ""
	case "str":
		v := literal.Str(s)
		if len(o.members) > 0 && !hasMember(o.members, v) {
			return bad("typing.Literal[" + quotedMembers(o.members) + "]")
		}
		return v, ""
	case "bool":
		if _, ok := y.AsBool(); ok {
			return y, ""
		}
	case "int":
		if _, ok := y.AsInt(); ok {
			return y, ""
		}
	case "float":
		if n, ok := y.AsInt(); ok {
			return literal.Float(float64(n)), ""
		}
		if y.Kind() == literal.FloatKind {
			return y, ""
		}
	default:
		return literal.Value{}, fmt.Sprintf("which gives %s a value whose type this reader does not read", o.flag)
	}
	return bad("<class '" + o.typ + "'>")
}

// hasMember reports whether ms holds v.
func hasMember(ms []literal.Value, v literal.Value) bool {
	for _, m := range ms {
		if m.String() == v.String() {
			return true
		}
	}
	return false
}

// yamlScalar is the value YAML 1.1, as jsonargparse loads it, gives the plain scalar s:
// a bool, None, an int, a float (decimal, with a dot or an exponent), else the str.
func yamlScalar(s string) literal.Value {
	switch s {
	case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON":
		return literal.Bool(true)
	case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF":
		return literal.Bool(false)
	case "null", "Null", "NULL", "~", "":
		return literal.None()
	}
	if !numberText(s) {
		return literal.Str(s)
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return literal.Int(n)
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && strings.ContainsAny(s, ".eE") {
		return literal.Float(f)
	}
	return literal.Str(s)
}
