package main

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// TestVersion checks -version: three lines, module, Go, releases.
func TestVersion(t *testing.T) {
	t.Parallel()
	out, stderr, code := runPlan(t, nil, "-version")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "compilemode ") || !strings.HasPrefix(lines[1], "go") ||
		lines[2] != "PyTorch releases: 2.0, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 2.7, 2.8, 2.9, 2.10, 2.11, 2.12, 2.13, 2.14" {
		t.Errorf("-version printed %q", out)
	}
}

// TestVersionText checks the module line for each kind of build.
func TestVersionText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		bi     *debug.BuildInfo
		ok     bool
		want   string
		reason string
	}{
		{"tagged", &debug.BuildInfo{GoVersion: "go1.25.0", Main: debug.Module{Version: "v1.2.0"}}, true, "compilemode v1.2.0", "go install …@v1.2.0"},
		{"checkout", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"}}}, true,
			"compilemode (devel) (revision 0123456789ab, modified)", "go build in a checkout records the revision"},
		{"checkout-no-vcs", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "compilemode (devel)", "-buildvcs=false"},
		{"no-info", nil, false, "compilemode (no build information)", "built without module support"},
	}
	for _, tc := range tests {
		got := strings.SplitN(versionText(tc.bi, tc.ok, "go1.26.0"), "\n", 2)[0]
		if got != tc.want {
			t.Errorf("%s: module line %q, want %q (%s)", tc.name, got, tc.want, tc.reason)
		}
	}
}

// TestTextFitsWidth: when stdout is not a terminal, no line of text output is wider
// than 100 columns, for every scenario under testdata/scenarios, with and without -all.
func TestTextFitsWidth(t *testing.T) {
	t.Parallel()
	// -all adds the same 543 key lines to every file's output: three files check them
	// (the measured release, a raising one, the field reports'), every file the rest.
	allFor := map[string]bool{}
	for name := range scenarioFiles(t) {
		if len(allFor) < 3 && (strings.Contains(name, "2.11") || strings.Contains(name, "field-") || strings.Contains(name, "drafters")) {
			allFor[name] = true
		}
	}
	for name, path := range scenarioFiles(t) {
		for _, all := range []bool{false, true} {
			if all && !allFor[name] {
				continue
			}
			args := []string{"-no-env", "-scenario", path}
			if all {
				args = append(args, "-all")
			}
			out, stderr, code := runPlan(t, nil, args...)
			if code == 2 {
				t.Fatalf("%s: exit 2: %s", name, stderr)
			}
			checkWidth(t, name, out, 100)
		}
	}
}

// TestUsage checks -h: written on stdout (a pager or grep reads it; a new user's
// `compilemode -h | less` showed nothing), every registered flag is listed, under a
// topic, and no line is wider than 100 columns.
func TestUsage(t *testing.T) {
	t.Parallel()
	help, errOut, code := runPlan(t, nil, "-h")
	if code != 0 {
		t.Fatalf("-h: exit %d", code)
	}
	if errOut != "" {
		t.Errorf("-h wrote on stderr: %q", errOut)
	}
	checkWidth(t, "-h", help, 100)
	for _, topic := range []string{"The compile call", "Globals and environment", "The workload", "Output"} {
		if !strings.Contains(help, "\n"+topic) {
			t.Errorf("-h lacks the topic %q", topic)
		}
	}
	if strings.Contains(help, "Other flags") {
		t.Errorf("-h lists flags under no topic:\n%s", help[strings.Index(help, "Other flags"):])
	}
	for _, name := range []string{"torch", "mode", "options", "set", "env", "devices", "threads", "scenario", "json", "all", "version"} {
		if !strings.Contains(help, "  -"+name+" ") && !strings.Contains(help, "  -"+name+"\n") {
			t.Errorf("-h lacks -%s", name)
		}
	}
	if n := strings.Count(help, "example: "); n != len(helpGroups) {
		t.Errorf("-h has %d examples, want one per topic (%d)", n, len(helpGroups))
	}
}

func checkWidth(t *testing.T, name, out string, width int) {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for i := 1; sc.Scan(); i++ {
		if n := utf8.RuneCountInString(sc.Text()); n > width && !longTokenLine(sc.Text(), width) {
			t.Errorf("%s: line %d is %d columns wide: %q", name, i, n, sc.Text())
		}
	}
}

// longTokenLine reports whether line is over width only because of its last word, a
// token (a path, a key) longer than a column, which wrapping keeps whole (sweep
// finding 15): the line without it fits.
func longTokenLine(line string, width int) bool {
	line = strings.TrimRight(line, " ")
	i := strings.LastIndexByte(line, ' ')
	return i >= 0 && utf8.RuneCountInString(strings.TrimRight(line[:i], " ")) <= width && utf8.RuneCountInString(line[i+1:]) > 8
}

