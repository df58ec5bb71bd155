package schema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func readDump(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "torch", "2.11", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// TestLiveDumpMatchesDumps is the round trip of issue 3: config/dump_schema.py, run on
// the GPU machine's PyTorch 2.11 (testdata/torch/2.11/schema_live.json, now the
// built-in file), agrees with the file built from the steering team's dumps
// (schema_from_dumps.json) key for key, except where reading the real config.py
// refines an environment rule the dumps could not show.
func TestLiveDumpMatchesDumps(t *testing.T) {
	t.Parallel()
	var live, dumps schemaFile
	for name, dst := range map[string]*schemaFile{"schema_live.json": &live, "schema_from_dumps.json": &dumps} {
		readDump(t, name, dst)
	}
	refined := map[string]string{
		"fx_graph_remote_cache":             "get_tristate_env, not in the dumps' variable list",
		"bundle_triton_into_fx_graph_cache": "get_tristate_env, not in the dumps' variable list",
		"autotune_remote_cache":             "get_tristate_env, not in the dumps' variable list",
		"bundled_autotune_remote_cache":     "get_tristate_env, not in the dumps' variable list",
		"autotune_num_choices_displayed":    "'none'/'all' mean None; the dumps only tried 1, 0, abc",
		"nvgemm_max_profiling_configs":      "'none'/'all' mean None; the dumps only tried 1, 0, abc",
	}
	if live.Torch != dumps.Torch || len(live.Keys) != len(dumps.Keys) {
		t.Fatalf("live %s (%d keys), dumps %s (%d keys)", live.Torch, len(live.Keys), dumps.Torch, len(dumps.Keys))
	}
	if diff := cmp.Diff(dumps.Modes, live.Modes, cmp.Comparer(func(a, b json.RawMessage) bool { return jsonEqual(t, a, b) })); diff != "" {
		t.Errorf("modes differ (-dumps +live):\n%s", diff)
	}
	for i := range live.Keys {
		a, b := live.Keys[i], dumps.Keys[i]
		if a.Key != b.Key || a.Repr != b.Repr || a.PyType != b.PyType || a.DeclaredType != b.DeclaredType || !jsonEqual(t, a.Default, b.Default) {
			t.Errorf("key %d: live %s=%s (%s), dumps %s=%s (%s)", i, a.Key, a.Repr, a.DeclaredType, b.Key, b.Repr, b.DeclaredType)
		}
		if _, ok := refined[a.Key]; ok {
			continue
		}
		if diff := cmp.Diff(b.Env, a.Env, cmp.AllowUnexported(EnvRule{})); diff != "" {
			t.Errorf("%s: env rule differs (-dumps +live):\n%s", a.Key, diff)
		}
	}
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return cmp.Equal(x, y)
}
