package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// scenarioFiles returns every scenario under testdata/scenarios as a file the command
// can read: plain scenario files as they are, and the scenario of each measured case
// written to a temporary file.
func scenarioFiles(t *testing.T) map[string]string {
	t.Helper()
	root := filepath.Join("..", "..", "testdata", "scenarios")
	out := map[string]string{}
	plain, err := filepath.Glob(filepath.Join(root, "*.json"))
	require.NoError(t, err)
	for _, f := range plain {
		out[filepath.Base(f)] = f
	}
	cases, err := filepath.Glob(filepath.Join(root, "measured-2.11", "*.json"))
	require.NoError(t, err)
	dir := t.TempDir()
	for _, f := range cases {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		var c struct {
			Scenario json.RawMessage `json:"scenario"`
		}
		require.NoError(t, json.Unmarshal(data, &c), f)
		p := filepath.Join(dir, filepath.Base(f))
		require.NoError(t, os.WriteFile(p, c.Scenario, 0o644))
		out["measured-2.11/"+filepath.Base(f)] = p
	}
	require.Greater(t, len(plain), 5)
	require.Greater(t, len(cases), 30)
	return out
}

// TestCLIEqualsLibrary: for every scenario under testdata/scenarios, the command's
// -no-env -scenario FILE -json prints exactly json.Marshal(graphs.Check(scenario)).
func TestCLIEqualsLibrary(t *testing.T) {
	t.Parallel()
	for name, path := range scenarioFiles(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f, err := os.Open(path)
			require.NoError(t, err)
			sc, err := graphs.LoadScenario(path, f)
			f.Close()
			require.NoError(t, err)
			rep, err := graphs.Check(sc)
			require.NoError(t, err)
			lib, err := json.Marshal(rep)
			require.NoError(t, err)

			out, stderr, code := runPlan(t, []string{"TORCHINDUCTOR_CUDAGRAPHS=1"}, "-no-env", "-scenario", path, "-json")
			require.Equal(t, rep.Exit.Code(), code, stderr)
			var cli bytes.Buffer
			require.NoError(t, json.Compact(&cli, []byte(out)))
			if diff := cmp.Diff(string(lib), cli.String()); diff != "" {
				t.Errorf("CLI and library differ (-library +cli):\n%s", diff)
			}
		})
	}
}

// TestAllocatorAgrees: PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync in the
// environment gives the same plan from config.Resolve + graphs.Build, from
// graphs.Check and from the command (issue 12's example).
func TestAllocatorAgrees(t *testing.T) {
	t.Parallel()
	mode := "reduce-overhead"
	env := []string{"PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync"}
	res, err := config.Resolve(modes.Version{Major: 2, Minor: 11}, config.Request{Mode: &mode, Env: func() []string { return env }})
	require.NoError(t, err)
	plan, err := graphs.Build(res, graphs.Workload{})
	require.NoError(t, err)
	rep, err := graphs.Check(&graphs.Scenario{Mode: &mode, Env: map[string]string{"PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}})
	require.NoError(t, err)
	out, _, code := runPlan(t, env, "-mode", mode, "-json")
	var cli struct {
		CUDAGraphs graphs.CUDAGraphsReport `json:"cudagraphs"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &cli))

	want := []graphs.Outcome{graphs.Fail}
	for name, got := range map[string][]graphs.DevicePlan{"Build": plan.Devices, "Check": rep.CUDAGraphs.Devices, "CLI": cli.CUDAGraphs.Devices} {
		var outcomes []graphs.Outcome
		for _, d := range got {
			outcomes = append(outcomes, d.Outcome)
		}
		if diff := cmp.Diff(want, outcomes); diff != "" {
			t.Errorf("%s: outcomes mismatch (-want +got):\n%s", name, diff)
		}
	}
	require.Equal(t, 1, code)
	require.True(t, strings.Contains(out, "checkPoolLiveAllocations"))
}