// TestREADMESample: every README sample (a text block whose first line is
// "$ compilemode ARGS") is what the command prints, so that none can go stale. Only
// the host's CPU count (compile_threads) may differ. A line "…" stands for lines left
// out (the Quick start's excerpts): the lines between are the output's, in order,
// each run of them whole, and a sample that neither starts nor ends with "…" is the
// whole output. Paths are the repository root's (the test runs there: not parallel);
// -diagnose is wrapped as in a 100-column terminal, as README says.
func TestREADMESample(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	samples := readmeSamples(string(data))
	if len(samples) < 4 {
		t.Fatalf("README has %d sample blocks, want the first screen's three and the drafters' case", len(samples))
	}
	for _, block := range samples {
		cmdLine, want, _ := strings.Cut(block, "\n")
		args := shellFields(strings.TrimPrefix(cmdLine, "$ compilemode "))
		got, stderr, code := runPlan(t, []string{"COLUMNS=100"}, args...)
		if code == 2 {
			t.Fatalf("README's command %q: exit 2: %s", cmdLine, stderr)
		}
		want, got = cpus.ReplaceAllString(want, "compile_threads=<cpus>"), cpus.ReplaceAllString(got, "compile_threads=<cpus>")
		if !strings.Contains(want, "…\n") {
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("README sample of %q is stale (-README +command):\n%s", cmdLine, diff)
			}
			continue
		}
		if part := excerptMissing(want, got); part != "" {
			t.Errorf("README excerpt of %q is stale: the command's output has no\n%s\nwhere README shows it; the output:\n%s", cmdLine, part, got)
		}
	}
}

// excerptMissing returns the first part of want, an excerpt whose lines "…" stand for
// lines left out, that got does not hold where want puts it (a part after the last
// "…" ends got, one before the first starts it, each after the one before), and ""
// when got holds them all.
func excerptMissing(want, got string) string {
	parts := strings.Split("\n"+want, "\n…\n")
	at := 0
	parts[0] = strings.TrimPrefix(parts[0], "\n") // the "\n" put before want
	for i, part := range parts {
		if part == "" {
			continue
		}
		if i < len(parts)-1 {
			part += "\n" // the line before a "…" ends with its newline
		}
		j := strings.Index(got[at:], part)
		switch {
		case j < 0, i == 0 && j != 0, i == len(parts)-1 && at+j+len(part) != len(got),
			j > 0 && got[at+j-1] != '\n':
			return part
		}
		at += j + len(part)
	}
	return ""
}

// readmeSamples returns README's sample blocks, each its command line and output.
func readmeSamples(readme string) []string {
	const start = "```text\n$ compilemode "
	var out []string
	for {
		i := strings.Index(readme, start)
		if i < 0 {
			return out
		}
		block := readme[i+len("```text\n"):]
		block = block[:strings.Index(block, "\n```")+1]
		out = append(out, block)
		readme = readme[i+len(start):]
	}
}

// shellFields splits a README command line as sh does for the quoting README uses:
// blanks outside quotes separate words, and single or double quotes group.
func shellFields(line string) []string {
	var words []string
	var w strings.Builder
	var quote rune
	inWord := false
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			w.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ':
			if inWord {
				words = append(words, w.String())
				w.Reset()
			}
			inWord = false
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}

// TestREADMETestCommand: .ci/run runs exactly the test command README gives.
func TestREADMETestCommand(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile(filepath.Join("..", "..", ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	const cmd = "go test -race -timeout 60m ./..."
	if !bytes.Contains(readme, []byte("\n"+cmd+" ")) || !bytes.Contains(ci, []byte("\n"+cmd+"\n")) {
		t.Errorf("README and .ci/run must both give the test command %q", cmd)
	}
}

// TestExcerptMissing: an excerpt's parts are found in order, the first at the start
// and the last at the end unless "…" stands there, each whole lines.
func TestExcerptMissing(t *testing.T) {
	t.Parallel()
	got := "a\nb\nc\nd\ne\n"
	tests := []struct {
		want, missing, reason string
	}{
		{"a\nb\n…\n", "", "the first lines"},
		{"a\n…\nd\n…\n", "", "the first line, then one further on"},
		{"…\nc\nd\n…\n", "", "lines in the middle"},
		{"…\nd\ne\n", "", "the last lines"},
		{"a\n…\ne\n", "", "the first and the last"},
		{"b\n…\n", "b\n", "lookalike: the first part must start the output"},
		{"…\nd\n", "d\n", "lookalike: the last part must end it"},
		{"…\nd\n…\nb\n…\n", "b\n", "lookalike: out of order"},
		{"…\nx\n…\n", "x\n", "lookalike: not in the output"},
		{"…\nc\nx\n…\n", "c\nx\n", "lookalike: a run of lines must be whole"},
		{"…\n\nd\n…\n", "\nd\n", "lookalike: half a line is no line"},
	}
	for _, tt := range tests {
		if got := excerptMissing(tt.want, got); got != tt.missing {
			t.Errorf("%s: excerptMissing(%q) = %q, want %q", tt.reason, tt.want, got, tt.missing)
		}
	}
}
