package config

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/strictjson"
)

func TestParseLiteral(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, repr, pytype string
		reason           string
	}{
		{"True", "True", "bool", "Python constant"},
		{"None", "None", "NoneType", "Python constant"},
		{"1e999", "inf", "float", "out of range: inf, as Python's compiler gives"},
		{"-1e999", "-inf", "float", "negated inf"},
		{"1j", "1j", "complex", "imaginary literal"},
		{"-1j", "(-0-1j)", "complex", "negating 0+1j gives a real part of -0"},
		{"1-2.5j", "(1-2.5j)", "complex", "real minus imaginary, as ast.literal_eval accepts"},
		{"(1+2j)", "(1+2j)", "complex", "parenthesised"},
		{"...", "Ellipsis", "ellipsis", "Ellipsis"},
		{"set()", "set()", "set", "ast.literal_eval's empty set"},
		{"0x_ff", "255", "int", "'_' after the base prefix"},
		{"0O_7", "7", "int", "upper-case prefix"},
		{"-(1)", "-1", "int", "a sign before parentheses"},
		{"-(-1)", "1", "int", "two signs, as Python evaluates them"},
		{"-True", "-1", "int", "a bool is an int under a sign"},
		{"U'a'", "'a'", "str", "prefixes in any case"},
		{"Rb'\\q'", `b'\\q'`, "bytes", "raw bytes keep the backslash"},
		{`'\q'`, `'\\q'`, "str", "an unknown escape keeps its backslash"},
		{`'\N{BULLET}'`, "'•'", "str", "\\N{name}"},
		{`'\N{bullet}'`, "'•'", "str", "names in any case"},
		{`'\N{CJK UNIFIED IDEOGRAPH-4E00}'`, "'一'", "str", "computed names"},
		{`'\ud800'`, `'\ud800'`, "str", "a lone surrogate"},
		{`'\777'`, "'ǿ'", "str", "octal above \\377 is the code point"},
		{`b'\777'`, `b'\xff'`, "bytes", "octal above \\377 in bytes keeps the low byte"},
		{"1", "1", "int", "int"},
		{"-7", "-7", "int", "unary minus"},
		{"+7", "7", "int", "unary plus"},
		{"0x1F", "31", "int", "hex"},
		{"123456789012345678901234567890", "123456789012345678901234567890", "int", "Python ints are unbounded"},
		{"1.5", "1.5", "float", "float"},
		{"1.0", "1.0", "float", "float repr keeps .0"},
		{"1e16", "1e+16", "float", "Python switches to exponent at 1e16"},
		{"1e-5", "1e-05", "float", "two-digit exponent"},
		{"0.0001", "0.0001", "float", "fixed down to 1e-4"},
		{"'s'", "'s'", "str", "single quotes"},
		{`"s"`, "'s'", "str", "double quotes print as single"},
		{`"it's"`, `"it's"`, "str", "repr picks double quotes around a single quote"},
		{`'a\nb'`, `'a\nb'`, "str", "escapes"},
		{"'héllo'", "'héllo'", "str", "printable unicode stays"},
		{"b'x'", "b'x'", "bytes", "bytes stay bytes"},
		{"[1, 'a', None]", "[1, 'a', None]", "list", "list"},
		{"(1,)", "(1,)", "tuple", "one-tuple"},
		{"()", "()", "tuple", "empty tuple"},
		{"(1, 2)", "(1, 2)", "tuple", "tuple"},
		{"{}", "{}", "dict", "empty dict"},
		{`{"a": 1, "b": [True]}`, "{'a': 1, 'b': [True]}", "dict", "JSON object"},
		{"{'a': 1, 'a': 2}", "{'a': 2}", "dict", "duplicate keys: last value wins, first position"},
		{"{'a': 1, 'b': 2, 'a': 3}", "{'a': 3, 'b': 2}", "dict", "duplicate keys keep the first position"},
		{"{1: 2}", "{1: 2}", "dict", "non-str keys are literals too"},
		{"{1: 'a', True: 'b', 1.0: 'c'}", "{1: 'c'}", "dict", "1, True and 1.0 are one key in Python"},
		{" [1,\n 2] ", "[1, 2]", "list", "leading blanks are stripped, as ast.literal_eval strips them"},
		{"\t{'a': 1}\n", "{'a': 1}", "dict", "tabs and a trailing newline"},
		{"1_000", "1000", "int", "digit separators, as Python allows"},
		{`'\xe9\x41'`, "'éA'", "str", "\\xHH above 0x7f is U+00HH in a Python str"},
		{`'\x80'`, `'\x80'`, "str", "a C1 control character prints as \\x80, as Python prints it"},
		{`r'\xe9'`, `'\\xe9'`, "str", "raw strings keep the backslash"},
		{`b'\xe9'`, `b'\xe9'`, "bytes", "bytes keep the byte"},
		{`"""a'b_1"""`, `"a'b_1"`, "str", "triple quotes: underscores inside strings stay"},
		{"{'a_b': 1_0.5_0}", "{'a_b': 10.5}", "dict", "underscores in strings stay; in numbers go"},
	}
	for _, tc := range tests {
		v, err := literal.Parse(tc.in)
		if err != nil {
			t.Errorf("literal.Parse(%q): %v (%s)", tc.in, err, tc.reason)
			continue
		}
		if v.String() != tc.repr || v.PyType() != tc.pytype {
			t.Errorf("literal.Parse(%q) = %s (%s), want %s (%s) (%s)", tc.in, v, v.PyType(), tc.repr, tc.pytype, tc.reason)
		}
	}
}

