package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestKeyQueries: -key prints KEY=VALUE lines like go env VAR, -keys every key one
// per line and never wrapped, -json the report entries (issue 23 item 8).
func TestKeyQueries(t *testing.T) {
	t.Parallel()
	out, stderr, code := runPlan(t, nil, "-mode", "reduce-overhead", "-key", "triton.cudagraphs", "-key", "triton.cudagraph_trees")
	if code != 0 || out != "triton.cudagraphs=True\ntriton.cudagraph_trees=True\n" {
		t.Errorf("-key: exit %d, %q, %s", code, out, stderr)
	}
	out, _, code = runPlan(t, nil, "-keys", "-no-env")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) != 543 {
		t.Fatalf("-keys: exit %d, %d lines, want 543", code, len(lines))
	}
	for _, l := range lines {
		if !regexp.MustCompile(`^[A-Za-z0-9_.]+=`).MatchString(l) {
			t.Errorf("-keys line %q is not KEY=VALUE", l)
		}
	}
	out, _, _ = runPlan(t, nil, "-key", "triton.cudagraphs", "-json")
	var m map[string]map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil || m["triton.cudagraphs"]["source"] != "default" {
		t.Errorf("-key -json = %s (%v)", out, err)
	}
	_, stderr, code = runPlan(t, nil, "-key", "no.such")
	if code != 2 || !strings.Contains(stderr, "-keys lists them") {
		t.Errorf("-key no.such: exit %d, %s", code, stderr)
	}
}

// TestCompareReleases: -torch A,B shows the keys that differ and the outcomes side
// by side, in text and JSON (issue 23 item 8).
func TestCompareReleases(t *testing.T) {
	t.Parallel()
	args := []string{"-torch", "2.11,2.14", "-mode", "reduce-overhead", "-devices", "2", "-threads", "per-device", "-no-env"}
	out, stderr, code := runPlan(t, nil, args...)
	if code != 1 || !strings.Contains(out, "fail (race) · cudagraph_trees") || !strings.Contains(out, "Set the same in every release: triton.cudagraphs=True (mode:reduce-overhead)") {
		t.Errorf("compare: exit %d\n%s%s", code, out, stderr)
	}
	out, _, _ = runPlan(t, nil, append(args, "-json")...)
	var cmp struct {
		Format  string   `json:"format"`
		Torch   []string `json:"torch"`
		Exit    []string `json:"exit"`
		Devices []struct {
			Outcomes []struct {
				Outcome string `json:"outcome"`
			} `json:"outcomes"`
		} `json:"devices"`
	}
	if err := json.Unmarshal([]byte(out), &cmp); err != nil {
		t.Fatal(err)
	}
	if cmp.Format != "compilemode-compare/2" || strings.Join(cmp.Exit, ",") != "raises,compiles" || cmp.Devices[1].Outcomes[1].Outcome != "capture" {
		t.Errorf("compare JSON = %+v", cmp)
	}
	out, _, _ = runPlan(t, nil, "-torch", "2.2,2.14", "-mode", "max-autotune", "-no-env")
	if !strings.Contains(out, "coordinate_descent_tuning  False (default)") {
		t.Errorf("2.2 vs 2.14 max-autotune: want coordinate_descent_tuning to differ:\n%s", out)
	}
	// defaults that differ between the releases, the call setting none (newuser21 finding 7)
	out, _, _ = runPlan(t, nil, "-torch", "2.6,2.11", "-mode", "max-autotune", "-no-env")
	if !strings.Contains(out, "Defaults that differ between these releases") || !regexp.MustCompile(`triton\.cudagraph_dynamic_shape_warn_limit\s+50 \(default\)\s+8 \(default\)`).MatchString(out) ||
		!regexp.MustCompile(`graph_partition\s+\(no such key\)\s+True \(default\)`).MatchString(out) {
		t.Errorf("2.6 vs 2.11 max-autotune: want the dynamic-shape warn limit and graph_partition among the defaults that differ:\n%s", out)
	}
	out, _, _ = runPlan(t, nil, "-torch", "2.6,2.11", "-mode", "max-autotune", "-no-env", "-json")
	var defaults struct {
		N    int `json:"defaults_differ"`
		Rows []struct {
			Key string `json:"key"`
		} `json:"defaults"`
	}
	if err := json.Unmarshal([]byte(out), &defaults); err != nil || defaults.N < len(defaults.Rows) || len(defaults.Rows) == 0 {
		t.Errorf("compare JSON defaults = %+v, %v", defaults, err)
	}
	if _, stderr, code := runPlan(t, nil, "-torch", "2.11,"); code != 2 || !strings.Contains(stderr, "empty release") {
		t.Errorf("-torch 2.11,: exit %d %s", code, stderr)
	}
}

// TestErrorsInUserWords: no error names a Go package; each names the flag or the
// scenario file and field (issue 23 item 8).
func TestErrorsInUserWords(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "s.json")
	if err := os.WriteFile(file, []byte(`{"workload": {"thread_pool": 2, "threads": "callers"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"torch", []string{"-torch", "2.15"}, "compilemode: -torch: torch version \"2.15\" is newer than the newest release known, 2.14 (the releases known are 2.0–2.14)"},
		{"set", []string{"-set", "triton.cudagraph_trees=no"}, "compilemode: -set: "},
		{"pool", []string{"-thread-pool", "4", "-threads", "per-device", "-devices", "2"}, "use it with -threads main and without -span-devices"},
		{"file", []string{"-scenario", file}, "compilemode: " + file + ": workload.thread_pool: "},
		{"fullgraph", []string{"-fullgraph", "-graph-breaks", "2"}, "drop fullgraph, or set -graph-breaks to 0"},
	}
	pkg := regexp.MustCompile(`(compilemode: |: |\()(graphs|modes|config|literal|schema|strictjson): `)
	for _, tt := range tests {
		_, stderr, code := runPlan(t, nil, append(tt.args, "-no-env")...)
		if code != 2 || !strings.Contains(stderr, tt.want) || pkg.MatchString(stderr) {
			t.Errorf("%s: exit %d, stderr %q, want %q and no package name", tt.name, code, stderr, tt.want)
		}
	}
}

// TestREADMEInstallLine: README's install command works from a clone: it installs a
// path inside this module that holds package main (go install …@latest needs the
// module published; issue 23 item 9).
func TestREADMEInstallLine(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go install (\./\S+)`).FindStringSubmatch(string(readme))
	if m == nil {
		t.Fatal("README has no `go install ./…` line that works from a clone")
	}
	src, err := os.ReadFile(filepath.Join("..", "..", m[1], "main.go"))
	if err != nil || !strings.Contains(string(src), "package main") {
		t.Errorf("README installs %s, which holds no package main: %v", m[1], err)
	}
}
