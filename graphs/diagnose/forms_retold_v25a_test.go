package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldV25A: the classes read from the held-out sets EE to EH's misses and
// validate25's passages (2026-12-06, not held in the corpus): a host sync told in a person's words as
// what failed, broke or raced a CUDA graph's capture, and their siblings; each positive
// failed before its class was read, and each lookalike gives no finding.
func TestFormsRetoldV25A(t *testing.T) {
	para := func(line int) form { return form{diagnose.StreamCaptureIllegal, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		// a host sync during a CUDA graph's capture, then a failure.
		{"host-syncs during CUDA graph capture, engine fails", "# 0.8.10: _padded_route host-syncs (n_blocks.item()) during CUDA graph capture — engine fails to start under vLLM 0.27 defaults\n", para(1), "RobTand/gridbook#47's title (holdoutEE)"},
		{"host syncs land inside the capture region", "Root-caused today: `_padded_route` performs two host syncs (`.tolist()` at `moe.py:203`, `n_blocks.item()` at `moe.py:207`), and under vLLM 0.27's default `cudagraph_mode=FULL_AND_PIECEWISE` the first routed forward at each capture size lands inside the capture region, so the engine dies at startup.\n", para(1), "RobTand/gridbook#47's body (holdoutEE)"},
		{".tolist() during CUDA graph capture crashed", "Calling .tolist() during CUDA graph capture crashed the server.\n", para(1), "the past"},
		{"sync during CUDA graph capture, a colon", "the host sync during CUDA graph capture: vLLM dies at startup\n", para(1), "a colon before the failure"},
		{".item() inside the capture region, so crashed", "the .item() in the loss lands inside the capture region, so the engine crashed\n", para(1), "the region, the past"},
		{"rule: must not call .item() during capture", "You must not call .item() during CUDA graph capture.\n", form{}, "a rule, no failure"},
		{"modal: a sync would fail", "A host sync during CUDA graph capture would fail the capture.\n", form{}, "a modal"},
		{"condition: if .item() during capture, fails", "If you call .item() during CUDA graph capture, the capture fails.\n", form{}, "a condition's clause"},
		{"Dynamo's graph capture", ".item() during graph capture fails with fullgraph=True\n", form{}, "graph capture alone is also Dynamo's"},
		{"no longer fails", "the .item() during CUDA graph capture no longer fails\n", form{}, "negated"},
		// item() without its dot, CUDA graphs named in the text.
		{"an item() on every step breaks graph capture", "If you pass a tensor as the learning rate when constructing an optimizer, it works, but internally it does an item() on every step, which breaks graph capture and triggers synchronization warnings if you have them enabled.\n\nIt would be nice if the optimizers (maybe just the fused versions?) directly used the tensor, because then you could adjust learning rate every step while using CUDA graphs.\n", para(1), "pytorch/pytorch#106802 (holdoutEG)"},
		{"calls tolist() and breaks CUDA graph capture", "the scheduler calls tolist() each step, which breaks CUDA graph capture\n", para(1), "tolist(), CUDA graphs in the sentence"},
		{"item() breaks graph capture, no CUDA graphs", "it does an item() on every step, which breaks graph capture\n", form{}, "Dynamo's graph capture: no CUDA graphs named"},
		{"lerobot's graph break", "Since `.item()` performs Python-side scalar extraction and disrupts graph capture, these conversions were removed from the `forward()` method.\n", form{}, "huggingface/lerobot#2159, the corpus's negative: a graph break"},
		{"calling item() would break", "calling item() would break graph capture when using CUDA graphs\n", form{}, "a modal"},
		// sync errors while a graph captures.
		{"sync errors when graph capturing", "[CUDA graphs] Avoid sync errors when graph capturing cudnn rnn calls that use cudnn dropout (#56433)\n", para(1), "pytorch/pytorch#56433's commit title (holdoutEH)"},
		{"sync errors while capturing", "we hit sync errors while capturing the decoder\n", para(1), "while, the gerund"},
		{"Sync error in stream capture", "Sync error in stream capture with NCCL\n", para(1), "capitalised, the stream's capture"},
		{"async errors during capture", "async errors during capture are reported late\n", form{}, "async, no sync"},
		{"sync errors loading a checkpoint", "sync errors when loading the checkpoint\n", form{}, "no capture"},
		// a capture race, with its failure or its fix.
		{"capture race that killed datasets", "Fixes the CUDA-graph capture race that killed 2 of 100 datasets on the first RF100-VL Vast campaign (\"AcceleratorError ... in pin memory thread\").\n", para(1), "LibreYOLO/libreyolo#681 (validate25)"},
		{"fix graph capture race", "fix graph capture race in the server\n", para(1), "a fix's title"},
		{"the capture race crashed", "The capture race crashed the pin-memory thread.\n", para(1), "the past"},
		{"to avoid a capture race", "To avoid a capture race, we take a lock before capture_begin.\n", form{}, "a purpose"},
		{"a capture race could kill", "a capture race could kill the run\n", form{}, "a modal"},
		{"capture race no longer crashes", "the capture race no longer crashes the run\n", form{}, "negated"},
		// a sync forced, then CUDA graph capture broken, the verb bare.
		{"force CUDA sync and break CUDA graph capture", "`comfy/ldm/minimax/model.py::MiniMaxH3Model._forward` performs multiple per-step device-to-host scalar reads and tensor-to-Python conversions that force CUDA sync and break CUDA graph capture / `torch.compile(mode=\"reduce-overhead\")`.\n", para(1), "Comfy-Org/ComfyUI#15551 (validate25)"},
		{".item() calls break CUDA graph capture", "these .item() calls break CUDA graph capture\n", para(1), "a plural subject"},
		{"a sync would break", "a sync would break CUDA graph capture\n", form{}, "a modal"},
		{"syncs can break", "syncs can break CUDA graph capture\n", form{}, "a modal after the plural"},
		{"remove the sync so as not to break", "Remove the sync so as not to break CUDA graph capture\n", form{}, "a purpose"},
	})
}
