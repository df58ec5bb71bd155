package script

import (
	"slices"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// A keyword torch._dynamo.optimize or optimize_assert does not take (sweep4 finding
// 8's sibling: torch._dynamo.optimize("inductor", mode="reduce-overhead") is not
// torch.compile: it has no mode, options or fullgraph). optimize(*args, **kwargs)
// passes them on to _optimize, whose parameters after backend are keyword-only, so
// Python raises TypeError at the optimize(…) call, before the model is given.
// Measured on 2.6.0 and 2.14.1 in the CPU chroots (testdata/measured/optimize_kwargs.py
// → optimize_kwargs.out): "TypeError: _optimize() got an unexpected keyword argument
// 'mode'" (likewise options, fullgraph, cudagraphs), and for optimize_assert
// "optimize_assert() got …" on 2.6.0, "_optimize_assert() got …" on 2.14.1.

// optimizeSignature is one release range's keyword parameters of the function that
// binds optimize's (or optimize_assert's) keywords, and that function's name.
type optimizeSignature struct {
	assert   bool // optimize_assert, else optimize
	releases modes.Releases
	fn       string
	keywords []string // nil: not read (a name no read list has still raises, inferred)
	ev       modes.Evidence
}

// optimizeSignatures are the measured signatures (inspect.signature of
// torch._dynamo.eval_frame._optimize / optimize_assert / _optimize_assert). optimize
// is the (*args, **kwargs) wrapper of _optimize on 2.6.0 and 2.14.1, so 2.7-2.13 are
// taken to be so; optimize_assert's name changed between, and releases before 2.6
// were not read: neither is claimed.
var optimizeSignatures = []optimizeSignature{
	{false, modes.Minors(6, 6), "_optimize", []string{"backend", "nopython", "guard_export_fn", "guard_fail_fn", "disable", "dynamic", "rebuild_ctx"}, modes.Measured},
	{false, modes.Minors(7, 13), "_optimize", nil, modes.Inferred},
	{false, modes.Minors(14, 14), "_optimize", []string{"backend", "nopython", "error_on_graph_break", "guard_export_fn", "guard_fail_fn", "guard_filter_fn", "disable", "dynamic", "package", "recompile_limit", "isolate_recompiles", "dynamic_shapes", "rebuild_ctx"}, modes.Measured},
	{true, modes.Minors(6, 6), "optimize_assert", []string{"backend", "hooks", "export", "export_constraints", "dynamic", "rebuild_ctx"}, modes.Measured},
	{true, modes.Minors(14, 14), "_optimize_assert", []string{"backend", "hooks", "export", "export_constraints", "dynamic", "package", "recompile_limit", "isolate_recompiles", "dynamic_shapes", "rebuild_ctx"}, modes.Measured},
}

// noteOptimizeKeywords records on st, an Optimize site at call c, the keywords its
// torch._dynamo.optimize(…) call gives, for optimizeKeywordError.
func (r *reader) noteOptimizeKeywords(st *siteState, c *expr) {
	opt := c
	if c.kind == call && c.x.kind == call && isOptimize(r.qual(c.x.x)) {
		opt = c.x // torch._dynamo.optimize(…)(model)
	}
	if opt.kind != call {
		return
	}
	st.optimizeAssert = r.qual(opt.x) == "torch._dynamo.optimize_assert"
	for _, a := range opt.args {
		if a.star != 0 || a.keyword == "" || slices.Contains(st.optimizeKw, a.keyword) {
			continue
		}
		st.optimizeKw = append(st.optimizeKw, a.keyword)
		if !slices.Contains(optimizeSignature{assert: st.optimizeAssert}.takes(), a.keyword) {
			st.note("%s= is not a parameter of %s in any release whose signature was read (2.6, 2.14; it is not torch.compile: no mode, options or fullgraph): Python raises TypeError at the call", a.keyword, r.qual(opt.x))
		}
	}
}

// optimizeRejected returns the function named in the TypeError, the first keyword of
// kws the release's signature does not take, and the evidence ("" when none, or the
// release is not claimed).
func optimizeRejected(assert bool, kws []string, torch string) (fn, kw string, ev modes.Evidence) {
	v, err := modes.ParseVersion(torch)
	if err != nil {
		return "", "", ""
	}
	for _, sig := range optimizeSignatures {
		if sig.assert != assert || !sig.releases.Contains(v) {
			continue
		}
		for _, k := range kws {
			if !slices.Contains(sig.takes(), k) {
				return sig.fn, k, sig.ev
			}
		}
	}
	return "", "", ""
}

// takes returns the keywords sig's function takes: its own list, or when not read
// every keyword a read list of the same function has.
func (sig optimizeSignature) takes() []string {
	if sig.keywords != nil {
		return sig.keywords
	}
	var out []string
	for _, o := range optimizeSignatures {
		if o.assert == sig.assert {
			out = append(out, o.keywords...)
		}
	}
	return out
}

// optimizeKeywordError returns rep as the TypeError of a keyword the site's
// torch._dynamo.optimize(…) call gives that the release does not take. rep itself,
// shared through the cache, is not changed.
func optimizeKeywordError(st *Site, rep *graphs.Report) *graphs.Report {
	if st.Kind != Optimize || len(st.optimizeKw) == 0 || rep == nil {
		return rep
	}
	if raisedBeforeCall(rep) {
		return rep
	}
	fn, kw, ev := optimizeRejected(st.optimizeAssert, st.optimizeKw, rep.Torch)
	if kw == "" {
		return rep
	}
	return raisedReport(rep, &graphs.RaisedError{Stage: "compile", Exception: "TypeError",
		Message: config.UnexpectedKeyword(fn, kw), Evidence: ev})
}