// TestParseLiteralErrors is the bad-input table for literals: each gets a
// *literal.Error with an offset, never a panic.
func TestParseLiteralErrors(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("[", literal.MaxDepth+1) + strings.Repeat("]", literal.MaxDepth+1)
	tests := []struct {
		name, in string
		offset   int
		contains string
	}{
		{"empty", "", 0, "empty literal"},
		{"blank", "   ", 0, "empty literal"},
		{"unbalanced-open", "{'a': [1, 2}", 11, "closing parenthesis '}' does not match opening parenthesis '['"},
		{"unbalanced-close", "[1, 2]]", 6, ""},
		{"unterminated-string", "'abc", 0, "unterminated string literal"},
		{"false", "false", 0, "did you mean False?"},
		{"null", "null", 0, "NameError: name 'null' is not defined"},
		{"none", "none", 0, "did you mean None?"},
		{"leading-zero", "01", 0, "leading zeros in decimal integer literals are not permitted"},
		{"double-underscore", "1__0", 0, "invalid decimal literal"},
		{"unknown-name", `'\N{NO SUCH NAME}'`, 1, "unknown Unicode character name"},
		{"truncated-x", `'\x4'`, 1, "truncated \\xXX escape"},
		{"bytes-non-ascii", "b'é'", 2, "bytes can only contain ASCII literal characters"},
		{"builtin", "print(1)", 0, "the builtin print is not evaluated"},
		{"name", "yes", 0, "NameError: name 'yes' is not defined"},
		{"call-nan", "float('nan')", 0, "the builtin float() with these arguments is not evaluated"},
		{"nan-name", "NaN", 0, "NameError: name 'NaN' is not defined"},
		{"infinity-name", "Infinity", 0, "NameError: name 'Infinity' is not defined"},
		{"operator", "1 + 'a'", 0, "TypeError: unsupported operand type(s) for +: 'int' and 'str'"},
		{"minus-string", "-'a'", 0, "TypeError: bad operand type for unary -: 'str'"},
		{"unhashable-key", "{[1]: 2}", 1, "unhashable type: 'list'"},
		{"deep", deep, literal.MaxDepth, "nested more than"},
		{"huge", "'" + strings.Repeat("a", literal.MaxBytes) + "'", literal.MaxBytes, "more than the limit"},
		{"non-utf8", "'\xff'", 1, "invalid UTF-8"},
		{"trailing-garbage", "True False", 5, "SyntaxError: invalid syntax"},
		{"lambda", "lambda: 1", 0, "lambda"},
		{"binary", "1 / 0", 0, "ZeroDivisionError: division by zero"},
		{"attribute", "(1).bit_length()", 1, "method int.bit_length() with these arguments is not evaluated"},
		{"huge-power", "9 ** 9 ** 9", 0, "more than the limit of"},
		{"huge-repeat", "'a' * 10 ** 9", 0, "more than the limit of"},
		{"int-too-long", strings.Repeat("7", literal.MaxIntDigits+1), 0, "Exceeds the limit (4300 digits) for integer string conversion"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := literal.Parse(tc.in)
			var le *literal.Error
			if !errors.As(err, &le) {
				t.Fatalf("literal.Parse(%.40q) = %v, want *literal.Error", tc.in, err)
			}
			if le.Offset != tc.offset {
				t.Errorf("offset %d, want %d (%s)", le.Offset, tc.offset, le.Msg)
			}
			if !strings.Contains(le.Msg, tc.contains) {
				t.Errorf("message %q does not contain %q", le.Msg, tc.contains)
			}
			if len(le.Input) > 84 {
				t.Errorf("error echoes %d bytes of input", len(le.Input))
			}
		})
	}
}

