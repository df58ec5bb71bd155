package diagnose_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/width"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/modes"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// planView is the part of a plan a golden file keeps: the full report (every config
// key) is graphs' to test.
type planView struct {
	Torch    string              `json:"torch"`
	Mode     *string             `json:"mode"`
	Exit     graphs.Exit         `json:"exit"`
	Error    *graphs.RaisedError `json:"error"`
	Outcomes []string            `json:"outcomes"`
	Warnings []string            `json:"warnings"`
}

// render is what a golden file holds: the JSON (the plan cut to its outcomes and
// warning codes), then the text.
func render(t *testing.T, d *diagnose.Diagnosis) string {
	t.Helper()
	view := *d
	view.Plan = nil
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(view); err != nil {
		t.Fatal(err)
	}
	if d.Plan != nil {
		pv := planView{Torch: d.Plan.Torch, Mode: d.Plan.Mode, Exit: d.Plan.Exit, Error: d.Plan.Error, Outcomes: []string{}, Warnings: []string{}}
		for _, dev := range d.Plan.CUDAGraphs.Devices {
			pv.Outcomes = append(pv.Outcomes, fmt.Sprintf("cuda:%d %s %s %s", dev.Device, dev.Thread, dev.Outcome, dev.Implementation))
		}
		for _, w := range d.Plan.Warnings {
			pv.Warnings = append(pv.Warnings, string(w.Code))
		}
		b.WriteString("plan:\n")
		if err := enc.Encode(pv); err != nil {
			t.Fatal(err)
		}
	}
	b.WriteString("---\n")
	if err := d.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestGolden reads every log under testdata/logs and compares the JSON and text with
// testdata/golden/<log>.golden (rewritten with -update).
func TestGolden(t *testing.T) {
	t.Parallel()
	logs, err := filepath.Glob("testdata/logs/*")
	if err != nil || len(logs) == 0 {
		t.Fatalf("no logs: %v", err)
	}
	for _, path := range logs {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			d, err := diagnose.Read(f)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			got := render(t, d)
			golden := filepath.Join("testdata", "golden", name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("Read(%s) mismatch (-want +got):\n%s", path, diff)
			}
		})
	}
}

type summary struct {
	Torch string
	Codes []diagnose.Code
	Lines []int
}

