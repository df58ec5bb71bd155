package diagnose_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/graphs/internal/skips"
	"github.com/compilemode/compilemode/modes"
)

// TestRowsCoverPlannerErrors: on every release, the error the planner predicts for a
// bad call (its exact text) is a finding whose row covers that release, with no
// "is not known to print this" note: diagnose and the planner tell one story
// (usersweep: on 2.0 the planner predicts the mode-and-options RuntimeError while
// diagnose said 2.0 was not known to print it).
func TestRowsCoverPlannerErrors(t *testing.T) {
	t.Parallel()
	ptr := func(s string) *string { return &s }
	cases := []struct {
		name string
		code diagnose.Code
		sc   graphs.Scenario
	}{
		{"mode and options", diagnose.ModeAndOptions, graphs.Scenario{Mode: ptr("default"), Options: "{}"}},
		{"unknown mode", diagnose.UnknownMode, graphs.Scenario{Mode: ptr("bogus")}},
		{"empty mode", diagnose.UnknownMode, graphs.Scenario{Mode: ptr("")}},
		{"unknown option", diagnose.UnknownOption, graphs.Scenario{Options: "{'bogus': 1}"}},
		{"option type", diagnose.OptionType, graphs.Scenario{Options: "{'max_autotune': 'yes'}"}},
		{"invalid backend", diagnose.InvalidBackend, graphs.Scenario{Backend: "bogus", BackendGiven: true}},
		{"unknown global", diagnose.UnknownGlobal, graphs.Scenario{Set: []string{"bogus=1"}}},
	}
	for _, tc := range cases {
		for _, v := range modes.Supported() {
			sc := tc.sc
			sc.Torch = v.String()
			rep, err := graphs.Check(&sc)
			if tc.code == diagnose.UnknownMode && err == nil && rep.Error == nil && *tc.sc.Mode == "" {
				continue // mode="" is the default from 2.7 (list_mode_options)
			}
			if err != nil || rep.Error == nil {
				t.Errorf("%s on %s: the planner raises nothing (%v)", tc.name, v, err)
				continue
			}
			log := rep.Error.Exception + ": " + rep.Error.Message + "\n"
			if rep.Error.Exception == "KeyError" {
				// 2.0's unregistered backend is a bare KeyError, which a log shows below the
				// registry's frame (lookup_backend @ 2.0.0, line 59); alone it names no code
				// (rows_implicit.go).
				log = "  File \"/usr/lib/python3.10/site-packages/torch/_dynamo/backends/registry.py\", line 59, in lookup_backend\n" +
					"    compiler_fn = _BACKENDS[compiler_fn]\n" + log
			}
			d, err := diagnose.Options{Torch: v.String()}.Read(strings.NewReader(log))
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, f := range d.Findings {
				if f.Code == tc.code {
					found = true
					if f.Note != "" {
						t.Errorf("%s on %s: the planner raises %q but diagnose notes %q", tc.name, v, log, f.Note)
					}
				}
			}
			if !found {
				t.Errorf("%s on %s: the planner raises %q, diagnose finds %+v", tc.name, v, log, d.Findings)
			}
		}
	}
}

// TestRowsCoverPlannerSkipLines: every skip line the planner can predict ("skipping
// cudagraphs …") is, on each release that logs it, a finding whose row covers that
// release. The planner and diagnose read the skip lines from one table
// (graphs/internal/skips); this holds diagnose's rows to its releases: each reason's own
// line, under each implementation, and each list a release logs with every reason of
// one check (2.2 lists up to five), whose reasons must each be found. The planner's
// other messages that start a skip line (backend="cudagraphs", graph partitions) are
// held the same way.
func TestRowsCoverPlannerSkipLines(t *testing.T) {
	t.Parallel()
	for _, v := range modes.Supported() {
		for _, impl := range []skips.Impl{skips.Trees, skips.Legacy} {
			for _, w := range skips.Wordings() {
				if line, ok := skips.Line(w.Reason, impl, v); ok {
					checkSkipLine(t, fmt.Sprintf("%s (%s)", w.Reason, impl), v, line, 1)
				}
			}
			for _, c := range skips.Checks() {
				if !c.List || !c.Releases.Contains(v) {
					continue
				}
				if l, ok := skips.Log(v, impl, c.Reasons); ok {
					checkSkipLine(t, fmt.Sprintf("list %v (%s)", l.Reasons, impl), v, l.Line, len(l.Reasons))
				}
			}
		}
	}
	for _, r := range graphs.Rules() {
		for _, v := range modes.Supported() {
			if r.Releases.Contains(v) {
				line, _, _ := strings.Cut(r.Message, "\n")
				checkSkipLine(t, "rule "+r.ID, v, line, 1)
			}
		}
	}
}

// checkSkipLine reports an error unless diagnose finds at least codes distinct codes
// in line, a skip line, on release v, none with a note. Other lines are not checked
// (2.1's "skipping cudagraphs for unknown reason" is checked too: skip-unknown-reason).
func checkSkipLine(t *testing.T, what string, v modes.Version, line string, codes int) {
	t.Helper()
	fill := strings.NewReplacer("{op}", "aten.nonzero.default", "{input}", "x", "{torch}", "2.x", "{devices}", "cuda:0, cuda:1")
	// <a or b>: the planner names alternatives; the first is a line PyTorch prints.
	alt := regexp.MustCompile(`<([^<>]*?)(?: or [^<>]*)?>`)
	if !strings.HasPrefix(line, "skipping cudagraphs") {
		return
	}
	line = alt.ReplaceAllString(fill.Replace(line), "$1")
	d, err := diagnose.Options{Torch: v.String()}.Read(strings.NewReader(line + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	found := map[diagnose.Code]bool{}
	for _, f := range d.Findings {
		found[f.Code] = true
		if f.Note != "" {
			t.Errorf("%s on %s: the planner logs %q, diagnose (%s) notes %q", what, v, line, f.Code, f.Note)
		}
	}
	if len(found) < codes {
		t.Errorf("%s on %s: the planner logs %q, diagnose finds %d codes (%v), want %d", what, v, line, len(found), found, codes)
	}
}
