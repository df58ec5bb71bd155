package answer

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNotes: the page's answer carries the notes the command writes on stderr beside
// its answer, byte for byte (testdata/notes/NAME.stderr, which examples/compilemode's
// TestNotesPageGolden checks the command writes for the same input; where the command
// also refuses the script, exit 2, the page's Stderr is that whole file), and its
// readable view holds them, in the page's words where the command names a flag the
// page has no field for (webnotes32: the page planned a script for a Python that
// refuses it without a word, and dropped -diagnose's "-script FILE" hint).
func TestNotes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, file, torch, python, reason string
		log                               bool // the Log tab's answer, else the Script tab's
		exit                              int
		// page are the view's notes where the page's words differ from the command's
		// (nil: the command's "note: " lines without "compilemode: ").
		page []string
	}{
		{"py310", "py310.py", "2.0", "", "torch 2.0 plans on Python 3.10, which refuses a type statement", false, 0, nil},
		{"kernel38", "kernel38.ipynb", "2.11", "", "the notebook's kernel ran 3.8, the plan is for 3.12", false, 0, nil},
		{"kernel2", "kernel2.ipynb", "2.11", "", "a Python 2 kernel and a language that is no name", false, 0, nil},
		{"kernel2-refused", "kernel2.ipynb", "2.11", "3.99", "the kernel's notes, then the site not planned (exit 2)", false, 2, nil},
		{"plain", "plain.py", "", "", "lookalike: a script with nothing to note", false, 0, nil},
		{"script-as-log", "script-as-log.py", "", "", "a script given as a log: the hint names the Script tab", true, 0,
			[]string{"hint: this reads as a Python script with a torch.compile site, not a log: the Script tab plans this script"}},
		{"finding", "finding.log", "", "", "lookalike: a log with a finding gets no hint", true, 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(filepath.Join("testdata", "notes", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", "notes", tc.name+".stderr"))
			if err != nil {
				t.Fatal(err)
			}
			var got Answer
			if tc.log {
				got = DiagnoseFor(string(src), tc.torch, Options{})
			} else {
				got = Script(tc.file, string(src), tc.torch, tc.python, Options{})
			}
			stderr := got.Notes
			if tc.exit == 2 {
				stderr = got.Stderr
			} else if got.Stderr != "" {
				t.Errorf("%s: refused: %q", tc.reason, got.Stderr)
			}
			if got.Exit != tc.exit {
				t.Errorf("%s: exit %d, want %d", tc.reason, got.Exit, tc.exit)
			}
			if diff := cmp.Diff(string(want), stderr); diff != "" {
				t.Errorf("%s: the page's notes differ from the command's stderr (-command +page):\n%s", tc.reason, diff)
			}
			page := tc.page
			for _, l := range strings.SplitAfter(string(want), "\n") {
				if n, ok := strings.CutPrefix(l, "compilemode: note: "); ok && tc.page == nil {
					page = append(page, "note: "+strings.TrimSuffix(n, "\n"))
				}
			}
			var v struct {
				Notes []string `json:"notes"`
			}
			if err := json.Unmarshal([]byte(got.View), &v); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(page, v.Notes); diff != "" {
				t.Errorf("%s: the readable view's notes (-want +view):\n%s", tc.reason, diff)
			}
		})
	}
}
