package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldV25D: the classes read from validate25's passages (2026-12-06, not held in the corpus)
// and the held-out set EE's misses, with their siblings; each positive failed before its
// class was read, and each lookalike gives no finding.
func TestFormsRetoldV25D(t *testing.T) {
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		// a re-record or an invalidated graph with changing data pointers as its cause.
		{"unstable static input pointers trigger re-recording", "It happens in FSDP-only multi-GPU CUDA graph workloads, where unstable static input pointers trigger excessive cudagraph re-recording. Before `3e263a46`, 4xFSDP bf16 reduce-overhead had 40 re-records.\n", para(diagnose.TreesStaticInputChanged, 1), "pytorch/pytorch#183451 (holdoutEE)"},
		{"graph invalided due to data pointer changes", "Motivation:\n\nIn some cases, recorded CUDA Graph gets silently invalided if `TORCH_LOGS=\"perf_hints\"` not provided, due to data pointer changes.\n", para(diagnose.TreesStaticInputChanged, 3), "huggingface/peft#2611's motivation (validate25)"},
		{"leads to an unexpected CUDA Graph re-record", "This leads to an [unexpected CUDA Graph re-record.](https://github.com/pytorch/pytorch/blob/1341794/torch/_inductor/cudagraph_trees.py#L2151)\n\nWe can avoid this by copying LoRA weights in place without changing underlying tensor itself.\n", para(diagnose.TreesStaticInputChanged, 1), "huggingface/peft#2611 (validate25): the trees' own word"},
		{"pointer changes caused re-recording", "parameter pointer changes caused cudagraph re-recording on every step\n", para(diagnose.TreesStaticInputChanged, 1), "the past"},
		{"re-recorded because pointers changed", "the cudagraph re-recorded because the weight data pointers changed after the swap\n", para(diagnose.TreesStaticInputChanged, 1), "the effect first"},
		{"limit's doc", "# Maximal number of allowed cudagraph re-record for a function and a cudagraph node due to static input tensor address changes or cudagraph managed tensor data pointer changed.\n", form{}, "triton.cudagraph_unexpected_rerecord_limit's doc: no verb of it happening"},
		{"excessive re-recording, no pointer", "# [cudagraphs][HF][torch 2.7] Excessive cudagraph re-recording for HF LLM models\n\nRerecording issue is - `CheckInvariantStatus.StaticInputIdxMismatch`.\n", form{Torch: "2.7"}, "pytorch/pytorch#152275, holdout9's negative"},
		{"bundle invalidated when the pointer changes", "        to a new GPU allocation.  The CUDA-graph bundle is invalidated when the\n        weight data pointer changes so a new capture will be triggered on the\n        next decode step.\n", form{}, "a hand-made graph's rule (code corpus)"},
		{"fresh cache forces a re-record", "    # times allocator traffic and forces a cudagraph re-record per prefill.\n", form{}, "a benchmark's design comment (code corpus): no pointer named"},
		{"pointers would trigger re-recording", "unstable pointers would trigger cudagraph re-recording\n", form{}, "a modal"},
		// a fix that lets torch.compile avoid recording a graph for each value.
		{"avoid recording a unique CUDA graph for each position", "This allows torch.compile() to avoid having to specialize and record\na unique CUDA graph for each position we run inference on.\n", para(diagnose.DynamicShapeRerecord, 1), "m87-labs/moondream#231 (validate25), wrapped"},
		{"was recording a new CUDA graph for each length", "reduce-overhead was recording a new CUDA graph for each sequence length\n", para(diagnose.DynamicShapeRerecord, 1), "the report's past"},
		{"recorded a separate cudagraph for every batch size", "under reduce-overhead it recorded a separate cudagraph for every batch size we served\n", para(diagnose.DynamicShapeRerecord, 1), "the past, every"},
		{"a hand-made capture per batch size", "at startup we recorded a separate CUDA graph for each batch size\n", form{}, "no torch.compile: a design"},
		{"records a new cudagraph for every size", "Inductor records a new cudagraph for every distinct input size\n", form{}, "the mechanism in the present (pytorch/pytorch#131387)"},
		{"pad to avoid recording", "Pad inputs to a few sizes to avoid recording a new CUDA graph for each shape.\n", form{}, "advice: no fix said to do it"},
		// CPU tensors that prevent the use of CUDA graphs.
		{"CPU tensors prevent us from using Cudagraphs", "1) Cudagraphs in Inductor - Currently, seed and offset being CPU tensors, prevent us from using Cudagraphs when functionalization is turned on. This is bad for perf.\n", para(diagnose.SkipCPUDevice, 1), "pytorch/pytorch#102203 (validate25)"},
		{"CPU inputs prevented inductor from using CUDA graphs", "the CPU inputs prevented inductor from using CUDA graphs\n", para(diagnose.SkipCPUDevice, 1), "the past"},
		{"CPU scalar keeps us from using cudagraphs", "a CPU scalar in the graph keeps us from using cudagraphs\n", para(diagnose.SkipCPUDevice, 1), "another verb, a phrase between"},
		{"CPU tensors would prevent", "CPU tensors would prevent us from using cudagraphs\n", form{}, "a modal"},
		{"CPU tensors no longer prevent", "CPU tensors no longer prevent us from using cudagraphs\n", form{}, "negated"},
		// a later replay that invalidates cudagraph trees' outputs, in a fix.
		{"later replay invalidates live .grad storage", "CUDAGraph tree backward outputs can be stolen into leaf gradients, so returning graph-owned tensors lets a later replay invalidate live .grad storage. Clone backward outputs before handing them to autograd so persistent grads have normal tensor lifetime.\n\nFixes #146569\n", para(diagnose.OverwrittenOutput, 1), "pytorch/pytorch#184153 (holdoutEE, validate25)"},
		{"next replay overwrote the outputs", "reduce-overhead: the next replay overwrote the returned outputs\nCloses #1234\n", para(diagnose.OverwrittenOutput, 1), "the past"},
		{"later replay, no issue closed", "CUDAGraph tree backward outputs can be stolen into leaf gradients, so returning graph-owned tensors lets a later replay invalidate live .grad storage.\n", form{}, "no fix that closes an issue: a design's rule"},
		{"TransformerEngine's replays", "## Root Cause\n\nWhen CUDA graph replay returns parameter grad slots directly from static graph buffers, downstream autograd users can retain references to buffers that are overwritten by later graph replays. This can corrupt retained grads or break gradient accumulation semantics.\n\nFixes #2900\n", form{}, "NVIDIA/TransformerEngine#2937, validate25's negative: no trees"},
		// tensors that CUDA graphs overwrite, a crash of reduce-overhead named.
		{"cos/sin tensors that CUDA graphs then overwrite", "## Note: reduce-overhead (CUDA graphs) crashes with Rotary cache\nThe Rotary class caches cos/sin tensors that CUDA graphs then overwrite.\nWould need to clone the cached tensors or use torch.compiler.cudagraph_mark_step_begin()\n", para(diagnose.OverwrittenOutput, 2), "openai/parameter-golf experiments/035_speed_optimized.md (holdoutDQ)"},
		{"CUDA graph overwrites the cached masks", "reduce-overhead crashed in eval: the CUDA graph overwrites the cached attention masks\n", para(diagnose.OverwrittenOutput, 1), "the graphs the subject"},
		{"masks which the cudagraph then overwrites", "reduce-overhead crashes on the second batch: it keeps the cached masks, which the cudagraph then overwrites\n", para(diagnose.OverwrittenOutput, 1), "a relative clause"},
		{"tensors that CUDA graphs overwrite, no crash", "The Rotary class caches cos/sin tensors that CUDA graphs then overwrite.\n", form{}, "a mechanism with no crash named"},
		{"rsl_rl's reason", "- Reject CUDA-graph modes (reduce-overhead, max-autotune) with clear error:\n  critic's graph replay invalidates actor graph output buffers\n", para(diagnose.OverwrittenOutput, 2), "holdoutAW's rsl_rl commit: one graph's replay over another's outputs, read since rows_retold_v33.go (replayClobbersOutputsRetold), as its label has it"},
	})
}
