package script

import (
	"fmt"
	"strings"
)

// An error torch.compile raises at the call, caught by the script's own try (sweep4
// finding 5: lerobot's eval script logs "Failed to apply torch.compile" and runs the
// policy uncompiled). What torch.compile raises at the call (stage "compile", or
// "decorate" when the decorator is applied) is caught by an except of its class or
// a base (Python's exception hierarchy; InvalidBackend and BackendCompilerFailed are
// TorchDynamoException, a RuntimeError: torch/_dynamo/exc.py @2.6.0, @2.14.1); a bare
// except catches all. What the first call raises (stage "first-call") is raised
// where the compiled function is called, which a try around torch.compile(…) alone
// does not hold. The plan still says PyTorch raises (exit 1); the note says the
// script catches it and continues without the compiled function.

// handler is one except clause of a try the site is in.
type handler struct {
	_     [0]func() // incomparable: no equality code (examples/web: Transfer size)
	class string    // the class expression as written ("" for a bare except)
	line  int
}

// exceptionBases maps an exception class to its base, up to BaseException.
var exceptionBases = map[string]string{
	"Exception": "BaseException", "RuntimeError": "Exception", "TypeError": "Exception", "ValueError": "Exception",
	"AssertionError": "Exception", "AttributeError": "Exception", "KeyError": "LookupError", "LookupError": "Exception",
	"NotImplementedError": "RuntimeError", "InvalidBackend": "TorchDynamoException", "BackendCompilerFailed": "TorchDynamoException",
	"TorchDynamoException": "RuntimeError", "InternalTorchDynamoError": "TorchDynamoException",
}

// catches reports whether an except of class expression h catches exception exc.
func catches(h, exc string) bool {
	if h == "" {
		return true
	}
	for _, c := range strings.Split(strings.Trim(h, "() "), ",") {
		c = strings.TrimSpace(c)
		c = c[strings.LastIndex(c, ".")+1:]
		for e, n := exc, 0; e != "" && n < 16; e, n = exceptionBases[e], n+1 {
			if c == e {
				return true
			}
		}
	}
	return false
}

// tryHandlers returns the except clauses of try statement s.
func (r *reader) tryHandlers(s *stmt) []handler {
	var out []handler
	for _, b := range s.branches {
		if b.kind != "except" {
			continue
		}
		h := handler{line: b.line}
		if b.cond != nil {
			h.class = oneLine(r.text(b.cond))
		}
		out = append(out, h)
	}
	return out
}

// siteHandlers returns the except clauses of the trys whose try block holds the site
// now being read, innermost first.
func (r *reader) siteHandlers() []handler {
	var out []handler
	for i := len(r.guards) - 1; i >= 0; i-- {
		out = append(out, r.guards[i].handlers...)
	}
	return out
}

// caughtNote notes, once, that what torch.compile raises at this site's call is
// caught by the script's own except.
func caughtNote(st *Site) {
	if len(st.handlers) == 0 || st.Plan == nil {
		return
	}
	reps := []*ModePlan{{Report: st.Plan.Report}}
	for i := range st.Plan.Modes {
		reps = append(reps, &st.Plan.Modes[i])
	}
	for _, mp := range reps {
		if mp.Report == nil || mp.Report.Error == nil {
			continue
		}
		e := mp.Report.Error
		if e.Stage != "compile" && e.Stage != "decorate" {
			continue
		}
		for _, h := range st.handlers {
			if catches(h.class, e.Exception) {
				what := "except"
				if h.class != "" {
					what += " " + h.class
				}
				st.Notes = append(append([]string(nil), st.Notes...), fmt.Sprintf("caught: the %s torch.compile raises at this call is caught by the script's %s (line %d): the script continues with the function uncompiled (an error of the first call is raised where the function is called, not here)", e.Exception, what, h.line))
				return
			}
		}
	}
}
