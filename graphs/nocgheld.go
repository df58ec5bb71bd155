package graphs

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/modes"
)

// Advice to compile without CUDA graphs must hold for the config the run has
// (newuser15 L10, nu32 item 1). mode="max-autotune-no-cudagraphs" sets no
// triton.cudagraphs key (torch/_inductor/__init__.py list_mode_options at 2.2.2, 2.6.0,
// 2.7.1, 2.14.0, read; measured on 2.11: torch_static.json per_mode), and no mode
// (torch.compile(model)) sets none either, so a triton.cudagraphs=True that the
// environment (TORCHINDUCTOR_CUDAGRAPHS=1), a global assignment or a config.patch
// gave before the compile stays: CUDA graphs stay on. Where that is so, a fix that
// says to compile without CUDA graphs (config.Warning.AdvisesNoCUDAGraphs, Hazard's
// field of the same name: data set where the fix is written, not found by its words)
// says to undo it too (noCUDAGraphsHeld), and an
// env-switch-misread fix that would turn the variable on says both ways
// (amendSwitchMisread). TestNoCUDAGraphsFixesHold plans every such fix applied.

// fixTreesTLSNoCGForced replaces fixTreesTLSNoCG where triton.cudagraphs is turned on
// outside the mode; %s is what turns it on, then how to undo it.
const fixTreesTLSNoCGForced = ", or compile these functions without CUDA graphs: here %s turns triton.cudagraphs on before any mode applies, and every mode keeps it, max-autotune-no-cudagraphs included, so %s first (then mode=\"max-autotune-no-cudagraphs\" or plain torch.compile(dynamic=False) run in threads, measured on 2.11), or pass options={\"triton.cudagraphs\": False} instead of a mode; "

// noCGHeldClause is appended to any other fix that advises compiling without CUDA
// graphs by a mode, where they are turned on outside it; %s as in fixTreesTLSNoCGForced.
const noCGHeldClause = "; here %s turns triton.cudagraphs on before any mode applies, and every mode keeps it, max-autotune-no-cudagraphs included: to run without CUDA graphs, %s too, or pass options={\"triton.cudagraphs\": False} instead of a mode"

// heldOn names what turns triton.cudagraphs on before the compile in the config the
// compiling threads see, and how to undo it; ok is false where nothing does.
func (pl *planner) heldOn() (what, undo string, ok bool) {
	view := pl.res
	if pl.w.workersCompile() && pl.res.Threaded != nil {
		view = pl.res.Threaded // 2.12+: worker threads do not see the main thread's globals
	}
	o := view.CUDAGraphsBeforeCompile
	switch o.Source {
	case config.FromEnv:
		return fmt.Sprintf("%s=%s in the environment", o.Detail, view.Getenv(o.Detail)), fmt.Sprintf("unset %s (or set it to 0)", o.Detail), true
	case config.FromGlobal:
		return "the global assignment torch._inductor.config.triton.cudagraphs = True", "drop that assignment", true
	case config.FromPatch:
		return "a config.patch that sets triton.cudagraphs=True", "drop it from the patch", true
	}
	return "", "", false
}

// noCUDAGraphsHeld makes w's advice to run without CUDA graphs by the mode
// (config.Warning.AdvisesNoCUDAGraphs, set where the fix is written) hold where the
// environment, a global or a config.patch turns them on before any mode applies
// (config.Result.CUDAGraphsBeforeCompile, which reads the variable as the release
// does): its Recommendation names what does and says to undo it. It reports whether it
// changed w.
func (pl *planner) noCUDAGraphsHeld(w *config.Warning) bool {
	what, undo, ok := pl.heldOn()
	fix := w.Recommendation
	switch {
	case !ok || !w.AdvisesNoCUDAGraphs:
		return false
	case strings.Contains(fix, fixTreesTLSNoCG):
		w.Recommendation = strings.Replace(fix, fixTreesTLSNoCG, fmt.Sprintf(fixTreesTLSNoCGForced, what, undo), 1)
	default:
		w.Recommendation = fix + fmt.Sprintf(noCGHeldClause, what, undo)
	}
	return true
}

// HoldNoCUDAGraphs makes w's advice to run without CUDA graphs by the mode
// (w.AdvisesNoCUDAGraphs) hold for the compile r reports, as the planner does for its
// own warnings: for a fix written after planning (graphs/script's gradient
// accumulation). It reports whether it changed w; a nil r or w, or a report without
// its Result and Plan, changes nothing.
func (r *Report) HoldNoCUDAGraphs(w *config.Warning) bool {
	if r == nil || w == nil || r.Result == nil || r.Plan == nil {
		return false
	}
	pl := planner{res: r.Result, w: r.Plan.Workload}
	return pl.noCUDAGraphsHeld(w)
}

// amendResolutionNoCG makes resolution's own fixes that advise running without CUDA
// graphs by the mode hold too (trees-flag-does-not-disable-cudagraphs with a mode,
// unknown-env-var for a DISABLE variable): the amended warning keeps its code and,
// appended to the plan's, takes the place of resolution's (mergeWarnings).
func (pl *planner) amendResolutionNoCG() {
	for _, w := range pl.res.Warnings {
		if !pl.amended(w.Code) && pl.noCUDAGraphsHeld(&w) {
			pl.plan.Warnings = append(pl.plan.Warnings, w)
		}
	}
}

// amended reports whether the plan already holds a warning of code.
func (pl *planner) amended(code config.Code) bool {
	for _, w := range pl.plan.Warnings {
		if w.Code == code {
			return true
		}
	}
	return false
}

// amendSwitchMisread rewrites env-switch-misread's fix "write TORCHINDUCTOR_CUDAGRAPHS=1"
// where another fix of the answer turns CUDA graphs off, or the mode is
// max-autotune-no-cudagraphs: written as "1", the variable turns them on for every
// mode, so the fix says both ways (nu32 item 1: TORCHINDUCTOR_CUDAGRAPHS="true" with
// threads; applying both fixes kept CUDA graphs on).
func (pl *planner) amendSwitchMisread() {
	var off string
	for _, w := range append(pl.plan.Warnings, pl.res.Warnings...) {
		if w.Code != config.WarnEnvSwitchMisread && off == "" && w.AdvisesNoCUDAGraphs {
			off = fmt.Sprintf("as the fix of [%s] needs", w.Code)
		}
	}
	if off == "" && pl.res.Mode == modes.MaxAutotuneNoCUDAGraphs {
		off = "as mode=\"max-autotune-no-cudagraphs\" means to"
	}
	if off == "" || pl.amended(config.WarnEnvSwitchMisread) {
		return
	}
	for _, w := range pl.res.Warnings {
		name, on := strings.CutPrefix(w.Recommendation, "write ")
		if w.Code != config.WarnEnvSwitchMisread || w.Key != "triton.cudagraphs" || !on || !strings.HasSuffix(name, "=1") {
			continue
		}
		name = strings.TrimSuffix(name, "=1")
		w.Recommendation = fmt.Sprintf("write %s=1 only if you want CUDA graphs on: every mode keeps them then, max-autotune-no-cudagraphs included; to run without them, %s, remove %s or write %s=0", name, off, name, name)
		pl.plan.Warnings = append(pl.plan.Warnings, w)
	}
}
