package schema

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/internal/linediff"
	"github.com/compilemode/compilemode/internal/textpack"
	"github.com/compilemode/compilemode/modes"
)

// TestBuiltinTexts: every schema file of this folder (torch-*.json, the source of
// truth) is embedded, and rebuilt from builtin.txt byte for byte.
func TestBuiltinTexts(t *testing.T) {
	paths, err := filepath.Glob("torch-*.json")
	require.NoError(t, err)
	var names []string
	for _, p := range paths {
		names = append(names, filepath.Base(p))
	}
	require.Equal(t, names, builtinNames(), "the schema files here and those embedded (run go generate ./config/schema)")
	for _, name := range names {
		want, err := os.ReadFile(name)
		require.NoError(t, err)
		got, err := builtinData(name)
		require.NoError(t, err)
		require.True(t, string(want) == string(got), "%s rebuilt from builtin.txt differs from the file (run go generate ./config/schema)", name)
	}
}

// TestBuiltinPackUpToDate: builtin.txt is what internal/gen writes from the schema
// files now, the newest whole and each older one a diff against the next newer (run
// go generate ./config/schema when this fails).
func TestBuiltinPackUpToDate(t *testing.T) {
	paths, err := filepath.Glob("torch-*.json")
	require.NoError(t, err)
	release := func(p string) modes.Version {
		v, err := modes.ParseVersion(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), "torch-"), ".json"))
		require.NoError(t, err, p)
		return v
	}
	slices.SortFunc(paths, func(a, b string) int {
		if release(a).Less(release(b)) {
			return -1
		}
		return 1
	})
	texts := make([]string, len(paths))
	for i, p := range paths {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		texts[i] = string(b)
	}
	newest := paths[len(paths)-1]
	want := map[string]string{newest: texts[len(texts)-1]}
	for i, d := range linediff.Chain(texts) {
		want[strings.TrimSuffix(paths[i], ".json")+".diff"] = d
	}
	pack, err := textpack.Pack(want)
	require.NoError(t, err)
	require.True(t, pack == builtinPack, "builtin.txt is stale: run go generate ./config/schema")
}

// TestRebuildTextsErrors: a pack out of order, or with a diff that does not apply,
// is an error, not a wrong schema.
func TestRebuildTextsErrors(t *testing.T) {
	for _, files := range []map[string]string{
		{"torch-2.11.diff": "=1\n"},                           // no whole file
		{"torch-2.14.json": "a\n", "torch-2.11.json": "b\n"},  // two whole files
		{"torch-2.14.diff": "=1\n", "torch-2.11.json": "a\n"}, // the whole one not the newest
		{"torch-2.14.json": "a\n", "torch-2.11.diff": "=9\n"}, // past the end
		{"torch-2.14.json": "a\n", "torch-2.11.diff": "x\n"},  // malformed
	} {
		_, err := rebuildTexts(files)
		require.Error(t, err, "%v", files)
	}
	got, err := rebuildTexts(map[string]string{"torch-2.14.json": "a\nb\n", "torch-2.11.diff": "=1\n-1\n+c\n", "torch-2.2.diff": "-1\n"})
	require.NoError(t, err)
	require.Equal(t, map[string]string{"torch-2.14.json": "a\nb\n", "torch-2.11.json": "a\nc\n", "torch-2.2.json": "c\n"}, got)
}
