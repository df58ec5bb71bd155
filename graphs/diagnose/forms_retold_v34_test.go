package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldV34: holdoutGC's misses read as classes (rows_retold_v34.go):
// dynamic-shape-rerecord told with no message of PyTorch's, as a count of the distinct
// shapes CUDA graphs recorded, a recording each shape needs, graphs re-captured or made
// anew for each shape, CUDA Graph Trees' pools one per size, and in Chinese and Japanese.
// Each positive gave no finding on main at 391fddc9; each lookalike gives none: graphs
// captured per batch size by design (vLLM's, SGLang's, a runner's own), the mechanism in
// the present, recompiles counted with no CUDA graphs, and no torch.compile in the text.
func TestFormsRetoldV34(t *testing.T) {
	t.Parallel()
	dr := func(line int) form { return form{diagnose.DynamicShapeRerecord, line, diagnose.Paraphrased, ""} }
	const compiled = "model = torch.compile(model, mode=\"reduce-overhead\")\n"
	checkForms(t, []formTest{
		// a count of the distinct shapes the graphs recorded.
		{"recorded 51 distinct input shapes", "**OOM root cause analysis:**\n- CUDA Graphs from torch.compile recorded 51 distinct input shapes\n- Each shape requires a separate graph recording that consumes GPU memory\n", dr(2), "holdoutGC's rlquest status notes"},
		{"re-recorded for 12 different batch sizes", compiled + "The cudagraphs re-recorded for 12 different batch sizes before the OOM.\n", dr(2), "re-recorded, for"},
		{"trees recorded graphs for 9 unique sizes", compiled + "cudagraph trees recorded graphs for 9 unique sizes in the eval loop\n", dr(2), "graphs named again after the verb"},
		// a recording each shape needs, or one per shape.
		{"each shape requires a separate graph recording", compiled + "Each shape requires a separate graph recording that consumes GPU memory.\n", dr(2), "holdoutGC's rlquest status notes' next line"},
		{"one graph recording per shape", compiled + "Memory grew with one graph recording per shape until the allocator failed.\n", dr(2), "one … per"},
		{"every new sequence length triggered a re-recording", compiled + "Every new sequence length triggered a fresh CUDA graph re-recording.\n", dr(2), "re-recording, triggered"},
		// graphs re-captured or made anew for each shape.
		{"re-captures for each batch size", compiled + "With dynamic=False it re-captures for each batch size, so memory climbs.\n", dr(2), "the brief's sibling"},
		{"recaptures cudagraphs for every new sequence length", compiled + "Inductor recaptures cudagraphs for every new sequence length.\n", dr(2), "the graphs named"},
		{"created a new CUDA graph for every sequence length", compiled + "reduce-overhead created a new CUDA graph for every sequence length.\n", dr(2), "made anew, the past"},
		// CUDA Graph Trees' pools, one per size.
		{"private pools one per unique padded mesh size", "- **Round 1 OOM at depth=8** with `mode=\"reduce-overhead\"`: CUDAGraph Trees private pools (one per unique padded mesh size) exceeded 95 GB. 9 distinct sizes, 68.67 GB allocated in private pools → allocator failed.\n", dr(1), "holdoutGC's transolver PR log"},
		{"cudagraph pools, one for each sequence length", compiled + "the cudagraph pools, one for each distinct sequence length, filled the GPU\n", dr(2), "for each"},
		// Chinese and Japanese.
		{"zh: each shape recorded again", compiled + "显存暴涨：每个形状都会重新录制一次 CUDA graph。\n", dr(2), "重新录制"},
		{"zh: each shape captured again", compiled + "每个 shape 都重新 capture 一遍 cudagraph，显存一直涨\n", dr(2), "mixed words"},
		{"ja: captured again per shape", compiled + "入力の形状ごとに CUDA グラフを再キャプチャしてメモリが増え続けた。\n", dr(2), "ごとに…再キャプチャ"},
		// lookalikes: captures per batch size by design.
		{"vLLM's capture per batch size", compiled + "Each batch size requires a separate CUDA graph capture, so vLLM captures the sizes in cudagraph_capture_sizes.\n", form{}, "a capture, no recording: vLLM's design"},
		{"a runner's own: one graph per distinct step shape", compiled + "GraphRunner wraps any step model, captures one CUDA graph per distinct step shape and replays it.\n", form{}, "a runner's design (code corpus)"},
		{"one CUDA graph per decode shape", compiled + "Three fixed slots with contiguous KV, one CUDA graph per decode shape, and a prefix cache.\n", form{}, "a design list (code corpus)"},
		{"SGLang captured sizes", compiled + "SGLang captured CUDA graphs for 12 distinct batch sizes at start-up.\n", form{}, "captured: a capture list's by design"},
		// lookalikes: the mechanism in the present, no CUDA graphs, no compile.
		{"documentation: records a new graph for each shape", compiled + "CUDA Graph Trees records a new graph for each distinct input shape.\n", form{}, "the mechanism in the present"},
		{"recompiles counted", compiled + "torch.compile recorded 3 distinct input shapes and recompiled each time.\n", form{}, "no CUDA graphs named"},
		{"no compile: a hand capture", "Our CUDA graphs recorded 8 distinct batch sizes at start-up, one per bucket.\n", form{}, "no torch.compile (compileGraphsContext)"},
		{"zh: captured once per shape by design", compiled + "每个形状录制一次 CUDA graph，启动时完成。\n", form{}, "no 重新: a capture per shape by design"},
		{"negated: no longer re-captures", compiled + "After padding, it no longer re-captures for each batch size.\n", form{}, "negated (negatedVerb)"},
	})
}
