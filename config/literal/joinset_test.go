package literal_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/literal"
)

// TestAdjacentStringsAndSets pins the two Python literal forms Starlark lacks: adjacent
// string literals, joined at compile time, and set displays. Each python column is
// what python3 -c "import ast; print(repr(ast.literal_eval(IN)))" prints (3.11).
func TestAdjacentStringsAndSets(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, repr, pytype string
		python           string // when Python's repr differs from ours, what it prints
	}{
		{`"a" "b"`, "'ab'", "str", ""},
		{`'a''b'`, "'ab'", "str", ""},
		{`'a' 'b' 'c'`, "'abc'", "str", ""},
		{`r'\d' 'x'`, `'\\dx'`, "str", ""},
		{`'''a''' 'b'`, "'ab'", "str", ""},
		{`'a' '\xe9'`, "'aé'", "str", ""},
		{`"it" "'s"`, `"it's"`, "str", ""},
		{`'x_' '1_0'`, "'x_1_0'", "str", ""},
		{`'a\n' "\t"`, `'a\n\t'`, "str", ""},
		{`b'a' b'\xff'`, `b'a\xff'`, "bytes", ""},
		{`b'\xc3\xa9' b'x'`, `b'\xc3\xa9x'`, "bytes", ""},
		{"['a'\n'b']", "['ab']", "list", ""},
		{"'a' \\\n'b'", "'ab'", "str", ""},
		{"['a' # c\n 'b']", "['ab']", "list", ""},
		{"{'max_' 'autotune': True}", "{'max_autotune': True}", "dict", ""},
		{"('a' 'b', 'c')", "('ab', 'c')", "tuple", ""},
		{"{1, 2}", "{1, 2}", "set", ""},
		{"{1}", "{1}", "set", ""},
		{"{1,}", "{1}", "set", ""},
		{"{'max_autotune'}", "{'max_autotune'}", "set", ""},
		{"{1, True}", "{1}", "set", ""},
		{"{True, 1}", "{True}", "set", ""},
		{"{1, 2, 2}", "{1, 2}", "set", ""},
		{"{1.0, 1}", "{1.0}", "set", ""},
		{"{(1,), (True,)}", "{(1,)}", "set", ""},
		{"{(1,): 1, (True,): 2}", "{(1,): 2}", "dict", ""},
		{"{1, # it's\n 2}", "{1, 2}", "set", ""},
		{"[{1}, {}]", "[{1}, {}]", "list", ""},
		{"{'a': {1, 2}}", "{'a': {1, 2}}", "dict", ""},
		{"{'a' 'b', 'c'}", "{'ab', 'c'}", "set", "order varies with PYTHONHASHSEED"},
		{"{-1, 0x10}", "{-1, 16}", "set", "{16, -1}: hash order"},
		{"{{1: 2}['x'] if 0 else 1}", "{1}", "set", "ast.literal_eval: ValueError: malformed node; eval: {1}"},
	}
	for _, tc := range tests {
		v, err := literal.Parse(tc.in)
		if tc.repr == "" {
			if err == nil {
				t.Errorf("literal.Parse(%q) = %s, want an error (Python: %s)", tc.in, v, tc.python)
			}
			continue
		}
		if err != nil {
			t.Errorf("literal.Parse(%q): %v", tc.in, err)
			continue
		}
		if v.String() != tc.repr || v.PyType() != tc.pytype {
			t.Errorf("literal.Parse(%q) = %s (%s), want %s (%s)", tc.in, v, v.PyType(), tc.repr, tc.pytype)
		}
	}
}

