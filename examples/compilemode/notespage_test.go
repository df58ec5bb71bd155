package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// notesDir holds the inputs of TestNotesPageGolden and, as NAME.stderr, what the
// command writes on stderr for each: the web page's answer package checks that its
// answers carry the same notes (examples/web/internal/answer's TestNotes).
var notesDir = filepath.Join("..", "web", "internal", "answer", "testdata", "notes")

// TestNotesPageGolden: the notes the command writes on stderr beside an answer, for
// inputs the web page takes (its Script tab: -no-env, -torch, -script; its Log tab:
// -diagnose), are testdata/notes/NAME.stderr of examples/web/internal/answer, the
// file named as the page names it (its own name on the Script tab, run.log on the Log
// tab), so that the page shows the command's words (webnotes32: the page planned a
// script for a Python that refuses it without a word). -update rewrites them.
func TestNotesPageGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, file, reason string
		args               []string // before the file
		code               int
	}{
		{"py310", "py310.py", "torch 2.0 plans on Python 3.10, which refuses a type statement", []string{"-no-env", "-torch", "2.0", "-script"}, 0},
		{"kernel38", "kernel38.ipynb", "the notebook's kernel ran 3.8, the plan is for 3.12", []string{"-no-env", "-torch", "2.11", "-script"}, 0},
		{"kernel2", "kernel2.ipynb", "a Python 2 kernel and a language that is no name", []string{"-no-env", "-torch", "2.11", "-script"}, 0},
		{"kernel2-refused", "kernel2.ipynb", "the kernel's notes, then the site not planned on a Python with no data (exit 2)", []string{"-no-env", "-torch", "2.11", "-python", "3.99", "-script"}, 2},
		{"plain", "plain.py", "lookalike: a script with nothing to note", []string{"-no-env", "-script"}, 0},
		{"script-as-log", "script-as-log.py", "a script given as a log: the -script hint", []string{"-diagnose"}, 0},
		{"finding", "finding.log", "lookalike: a log with a finding gets no hint", []string{"-diagnose"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(notesDir, tc.file)
			_, stderr, code := runPlan(t, nil, append(tc.args[:len(tc.args):len(tc.args)], path)...)
			if code != tc.code {
				t.Fatalf("%s: exit %d, want %d; stderr %q", tc.reason, code, tc.code, stderr)
			}
			pageName := tc.file
			if tc.args[0] == "-diagnose" {
				pageName = "run.log" // answer.LogName
			}
			got := strings.ReplaceAll(stderr, path, pageName)
			golden := filepath.Join(notesDir, tc.name+".stderr")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s: the command's stderr differs from %s (-file +command):\n%s", tc.reason, golden, diff)
			}
		})
	}
}
