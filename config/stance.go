package config

import (
	"fmt"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/modes"
)

// What torch.compiler.set_stance(stance) in force at a compiled function's first call
// does ([Request.Stance]). The stance is read when the compiled function is called,
// not when torch.compile(…) is (torch/_dynamo/eval_frame.py _callback_from_stance,
// called from _TorchDynamoContext's wrapper at each call, @ 2.6.0 and 2.14.1), so what
// counts is the stance in force at that call.
//
// Measured on 2.6.0 and 2.14.1 (the CPU chroots, graphs/script/testdata/measured/stance.py
// and stance.out; a function compiled with
// backend="eager", the stance set after torch.compile and before the first call, then
// three calls, the third with a new shape, counting torch._dynamo.utils.counters["frames"]):
//   - force_eager, eager_on_recompile: no frame is compiled, by any call;
//   - fail_on_recompile: the first call raises RuntimeError "Detected recompile when
//     torch.compile stance is 'fail_on_recompile'" (2.14.1 adds ". filename: '…',
//     function name: '…', line number: N");
//   - eager_then_compile: 2.14.1 compiles at the second call, not the first; 2.6.0
//     raises at the first call, as for any unknown stance: RuntimeError "invalid
//     torch.compile stance 'DynamoStance(stance='X', skip_guard_eval_unsafe=False,
//     backend=None)'";
//   - aot_eager_then_compile: 2.14.1 runs the first call through aot_eager; 2.6.0
//     raises as for an unknown stance.
//
// set_stance came with PR #137504 (October 2024, after the 2.5 branch cut; in 2.6.0's
// torch/compiler/__init__.py): on 2.0–2.5 the call itself raises AttributeError.
// eager_then_compile came with PR #147983 and aot_eager_then_compile with PR #148509
// (both early 2025, in 2.14.1's eval_frame.py, not in 2.6.0's).

// StanceEffect is what a stance does to the compiled function's first call.
type StanceEffect int

// The effects of a stance.
const (
	// StanceCompiles: the first call compiles as without a stance ("default").
	StanceCompiles StanceEffect = iota
	// StanceEager: no frame is compiled; the function runs eagerly, and no CUDA graph
	// is captured.
	StanceEager
	// StanceFirstEager: the first call runs without Inductor and a later call compiles
	// as without a stance (eager_then_compile, aot_eager_then_compile).
	StanceFirstEager
	// StanceRaises: the first call raises RuntimeError.
	StanceRaises
)

// stanceRow is one stance's effect on a range of releases.
type stanceRow struct {
	_        [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	stance   string
	releases modes.Releases
	effect   StanceEffect
	source   string
}

// stanceSrc26 is how the 2.6 and 2.14 rows are known.
const stanceSrc26 = "torch/_dynamo/eval_frame.py _callback_from_stance @ 2.6.0, 2.14.1; measured on both (the CPU chroots)"

// stanceRows are the stances set_stance takes, per release; a stance no row of the
// release names raises "invalid torch.compile stance" at the first call.
func stanceRows() []stanceRow {
	return []stanceRow{
		{stance: "default", releases: modes.Minors(6, 14), source: stanceSrc26},
		{stance: "force_eager", releases: modes.Minors(6, 14), effect: StanceEager, source: stanceSrc26},
		{stance: "eager_on_recompile", releases: modes.Minors(6, 14), effect: StanceEager, source: stanceSrc26 + ": with no cached code the first call runs eagerly"},
		{stance: "fail_on_recompile", releases: modes.Minors(6, 14), effect: StanceRaises, source: stanceSrc26 + ": the first compile is a recompile to it"},
		{stance: "eager_then_compile", releases: modes.Minors(7, 14), effect: StanceFirstEager, source: "PR #147983; measured on 2.14.1 (compiles at the second call); not in 2.6.0"},
		{stance: "aot_eager_then_compile", releases: modes.Minors(7, 14), effect: StanceFirstEager, source: "PR #148509; measured on 2.14.1 (the first call runs through aot_eager); not in 2.6.0"},
	}
}

// stanceFirst is the first release with torch.compiler.set_stance (PR #137504).
var stanceFirst = modes.Version{Major: 2, Minor: 6}

// StanceOf returns what stance does on release v, with the source of that fact; ok
// is false when the release has no such stance (set_stance raises then: see
// [Resolver.Resolve]). "" is "default".
func StanceOf(stance string, v modes.Version) (effect StanceEffect, source string, ok bool) {
	if stance == "" {
		stance = "default"
	}
	for _, row := range stanceRows() {
		if row.stance == stance && row.releases.Contains(v) {
			return row.effect, row.source, true
		}
	}
	return 0, "", false
}

// applyStance applies Request.Stance once the call has been checked: a stance that
// compiles nothing turns compilation off as torch._dynamo.config.disable does, one
// that raises returns the *CallError of the first call (stage "first-call"), one that
// compiles from a later call changes nothing planned (the compile is the same), and
// set_stance on a release without it returns the AttributeError its call raises
// (stage "stance").
func (r *Resolver) applyStance(res *Result, req Request) error {
	if req.Stance == "" || req.Stance == "default" {
		return nil
	}
	by := fmt.Sprintf("torch.compiler.set_stance(%q)", req.Stance)
	if !r.facts.Torch.AtLeast(stanceFirst) {
		return &CallError{Stage: "stance", Arg: "torch.compiler.set_stance", Exc: "AttributeError",
			Msg: "module 'torch.compiler' has no attribute 'set_stance'"}
	}
	effect, src, ok := StanceOf(req.Stance, r.facts.Torch)
	switch {
	case !ok:
		return &CallError{Stage: "first-call", Arg: by, Exc: "RuntimeError",
			Msg: fmt.Sprintf("invalid torch.compile stance 'DynamoStance(stance=%s, skip_guard_eval_unsafe=False, backend=None)'", literal.Str(req.Stance).String())}
	case effect == StanceRaises:
		return &CallError{Stage: "first-call", Arg: by, Exc: "RuntimeError",
			Msg: "Detected recompile when torch.compile stance is 'fail_on_recompile'"}
	case effect == StanceEager && !res.CompileDisabled && !res.Unwrapped:
		res.CompileDisabled, res.DisabledBy = true, by
		res.Warnings = append(res.Warnings, Warning{Code: WarnCompileDisabled,
			Message:        by + " is in force at the compiled function's first call: Dynamo compiles no frame, so nothing is compiled and no CUDA graph is captured; the function runs eagerly (" + src + ")",
			Recommendation: `call torch.compiler.set_stance("default") before the calls that should compile`, Evidence: stanceEvidence(r.facts.Torch)})
	}
	return nil
}

// stanceEvidence is how a stance's effect on release v is known: measured on 2.6.0
// and 2.14.1, inferred from those and the PRs on the others.
func stanceEvidence(v modes.Version) modes.Evidence {
	if v == (modes.Version{Major: 2, Minor: 6}) || v == (modes.Version{Major: 2, Minor: 14}) {
		return modes.Measured
	}
	return modes.Inferred
}
