package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldBU: the retold classes of rows_retold_bu.go (the held-out sets BP, BS,
// BU, BW and BX, 2026-12-05); each positive failed before its class was read, and each
// lookalike gives no finding.
func TestFormsRetoldBU(t *testing.T) {
	para := func(code diagnose.Code) form { return form{code, 1, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		// the CUDA RNG's access or seed refused under capture.
		{"rng access forbidden", "- Eager-compile layers first (Dynamo RNG access forbidden during torch.cuda.graph capture)\n", para(diagnose.CaptureRNGState), "MetaInfer f95674c"},
		{"capture is illegal, current_seed()", "offset=None under capture is illegal (FlashInfer reads the default generator's current_seed())\n", para(diagnose.CaptureRNGState), "mstar#139, the refusal first"},
		{"rng access allowed", "RNG access is fine during capture with a registered generator.\n", form{}, "no refusal"},
		// a CUDA or HIP call named capture-illegal.
		{"hip calls capture-illegal", "hipMalloc/hipFree are stream-capture-illegal, so a workspace grow inside capture aborts it\n", para(diagnose.StreamCaptureIllegal), "ROCm/aiter d711a4a"},
		{"cuda call capture-unsafe", "cudaStreamSynchronize is capture-unsafe and broke our decode graph.\n", para(diagnose.StreamCaptureIllegal), "a CUDA call"},
		{"capture-unsafe, no call", "Some operations are capture-unsafe; see the docs.\n", form{}, "no call named: a rule"},
		{"hip call refused during capture", "hipEventQuery is not allowed during stream capture unless the mode is relaxed\n", para(diagnose.StreamCaptureIllegal), "HIP's name in the refused-call retelling"},
		// a host sync told as what breaks a capture.
		{"sync which breaks capture, wrapped", "forces a GPU→CPU sync to materialize the output size (counts.sum().item()) which\nbreaks CUDA graph capture.\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Paraphrased, ""}, "unsloth-zoo 32a7888"},
		{"sync no longer breaks capture", "The sync no longer breaks CUDA graph capture after the fix.\n", form{}, "negated verb"},
		{"item breaks graphs, no capture", "x = t.item()  # .item() breaks CUDA graphs\n", form{}, "a graph break's comment (holdoutJ's negative)"},
		// work said to corrupt the stream during a capture (radixark/miles c4f5c36, holdoutCA).
		{"corrupts the HIP stream during capture", "first-call JIT compilation -- on every dispatch, which corrupts the HIP stream during CUDA graph capture and aborts kernels\n", para(diagnose.StreamCaptureIllegal), "miles c4f5c36"},
		{"no longer corrupts the stream", "The fix: it no longer corrupts the stream during graph capture.\n", form{}, "negated verb"},
		// the validation's passages (pytorch/pytorch#78666, ROCm/ATOM#1339) and a lookalike
		{"breaks capture as it forces sync", "However, this change breaks CUDA graph capture as it forces CPU sync. This commit guards it.\n", para(diagnose.StreamCaptureIllegal), "pytorch#78666"},
		{"GC firing inside capture", "A gen-0 GC firing inside the stream-capture region runs CompiledKernel.__del__ -> hipModuleUnload, which HIP forbids while a stream is capturing (HIP 900), corrupting the capture.\n", para(diagnose.StreamCaptureIllegal), "ROCm/ATOM#1339"},
		{"GC frozen for speed", "We freeze the GC during graph capture to speed it up.\n", form{}, "no failure (sglang#8577's shape)"},
		// garbage collection during capture with an error.
		{"gc destroys graph during capture", "automatic garbage collection destroys a graph while another graph is being captured, which results in a CUDA error.\n", para(diagnose.StreamCaptureIllegal), "TransformerEngine#2092"},
		{"gc during capture, no failure", "Avoid garbage collection when capturing a CUDA Graph\n", form{}, "the fix's title, no failure"},
		// a compile falling back to eager because Triton is unavailable.
		{"triton unavailable, aot_eager", "Fix #860: fall back to aot_eager when triton is unavailable for --compile\nWhen the inductor backend is selected, torch.compile spawns subprocesses.\n", para(diagnose.TritonMissing), "fish-speech b529167"},
		{"triton missing, no compile", "fall back to eager when triton is unavailable\n", form{}, "no torch.compile or Inductor line"},
		// torch not supporting compilation on Windows.
		{"pytorch 2.0 not supporting compilation", "Fix the issue of runtime errors caused by PyTorch 2.0 not supporting compilation on the Windows platform.\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, "2.0"}, "karpathy/nanoGPT#258"},
		{"torch doesn't support compile on linux", "torch doesn't support compile on Linux ARM here.\n", form{}, "not Windows"},
		// the overwritten output named before the error's name (pytorch/pytorch PR #184804, holdoutAT).
		{"overwritten CUDAGraph output RuntimeError", "CUDAGraphTreeManager ended the path, raising the overwritten CUDAGraph output RuntimeError.\n", para(diagnose.OverwrittenOutput), "PR #184804"},
		{"overwritten outputs, no error's name", "The error message for accessing overwritten CUDAGraph tensor outputs\nsuggested calling cudagraph_mark_step_begin()\n", form{}, "holdout2's negative"},
		// the empty graph named as a failure seen (holdoutBJ's review, with CUDA graphs on a line).
		{"empty-graph failure reproduced", "A CUDA graph captured on the wrong stream.\nI reproduced the empty-graph failure on ffd49ab.\n", form{diagnose.CUDAGraphEmpty, 2, diagnose.Paraphrased, ""}, "cudnn-frontend#1119's review, a context line"},
		{"empty-graph failure, no graphs named", "I reproduced the empty-graph failure on ffd49ab.\n", form{}, "another program's graph"},
		{"avoid cudagraphing empty graphs", "compile should avoid cudagraphing empty graphs (reduce-overhead).\n", form{}, "no failure's noun"},
		// CUDA graphs made to work with cudaMallocAsync.
		{"make CUDA graph compatible with async", "close #26; make CUDA Graph compatible with\nPYTORCH_CUDA_MALLOC_CONF=backend:cudaMallocAsync\n", form{diagnose.AllocatorIncompatible, 1, diagnose.Paraphrased, ""}, "stable-fast 6dd0658, wrapped"},
		{"async allocator alone", "We run with backend:cudaMallocAsync and CUDA graphs work.\n", form{}, "no failure, no fix"},
	})
}
