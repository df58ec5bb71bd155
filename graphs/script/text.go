package script

import (
	"cmp"
	"fmt"
	"io"
	"strings"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/internal/textwrap"
)

// WriteText writes what the file sets once (its globals, environment, threads and
// warnings), then one block per site, headed "FILE:LINE CALL" with the call on one
// line, with its notes, the workload read from the script and each plan as
// [graphs.Report.WriteText] writes it; a plan shared with an earlier site is named,
// not repeated. width is in columns (0 or less: graphs.DefaultWidth). Call it on the
// result of [Script.PlanWith] (or [Script.Planned], which calls it): on a Script that
// Read returned, no site has a plan, and each site's block says so in a line "not
// planned: …". Do not
// depend on this output being stable. It returns an *inputerr.ZeroError for a nil s
// or w, and an error when w fails or panics.
//
// The three kinds of input write their text alike through WriteTextWidth(w, width):
// [graphs.Report.WriteTextWidth], [diagnose.Diagnosis.WriteTextWidth] and
// [Script.WriteTextWidth]; WriteText's arguments differ by kind (a Report's takes
// graphs.TextOptions, a Diagnosis's only w, a Script's w and width).
func (s *Script) WriteText(w io.Writer, width int) (err error) {
	return s.writeText("script.Script.WriteText", w, width)
}

// writeText is WriteText and WriteTextWidth, fn naming the one called in its errors.
func (s *Script) writeText(fn string, w io.Writer, width int) (err error) {
	if s == nil {
		return &inputerr.ZeroError{Func: fn, Arg: "the *Script (read one with Read)", Nil: true} // a zero Script is written: no site
	}
	w, err = inputerr.Writer(fn, w) // nil, typed nil, a panic, a bad count: an error
	if err != nil {
		return err
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("script: writing text: the writer panicked: %v", p)
		}
	}()
	if width <= 0 {
		width = graphs.DefaultWidth
	}
	tw := &textWriter{s: s, w: w, width: width, shown: map[*graphs.Report]string{}}
	tw.header()
	for i := range s.Sites {
		tw.site(&s.Sites[i])
	}
	return tw.err
}

// WriteTextWidth is WriteText: the signature the three kinds of input share
// ([graphs.Report.WriteTextWidth], [diagnose.Diagnosis.WriteTextWidth]).
func (s *Script) WriteTextWidth(w io.Writer, width int) error {
	return s.writeText("script.Script.WriteTextWidth", w, width)
}

// notPlanned is the line a site's block has in the text of a Script that PlanWith did
// not return.
const notPlanned = "not planned: this Script was not planned; call Script.PlanWith (or Planned) and write the Script it returns"

// textWriter writes one Script as text; the first error stops it.
type textWriter struct {
	s     *Script
	w     io.Writer
	width int
	shown map[*graphs.Report]string // reports written, by the label of where
	err   error
}

func (tw *textWriter) printer() *textwrap.Printer {
	return &textwrap.Printer{W: tw.w, Width: tw.width}
}

// header writes the file's own findings.
func (tw *textWriter) header() {
	s := tw.s
	p := tw.printer()
	summary := summaryLine(s)
	p.Para("", "    ", summary)
	if len(s.Sites) == 0 {
		p.Para("  ", "    ", noSites(s))
	}
	if len(s.Globals) > 0 {
		p.Line("  globals (in file order):")
		for _, g := range s.Globals {
			p.Para("    ", "      ", tw.inCell(g.Line, fmt.Sprintf("line %d: %s %s %s (%s)%s", g.Line, g.Key, cmp.Or(g.Op, "="), g.Value, g.Via, guardText(g.Guard))))
		}
	}
	if len(s.Env) > 0 {
		p.Line("  environment:")
		for _, e := range s.Env {
			p.Para("    ", "      ", tw.inCell(e.Line, envLine(e)))
		}
	}
	if len(s.EnvReads) > 0 {
		p.Line("  environment the script reads:")
		for _, e := range s.EnvReads {
			p.Para("    ", "      ", tw.inCell(e.Line, envReadLine(e)))
		}
	}
	if len(s.Threads) > 0 {
		p.Line("  threads and processes:")
		for _, t := range s.Threads {
			what := cmp.Or(t.Starter, string(t.Kind))
			if t.Target != "" {
				what += runVerb(t.Kind) + " `" + t.Target + "`"
			}
			p.Para("    ", "      ", tw.inCell(t.Line, fmt.Sprintf("line %d: %s", t.Line, what)))
		}
	}
	if len(s.Warnings) > 0 {
		p.Line("  warnings:")
		for _, x := range s.Warnings {
			p.Para("    ", "      ", fmt.Sprintf("[%s] %s", x.Code, tw.inCell(x.Line, fmt.Sprintf("line %d: %s", x.Line, x.Message))))
		}
	}
	p.Line("")
	tw.err = p.Err()
}

