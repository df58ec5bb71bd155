package diagnose

import (
	"github.com/stretchr/testify/require"
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

// TestPlainLinesHoldNoAnchor: the lines BenchmarkVersusGrep's rare-hit log repeats (and
// a traceback frame under a library path) hold no anchor of the prefilter but the
// library path's own, which is read from the raw line and only until a Python is seen,
// and a fact of the run (anchorFact: fit.go's factLiterals, a Windows or Linux path),
// recorded as the line is pushed, without reading it.
// A retold row's literal "python headers" gave every frame the anchor "python" and made
// the benchmark 1.3 times grep's time instead of 0.4; "python3." as a recoverer anchor
// did the same.
func TestPlainLinesHoldNoAnchor(t *testing.T) {
	forbidAnchors(t, func(u anchorUse) bool { return u.kind != anchorPython && u.kind != anchorFact }, []string{
		"V1129 17:07:54.740000 602 torch/_inductor/scheduler.py:6545] [0/0] [__cudagraphs] Created 1 graph partitions: 1 cudagraphable, 0 non-cudagraphable",
		"  File \"/opt/venv/lib/python3.12/site-packages/transformers/models/llama/modeling_llama.py\", line 494, in forward",
		"  File \"C:\\Users\\a\\AppData\\Local\\Programs\\Python\\Python312\\Lib\\site-packages\\torch\\nn\\modules\\module.py\", line 1736, in _wrapped_call_impl",
		"epoch 3 | batch 811/5000 | data 0.002s | fwd 0.031s | bwd 0.062s | opt 0.004s | throughput 1731 samples/s",
		"step 1200 loss=0.4123 lr=3e-4 tokens/s=81234 grad_norm=0.98 mem=61.2GiB elapsed=00:41:07",
		"INFO 2026-11-29 17:07:55,799 trainer.py:211 checkpoint saved to /scratch/run42/ckpt-0000811.pt (3.2 GB)",
	})
}

// forbidAnchors fails for each of lines that holds an anchor of a use forbidden says.
func forbidAnchors(t *testing.T, forbidden func(anchorUse) bool, lines []string) {
	t.Helper()
	s, err := newScanner()
	require.NoError(t, err)
	for _, l := range lines {
		s.t.anchors.find([]byte(l), func(a, at int) {
			for _, u := range s.t.uses[a] {
				if forbidden(u) {
					t.Errorf("%q holds the anchor %q at %d (%+v)", l, s.t.anchors.anchors[a], at, u)
				}
			}
		})
	}
}

// TestStockLinesHoldNoRowAnchor checks that the warnings most compile logs repeat hold
// no row's anchor, so that a log of them runs no row's checks (hostile21's D1: the
// retellings' literal pieces "compile", "Tensor", "multipl" and "warning" were on them,
// 6.9 times grep -F's CPU time; logWord). Context anchors are tried until seen, once.
func TestStockLinesHoldNoRowAnchor(t *testing.T) {
	forbidAnchors(t, func(u anchorUse) bool { return u.kind == anchorRow }, []string{
		"W1205 21:22:33.123000 4242 torch/_dynamo/convert_frame.py:906] [0/8] torch._dynamo hit config.recompile_limit (8)",
		"/opt/conda/lib/python3.11/site-packages/torch/_inductor/compile_fx.py:236: UserWarning: TensorFloat32 tensor cores for float32 matrix multiplication available but not enabled. Consider setting `torch.set_float32_matmul_precision('high')` for better performance.",
		"  warnings.warn(",
		"  File \"/usr/lib/python3/dist-packages/torch/_inductor/compile_fx.py\", line 1550, in compile_fx",
		// the recompile-limit warning's follow-on lines (the corpus's thunder2682_recompile_limit.txt;
		// "reason" had anchored skip-unknown-reason: fixperf30b)
		"W1021 10:44:18.989000 2926727 torch/_dynamo/convert_frame.py:1355] [0/8]    function: 'forward' (/srv/app/model.py:12)",
		"W1021 10:44:18.989000 2926727 torch/_dynamo/convert_frame.py:1355] [0/8]    last reason: 0/0: tensor 'L['x']' size mismatch at index 0. expected 4, actual 8",
		"W1021 10:44:18.989000 2926727 torch/_dynamo/convert_frame.py:1355] [0/8] To log all recompilation reasons, use TORCH_LOGS=\"recompiles\".",
		"W1021 10:44:18.989000 2926727 torch/_dynamo/convert_frame.py:1355] [0/8] To diagnose recompilation issues, see https://pytorch.org/docs/main/torch.compiler_troubleshooting.html",
	})
}
