// Package answer is the web page's only door into the library: every call the page
// makes into graphs, graphs/diagnose, graphs/script, config and modes is in this file,
// so that the page's answers are the command's (examples/compilemode) by construction.
//
// Each entry point returns an [Answer]: the text the command prints (Report.WriteText,
// a release comparison's cliflags.Comparison.WriteText (-torch A,B: the command's own
// call, cliflags.Compare) and Script.WriteText at the command's width for a pipe,
// graphs.DefaultWidth;
// Diagnosis.WriteText at 100 columns, as -diagnose wraps with COLUMNS=100, where a
// pipe gets it unwrapped), the JSON it prints with -json (json.MarshalIndent with a
// one-space indent and a final newline), its exit status and, when the command would
// refuse the input, what it writes to stderr, and the notes it writes on stderr beside
// an answer (Answer.Notes). The functions hold no state and are safe for concurrent
// use.
package answer

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/examples/internal/cliflags"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/graphs/script"
	"github.com/compilemode/compilemode/internal/termtext"
	"github.com/compilemode/compilemode/modes"
)

// Answer is what the command prints for one input.
type Answer struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Text string    `json:"text"` // stdout without -json ("" when Stderr is set)
	// JSON is stdout with -json ("" when Stderr is set, or when not asked for: marshalling
	// every key of every report is most of an answer's time).
	JSON string `json:"json"`
	// View is the same data for the page to render, compact, with each report's config
	// cut to the changed keys (not the command's output), and the lines of the text the
	// data does not hold as they are, written by the library's own code (reportView,
	// diagnosisView, scriptView), so that the readable view says every line the text
	// says (newuser27).
	View   string `json:"view"`
	Stderr string `json:"stderr"` // the command's error line, "compilemode: …" ("" when none)
	Exit   int    `json:"exit"`   // the exit status: 0, 1 (PyTorch raises) or 2 (unusable input)
	// Notes are the lines the command writes on stderr beside its answer, after it
	// ("compilemode: note: …", "compilemode: hint: …"; "" when none), which change
	// neither the answer nor its exit status: built by the command's own code
	// (cliflags.ScriptNotes, cliflags.ScriptHint). The view holds them in the page's
	// words, as "notes". Where the command refuses too (Stderr), Stderr holds them
	// before its error line, as the command writes them.
	Notes string `json:"notes,omitempty"`
	// Log is the text the command reads from a log's bytes (Options.LogText):
	// decompressed and decoded by diagnose.NewTextReader, up to LogTextMax bytes ("" when
	// not asked for, or when the bytes are no text the command reads); LogCut says it
	// goes on past them.
	Log    string `json:"log,omitempty"`
	LogCut bool   `json:"log_cut,omitempty"`
}

// LogTextMax is the most bytes of a log's text an Answer carries (Answer.Log): the
// page's limit on what it reads (16 MiB), which a gzip'd file's text may pass.
const LogTextMax = 16 << 20

// Options say which forms of an answer to compute: the text is always there.
type Options struct {
	JSON bool `json:"json"` // the command's -json output
	// LogText asks Diagnose for the text it read (Answer.Log): the page shows a file's
	// text as the command reads its bytes (sweep7 finding 1).
	LogText bool `json:"log_text"`
}

// Call is the compile call and workload of the page's form, in the command's terms.
type Call struct {
	// Args are the torch.compile flags as the command line gives them (-no-env, -torch,
	// -python, -mode, -options, -set, -env, -backend, -dynamic, -fullgraph), parsed by
	// the command's own flag
	// set. The page always gives -no-env: the host is then the fixed default host
	// (graphs.Scenario.Host), not the browser's.
	// The count flags (-devices, -callers, -sizes, -thread-pool, -graph-breaks) may be
	// among them too, as the form's text: they are read as the command reads them
	// (cliflags.Int: decimal, 1.5 refused) and written over Workload's counts.
	Args []string `json:"args"`
	// Workload is the workload, as a scenario file's "workload" object.
	Workload graphs.Workload `json:"workload"`
}

// PageReadsNoFiles is the page's answer to -options @FILE: the form's options field
// holds the dict itself (sweep8 #13).
const PageReadsNoFiles = "the page reads no files: paste the dict itself into the options field"

