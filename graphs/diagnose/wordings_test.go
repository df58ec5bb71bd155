package diagnose_test

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/modes"
)

// wordingsTable is the audit of every release's sources: one line per wording and
// release copy read (code, the row literal it backs, the wording as printed, the
// release, where it is or "absent"). testdata/wordings/README.md says how it is made.
const wordingsTable = "testdata/wordings-by-release.tsv"

// audited is what the table says of one row literal on one minor release: whether
// some copy of that minor prints it, and where.
type audited struct {
	present bool
	source  string
}

// readWordings returns the table as code|literal → minor → what the copies of that
// minor show (present when any copy of it prints one of the literal's wordings).
func readWordings(t *testing.T) map[string]map[int]audited {
	t.Helper()
	f, err := os.Open(wordingsTable)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]map[int]audited{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 5 {
			t.Fatalf("%s:%d: %d columns, want 5", wordingsTable, n, len(cols))
		}
		parts := strings.Split(cols[3], ".")
		minor, err := strconv.Atoi(parts[min(1, len(parts)-1)])
		if len(parts) < 2 || parts[0] != "2" || err != nil {
			t.Fatalf("%s:%d: release %q is not 2.N[.P]", wordingsTable, n, cols[3])
		}
		key := cols[0] + "|" + cols[1]
		if out[key] == nil {
			out[key] = map[int]audited{}
		}
		a := out[key][minor]
		if cols[4] != "absent" && !a.present {
			a = audited{present: true, source: cols[4]}
		}
		out[key][minor] = a
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// wordingExceptions are known disagreements between the rows and the sources, each
// with its reason; a row that the table contradicts for any other reason fails.
var wordingExceptions = map[string]string{
	"invalid-backend|Invalid backend: |0": "2.0's lookup_backend raises a bare KeyError (torch/_dynamo/backends/registry.py @ 2.0.0), " +
		"but the planner (config/errors.go InvalidBackendError) raises this text on 2.0 too and " +
		"TestRowsCoverPlannerErrors holds the row to the planner; reported to the lead",
	"trees-concurrent-callers|tensor(s) in the cudagraph pool not tracked as outputs|14": "the row's cause, one tree " +
		"manager shared by threads, ends at 2.13 (PR #184357); on 2.14 the text is trees-untracked-pool-tensors'",
	"skip-mutated-inputs|skipping cudagraphs due to mutaton on input|3": "the typo of 2.3's nightlies (2024-01 to " +
		"2024-03); 2.3.0 itself spells \"mutation on input\", so the row is for 2.3.0.dev builds",
}

// TestWordingsAudited checks that every wording row is in the audit table or listed in
// testdata/wordings/unaudited.tsv with the reason the release copies cannot settle it
// (C++, the CUDA runtime, a compiler, Python's own errors), and that the list names no
// row that is gone, so a new row comes with its per-release audit.
func TestWordingsAudited(t *testing.T) {
	t.Parallel()
	table := readWordings(t)
	data, err := os.ReadFile("testdata/wordings/unaudited.tsv")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if cols := strings.Split(line, "\t"); len(cols) == 3 && !strings.HasPrefix(line, "#") {
			listed[cols[0]+"|"+cols[1]] = true
		}
	}
	rows := map[string]bool{}
	for _, s := range diagnose.Signatures() {
		key := string(s.Code) + "|" + s.Literal
		if s.Paraphrase || s.Cropped || rows[key] {
			continue
		}
		rows[key] = true
		if table[key] == nil && !listed[key] {
			t.Errorf("%s: neither in %s nor in testdata/wordings/unaudited.tsv: add a probe to "+
				"testdata/wordings/probes.tsv and rerun audit.py (testdata/wordings/README.md), or list "+
				"the row in unaudited.tsv with the reason no release copy can settle it", key, wordingsTable)
		}
	}
	for key := range listed {
		if !rows[key] {
			t.Errorf("%s: testdata/wordings/unaudited.tsv names a row that is not in the table", key)
		}
	}
}

// TestWordingsByRelease checks every row literal that the audit table covers against
// the table: a row's releases hold an audited minor exactly when a copy of that minor
// prints the wording (rows of one code and literal taken together). Minors that no
// copy was read of (the table has no line for them) are not checked.
func TestWordingsByRelease(t *testing.T) {
	t.Parallel()
	table := readWordings(t)
	rows := map[string][]diagnose.Signature{}
	for _, s := range diagnose.Signatures() {
		if !s.Paraphrase {
			key := string(s.Code) + "|" + s.Literal
			rows[key] = append(rows[key], s)
		}
	}
	keys := make([]string, 0, len(table))
	for k := range table {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		sigs := rows[key]
		if len(sigs) == 0 {
			t.Errorf("%s: the table audits a literal that no row of the code has", key)
			continue
		}
		minors := make([]int, 0, len(table[key]))
		for m := range table[key] {
			minors = append(minors, m)
		}
		sort.Ints(minors)
		for _, m := range minors {
			a := table[key][m]
			v := modes.Version{Major: 2, Minor: m}
			inRows := false
			for _, s := range sigs {
				inRows = inRows || s.Releases.Contains(v)
			}
			if inRows == a.present {
				continue
			}
			if _, ok := wordingExceptions[fmt.Sprintf("%s|%d", key, m)]; ok {
				continue
			}
			if a.present {
				t.Errorf("%s: 2.%d prints it (%s), but no row's releases hold 2.%d", key, m, a.source, m)
			} else {
				t.Errorf("%s: a row's releases hold 2.%d, but no copy of 2.%d read prints it", key, m, m)
			}
		}
	}
}
