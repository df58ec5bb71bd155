package config

import (
	"reflect"
	"testing"
)

// TestFactValueEqual holds factValueEqual to reflect.DeepEqual, which FactReleases
// used before, over every row's Value against every other row's and a few values of
// the same and other types (FactReleases' callers pass bools).
func TestFactValueEqual(t *testing.T) {
	values := []any{true, false, "", "mode", ExactType, IsInstance, []string{}, []string(nil),
		[]string{"a"}, []string{"a", "b"}, 0, nil, TypeCheck("mode"), map[string]bool{}}
	for _, row := range FactRows() {
		switch row.Value.(type) {
		case bool, TypeCheck, string, []string:
		default:
			t.Errorf("row %s: Value of type %T, which factValueEqual does not compare", row.Name, row.Value)
		}
		values = append(values, row.Value)
	}
	for _, a := range values {
		if !isRowType(a) {
			continue
		}
		for _, b := range values {
			if got, want := factValueEqual(a, b), reflect.DeepEqual(a, b); got != want {
				t.Errorf("factValueEqual(%#v, %#v) = %v, reflect.DeepEqual %v", a, b, got, want)
			}
		}
	}
}

func isRowType(v any) bool {
	switch v.(type) {
	case bool, TypeCheck, string, []string:
		return true
	}
	return false
}
