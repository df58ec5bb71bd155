package config

import (
	"errors"
	"testing"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/modes"
)

// TestPatch pins config.patch's forms and errors; the texts were measured on 2.6.0
// and 2.14.1 (testdata/torch/*-debian/calls2.json "patch …").
func TestPatch(t *testing.T) {
	t.Parallel()
	s := literal.Str
	tests := []struct {
		name   string
		minor  int
		p      Patch
		want   string // the key's value, or "Exception: message"
		reason string
	}{
		{"key-value", 14, Patch{Args: []literal.Value{s("max_autotune"), literal.Bool(true)}}, "True", "patch('k', v)"},
		{"dict", 6, Patch{Args: []literal.Value{literal.Dict(literal.DictItem{Key: s("max_autotune"), Val: literal.Bool(true)})}}, "True", "patch({'k': v})"},
		{"kwargs", 14, Patch{Kwargs: []literal.DictItem{{Key: s("max_autotune"), Val: literal.Int(1)}}}, "1", "no type check"},
		{"key-None-2.6", 6, Patch{Args: []literal.Value{s("max_autotune"), literal.None()}}, "AssertionError: ", "a bare assert"},
		{"key-None-2.14", 14, Patch{Args: []literal.Value{s("max_autotune"), literal.None()}}, "AssertionError: first argument must be a dict when passing a single positional arg to patch", "2.14 words it"},
		{"dash", 14, Patch{Args: []literal.Value{s("max-autotune"), literal.Bool(true)}}, "AttributeError: torch._inductor.config.max-autotune does not exist", "no '-' to '_' here"},
		{"three", 6, Patch{Args: []literal.Value{s("a"), s("b"), s("c")}}, "TypeError: ConfigModule.patch() takes from 1 to 3 positional arguments but 4 were given", "Python's binding"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, err := Resolve(modes.Version{Major: 2, Minor: tc.minor}, Request{Patches: []Patch{tc.p}})
			got := ""
			if err != nil {
				var ce *CallError
				if !errors.As(err, &ce) || res.Stage != "patch" {
					t.Fatalf("error %T %v at stage %q, want *CallError at patch", err, err, res.Stage)
				}
				got = ce.Exception() + ": " + ce.Message()
			} else {
				v, _ := res.Get("max_autotune")
				got = v.Value.String()
				if v.Origin.Source != FromPatch {
					t.Errorf("origin %s, want patch", v.Origin)
				}
			}
			if got != tc.want {
				t.Errorf("%s: got %q, want %q (%s)", tc.p, got, tc.want, tc.reason)
			}
		})
	}
}
