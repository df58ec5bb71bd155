package schema

import (
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/config/strictjson"
	"github.com/compilemode/compilemode/modes"
)

// TestBuiltinStrictJSON checks every embedded schema with strictjson.Check, which
// Builtin skips (builtinFile): an embedded file is parsed as Load parses a user's.
func TestBuiltinStrictJSON(t *testing.T) {
	t.Parallel()
	names := builtinNames()
	require.NotEmpty(t, names)
	for _, name := range names {
		data, err := builtinData(name)
		require.NoError(t, err)
		require.NoError(t, strictjson.Check(data), name)
		_, err = parse(name, data)
		require.NoError(t, err, name)
	}
}

// sameSchema fails the test when got differs from want, unexported fields included
// (an environment rule's compiled functions, which cannot be compared, aside).
func sameSchema(t *testing.T, want, got *Schema, what string) {
	t.Helper()
	funcs := cmp.FilterPath(func(p cmp.Path) bool { return p.Last().Type().Kind() == reflect.Func }, cmp.Ignore())
	if diff := cmp.Diff(want, got, cmp.Exporter(func(reflect.Type) bool { return true }), funcs); diff != "" {
		t.Errorf("%s differs from a fresh parse (-parse +got):\n%s", what, diff)
	}
}

// TestBuiltinParsedOnce checks the memoised built-in schemas: each call returns the
// file's schema as a fresh parse gives it, and a copy of its own, so that changing one
// changes no other call's.
func TestBuiltinParsedOnce(t *testing.T) {
	t.Parallel()
	for _, v := range modes.Supported() {
		t.Run(v.String(), func(t *testing.T) {
			file := schemaFor(v)
			data, err := builtinData(file)
			require.NoError(t, err)
			fresh, err := parse(file, data)
			require.NoError(t, err)
			if fresh.Version != v { // a borrowed schema takes the release's EnvRows
				fresh, err = withEnvRows(fresh, v)
				require.NoError(t, err)
			}
			a, _, err := Builtin(v)
			require.NoError(t, err)
			sameSchema(t, fresh, a, "Builtin("+v.String()+")")

			// Change everything a caller can reach in a; b must not see it.
			a.Torch, a.MadeBy = "changed", "changed"
			a.EnvVarNames = append(a.EnvVarNames[:0], "CHANGED")
			a.Modes[0].Mode = "changed"
			for i := range a.keys {
				a.keys[i].Repr = "changed"
				if a.keys[i].Env != nil {
					a.keys[i].Env.Vars = append(a.keys[i].Env.Vars[:0], "CHANGED")
				}
			}
			b, _, err := Builtin(v)
			require.NoError(t, err)
			sameSchema(t, fresh, b, "Builtin("+v.String()+") after changing an earlier result")
		})
	}
}

// TestNextParsedOnce checks that Next's schema is a fresh parse's too, and a copy.
func TestNextParsedOnce(t *testing.T) {
	t.Parallel()
	for _, v := range modes.Supported() {
		r, _ := schemaRow(v)
		if r.Next == "" {
			require.Nil(t, Next(v), "Next(%s)", v)
			continue
		}
		data, err := builtinData(r.Next)
		require.NoError(t, err)
		fresh, err := parse(r.Next, data)
		require.NoError(t, err)
		a := Next(v)
		sameSchema(t, fresh, a, "Next("+v.String()+")")
		a.EnvVarNames = append(a.EnvVarNames[:0], "CHANGED")
		sameSchema(t, fresh, Next(v), "Next("+v.String()+") after changing an earlier result")
	}
}

// TestBuiltinNotEmbedded checks the error for a file that is not embedded.
func TestBuiltinNotEmbedded(t *testing.T) {
	t.Parallel()
	_, err := builtinFile("torch-9.9.json")
	var se *Error
	require.ErrorAs(t, err, &se)
	require.Equal(t, "torch-9.9.json", se.Path)
}

// TestBuiltinEnvVarNames checks the quick read of the files' env_var_names against
// the parsed schemas of every supported release.
func TestBuiltinEnvVarNames(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range modes.Supported() {
		s, _, err := Builtin(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range s.EnvVarNames {
			seen[n] = true
		}
	}
	want := slices.Sorted(maps.Keys(seen))
	if diff := cmp.Diff(want, BuiltinEnvVarNames()); diff != "" {
		t.Errorf("BuiltinEnvVarNames differs from the parsed schemas' (-want +got):\n%s", diff)
	}
	for _, name := range builtinNames() {
		if _, ok := envVarNames(name); !ok {
			t.Errorf("%s: env_var_names not read without parsing the file", name)
		}
	}
}
