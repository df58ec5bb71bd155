package diagnose_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/diagnose"
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

// TestRowsCoverPlannerSkipLines: every skip line the planner predicts ("skipping
// cudagraphs …", one Rule's Message) is, on each release the rule holds for, a finding
// whose row covers that release. The planner's tables (graphs/table.go, table21.go) and
// diagnose's rows state each skip wording once each, for two jobs; this holds them to
// the same releases.
func TestRowsCoverPlannerSkipLines(t *testing.T) {
	t.Parallel()
	fill := strings.NewReplacer("{op}", "aten.nonzero.default", "{input}", "x", "{torch}", "2.x", "{devices}", "cuda:0, cuda:1")
	// <a or b>: the planner names alternatives; the first is a line PyTorch prints.
	alt := regexp.MustCompile(`<([^<>]*?)(?: or [^<>]*)?>`)
	// Lines diagnose has no code for, on purpose.
	noCode := map[string]string{}
	for _, r := range graphs.Rules() {
		line, _, _ := strings.Cut(r.Message, "\n")
		if !strings.HasPrefix(line, "skipping cudagraphs") || noCode[line] != "" {
			continue
		}
		line = alt.ReplaceAllString(fill.Replace(line), "$1")
		for _, v := range modes.Supported() {
			if !r.Releases.Contains(v) {
				continue
			}
			d, err := diagnose.Options{Torch: v.String()}.Read(strings.NewReader(line + "\n"))
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Findings) == 0 {
				t.Errorf("rule %s on %s: the planner logs %q, diagnose finds nothing", r.ID, v, line)
				continue
			}
			if f := d.Findings[0]; f.Note != "" {
				t.Errorf("rule %s on %s: the planner logs %q, diagnose (%s) notes %q", r.ID, v, line, f.Code, f.Note)
			}
		}
	}
}
