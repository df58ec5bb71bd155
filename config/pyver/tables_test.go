package pyver

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/compilemode/compilemode/internal/linediff"
	"github.com/stretchr/testify/require"
)

var tableKinds = []string{"unicode", "setattr"}

// TestTablesRebuild: every table rebuilt from the embedded tables.txt is its
// testdata/ original, byte for byte.
func TestTablesRebuild(t *testing.T) {
	for _, kind := range tableKinds {
		for _, v := range Supported() {
			name := fmt.Sprintf("%s-%s.txt", kind, v)
			t.Run(name, func(t *testing.T) {
				want, err := os.ReadFile(filepath.Join("testdata", name))
				require.NoError(t, err)
				got, err := tableText(name)
				require.NoError(t, err)
				require.True(t, string(want) == got, "%s rebuilt differs from testdata/%s", name, name)
			})
		}
	}
}

// TestTablesUpToDate: tables.txt is what internal/gen writes from testdata/ now
// (run go generate ./config/pyver when this fails).
func TestTablesUpToDate(t *testing.T) {
	vs := Supported()
	want := map[string]string{}
	for _, kind := range tableKinds {
		texts := make([]string, len(vs))
		for i, v := range vs {
			b, err := os.ReadFile(filepath.Join("testdata", fmt.Sprintf("%s-%s.txt", kind, v)))
			require.NoError(t, err)
			texts[i] = packedText(kind, string(b))
		}
		want[fmt.Sprintf("%s-%s.txt", kind, vs[len(vs)-1])] = texts[len(texts)-1]
		for i, d := range linediff.Chain(texts) {
			want[fmt.Sprintf("%s-%s.diff", kind, vs[i])] = d
		}
	}
	got, err := tables()
	require.NoError(t, err)
	require.Equal(t, len(want), len(got), "tables.txt is stale: run go generate ./config/pyver")
	for name, w := range want {
		require.True(t, w == got[name], "tables.txt's %s is stale: run go generate ./config/pyver", name)
	}
}

func TestTableTextErrors(t *testing.T) {
	for _, name := range []string{"", "unicode-3.7.txt", "other-3.12.txt", "unicode-3.12.diff"} {
		_, err := tableText(name)
		require.Error(t, err, name)
	}
}
