package graphs

import (
	"fmt"
	"io"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/graphs/internal/textwrap"
	"github.com/compilemode/compilemode/modes"
)

// WriteTextWidth is WriteText with TextOptions{Width: width}: the signature the three
// kinds of input share, so that one call writes any of them:
// [Report.WriteTextWidth], diagnose's (*Diagnosis).WriteTextWidth and script's
// (*Script).WriteTextWidth, each with width in columns. Width 0 or less is
// DefaultWidth for a Report and a Script, and no wrapping for a Diagnosis (one line a
// field, for a file or a pipe; a width under diagnose.MinTextWidth is taken as that).
// WriteText's arguments differ by kind: a Report's takes TextOptions (All: every key),
// a Diagnosis's only w, a Script's w and width. On a nil receiver each returns an
// *inputerr.ZeroError in its own package's words ("graphs: Report.WriteTextWidth: the
// *Report (make one with Check) is nil"); a zero value is written.
func (r *Report) WriteTextWidth(w io.Writer, width int) error {
	if r == nil {
		return &inputerr.ZeroError{Func: "graphs.Report.WriteTextWidth", Arg: "the *Report (make one with Check)", Nil: true}
	}
	return r.WriteText(w, TextOptions{Width: width})
}

// TextOptions are the choices of [Report.WriteText].
type TextOptions struct {
	// All lists every key, not only the changed ones.
	All bool
	// Width is the line width in columns (runes); 0 means DefaultWidth. Lines are
	// wrapped, never cut, and no token is split: a key, path or number longer than
	// the width stays whole on a line of its own.
	Width int
}

// DefaultWidth is the text width when none is given: the width of a CI log or a
// terminal that cannot be measured.
const DefaultWidth = 100

// maxMessageBytes bounds PyTorch's unknown-option message in text output, which lists
// every key of the release (about 15 KB on 2.11); the JSON report holds it whole and
// the text says so where it elides.
const maxMessageBytes = 400

// WriteText writes the report for a person to read: the release, the changed keys, the
// CUDA-graph plan per device, the explanation and the warnings with their fixes. Do
// not depend on this output being stable; the JSON form is the contract.
func (r *Report) WriteText(w io.Writer, o TextOptions) error {
	if r == nil {
		return &inputerr.ZeroError{Func: "graphs.Report.WriteText", Arg: "the *Report (make one with Check)", Nil: true} // as diagnose's and script's
	}
	if o.Width <= 0 {
		o.Width = DefaultWidth
	}
	w, err := inputerr.Writer("Report.WriteText", w)
	if err != nil {
		return err
	}
	p := &textwrap.Printer{W: w, Width: o.Width}
	r.writeHeader(p)
	r.writeConfig(p, o.All)
	r.writePlan(p)
	if len(r.Warnings) > 0 {
		p.Line("")
		p.Line("Warnings:")
		writeWarnings(p, r.Warnings)
	}
	return p.Err()
}

// Heading is the report's first line as [Report.WriteText] writes it, unwrapped: the
// release, the schema and the evidence of each, the backend and the mode ("torch 2.11
// (schema 2.11.0+cu130, measured; modes measured) · backend inductor · mode=None").
// The web page's readable view shows it as it is; a nil r has none ("").
func (r *Report) Heading() string {
	if r == nil {
		return ""
	}
	mode := "None"
	if r.Mode != nil {
		mode = fmt.Sprintf("%q", *r.Mode)
	}
	return fmt.Sprintf("torch %s (schema %s, %s; modes %s%s) · backend %s · mode=%s",
		r.Torch, r.Schema, r.Evidence.Schema, r.Evidence.Modes, r.Evidence.facts(), r.Backend, mode)
}

func (r *Report) writeHeader(p *textwrap.Printer) {
	p.Para("", "  ", r.Heading())
	if r.Error == nil {
		return
	}
	where := r.Error.Where()
	p.Line("")
	p.Para("", "", fmt.Sprintf("%s (%s):", where, r.Error.Evidence))
	p.Para("  ", "    ", fmt.Sprintf("%s: %s", r.Error.Exception, elide(r.Error.Message)))
	if r.Error.Hint != "" {
		p.Para("  ", "    ", "hint: "+r.Error.Hint)
	}
}