func summarize(d *diagnose.Diagnosis) summary {
	s := summary{Torch: d.Torch}
	for _, f := range d.Findings {
		s.Codes = append(s.Codes, f.Code)
		s.Lines = append(s.Lines, f.Line)
	}
	return s
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "logs", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRead checks the codes, lines and release each log gives.
func TestRead(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		log    string
		want   summary
		reason string
	}{{
		name:   "interleaved ranks",
		log:    readFile(t, "trees_tls_ranks.log"),
		want:   summary{Torch: "2.5", Codes: []diagnose.Code{diagnose.TreesUserThreadTLS}, Lines: []int{13}},
		reason: "[rankN]: prefixes are stripped; the release comes from the dist-info path",
	}, {
		name: "two codes",
		log:  readFile(t, "trees_callers.log"),
		want: summary{Torch: "2.11", Codes: []diagnose.Code{diagnose.TreesConcurrentCallers, diagnose.StreamCaptureIllegal},
			Lines: []int{7, 13}},
		reason: "measured on 2.11: concurrent callers and an invalidated capture in one log; \"with torch 2.11.0\" in prose is read (the lowest rank)",
	}, {
		name:   "CRLF and REPL version",
		log:    readFile(t, "legacy_moved_crlf.log"),
		want:   summary{Torch: "2.7", Codes: []diagnose.Code{diagnose.LegacyStaticInputMoved}, Lines: []int{10}},
		reason: "Windows line ends; torch.__version__ printed on the next line",
	}, {
		name:   "CRLF same as LF",
		log:    strings.ReplaceAll(readFile(t, "trees_callers.log"), "\n", "\r\n"),
		want:   summary{Torch: "2.11", Codes: []diagnose.Code{diagnose.TreesConcurrentCallers, diagnose.StreamCaptureIllegal}, Lines: []int{7, 13}},
		reason: "line numbers do not change with CRLF",
	}, {
		name:   "ANSI colours",
		log:    readFile(t, "dynamic_rerecord_ansi.log"),
		want:   summary{Torch: "2.11", Codes: []diagnose.Code{diagnose.DynamicShapeRerecord}, Lines: []int{1}},
		reason: "escape sequences are removed before matching",
	}, {
		name:   "prose and quotes around a traceback",
		log:    readFile(t, "overwritten_issue.md"),
		want:   summary{Torch: "2.14", Codes: []diagnose.Code{diagnose.OverwrittenOutput}, Lines: []int{15}},
		reason: "a pasted issue: markdown, > quotes, collect_env below",
	}, {
		name:   "chained tracebacks",
		log:    readFile(t, "stream_capture_chained.log"),
		want:   summary{Codes: []diagnose.Code{diagnose.StreamCaptureIllegal}, Lines: []int{4}},
		reason: "one finding per code, at its first line",
	}, {
		name:   "legacy list form needs the trees flag",
		log:    readFile(t, "legacy_mutated_22.log"),
		want:   summary{Torch: "2.2", Codes: []diagnose.Code{diagnose.LegacyMutatedInput}, Lines: []int{3}},
		reason: "the trees flag set False elsewhere in the log makes the skip a legacy one, superseding skip-mutated-inputs",
	}, {
		name:   "list form without the flag",
		log:    readFile(t, "skip_mutated_22.log"),
		want:   summary{Torch: "2.2", Codes: []diagnose.Code{diagnose.SkipMutatedInputs}, Lines: []int{2}},
		reason: "without the flag in the log, never guess the implementation",
	}, {
		name:   "unrelated error",
		log:    readFile(t, "none_oom.log"),
		want:   summary{},
		reason: "an out-of-memory error is outside the vocabulary",
	}, {
		name:   "look-alike prose",
		log:    readFile(t, "none_lookalike.log"),
		want:   summary{},
		reason: "prose about skips and a skip reason outside the vocabulary (bisector) give nothing",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.log))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if diff := cmp.Diff(tt.want, summarize(d)); diff != "" {
				t.Errorf("Read mismatch (-want +got) (%s):\n%s", tt.reason, diff)
			}
		})
	}
}

// TestEveryCode checks that the logs under testdata/logs and the real texts under
// testdata/corpus/texts show every code that has a signature, and that only silent
// codes have none.
func TestEveryCode(t *testing.T) {
	t.Parallel()
	rows := map[diagnose.Code]bool{}
	for _, s := range diagnose.Signatures() {
		rows[s.Code] = true
	}
	seen := map[diagnose.Code]bool{}
	for path, r := range diagnose.TextReads(t) { // shared with TestCorpus
		if r.Err != nil {
			t.Fatalf("%s: %v", path, r.Err)
		}
		for _, fd := range r.D.Findings {
			seen[fd.Code] = true
		}
	}
	for _, c := range diagnose.Codes() {
		if c.Silent() {
			if rows[c] {
				t.Errorf("silent code %s has a signature row", c)
			}
			continue
		}
		if rows[c] == c.Planned() {
			t.Errorf("code %s: has a signature row %v, planned %v (one or the other)", c, rows[c], c.Planned())
		}
		if !seen[c] {
			t.Errorf("no log under testdata/logs or testdata/corpus/texts shows %s", c)
		}
	}
}

// TestSignatures checks the rows: known codes, releases in order, evidence and
// source given, tailored fixes inside the row's releases.
func TestSignatures(t *testing.T) {
	t.Parallel()
	known := map[diagnose.Code]bool{}
	for _, c := range diagnose.Codes() {
		known[c] = true
	}
	for i, s := range diagnose.Signatures() {
		checkRow(t, i, s, known)
	}
}

// validReleases reports whether a row's releases are well formed: supported releases,
// or from 2.0 (a text 2.0 printed is recognised, though 2.0 is not planned).
func validReleases(r modes.Releases) bool {
	if r.From == (modes.Version{Major: 2, Minor: 0}) {
		r.From = modes.First()
		return r.Valid() || r.To == (modes.Version{Major: 2, Minor: 0})
	}
	return r.Valid()
}