// Check answers the call as `compilemode ARGS WORKLOAD-FLAGS` does: a -torch that
// lists releases (2.6,2.11) is the command's comparison of them (compare).
func Check(c Call, o Options) Answer {
	fs := flag.NewFlagSet("compilemode", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	compile := cliflags.Compile{NoFiles: PageReadsNoFiles}
	compile.Register(fs)
	// -fullgraph is the command's own flag (examples/compilemode), read as it reads it.
	fullgraph := fs.Bool("fullgraph", false, "")
	w := c.Workload
	counts := map[string]*int{"devices": &w.Devices, "callers": &w.Callers, "sizes": &w.DistinctSizes,
		"thread-pool": &w.ThreadPool, "graph-breaks": &w.GraphBreaks}
	for name, p := range counts {
		cliflags.IntVar(fs, p, name, *p, "")
	}
	if err := fs.Parse(c.Args); err != nil {
		return refuse(err)
	}
	given := workloadGiven(w)
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if err := cliflags.CheckCounts(given, map[string]int{"devices": w.Devices, "callers": w.Callers, "sizes": w.DistinctSizes}); err != nil {
		return refuse(err)
	}
	words := cliflags.Wording{Given: given, Compile: &compile}
	sc, err := compile.Scenario(given, nil, nil)
	if err != nil {
		return refuseWorded(words, err, 2)
	}
	sc.Workload = w
	if given["fullgraph"] {
		sc.Fullgraph = fullgraph
	}
	if cliflags.Releases(compile.Torch.Value) != nil {
		return compare(sc, compile.Torch.Value, words, o)
	}
	rep, err := graphs.Check(sc)
	if err != nil {
		return refuseWorded(words, err, graphs.InputError.Code())
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text, graphs.TextOptions{Width: graphs.DefaultWidth}); err != nil {
		return refuse(err)
	}
	return answer(o, text.String(), rep, reportViewOf(rep), rep.Exit.Code())
}

// compare answers a release comparison, `compilemode -torch A,B …` (the page's
// "Compare with release"), with the command's own call, cliflags.Compare: its text,
// its JSON (format cliflags.CompareFormat) and, for the readable view, its text's
// blocks and each release's report (compareView).
func compare(sc *graphs.Scenario, torch string, words cliflags.Wording, o Options) Answer {
	cmp, err := cliflags.Compare(sc, torch, nil)
	if err != nil {
		return refuseWorded(words, err, graphs.InputError.Code())
	}
	var text bytes.Buffer
	if err := cmp.WriteText(&text, graphs.DefaultWidth); err != nil {
		return refuse(err)
	}
	v := compareView{Torch: cmp.Torch, Exit: cmp.Exit, Blocks: cmp.Blocks()}
	for _, r := range cmp.Reports {
		v.Reports = append(v.Reports, reportViewOf(r))
	}
	return answer(o, text.String(), cmp, v, cmp.Code())
}

// compareView is a release comparison as the page renders it: the blocks of its text
// (paragraphs and tables, cliflags.Comparison.Blocks: every line the text says) and,
// under them, each release's report side by side (its changed keys, its plan).
type compareView struct {
	Torch   []string         `json:"compare"`
	Exit    []graphs.Exit    `json:"exits"`
	Blocks  []cliflags.Block `json:"blocks"`
	Reports []*reportView    `json:"reports"`
}

// LogName is the name the page's command gives its log: `compilemode -diagnose run.log`.
const LogName = "run.log"

// Diagnose answers a log as `compilemode -diagnose run.log` does (LogName): log is
// the file's bytes, read as the command reads them (gzip decompressed, UTF-16 and
// UTF-32 decoded; text typed or pasted is UTF-8).
func Diagnose(log string, o Options) Answer {
	return DiagnoseFor(log, "", o)
}

// DiagnoseFor answers a log as `compilemode -torch TORCH -diagnose run.log` does, the
// page's Log tab with its release chosen (torch "": the log's own, -torch not given;
// newuser28 #7: the page had no way to read a log for a release).
func DiagnoseFor(log, torch string, o Options) Answer {
	if torch != "" {
		if _, err := diagnose.ParseTorch(torch); err != nil {
			return refuse(fmt.Errorf("-torch: %w", err))
		}
	}
	d, err := diagnose.Options{Torch: torch}.Read(strings.NewReader(log))
	if err != nil {
		a := refuse(fmt.Errorf("-diagnose %s: %w", LogName, err))
		a.Log, a.LogCut = logText(log, o)
		return a
	}
	var text bytes.Buffer
	if err := d.WriteText(&text); err != nil {
		return refuse(err)
	}
	v := diagnosisViewOf(d)
	var notes []string
	if cliflags.ReadsAsScript(d, []byte(log), LogName) {
		notes, v.Notes = []string{cliflags.ScriptHint("-script " + LogName)}, escaped(cliflags.ScriptHint(PageScriptTab))
	}
	a := answer(o, text.String(), d, v, 0)
	a.Notes = stderrLines(notes)
	a.Log, a.LogCut = logText(log, o)
	return a
}

// PageScriptTab is what plans a script on the page, where the command's -diagnose
// hint names -script FILE (cliflags.ScriptHint): the readable view's words.
const PageScriptTab = "the Script tab"

// stderrLines returns lines as the command writes them on stderr: each after
// "compilemode: ", control characters escaped, and a newline.
func stderrLines(lines []string) string {
	var b strings.Builder
	for _, l := range escaped(lines...) {
		b.WriteString("compilemode: " + l + "\n")
	}
	return b.String()
}

// escaped returns lines with their control characters escaped, as the command writes
// them (nil for none).
func escaped(lines ...string) []string {
	var out []string
	for _, l := range lines {
		out = append(out, termtext.Escape(l))
	}
	return out
}

// logText returns the text diagnose reads from log's bytes, up to LogTextMax bytes,
// and whether it goes on past them, when o asks for it ("" for bytes it refuses).
func logText(log string, o Options) (string, bool) {
	if !o.LogText {
		return "", false
	}
	r, err := diagnose.NewTextReader(strings.NewReader(log))
	if err != nil {
		return "", false
	}
	// A read error (a gzip stream cut short) ends the text where it ends.
	data, _ := io.ReadAll(io.LimitReader(r, LogTextMax+1))
	if len(data) <= LogTextMax {
		return string(data), false
	}
	data = data[:LogTextMax]
	for i := 1; i < utf8.UTFMax; i++ { // not a rune cut in two
		if r, n := utf8.DecodeLastRune(data); r != utf8.RuneError || n != 1 {
			break
		}
		data = data[:len(data)-1]
	}
	return string(data), true
}

// Script answers a script as `compilemode -no-env [-torch TORCH] [-python PYTHON]
// -script NAME` does (torch "": not given, so the script's sites are planned on the
// default release; python "": not given, so each site's release's Python; name "" or
// "-": `-script - < FILE`, which the command names <stdin>). A Python given must
// compile the file: a form only newer ones accept is its SyntaxError, as the command
// says it.
func Script(name, src, torch, python string, o Options) Answer {
	if name == "" || name == "-" {
		name = "<stdin>"
	}
	// The release planned decides a guard on torch.__version__, as the command's
	// ReadWith does (newuser21 finding 1: the page left such a guard open and planned
	// both branches where the command plans one).
	release := torch
	if release == "" {
		release = modes.DefaultRelease().String()
	}
	s, err := script.ReadWith(strings.NewReader(src), script.ReadOptions{Name: name, Torch: release})
	if ve := (*modes.VersionError)(nil); errors.As(err, &ve) {
		// The release's refusal in -torch's words, as PlanWith's below (ReadWith checks
		// the release too).
		return refuseWorded(cliflags.Wording{Given: map[string]bool{"torch": torch != "", "python": python != ""}}, err, 2)
	}
	if err != nil {
		var se *script.SyntaxError
		if errors.As(err, &se) {
			return refuse(fmt.Errorf("%s: %s", se.Where(), se.Msg))
		}
		return refuse(fmt.Errorf("-script %s: %w", name, err))
	}
	if python != "" {
		var se *script.SyntaxError
		// A version with no data is the planner's not-planned line, below, as the
		// command's (TestScriptNotPlannedExit).
		if err := s.SyntaxFor(python); errors.As(err, &se) {
			return refuse(fmt.Errorf("%s: %s", se.Where(), se.Msg))
		}
	}
	planned, err := s.PlanWith(script.PlanOptions{CLI: graphs.Scenario{Torch: torch, Python: python, Env: map[string]string{}}})
	if err != nil {
		return refuseWorded(cliflags.Wording{Given: map[string]bool{"torch": torch != "", "python": python != ""}}, err, 2)
	}
	var text bytes.Buffer
	if err := planned.WriteText(&text, graphs.DefaultWidth); err != nil {
		return refuse(err)
	}
	v := scriptViewOf(planned)
	// The page gives no -env and no command line: cliflags.EnvArgvNotes has none.
	notes := cliflags.ScriptNotes(planned, name, python != "")
	v.Notes = escaped(notes...)
	a := answer(o, text.String(), planned, v, scriptExit(planned))
	a.Notes = stderrLines(notes)
	if msg := scriptUnusable(name, planned); msg != "" {
		a.Stderr, a.Exit = a.Notes+msg, 2
	}
	return a
}

// scriptUnusable is what the command says on stderr, with exit 2, after a script's
// plans (examples/compilemode script.go): a limit hit, or a site not planned (a Python
// or release the scenario cannot use); "" when neither (sweep5 finding 6: the page
// said "exit 0: no plan shown raises" where the command exits 2).
func scriptUnusable(name string, s *script.Script) string {
	var b strings.Builder
	line := func(format string, args ...any) {
		b.WriteString("compilemode: " + termtext.Escape(fmt.Sprintf(format, args...)) + "\n")
	}
	if w := s.LimitHit(); w != nil {
		line("%s:%d: a limit was hit, the plan is incomplete: %s", name, w.Line, w.Message)
		return b.String()
	}
	for _, st := range s.Sites {
		if st.PlanError != "" {
			line("%s:%d: this torch.compile site is not planned: %s", name, st.Line, cliflags.UserWords(st.PlanError))
		}
	}
	return b.String()
}

// DefaultCall is the page's first question, the README's case: reduce-overhead on the
// default release, two devices, one thread each.
func DefaultCall() Call {
	return Call{
		Args:     []string{"-no-env", "-torch", modes.DefaultRelease().String(), "-mode", string(modes.ReduceOverhead), "-devices", "2"},
		Workload: graphs.Workload{Threads: graphs.PerDevice, MutatedInputs: graphs.NoMutation},
	}
}

// Releases lists the PyTorch releases known, oldest first, and the default one.
func Releases() (all []string, latest string) {
	for _, v := range modes.Supported() {
		all = append(all, v.String())
	}
	return all, modes.DefaultRelease().String()
}

// Pythons lists the Python releases the command's -python takes, oldest first, then
// the free-threaded builds (3.13t, 3.14t: CPython has them from 3.13, PEP 703).
func Pythons() []string {
	var out, ft []string
	for _, v := range pyver.Supported() {
		out = append(out, v.String())
		if !v.Less(pyver.Version{Major: 3, Minor: 13}) {
			ft = append(ft, v.String()+"t")
		}
	}
	return append(out, ft...)
}

// Modes lists every mode name some release knows, in the order of the mode table.
func Modes() []string {
	var out []string
	seen := map[modes.Mode]bool{}
	for _, r := range modes.ModeRows() {
		if !seen[r.Mode] {
			seen[r.Mode] = true
			out = append(out, string(r.Mode))
		}
	}
	return out
}

// Threads lists the thread layouts of a workload.
func Threads() []string {
	ts := []graphs.Threads{graphs.MainThread, graphs.OneThread, graphs.PerDevice, graphs.PerThread, graphs.Callers}
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = string(t)
	}
	return out
}

