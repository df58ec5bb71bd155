package script

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs"
)

// TestSweepPlannedGolden: the planned text of the new-user sweep's scripts
// (testdata/scripts/sweep_*.py, from the 2026-12-02 sweep), with two devices as
// the sweep ran train_ddp.py, and the exit each gets. go test -update rewrites
// testdata/golden/sweep_*.txt.
func TestSweepPlannedGolden(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/scripts/sweep_*.py")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".py")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			s, err := readBytes(strings.TrimPrefix(filepath.Base(f), "sweep_"), src)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Workload: graphs.Workload{Devices: 2}}})
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			b.WriteString("exit: " + string(p.Exit()) + "\n\n")
			if err := p.WriteText(&b, 100); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", name+".txt")
			if *update {
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if diff := cmp.Diff(string(want), b.String()); diff != "" {
				t.Errorf("planned %s mismatch (-want +got):\n%s", f, diff)
			}
		})
	}
}
