package main

import (
	"fmt"
	"io"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// row is one K of the benchmark: microseconds per step, each the median of the runs.
type row struct {
	K           int     // kernel launches per step
	GoEager     float64 // Go backend, eager launches, µs per step
	GoReplay    float64 // Go backend, CUDA graph replay, µs per step
	GoRunCall   float64 // Go backend, one replayed step per Run call, wall-clock µs per call
	CPPEager    float64 // examples/bench/anchor_graph.cu, eager, µs per step; 0 when not run
	CPPGraph    float64 // examples/bench/anchor_graph.cu, graph, µs per step; 0 when not run
	haveAnchor  bool
	replayRatio float64 // GoReplay / CPPGraph
	eagerRatio  float64 // GoEager / CPPEager
}

// Targets of issue 5: Go replay at most 1.05× the C++ graph time, Go eager at most the
// C++ eager time, at every K.
const (
	replayTarget = 1.05
	eagerTarget  = 1.00
)

func (r *row) finish() {
	r.haveAnchor = r.CPPEager > 0 && r.CPPGraph > 0
	if r.haveAnchor {
		r.replayRatio = r.GoReplay / r.CPPGraph
		r.eagerRatio = r.GoEager / r.CPPEager
	}
}

func f1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
func f2(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// writeTable writes the rows as a Markdown table, then one line per target saying whether
// every K met it. Do not depend on this output being stable.
func writeTable(w io.Writer, rows []row, n, iters int) error {
	var err error
	p := func(format string, a ...any) {
		if err == nil {
			_, err = fmt.Fprintf(w, format, a...)
		}
	}
	p("step = K axpy launches over %d floats; µs per step, median of the runs of %d steps each (Go and C++ interleaved)\n\n", n, iters)
	p("| K | Go eager | Go replay | C++ eager | C++ graph | Go replay / C++ graph | Go eager / C++ eager | Go Run(n=1) wall µs/call |\n")
	p("|---|---|---|---|---|---|---|---|\n")
	replayMet, eagerMet, anchored := true, true, len(rows) > 0
	for _, r := range rows {
		if !r.haveAnchor {
			anchored = false
			p("| %d | %s | %s | - | - | - | - | %s |\n", r.K, f1(r.GoEager), f1(r.GoReplay), f1(r.GoRunCall))
			continue
		}
		replayMet = replayMet && r.replayRatio <= replayTarget
		eagerMet = eagerMet && r.eagerRatio <= eagerTarget
		p("| %d | %s | %s | %s | %s | %s | %s | %s |\n", r.K, f1(r.GoEager), f1(r.GoReplay), f1(r.CPPEager), f1(r.CPPGraph),
			f2(r.replayRatio), f2(r.eagerRatio), f1(r.GoRunCall))
	}
	p("\n")
	if !anchored {
		p("targets: not checked (no C++ baseline; pass -anchor)\n")
		return err
	}
	p("target replay <= %.2fx C++ graph at every K: %s\n", replayTarget, met(replayMet))
	p("target eager <= %.2fx C++ eager at every K: %s\n", eagerTarget, met(eagerMet))
	return err
}

func met(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}

// drawPlot draws µs per step against K (both axes logarithmic) for Go eager, Go replay and,
// when present, the C++ baseline's eager and graph times, as an SVG (or PNG, PDF, by the
// file's extension) of 6×4 inches.
func drawPlot(path, title string, rows []row) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "kernels per step (K)"
	p.Y.Label.Text = "µs per step"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	var ticks []plot.Tick
	series := map[string]plotter.XYs{}
	names := []string{"Go eager", "Go replay", "C++ eager", "C++ graph"}
	for _, r := range rows {
		ticks = append(ticks, plot.Tick{Value: float64(r.K), Label: strconv.Itoa(r.K)})
		k := float64(r.K)
		series["Go eager"] = append(series["Go eager"], plotter.XY{X: k, Y: r.GoEager})
		series["Go replay"] = append(series["Go replay"], plotter.XY{X: k, Y: r.GoReplay})
		if r.haveAnchor {
			series["C++ eager"] = append(series["C++ eager"], plotter.XY{X: k, Y: r.CPPEager})
			series["C++ graph"] = append(series["C++ graph"], plotter.XY{X: k, Y: r.CPPGraph})
		}
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	var args []any
	for _, n := range names {
		if len(series[n]) > 0 {
			args = append(args, n, series[n])
		}
	}
	if err := plotutil.AddLinePoints(p, args...); err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	return p.Save(6*vg.Inch, 4*vg.Inch, path)
}