// answer marshals v as the command's -json does (when asked), and view for the page.
func answer(o Options, text string, v, view any, exit int) Answer {
	a := Answer{Text: text, Exit: exit}
	if o.JSON {
		data, err := json.MarshalIndent(v, "", " ")
		if err != nil {
			return refuse(err)
		}
		a.JSON = string(data) + "\n"
	}
	data, err := json.Marshal(view)
	if err != nil {
		return refuse(err)
	}
	a.View = string(data)
	return a
}

// reportView is a report as the page's readable view renders it: its changed keys
// (light) and, in Text, the lines of the command's text that its JSON does not hold
// as they are (newuser27: the readable view said less than the text).
type reportView struct {
	*graphs.Report
	Text reportText `json:"text"`
}

// reportText holds the lines of Report.WriteText that the page shows as they are.
type reportText struct {
	Heading      string `json:"heading"`                 // Report.Heading
	Keys         int    `json:"keys"`                    // the release's keys: "Changed keys (3 of 543)"
	HostDefaults string `json:"host_defaults,omitempty"` // Report.HostDefaults
	Explain      string `json:"explain,omitempty"`       // Report.ExplainText
	Raises       string `json:"raises,omitempty"`        // RaisedError.Where of its error: "torch.compile raises"
}

// textOf returns r's reportText (zero for a nil r).
func textOf(r *graphs.Report) reportText {
	if r == nil {
		return reportText{}
	}
	return reportText{Heading: r.Heading(), Keys: len(r.Config), HostDefaults: r.HostDefaults(), Explain: r.ExplainText(), Raises: r.Error.Where()}
}

