package diagnose

import (
	"fmt"
	"github.com/compilemode/compilemode/modes"
	"sort"
	"strings"

	"github.com/compilemode/compilemode/graphs"
)

// writePlan writes PlanLines: the heading, then its lines indented under it.
func (d *Diagnosis) writePlan(b *strings.Builder, width int) {
	lines := d.PlanLines()
	for i, l := range lines {
		if i == 0 {
			b.WriteString("\n")
			wrap(b, width, l, "", "  ")
			continue
		}
		ind := l[:len(l)-len(strings.TrimLeft(l, " "))] // a hint's, under its error
		wrap(b, width, l[len(ind):], "  "+ind, "    "+ind)
	}
}

// PlanLines returns what [Diagnosis.WriteText] writes, after the findings, of the
// torch.compile call the log shows (Recovered, planned as Plan), each line whole
// (unwrapped, without the indent under the heading): one heading line that names the call
// as recovered and the release planned for, then either where and what PyTorch raises or
// one line per device and thread with its outcome (a hint under the error indented two
// spaces, as the text indents it). A log whose call raises as written says so under a
// finding that came from some other call. It returns nil for a nil d and when no call was
// recovered; a call that could not be planned gets one line, its PlanError. The web
// page's readable view shows these lines as [Diagnosis.PlanLinesWith] words them with its
// own hints.
func (d *Diagnosis) PlanLines() []string {
	return d.PlanLinesWith(CommandHints())
}

// PlanLinesWith returns [Diagnosis.PlanLines] with h's hint on where the rest of the
// report is (h.Whole: "-json has the report with the changed keys, -json -all every
// key"; the page's "the JSON view …").
func (d *Diagnosis) PlanLinesWith(h Hints) []string {
	switch {
	case d == nil || d.Recovered == nil:
		return nil
	case d.Plan == nil && d.PlanError != "":
		return []string{"the call the log shows could not be planned: " + d.PlanError}
	case d.Plan == nil:
		return nil
	}
	head := d.callWords()
	if h.Whole != "" {
		head += "; " + h.Whole
	}
	out := []string{"plan of the call the log shows (" + head + "):"}
	if e := d.Plan.Error; e != nil {
		out = append(out, fmt.Sprintf("%s (%s): %s: %s", e.Where(), e.Evidence, e.Exception, e.Message))
		if e.Hint != "" { // as the report's hint line (fix brief 29, finding 4), under the error
			out = append(out, "  hint: "+e.Hint)
		}
		return out
	}
	if d.Plan.CompileDisabled {
		return append(out, d.Plan.DisabledBy+" turns torch.compile off: nothing is compiled")
	}
	fail, every, failing := d.planFailing()
	for _, dp := range d.Plan.CUDAGraphs.Devices {
		l := deviceWords(dp)
		if failing && (every || captures(dp)) {
			l += " (" + fail + ")"
		}
		out = append(out, l)
	}
	if n := d.rocmNote(); n != "" {
		out = append(out, "note: "+n)
	}
	return out
}

// noReleaseWords says why the plan takes no release of the log's: it states none, or
// states one older than torch.compile ("line 1 states torch 1.13, older than
// torch.compile (2.0)") or one torch has not ("line 1 states torch 2.99, not a release
// torch has").
func (d *Diagnosis) noReleaseWords() string {
	switch {
	case d.StatedTorch == "" || d.Torch != "":
		return "the log states no release"
	case d.StatedTorchKind == modes.VersionNotRelease:
		return fmt.Sprintf("line %d states torch %s, not a release torch has", d.StatedTorchLine, d.StatedTorch)
	}
	return fmt.Sprintf("line %d states torch %s, older than torch.compile (%s)", d.StatedTorchLine, d.StatedTorch, modes.First())
}

// callWords names the recovered call: the release planned for (and whether the log
// states it), then the arguments the log shows and any workload inferred from a
// finding ("torch 2.11 (the default: the log states no release), backend inductor,
// mode="reduce-overhead", threads inferred from trees-user-thread-tls").
func (d *Diagnosis) callWords() string {
	rel := "torch " + d.Plan.Torch
	noRelease := d.noReleaseWords()
	switch {
	case d.Torch == "" && d.PlanTorchFrom != "":
		rel += fmt.Sprintf(" (%s: the newest that prints its %s and every other finding)", noRelease, d.PlanTorchFrom)
	case d.Torch == "":
		rel += " (the default: " + noRelease + ")"
	}
	words := []string{rel}
	switch py := d.Recovered.Python; {
	case py != "" && d.PythonFrom == "option":
		words = append(words, "Python "+py)
	case py != "":
		words = append(words, fmt.Sprintf("Python %s (line %d, %s)", py, d.PythonLine, d.PythonFrom))
	}
	switch {
	case d.Calls > 1 && d.CallFor != "":
		words = append(words, fmt.Sprintf("the call on line %d of the %d the log shows: the first with CUDA graphs on, which its %s needs", d.CallLine, d.Calls, d.CallFor))
	case d.Calls > 1:
		words = append(words, fmt.Sprintf("the call on line %d, the first of the %d the log shows", d.CallLine, d.Calls))
	}
	words = append(words, "backend "+d.Plan.Backend)
	words = append(words, argWords(d.Recovered)...)
	fields := make([]string, 0, len(d.Inferred))
	for field := range d.Inferred {
		fields = append(fields, field)
	}
	sort.Slice(fields, func(i, j int) bool { return fields[i] < fields[j] })
	for _, field := range fields {
		words = append(words, fmt.Sprintf("%s inferred from %s", field, d.Inferred[field]))
	}
	return strings.Join(words, ", ")
}

// deviceWords is one device plan's line: "cuda:0 user thread 1: fail, AssertionError
// (a race)".
func deviceWords(dp graphs.DevicePlan) string {
	s := fmt.Sprintf("%s %s: %s", dp.Label(), dp.Thread, dp.Outcome)
	if dp.Exception != "" {
		s += ", " + dp.Exception
	}
	if dp.Race {
		s += " (a race)"
	}
	return s
}

// argWords are the call's own arguments the plan's header names: mode=, options= and
// fullgraph=, as the log shows them.
func argWords(sc *graphs.Scenario) []string {
	var words []string
	if m := sc.Mode; m != nil {
		words = append(words, fmt.Sprintf("mode=%q", *m))
	}
	if o := sc.Options; o != "" {
		words = append(words, "options="+o)
	}
	if f := sc.Fullgraph; f != nil {
		words = append(words, "fullgraph="+pyBool(*f))
	}
	return words
}

// pyBool is Python's spelling of b.
func pyBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}
