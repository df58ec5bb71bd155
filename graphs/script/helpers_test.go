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

var zeroScenario graphs.Scenario

// readBytes reads src named name.
func readBytes(name string, src []byte) (*Script, error) {
	return ReadNamed(name, bytes.NewReader(src))
}

// planSource reads src as t.py and plans it with no options (torch 2.11, no command line).
func planSource(t *testing.T, src string) *Script {
	t.Helper()
	s, err := readBytes("t.py", []byte(src))
	require.NoError(t, err)
	p, err := s.PlanWith(PlanOptions{})
	require.NoError(t, err)
	return p
}

// planText plans src as planSource does and returns the plan with its text
// (WriteText, 1000 columns).
func planText(t *testing.T, src string) (*Script, string) {
	t.Helper()
	p := planSource(t, src)
	var b strings.Builder
	require.NoError(t, p.WriteText(&b, 1000))
	return p, b.String()
}

// testModes are the modes the value-flow tests plan when a mode is not known.
var testModes = []string{"default", "reduce-overhead", "max-autotune"}

// oneSite reads src, which must hold one compile site, and returns it with the modes
// it plans (of testModes).
func oneSite(t *testing.T, src string) (Site, []*string) {
	t.Helper()
	s, err := readBytes("t.py", []byte(src))
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	return s.Sites[0], s.Sites[0].Modes(testModes)
}

// setSummary is the test of a set of real files (TestScript11Set, TestMultiGPU7): every
// file of testdata/SET/scripts that glob matches, read with opts (named for the file) and
// planned on torch 2.11 as -script runs it, gives a line (its sites, thread or process
// starts and exit), then line's text for each planned site with its workload's JSON,
// held to testdata/SET/summary.txt (go test -update rewrites it). n, when not 0, is how
// many files the set has.
func setSummary(t *testing.T, set, glob string, n int, opts ReadOptions, line func(st Site, workload []byte) string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", set, "scripts", glob))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	if n > 0 {
		require.Len(t, files, n)
	}
	var b strings.Builder
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		opts.Name = filepath.Base(f)
		s, err := ReadWith(bytes.NewReader(src), opts)
		require.NoError(t, err)
		p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: "2.11"}})
		require.NoError(t, err)
		fmt.Fprintf(&b, "%s: %d sites, %d thread or process starts, exit %s\n", opts.Name, len(s.Sites), len(s.Threads), p.Exit())
		for _, st := range p.Sites {
			w, err := json.Marshal(st.Workload)
			require.NoError(t, err)
			b.WriteString("  " + line(st, w) + "\n")
		}
	}
	compareGolden(t, filepath.Join("testdata", set, "summary.txt"), []byte(b.String()))
}

// oneSiteNote reads src, which must have one compile site, and returns that site's last
// note that has, or "" (execrebind_test.go, firstcallunseen_test.go).
func oneSiteNote(t *testing.T, name, src string, has func(string) bool) string {
	t.Helper()
	s, err := readBytes(name, []byte(src))
	require.NoError(t, err)
	require.Len(t, s.Sites, 1, src)
	got := ""
	for _, n := range s.Sites[0].Notes {
		if has(n) {
			got = n
		}
	}
	return got
}

// readOneSite reads src as t.py for torch 2.11 (ReadWith, no command line) and returns
// it, failing the test with reason unless it reads and holds exactly one compile site
// (the set-up the guard, parameter and thread tests share: guardparamvals_test.go,
// handedparam_test.go, passedparam_test.go, socketio_test.go).
func readOneSite(t *testing.T, src, reason string) *Script {
	t.Helper()
	s, err := ReadWith(strings.NewReader(src), ReadOptions{Name: "t.py", Torch: "2.11"})
	require.NoError(t, err, reason)
	require.Len(t, s.Sites, 1, reason)
	return s
}
