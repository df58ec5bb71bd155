package graphs

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config"
)

// Explain returns a paragraph in plain words: what CUDA-graph behaviour the resolved
// config asks for, what happens on each device, and the first fix. Do not depend on
// this output being stable.
func Explain(res *config.Result, p *Plan) string {
	var b strings.Builder
	cg, _ := res.Get("triton.cudagraphs")
	switch {
	case res.Backend == "cudagraphs":
		fmt.Fprintf(&b, "backend=\"cudagraphs\" captures with %s regardless of the Inductor config. ", p.Implementation)
	case res.Backend != "inductor":
		fmt.Fprintf(&b, "backend=%q does not use Inductor's CUDA graphs. ", res.Backend)
	case !p.Enabled:
		fmt.Fprintf(&b, "CUDA graphs are off: triton.cudagraphs is %s (from %s), so Inductor runs its kernels without capturing them. ", cg.Value, cg.Origin)
	default:
		fmt.Fprintf(&b, "CUDA graphs are on: triton.cudagraphs is %s (from %s) and the %s implementation records them on the first call. ", cg.Value, cg.Origin, p.Implementation)
	}
	counts := map[Outcome][]string{}
	race := false
	for _, d := range p.Devices {
		counts[d.Outcome] = append(counts[d.Outcome], fmt.Sprintf("cuda:%d (%s)", d.Device, d.Thread))
		race = race || d.Race
	}
	for _, o := range []Outcome{Capture, Partitioned, Skip, Fail} {
		if len(counts[o]) == 0 {
			continue
		}
		verb := map[Outcome]string{Capture: "captures and replays", Partitioned: "captures part of the graph and runs the rest eagerly on", Skip: "runs eagerly (no capture) on", Fail: "raises on"}[o]
		if o == Capture {
			fmt.Fprintf(&b, "PyTorch %s on %s. ", verb, strings.Join(counts[o], ", "))
		} else {
			fmt.Fprintf(&b, "PyTorch %s %s. ", verb, strings.Join(counts[o], ", "))
		}
	}
	if race && p.Workload.Threads == Callers {
		b.WriteString("Which calls fail varies from run to run. ")
	} else if race {
		b.WriteString("Which thread survives is a race: the first to record a cudagraph tree wins, so another run can swap the outcomes. ")
	}
	for _, w := range p.Warnings {
		if w.Recommendation != "" {
			fmt.Fprintf(&b, "Fix: %s.", strings.TrimSuffix(w.Recommendation, "."))
			break
		}
	}
	return strings.TrimSpace(b.String())
}
