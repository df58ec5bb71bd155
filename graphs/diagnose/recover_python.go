package diagnose

import (
	"slices"
	"sync"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// pythonForm is one way a log shows the Python that ran it, with its rank: a higher
// rank is a more direct statement and replaces a lower one found earlier.
type pythonForm struct {
	_      [0]func()          // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	re     *lazyregexp.Regexp // its first group is MAJOR.MINOR (MAJOR.MINOR.PATCH for a free-threaded build)
	rank   int
	what   string
	suffix string // "t" for a free-threaded build (pyver.ParseBuild's name)
	// compact: the group is MAJOR and MINOR without their dot ("312", a Windows folder's name)
	compact bool
}

// pythonForms are the ways a log shows its Python (sweep5 finding 3: a log stating
// Python 3.12 three ways was planned on the release's default Python). Ranks: the
// version a report states, then a path the interpreter's packages are under, then the
// bound torch.compile's own refusal names ("… not supported on Python 3.12+": the
// Python was that one or newer, so the plan takes the bound). Compiled once on first
// use from these constant rows and only read after: no mutable state.
var (
	pythonFormsOnce  sync.Once
	pythonFormsValue []pythonForm
)

func pythonForms() []pythonForm {
	pythonFormsOnce.Do(func() { pythonFormsValue = newPythonForms() })
	return pythonFormsValue
}

// newPythonForms builds [pythonForms]'s value.
func newPythonForms() []pythonForm {
	return []pythonForm{
		// A free-threaded build's sys.version, in collect_env and the banner: "3.13.1
		// experimental free-threading build (main, …)" (3.13), "3.14.0 free-threading
		// build (…)" (CPython Python/getversion.c _Py_InitVersion, Py_GIL_DISABLED): the
		// patch release is kept, as torch 2.8+ decide by it (sweep5 finding 18).
		{re: &lazyregexp.Regexp{Expr: `\bPython version:\s*(3\.\d{1,2}\.\d+)\S* (?:experimental )?free-threading build\b`}, rank: 3, what: "collect_env", suffix: "t"},
		// torch.utils.collect_env: "Python version: 3.12.2 (main, Feb  6 2024, …) [GCC …] (64-bit runtime)".
		{re: &lazyregexp.Regexp{Expr: `\bPython version:\s*(3\.\d{1,2})(?:\.\d+)?\b`}, rank: 3, what: "collect_env"},
		{re: &lazyregexp.Regexp{Expr: `\bPython (3\.\d{1,2}\.\d+)\S* (?:experimental )?free-threading build \(`}, rank: 3, what: "banner", suffix: "t"},
		// The interpreter's banner and python -VV: "Python 3.12.2 (main, Feb  6 2024, …)".
		{re: &lazyregexp.Regexp{Expr: `\bPython (3\.\d{1,2})\.\d+\S* \(`}, rank: 3, what: "banner"},
		// A free-threaded build's library: ".../lib/python3.13t/site-packages/torch/..." (python3.13t, CPython's name for it).
		{re: &lazyregexp.Regexp{Expr: `[/\\]python(3\.\d{1,2})t[/\\](?:site-packages|dist-packages)[/\\]`}, rank: pathRank, what: "path", suffix: "t"},
		// A traceback's file under the interpreter's library: ".../lib/python3.12/site-packages/torch/...".
		{re: &lazyregexp.Regexp{Expr: `[/\\]python(3\.\d{1,2})[/\\](?:site-packages|dist-packages)[/\\]`}, rank: pathRank, what: "path"},
		// python.org's Windows layout, the release in the folder's name without its dot:
		// "C:\Users\me\AppData\Local\Programs\Python\Python312\Lib\site-packages\torch\…" (its
		// installer's default folder; a JSON or repr doubles the backslashes), and the
		// Microsoft Store's package folder "PythonSoftwareFoundation.Python.3.12_qbz5n2kfra8p0".
		{re: &lazyregexp.Regexp{Expr: `\\Python(3\d{1,2})\\{1,2}(?:Lib\\{1,2}site-packages|python\.exe|Scripts)\b`}, rank: pathRank, what: "path", compact: true},
		{re: &lazyregexp.Regexp{Expr: `\bPythonSoftwareFoundation\.Python\.(3\.\d{1,2})_`}, rank: pathRank, what: "path"},
		// torch.compile's refusal: "Dynamo is not supported on Python 3.12+", "Python 3.11+ not yet supported for torch.compile".
		{re: &lazyregexp.Regexp{Expr: `\b(?:not supported on Python (3\.\d{1,2})\+|Python (3\.\d{1,2})\+ not yet supported)`}, rank: 1, what: "torch.compile's message"},
	}
}

// pathRank is the rank of a path the interpreter's packages are under (pythonForms).
const pathRank = 2

// pythonSeen is the Python a log shows: the first of the highest rank.
type pythonSeen struct {
	_       [0]func() // incomparable: no equality code (examples/web: Transfer size)
	version string    // "3.12", "" when none
	line    int
	rank    int
	what    string
}

// window reads one window of text for the Python.
func (p *pythonSeen) window(text []byte, line int) {
	if p.rank == 3 {
		return
	}
	for _, f := range pythonForms() {
		if f.rank <= p.rank {
			break
		}
		// gated (findSubmatchGated): each form ran over every window the recoverer
		// reads, a window of a long line 64 KB, at some 12 MB/s, whether or not it
		// named Python (a JSON log or a notebook's output on one line: a third to a
		// half of their time)
		m := findSubmatchGated(f.re, text)
		if m == nil {
			continue
		}
		v := string(m[1])
		if len(v) == 0 && len(m) > 2 {
			v = string(m[2])
		}
		if f.compact {
			v = v[:1] + "." + v[1:]
		}
		*p = pythonSeen{version: v + f.suffix, line: line, rank: f.rank, what: f.what}
		return
	}
}

// pathWindow reads a window that holds only a library path's anchor (every frame of a
// traceback does) for the Python, until a path or a stated version has been seen.
func (p *pythonSeen) pathWindow(text []byte, line int) {
	if p.rank < pathRank {
		p.window(text, line)
	}
}

// findingsRelease is the release to plan a log that states none on: the default
// release when every finding's text is printed by it, else the newest release that
// prints every finding's text ("" for the default when none does): a log whose
// "Dynamo is not supported on Python 3.12+" only 2.1–2.3 print is not planned on 2.11
// (sweep5 finding 3).
func findingsRelease(findings []Finding) string {
	def := modes.DefaultRelease().String()
	if planTorchFrom(findings, def) == "" {
		return ""
	}
	vs := modes.Supported()
	for i := len(vs) - 1; i >= 0; i-- {
		if planTorchFrom(findings, vs[i].String()) == "" {
			return vs[i].String()
		}
	}
	return ""
}

// planTorchFrom returns the first finding whose releases leave out release v, or "".
func planTorchFrom(findings []Finding, v string) Code {
	if v == "" {
		v = modes.DefaultRelease().String()
	}
	for _, f := range findings {
		if len(f.Releases) > 0 && !slices.Contains(f.Releases, v) {
			return f.Code
		}
	}
	return ""
}
