package diagnose

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/modes"
)

// pythonLimitRows are the rows of torch.compile's own Python check from 2.1 on, one
// per wording (the literal is the wording's fixed part, audited in
// testdata/wordings-by-release.tsv; the pattern, the whole message): each release's text is taken from its config facts
// (config.FactCompilePythonMessage, read per release in config/pyfacts.go), so a row
// holds the version the message names and covers only the releases that print it
// ("Dynamo is not supported on Python 3.12+" is 2.1–2.3's, "… 3.13+" 2.4–2.5's: sweep5
// finding 3, where a log from 2.2.2 under pip's "Successfully installed torch-2.4.1"
// was taken for 2.4 without a note). 2.0's text ("Python 3.11+ not yet supported for
// torch.compile") is the eval_frame row's. Each row's fix names the first release
// whose torch.compile runs on each newer Python, from the same facts.
func pythonLimitRows() []Signature {
	out := evalFrameRows()
	for _, run := range pythonMessageRuns() {
		lit, _, ok := strings.Cut(run.msg, " 3.")
		if !ok || !strings.HasSuffix(lit, " is not supported on Python") {
			continue // 2.0's wording: the "not yet supported for torch.compile" row
		}
		out = append(out, pythonRefusalRow(lit, run.msg, "torch.compile", run,
			"torch/__init__.py compile, its first check (sys.version_info >= ("+
				strings.Replace(run.max, ".", ", ", 1)+")), read per release in config/pyfacts.go; "+
				"the wording audited by release in testdata/wordings-by-release.tsv"))
	}
	return out
}

// messageRun is a run of releases whose torch.compile refuses the same Python with the
// same text.
type messageRun struct {
	_        [0]func() // incomparable: no equality code (examples/web: Transfer size)
	releases modes.Releases
	max, msg string
}

// pythonMessageRuns returns the runs of releases by their Python check's message.
func pythonMessageRuns() []messageRun {
	var runs []messageRun
	for _, v := range modes.Supported() {
		f := config.FactsFor(v)
		if f.CompilePythonMessage == "" {
			continue
		}
		if n := len(runs); n > 0 && runs[n-1].msg == f.CompilePythonMessage {
			runs[n-1].releases.To = v
			continue
		}
		runs = append(runs, messageRun{releases: modes.Releases{From: v, To: v}, max: f.CompileMaxPython, msg: f.CompilePythonMessage})
	}
	return runs
}

// pythonFix is the fix when torch.compile refused Python max and newer: an older
// Python, or the first release whose torch.compile runs on each Python from max to the
// newest any release refuses ("3.12 from torch 2.4, 3.13 from 2.6, …").
func pythonFix(max string) string {
	m, err := pyver.Parse(max)
	if err != nil {
		panic(fmt.Sprintf("diagnose: CompileMaxPython %q: %v", max, err))
	}
	prev := pyver.Version{Major: m.Major, Minor: m.Minor - 1}
	fix := fmt.Sprintf("run torch.compile on Python %s or older", prev)
	var ups []string
	for p := m; ; p.Minor++ {
		first, ok := firstRunningOn(p)
		if !ok {
			break
		}
		ups = append(ups, fmt.Sprintf("%s from torch %s", p, first))
	}
	if len(ups) == 0 {
		return fix + fmt.Sprintf(" (no release up to %s runs torch.compile on %s)", modes.Newest(), max)
	}
	return fix + ", or a torch release whose torch.compile runs on your Python: " + strings.Join(ups, ", ")
}

// firstRunningOn returns the first release whose torch.compile runs on Python p (its
// CompileMaxPython is newer than p).
func firstRunningOn(p pyver.Version) (modes.Version, bool) {
	for _, v := range modes.Supported() {
		lim, err := pyver.Parse(config.FactsFor(v).CompileMaxPython)
		if err == nil && p.Less(lim) {
			return v, true
		}
	}
	return modes.Version{}, false
}

// releasesText is "2.1–2.3", or "2.6" for one release.
func releasesText(r modes.Releases) string {
	if r.From == r.To {
		return r.From.String()
	}
	return r.From.String() + "–" + r.To.String()
}

// pythonRefusalRow is unsupported-python's row for one run of releases that print msg
// (literal lit), refused by who: pythonLimitRows' and evalFrameRows' rows differ only in
// these and their source.
func pythonRefusalRow(lit, msg, who string, run messageRun, source string) Signature {
	return Signature{
		Code: UnsupportedPython, Literal: lit, Pattern: regexp.QuoteMeta(msg),
		Releases: run.releases,
		Cause: fmt.Sprintf("%s of torch %s refuses Python %s and newer, and the "+
			"program ran on one of those", who, releasesText(run.releases), run.max),
		Fix:      pythonFix(run.max),
		Evidence: modes.Source,
		Source:   source,
		Decisive: "the RuntimeError line",
	}
}

// evalFrameRows are the rows of torch._dynamo.eval_frame.check_if_dynamo_supported's
// refusal, "Python 3.N+ not yet supported for torch.compile" (what torch._dynamo.optimize
// and 2.0's torch.compile raise), one per bound: its bound is torch.compile's own
// (config.FactCompileMaxPython), as read in both files @ 2.0 (3.11), T2.2.2 (3.12),
// T2.6.0 (3.14, eval_frame.py:803) and T2.14.1 (3.15, eval_frame.py:1735); the
// releases between are inferred to move both together.
func evalFrameRows() []Signature {
	var out []Signature
	for _, run := range pythonBoundRuns() {
		msg := "Python " + run.max + "+ not yet supported for torch.compile"
		out = append(out, pythonRefusalRow("not yet supported for torch.compile", msg, "torch.compile (Dynamo)", run,
			"torch/_dynamo/eval_frame.py check_if_dynamo_supported (sys.version_info >= ("+
				strings.Replace(run.max, ".", ", ", 1)+")) @ 2.0 (\"Python 3.11+ …\", PR #94940; issue #104918 "+
				"on 2.0.1), T2.2.2 (\"3.12+\"), T2.6.0 (\"3.14+\"), T2.14.1 (\"3.15+\"): the bound of torch.compile's "+
				"own check (config/pyfacts.go) in each; the releases between inferred"))
		out = append(out, evalFrameCutRow(out[len(out)-1], run.max))
	}
	return out
}

// evalFrameCutRow is row, the eval_frame refusal of Python max and newer, quoted cut
// before " for torch.compile", a quote mark closing it: a troubleshooting heading
// "**\"torch.export failed: Python 3.12+ not yet supported\"**" (holdoutZ's
// z_snapknow…; torch.export reaches the refusal through Dynamo). The version with its
// "+" is what makes the words the refusal's, and the closing mark that they end there.
func evalFrameCutRow(row Signature, max string) Signature {
	c := row
	c.Literal = "+ not yet supported"
	c.Pattern = regexp.QuoteMeta("Python "+max+"+ not yet supported") + `\s*` + closeQuote
	c.Cropped = true
	c.Decisive = row.Decisive + ", quoted up to its first clause's end"
	return c
}

// pythonBoundRuns returns the runs of releases by the first Python torch.compile refuses.
func pythonBoundRuns() []messageRun {
	var runs []messageRun
	for _, v := range modes.Supported() {
		f := config.FactsFor(v)
		if n := len(runs); n > 0 && runs[n-1].max == f.CompileMaxPython {
			runs[n-1].releases.To = v
			continue
		}
		runs = append(runs, messageRun{releases: modes.Releases{From: v, To: v}, max: f.CompileMaxPython})
	}
	return runs
}
