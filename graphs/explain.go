package graphs

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config"
)

// MergeWarnings returns resolution's warnings followed by the plan's, where a plan
// warning with the code of a resolution warning (its workload-aware version) takes its
// place.
func MergeWarnings(resolution, plan []config.Warning) []config.Warning {
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

// Explain returns a paragraph in plain words: what CUDA-graph behaviour the resolved
// config asks for, what happens on each device, and the first fix. Do not depend on
// this output being stable. With a nil res or p there is nothing to explain: it
// returns "".
func Explain(res *config.Result, p *Plan) string {
	if res == nil || p == nil {
		return ""
	}
	var b strings.Builder
	if p.Workload.Threads != MainThread && res.Threaded != nil && res.Threaded.CUDAGraphs != res.CUDAGraphs {
		fmt.Fprintf(&b, "On torch %s the worker threads do not see the main thread's global assignments: they use %s, not %s. ", res.Torch, res.Threaded.CUDAGraphs.Implementation, res.CUDAGraphs.Implementation)
		res = res.Threaded
	}
	b.WriteString(explainConfig(res))
	race := explainDevices(&b, p)
	if race && p.Workload.Threads == Callers {
		b.WriteString("Which calls fail varies from run to run. ")
	} else if race {
		b.WriteString("Which thread survives is a race: the first to record a cudagraph tree wins, so another run can swap the outcomes. ")
	}
	if race || hasFail(p) {
		for _, w := range p.Warnings {
			if w.Recommendation != "" {
				fmt.Fprintf(&b, "Fix: %s.", strings.TrimSuffix(w.Recommendation, "."))
				break
			}
		}
	}
	return strings.TrimSpace(b.String())
}

// explainConfig says what CUDA-graph behaviour the config asks for.
func explainConfig(res *config.Result) string {
	cg, _ := res.Get("triton.cudagraphs")
	switch {
	case res.CompileDisabled:
		return "TORCH_COMPILE_DISABLE=1: torch.compile does nothing. "
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
func explainDevices(b *strings.Builder, p *Plan) (race bool) {
	counts := map[Outcome][]string{}
	for _, d := range p.Devices {
		counts[d.Outcome] = append(counts[d.Outcome], fmt.Sprintf("cuda:%d (%s)", d.Device, d.Thread))
		race = race || d.Race
	}
	for _, o := range []struct {
		outcome Outcome
		format  string
	}{
		{Capture, "PyTorch captures and replays on %s. "},
		{Partitioned, "PyTorch captures part of the graph and runs the rest eagerly on %s. "},
		{Skip, "PyTorch runs eagerly (no capture) on %s. "},
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
