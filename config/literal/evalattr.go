package literal

import (
	"fmt"
	"strings"
	"unicode"
)

// Attributes and methods of constants: the number attributes (real, imag,
// numerator, denominator) and the str methods a script uses on a literal before
// passing it (upper, lower, strip, lstrip, rstrip, replace, startswith, endswith,
// split, join, count, find), with their results as CPython 3.13 and 3.14 compute
// them (Objects/unicodeobject.c; case mappings and white space by the Lang's
// Unicode version). Any other attribute, and a method called with arguments of
// other types or number, is refused as not evaluated: its result or its error text
// is not known here.

// caser is the part of a Lang with case mappings and white space; a *pyver.Python
// has them.
type caser interface {
	Upper(s string) string
	Lower(s string) string
	IsSpace(r rune) bool
}

func (ev *evaluator) caser() caser {
	if c, ok := ev.lang.(caser); ok {
		return c
	}
	return goCaser{}
}

// goCaser is Go's Unicode 15.0.0 simple mappings.
type goCaser struct{}

func (goCaser) Upper(s string) string { return strings.ToUpper(s) }
func (goCaser) Lower(s string) string { return strings.ToLower(s) }
func (goCaser) IsSpace(r rune) bool   { return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f) }

func (ev *evaluator) attr(n *node) (Value, *pyErr) {
	x, err := ev.eval(n.kids[0])
	if err != nil {
		return Value{}, err
	}
	if x.kind == BoolKind {
		x = boolInt(x)
	}
	switch {
	case x.kind == IntKind && (n.name == "real" || n.name == "numerator"):
		return x, nil
	case x.kind == IntKind && n.name == "imag":
		return Int(0), nil
	case x.kind == IntKind && n.name == "denominator":
		return Int(1), nil
	case x.kind == FloatKind && n.name == "real":
		return x, nil
	case x.kind == FloatKind && n.name == "imag":
		return Float(0), nil
	case x.kind == ComplexKind && (n.name == "real" || n.name == "imag"):
		re, im, _ := x.AsComplex()
		if n.name == "real" {
			return Float(re), nil
		}
		return Float(im), nil
	}
	return Value{}, unsupported(fmt.Sprintf("attribute .%s of %s is not evaluated", n.name, x.PyType()))
}

// method evaluates obj.name(args...).
func (ev *evaluator) method(n *node) (Value, *pyErr) {
	fn := n.kids[0]
	x, err := ev.eval(fn.kids[0])
	if err != nil {
		return Value{}, err
	}
	args := make([]Value, 0, len(n.kids)-1)
	var kwargs map[string]Value
	for _, k := range n.kids[1:] {
		if k.kind == nStar || (k.kind == nKeyword && (k.name == "**" || fn.name != "format")) {
			return Value{}, unsupported("a starred or keyword argument is not evaluated")
		}
		if k.kind == nKeyword {
			v, err := ev.eval(k.kids[0])
			if err != nil {
				return Value{}, err
			}
			if kwargs == nil {
				kwargs = map[string]Value{}
			}
			kwargs[pyName(k.name)] = v
			continue
		}
		v, err := ev.eval(k)
		if err != nil {
			return Value{}, err
		}
		args = append(args, v)
	}
	if x.kind == StrKind && fn.name == "format" {
		return ev.strFormat(x.s, args, kwargs)
	}
	if x.kind == StrKind {
		if v, ok := ev.strMethod(x.s, fn.name, args); ok {
			return v, nil
		}
	}
	if x.kind == DictKind && fn.name == "get" && (len(args) == 1 || len(args) == 2) {
		if t := unhashable(args[0]); t != "" {
			return Value{}, typeErr("%s", ev.text(TextUnhashableDict, t))
		}
		if v, ok := dictGet(x, args[0]); ok {
			return v, nil
		}
		if len(args) == 2 {
			return args[1], nil
		}
		return None(), nil
	}
	return Value{}, unsupported(fmt.Sprintf("method %s.%s() with these arguments is not evaluated", x.PyType(), fn.name))
}