// inCell returns text, which begins "line N:" for line, with the code cell and its
// line after N when the file is a notebook, as a site's label has them (README:
// "positions also name the code cell and its line"; sweep10 finding 6).
func (tw *textWriter) inCell(line int, text string) string {
	c, at := cellOf(tw.s.cells, line)
	if c == 0 {
		return text
	}
	prefix := fmt.Sprintf("line %d:", line)
	if !strings.HasPrefix(text, prefix) {
		return text
	}
	return fmt.Sprintf("line %d (code cell %d, line %d):", line, c, at) + strings.TrimPrefix(text, prefix)
}

// summaryLine is the header's first line: the file and its counts.
func summaryLine(s *Script) string {
	kinds := map[string]int{}
	for _, g := range s.Globals {
		kinds[globalKind(g)]++
	}
	globals := count(kinds["Inductor"], "Inductor global")
	for _, k := range []string{"Dynamo", "torch.compiler.config"} {
		if kinds[k] > 0 {
			globals += " · " + count(kinds[k], k+" global")
		}
	}
	env := count(len(s.Env), "environment variable")
	if len(s.EnvReads) > 0 {
		env += fmt.Sprintf(" set, %d read", len(s.EnvReads)) // the reads decide guards too (sweep4 finding 6)
	}
	return fmt.Sprintf("%s: %s · %s · %s · %s", s.File, count(len(s.Sites), "compile site"),
		globals, env, count(len(s.Threads), "thread or process start"))
}

