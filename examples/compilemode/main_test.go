package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

func runPlan(t *testing.T, env []string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb, func() []string { return env })
	return out.String(), errb.String(), code
}

// TestJSONContract checks the stable names and the done-when case.
func TestJSONContract(t *testing.T) {
	t.Parallel()
	out, stderr, code := runPlan(t, nil, "-mode", "reduce-overhead", "-set", "triton.cudagraph_trees=False", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Torch  string `json:"torch"`
		Error  any    `json:"error"`
		Config map[string]struct {
			Value   any    `json:"value"`
			Source  string `json:"source"`
			Changed bool   `json:"changed"`
		} `json:"config"`
		CUDAGraphs struct {
			Enabled        bool   `json:"enabled"`
			Implementation string `json:"implementation"`
			Devices        []struct {
				Device  int    `json:"device"`
				Outcome string `json:"outcome"`
			} `json:"devices"`
		} `json:"cudagraphs"`
		Warnings []struct {
			Code string `json:"code"`
		} `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Torch != "2.11" || rep.Error != nil || len(rep.Config) != 543 {
		t.Errorf("torch %q error %v keys %d", rep.Torch, rep.Error, len(rep.Config))
	}
	cg, trees := rep.Config["triton.cudagraphs"], rep.Config["triton.cudagraph_trees"]
	if cg.Value != true || cg.Source != "mode:reduce-overhead" || !cg.Changed {
		t.Errorf("triton.cudagraphs = %+v", cg)
	}
	if trees.Value != false || trees.Source != "global" || !trees.Changed {
		t.Errorf("triton.cudagraph_trees = %+v", trees)
	}
	if !rep.CUDAGraphs.Enabled || rep.CUDAGraphs.Implementation != "legacy" {
		t.Errorf("cudagraphs = %+v", rep.CUDAGraphs)
	}
	if len(rep.Warnings) == 0 || rep.Warnings[0].Code != "trees-flag-does-not-disable-cudagraphs" {
		t.Errorf("warnings = %+v", rep.Warnings)
	}
	// Keys in PyTorch's order: the first is TYPE_CHECKING.
	if !strings.HasPrefix(strings.TrimSpace(out[strings.Index(out, `"config"`):]), `"config": {
  "TYPE_CHECKING"`) {
		t.Errorf("config does not start with TYPE_CHECKING")
	}
}

func TestExitCodes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"plain", nil, 0},
		{"torch-raises", []string{"-mode", "bogus"}, 1},
		{"first-call-raises", []string{"-mode", "reduce-overhead", "-devices", "2", "-threads", "per-device"}, 1},
		{"bad-flag", []string{"-nope"}, 2},
		{"bad-version", []string{"-torch", "3.1"}, 2},
		{"bad-literal", []string{"-options", "{'a': }"}, 2},
		{"bad-set", []string{"-set", "noequals"}, 2},
		{"bad-threads", []string{"-threads", "fibers"}, 2},
		{"missing-scenario", []string{"-scenario", "/nonexistent.json"}, 2},
		{"stray-arg", []string{"reduce-overhead"}, 2},
		{"bad-dynamic", []string{"-dynamic", "maybe"}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := runPlan(t, nil, tc.args...)
			if code != tc.code {
				t.Errorf("plan %v: exit %d, want %d (stderr %q)", tc.args, code, tc.code, stderr)
			}
			if tc.code == 2 && stderr == "" {
				t.Errorf("exit 2 without a message")
			}
		})
	}
}

// TestGolden pins the text and JSON reports of the cases users hit (field reports
// F1–F9 and the issues' done-when cases). Rewrite with go test -update.
func TestGolden(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
	}{
		{"plain", nil},
		{"done-when-legacy", []string{"-mode", "reduce-overhead", "-set", "triton.cudagraph_trees=False"}},
		{"per-device-2.11", []string{"-mode", "reduce-overhead", "-devices", "2", "-threads", "per-device"}},
		{"per-device-2.14", []string{"-torch", "2.14", "-mode", "reduce-overhead", "-devices", "2", "-threads", "per-device"}},
		{"legacy-moving-params", []string{"-mode", "reduce-overhead", "-set", "triton.cudagraph_trees=False", "-moving-static-inputs"}},
		{"F1-mode-and-options", []string{"-mode", "max-autotune", "-options", `{"triton.cudagraphs": False}`}},
		{"F3-guard-filter-fn-2.7", []string{"-torch", "2.7", "-options", `{"guard_filter_fn": None}`}},
		{"F4-global-loses-2.1", []string{"-torch", "2.1", "-mode", "reduce-overhead", "-set", "triton.cudagraphs=False"}},
		{"F6-unknown-env", []string{"-mode", "reduce-overhead", "-env", "TORCHINDUCTOR_DISABLE_CUDAGRAPHS=1", "-threads", "per-device", "-devices", "2"}},
		{"F7-callers", []string{"-mode", "max-autotune", "-threads", "callers", "-callers", "32"}},
		{"F8-cpu-scalar", []string{"-mode", "reduce-overhead", "-cpu-scalar"}},
		{"bogus-2.6", []string{"-torch", "2.6", "-mode", "bogus"}},
		{"lite-2.5", []string{"-torch", "2.5", "-mode", "lite"}},
		{"dropped-2.6", []string{"-torch", "2.6", "-options", `{"triton.cudagraph_dynamic_shape_warn_limit": 3}`}},
		{"max-autotune-2.2", []string{"-torch", "2.2", "-mode", "max-autotune"}},
		{"async-alloc", []string{"-mode", "reduce-overhead", "-env", "PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, format := range []string{"txt", "json"} {
				args := append([]string(nil), tc.args...)
				if format == "json" {
					args = append(args, "-json")
				}
				out, stderr, code := runPlan(t, nil, args...)
				if code == 2 {
					t.Fatalf("exit 2: %s", stderr)
				}
				got := "$ compilemode " + strings.Join(tc.args, " ") + "\n" + normalize(t, format, out)
				path := filepath.Join("testdata", tc.name+"."+format+".golden")
				if *update {
					if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run go test -update)", err)
				}
				if diff := cmp.Diff(string(want), got); diff != "" {
					t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
				}
			}
		})
	}
}

var cpus = regexp.MustCompile(`compile_threads=\d+`)

// normalize makes a report independent of the host: the CPU count in the text, and in
// JSON only the keys some layer set (the 543 defaults are checked in package config).
func normalize(t *testing.T, format, out string) string {
	if format == "txt" {
		return cpus.ReplaceAllString(out, "compile_threads=<cpus>")
	}
	var rep map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(rep["config"]))
	var kept []string
	if tok, _ := dec.Token(); tok == json.Delim('{') {
		for dec.More() {
			k, _ := dec.Token()
			var v struct {
				Source string `json:"source"`
			}
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				t.Fatal(err)
			}
			json.Unmarshal(raw, &v)
			if v.Source != "default" {
				name, _ := json.Marshal(k)
				kept = append(kept, string(name)+": "+string(raw))
			}
		}
	}
	rep["config"] = json.RawMessage("{" + strings.Join(kept, ", ") + "}")
	b, err := json.MarshalIndent(rep, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return "(config: only keys a layer set)\n" + string(b) + "\n"
}