// strArgs reports whether args are n strs.
func strArgs(args []Value, n int) bool {
	if len(args) != n {
		return false
	}
	for _, a := range args {
		if a.kind != StrKind {
			return false
		}
	}
	return true
}

func (ev *evaluator) strMethod(s, name string, args []Value) (Value, bool) {
	c := ev.caser()
	switch {
	case name == "upper" && len(args) == 0:
		return Str(c.Upper(s)), true
	case name == "lower" && len(args) == 0:
		return Str(c.Lower(s)), true
	case (name == "strip" || name == "lstrip" || name == "rstrip") && len(args) <= 1:
		return ev.strip(s, name, args)
	case name == "replace" && strArgs(args, 2):
		return Str(strings.ReplaceAll(s, args[0].s, args[1].s)), len(s) <= MaxSeqLen
	case (name == "startswith" || name == "endswith") && len(args) == 1:
		return affix(s, name, args[0])
	case name == "split" && len(args) == 0:
		return strList(strings.FieldsFunc(s, c.IsSpace)), true
	case name == "split" && strArgs(args, 1) && args[0].s != "":
		return strList(strings.Split(s, args[0].s)), true
	case name == "join" && len(args) == 1:
		return joinStr(s, args[0])
	case name == "count" && strArgs(args, 1):
		return Int(int64(countRunes(s, args[0].s))), true
	case name == "find" && strArgs(args, 1):
		i := strings.Index(s, args[0].s)
		if i > 0 {
			i = len([]rune(s[:i]))
		}
		return Int(int64(i)), true
	}
	return Value{}, false
}

// affix is str.startswith and str.endswith with a str or a tuple of strs.
func affix(s, name string, arg Value) (Value, bool) {
	test := strings.HasPrefix
	if name == "endswith" {
		test = strings.HasSuffix
	}
	switch arg.kind {
	case StrKind:
		return Bool(test(s, arg.s)), true
	case TupleKind:
		for _, it := range arg.items() {
			if it.kind != StrKind {
				return Value{}, false
			}
		}
		for _, it := range arg.items() {
			if test(s, it.s) {
				return Bool(true), true
			}
		}
		return Bool(false), true
	}
	return Value{}, false
}

func (ev *evaluator) strip(s, name string, args []Value) (Value, bool) {
	cut := ev.caser().IsSpace
	if len(args) == 1 {
		switch args[0].kind {
		case NoneKind:
		case StrKind:
			chars := args[0].s
			cut = func(r rune) bool { return strings.ContainsRune(chars, r) }
		default:
			return Value{}, false
		}
	}
	switch name {
	case "lstrip":
		return Str(strings.TrimLeftFunc(s, cut)), true
	case "rstrip":
		return Str(strings.TrimRightFunc(s, cut)), true
	}
	return Str(strings.TrimFunc(s, cut)), true
}

func strList(parts []string) Value {
	out := make([]Value, len(parts))
	for i, p := range parts {
		out[i] = Str(p)
	}
	return List(out...)
}

func joinStr(sep string, it Value) (Value, bool) {
	items, err := iterate(it)
	if err != nil {
		return Value{}, false
	}
	parts := make([]string, len(items))
	n := 0
	for i, x := range items {
		if x.kind != StrKind {
			return Value{}, false
		}
		parts[i] = x.s
		n += len(x.s) + len(sep)
	}
	if n > MaxSeqLen {
		return Value{}, false
	}
	return Str(strings.Join(parts, sep)), true
}

// countRunes is str.count: non-overlapping occurrences; an empty sub counts the
// positions between characters.
func countRunes(s, sub string) int {
	if sub == "" {
		return len([]rune(s)) + 1
	}
	return strings.Count(s, sub)
}
