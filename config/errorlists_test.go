package config

import (
	"errors"
	"slices"
	"testing"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
)

// TestErrorListsAreTheCallers: the lists an error hands out (UnknownOptionError.Known,
// GlobalError.Known, InvalidBackendError.Known and Listed) are the caller's. Sorting
// them to print, or writing over them, changes no later answer of the cached resolver
// (libsweep finding 1: after sort.Slice(e.Known, …), Value("triton.cudagraphs") of
// every later report was another key's value, and after overwriting
// InvalidBackendError.Known, backend="eager" raised InvalidBackend).
func TestErrorListsAreTheCallers(t *testing.T) {
	v := modes.Version{Major: 2, Minor: 11}
	opts := literal.MustParse(`{"triton.cudagraph": True}`)
	global, err := ParseAssignment("triton.no_such_knob=1")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		req  Request
		clob func(err error)
	}{
		{"UnknownOptionError", Request{Options: &opts}, func(err error) {
			var e *UnknownOptionError
			if !errors.As(err, &e) {
				t.Fatalf("want *UnknownOptionError, got %T %v", err, err)
			}
			slices.Reverse(e.Known)
			for i := range e.Known {
				e.Known[i] = schema.Key("clobbered")
			}
		}},
		{"GlobalError", Request{Globals: []Assignment{global}}, func(err error) {
			var e *GlobalError
			if !errors.As(err, &e) {
				t.Fatalf("want *GlobalError, got %T %v", err, err)
			}
			for i := range e.Known {
				e.Known[i] = schema.Key("clobbered")
			}
		}},
		{"InvalidBackendError", Request{Backend: "no_such_backend", BackendGiven: true}, func(err error) {
			var e *InvalidBackendError
			if !errors.As(err, &e) {
				t.Fatalf("want *InvalidBackendError, got %T %v", err, err)
			}
			for i := range e.Known {
				e.Known[i] = "clobbered"
			}
			for i := range e.Listed {
				e.Listed[i] = "clobbered"
			}
		}},
	}
	mode := "reduce-overhead"
	answers := func() []string {
		var out []string
		res, err := Resolve(v, Request{Mode: &mode})
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range res.Keys() {
			out = append(out, string(k.Key)+"="+k.Value.String())
		}
		_, err = Resolve(v, Request{Backend: "eager", BackendGiven: true})
		out = append(out, "eager: "+errString(err))
		for _, c := range cases {
			_, err := Resolve(v, c.req)
			out = append(out, c.name+": "+errString(err))
		}
		return out
	}
	want := answers()
	for _, c := range cases {
		_, err := Resolve(v, c.req)
		c.clob(err)
		if got := answers(); !slices.Equal(got, want) {
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					t.Fatalf("after changing the lists of a %s, a later answer changed:\n got %.200s\nwant %.200s", c.name, got[i], want[i])
				}
			}
			t.Fatalf("after changing the lists of a %s, later answers changed", c.name)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}
