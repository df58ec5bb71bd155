package script

import (
	"strings"

	"github.com/compilemode/compilemode/graphs"
)

// A CUDA graph captured by hand around a compiled function (sweep4 finding 9): a call
// of a compiled site inside `with torch.cuda.graph(g):` (its body, and the defs it
// calls), between g.capture_begin() and g.capture_end(), or the compiled function
// handed to torch.cuda.make_graphed_callables, which captures it the same way, is the
// workload the command's -capture-error-mode flag names (graphs.Workload.
// CaptureErrorMode), with the capture_error_mode the call gives, "global" when it
// gives none (torch/cuda/graphs.py graph.__init__, CUDAGraph.capture_begin,
// make_graphed_callables @ 2.6.0 and 2.14.1; 2.6.0's make_graphed_callables takes no
// capture_error_mode and captures with graph's default). What PyTorch then does is the
// planner's (graphs manualRules, measured on 2.11: graphs/script/testdata/measured/
// hand_capture_2.11.out).

// captureStarts are the calls that start a hand capture, with the position of their
// capture_error_mode argument.
var captureStarts = map[string]int{
	"torch.cuda.graph":                         3,
	"torch.cuda.graphs.graph":                  3,
	"torch.cuda.make_graphed_callables":        5,
	"torch.cuda.graphs.make_graphed_callables": 5,
}

// captureModeNames are the capture error modes, in the order factHandCapture numbers
// them.
var captureModeNames = []string{"global", "thread_local", "relaxed"}

// captureMode returns the capture_error_mode that c, a call starting a capture, gives
// (at position pos), as its index in captureModeNames: "global" when it gives none;
// ok is false when it gives one the reader cannot read (not a literal, or a mode
// PyTorch does not have).
func (r *reader) captureMode(c *expr, pos int) (int, bool) {
	e := kwarg(c, "capture_error_mode", pos)
	if e == nil {
		return 0, true
	}
	s, ok := r.literalStr(e)
	if !ok {
		return 0, false
	}
	for i, m := range captureModeNames {
		if m == s {
			return i, true
		}
	}
	return 0, false
}

// captureCtx returns the capture mode a with item's context starts (-1: it starts none,
// or one whose mode the reader cannot read, which it notes).
func (r *reader) captureCtx(c *expr) int {
	if c == nil || c.kind != call {
		return -1
	}
	pos, ok := captureStarts[r.qual(c.x)]
	if !ok || pos == 5 {
		return -1
	}
	return r.readCaptureMode(c, pos)
}

// readCaptureMode is captureMode, warning when the mode is not read.
func (r *reader) readCaptureMode(c *expr, pos int) int {
	m, ok := r.captureMode(c, pos)
	if !ok {
		r.warn(int(c.line), WarningNotLiteral, "capture_error_mode=%s is not a capture mode the reader reads; the hand capture at this line is not planned (plan it with -capture-error-mode)", oneLine(r.text(kwarg(c, "capture_error_mode", pos))))
		return -1
	}
	return m
}

// captureCall handles g.capture_begin(…), g.capture_end() and
// torch.cuda.make_graphed_callables(f, …) of a compiled f.
func (r *reader) captureCall(c *expr, q string) {
	switch {
	case c.x.kind == attr && c.x.name == "capture_begin" && q == "":
		r.capture = r.readCaptureMode(c, 1) + 1
	case c.x.kind == attr && c.x.name == "capture_end" && q == "":
		r.capture = 0
	case captureStarts[q] == 5:
		f := kwarg(c, "callables", 0)
		if f == nil || (f.kind != name && f.kind != attr) || r.compiledName(f) == nil {
			return
		}
		if m := r.readCaptureMode(c, 5); m >= 0 {
			r.handCapture(r.compiledName(f), int(c.line), m)
		}
	}
}

// handCapture records that st's compiled function is called inside a hand capture in
// mode m (an index of captureModeNames) at line.
func (r *reader) handCapture(st *siteState, line, m int) {
	if st == nil || has(st.Inferred, factHandCapture) {
		return
	}
	st.apply(factHandCapture, line, m)
}

// setCaptureMode is the workload row of factHandCapture: n is the mode's index.
func setCaptureMode(w *graphs.Workload, n int) []Inference {
	w.CaptureErrorMode = captureModeNames[min(max(n, 0), len(captureModeNames)-1)]
	return []Inference{{Field: "capture_error_mode", Value: w.CaptureErrorMode}}
}

// captureAgain applies the hand capture in force to the compiled functions that d, a
// def called at c that already ran (so it is not followed again), and the defs it
// calls, call.
func (r *reader) captureAgain(d *stmt, line int) {
	in := map[*stmt]bool{}
	r.calleesOf(d, in, 0)
	for _, ev := range r.callEvents {
		if ev.fn != nil && in[ev.fn] {
			r.handCapture(ev.site, line, r.capture-1)
		}
	}
}

// calleesOf adds d and the defs it calls, as far as maxParamDepth, to in.
func (r *reader) calleesOf(d *stmt, in map[*stmt]bool, depth int) {
	if in[d] || depth > maxParamDepth {
		return
	}
	in[d] = true
	for _, c := range r.callees[d] {
		r.calleesOf(c, in, depth+1)
	}
}

// yieldedSite returns the site whose compiled function a call v of a def of the file
// yields (yield torch.compile(…), or a name bound to one): the value a
// @contextlib.contextmanager def gives `with v as f:` (SGLang's patch_model, sweep4
// finding 9), or nil.
func (r *reader) yieldedSite(v *expr) *siteState {
	return r.siteOfCall(v, r.yieldedExpr)
}

// yieldedExpr is what a yield statement gives (nil for any other statement).
func (r *reader) yieldedExpr(s *stmt) *expr {
	if y := s.value; y != nil && y.kind == other && len(y.elts) == 1 && strings.HasPrefix(r.src[y.start:], "yield") {
		return y.elts[0]
	}
	return nil
}
