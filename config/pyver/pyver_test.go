package pyver_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/pyver"
)

func py(t *testing.T, minor int) *pyver.Python {
	t.Helper()
	p, err := pyver.For(pyver.Version{Major: 3, Minor: minor})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestInt pins int() as each Python reads a variable; the texts were printed by
// 3.13.5 and 3.14.10 (testdata/torch/*-debian/calls2.json, the
// TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS cases).
func TestInt(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		minor  int
		in     string
		want   string // repr of the int, or the ValueError text
		reason string
	}{
		{"ascii", 13, "12", "12", "plain"},
		{"spaces", 13, " 1 ", "1", "ASCII white space is stripped"},
		{"fs", 13, "\x1c1", "invalid literal for int() with base 10: '\\x1c1'", "U+001C is str.isspace but not stripped by int()"},
		{"em-space", 13, "\u20031\u2003", "1", "non-ASCII white space becomes a space first"},
		{"nel", 13, "\u00851", "1", "U+0085 is white space"},
		{"plus", 13, "+1", "1", "one sign"},
		{"two-signs", 13, "+-1", "invalid literal for int() with base 10: '+-1'", "only one sign"},
		{"arabic", 13, "١", "1", "Unicode digits"},
		{"math", 13, "𝟏", "1", "mathematical digits"},
		{"kirat-rai-3.13", 13, "\U00016d71", "invalid literal for int() with base 10: '\\U00016d71'", "a Unicode 16.0 digit is unknown to 3.13 (15.1)"},
		{"kirat-rai-3.14", 14, "\U00016d71", "1", "3.14 reads Unicode 16.0"},
		{"underscore", 13, "1_0", "10", "'_' between digits"},
		{"trailing-underscore", 13, "1_", "invalid literal for int() with base 10: '1_'", "not at the end"},
		{"limit", 13, strings.Repeat("1", 4300), strings.Repeat("1", 4300), "4,300 digits are fine"},
		{"over-limit", 13, strings.Repeat("1", 4301), "Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use sys.set_int_max_str_digits() to increase the limit", "3.11+'s limit"},
		{"over-limit-3.10", 10, strings.Repeat("1", 4301), "Exceeds the limit (4300) for integer string conversion: value has 4301 digits; use sys.set_int_max_str_digits() to increase the limit", "3.10.13's wording (and 3.8.18's, 3.9.18's): no \"digits\" after the limit"},
		{"hex", 13, "0x1", "invalid literal for int() with base 10: '0x1'", "base 10 only"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			v, msg := py(t, tc.minor).Int(tc.in)
			got := msg
			if msg == "" {
				got = v.String()
			}
			if got != tc.want {
				t.Errorf("Python 3.%d int(%q) = %q, want %q (%s)", tc.minor, tc.in, got, tc.want, tc.reason)
			}
		})
	}
}

