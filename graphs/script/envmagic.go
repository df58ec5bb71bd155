package script

import "strings"

// IPython's %env and %set_env line magics set an environment variable in the kernel
// (sweep3 finding 13: a notebook's %env TORCHINDUCTOR_…=… before import torch was read
// as pass, so its value was not planned). IPython 8.12.3
// (IPython/core/magics/osm.py, OSMagics.env lines 433-462 and set_env lines 465-492):
// %env with one word only reads the variable; %env NAME=VALUE, %env NAME VALUE and
// %set_env likewise split the line at its first "=" when it has one, else at its
// first space, strip both parts and set os.environ[NAME] = VALUE, refusing a NAME with
// whitespace (UsageError, nothing set). IPython expands $name and {expr} in a magic's
// line before the magic runs (InteractiveShell.var_expand), so such a value is not the
// text written: it is read as a value the reader does not know. A shell escape
// (!export NAME=VALUE) runs in a subshell and sets nothing in the kernel: it stays
// pass.
//
// The line is rewritten to the os.environ assignment it makes, on the same line, so
// that the reader follows it in order as it follows the script's own (ReadAt, after
// import, guards): `import os as __ipython_env__; __ipython_env__.environ["NAME"] =
// "VALUE"`.

// envMagicAlias is the name the rewrite imports os as (no script uses it).
const envMagicAlias = "__ipython_env__"

// envMagics are the line magics that set a variable.
var envMagics = nameSet{"env", "set_env"}

// envMagicLine returns the Python that the line magic body (after its indentation,
// without its newline) runs when it sets an environment variable, and ok.
func envMagicLine(body string) (string, bool) {
	if !strings.HasPrefix(body, "%") || strings.HasPrefix(body, "%%") {
		return "", false
	}
	name, param, _ := strings.Cut(strings.TrimPrefix(body, "%"), " ")
	key, val, ok := envMagicArgs(strings.TrimRight(name, "\r"), strings.TrimRight(param, "\r"))
	if !ok {
		return "", false
	}
	value := pyStr(val)
	if expanded(val) {
		value = envMagicAlias + "_expanded" // IPython expands it first: not the text written
	}
	return "import os as " + envMagicAlias + "; " + envMagicAlias + ".environ[" + pyStr(key) + "] = " + value, true
}

// envMagicArgs returns the variable and value the magic named magic sets with the
// arguments param, and whether it sets one (see the top of this file).
func envMagicArgs(magic, param string) (key, val string, ok bool) {
	if !envMagics.has(magic) {
		return "", "", false
	}
	sep := " "
	if strings.Contains(param, "=") {
		sep = "="
	}
	key, val, two := strings.Cut(param, sep)
	key, val = strings.TrimSpace(key), strings.TrimSpace(val)
	if !two || key == "" || strings.ContainsAny(key, " \t") {
		return "", "", false // a read (%env NAME), or IPython's UsageError: nothing set
	}
	return key, val, true
}

// expanded reports whether IPython's var_expand may change a magic's value ($name,
// {expr}).
func expanded(val string) bool { return strings.ContainsAny(val, "${") }

// ipythonMagicCall reads the call IPython turns a line magic into, as a script
// exported from a notebook (jupyter nbconvert --to script, jupytext) holds it:
// get_ipython().run_line_magic("env", "NAME=VALUE") (IPython 8.12.3
// inputtransformer2.py line 363), or the older get_ipython().magic("env NAME=VALUE").
func (r *reader) ipythonMagicCall(c *expr) {
	if c.x.kind != attr || c.x.x.kind != call || c.x.x.x.kind != name || c.x.x.x.name != "get_ipython" {
		return
	}
	var magic, param string
	switch c.x.name {
	case "run_line_magic":
		m, ok1 := r.literalStr(kwarg(c, "magic_name", 0))
		p, ok2 := r.literalStr(kwarg(c, "line", 1))
		if !ok1 || !ok2 {
			return
		}
		magic, param = m, p
	case "magic":
		l, ok := r.literalStr(kwarg(c, "arg_s", 0))
		if !ok {
			return
		}
		magic, param, _ = strings.Cut(strings.TrimPrefix(l, "%"), " ")
	default:
		return
	}
	key, val, ok := envMagicArgs(magic, param)
	if !ok {
		return
	}
	var v *string
	if !expanded(val) {
		v = &val
	}
	r.out.Env = append(r.out.Env, r.envEntry(int(c.line), key, v, "environ"))
}

// pyStr returns s as a Python string literal (double quotes; backslashes, quotes and
// control bytes escaped).
func pyStr(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\x`)
			b.WriteByte("0123456789abcdef"[r>>4])
			b.WriteByte("0123456789abcdef"[r&0xf])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
