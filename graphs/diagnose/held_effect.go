package diagnose

import (
	"bytes"
	"slices"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// Whether an action a line does is in effect for the failing run (fix brief 31): not
// undone by a later line, not answered by its own error output, joining work that the
// text forks, in a def the text calls.

// heldInstalls are the actions that install a package: a failure line (heldFails)
// after one, within heldOutputReach lines, says the install failed.
var heldInstalls = []string{"pip-triton", "python-dev"}

// heldOutputReach bounds the lines after an install where its error output is read.
const heldOutputReach = 40

// maxHeldFails bounds the failure lines held; past it, every install counts as failed.
const maxHeldFails = 64

// heldFails are what the output of a failed install starts a line with: pip's
// "ERROR:" (pip/_internal/cli/base_command.py logs its errors so: "ERROR: No matching
// distribution found for triton", "ERROR: Could not install packages due to an
// OSError"), pip's and uv's "error:" (error: externally-managed-environment), apt's and
// dpkg's "E:" ("E: Unable to locate package python3-dev", "E: Could not open lock
// file … (13: Permission denied)"), conda's PackagesNotFoundError and CondaError, dnf's
// and yum's "Error:".
var heldFails = []string{"ERROR:", "error:", "E: ", "Error:", "PackagesNotFoundError", "CondaError", "EnvironmentNotWritableError"}

// failLine records a line (raw) that starts an install's error output.
func (h *heldState) failLine(raw []byte, line int) {
	t := heldTrim(raw)
	if len(t) == 0 || t[0] != 'E' && t[0] != 'e' && t[0] != 'P' && t[0] != 'C' || !hasAnyPrefix(t, heldFails...) {
		return
	}
	if len(h.fails) >= maxHeldFails {
		h.failsOver = true
		return
	}
	h.fails = append(h.fails, line)
}

// failedAfter reports whether an install on line shows its failure: a failure line
// after it within heldOutputReach.
func (h *heldState) failedAfter(line int) bool {
	return h.failsOver || slices.ContainsFunc(h.fails, func(f int) bool { return f > line && f <= line+heldOutputReach })
}

// heldUndos are the lines that undo an action done above them: the variable set again
// after it is unset (export, an assignment, env's listing of it, os.environ, a
// Dockerfile's ENV, csh's setenv, Windows' set, PowerShell's $env:, a notebook's %env).
// A line of an action's literals (the prefilter's anchors) is read for them.
var heldUndos = []struct {
	key   string
	shape *lazyregexp.Regexp
}{
	{key: "unset-caching", shape: &lazyregexp.Regexp{Expr: heldPrompt + `(?:(?:(?:export|setenv|set|ENV|env)\s+|%env\s+|\$env:)?PYTORCH_NO_CUDA_MEMORY_CACHING\s*=?\s*["']?\w|os\.environ\[\s*["']PYTORCH_NO_CUDA_MEMORY_CACHING["']\s*\]\s*=[^=]|os\.(?:environ\.setdefault|putenv)\(\s*["']PYTORCH_NO_CUDA_MEMORY_CACHING)`}},
}

// heldUndo records a line (clean text, number line) that undoes an action.
func (s *scanner) heldUndo(text []byte, line int) {
	for _, u := range heldUndos {
		if !bytes.Contains(text, []byte("PYTORCH_NO_CUDA_MEMORY_CACHING")) || !u.shape.Match(text) {
			continue
		}
		if s.held.undone == nil {
			s.held.undone = map[string]int{}
		}
		s.held.undone[u.key] = max(s.held.undone[u.key], line)
	}
}

// inEffect reports whether the action seen is in effect for the failing run: no later
// line undoes it, an install's output does not show it failing, a grad-off scope holds
// the call.
func (h *heldState) inEffect(action string, seen heldSeen) bool {
	switch {
	case h.undone[action] > seen.line:
		return false
	case slices.Contains(heldInstalls, action) && h.failedAfter(seen.line):
		return false
	case action == "no-grad":
		return h.gradHeld(seen.line)
	}
	return true
}

// joins reports whether a line (clean text) of the join's shape joins the work the
// text forks: the stream it waits on is forked by a block above it
// (`with torch.cuda.stream(X):`), and it is not the stream the line itself runs on
// (inside X's block, torch.cuda.current_stream() is X: a self-wait, hostile29's H9; inside
// another side stream's or another device's block, the current stream is not the
// capturing one). wait_event's event must be a name (a fresh torch.cuda.Event() is
// recorded on no stream: waiting on it joins nothing).
func (h *heldState) joins(text []byte, e *ringLine) bool {
	text = codePart(text, true)
	i := bytes.Index(text, []byte(".wait_"))
	if i < 0 {
		return false
	}
	current := bytes.Contains(text[:i], []byte("current_stream("))
	if current && e.held.stream != "" && !mainLike(e.held.stream) {
		return false
	}
	rest := text[i+len(".wait_"):]
	if bytes.HasPrefix(rest, []byte("event(")) {
		return argOf(rest[len("event("):]) != ""
	}
	w := argOf(bytes.TrimPrefix(rest, []byte("stream(")))
	at := h.forks[w]
	return w != "" && at > 0 && at < e.line && w != e.held.stream
}

// mainLike reports whether a stream's name reads as the main (capturing) one, as the
// join's shape takes a receiver's name.
func mainLike(name string) bool {
	return reMainLike.Regexp().MatchString(name)
}

// reMainLike matches a name the join's shape reads as the main stream's.
var reMainLike = &lazyregexp.Regexp{Expr: `^\w*(?:main|cur|current|compute|default)\w*$`}

// maxHeldWant bounds the defs whose calls are looked for.
const maxHeldWant = 8

// wantCall looks for the calls of def fn (an action was seen in it at ring entry k):
// in the lines the ring holds after k, then in every line pushed (callLine).
func (s *scanner) wantCall(k int, fn string) {
	h := &s.held
	if fn == "" || h.called[fn] || slices.Contains(h.want, fn) || len(h.want) >= maxHeldWant {
		return
	}
	h.want = append(h.want, fn)
	for j := k + 1; j < s.n; j++ {
		if e := s.entry(j); e != nil && e.lineStart {
			h.callLine(e.raw, e.def)
		}
	}
}

// callLine reads a line (raw; def the def it is in) for calls of the defs wanted: the
// name followed by '(' (a call), ',' or ')' (passed on: torch.compile(fn, …),
// Thread(target=fn)), on a line outside that def and not its own def line.
func (h *heldState) callLine(raw []byte, def string) {
	if len(h.want) == 0 {
		return
	}
	for i := 0; i < len(h.want); i++ {
		fn := h.want[i]
		if fn == def || !refersTo(raw, fn) {
			continue
		}
		h.calledDef(fn)
		i--
	}
}

// calledDef records def fn as called.
func (h *heldState) calledDef(fn string) {
	if h.called == nil {
		h.called = map[string]bool{}
	}
	if len(h.called) < maxHeldNames {
		h.called[fn] = true
	}
	h.want = slices.DeleteFunc(h.want, func(w string) bool { return w == fn })
}

// refersTo reports whether raw calls or passes on name (not as its def's name).
func refersTo(raw []byte, name string) bool {
	for off := 0; off < len(raw); {
		i := bytes.Index(raw[off:], []byte(name))
		if i < 0 {
			return false
		}
		i += off
		end := i + len(name)
		off = end
		if i > 0 && (isWordByte(raw[i-1]) || raw[i-1] == '.') || end >= len(raw) {
			continue
		}
		next := bytes.TrimLeft(raw[end:], " ")
		if len(next) == 0 || bytes.IndexByte([]byte("(,)"), next[0]) < 0 {
			continue
		}
		if bytes.HasSuffix(bytes.TrimRight(raw[:i], " "), []byte("def")) {
			continue
		}
		return true
	}
	return false
}
