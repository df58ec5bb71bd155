package literal_test

import (
	"errors"
	"testing"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
)

// TestRangeIndexCount: range.index(x) and range.count(x) are evaluated as CPython
// does (measured on 3.8.18-3.13.0 of the pyenv on the development machine and on
// 3.14 in the sid chroot): the int not in the range's ValueError changed in 3.14;
// other values compare equal or not. Before, both were "not evaluated".
func TestRangeIndexCount(t *testing.T) {
	t.Parallel()
	tests := []struct {
		py, src, want string // want: the repr, or "Exc: message"
	}{
		{"3.13", "range(10).index(3)", "3"},
		{"3.13", "range(0, 10, 2).index(4)", "2"},
		{"3.13", "range(10, 0, -3).index(4)", "2"},
		{"3.13", "range(10).index(3.0)", "3"},
		{"3.13", "range(10).index(True)", "1"},
		{"3.13", "range(10).count(3)", "1"},
		{"3.13", "range(10).count(3.0)", "1"},
		{"3.13", "range(10).count(11)", "0"},
		{"3.13", "range(10).count('a')", "0"},
		{"3.13", "range(10).index(11)", "ValueError: 11 is not in range"},
		{"3.8", "range(5, 10).index(True)", "ValueError: True is not in range"},
		{"3.14", "range(10).index(11)", "ValueError: range.index(x): x not in range"},
		{"3.14", "range(10).index('a')", "ValueError: sequence.index(x): x not in sequence"},
		{"3.13", "range(10).index(2.5)", "ValueError: sequence.index(x): x not in sequence"},
	}
	for _, tt := range tests {
		v, err := pyver.Parse(tt.py)
		if err != nil {
			t.Fatal(err)
		}
		py, err := pyver.For(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := literal.ParseFor(tt.src, py)
		s := got.String()
		if err != nil {
			var le *literal.Error
			if !errors.As(err, &le) || le.Exception == "" {
				t.Errorf("Python %s %s: %v, want %s", tt.py, tt.src, err, tt.want)
				continue
			}
			s = le.Exception + ": " + le.PyMessage
		}
		if s != tt.want {
			t.Errorf("Python %s %s = %s, want %s", tt.py, tt.src, s, tt.want)
		}
	}
}