// reportViewOf returns r's view (nil for a nil r).
func reportViewOf(r *graphs.Report) *reportView {
	if r == nil {
		return nil
	}
	return &reportView{Report: light(r), Text: textOf(r)}
}

// diagnosisView is a diagnosis as the page renders it: the lines of
// Diagnosis.WriteText that its JSON does not hold as they are, each whole, worded for
// the page (PageHints).
type diagnosisView struct {
	*diagnosisFields
	// Findings are the diagnosis's, their fixes and notes worded for the page
	// (Diagnosis.FindingsWith(PageHints): "from \"read for release\"", not "from -torch")
	Findings     []diagnose.Finding `json:"findings"`
	Plan         *reportView        `json:"plan"`
	HeadLines    []string           `json:"head_lines"`    // Diagnosis.HeadLinesWith(PageHints)
	FindingHeads []string           `json:"finding_heads"` // Finding.Head of each finding
	PlanLines    []string           `json:"plan_lines"`    // Diagnosis.PlanLinesWith(PageHints)
	// Notes are Answer.Notes in the page's words: the hint names the Script tab
	// (PageScriptTab) where the command's names -script FILE.
	Notes []string `json:"notes,omitempty"`
}

// diagnosisFields are a Diagnosis's fields without its methods: its MarshalJSON,
// promoted, would write the Diagnosis alone and drop the view's own fields.
type diagnosisFields diagnose.Diagnosis

