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

// attr evaluates x.name for a number x (numberAttrs).
func (ev *evaluator) attr(n *node) (Value, *pyErr) {
	x, err := ev.eval(n.kids[0])
	if err != nil {
		return Value{}, err
	}
	if x.kind == BoolKind {
		x = boolInt(x)
	}
	if get, ok := numberAttrs[attrKey{x.kind, n.name}]; ok {
		return get(x), nil
	}
	return Value{}, unsupported(fmt.Sprintf("attribute .%s of %s is not evaluated", n.name, x.PyType()))
}

// attrKey is an attribute's name on a kind of value.
type attrKey struct {
	kind Kind
	name string
}

// numberAttrs are the attributes of int, float and complex values that are
// evaluated (a bool is taken as its int).
var numberAttrs = map[attrKey]func(Value) Value{
	{IntKind, "real"}:        func(x Value) Value { return x },
	{IntKind, "numerator"}:   func(x Value) Value { return x },
	{IntKind, "imag"}:        func(Value) Value { return Int(0) },
	{IntKind, "denominator"}: func(Value) Value { return Int(1) },
	{FloatKind, "real"}:      func(x Value) Value { return x },
	{FloatKind, "imag"}:      func(Value) Value { return Float(0) },
	{RangeKind, "start"}:     func(x Value) Value { return x.items()[0] },
	{RangeKind, "stop"}:      func(x Value) Value { return x.items()[1] },
	{RangeKind, "step"}:      func(x Value) Value { return x.items()[2] },
	{ComplexKind, "real"}:    func(x Value) Value { re, _, _ := x.AsComplex(); return Float(re) },
	{ComplexKind, "imag"}:    func(x Value) Value { _, im, _ := x.AsComplex(); return Float(im) },
}

// method evaluates obj.name(args...).
func (ev *evaluator) method(n *node) (Value, *pyErr) {
	fn := n.kids[0]
	x, err := ev.eval(fn.kids[0])
	if err != nil {
		return Value{}, err
	}
	if x.kind == StrKind && fn.name == "join" && plainArgs(n.kids[1:], 1) {
		return ev.joinMethod(x.s, n.kids[1])
	}
	args, kwargs, err := ev.callArgs(n.kids[1:], fn.name == "format")
	if err != nil {
		return Value{}, err
	}
	if x.kind == StrKind && fn.name == "format" {
		return ev.strFormat(x.s, args, kwargs)
	}
	if x.kind == StrKind {
		if v, ok := ev.strMethod(x.s, fn.name, args); ok {
			return v, nil
		}
	}
	if v, err, ok := ev.containerMethod(x, fn.name, args, len(kwargs) > 0); ok {
		return v, err
	}
	return Value{}, unsupported(fmt.Sprintf("method %s.%s() with these arguments is not evaluated", x.PyType(), fn.name))
}

// containerMethod evaluates dict.get and range.index/count; ok is false for any
// other method, or arguments they are not evaluated with.
func (ev *evaluator) containerMethod(x Value, name string, args []Value, kw bool) (Value, *pyErr, bool) {
	switch {
	case x.kind == DictKind && name == "get" && (len(args) == 1 || len(args) == 2):
		v, err := ev.dictGetMethod(x, args)
		return v, err, true
	case x.kind == RangeKind && (name == "index" || name == "count") && len(args) == 1 && !kw:
		return ev.rangeMethod(x, name, args[0])
	}
	return Value{}, nil, false
}

// callArgs evaluates a method call's arguments kids; keyword arguments (not **)
// are taken only when keywords is true (str.format).
func (ev *evaluator) callArgs(kids []*node, keywords bool) ([]Value, map[string]Value, *pyErr) {
	args := make([]Value, 0, len(kids))
	var kwargs map[string]Value
	for _, k := range kids {
		if k.kind == nStar || (k.kind == nKeyword && (k.name == "**" || !keywords)) {
			return nil, nil, unsupported("a starred or keyword argument is not evaluated")
		}
		if k.kind == nKeyword {
			v, err := ev.eval(k.kids[0])
			if err != nil {
				return nil, nil, err
			}
			if kwargs == nil {
				kwargs = map[string]Value{}
			}
			kwargs[pyName(k.name)] = v
			continue
		}
		v, err := ev.eval(k)
		if err != nil {
			return nil, nil, err
		}
		args = append(args, v)
	}
	return args, kwargs, nil
}

// dictGetMethod is dict.get(key[, default]) on the dict x.
func (ev *evaluator) dictGetMethod(x Value, args []Value) (Value, *pyErr) {
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

// strMethod evaluates the str method name on s; ok is false when the method, or
// the method with these arguments, is not evaluated.
func (ev *evaluator) strMethod(s, name string, args []Value) (Value, bool) {
	c := ev.caser()
	switch name {
	case "upper", "lower":
		return caseMethod(c, s, name, args)
	case "strip", "lstrip", "rstrip":
		if len(args) <= 1 {
			return ev.strip(s, name, args)
		}
	case "replace":
		if strArgs(args, 2) {
			return Str(strings.ReplaceAll(s, args[0].s, args[1].s)), len(s) <= MaxSeqLen
		}
	case "startswith", "endswith":
		if len(args) == 1 {
			return affix(s, name, args[0])
		}
	case "split":
		return splitStr(c, s, args)
	case "join":
		if len(args) == 1 {
			return joinStr(s, args[0])
		}
	case "count":
		if strArgs(args, 1) {
			return Int(int64(countRunes(s, args[0].s))), true
		}
	case "find":
		if strArgs(args, 1) {
			return Int(int64(findRunes(s, args[0].s))), true
		}
	}
	return Value{}, false
}

// caseMethod is str.upper() and str.lower().
func caseMethod(c caser, s, name string, args []Value) (Value, bool) {
	if len(args) != 0 {
		return Value{}, false
	}
	if name == "upper" {
		return Str(c.Upper(s)), true
	}
	return Str(c.Lower(s)), true
}

// splitStr is str.split() and str.split(sep) for a non-empty str sep.
func splitStr(c caser, s string, args []Value) (Value, bool) {
	switch {
	case len(args) == 0:
		return strList(strings.FieldsFunc(s, c.IsSpace)), true
	case strArgs(args, 1) && args[0].s != "":
		return strList(strings.Split(s, args[0].s)), true
	}
	return Value{}, false
}

// findRunes is str.find: the index in characters of the first sub in s, or -1.
func findRunes(s, sub string) int {
	i := strings.Index(s, sub)
	if i > 0 {
		i = len([]rune(s[:i]))
	}
	return i
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

// plainArgs reports whether args are n arguments, none starred or keyword.
func plainArgs(args []*node, n int) bool {
	for _, a := range args {
		if a.kind == nStar || a.kind == nKeyword {
			return false
		}
	}
	return len(args) == n
}

// joinMethod is sep.join(arg), whose argument may be a generator (evalIter).
func (ev *evaluator) joinMethod(sep string, arg *node) (Value, *pyErr) {
	it, err := ev.evalIter(arg)
	if err != nil {
		return Value{}, err
	}
	if v, ok := joinStr(sep, it); ok {
		return v, nil
	}
	return Value{}, unsupported("method str.join() with these arguments is not evaluated")
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
