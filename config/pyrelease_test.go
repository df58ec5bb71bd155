package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/modes"
)

// TestCompilePythonByRelease runs torch.compile on every release with every Python
// that has data: a Python from the release's limit on raises the release's own
// RuntimeError (config/pyfacts.go), any older one compiles, and with no Python given
// the release's default compiles.
func TestCompilePythonByRelease(t *testing.T) {
	t.Parallel()
	for _, v := range modes.Supported() {
		r, err := NewResolver(v)
		if err != nil {
			t.Fatal(err)
		}
		def, max, msg := pythonWant(v)
		limit, _ := pyver.Parse(max)
		if res, err := r.Resolve(Request{}); err != nil || res.Python.String() != def {
			t.Errorf("%s default Python: %v, %v; want %s compiling", v, res.Python, err, def)
		}
		for _, py := range pyver.Supported() {
			t.Run(fmt.Sprintf("%s/py%s", v, py), func(t *testing.T) {
				_, err := r.Resolve(Request{Python: py})
				var ce *CallError
				switch {
				case py.Less(limit) && err != nil:
					t.Errorf("Resolve: %v, want no error", err)
				case !py.Less(limit) && (!errors.As(err, &ce) || ce.Exc != "RuntimeError" || ce.Msg != msg):
					t.Errorf("Resolve: %v, want RuntimeError: %s", err, msg)
				}
			})
		}
	}
}

// TestCompilePythonOrder: on 2.0 the Python check is torch._dynamo.optimize's, so a
// bad mode is reported first and the decorator form raises when applied; from 2.1 it
// is torch.compile's first statement.
func TestCompilePythonOrder(t *testing.T) {
	t.Parallel()
	bad := "bogus"
	tests := []struct {
		minor     int
		req       Request
		stage     string
		wantInMsg string
		reason    string
	}{
		{0, Request{Python: pyver.Version{Major: 3, Minor: 11}, Mode: &bad}, "compile", "Unrecognized mode=bogus", "2.0: the wrapper validates the mode before optimize checks Python"},
		{0, Request{Python: pyver.Version{Major: 3, Minor: 11}, Decorator: true}, "decorate", "Python 3.11+ not yet supported for torch.compile", "2.0: the decorator branch returns before optimize"},
		{0, Request{Python: pyver.Version{Major: 3, Minor: 11}, Kwargs: []Kwarg{{Name: "disable", Value: literal.Bool(true)}}}, "compile", "Python 3.11+ not yet supported for torch.compile", "2.0: check_if_dynamo_supported runs before the disable check"},
		{1, Request{Python: pyver.Version{Major: 3, Minor: 12}, Mode: &bad}, "compile", "Dynamo is not supported on Python 3.12+", "2.1: the first statement"},
		{3, Request{Python: pyver.Version{Major: 3, Minor: 12}, Decorator: true}, "compile", "Dynamo is not supported on Python 3.12+", "2.3: before the decorator branch"},
		{5, Request{Python: pyver.Version{Major: 3, Minor: 13}, Decorator: true}, "compile", "Dynamo is not supported on Python 3.13+", "2.5: before the decorator branch"},
		{8, Request{Python: pyver.Version{Major: 3, Minor: 14}, Mode: &bad}, "compile", "torch.compile is not supported on Python 3.14+", "2.8"},
	}
	for _, tc := range tests {
		r, err := NewResolver(modes.Version{Major: 2, Minor: tc.minor})
		if err != nil {
			t.Fatal(err)
		}
		res, err := r.Resolve(tc.req)
		if err == nil || res.Stage != tc.stage || !strings.Contains(err.Error(), tc.wantInMsg) {
			t.Errorf("%s: 2.%d: stage %q, %v; want stage %q, %q", tc.reason, tc.minor, res.Stage, err, tc.stage, tc.wantInMsg)
		}
	}
}

// TestPythonEvidence: the Python check of a release whose own copy was read is
// source; one that sits between read releases is inferred.
func TestPythonEvidence(t *testing.T) {
	t.Parallel()
	inferred := map[int]bool{9: true, 10: true, 12: true}
	for _, v := range modes.Supported() {
		want := modes.Source
		if inferred[v.Minor] {
			want = modes.Inferred
		}
		if got := pythonEvidence(v); got != want {
			t.Errorf("pythonEvidence(%s) = %s, want %s", v, got, want)
		}
	}
}

// TestPythonCheckMeasured compares the resolver with torch.compile's Python check run
// on 2.6.0's and 2.14.1's own code (testdata/torch/*-debian/pycheck.json, written by
// testdata/probe/cpu_pycheck.py with sys.version_info set to the limit): the check
// comes first, before the decorator branch, the mode-and-options check and disable.
// 2.14's limit, 3.15, has no pyver data, so only its Python below the limit is
// resolved.
func TestPythonCheckMeasured(t *testing.T) {
	t.Parallel()
	bad := "bogus"
	ro := "reduce-overhead"
	opts := literal.Dict()
	for _, rel := range []string{"2.6.0", "2.14.1"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "torch", rel+"-debian", "pycheck.json"))
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]string
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		v, _ := modes.ParseVersion(rel)
		r, err := NewResolver(v)
		if err != nil {
			t.Fatal(err)
		}
		limit, _ := pyver.Parse(r.facts.CompileMaxPython)
		below, _ := pyver.Parse(strings.Join(strings.SplitN(m["python"], ".", 3)[:2], "."))
		cases := map[string]Request{
			"at limit, plain":                        {Python: limit},
			"at limit, decorator form (not applied)": {Python: limit, Mode: &ro, Decorator: true},
			"at limit, bad mode and options both":    {Python: limit, Mode: &bad, Options: &opts},
			"at limit, disable=True":                 {Python: limit, Kwargs: []Kwarg{{Name: "disable", Value: literal.Bool(true)}}},
			"below limit, plain":                     {Python: below},
		}
		if _, err := pyver.For(limit); err != nil {
			// No data for the limit (3.15 is not released): only the Python below it.
			t.Logf("%s: %v; at-limit cases skipped", rel, err)
			cases = map[string]Request{"below limit, plain": cases["below limit, plain"]}
		}
		for name, req := range cases {
			res, err := r.Resolve(req)
			got := "ok: function"
			if err != nil {
				var ce *CallError
				if !errors.As(err, &ce) {
					t.Fatalf("%s %s: %v", rel, name, err)
				}
				got = ce.Exc + ": " + ce.Msg
				if res.Stage != "compile" {
					t.Errorf("%s %s: stage %q, want compile", rel, name, res.Stage)
				}
			}
			if want := m[name]; got != want {
				t.Errorf("%s %s: %s, measured %s", rel, name, got, want)
			}
		}
	}
}
