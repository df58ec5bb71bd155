package script

import (
	"os"
	"testing"

	"github.com/compilemode/compilemode/graphs"
)

// TestSitePlanExit: a site raises when any plan shown for it raises: its report, a
// candidate mode's, or either one without the conditional globals (usersweep item 3:
// the command exited 0 on plans shown as raising).
func TestSitePlanExit(t *testing.T) {
	t.Parallel()
	ok, bad := &graphs.Report{Exit: graphs.Compiles}, &graphs.Report{Exit: graphs.Raises}
	tests := []struct {
		name string
		p    *SitePlan
		want graphs.Exit
	}{
		{"nil", nil, graphs.Compiles},
		{"report compiles", &SitePlan{Report: ok}, graphs.Compiles},
		{"report raises", &SitePlan{Report: bad}, graphs.Raises},
		{"unguarded raises", &SitePlan{Report: ok, Branches: []BranchPlan{{Report: bad}}}, graphs.Raises},
		{"unguarded compiles", &SitePlan{Report: ok, Branches: []BranchPlan{{Report: ok}}}, graphs.Compiles},
		{"a mode raises", &SitePlan{Modes: []ModePlan{{Report: ok}, {Report: bad}}}, graphs.Raises},
		{"a mode's unguarded raises", &SitePlan{Modes: []ModePlan{{Report: ok}, {Report: ok, Branches: []BranchPlan{{Report: bad}}}}}, graphs.Raises},
		{"every mode compiles", &SitePlan{Modes: []ModePlan{{Report: ok, Branches: []BranchPlan{{Report: ok}}}, {Report: ok}}}, graphs.Compiles},
		{"a mode not planned", &SitePlan{Modes: []ModePlan{{Error: "x"}, {Report: ok}}}, graphs.Compiles},
	}
	for _, tc := range tests {
		if got := tc.p.Exit(); got != tc.want {
			t.Errorf("%s: Exit() = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestScriptExit: the usersweep's train_ddp.py with two devices shows raising plans
// (the unguarded drafter and postprocess sites), so the script raises.
func TestScriptExit(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("testdata/scripts/sweep_train_ddp.py")
	if err != nil {
		t.Fatal(err)
	}
	s, err := readBytes("train_ddp.py", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Workload: graphs.Workload{Devices: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Exit(); got != graphs.Raises {
		t.Errorf("Exit() = %v, want raises", got)
	}
	if got := (*Script)(nil).Exit(); got != graphs.Compiles {
		t.Errorf("nil Exit() = %v", got)
	}
}