func TestParseAssignment(t *testing.T) {
	t.Parallel()
	good := map[string]string{
		"triton.cudagraph_trees=False": "torch._inductor.config.triton.cudagraph_trees = False",
		" max_autotune =True":          "torch._inductor.config.max_autotune = True",
		"a.b='x=y'":                    "torch._inductor.config.a.b = 'x=y'",
	}
	for in, want := range good {
		a, err := ParseAssignment(in)
		if err != nil || a.String() != want {
			t.Errorf("ParseAssignment(%q) = %v, %v; want %s", in, a, err, want)
		}
	}
	for _, bad := range []string{"", "noequals", "=1", "a..b=1", "triton.cudagraph-trees=False", "x=yes", "1abc=1", "a=", "a=[1"} {
		_, err := ParseAssignment(bad)
		var ae *AssignmentError
		if !errors.As(err, &ae) {
			t.Errorf("ParseAssignment(%q) = %v, want *AssignmentError", bad, err)
		}
	}
	if _, err := ParseAssignment("x=[1"); !errors.As(err, new(*literal.Error)) {
		t.Errorf("a bad value should wrap the *literal.Error, got %v", err)
	}
}

func TestParseEnvAssignment(t *testing.T) {
	t.Parallel()
	n, v, err := ParseEnvAssignment("TORCHINDUCTOR_CUDAGRAPHS= 1")
	if err != nil || n != "TORCHINDUCTOR_CUDAGRAPHS" || v != " 1" {
		t.Errorf("got %q %q %v; values are kept as given", n, v, err)
	}
	for _, bad := range []string{"NOVALUE", "=1", "A B=1", "A=x\x00y"} {
		if _, _, err := ParseEnvAssignment(bad); err == nil {
			t.Errorf("ParseEnvAssignment(%q) accepted", bad)
		}
	}
}