func checkRow(t *testing.T, i int, s diagnose.Signature, known map[diagnose.Code]bool) {
	t.Helper()
	switch {
	case !known[s.Code]:
		t.Errorf("row %d: unknown code %q", i, s.Code)
	case len(s.Literal) < 4 || s.Cause == "" || s.Fix == "" || s.Source == "" || s.Decisive == "":
		t.Errorf("row %d (%s): a literal of 4 bytes or more, cause, fix, source and decisive are required", i, s.Code)
	case s.Evidence != "measured" && s.Evidence != "source":
		t.Errorf("row %d (%s): evidence %q, want measured or source", i, s.Code, s.Evidence)
	case !validReleases(s.Releases):
		t.Errorf("row %d (%s): releases %s to %s", i, s.Code, s.Releases.From, s.Releases.To)
	}
	for _, tf := range s.Tailored {
		if !tf.Releases.Valid() || tf.Releases.From.Less(s.Releases.From) || s.Releases.To.Less(tf.Releases.To) {
			t.Errorf("row %d (%s): tailored fix for %s outside the row's releases", i, s.Code, tf.Releases)
		}
	}
}

// TestTailoredFix: the fix follows the release the log shows.
func TestTailoredFix(t *testing.T) {
	t.Parallel()
	tls := "    assert torch._C._is_key_in_tls(attr_name)\nAssertionError\n"
	tests := []struct {
		name, log, wantIn, reason string
	}{
		{"2.11", "PyTorch version: 2.11.0\n" + tls, "triton.cudagraph_trees=False also runs", "globals are process-wide up to 2.11"},
		{"2.12", "PyTorch version: 2.12.0\n" + tls, "passed through options=", "globals are per thread from 2.12"},
		{"no release", tls, "triton.cudagraph_trees=False also runs", "the general fix"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.log))
			if err != nil || len(d.Findings) != 1 {
				t.Fatalf("Read = %v, %v", d, err)
			}
			if !strings.Contains(d.Findings[0].Fix, tt.wantIn) {
				t.Errorf("fix %q lacks %q (%s)", d.Findings[0].Fix, tt.wantIn, tt.reason)
			}
		})
	}
}