// PageHints returns the readable view's words for the page's own controls where the
// command's text names its flags (newuser28 #7: the page told its user "-torch X.Y
// reads the text for one" and "-json has the whole report"; then "(from -torch)" for the
// release "read for release" chose). The page has no -all: its JSON view holds the
// plan's changed keys only, as the command's -json does. The Text and JSON views keep
// the command's words: they are what the command prints.
func PageHints() diagnose.Hints {
	return diagnose.Hints{
		Torch: `"read for release" above sets one`,
		Given: `from "read for release"`,
		Whole: "the JSON view has the report with the changed keys",
	}
}

func diagnosisViewOf(d *diagnose.Diagnosis) *diagnosisView {
	h := PageHints()
	v := &diagnosisView{diagnosisFields: (*diagnosisFields)(d), Findings: d.FindingsWith(h), Plan: reportViewOf(d.Plan), HeadLines: d.HeadLinesWith(h), PlanLines: d.PlanLinesWith(h)}
	for _, f := range d.Findings {
		v.FindingHeads = append(v.FindingHeads, f.Head())
	}
	return v
}

// scriptView is a planned script as the page renders it: its JSON, the lines of its
// text before the first site (the file's counts, globals with their guards,
// environment, threads, warnings), the head of each of a site's plans after its first,
// and the text's lines of each report, by its index in the JSON's "plans".
type scriptView struct {
	Script *script.Script `json:"script"`
	Header []string       `json:"header"`
	// Heads are, per site, the lines of its text that head a plan or name one shown
	// before ("-- when … does not run:", "-- if the mode is \"default\" (…):", "the same
	// plan as …"), in the text's order.
	Heads [][]string   `json:"heads"`
	Plans []reportText `json:"plans_text"`
	Notes []string     `json:"notes,omitempty"` // Answer.Notes' lines, without "compilemode: "
}

