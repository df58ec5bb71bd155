package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/modes"
)

// The second new-user sweep (README only): each case is a class of defects, tested
// over all its members.

// TestSupportedRangeTexts: every text that names the supported releases names
// modes.First()–modes.Newest() (-h said 2.1–2.14 while 2.0 works), and -h's Python
// range is pyver.Supported's.
func TestSupportedRangeTexts(t *testing.T) {
	t.Parallel()
	first, newest := modes.First().String(), modes.Newest().String()
	stdout, stderr, code := runPlan(t, nil, "-h")
	out := stdout + stderr
	if code != 0 {
		t.Fatalf("-h exit %d", code)
	}
	py := pyver.Supported()
	for _, want := range []string{"(" + first + "–" + newest + ";", "(" + py[0].String() + "–" + py[len(py)-1].String() + ";"} {
		if !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
			t.Errorf("-h lacks %q", want)
		}
	}
	readme := readFile(t, "../../README.md")
	doc := readFile(t, "doc.go")
	modesDoc := readFile(t, "../../modes/doc.go")
	// Every "2.N to 2.M" / "2.N–2.M" that names the supported range.
	rangeRe := regexp.MustCompile(`(?:PyTorch|release,|release \(|releases) (2\.\d+)(?:–| to )(2\.\d+)`)
	for name, text := range map[string]string{"README.md": readme, "doc.go": doc, "modes/doc.go": modesDoc, "-h": out} {
		for _, m := range rangeRe.FindAllStringSubmatch(text, -1) {
			if m[1] != first || m[2] != newest {
				t.Errorf("%s names the supported releases as %q, want %s–%s", name, m[0], first, newest)
			}
		}
	}
}

// TestInstallLineAgrees: the command's doc installs it as README does (from a clone:
// go install …@latest does not work while the module is unpublished).
func TestInstallLineAgrees(t *testing.T) {
	t.Parallel()
	doc := readFile(t, "doc.go")
	if strings.Contains(doc, "@latest") {
		t.Error("doc.go tells to go install …@latest, which README says does not work")
	}
	if !strings.Contains(doc, "go install ./examples/compilemode") || !strings.Contains(readFile(t, "../../README.md"), "go install ./examples/compilemode") {
		t.Error("doc.go and README do not both install with go install ./examples/compilemode")
	}
}

// TestModesEvidenceAgrees: README's mode table labels each release with the evidence
// the report gives that release's mode table (it said "measured" for reduce-overhead
// on 2.1, which the report calls inferred).
func TestModesEvidenceAgrees(t *testing.T) {
	t.Parallel()
	readme := readFile(t, "../../README.md")
	row := regexp.MustCompile("(?m)^\\| `([a-z-]+)` \\| ([0-9.–]+) \\| `[^`]*` \\| ([^|]+) \\|$")
	rows := row.FindAllStringSubmatch(readme, -1)
	if len(rows) < 5 {
		t.Fatalf("README's mode table has %d rows", len(rows))
	}
	for _, m := range rows {
		mode, cell := m[1], strings.TrimSpace(m[3])
		for _, v := range modes.Supported() {
			if !releasesOf(t, m[2]).Contains(v) {
				continue
			}
			want := evidenceIn(cell, v)
			out, stderr, _ := runPlan(t, nil, "-torch", v.String(), "-mode", mode, "-no-env", "-json")
			var rep struct {
				Evidence struct{ Modes string }
			}
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatalf("%s on %s: %v %s", mode, v, err, stderr)
			}
			if rep.Evidence.Modes != want {
				t.Errorf("%s on %s: README says %q, the report %q", mode, v, want, rep.Evidence.Modes)
			}
		}
	}
}

// releasesOf parses "2.1–2.14" or "2.0".
func releasesOf(t *testing.T, s string) modes.Releases {
	from, to, ok := strings.Cut(s, "–")
	if !ok {
		to = from
	}
	a, err1 := modes.ParseVersion(from)
	b, err2 := modes.ParseVersion(to)
	if err1 != nil || err2 != nil {
		t.Fatalf("bad releases %q", s)
	}
	return modes.Releases{From: a, To: b}
}

// evidenceIn reads v's evidence from a cell: one kind, or "measured 2.6, 2.11;
// source 2.2; inferred 2.1, 2.3–2.5".
func evidenceIn(cell string, v modes.Version) string {
	if !strings.Contains(cell, " ") {
		return cell
	}
	for _, part := range strings.Split(cell, "; ") {
		kind, list, _ := strings.Cut(part, " ")
		for _, r := range strings.Split(list, ", ") {
			from, to, ok := strings.Cut(r, "–")
			if !ok {
				to = from
			}
			a, _ := modes.ParseVersion(from)
			b, _ := modes.ParseVersion(to)
			if (modes.Releases{From: a, To: b}).Contains(v) {
				return kind
			}
		}
	}
	return "(none)"
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.FromSlash(path))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