func FuzzParseLiteral(f *testing.F) {
	for _, s := range []string{"True", "{'a': [1, (2,), None]}", `{"x": 1.5e3}`, "'\\x00'", "((((", "[1,]", "-0x10", "b'\\xff'", "{1: {2: {3: 4}}}", "1+2j", "...", "set()", "0x_ff", "u'\\N{BULLET}'", "-(-1)", "false", "\ufb01", "\uff34rue", "x\u0661", "True\u00a0", "{'a': x\u0301}", "[\u0661, 'b']",
		"2 ** 10", "9 ** 9 ** 9", "'a' * 10 ** 9", "[1][5]", "1 if 0 else 2", "'%5.2f|%-3d' % (1.5, 2)", "{**{'a': 1}}",
		"1 < 2 < 3", "(-8) ** (1 / 3)", "'ab'.upper()", "1.1 ** -300", "{1: 2}[::2]", "(1 + 2j) ** 0.5", "~True << 3",
		"f'{1:>{2}}'", "f'a{[x for x in \"ab\"]!r:^9}'", "'{:_x}|{z}'.format(255, z=1)", "[x for x in 'ab' if x]", "{k: v for k, v in [(1, 2)]}",
		"range(10 ** 18)[::-3]", "frozenset([1]) | {2}", "sum(x for x in range(3))", "f'{1 + 1 = }'", "'%g|%#.3G' % (1e6, 2.0)",
		"b'ab' * 2 + b'c'", "int('0x_ff', 0)", "pow(2, -1, 5)", "round(2.675, 2)", "list(reversed(range(5)))[::2]", "7 ** 7000",
		// hostile2: huge arguments to the day's builtins and formats.
		"pow(2, 10 ** 9, 10 ** 9 + 7)", "int('1' * 5000, 7)", "round(1.5, -10 ** 9)", "round(15, -10 ** 18)", "f'{1=:{\"{\"*200}}}'",
		"f'{1:999999999}'", "'%0*d' % (10 ** 9, 1)", "'%0999999999d' % 1", "range(10 ** 100)[::10 ** 99]", "list(range(0, 10 ** 100, 10 ** 98))",
		"frozenset(range(10 ** 6))", "sum(x for x in (y for y in (z for z in range(10 ** 100))))", "10 ** 99 in range(10 ** 100)",
		"f'{1.5:.999g}' + '%.400g' % 1e-320", "b'%b' % (b'a' * 10 ** 6)", "int(' ' * 9 + '1_0', 0)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := literal.Parse(s)
		if err != nil {
			var le *literal.Error
			if !errors.As(err, &le) {
				t.Fatalf("literal.Parse(%q) error %T, want *literal.Error", s, err)
			}
			if le.Offset < 0 || le.Offset > len(s) {
				t.Fatalf("offset %d outside input of %d bytes", le.Offset, len(s))
			}
			return
		}
		r := v.String()
		if !utf8.ValidString(r) {
			t.Fatalf("repr of %q is not UTF-8", s)
		}
		if _, err := v.MarshalJSON(); err != nil {
			t.Fatal(err)
		}
		if pr, err := v.PyRepr(nil); err != nil || pr != r {
			// Python cannot write an int past 4,300 digits (ValueError), and cannot read
			// its digits back either (SyntaxError): no round trip.
			requireIntStrLimit(t, s, r, err)
			return
		}
		// The repr of a parsed literal parses back to an equal value (bytes aside, and
		// the values whose repr Python cannot read back either: inf, nan, Ellipsis,
		// and complex numbers, whose real part -0 a repr loses).
		// A repr past literal.MaxBytes (frozenset(range(10 ** 6)): 7.9 MB from 25
		// bytes) is refused by Parse as any such literal is.
		if v.PyType() != "bytes" && !strings.Contains(r, "b'") && reprRoundTrips(v) && len(r) <= literal.MaxBytes {
			w, err := literal.Parse(r)
			if err != nil {
				t.Fatalf("repr %q of %q does not parse: %v", r, s, err)
			}
			if !w.Equal(v) {
				t.Fatalf("round trip of %q: %s != %s", s, w, v)
			}
		}
	})
}

// requireIntStrLimit fails unless err is the *literal.IntStrError of the value parsed
// from s, and its full repr r is refused as Python's compiler refuses it.
func requireIntStrLimit(t *testing.T, s, r string, err error) {
	t.Helper()
	var ie *literal.IntStrError
	if !errors.As(err, &ie) || ie.Exception() != "ValueError" || ie.Digits <= literal.MaxIntDigits {
		t.Fatalf("PyRepr of %q: %v, want the repr or an *IntStrError", s, err)
	}
	_, perr := literal.Parse(r)
	var le *literal.Error
	if !errors.As(perr, &le) || le.Exception != "SyntaxError" {
		t.Fatalf("the repr of %q, with a %d-digit int, parses: %v", s, ie.Digits, perr)
	}
}