// unwrapped is a width no line of a script's text reaches: each of its paragraphs is
// one line.
const unwrapped = 1 << 30

func scriptViewOf(s *script.Script) *scriptView {
	v := &scriptView{Script: s, Heads: make([][]string, len(s.Sites))}
	var b strings.Builder
	if s.WriteText(&b, unwrapped) != nil {
		return v
	}
	lines := strings.Split(b.String(), "\n")
	end := slices.Index(lines, "")
	if end < 0 {
		return v
	}
	v.Header = lines[:end]
	site := -1
	for _, l := range lines[end:] {
		if site+1 < len(s.Sites) && strings.HasPrefix(l, fmt.Sprintf("%s:%d ", s.File, s.Sites[site+1].Line)) {
			site++
			continue
		}
		if site >= 0 && (strings.HasPrefix(l, "  -- ") || strings.HasPrefix(l, "  the same plan as ")) {
			v.Heads[site] = append(v.Heads[site], strings.TrimPrefix(l, "  "))
		}
	}
	v.Plans = plansText(s)
	return v
}

// plansText returns the reportText of each distinct report of s, in the order of the
// JSON's "plans" (script.Script.MarshalJSON: each site's report, its branches', then
// each mode's and its branches').
func plansText(s *script.Script) []reportText {
	var out []reportText
	seen := map[*graphs.Report]bool{}
	add := func(r *graphs.Report) {
		if r != nil && !seen[r] {
			seen[r] = true
			out = append(out, textOf(r))
		}
	}
	for _, st := range s.Sites {
		p := st.Plan
		if p == nil {
			continue
		}
		add(p.Report)
		for _, b := range p.Branches {
			add(b.Report)
		}
		for _, mp := range p.Modes {
			add(mp.Report)
			for _, b := range mp.Branches {
				add(b.Report)
			}
		}
	}
	return out
}

// light returns a copy of r whose config holds only the changed keys.
func light(r *graphs.Report) *graphs.Report {
	if r == nil {
		return nil
	}
	out := *r
	out.Config = nil
	for _, k := range r.Config {
		if k.Changed {
			out.Config = append(out.Config, k)
		}
	}
	return &out
}

// refuseWorded is the command's answer to an error of the call its flags give: exit
// code and one stderr line, worded as the command words it (cliflags.Wording, with
// the flags the page's command line shows), control characters escaped.
func refuseWorded(words cliflags.Wording, err error, code int) Answer {
	return Answer{Stderr: "compilemode: " + termtext.Escape(words.Error(err)) + "\n", Exit: code}
}

// workloadGiven returns the workload flags the page's command line shows for w (its
// app.js workloadFlags): those whose field is set, as a flag given to the command.
func workloadGiven(w graphs.Workload) map[string]bool {
	given := map[string]bool{}
	data, err := json.Marshal(w)
	if err != nil {
		return given
	}
	var fields map[string]any
	if json.Unmarshal(data, &fields) != nil {
		return given
	}
	for _, f := range script.WorkloadFlags() {
		switch v := fields[f.Field].(type) {
		case nil:
		case bool:
			given[f.Flag] = v
		case float64:
			given[f.Flag] = v != 0
		case string:
			given[f.Flag] = v != ""
		}
	}
	return given
}

// refuse is the command's answer to unusable input: exit 2 and one stderr line, worded
// as the command words it (no Go package prefixes, control characters escaped).
func refuse(err error) Answer {
	return Answer{Stderr: "compilemode: " + termtext.Escape(cliflags.UserWords(err.Error())) + "\n", Exit: 2}
}

// scriptExit is 1 when any plan shown for a site that runs raises, else 0 (the command's rule:
// script.Script.Exit).
func scriptExit(s *script.Script) int {
	if s.Exit() == graphs.Raises {
		return 1
	}
	return 0
}