// TestAdjacentStringsAndSetsErrors: what Python refuses is refused, at the offending
// token or just after it (Python's SyntaxError texts).
func TestAdjacentStringsAndSetsErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in     string
		offset int
		msg    string
		python string
	}{
		{`'a' b'b'`, 4, "cannot mix bytes and nonbytes literals", "SyntaxError: cannot mix bytes and nonbytes literals"},
		{`b'a' 'b'`, 5, "cannot mix bytes and nonbytes literals", "SyntaxError: cannot mix bytes and nonbytes literals"},
		{`['x', 'a' b'b']`, 10, "cannot mix bytes and nonbytes literals", "SyntaxError: cannot mix bytes and nonbytes literals"},
		{"'a'\n'b'", 4, "SyntaxError: invalid syntax", "SyntaxError: invalid syntax (a newline ends the literal outside brackets)"},
		{"'a' # c\n'b'", 8, "SyntaxError: invalid syntax", "SyntaxError: invalid syntax"},
		{"{[1]}", 1, "unhashable type: 'list'", "TypeError: unhashable type: 'list'"},
		{"{(1, [2])}", 1, "unhashable type: 'list'", "TypeError: unhashable type: 'list'"},
		{"{(1, [2]): 1}", 1, "unhashable type: 'list'", "TypeError: unhashable type: 'list'"},
		{"{{1}}", 1, "unhashable type: 'set'", "TypeError: unhashable type: 'set'"},
		{"{{1}: 2}", 1, "unhashable type: 'set'", "TypeError: unhashable type: 'set'"},
		{"{1, {2: 3}}", 4, "unhashable type: 'dict'", "TypeError: unhashable type: 'dict'"},
		{"{1: 2, 3}", 7, "':' expected after dictionary key", "SyntaxError: ':' expected after dictionary key"},
		{"{1, 2: 3}", 5, "invalid syntax", "SyntaxError: invalid syntax"},
		{"{x for x in y}", 12, "NameError: name 'y' is not defined", "NameError: name 'y' is not defined"},
		{"{*a}", 2, "NameError: name 'a' is not defined", "NameError: name 'a' is not defined"},
	}
	for _, tc := range tests {
		_, err := literal.Parse(tc.in)
		le, ok := err.(*literal.Error)
		if !ok {
			t.Errorf("literal.Parse(%q) = %v, want a *literal.Error (Python: %s)", tc.in, err, tc.python)
			continue
		}
		if le.Offset != tc.offset || !strings.Contains(le.Msg, tc.msg) {
			t.Errorf("literal.Parse(%q): offset %d, %q; want offset %d, %q (Python: %s)", tc.in, le.Offset, le.Msg, tc.offset, tc.msg, tc.python)
		}
	}
}

// TestSetValue pins set semantics: Python's ==, truthiness, repr and the JSON form.
func TestSetValue(t *testing.T) {
	t.Parallel()
	a, b := literal.MustParse("{1, 2}"), literal.MustParse("{2, 1}")
	if !a.Equal(b) || !b.Equal(a) {
		t.Errorf("%s != %s; Python: {1, 2} == {2, 1}", a, b)
	}
	for _, w := range []string{"{1}", "{1, 3}", "[1, 2]", "(1, 2)", "{1: 2}", "{1, 2, 3}"} {
		if a.Equal(literal.MustParse(w)) {
			t.Errorf("%s equals %s", a, w)
		}
	}
	if literal.MustParse("{1}").Equal(literal.MustParse("{True}")) {
		t.Error("{1} equals {True}: Equal is type-strict, as for lists")
	}
	if j, _ := a.MarshalJSON(); string(j) != `{"repr":"{1, 2}"}` {
		t.Errorf("JSON %s", j)
	}
	if a.Kind() != literal.SetKind || a.PyType() != "set" || len(a.Items()) != 2 {
		t.Errorf("kind %v, type %s, items %v", a.Kind(), a.PyType(), a.Items())
	}
	if s := literal.Set(literal.Int(1), literal.Bool(true), literal.Float(1)); s.String() != "{1}" {
		t.Errorf("Set(1, True, 1.0) = %s, want {1}", s)
	}
}

// TestEmptySet: set() has no literal spelling, but Set() builds it.
func TestEmptySet(t *testing.T) {
	t.Parallel()
	a := literal.MustParse("{1}")
	empty := literal.Set()
	if empty.Truthy() || !a.Truthy() || empty.String() != "set()" || empty.GoString() != "literal.Set()" {
		t.Errorf("set(): truthy %v, repr %s, %#v", empty.Truthy(), empty, empty)
	}
	if !empty.Equal(literal.Set()) || empty.Equal(literal.Dict()) {
		t.Error("set() == set() must hold, set() == {} must not")
	}
}