// reprRoundTrips reports whether v's repr reads back as v in Python.
func reprRoundTrips(v literal.Value) bool {
	switch v.Kind() {
	case literal.FloatKind:
		return !strings.Contains(v.String(), "inf") && !strings.Contains(v.String(), "nan")
	case literal.ComplexKind, literal.EllipsisKind:
		return false
	case literal.DictKind:
		for _, it := range v.DictItems() {
			if !reprRoundTrips(it.Key) || !reprRoundTrips(it.Val) {
				return false
			}
		}
	default:
		for _, it := range v.Items() {
			if !reprRoundTrips(it) {
				return false
			}
		}
	}
	return true
}

func FuzzParseAssignment(f *testing.F) {
	for _, s := range []string{"triton.cudagraph_trees=False", "a=1", "=", "x.y.z='a=b'", "k=[", "é=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAssignment(s)
		if err != nil {
			var ae *AssignmentError
			if !errors.As(err, &ae) {
				t.Fatalf("error %T, want *AssignmentError", err)
			}
			return
		}
		if a.Key == "" {
			t.Fatalf("accepted an empty key from %q", s)
		}
		n, v, err := ParseEnvAssignment(s)
		if err == nil && n+"="+v != s {
			t.Fatalf("env assignment %q does not round-trip", s)
		}
	})
}

// FuzzOptions feeds arbitrary options literals through a full resolution: the result
// is a value or a PythonError, never a panic.
func FuzzOptions(f *testing.F) {
	for _, s := range []string{`{"max_autotune": True}`, `{"triton.cudagraph-trees": False}`, `[1]`, `{1: 2}`, `{"no_such": 1}`, `{}`, `{"compile_threads": "x"}`, `{"max_autotune_gemm_backends": frozenset()}`, `{"compile_threads": range(3)}`, `{"max_autotune": 7 ** 7000}`} {
		f.Add(s, "")
		f.Add(s, "reduce-overhead")
	}
	r := resolver211(f)
	f.Fuzz(func(t *testing.T, src, mode string) {
		o, err := ParseOptions(src)
		if err != nil {
			return
		}
		req := Request{Options: &o}
		if mode != "" {
			req.Mode = &mode
		}
		res, err := r.Resolve(req)
		if res == nil {
			t.Fatal("nil Result")
		}
		if err != nil {
			var pe PythonError
			if !errors.As(err, &pe) {
				t.Fatalf("non-Python error %T: %v", err, err)
			}
		}
	})
}

func FuzzCheckStrictJSON(f *testing.F) {
	for _, s := range []string{`{}`, `{"a": [1, {"b": null}], "c": "\ud83d\ude00"}`, "\ufeff{}", `{"a": 1, "a": 2}`, `{"a": "\ud800"}`, `[`, `{"a": -0.5e+3}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := strictjson.Check(data)
		if err != nil {
			var pe *inputerr.PositionError
			if !errors.As(err, &pe) {
				t.Fatalf("strictjson.Check(%q) error %T, want *inputerr.PositionError", data, err)
			}
			if pe.Offset < 0 || pe.Offset > len(data) {
				t.Fatalf("offset %d outside input of %d bytes", pe.Offset, len(data))
			}
			return
		}
		// What the strict check accepts, encoding/json decodes, to the same value.
		var v map[string]any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatalf("strictjson.Check accepted %q, encoding/json refuses it: %v", data, err)
		}
	})
}

func FuzzParseEnvAssignment(f *testing.F) {
	for _, s := range []string{"A=1", "=1", "A B=1", "A=\x00", "A=\xff", "TORCHINDUCTOR_CUDAGRAPHS=0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		name, value, err := ParseEnvAssignment(s)
		if err != nil {
			var ae *AssignmentError
			if !errors.As(err, &ae) {
				t.Fatalf("ParseEnvAssignment(%q) error %T, want *AssignmentError", s, err)
			}
			return
		}
		if name+"="+value != s || name == "" || strings.ContainsAny(name, "= \t\x00") || !utf8.ValidString(s) {
			t.Fatalf("ParseEnvAssignment(%q) = %q, %q", s, name, value)
		}
	})
}
