package answer

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/examples/internal/cliflags"
	"github.com/compilemode/compilemode/graphs"
)

// compareCases are release comparisons and the files holding what
// `compilemode ARGS [-threads THREADS]` and the same with -json print
// (testdata/NAME.txt and NAME.json; examples/compilemode's TestComparePageGolden
// checks that the command prints them).
var compareCases = []struct {
	name, reason string
	args         []string // the page's Args: the workload's thread layout is its Workload's
	threads      graphs.Threads
	exit         int
	// rows are table rows the readable view's blocks must hold, as cells.
	rows [][]string
}{
	{"compare-max-autotune", "newuser32: the page's comparison lacked the command's defaults that differ",
		[]string{"-no-env", "-torch", "2.6,2.11", "-mode", "max-autotune"}, "", 0,
		[][]string{{"EXIT", "compiles", "compiles"}, {"autotune_fallback_to_aten", "True (default)", "False (default)"},
			{"graph_partition", "(no such key)", "True (default)"}, {"cuda:0", "main", "capture · cudagraph_trees", "capture · cudagraph_trees"}}},
	{"compare-raises", "both releases raise: each one's exception and hint",
		[]string{"-no-env", "-torch", "2.6,2.14", "-mode", "reduce-overhead", "-devices", "2", "-options", "{'triton.cudagraphs': 'yes'}"}, graphs.PerDevice, 1,
		[][]string{{"EXIT", "raises", "raises"}}},
}

// TestCompare: the page's comparison of releases (the form's "Compare with release",
// -torch A,B) is the command's, byte for byte, text and JSON, with its exit status;
// its readable view holds the text's blocks (the differing defaults as a table) and
// each release's report.
func TestCompare(t *testing.T) {
	t.Parallel()
	for _, tc := range compareCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			text, err := os.ReadFile(filepath.Join("testdata", tc.name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join("testdata", tc.name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			got := Check(Call{Args: tc.args, Workload: graphs.Workload{Threads: tc.threads}}, Options{JSON: true})
			view := got.View
			got.View = ""
			want := Answer{Text: string(text), JSON: string(data), Exit: tc.exit}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: the page's answer to %v differs from the command's (-command +page):\n%s", tc.reason, tc.args, diff)
			}
			var v struct {
				Compare []string          `json:"compare"`
				Blocks  []cliflags.Block  `json:"blocks"`
				Reports []json.RawMessage `json:"reports"`
			}
			if err := json.Unmarshal([]byte(view), &v); err != nil {
				t.Fatal(err)
			}
			if len(v.Reports) != 2 || len(v.Compare) != 2 {
				t.Errorf("%s: the view has %d reports for releases %v, want one per release", tc.reason, len(v.Reports), v.Compare)
			}
			var rows [][]string
			for _, b := range v.Blocks {
				if !strings.Contains(string(text), strings.Fields(b.Text)[0]) {
					t.Errorf("%s: block %q is not in the text", tc.reason, b.Text)
				}
				rows = append(rows, b.Rows...)
			}
			for _, w := range tc.rows {
				found := false
				for _, r := range rows {
					found = found || cmp.Equal(r, w)
				}
				if !found {
					t.Errorf("%s: no table row %q in the view's blocks %+v", tc.reason, w, v.Blocks)
				}
			}
		})
	}
}

// TestCompareRefused: a comparison the command refuses is refused with its words.
func TestCompareRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ torch, want string }{
		{"2.6,2.6", "compilemode: -torch 2.6,2.6: release 2.6 is given twice: give each release once, e.g. -torch 2.6,2.14\n"},
		{"2.6,,2.7", "compilemode: -torch 2.6,,2.7: an empty release in the list (give releases such as -torch 2.6,2.14)\n"},
	} {
		got := Check(Call{Args: []string{"-no-env", "-torch", tc.torch}}, Options{})
		if got.Stderr != tc.want || got.Exit != 2 || got.Text != "" {
			t.Errorf("-torch %s: exit %d, stderr %q, text %q; want exit 2, stderr %q", tc.torch, got.Exit, got.Stderr, got.Text, tc.want)
		}
	}
}
