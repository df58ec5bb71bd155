package diagnose

import (
	"strings"
	"testing"
)

// TestPlainLinesHoldNoVersionAnchor: the lines a training log repeats on every step
// (the rare-hit log of BenchmarkVersusGrep: a glog header before an Inductor path,
// whose time "54.740000" reads as a release; a traceback frame; a trainer's INFO line)
// hold none of the anchors that send a line through every release shape. holdoutJ's
// table-joint-key row once had "orch/", in every "torch/_inductor/…" header, and made
// BenchmarkVersusGrep 45 times grep's time instead of 0.35.
func TestPlainLinesHoldNoVersionAnchor(t *testing.T) {
	lines := []string{
		"V1129 17:07:54.740000 602 torch/_inductor/scheduler.py:6545] [0/0] [__cudagraphs] Created 1 graph partitions: 1 cudagraphable, 0 non-cudagraphable",
		"W1129 17:07:56.133000 608 torch/_dynamo/convert_frame.py:207] [0/0] torch._dynamo hit config.recompile_limit (8)",
		"I1129 17:07:56.133000 608 torch/fx/experimental/symbolic_shapes.py:3334] [0/0] create_symbol s0 = 8 for L['x'].size()[0]",
		"step 1200 loss=0.4123 lr=3e-4 tokens/s=81234 grad_norm=0.98 mem=61.2GiB elapsed=00:41:07",
		"INFO 2026-11-29 17:07:55,799 trainer.py:211 checkpoint saved to /scratch/run42/ckpt-0000811.pt (3.2 GB)",
	}
	for _, a := range versionAnchors() {
		for _, l := range lines {
			if strings.Contains(l, a) {
				t.Errorf("version anchor %q is in the plain log line %q", a, l)
			}
		}
	}
}
