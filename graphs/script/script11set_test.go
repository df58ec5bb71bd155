package script

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
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
	files, err := filepath.Glob("testdata/script11/scripts/*")
	require.NoError(t, err)
	require.Len(t, files, 12)
	var b strings.Builder
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		s, err := ReadWith(bytes.NewReader(src), ReadOptions{Name: filepath.Base(f), Torch: "2.11"}) // as -script reads it
		require.NoError(t, err)
		p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: "2.11"}})
		require.NoError(t, err)
		fmt.Fprintf(&b, "%s: %d sites, %d thread or process starts, exit %s\n", filepath.Base(f), len(s.Sites), len(s.Threads), p.Exit())
		for _, st := range p.Sites {
			w, err := json.Marshal(st.Workload)
			require.NoError(t, err)
			backend := "inductor"
			switch {
			case st.BackendCallable != "":
				backend = "callable " + st.BackendCallable
			case st.Backend != nil:
				backend = *st.Backend
			}
			fmt.Fprintf(&b, "  %d %s %s threads=%q backend=%q plans=%s guard=%q workload=%s\n", st.Line, st.Kind, cut(st.Call, 60), st.Threads, backend, plansOf(st.Plan), cut(st.Guard, 60), w)
		}
	}
	compareGolden(t, filepath.Join("testdata", "script11", "summary.txt"), []byte(b.String()))
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