func TestFloat(t *testing.T) {
	t.Parallel()
	p := py(t, 13)
	for in, want := range map[string]string{
		"1.5": "1.5", " -inf ": "-Inf", "+-inf": "could not convert string to float: '+-inf'",
		"1e3": "1000", "1_0.5": "10.5", "١.٥": "1.5", "\x1f1.5": "could not convert string to float: '\\x1f1.5'",
		"1e+3": "1000", "e5": "could not convert string to float: 'e5'", "Infinity": "+Inf", "nan": "NaN",
	} {
		f, msg := p.Float(in)
		got := msg
		if msg == "" {
			got = fmt.Sprint(f)
		}
		if got != want {
			t.Errorf("float(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUpperAndRepr(t *testing.T) {
	t.Parallel()
	tests := []struct {
		minor           int
		in, upper, repr string
	}{
		{13, "aten,ß", "ATEN,SS", "'aten,ß'"},
		{13, "ﬁ", "FI", "'ﬁ'"},
		{12, "ß", "SS", "'ß'"},
		{13, "\u2ffc", "\u2ffc", "'\u2ffc'"}, // assigned in Unicode 15.1
		{12, "\u2ffc", "\u2ffc", `'\u2ffc'`}, // unassigned in 15.0: escaped
		{13, "\u1c89", "\u1c89", `'\u1c89'`}, // assigned in 16.0
		{14, "\u1c89", "\u1c89", "'\u1c89'"}, // printable in 3.14
		{14, "\U0001e922", "\U0001e900", "'\U0001e922'"},
	}
	for _, tc := range tests {
		p := py(t, tc.minor)
		if got := p.Upper(tc.in); got != tc.upper {
			t.Errorf("3.%d %q.upper() = %q, want %q", tc.minor, tc.in, got, tc.upper)
		}
		if got := p.Repr(tc.in); got != tc.repr {
			t.Errorf("3.%d repr(%q) = %s, want %s", tc.minor, tc.in, got, tc.repr)
		}
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"3.13", "3.13.5", " 3.14"} {
		if _, err := pyver.Parse(s); err != nil {
			t.Errorf("Parse(%q): %v", s, err)
		}
	}
	for _, s := range []string{"", "3", "three.13", "3.13.5.1", "3.-1"} {
		_, err := pyver.Parse(s)
		var pe *pyver.Error
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) = %v, want *pyver.Error", s, err)
		}
	}
	if _, err := pyver.For(pyver.Version{Major: 3, Minor: 7}); err == nil {
		t.Error("For(3.7) has no data but no error")
	}
}

// TestOlderPythons checks the measured data of 3.8-3.12 (the host's pyenv 3.8.18,
// 3.9.18, 3.10.13, 3.11.7, 3.12.1): each Python's Unicode version, a digit Unicode
// 13.0 added (U+1FBF0 SEGMENTED DIGIT ZERO: int('\U0001fbf0') is 0 from 3.9 on,
// ValueError on 3.8), and an attribute that came and went (float.__setformat__,
// printed by each interpreter).
func TestOlderPythons(t *testing.T) {
	t.Parallel()
	tests := []struct {
		minor     int
		unicode   string
		segDigit  bool
		setformat string // setattr(1.5, "__setformat__", 1)
	}{
		{8, "12.1.0", false, "AttributeError: 'float' object has no attribute '__setformat__'"},
		{9, "13.0.0", true, "AttributeError: 'float' object attribute '__setformat__' is read-only"},
		{10, "13.0.0", true, "AttributeError: 'float' object attribute '__setformat__' is read-only"},
		{11, "14.0.0", true, "AttributeError: 'float' object has no attribute '__setformat__'"},
		{12, "15.0.0", true, "AttributeError: 'float' object has no attribute '__setformat__'"},
	}
	for _, tc := range tests {
		p := py(t, tc.minor)
		if got := p.Unicode(); got != tc.unicode {
			t.Errorf("3.%d Unicode() = %s, want %s", tc.minor, got, tc.unicode)
		}
		if _, ok := p.Digit(0x1FBF0); ok != tc.segDigit {
			t.Errorf("3.%d Digit(U+1FBF0) = %v, want %v", tc.minor, ok, tc.segDigit)
		}
		exc, msg, _ := p.SetAttr("float", "__setformat__", "int")
		if got := exc + ": " + msg; got != tc.setformat {
			t.Errorf("3.%d setattr(1.5, '__setformat__') = %q, want %q", tc.minor, got, tc.setformat)
		}
	}
	var got []string
	for _, v := range pyver.Supported() {
		got = append(got, v.String())
	}
	if want := "3.8 3.9 3.10 3.11 3.12 3.13 3.14"; strings.Join(got, " ") != want {
		t.Errorf("Supported() = %v, want %s", got, want)
	}
}

func TestSetAttr(t *testing.T) {
	t.Parallel()
	tests := []struct {
		minor            int
		typ, attr, vtype string
		want             string
	}{
		{13, "bool", "x", "int", "AttributeError: 'bool' object has no attribute 'x' and no __dict__ for setting new attributes"},
		{12, "bool", "x", "int", "AttributeError: 'bool' object has no attribute 'x'"},
		{14, "bool", "real", "int", "AttributeError: attribute 'real' of 'int' objects is not writable"},
		{13, "str", "upper", "int", "AttributeError: 'str' object attribute 'upper' is read-only"},
	}
	for _, tc := range tests {
		exc, msg, _ := py(t, tc.minor).SetAttr(tc.typ, tc.attr, tc.vtype)
		if got := exc + ": " + msg; got != tc.want {
			t.Errorf("3.%d setattr(%s, %s) = %q, want %q", tc.minor, tc.typ, tc.attr, got, tc.want)
		}
	}
}

func FuzzInt(f *testing.F) {
	for _, s := range []string{"1", " 1 ", "١٢", "+-1", "1_0", "\x1c1", strings.Repeat("9", 4301)} {
		f.Add(s)
	}
	p := pyver.MustFor(pyver.Version{Major: 3, Minor: 14})
	f.Fuzz(func(t *testing.T, s string) {
		v, msg := p.Int(s)
		if (msg == "") == (v.Kind() != 2) { // 2: literal.IntKind
			t.Fatalf("Int(%q) = %v, %q", s, v, msg)
		}
		_, _ = p.Float(s)
		_ = p.Upper(s)
		_ = p.Repr(s)
	})
}

func ExamplePython_Int() {
	p := pyver.MustFor(pyver.Version{Major: 3, Minor: 13})
	v, _ := p.Int(" ١٢ ")
	_, msg := p.Int("\x1c12")
	fmt.Println(v, p.Upper("ß"), msg)
	// Output: 12 SS invalid literal for int() with base 10: '\x1c12'
}
