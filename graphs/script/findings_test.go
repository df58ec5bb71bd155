package script

import (
	"bytes"
	"path/filepath"
	"testing"
)

// TestFindingsGolden: the planned text of the scripts behind the 2026-12-02 sweep's
// findings (testdata/findings/fN_*.py: N is the finding of
// /work/sweep-findings/REPORT.md they reproduce), planned with no command-line flag,
// as a new user runs them, with the exit each gets. go test -update rewrites
// testdata/findings/golden/*.txt.
func TestFindingsGolden(t *testing.T) {
	t.Parallel()
	eachScript(t, "testdata/findings/*.py", filepath.Base, func(t *testing.T, name string, s *Script) {
		p, err := s.PlanWith(PlanOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		b.WriteString("exit: " + string(p.Exit()) + "\n\n")
		if err := p.WriteText(&b, 100); err != nil {
			t.Fatal(err)
		}
		compareGolden(t, filepath.Join("testdata", "findings", "golden", name+".txt"), b.Bytes())
	})
}
