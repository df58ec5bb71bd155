package literal_test

import (
	"errors"
	"testing"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
)

// TestFormatBuiltin: format(value, spec) is evaluated as '{:spec}'.format(value),
// which calls it (answers measured with python3 in the trixie (3.13) and sid (3.14)
// chroots, identical); before, the builtin was "not evaluated" (item 5's
// literal-evaluator leftovers).
func TestFormatBuiltin(t *testing.T) {
	t.Parallel()
	tests := []struct{ src, want string }{
		{"format(3.5, '+.2e')", "'+3.50e+00'"},
		{"format(255, '#x')", "'0xff'"},
		{"format('ab', '^9')", "'   ab    '"},
		{"format(1234567, ',')", "'1,234,567'"},
		{"format(3.5)", "'3.5'"},
		{"format([1, 2])", "'[1, 2]'"},
		{"format(3.5, 'q')", "ValueError: Unknown format code 'q' for object of type 'float'"},
		{"format([1], 'x')", "TypeError: unsupported format string passed to list.__format__"},
		{"format(True, 'd')", "'1'"},
		{"format(None)", "'None'"},
		{"format(1, '')", "'1'"},
		{"format(12, '08b')", "'00001100'"},
		{"format(-0.0, '')", "'-0.0'"},
		{"format(1e100, 'g')", "'1e+100'"},
	}
	for _, py := range []string{"3.13", "3.14"} {
		v, err := pyver.Parse(py)
		if err != nil {
			t.Fatal(err)
		}
		lang, err := pyver.For(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, tt := range tests {
			got, err := literal.ParseFor(tt.src, lang)
			s := got.String()
			if err != nil {
				var le *literal.Error
				if !errors.As(err, &le) || le.Exception == "" {
					t.Errorf("Python %s %s: %v, want %s", py, tt.src, err, tt.want)
					continue
				}
				s = le.Exception + ": " + le.PyMessage
			}
			if s != tt.want {
				t.Errorf("Python %s %s = %s, want %s", py, tt.src, s, tt.want)
			}
		}
	}
}
