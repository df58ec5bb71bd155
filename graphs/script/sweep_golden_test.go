package script

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
)

// TestSweepPlannedGolden: the planned text of the new-user sweep's scripts
// (testdata/scripts/sweep_*.py, from the 2026-12-02 sweep), with two devices as
// the sweep ran train_ddp.py, and the exit each gets. go test -update rewrites
// testdata/golden/sweep_*.txt.
func TestSweepPlannedGolden(t *testing.T) {
	t.Parallel()
	sweepName := func(f string) string { return strings.TrimPrefix(filepath.Base(f), "sweep_") }
	eachScript(t, "testdata/scripts/sweep_*.py", sweepName, func(t *testing.T, name string, s *Script) {
		p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Workload: graphs.Workload{Devices: 2}}})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		b.WriteString("exit: " + string(p.Exit()) + "\n\n")
		if err := p.WriteText(&b, 100); err != nil {
			t.Fatal(err)
		}
		compareGolden(t, filepath.Join("testdata", "golden", name+".txt"), b.Bytes())
	})
}