func guardText(g string) string {
	if g == "" {
		return ""
	}
	return " — conditional: " + g
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// site writes one site's block.
func (tw *textWriter) site(st *Site) {
	if tw.err != nil {
		return
	}
	label := fmt.Sprintf("%s:%d", tw.s.File, st.Line)
	if c, at := cellOf(tw.s.cells, st.Line); c > 0 {
		label += fmt.Sprintf(" (code cell %d, line %d)", c, at)
	}
	p := tw.printer()
	p.Para("", "    ", label+" "+st.Call)
	if st.Guard != "" {
		p.Para("  ", "    ", "conditional: "+st.Guard)
	}
	if st.NotRun != "" {
		p.Para("  ", "    ", "not run: "+st.NotRun)
	}
	for _, n := range st.Notes {
		p.Para("  ", "    ", "note: "+n)
	}
	writeInferred(p, st.Inferred)
	tw.notPlanned(p, st)
	if tw.err = p.Err(); tw.err != nil || st.Plan == nil {
		tw.line("")
		return
	}
	if len(st.Unfollowed) > 0 {
		p.Para("  ", "    ", "partial plan: "+strings.Join(st.Unfollowed, "; ")+" not followed: the keys it may set are not planned, so PyTorch may take another path or raise where the plans below do not")
	}
	if st.Plan.Report != nil {
		tw.report(st.Plan.Report, label, "")
		for _, b := range st.Plan.Branches {
			tw.report(b.Report, label+" ("+b.Assumes+")", "  -- when "+b.Assumes+":")
		}
	}
	plain, hasPlain := plainDefault(st)
	for _, mp := range st.Plan.Modes {
		tw.modePlan(mp, label, hasPlain && mp.plainRun(plain), plain.Default)
	}
	tw.line("")
}

// notPlanned writes why st has no plan: its PlanError, or notPlanned for a Script
// that PlanWith did not return.
func (tw *textWriter) notPlanned(p *textwrap.Printer, st *Site) {
	switch {
	case st.PlanError != "":
		p.Para("  ", "    ", "not planned: "+st.PlanError)
	case !tw.s.planned && st.Plan == nil:
		p.Para("  ", "    ", notPlanned)
	}
}

// plainRun reports whether mp is the plan of a run given nothing, whose mode is
// plain (plainDefault's): a candidate's, with no argument value that is not, or not
// known to be, a run given nothing's (ArgChoice.notPlain: one only the command line
// gives, newuser15 M2).
func (mp ModePlan) plainRun(plain Candidate) bool {
	return !mp.ModeGiven && !mp.notPlain && sameValue(mp.Mode, plain.Value)
}

// writeInferred writes one workload line per source line of the inferred fields,
// the fields a line shows joined.
func writeInferred(p *textwrap.Printer, inferred []Inference) {
	for i := 0; i < len(inferred); {
		in := inferred[i]
		var fields []string
		for ; i < len(inferred) && inferred[i].Line == in.Line && inferred[i].Shows == in.Shows; i++ {
			fields = append(fields, inferred[i].Field+"="+inferred[i].Value)
		}
		p.Para("  ", "    ", fmt.Sprintf("workload: %s (line %d: %s)", strings.Join(fields, ", "), in.Line, in.Shows))
	}
}

// modePlan writes the plan of one mode the site may get, and its branches, under a
// head naming the condition.
// A plan of the mode a run given nothing takes says so, and why (defaults.go).
func (tw *textWriter) modePlan(mp ModePlan, label string, plain bool, why string) {
	cond, what := modePlanCond(mp)
	head := "  -- if " + cond + ":"
	if plain {
		head = "  -- if " + cond + " (" + why + ": a run given nothing):"
	}
	if mp.Error != "" {
		tw.para(head + " not planned: " + mp.Error)
		return
	}
	tw.report(mp.Report, label+" ("+what+")", head)
	for _, b := range mp.Branches {
		tw.report(b.Report, label+" ("+what+"; "+b.Assumes+")", "  -- if "+cond+", when "+b.Assumes+":")
	}
}

// report writes rep, or names where it was written already.
func (tw *textWriter) report(rep *graphs.Report, label, head string) {
	if tw.err != nil || rep == nil {
		return
	}
	if where, ok := tw.shown[rep]; ok {
		tw.para(strings.TrimSpace(head+" the same plan as "+where) + " (the same scenario)")
		return
	}
	tw.shown[rep] = label
	if head != "" {
		tw.line("")
		tw.para(strings.TrimPrefix(head, "  ")) // wrapped: a head may name long guards
	} else {
		tw.line("")
	}
	if tw.err == nil {
		tw.err = rep.WriteText(tw.w, graphs.TextOptions{Width: tw.width})
	}
}

func (tw *textWriter) line(s string) {
	if tw.err == nil {
		_, tw.err = fmt.Fprintln(tw.w, s)
	}
}

func (tw *textWriter) para(s string) {
	if tw.err != nil {
		return
	}
	p := tw.printer()
	p.Para("  ", "    ", s)
	tw.err = p.Err()
}

// modePlanCond names what one of a site's plans assumes: the mode when it is one of
// the candidates, the arguments' values when they have alternatives ("the mode is
// \"default\" and options=None (line 3)"), and the same shortly for a label.
func modePlanCond(mp ModePlan) (cond, what string) {
	mode := "None"
	if mp.Mode != nil {
		mode = fmt.Sprintf("%q", *mp.Mode)
	}
	switch {
	case mp.Args == "":
		return "the mode is " + mode, "mode " + mode
	case mp.ModeGiven:
		return mp.Args, mp.Args
	}
	return "the mode is " + mode + " and " + mp.Args, "mode " + mode + ", " + mp.Args
}

// noSites is what the text says of a file without a site.
func noSites(s *Script) string {
	if hasCode(s.Warnings, WarningFrameworkCompile) {
		return "no torch.compile call in this file: a framework calls it (see the framework-compile warnings)"
	}
	return "no torch.compile site found"
}

// hasCode reports whether ws holds a warning with code.
func hasCode(ws []Warning, code string) bool {
	for _, w := range ws {
		if w.Code == code {
			return true
		}
	}
	return false
}

// envLine is the text of one variable the script sets.
func envLine(e EnvSet) string {
	v := "=(not a literal)"
	switch {
	case e.Unset:
		v = " removed"
	case e.Value != nil:
		v = fmt.Sprintf("=%q", *e.Value)
	}
	how := e.How
	if e.Kept != "" {
		how += "; already set (" + e.Kept + "), so it keeps that value: not planned"
	}
	return fmt.Sprintf("line %d: %s%s (%s)%s", e.Line, e.Name, v, how, guardText(e.Guard))
}

// envReadLine is one variable the script reads, with the value the environment
// planned gives it.
func envReadLine(e EnvRead) string {
	switch {
	case e.Value == nil && e.subscript && e.guard != "":
		return fmt.Sprintf("line %d: %s (not set in the environment planned: os.environ[%q] raises KeyError if that line runs; -env %s=V plans it)%s", e.Line, e.Name, e.Name, e.Name, guardText(e.guard))
	case e.Value == nil && e.subscript:
		return fmt.Sprintf("line %d: %s (not set in the environment planned: os.environ[%q] raises KeyError there; -env %s=V plans it)", e.Line, e.Name, e.Name, e.Name)
	case e.Value == nil:
		return fmt.Sprintf("line %d: %s (not set in the environment planned: the read's default)", e.Line, e.Name)
	}
	return fmt.Sprintf("line %d: %s=%q (%s)", e.Line, e.Name, *e.Value, e.From)
}

// runVerb is " run" after a kind that names threads in the plural ("anyio worker
// threads run `predict`", "request threads run …"), " runs" after one that names a call
// or a class ("threading.Thread runs `worker`").
func runVerb(k ThreadKind) string {
	if strings.HasSuffix(string(k), "threads") {
		return " run"
	}
	return " runs"
}
