package cliflags

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/graphs/script"
)

// The notes the command (examples/compilemode) writes on stderr beside an answer,
// after it, leaving the answer and its exit status as they are: built here, so that
// the web page (examples/web) says them in the command's words (the page planned a
// script for a Python that refuses it without a word). Each is one line without the
// "compilemode: " that the command writes before every stderr line.

// ScriptNotes returns the notes -script writes after s's plans that need no flag but
// -python: the Python planned refuses the file (newerPythonNote), then what a
// notebook's kernel records (kernelNotes), then why the run fails where no plan
// raises ("exit 1: FILE:LINE: …", script.Script.RunFailure); name is the file's name
// as the command names it ("<stdin>" for -script -), pythonGiven whether -python was
// given (the plan is then for that Python). The command then writes EnvArgvNotes.
// None for a nil s.
func ScriptNotes(s *script.Script, name string, pythonGiven bool) []string {
	if s == nil {
		return nil
	}
	notes := append(newerPythonNote(s, pythonGiven), kernelNotes(s, name, pythonGiven)...)
	if why := s.RunFailure(); why != "" {
		notes = append(notes, "exit 1: "+why)
	}
	return notes
}

// EnvArgvNotes returns the notes -script writes after ScriptNotes about the flags the
// web page does not give (and so does not link): -env variables nothing reads
// (script.Script.UnreadEnv; sweep finding 20), a command line after -script FILE --
// that nothing reads (script.Script.ArgvUnread; newuser14 #8: a compilemode flag put
// after -- by mistake), and -env variables the script replaces
// (replacedEnvNotes), so that none is ignored silently. None for a nil s.
func EnvArgvNotes(s *script.Script, name string, env map[string]string, argv []string) []string {
	if s == nil {
		return nil
	}
	names := make([]string, 0, len(env))
	for name := range env {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
	var notes []string
	for _, n := range s.UnreadEnv(names) {
		notes = append(notes, fmt.Sprintf("note: -env %s: neither the script nor PyTorch's Inductor config (any release read) reads %s, so it changes no plan", inputerr.Cut(n, 80), inputerr.Cut(n, 80)))
	}
	if why := s.ArgvUnread(); why != "" {
		notes = append(notes, fmt.Sprintf("note: -script %s -- %s: %s (compilemode's own flags go before -script)", name, inputerr.Cut(strings.Join(argv, " "), 80), why))
	}
	return append(notes, replacedEnvNotes(s, names)...)
}

// newerPythonNote says that the Python planned (the release's default: given is
// false when -python was not given) refuses a form the script uses: that Python never
// reaches torch.compile, so the plan is for a Python the script does not run on
// (sweep finding 13).
func newerPythonNote(s *script.Script, given bool) []string {
	if given {
		return nil
	}
	py := plannedPython(s)
	var se *script.SyntaxError
	if py == "" || !errors.As(s.SyntaxFor(py), &se) {
		return nil
	}
	return []string{fmt.Sprintf("note: %s:%d:%d: the plan is for Python %s (the release's default), which refuses this file: %s; give -python with the Python that runs it", se.File, se.Line, se.Col, py, se.Msg)}
}

// plannedPython is the Python the first planned site's plan is for ("": none planned).
func plannedPython(s *script.Script) string {
	for _, st := range s.Sites {
		if st.Plan == nil {
			continue
		}
		if st.Plan.Report != nil && st.Plan.Report.Python != "" {
			return st.Plan.Report.Python
		}
		for _, mp := range st.Plan.Modes {
			if mp.Report != nil && mp.Report.Python != "" {
				return mp.Report.Python
			}
		}
	}
	return ""
}

// kernelNotes say what a notebook's kernel metadata records that the plan does not
// follow (script.Script.KernelNotes and KernelPython; hostile29 N2): a language field
// that is not a name, a Python 2 kernel, and, where -python is not given, a kernel
// Python other than the one planned (the release's default), with the -python that
// plans on it.
func kernelNotes(s *script.Script, name string, given bool) []string {
	var notes []string
	for _, n := range s.KernelNotes() {
		notes = append(notes, fmt.Sprintf("note: -script %s: %s", name, n))
	}
	k, py := s.KernelPython(), plannedPython(s)
	if k != "" && !given && py != "" && k != py {
		notes = append(notes, fmt.Sprintf("note: -script %s: the notebook's kernel ran Python %s (metadata.language_info.version); the plan is for Python %s, the release's default: give -python %s to plan on the kernel's", name, k, py, k))
	}
	return notes
}

// replacedEnvNotes say which -env variables the script replaces itself before
// PyTorch reads them (script.Script.ReplacedEnv): the plan takes the script's value,
// as Python does (sweep4 finding 25), so -env is never overruled silently.
func replacedEnvNotes(s *script.Script, env []string) []string {
	var notes []string
	for _, e := range s.ReplacedEnv(env) {
		what := "sets it itself"
		if e.Unset {
			what = "removes it"
		}
		guard := ""
		if e.Guard != "" {
			guard = " (under " + e.Guard + ")"
		}
		notes = append(notes, fmt.Sprintf("note: -env %s: the script %s at line %d%s, which replaces the value -env gives for what runs after it, as in Python: the plan takes the script's", inputerr.Cut(e.Name, 80), what, e.Line, guard))
	}
	return notes
}

// HintBytes is the most of an input that the other reader looks at for a hint: a
// script is far smaller (graphs/script's own limit is 16 MiB; the corpus's longest
// training scripts are tens of KB); a longer input gets no hint, and -diagnose's
// memory stays bounded.
const HintBytes = 1 << 20

// ReadsAsScript reports whether data, the bytes of a text -diagnose found nothing in
// (d), reads as Python with a torch.compile site (a log is no Python: its first
// message or traceback is a SyntaxError), name being the file's name (a .ipynb is
// read as a notebook): -diagnose then writes ScriptHint (newuser28 #9). False for a
// text over HintBytes and for a nil d.
func ReadsAsScript(d *diagnose.Diagnosis, data []byte, name string) bool {
	if d == nil || len(d.Findings) > 0 || len(data) > HintBytes {
		return false
	}
	s, err := script.ReadWith(bytes.NewReader(data), script.ReadOptions{Name: name})
	return err == nil && len(s.Sites) > 0
}

// ScriptHint is the hint -diagnose writes for a text that ReadsAsScript, planner
// naming what plans a script: the command's "-script FILE", the page's Script tab.
func ScriptHint(planner string) string {
	return "hint: this reads as a Python script with a torch.compile site, not a log: " + planner + " plans this script"
}