// Where says when the error is raised, in words ("torch.compile raises", "the
// compiled function's first call raises"), by its Stage; "PyTorch raises" without one, "" for a nil e.
func (e *RaisedError) Where() string {
	if e == nil {
		return ""
	}
	if w := stageText[e.Stage]; w != "" {
		return w
	}
	if e.Stage == "" {
		return "PyTorch raises"
	}
	return e.Stage + " raises"
}

// stageText says when an error is raised, by config.Result.Stage.
var stageText = map[string]string{
	"parse":      "Python raises reading the call's text",
	"import":     "importing torch._inductor.config raises",
	"global":     "the global assignment raises",
	"patch":      "config.patch raises",
	"compile":    "torch.compile raises",
	"decorate":   "applying the torch.compile(...) decorator raises",
	"first-call": "the compiled function's first call raises",
	"recompile":  "a later call of the compiled function, which recompiles, raises",
	"stance":     "torch.compiler.set_stance raises",
	"framework":  "the framework raises before torch.compile is reached",
}

// elide shortens PyTorch's unknown-option message (every key of the release) for the
// terminal, saying so; -json prints it whole.
func elide(m string) string {
	if len(m) <= maxMessageBytes {
		return m
	}
	cut := maxMessageBytes
	for cut > 0 && !utf8Start(m[cut]) {
		cut--
	}
	return m[:cut] + fmt.Sprintf("… (%d bytes in all; -json prints it whole)", len(m))
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

func (r *Report) writeConfig(p *textwrap.Printer, all bool) {
	if len(r.Config) == 0 {
		return
	}
	var keys []KeyReport
	for _, k := range r.Config {
		if all || k.Changed {
			keys = append(keys, k)
		}
	}
	title := "Changed keys"
	if all {
		title = "All keys"
	}
	p.Line("")
	if len(keys) == 0 {
		p.Para("", "  ", fmt.Sprintf("Changed keys: none of %d (every key has its clean-environment default).", len(r.Config)))
	} else {
		p.Line(fmt.Sprintf("%s (%d of %d):", title, len(keys), len(r.Config)))
		t := p.Table("  ", "KEY", "VALUE", "SOURCE", "EVIDENCE")
		for _, k := range keys {
			t.Row(string(k.Key), k.Repr(), k.Source, string(k.Evidence))
		}
		t.Flush()
	}
	if !all {
		r.writeHostDefaults(p)
	}
}

// writeHostDefaults writes HostDefaults, when there are any.
func (r *Report) writeHostDefaults(p *textwrap.Printer) {
	if line := r.HostDefaults(); line != "" {
		p.Para("  ", "    ", line)
	}
}

// HostDefaults names the defaults computed for this machine, which differ from one
// machine to the next, as [Report.WriteText] writes them under the changed keys
// ("host-dependent defaults: compile_threads=2, cpp.cxx=(None, 'g++'); 3 install paths
// (-all)"): only values still at their default (a value the user set, by a global, the
// environment or options, is the user's, not the machine's). It returns "" when
// there are none (or the report's config was cut to its changed keys), or for a nil r.
func (r *Report) HostDefaults() string {
	if r == nil {
		return ""
	}
	var host, paths []string
	for _, k := range r.Config {
		if k.Evidence != modes.Host || k.Source != "default" {
			continue
		}
		if strings.HasSuffix(string(k.Key), "_dir") {
			paths = append(paths, string(k.Key))
			continue
		}
		host = append(host, fmt.Sprintf("%s=%s", k.Key, k.Value))
	}
	if len(host)+len(paths) == 0 {
		return ""
	}
	line := fmt.Sprintf("host-dependent defaults: %s", strings.Join(host, ", "))
	if len(paths) > 0 {
		line += fmt.Sprintf("; %d install path%s (-all)", len(paths), map[bool]string{true: "s"}[len(paths) != 1])
	}
	return line
}

// ExplainText is the explanation as [Report.WriteText] writes it after "Explain: ", its
// fix replaced by a pointer to the warning below that prints the same fix ("Fix: see
// [trees-user-thread-tls] below."); "" for a nil r.
func (r *Report) ExplainText() string {
	if r == nil {
		return ""
	}
	for _, w := range r.Warnings {
		fix := FixSentence(w.Recommendation)
		if w.Recommendation != "" && strings.Contains(r.Explain, fix) {
			return strings.Replace(r.Explain, fix, fmt.Sprintf("Fix: see [%s] below.", w.Code), 1)
		}
	}
	return r.Explain
}

func verdict(v config.Verdict) string {
	if v.Enabled {
		return fmt.Sprintf("ON (%s)", v.Implementation)
	}
	return "off"
}

// graphsHeading is the first line of the device table: the config's verdict on
// Inductor's own CUDA graphs, and, where a row is a hand capture, that capture first,
// so that the heading says what the rows say (newuser29 F22: "CUDA graphs: off" above
// rows that capture with torch.cuda.graph).
func (r *Report) graphsHeading() string {
	own := verdict(config.Verdict{Enabled: r.CUDAGraphs.Enabled, Implementation: r.CUDAGraphs.Implementation})
	for _, d := range r.CUDAGraphs.Devices {
		if d.Implementation == Manual {
			return "CUDA graphs: captured by hand (torch.cuda.graph); Inductor's own: " + own
		}
	}
	return "CUDA graphs: " + own
}

func (r *Report) writePlan(p *textwrap.Printer) {
	if r.Error != nil {
		return
	}
	line := r.graphsHeading()
	if r.CompileDisabled {
		line += " in the config, but " + r.DisabledBy + " turns compilation off"
	}
	if wt := r.CUDAGraphs.WorkerThreads; wt != nil {
		line += fmt.Sprintf(" in the main thread; %s in the worker threads, which do not see the global assignments (torch %s)", verdict(*wt), r.Torch)
	}
	p.Line("")
	p.Para("", "  ", line)
	t := p.Table("  ", "DEVICE", "THREAD", "OUTCOME", "IMPLEMENTATION", "EVIDENCE")
	for _, d := range r.CUDAGraphs.Devices {
		out := string(d.Outcome)
		if d.Race {
			out += " (race)"
		}
		t.Row(d.Label(), d.Thread, out, string(d.Implementation), string(d.Evidence))
	}
	t.Flush()
	for _, d := range r.CUDAGraphs.Devices {
		p.Para("  ", "    ", fmt.Sprintf("%s %s: %s", d.Label(), d.Thread, d.Reason))
		if d.Message == "" {
			continue
		}
		head := "logs"
		if d.Outcome == Fail {
			head = "raises " + d.Exception
		}
		p.Para("    ", "      ", head+":")
		for _, l := range strings.Split(d.Message, "\n") {
			p.Para("      ", "        ", l)
		}
	}
	if r.Explain != "" {
		p.Line("")
		p.Para("", "  ", "Explain: "+r.ExplainText())
	}
}

// writeWarnings prints warnings, each with its fix, indented under a report.
func writeWarnings(p *textwrap.Printer, ws []config.Warning) {
	for _, x := range ws {
		p.Para("  ", "    ", fmt.Sprintf("[%s] %s (%s)", x.Code, x.Message, x.Evidence))
		if x.Recommendation != "" {
			p.Para("    ", "      ", "fix: "+x.Recommendation)
		}
	}
}

// facts is the header's words for the static facts and the CUDA behaviour, as the
// README's release table words them ("; static facts measured (CPU build 2.6.0); CUDA
// behaviour source"), or "" when both are the schema's evidence.
func (e ReportEvidence) facts() string {
	if e.Facts == e.Schema && e.CUDA == e.Schema && e.FactsBuild == "" {
		return ""
	}
	f := string(e.Facts)
	if e.FactsBuild != "" {
		f += " (" + e.FactsBuild + ")"
	}
	return fmt.Sprintf("; static facts %s; CUDA behaviour %s", f, e.CUDA)
}
