package config

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDumpSchemaWithoutTorch: config/dump_schema.py in a Python without torch says so
// in one line and exits 1, never a traceback (sweep finding 15). Python runs with -I -S
// (no site-packages), so torch cannot be found.
func TestDumpSchemaWithoutTorch(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	cmd := exec.Command(py, "-I", "-S", "dump_schema.py", "-o", t.TempDir()+"/s.json")
	out, err := cmd.CombinedOutput()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 1 {
		t.Fatalf("dump_schema.py without torch: err %v, want exit 1; output:\n%s", err, out)
	}
	got := string(out)
	if strings.Count(got, "\n") != 1 || !strings.HasPrefix(got, "dump_schema.py: cannot import torch in ") || strings.Contains(got, "Traceback") {
		t.Errorf("dump_schema.py without torch printed %q, want one line naming the Python", got)
	}
}
