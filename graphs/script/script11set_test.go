package script

import (
	"fmt"
	"strings"
	"testing"
)

// TestScript11Set: 12 real files nobody here had used (testdata/script11:
// config from Hydra, dataclasses and dicts, a threading.Thread subclass serving a
// compiled model, Inductor config patched in a context manager, torch.compile through
// helpers, version guards, a registered backend, a notebook; manifest.tsv gives each
// one's URL), read as a new user runs -script on them. The summary golden holds each
// site's line, kind, guard, backend, the modes planned with their exits, and the
// workload, on 2.11; README.md says what a careful reader expects of each and what
// changed. go test -update rewrites testdata/script11/summary.txt.
func TestScript11Set(t *testing.T) {
	t.Parallel()
	setSummary(t, "script11", "*", 12, ReadOptions{Torch: "2.11"}, func(st Site, w []byte) string { // as -script reads it
		backend := "inductor"
		switch {
		case st.BackendCallable != "":
			backend = "callable " + st.BackendCallable
		case st.Backend != nil:
			backend = *st.Backend
		}
		return fmt.Sprintf("%d %s %s threads=%q backend=%q plans=%s guard=%q workload=%s", st.Line, st.Kind, cut(st.Call, 60), st.Threads, backend, plansOf(st.Plan), cut(st.Guard, 60), w)
	})
}

// plansOf lists a site's plans: each mode planned with its exit.
func plansOf(p *SitePlan) string {
	if p == nil {
		return "[]"
	}
	mode := func(m *string) string {
		if m == nil {
			return "None"
		}
		return *m
	}
	var out []string
	if p.Report != nil {
		out = append(out, mode(p.Report.Mode)+":"+string(p.Report.Exit))
	}
	for _, mp := range p.Modes {
		if mp.Report != nil {
			out = append(out, mode(mp.Mode)+":"+string(mp.Report.Exit))
		}
	}
	return "[" + strings.Join(out, " ") + "]"
}
