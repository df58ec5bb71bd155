package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/inputerr"
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
	pyRe := regexp.MustCompile(`the Python (?:that runs it|` + "`X.Y`" + ` that runs PyTorch|X\.Y that runs PyTorch) \((3\.\d+)–(3\.\d+);`)
	docText := strings.Join(strings.Fields(strings.ReplaceAll(readFile(t, "doc.go"), "//", "")), " ")
	for name, text := range map[string]string{"README.md": readme, "-h": strings.Join(strings.Fields(out), " "), "doc.go": docText} {
		ms := pyRe.FindAllStringSubmatch(text, -1)
		if len(ms) == 0 {
			t.Errorf("%s names no Python range for -python: the test no longer checks it", name)
		}
		for _, m := range ms {
			if m[1] != py[0].String() || m[2] != py[len(py)-1].String() {
				t.Errorf("%s names the Pythons as %q, want %s–%s (pyver.Supported)", name, m[0], py[0], py[len(py)-1])
			}
		}
	}
	doc := readFile(t, "doc.go")
	modesDoc := readFile(t, "../../modes/doc.go")
	// Every "2.N to 2.M" / "2.N–2.M" that names the supported range.
	rangeRe := regexp.MustCompile(`(?:PyTorch |release, |release \(|releases,? |supports )(2\.\d+)(?:–| to )(2\.\d+)`)
	for name, text := range map[string]string{"README.md": readme, "doc.go": doc, "modes/doc.go": modesDoc, "-h": out} {
		ms := rangeRe.FindAllStringSubmatch(text, -1)
		if len(ms) == 0 && (name == "README.md" || name == "doc.go") {
			t.Errorf("%s names no supported range: the test no longer checks it", name)
		}
		for _, m := range ms {
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

// TestNoDoubledPrefix: an error names each layer once, in the user's words: no Go
// package prefix ("pyver: "), no layer twice ("python: pyver: …", "-schema: schema
// F: …"), for every flag and file that can be wrong.
func TestNoDoubledPrefix(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	badSchema := write("s.json", `{"format": "compilemode-schema/1", "torch": "2.11.0", "keys": [`)
	badScenario := write("sc.json", `{"python": "3.7"}`)
	badScript := write("b.py", "import torch\ntorch.compile(m, mode=\n")
	cases := [][]string{
		{"-python", "3.7"}, {"-python", "3.x"}, {"-torch", "3.0"}, {"-torch", "2.6,x"},
		{"-schema", badSchema}, {"-schema", filepath.Join(dir, "none.json")},
		{"-scenario", badScenario}, {"-scenario", badSchema}, {"-options", "{'a':"},
		{"-options", "@" + filepath.Join(dir, "none")}, {"-set", "x"}, {"-env", "=1"},
		{"-diagnose", filepath.Join(dir, "none")}, {"-script", badScript},
		{"-set", "torch._dynamo.config.x=1"}, {"-key", "nokey"}, {"-dynamic", "maybe"},
	}
	doubled := regexp.MustCompile(`(?:^|: )-?([\w.]+)(?::| [^:]*:) (?:-?)([\w.]+): `)
	names := packageNames(t)
	for _, n := range names {
		if !slices.Contains(inputerr.ModulePackages(), n) {
			t.Errorf("package %s is missing from inputerr.ModulePackages: its prefix would reach the user", n)
		}
	}
	pkg := regexp.MustCompile(`(?:^|: |\()(` + strings.Join(names, "|") + `): `)
	for _, args := range cases {
		_, stderr, code := runPlan(t, nil, append(args, "-no-env")...)
		if code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
		msg := strings.TrimPrefix(strings.TrimSpace(stderr), "compilemode: ")
		if m := doubled.FindStringSubmatch(msg); m != nil && strings.TrimPrefix(m[1], "-") == m[2] {
			t.Errorf("%q: %q names %q twice", args, msg, m[2])
		}
		if pkg.MatchString(msg) {
			t.Errorf("%q: %q has a Go package prefix", args, msg)
		}
	}
}

// packageNames returns the name of every package of the module but main, read from
// its files.
func packageNames(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	clause := regexp.MustCompile(`(?m)^package (\w+)$`)
	err := filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "../.." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if m := clause.FindSubmatch(data); m != nil && string(m[1]) != "main" {
			seen[string(m[1])] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for n := range seen {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// TestSchemaFileModes: a schema file's mode table goes through apply_options' type
// check, as PyTorch's apply_mode hands it there (torch/__init__.py @ 2.6.0, 2.14.1),
// and what comes from a user's file is labelled "file", never "measured" (usersweep:
// a mode setting triton.cudagraphs='yes' or 1e308 was accepted and labelled measured).
func TestSchemaFileModes(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../../testdata/torch/2.11/schema_live.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.UseNumber() // 50.0 stays a float
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tamper := func(name string, val any) string {
		for _, m := range doc["modes"].([]any) {
			mm := m.(map[string]any)
			if mm["mode"] == "reduce-overhead" {
				mm["options"] = []any{map[string]any{"key": "triton.cudagraphs", "value": val}}
			}
		}
		data, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	type report struct {
		Error  *struct{ Exception, Message, Evidence string }
		Config map[string]struct {
			Value    any
			Evidence string
		}
		Evidence struct{ Modes, Schema string }
	}
	for _, tc := range []struct {
		name string
		val  any
		want string // the error message, "" for none
	}{
		{"str", "yes", "Unexpected type of attr triton.cudagraphs, got str should be bool"},
		{"float", 1e308, "Unexpected type of attr triton.cudagraphs, got float should be bool"},
		{"int", 1, "Unexpected type of attr triton.cudagraphs, got int should be bool"},
		{"bool", true, ""},
	} {
		out, stderr, code := runPlan(t, nil, "-schema", tamper(tc.name+".json", tc.val), "-mode", "reduce-overhead", "-no-env", "-json")
		var rep report
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%s: %v (%s)", tc.name, err, stderr)
		}
		if rep.Evidence.Modes != "file" || rep.Evidence.Schema != "file" {
			t.Errorf("%s: evidence %+v, want file for the schema file's modes and keys", tc.name, rep.Evidence)
		}
		if tc.want == "" {
			if code != 0 || rep.Config["triton.cudagraphs"].Evidence != "file" {
				t.Errorf("%s: exit %d, triton.cudagraphs %+v, want 0 and evidence file", tc.name, code, rep.Config["triton.cudagraphs"])
			}
			continue
		}
		if code != 1 || rep.Error == nil || rep.Error.Message != tc.want || rep.Error.Evidence != "file" {
			t.Errorf("%s: exit %d, error %+v, want 1 and %q (evidence file)", tc.name, code, rep.Error, tc.want)
		}
	}
}

// TestScenarioJSONRefusals: what json.loads accepts but a scenario file refuses, on
// purpose and as the package doc says (usersweep: the doc said "read as json.loads
// reads it" without these exceptions).
func TestScenarioJSONRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct{ name, body, want string }{
		{"repeated key in options", `{"options": {"max_autotune": true, "max_autotune": false}}`, `key "max_autotune" appears twice`},
		{"repeated top-level key", `{"mode": "default", "mode": "max-autotune"}`, `key "mode" appears twice`},
		{"lone surrogate", `{"options": {"k": "\ud800"}}`, `lone UTF-16 surrogate \ud800`},
	} {
		p := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".json")
		if err := os.WriteFile(p, []byte(tc.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, code := runPlan(t, nil, "-scenario", p, "-no-env")
		if code != 2 || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "byte offset") {
			t.Errorf("%s: exit %d, stderr %q, want 2 and %q with its offset", tc.name, code, stderr, tc.want)
		}
	}
	doc := strings.Join(strings.Fields(strings.ReplaceAll(readFile(t, "../../graphs/doc.go"), "// ", "")), " ")
	for _, want := range []string{"a key repeated in one object", "lone UTF-16 surrogate escape"} {
		if !strings.Contains(doc, want) {
			t.Errorf("graphs doc does not document %q", want)
		}
	}
}

// TestKeyExitReason: -key and -keys print values only, so a status of 1 comes with one
// stderr line saying what raises (usersweep: README's case with -key exited 1 with
// nothing on stderr); a status of 0 prints nothing there.
func TestKeyExitReason(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"device fails", []string{"-mode", "reduce-overhead", "-devices", "2", "-threads", "per-device", "-key", "triton.cudagraphs"}, 1, "compilemode: exit 1: on torch 2.11 the first call on cuda:1 (user thread 1) raises AssertionError"},
		{"compile raises", []string{"-mode", "bogus", "-keys"}, 1, "compilemode: exit 1: torch 2.11 would raise RuntimeError (compile): Unrecognized mode=bogus"},
		{"compiles", []string{"-mode", "reduce-overhead", "-key", "triton.cudagraphs"}, 0, ""},
	} {
		out, stderr, code := runPlan(t, nil, append(tc.args, "-no-env")...)
		if code != tc.code || out == "" {
			t.Errorf("%s: exit %d, stdout %q, want %d and the values", tc.name, code, out, tc.code)
		}
		if tc.want == "" && stderr != "" || !strings.HasPrefix(stderr, tc.want) || strings.Count(stderr, "\n") > 1 {
			t.Errorf("%s: stderr %q, want one line starting %q", tc.name, stderr, tc.want)
		}
	}
}

// TestDiagnoseSweep: a 2.0 log's fix names its release, not "{torch}"; a release
// given with -torch is said to come from -torch, not from line 0; 2.0's
// mode-and-options RuntimeError is known to be printed by 2.0; a UTF-16LE log without
// a byte-order mark is read.
func TestDiagnoseSweep(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name string, body []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, body, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	mutation := write("m.log", []byte("PyTorch version: 2.0.1\nskipping cudagraphs due to input mutation\n"))
	both := write("b.log", []byte("RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.\n"))
	var u16 []byte
	for _, r := range "RuntimeError: CUDA error: capturing stream has unjoined work\n" {
		u16 = append(u16, byte(r), 0)
	}
	utf16 := write("u.log", u16)
	for _, tc := range []struct {
		name    string
		args    []string
		want    []string
		notWant []string
	}{
		{"placeholder", []string{"-diagnose", mutation}, []string{"torch 2.0 has no cudagraph trees"}, []string{"{torch}"}},
		{"placeholder json", []string{"-diagnose", mutation, "-json"}, []string{"torch 2.0 has no cudagraph trees"}, []string{"{torch}"}},
		{"from -torch", []string{"-diagnose", mutation, "-torch", "2.14"}, []string{"torch 2.14 (from -torch)", "torch 2.14 (from -torch) is not known to print this"}, []string{"from line 0", "(from the log)"}},
		{"2.0 mode and options", []string{"-diagnose", both, "-torch", "2.0"}, []string{"mode-and-options"}, []string{"not known to print"}},
		{"utf-16 without bom", []string{"-diagnose", utf16}, []string{"stream-capture-unjoined"}, []string{"no known signature"}},
	} {
		out, stderr, code := runPlan(t, []string{"COLUMNS=0"}, tc.args...)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", tc.name, code, stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", tc.name, w, out)
			}
		}
		for _, w := range tc.notWant {
			if strings.Contains(out, w) {
				t.Errorf("%s: output holds %q:\n%s", tc.name, w, out)
			}
		}
	}
}

// TestDocNamesEveryFlag: the command's doc, which README calls "every flag", names
// each flag -h lists (it lacked -python).
func TestDocNamesEveryFlag(t *testing.T) {
	t.Parallel()
	stdout, stderr, _ := runPlan(t, nil, "-h")
	doc := readFile(t, "doc.go")
	flags := regexp.MustCompile(`(?m)^  (-[a-z-]+)`).FindAllStringSubmatch(stdout+stderr, -1)
	if len(flags) < 20 {
		t.Fatalf("-h lists %d flags", len(flags))
	}
	for _, m := range flags {
		if !regexp.MustCompile(`//\s+` + regexp.QuoteMeta(m[1]) + `\b`).MatchString(doc) {
			t.Errorf("doc.go does not document %s", m[1])
		}
	}
}
