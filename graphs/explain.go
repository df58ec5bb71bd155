package graphs

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config"
)

// mergeWarnings returns resolution's warnings followed by the plan's, where a plan
// warning with the code of a resolution warning (its workload-aware version) takes its
// place.
func mergeWarnings(resolution, plan []config.Warning) []config.Warning {
	amended := map[config.Code]config.Warning{}
	for _, w := range plan {
		amended[w.Code] = w
	}
	var out []config.Warning
	for _, w := range resolution {
		if a, ok := amended[w.Code]; ok {
			out = append(out, a)
			delete(amended, w.Code)
			continue
		}
		out = append(out, w)
	}
	for _, w := range plan {
		if _, ok := amended[w.Code]; ok {
			out = append(out, w)
		}
	}
	return out
}

// explainPlan returns a paragraph in plain words: what CUDA-graph behaviour the resolved
// config asks for, what happens on each device, and the first fix. Do not depend on
// this output being stable. With a nil res or p there is nothing to explain: it
// returns "".
func explainPlan(res *config.Result, p *Plan) string {
	if res == nil || p == nil {
		return ""
	}
	var b strings.Builder
	if p.Workload.workersCompile() && res.Threaded != nil && res.Threaded.CUDAGraphs != res.CUDAGraphs {
		fmt.Fprintf(&b, "On torch %s the worker threads do not see the main thread's global assignments: they use %s, not %s. ", res.Torch, res.Threaded.CUDAGraphs.Implementation, res.CUDAGraphs.Implementation)
		res = res.Threaded
	}
	if m := p.Workload.CaptureErrorMode; m != "" {
		fmt.Fprintf(&b, "The compiled function is captured by hand: torch.cuda.graph(g, capture_error_mode=%q). ", m)
	} else if d := p.Workload.DeviceType; d != "" && res.Backend == "inductor" && !res.CompileDisabled {
		fmt.Fprintf(&b, "The compiled function's tensors are on %s: Inductor captures no CUDA graph there, whatever triton.cudagraphs says. ", d)
	} else {
		b.WriteString(explainConfig(res))
	}
	race := explainDevices(&b, p, skipSentence(res))
	if race {
		b.WriteString(raceSentence(p))
	}
	explainOrder(&b, p)
	stale := staleRead(p)
	if stale {
		b.WriteString("An output of a replayed call read after a later call holds that call's values, without an error (stale-output). ")
	}
	if race || hasFail(p) || stale {
		b.WriteString(firstFix(p))
	}
	return strings.TrimSpace(b.String())
}

// raceSentence says what varies from run to run when an outcome of p is a race.
func raceSentence(p *Plan) string {
	switch {
	case p.Workload.CaptureErrorMode != "":
		return "Whether another thread's call lands during the capture is a race. "
	case p.Workload.Threads == Callers:
		return "Which calls fail varies from run to run. "
	}
	return "Which thread survives is a race: the first to record a cudagraph tree wins, so another run can swap the outcomes. "
}

// firstFix returns the sentence of the first recommendation among p's warnings, or
// "" when none has one.
func firstFix(p *Plan) string {
	for _, w := range p.Warnings {
		if w.Recommendation != "" {
			return FixSentence(w.Recommendation)
		}
	}
	return ""
}

// FixSentence is the sentence a Report's Explain gives a warning's recommendation rec
// as, "Fix: rec." (one full stop at its end): the text output points it to the warning
// that prints the same fix (Report.explainText), and a caller that rewrites a warning's
// recommendation replaces this sentence in Explain too (graphs/script's rewrites).
func FixSentence(rec string) string { return "Fix: " + strings.TrimSuffix(rec, ".") + "." }