// TestRecovered checks the compile call recovered from logs.
func TestRecovered(t *testing.T) {
	t.Parallel()
	d, err := diagnose.Read(strings.NewReader(readFile(t, "mode_and_options.log")))
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(d.Recovered)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"python":"3.11","mode":"max-autotune","options":"{\"triton.cudagraphs\": False}","workload":{}}` // python: the log's site-packages path
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("Recovered mismatch (-want +got):\n%s", diff)
	}
	d, err = diagnose.Read(strings.NewReader(readFile(t, "allocator_async.log")))
	if err != nil {
		t.Fatal(err)
	}
	if d.Recovered == nil || d.Recovered.Workload.Allocator != "cudaMallocAsync" {
		t.Errorf("Recovered = %+v, want the cudaMallocAsync allocator from PYTORCH_CUDA_ALLOC_CONF", d.Recovered)
	}
}

func TestEmpty(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"", "\n\n", " \r\n\t\n"} {
		if _, err := diagnose.Read(strings.NewReader(in)); !errors.Is(err, diagnose.ErrEmpty) {
			t.Errorf("Read(%q) error = %v, want ErrEmpty", in, err)
		}
	}
}

type failingReader struct{ n int }

var errDisk = errors.New("disk on fire")

func (r *failingReader) Read(p []byte) (int, error) {
	if r.n > 0 {
		r.n--
		return copy(p, "one line\n"), nil
	}
	return 0, errDisk
}

func TestReadError(t *testing.T) {
	t.Parallel()
	_, err := diagnose.Read(&failingReader{n: 2})
	var re *diagnose.ReadError
	if !errors.As(err, &re) || !errors.Is(err, errDisk) {
		t.Fatalf("Read error = %v, want a *ReadError wrapping errDisk", err)
	}
	if re.Line != 3 { // two whole lines were read: the error came while reading line 3 (issue 23)
		t.Errorf("ReadError.Line = %d, want 3", re.Line)
	}
}

// TestLongLine: a 10 MB line with the message at its start and at its end is read
// without error; the quote stays bounded.
func TestLongLine(t *testing.T) {
	t.Parallel()
	filler := strings.Repeat("'some_key', ", 10<<20/12)
	msg := "RuntimeError: Unexpected optimization option cudagraphs, known options are ["
	for _, tt := range []struct{ name, log string }{
		{"message first", msg + filler + "]\n"},
		{"message last", filler + " RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.\n"},
		// Across the end of the first window: found whole in the next, which the
		// overlap starts with (wrapped matching skips windows of one line, hostile2).
		{"message across a window", strings.Repeat("x", diagnose.WindowBytes-40) + " RuntimeError: Either mode or options can be specified, but both can't be specified at the same time. " + filler[:1<<20] + "\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader("before\n" + tt.log + "after\n"))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if len(d.Findings) != 1 || d.Findings[0].Line != 2 {
				t.Fatalf("findings = %+v, want one on line 2", d.Findings)
			}
			if n := utf8.RuneCountInString(d.Findings[0].Quote); n > diagnose.MaxQuoteRunes {
				t.Errorf("quote has %d runes, want at most %d", n, diagnose.MaxQuoteRunes)
			}
		})
	}
}

// TestTextWidth: every line of the text output fits TextWidth, and nothing is cut.
func TestTextWidth(t *testing.T) {
	t.Parallel()
	logs, _ := filepath.Glob("testdata/logs/*")
	for _, path := range logs {
		b, _ := os.ReadFile(path)
		d, err := diagnose.Read(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := d.WriteText(&out); err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(out.String(), "\n") {
			if n := utf8.RuneCountInString(line); n > diagnose.TextWidth {
				t.Errorf("%s: text line %d has %d runes: %q", path, i+1, n, line)
			}
		}
		words := strings.Join(strings.Fields(out.String()), " ")
		for _, f := range d.Findings {
			if !strings.Contains(words, strings.Join(strings.Fields(f.Cause), " ")) {
				t.Errorf("%s: the text lost part of the cause of %s", path, f.Code)
			}
		}
	}
}

// TestFixesMatchPlanner: where the planner has warnings of a code on a release, a
// signature of that code gives one of their fixes on that release, so the two tables
// cannot drift. The rows below state a fix the planner has no warning for.
func TestFixesMatchPlanner(t *testing.T) {
	t.Parallel()
	ownFix := map[string]string{
		"gradient tensor output of CUDAGraphs": "a .grad buffer in the graph's pool: the planner models no gradient accumulation",
		"requires the caching allocator":       "on 2.14 the planner reports this skip with rule skip-uncached-allocator, not a warning (the fix is its 2.13 warning's)",
		"CUDA MemPool contexts":                "the planner models no user MemPool (torch.cuda.use_mem_pool) inside a compiled function",
	}
	// Rows whose literal is exactly these (a fragment would also exempt cudaMallocAsync's
	// row, whose literal holds the generic one's).
	ownLiteral := map[string]string{
		"pluggable does not yet support checkPoolLiveAllocations": "the planner models no pluggable allocator " +
			"(torch.cuda.memory.change_current_allocator); its fix is for cudaMallocAsync",
		" does not yet support checkPoolLiveAllocations": "any other allocator's name(): the planner models none",
	}
	// Rows whose fix begins so: their cause is none of the planner's conditions for the
	// code (the random generator's check and the allocator's pool left recording after a
	// capture that failed, rows_more.go rngLeftCapturingRows: no planner scenario fails a
	// capture).
	ownFixStart := []string{"find the capture's first error earlier in the log", "find the failed capture's first error earlier in the log"}
	for i, s := range diagnose.Signatures() {
		if _, ok := ownLiteral[s.Literal]; ok || own(s.Literal, ownFix) || slices.ContainsFunc(ownFixStart, func(p string) bool { return strings.HasPrefix(s.Fix, p) }) {
			continue
		}
		for _, v := range modes.Supported() {
			if !s.Releases.Contains(v) {
				continue
			}
			fix := s.Fix
			for _, tf := range s.Tailored {
				if tf.Releases.Contains(v) {
					fix = tf.Fix
					break
				}
			}
			var planner []string
			for _, h := range graphs.Hazards() {
				if h.Code == string(s.Code) && h.Releases.Contains(v) {
					planner = append(planner, h.Fix)
				}
			}
			if len(planner) > 0 && !slices.Contains(planner, fix) {
				t.Errorf("row %d (%s, %q) on %s: fix %q is none of the planner's: %q", i, s.Code, s.Literal, v, fix, planner)
			}
		}
	}
}

func own(literal string, rows map[string]string) bool {
	for frag := range rows {
		if strings.Contains(literal, frag) {
			return true
		}
	}
	return false
}

// TestUTF16: a log saved as UTF-16 with a byte-order mark (Windows PowerShell's >) is
// decoded, not silently read as noise.
func TestUTF16(t *testing.T) {
	t.Parallel()
	text := "Traceback (most recent call last):\r\n    assert torch._C._is_key_in_tls(attr_name)\r\nAssertionError\r\n"
	for _, le := range []bool{true, false} {
		b := []byte{0xFE, 0xFF}
		if le {
			b = []byte{0xFF, 0xFE}
		}
		for _, r := range text {
			if le {
				b = append(b, byte(r), byte(r>>8))
			} else {
				b = append(b, byte(r>>8), byte(r))
			}
		}
		d, err := diagnose.Read(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Findings) != 1 || d.Findings[0].Code != "trees-user-thread-tls" || d.Findings[0].Line != 2 {
			t.Errorf("little-endian %v: findings %+v, want trees-user-thread-tls on line 2", le, d.Findings)
		}
	}
	if _, err := diagnose.Read(nil); err == nil {
		t.Error("Read(nil) = nil error")
	}
	if err := (*diagnose.Diagnosis)(nil).WriteText(io.Discard); err == nil {
		t.Error("nil Diagnosis WriteText = nil error")
	}
}

// TestReleaseOutsideRow: torch 2.14 with the TLS assert, which the row knows up to 2.13
// (the report that asked for this): the finding stays, with a note naming both
// releases, the 2.13 fix without "upgrade to 2.14", and the release once atop the text.
// 2.14 has the assert's fix (PR #184357): the note says so, and that an older torch
// printed it (fix brief 29, finding 1).
func TestReleaseOutsideRow(t *testing.T) {
	t.Parallel()
	d, err := diagnose.Read(strings.NewReader(readFile(t, "trees_tls_214.log")))
	if err != nil || len(d.Findings) != 1 {
		t.Fatalf("Read = %+v, %v", d, err)
	}
	f := d.Findings[0]
	if d.Torch != "2.14" || d.TorchLine != 18 {
		t.Errorf("torch %q on line %d, want 2.14 on line 18", d.Torch, d.TorchLine)
	}
	if strings.Contains(f.Fix, "upgrade to 2.14") || !strings.Contains(f.Fix, "passed through options=") {
		t.Errorf("fix %q: want the 2.12–2.13 fix without the upgrade to 2.14", f.Fix)
	}
	for _, want := range []string{"torch 2.14 (from the log)", "2.14 has the fix", "runs a torch older than 2.14"} {
		if !strings.Contains(f.Note, want) {
			t.Errorf("note %q lacks %q", f.Note, want)
		}
	}
	var out bytes.Buffer
	if err := d.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "torch 2.14 (from line 18)\n\nline 13: trees-user-thread-tls\n") ||
		strings.Count(out.String(), "torch 2.14 (from line") != 1 {
		t.Errorf("text does not start with the release line once:\n%s", out.String())
	}
}

// TestNoRelease: a log without a release gives a torch line that says so, and no note.
func TestNoRelease(t *testing.T) {
	t.Parallel()
	d, err := diagnose.Read(strings.NewReader("    assert torch._C._is_key_in_tls(attr_name)\n"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := d.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "torch: not stated in the text (") || d.Findings[0].Note != "" {
		t.Errorf("without a release: a torch line that says so and no note, got note %q and\n%s", d.Findings[0].Note, out.String())
	}
}

// TestRowCoveringRelease: where two rows of a code match one line, the one whose
// releases include the release the log shows gives the finding (guard_filter_fn is
// known to torch.compile from 2.8, so 2.9 gets the general unknown-option row).
func TestRowCoveringRelease(t *testing.T) {
	t.Parallel()
	msg := "RuntimeError: Unexpected optimization option guard_filter_fn, known options are ['a']\n"
	for _, tt := range []struct{ torch, wantIn string }{
		{"2.5.1", "upgrade to 2.8"},
		{"2.9.0", "check the key's spelling"},
	} {
		d, err := diagnose.Read(strings.NewReader("PyTorch version: " + tt.torch + "\n" + msg))
		if err != nil || len(d.Findings) != 1 {
			t.Fatalf("Read = %+v, %v", d, err)
		}
		if f := d.Findings[0]; !strings.Contains(f.Fix, tt.wantIn) || f.Note != "" {
			t.Errorf("torch %s: fix %q (note %q), want one with %q and no note", tt.torch, f.Fix, f.Note, tt.wantIn)
		}
	}
}

// TestInferences checks the table (known codes, fields graphs knows, edits that
// normalize) and what logs with a compile call infer.
func TestInferences(t *testing.T) {
	t.Parallel()
	for i, r := range diagnose.Inferences() {
		if !slices.Contains(diagnose.Codes(), r.Code) || r.Code.Silent() {
			t.Errorf("row %d: code %q", i, r.Code)
		}
		w := r.Set
		if r.MinDevices > w.Devices {
			w.Devices = r.MinDevices
		}
		if _, err := w.Normalize(); err != nil {
			t.Errorf("row %d (%s): %v", i, r.Code, err)
		}
		if (r.Capture != "") != strings.Contains(r.Quote, "(") {
			t.Errorf("row %d (%s): capture %q needs a group in quote %q", i, r.Code, r.Capture, r.Quote)
		}
	}
	call := "model = torch.compile(model, mode=\"reduce-overhead\")\n"
	tests := []struct {
		name, log string
		want      string // Recovered.Workload and Inferred as JSON
	}{
		{"callers", call + "RuntimeError: beginAllocateToPool: already recording to mempool_id\n",
			`{"threads":"callers"} {"threads":"trees-concurrent-callers"}`},
		{"thread on one GPU", call + "    assert torch._C._is_key_in_tls(attr_name)\n",
			`{"threads":"per-thread"} {"threads":"trees-user-thread-tls"}`},
		{"two ranks", call + "[rank0]:ok\n[rank1]:    assert torch._C._is_key_in_tls(attr_name)\n",
			`{"devices":2,"threads":"per-device"} {"devices":"trees-user-thread-tls","threads":"trees-user-thread-tls"}`},
		{"op named", call + "skipping cudagraphs due to disabling cudagraphs due to incompatible op aten._local_scalar_dense.default Found from\n",
			`{"incompatible_op":"aten._local_scalar_dense.default"} {"incompatible_op":"skip-incompatible-op"}`},
		{"op not named", call + "skipping cudagraphs due to ['incompatible ops']\n", `{} null`},
		{"sizes", call + "CUDAGraph supports dynamic shapes by recording a new graph for each distinct input size. Recording too many CUDAGraphs may lead to extra overhead. We have observed 9 distinct sizes.\n",
			// 9 recorded: under dynamic=None the run had 10 sizes (the first compiled static).
			`{"dynamic_shapes":true,"distinct_sizes":10} {"distinct_sizes":"dynamic-shape-rerecord","dynamic_shapes":"dynamic-shape-rerecord"}`},
		// Past graphs.MaxDistinctSizes the count is dropped and the next row, without
		// it, applies.
		{"sizes past the limit", call + "CUDAGraph supports dynamic shapes by recording a new graph for each distinct input size. Recording too many CUDAGraphs may lead to extra overhead. We have observed 2000000 distinct sizes.\n",
			`{"dynamic_shapes":true} {"dynamic_shapes":"dynamic-shape-rerecord"}`},
		{"multiple devices", call + "skipping cudagraphs due to skipping cudagraphs due to multiple devices: device(type='cuda', index=0), device(type='cuda', index=1)\n",
			`{"devices":2,"span_devices":true} {"devices":"skip-multiple-devices","span_devices":"skip-multiple-devices"}`},
		{"allocator from the env kept", "PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync " + call +
			"RuntimeError: cudaMallocAsync does not yet support checkPoolLiveAllocations. If you need it, please file an issue.\n",
			`{"allocator":"cudaMallocAsync"} null`},
		{"uncached", call + "skipping cudagraphs due to skipping cudagraphs due to cudagraph capture requires the caching allocator; current allocator is uncached\n",
			`{"allocator":"uncached"} {"allocator":"allocator-incompatible"}`},
		{"no call, nothing planned", "    assert torch._C._is_key_in_tls(attr_name)\n", `null null`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.log))
			if err != nil {
				t.Fatal(err)
			}
			var w any
			if d.Recovered != nil {
				w = d.Recovered.Workload
			}
			a, _ := json.Marshal(w)
			b, _ := json.Marshal(d.Inferred)
			if diff := cmp.Diff(tt.want, string(a)+" "+string(b)); diff != "" {
				t.Errorf("workload and inferred mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// termColumns is how many terminal columns s takes (a CJK wide rune two).
func termColumns(s string) int {
	n := 0
	for _, r := range s {
		switch width.LookupRune(r).Kind() {
		case width.EastAsianWide, width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

// oneWordLine is a line of one word after its field's prefix: a word longer than the
// width stays whole (a path, a key), on a line of its own.
var oneWordLine = regexp.MustCompile(`^\s*(?:\| |cause: |fix: |note: )?\s*\S+$`)

// TestWriteTextWidth: at every width each line fits (in terminal columns, a CJK rune
// taking two) unless it is one word longer than the width, and no word is lost; a width of 0 puts each field on one line; a width
// under MinTextWidth is taken as MinTextWidth.
func TestWriteTextWidth(t *testing.T) {
	t.Parallel()
	logs, _ := filepath.Glob("testdata/logs/*")
	cjk := "错误日志：" + strings.Repeat("中文说明", 12) + " RuntimeError: CUDA error: capturing stream has unjoined work " + strings.Repeat("全角文字", 10) + "\n"
	texts := map[string]string{"cjk": cjk}
	for _, path := range logs {
		b, _ := os.ReadFile(path)
		texts[path] = string(b)
	}
	tests := []struct{ width, limit int }{{0, 0}, {7, diagnose.MinTextWidth}, {40, 40}, {57, 57}, {80, 80}, {132, 132}}
	for name, text := range texts {
		d, err := diagnose.Read(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		var flat bytes.Buffer
		require.NoError(t, d.WriteTextWidth(&flat, 0))
		want := strings.Join(strings.Fields(flat.String()), " ")
		for _, tt := range tests {
			var out bytes.Buffer
			require.NoError(t, d.WriteTextWidth(&out, tt.width))
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			for i, line := range lines {
				if tt.limit > 0 && termColumns(line) > tt.limit && !oneWordLine.MatchString(line) {
					t.Errorf("%s at width %d: line %d takes %d columns: %q", name, tt.width, i+1, termColumns(line), line)
				}
			}
			if tt.width == 0 {
				fields := 0
				for _, f := range d.Findings {
					fields += 4 + len(f.Culprits) // a from line each
					if f.Note != "" {
						fields++
					}
				}
				fields++ // the "torch X.Y (from line N)" or "torch: not stated" line, findings or none (newuser27 #3)
				if len(d.Findings) == 0 {
					fields += 3 // NoSignature, ScopeCovers, ScopeLacks (newuser28 #3)
					if d.TracebackCut > 0 {
						fields++ // "the traceback on line N ends before its exception line: …"
					}
				}
				fields += planLines(d)
				blanks := strings.Count(out.String(), "\n\n")
				require.Equal(t, fields, len(lines)-blanks, "%s: one line per field", name)
			}
			if got := strings.Join(strings.Fields(out.String()), " "); !sameWords(got, want) {
				t.Errorf("%s at width %d lost or changed words", name, tt.width)
			}
		}
	}
}

// sameWords reports whether a and b hold the same text once line breaks inside long
// words (a word split across lines) are closed up and the quote's "|" continuation
// marks are left out.
func sameWords(a, b string) bool {
	strip := strings.NewReplacer(" ", "", "|", "")
	return strip.Replace(a) == strip.Replace(b)
}

// planLines is how many lines the plan block of d's text takes at width 0: its heading,
// then the raise, the switch that turns compiling off, or one line per device plan.
func planLines(d *diagnose.Diagnosis) int {
	switch {
	case d.Recovered == nil: // with or without findings (sweep6 finding 4)
		return 0
	case d.Plan == nil && d.PlanError != "":
		return 1
	case d.Plan == nil:
		return 0
	case d.Plan.Error != nil && d.Plan.Error.Hint != "":
		return 3 // the error, then its hint (fix brief 29, finding 4)
	case d.Plan.Error != nil || d.Plan.CompileDisabled:
		return 2
	}
	return 1 + len(d.Plan.CUDAGraphs.Devices)
}
