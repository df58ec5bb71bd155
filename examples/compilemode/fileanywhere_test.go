package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fileAnywhereFiles are the files TestFileAnywhere's command lines name, by the name
// written in its table (a log with a finding, a script with a compile site, options,
// a scenario, and a log named like a flag).
var fileAnywhereFiles = map[string]string{
	"run.log":  "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File \"m.py\", line 90, in forward\n",
	"train.py": "import torch\nmodel = torch.compile(torch.nn.Linear(4, 4), mode=\"reduce-overhead\")\n",
	"opts.py":  "{'triton.cudagraphs': True}",
	"s.json":   `{"mode": "reduce-overhead", "workload": {"devices": 2, "threads": "per-device"}}`,
	"./-json":  "torch 2.6.0\nskipping cudagraphs due to mutated inputs (1 instances). Found from :\n",
}

// inDir returns args with every name of fileAnywhereFiles (alone, or after @) the
// path of that file under dir (./-json: dir/-json, a path that is no flag either).
func inDir(dir string, args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if _, ok := fileAnywhereFiles[strings.TrimPrefix(a, "@")]; ok {
			out[i] = strings.Replace(a, strings.TrimPrefix(a, "@"), filepath.Join(dir, strings.TrimPrefix(a, "@")), 1)
		}
	}
	return out
}

// TestFileAnywhere: a flag that reads a file (-diagnose, -script, -scenario, -schema,
// -options @FILE) takes it anywhere on the line when another flag follows the flag:
// each command line prints what the order that always worked prints (the flag, then
// its file), byte for byte, with its exit status. Three new users of three wrote
// "compilemode -diagnose -json FILE" first and were refused.
func TestFileAnywhere(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, text := range fileAnywhereFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	schema := "../../testdata/torch/2.11/schema_live.json"
	cases := []struct {
		reason      string
		args, order []string // order: the same run, each file right after its flag
		stdin       string
	}{
		{"the new user's order", []string{"-diagnose", "-json", "run.log"}, []string{"-diagnose", "run.log", "-json"}, ""},
		{"-json first", []string{"-json", "-diagnose", "run.log"}, []string{"-diagnose", "run.log", "-json"}, ""},
		{"a release between (-torch 2.6)", []string{"-diagnose", "-torch", "2.6", "run.log"}, []string{"-diagnose", "run.log", "-torch", "2.6"}, ""},
		{"-torch=2.6", []string{"-diagnose", "-torch=2.6", "run.log"}, []string{"-diagnose", "run.log", "-torch=2.6"}, ""},
		{"two dashes", []string{"--diagnose", "--json", "run.log"}, []string{"-diagnose", "run.log", "-json"}, ""},
		{"the file first", []string{"run.log", "-json", "-diagnose"}, []string{"-diagnose", "run.log", "-json"}, ""},
		{"the file between", []string{"-json", "run.log", "-diagnose", "-all"}, []string{"-diagnose", "run.log", "-json", "-all"}, ""},
		{"stdin", []string{"-diagnose", "-json", "-"}, []string{"-diagnose", "-", "-json"}, fileAnywhereFiles["run.log"]},
		{"a file named like a flag, as ./-json", []string{"-diagnose", "-json", "./-json"}, []string{"-diagnose", "./-json", "-json"}, ""},
		{"-script", []string{"-script", "-json", "train.py"}, []string{"-script", "train.py", "-json"}, ""},
		{"-script with a release", []string{"-script", "-torch", "2.6", "train.py"}, []string{"-script", "train.py", "-torch", "2.6"}, ""},
		{"-script and the script's command line", []string{"-script", "-json", "train.py", "--", "--lr", "1"}, []string{"-script", "train.py", "-json", "--", "--lr", "1"}, ""},
		{"-scenario", []string{"-scenario", "-json", "s.json"}, []string{"-scenario", "s.json", "-json"}, ""},
		{"-schema", []string{"-schema", "-torch", "2.11", schema}, []string{"-schema", schema, "-torch", "2.11"}, ""},
		{"-options @FILE", []string{"-options", "-json", "@opts.py"}, []string{"-options", "@opts.py", "-json"}, ""},
		{"-options DICT", []string{"-options", "-json", "{'max_autotune': True}"}, []string{"-options", "{'max_autotune': True}", "-json"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.reason, func(t *testing.T) {
			args, order := inDir(dir, tc.args), inDir(dir, tc.order)
			wantOut, wantErr, wantCode := runStdin(t, tc.stdin, order...)
			if wantCode > 1 || wantOut == "" {
				t.Fatalf("%s: %v: exit %d, stdout %d bytes, stderr %q: the order that works failed", tc.reason, order, wantCode, len(wantOut), wantErr)
			}
			out, stderr, code := runStdin(t, tc.stdin, args...)
			if code != wantCode || stderr != wantErr {
				t.Errorf("%s: %v: exit %d, stderr %q; %v: exit %d, stderr %q", tc.reason, args, code, stderr, order, wantCode, wantErr)
			}
			if diff := cmp.Diff(wantOut, out); diff != "" {
				t.Errorf("%s: %v prints other than %v (-want +got):\n%s", tc.reason, args, order, diff)
			}
		})
	}
}

// TestFileAnywhereRefused: where the file cannot be told (none left, two left, two
// file flags for one file), the run exits 2 with one line saying what to write, pinned
// in testdata/file-anywhere-refused.golden (go test -update rewrites it).
func TestFileAnywhereRefused(t *testing.T) {
	t.Parallel()
	lines := [][]string{
		{"-diagnose", "-json"},
		{"-diagnose"},
		{"-json", "-diagnose"},
		{"-script", "-torch", "2.6"},
		{"-options", "-json"},
		{"-schema", "-torch", "2.11"},
		{"-diagnose", "-json", "a.log", "b.log"},
		{"-diagnose", "-json", "a.log", "b.log", "c.log"},
		{"-script", "-json", "train.py", "config.yaml"},
		{"-diagnose", "-script", "-json", "run.log"},
		{"-diagnose", "-bogus", "run.log"},
		{"-diagnose", "a.log", "b.log"},
	}
	var got strings.Builder
	for _, args := range lines {
		out, stderr, code := runStdin(t, "", args...)
		if code != 2 || out != "" || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d (want 2), stdout %q, stderr %q (want one line)", args, code, out, stderr)
		}
		got.WriteString("$ compilemode " + strings.Join(args, " ") + "\n" + stderr)
	}
	path := filepath.Join("testdata", "file-anywhere-refused.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if diff := cmp.Diff(string(want), got.String()); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}
