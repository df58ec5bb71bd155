package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDiagnoseGolden pins -diagnose's text for the shapes of newuser27's texts: each
// says whether the text states a release, findings or none (newuser27 #3: a text
// matching nothing printed no release line, so one could not tell whether a release
// was looked for). Rewrite with go test -update.
func TestDiagnoseGolden(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, log, reason string
	}{
		{"diagnose-nothing-no-release", "sglang crashed while serving, see below\nCUDA out of memory? no idea\n",
			"newuser27 #3 (n1, n2, n4, n7, n8): no finding, no release: the release line says none is stated"},
		{"diagnose-nothing-release", "PyTorch version: 2.6.0+cu124\nsomething went wrong\n",
			"no finding, a release stated: its line, as before"},
		{"diagnose-traceback-cut", "pytorch version: 2.7.0+cu128\n\nTraceback (most recent call last):\n  File \"x.py\", line 5, in patch\n    compiled = torch.compile(block, mode=mode)\n  File \"torch/__init__.py\", line 2572, in compile\n",
			"newuser27 #2 (comfy 7611): the cut traceback's line, then the release"},
		{"diagnose-finding-no-release", "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File \"m.py\", line 90, in forward\n",
			"a finding, no release: the header says none is stated (as before)"},
		{"diagnose-call-no-release", "compiled = torch.compile(detector, fullgraph=True, mode=\"reduce-overhead\")\n",
			"newuser27 #3 and #2 (rt-pose 1): no finding, a call: the release line, then the plan on the default release"},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			log := filepath.Join(dir, tc.name+".log")
			if err := os.WriteFile(log, []byte(tc.log), 0o644); err != nil {
				t.Fatal(err)
			}
			out, stderr, code := runPlan(t, nil, "-diagnose", log)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			got := "$ compilemode -diagnose " + tc.name + ".log\n" + out
			path := filepath.Join("testdata", tc.name+".txt.golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s: %s mismatch (-want +got):\n%s", tc.reason, path, diff)
			}
		})
	}
}
