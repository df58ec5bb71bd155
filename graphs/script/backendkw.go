package script

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// A callable backend defined in the file that takes no keyword arguments (sweep
// finding 32). torch.compile hands a backend other than Inductor a mode other than
// "default" as mode=, and non-empty options as options=; a def without **kwargs (or
// a parameter of that name) then raises at the first call. Measured on 2.6.0 and
// 2.14.1 in the CPU chroots: def my_backend(gm, example_inputs), mode="max-autotune"
// or "reduce-overhead" → torch._dynamo.exc.BackendCompilerFailed "backend='my_backend'
// raised:" / "TypeError: my_backend() got an unexpected keyword argument 'mode'";
// options={'a': 1} → the same with 'options'; mode "default" or None compiles; a def
// with **kw compiles. The releases between are planned so; the others are not claimed.

// rejectedKeywords returns which of mode and options def does not take (nil: def is
// nil, or takes both).
func rejectedKeywords(def *stmt) []string {
	if def == nil {
		return nil
	}
	var out []string
	for _, kw := range []string{"mode", "options"} {
		takes := false
		for _, pm := range def.params {
			takes = takes || pm.star == 2 || pm.star == 0 && pm.name == kw
		}
		if !takes {
			out = append(out, kw)
		}
	}
	return out
}

// backendKeywordError returns rep as the first call's BackendCompilerFailed when the
// site's backend is a def of the file that does not take the mode or options the
// plan passes it, on a release measured (2.6 to 2.14); rep itself is not changed.
func (p *planner) backendKeywordError(st *Site, rep *graphs.Report) *graphs.Report {
	if len(st.backendRejects) == 0 || rep == nil || rep.Error != nil || st.BackendCallable == "" || p.o.CLI.BackendGiven {
		return rep
	}
	if minor, ok := torchMinor(rep.Torch); !ok || minor < 6 || minor > 14 {
		return rep
	}
	kw := p.rejectedPassed(st, rep)
	if kw == "" {
		return rep
	}
	name := st.BackendCallable
	return raisedReport(rep, &graphs.RaisedError{Stage: "first-call", Exception: "torch._dynamo.exc.BackendCompilerFailed",
		Message:  fmt.Sprintf("backend='%s' raised:\nTypeError: %s", name, config.UnexpectedKeyword(name, kw)),
		Evidence: modes.Measured})
}

// torchMinor returns N of a release "2.N".
func torchMinor(v string) (int, bool) {
	rest, ok := strings.CutPrefix(v, "2.")
	if !ok {
		return 0, false
	}
	if i := strings.IndexByte(rest, '.'); i >= 0 {
		rest = rest[:i]
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil
}

// rejectedPassed returns the first keyword torch.compile passes the backend that it
// does not take: mode when not None or "default", options when not empty.
func (p *planner) rejectedPassed(st *Site, rep *graphs.Report) string {
	opts := p.o.CLI.Options
	if opts == "" && st.Options != nil {
		opts = *st.Options
	}
	for _, k := range st.backendRejects {
		if k == "mode" && rep.Mode != nil && *rep.Mode != "default" {
			return k
		}
	}
	for _, k := range st.backendRejects {
		if k == "options" && opts != "" && strings.TrimSpace(opts) != "{}" {
			return k
		}
	}
	return ""
}