// explainConfig says what CUDA-graph behaviour the config asks for.
func explainConfig(res *config.Result) string {
	cg, _ := res.Get("triton.cudagraphs")
	switch {
	case res.CompileDisabled:
		return res.DisabledBy + ": torch.compile compiles nothing. "
	case res.Backend != "inductor" && res.Torch.Less(firstPlanned()):
		// 2.0's torch.compile hands other backends the graph alone (rows20).
		return fmt.Sprintf("backend=%q gets the graph with no mode or options; what it does with CUDA graphs in torch %s was not read. ", res.Backend, res.Torch)
	case res.Backend == "cudagraphs":
		return fmt.Sprintf("backend=\"cudagraphs\" captures with %s regardless of the Inductor config. ", res.CUDAGraphs.Implementation)
	case res.Backend != "inductor":
		return fmt.Sprintf("backend=%q does not use Inductor's CUDA graphs. ", res.Backend)
	case !res.CUDAGraphs.Enabled:
		return fmt.Sprintf("CUDA graphs are off: triton.cudagraphs is %s (from %s), so Inductor runs its kernels without capturing them. ", cg.Value, cg.Origin)
	}
	return fmt.Sprintf("CUDA graphs are on: triton.cudagraphs is %s (from %s) and the %s implementation records them on the first call. ", cg.Value, cg.Origin, res.CUDAGraphs.Implementation)
}

// explainDevices writes one sentence per outcome, naming its devices and threads, and
// reports whether any outcome is a race.
func explainDevices(b *strings.Builder, p *Plan, skip string) (race bool) {
	counts := map[Outcome][]string{}
	var off []string // skipped because CUDA graphs are off: the config sentence said why
	for _, d := range p.Devices {
		name := fmt.Sprintf("%s (%s)", d.Label(), d.Thread)
		if d.Outcome == Skip && d.Implementation == None {
			off = append(off, name)
		} else {
			counts[d.Outcome] = append(counts[d.Outcome], name)
		}
		race = race || d.Race
	}
	if len(off) > 0 {
		fmt.Fprintf(b, "No CUDA graph is captured on %s. ", strings.Join(off, ", "))
	}
	for _, o := range []struct {
		outcome Outcome
		format  string
	}{
		{Capture, "PyTorch captures and replays on %s. "},
		{Partitioned, "PyTorch captures part of the graph on %s and runs the rest without CUDA graphs. "},
		{Skip, skip},
		{Fail, "PyTorch raises on %s. "},
	} {
		if len(counts[o.outcome]) > 0 {
			fmt.Fprintf(b, o.format, strings.Join(counts[o.outcome], ", "))
		}
	}
	return race
}

// hasFail reports whether a device of p fails.
func hasFail(p *Plan) bool {
	for _, d := range p.Devices {
		if d.Outcome == Fail {
			return true
		}
	}
	return false
}

// staleRead reports whether p warns of a kept output read with a later call's values
// and no error (stale-output), a silent wrong answer the outcome does not show.
func staleRead(p *Plan) bool {
	for _, w := range p.Warnings {
		if w.Code == config.WarnStaleOutput {
			return true
		}
	}
	return false
}

// skipSentence says what a skipped device runs: with Inductor, its compiled kernels
// without a CUDA graph (only the capture is skipped, not the compilation).
func skipSentence(res *config.Result) string {
	switch {
	case res.CompileDisabled:
		return "PyTorch runs the function eagerly on %s. "
	case res.Backend == "inductor":
		return "Inductor still compiles and runs its kernels on %s; only the CUDA-graph capture is skipped. "
	case res.Backend == "cudagraphs":
		return "backend=\"cudagraphs\" runs the graph without capturing it on %s. "
	}
	return fmt.Sprintf("backend=%q runs the function without CUDA graphs on %%s. ", res.Backend)
}

// explainOrder names the plan's warnings in the order a run meets them, when there
// are several: fixing the first leads to the next.
func explainOrder(b *strings.Builder, p *Plan) {
	meets := map[string]moment{}
	for _, t := range triggerRows() {
		meets[t.Code] = t.Meets
	}
	var codes []string
	for _, w := range p.Warnings {
		if m, ok := meets[string(w.Code)]; ok {
			codes = append(codes, fmt.Sprintf("%s (%s)", w.Code, m))
		}
	}
	if len(codes) >= 2 {
		fmt.Fprintf(b, "The run meets, in this order: %s. ", strings.Join(codes, ", then "))
	}
}
