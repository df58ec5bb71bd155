package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldV24b: the classes read from validate24b's passages (2026-12-06, real
// passages no earlier session used, not held in the corpus) and their siblings; each positive failed
// before its class was read, and each lookalike gives no finding.
func TestFormsRetoldV24b(t *testing.T) {
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	const rebuilt = "torch.compile(mode=\"reduce-overhead\")\n"
	checkForms(t, []formTest{
		// the overwritten CUDAGraph tensor's error beside a Torch release (BaochaiXue/proj-QQTT-v2).
		{"known overwritten CUDAGraph tensor error", "- A no-marker run failed on the local Torch 2.11 / CUDA 13 CUDA Graph path with the known overwritten CUDAGraph tensor error, so the completed run records per-step cudagraph markers in the speed pass.\n", form{diagnose.OverwrittenOutput, 1, diagnose.Paraphrased, "2.11"}, "BaochaiXue/proj-QQTT-v2's ladder, validate24b pos/24"},
		{"known overwritten error beside torch v2", "- A no-marker run failed on torch v2.11 with the known overwritten CUDAGraph tensor error.\n", form{diagnose.OverwrittenOutput, 1, diagnose.Paraphrased, "2.11"}, "torchNamed's spellings, stated once with tritonMismatchRetoldRow's (rows_retold_v24b.go)"},
		{"overwritten CUDAGraph output RuntimeError, PyTorch", "PyTorch 2.6\nthe job died with the overwritten CUDAGraph output RuntimeError\n", form{diagnose.OverwrittenOutput, 2, diagnose.Paraphrased, "2.6"}, "PyTorch named"},
		{"overwritten CUDA graph error, no torch", "our C++ engine logs an overwritten CUDA graph buffer error on replay\n", form{}, "another library's graph: no PyTorch named"},
		{"overwritten CUDAGraph tensor outputs, no error's name", "PyTorch 2.6\nThe error message for accessing overwritten CUDAGraph tensor outputs suggested a clone.\n", form{Torch: "2.6"}, "holdout2's negative: no error's name after the output"},
		// a compile failed with, or triggered, a CUDA graph's overwrite.
		{"compile failed with CUDA Graph output overwrite", "  - full-model compile modes failed during warmup\n  - components compile failed with CUDA Graph output overwrite during warmup\n", para(diagnose.OverwrittenOutput, 2), "BaochaiXue/proj-QQTT-v2's ablation, validate24b pos/25"},
		{"CUDAGraph overwrite triggered, Chinese", "小 scope：行为更稳，但无加速；\n细粒度 block compile：当前会触发 CUDAGraph overwrite，工程上还不能直接用。\n", para(diagnose.OverwrittenOutput, 2), "Zard-C/quantvla-reproduction, validate24b pos/26"},
		{"导致 cudagraph output overwrite", rebuilt + "每次解码都导致 cudagraph output overwrite\n", para(diagnose.OverwrittenOutput, 2), "another Chinese verb"},
		{"crashed due to a cudagraph overwrite", rebuilt + "the second call crashed due to a cudagraph overwrite\n", para(diagnose.OverwrittenOutput, 2), "due to"},
		{"triggered a CUDA graph tensor overwrite", "torch.compile decode loop triggered a CUDA graph tensor overwrite\n", para(diagnose.OverwrittenOutput, 1), "triggered"},
		{"triggers a CUDA graph overwrite, a rule", rebuilt + "reusing an output across steps triggers a CUDA graph overwrite\n", form{}, "a present rule: the mechanism"},
		{"to avoid a CUDA graph output overwrite", rebuilt + "clone the logits to avoid a CUDA graph output overwrite\n", form{}, "a purpose"},
		{"避免 CUDAGraph overwrite", rebuilt + "先 clone 输出，避免 CUDAGraph overwrite\n", form{}, "avoid: a purpose in Chinese"},
		{"failed with CUDA graph output overwrite, no compile", "the TensorRT engine failed with CUDA graph output overwrite\n", form{}, "no compile in the text"},
		// a clone made because a CUDA graph's replay overwrites what it returned.
		{"cloned because a CUDA graph replay overwrites", "                _force_dpa_backend(monkeypatch, backend)\n                # Cloned because a CUDA graph replay overwrites what it returned.\n                outputs.append(fn(*args, inference_params=inference_params).clone())\n", para(diagnose.OverwrittenOutput, 2), "NVIDIA/TransformerEngine's test_torch_compile.py, validate24b pos/28"},
		{"cloned since the cudagraph run overwrote", "# outputs cloned since the cudagraph run overwrote them\n", para(diagnose.OverwrittenOutput, 1), "since, the past"},
		{"Problem/Solution guide", "### Solution 4: Clone Tensors from CUDA Graph Memory\n\n**Problem:** CUDA graph outputs get overwritten on replay.\n\n**Solution:** Clone tensors before storing them.\n", form{}, "DeepProofLog/Batched_Env's guide, validate24b neg/16"},
		{"replay reads stale values", "update_block_table() must copy block_idx_last_scheduled_token and\nblock_idx_last_computed_token to the *current* builder's persistent\nbuffers, otherwise CUDA graph replay reads stale values from uninitialized\nbuffers.\n", form{}, "1CatAI/1Cat-vLLM's test, validate24b neg/15"},
		{"clone because, imperative", "# Clone because a CUDA graph replay overwrites what it returned.\n", form{}, "an imperative: advice"},
		{"outputs are overwritten on each replay", rebuilt + "CUDA graph outputs are overwritten on each replay.\n", form{}, "a rule (rows_retold.go)"},
		// a Python that broke torch.compile or is incompatible with it (atfrank/MLFF-Distiller).
		{"Python 3.13 broke torch.compile()", "1. **Test Environment Compatibility First**\n   - Python 3.13 broke torch.compile()\n   - Should have tested on Python 3.12 from start\n", para(diagnose.UnsupportedPython, 2), "PHASE1_RESULTS.md, validate24b pos/15"},
		{"Python 3.13 incompatibility with Orb's torch.compile", "- **Technical Issue**: Python 3.13 incompatibility with Orb's `torch.compile`\n", para(diagnose.UnsupportedPython, 1), "ISSUE_33_COMPLETION_REPORT.md, validate24b pos/16"},
		{"torch.compile() (aside) not supported on Python 3.13", "**Severity**: Blocking Optimization\n\ntorch.compile() (major planned optimization) not supported on Python 3.13\n", para(diagnose.UnsupportedPython, 3), "PHASE1_RESULTS.md, validate24b pos/30"},
		{"Python 3.12 breaks Dynamo", "Python 3.12 breaks Dynamo\n", para(diagnose.UnsupportedPython, 1), "present, Dynamo"},
		{"Python 3.14 is incompatible with torch.compile", "Python 3.14 is incompatible with torch.compile\n", para(diagnose.UnsupportedPython, 1), "the adjective"},
		{"torch.compile incompatibility with Python 3.13", "torch.compile incompatibility with Python 3.13\n", para(diagnose.UnsupportedPython, 1), "the compiler first"},
		{"Python 3.13 broke our CI", "Python 3.13 broke our CI and torch.compile is fine\n", form{}, "a Python that broke something else"},
		{"Python 3.14 is not supported yet", "Cap requires-python to <3.14 for PyTorch compatibility\n\nPyTorch 2.6.0 only provides wheels for cp312/cp313, so Python 3.14\nis not supported yet.\n", form{}, "FabianPlum/CrowdRL's commit, validate24b neg/02: a package's own"},
		{"Python 3.13 no longer breaks torch.compile", "Python 3.13 no longer breaks torch.compile\n", form{}, "negated"},
		{"Python 3.10 broke torch.compile", "Python 3.10 broke torch.compile\n", form{}, "a Python no release refuses"},
	})
}
