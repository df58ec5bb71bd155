package script

import "github.com/compilemode/compilemode/config"

// literal returns the value of e when it is a Python literal. It is the package's one
// use of config.ParseLiteral; shapes that cannot be literals are refused before it.
func (r *reader) literal(e *expr) (config.Value, bool) {
	if e == nil {
		return config.Value{}, false
	}
	switch e.kind {
	case name:
		if e.name != "None" && e.name != "True" && e.name != "False" {
			return config.Value{}, false
		}
	case attr, call, subscript, starred:
		return config.Value{}, false
	case str:
		if e.fstring {
			return config.Value{}, false
		}
	}
	v, err := config.ParseLiteral(r.text(e))
	return v, err == nil
}

// literalStr returns the value of e when it is a str literal.
func (r *reader) literalStr(e *expr) (string, bool) {
	if e == nil || e.kind != str {
		return "", false
	}
	v, ok := r.literal(e)
	if !ok {
		return "", false
	}
	return v.AsStr()
}

// literalBool returns the value of e when it is True or False; isNone reports None.
func (r *reader) literalBool(e *expr) (b, ok, isNone bool) {
	if e == nil || e.kind != name {
		return false, false, false
	}
	switch e.name {
	case "True":
		return true, true, false
	case "False":
		return false, true, false
	case "None":
		return false, false, true
	}
	return false, false, false
}

// isNone reports whether e is the literal None.
func isNone(e *expr) bool { return e != nil && e.kind == name && e.name == "None" }
