package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldV24C: the classes read from validate24b's passages (2026-12-06, real
// passages no earlier session used, validate24b's, not held in the corpus) and their siblings; each positive failed
// before its class was read, and each lookalike gives no finding.
func TestFormsRetoldV24C(t *testing.T) {
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		// a host sync or a copy to the host that invalidates a capture.
		{"item/CPU logging invalidates stream capture", "     - `VLLM_SM70_FP8_MOE_LEGACY_SINGLE_TOKEN_COMPACT_COMPARE=1` is not safe\n       inside production CUDA graph capture in its current form because its\n       `.item()`/CPU logging invalidates stream capture. Use it only in eager\n", para(diagnose.StreamCaptureIllegal, 3), "1CatAI/1Cat-vLLM docs/design/sm70_v100_migration_control.md"},
		{".cpu() invalidates CUDA graph capture", ".cpu() invalidates CUDA graph capture\n", para(diagnose.StreamCaptureIllegal, 1), "a copy to the host"},
		{".item() invalidates the CUDA graph capture", "calling .item() invalidates the CUDA graph capture\n", para(diagnose.StreamCaptureIllegal, 1), "the article and the graph"},
		{".tolist() invalidated graph capture", "the .tolist() call invalidated graph capture\n", para(diagnose.StreamCaptureIllegal, 1), "the past"},
		{"sync invalidated the stream capture", "the logger synchronized the device and invalidated the stream capture\n", para(diagnose.StreamCaptureIllegal, 1), "the past, the article"},
		{"invalidates the capture stream", "a forward that reads a device value host-side (``.item()`` / ``.tolist()``) invalidates the\ncapture stream, and the honest response is to remember it\n", form{}, "chiendb97/oasr capture_recovery.py (holdoutAN): the stream a capture uses"},
		{"a sync would invalidate the capture", "a sync would invalidate the capture\n", form{}, "a modal (captureCrashRetold read it before)"},
		{"an .item() would invalidate stream capture", "a .item() call would invalidate stream capture\n", form{}, "a modal"},
		{"sync no longer invalidates", "the sync no longer invalidates stream capture\n", form{}, "negated"},
		{"warp's rule", "During capture, certain CUDA functions are not allowed, which includes host-side synchronization functions.  Using the synchronous\nCUDA default stream is also not allowed.  The only form of synchronization allowed in CUDA graphs is event-based synchronization.\n", form{}, "NVIDIA/warp's concurrency.rst, validate24b's negative: a rule"},
		{"MetaInfer's rule in Chinese", "4. **CUDA Graph 防御性探针**：Graph 捕获态内严禁 `.item()`、`torch.cuda.synchronize()`、`torch.cuda.get_rng_state()`。NaN 健康检查必须用 `is_current_stream_capturing()` 守卫。\n", form{}, "MetaInfer's AGENT_SKILL.md, validate24b's negative: a rule"},
		{"cache invalidated, no capture", "the .item() call invalidated the cache\n", form{}, "no capture"},
		// Triton's absence on Windows as a failure's cause; a failure mode with the requirement.
		{"usually due to missing Triton (Windows)", "        except Exception as e:\n            print(f\"⚠️ Failed to enable tokenizer optimizations (will use standard inference): {e}\")\n            print(\"   This is usually due to missing Triton (Windows) - optimizations disabled but model will work\")\n", para(diagnose.TritonMissing, 3), "diodiogod/TTS-Audio-Suite modeling_qwen3_tts.py"},
		{"caused by a missing Triton on Windows", "Failed to enable the compiled decoder: caused by a missing Triton on Windows\n", para(diagnose.TritonMissing, 1), "on Windows, the failure on the line"},
		{"missing Triton on Windows, nothing failed", "The build skipped because of missing Triton on Windows CI\n", form{}, "no failure, optimisation or compile named"},
		{"failure mode: inductor requires Triton", "    except Exception as exc:\n        # Common Windows/Python 3.13 failure mode: inductor GPU path requires Triton wheels.\n        if fallback_backend and backend != fallback_backend:\n", para(diagnose.TritonMissing, 2), "Sahil170595/Chimeraforge experiments/research/tr120/run_root_cause.py"},
		{"known failure: torch.compile requires Triton", "Known failure: torch.compile requires Triton on this host\n", para(diagnose.TritonMissing, 1), "a heading"},
		{"fails because Inductor requires Triton", "this fails because Inductor requires Triton wheels, which Windows lacks\n", para(diagnose.TritonMissing, 1), "the cause after the failure"},
		{"install docs require Triton", "Installation: torch.compile's inductor backend requires Triton (pip install triton).\n", form{}, "a requirement, no failure"},
		{"NeMo's own Triton", "        if not self.use_triton:\n            logging.warning(\n                \"Triton is disabled. Version without Triton is not compatible with Cuda graphs; decoding can be slow\"\n            )\n", form{}, "NVIDIA/NeMo ngram_lm_batched.py, validate24b's negative: NeMo's own kernels"},
		// the RNG state accessed inside a capture, the capture first.
		{"Dynamo's RNG state access inside torch.cuda.graph, Chinese", "- **踩坑**: `torch.compile` 惰性编译在 `torch.cuda.graph()` 内部触发 → Dynamo 访问 RNG state 报错。修复: eager warmup 先触发编译，再 CUDAGraphWrapper 捕获\n", para(diagnose.CaptureRNGState, 1), "MetaInfer/MetaInfer notebooks-cn/07_improvementPlan/cuda_graph_plan.md"},
		{"RNG state read during capture, Chinese", "在 CUDA Graph 捕获期间读取 RNG state 报错\n", para(diagnose.CaptureRNGState, 1), "the call"},
		{"inside torch.cuda.graph, RNG state raised, English", "torch.compile inside torch.cuda.graph(): Dynamo accessing the RNG state raised an error\n", para(diagnose.CaptureRNGState, 1), "the English sibling"},
		{"rule and consequence, Chinese", "在 torch.cuda.graph() 内部不要访问 RNG state，否则会报错\n", form{}, "a rule with its consequence"},
		{"Megatron's graph-safe state", "            # if graph capturing, set the rng state in a cudagraphable way\n            if graph_safe:\n                default_generator.graphsafe_set_state(new_state)\n", form{}, "NVIDIA/Megatron-LM random.py, validate24b's negative: done right"},
		{"FlashInfer's philox baked", "    eagerly also lets the controller's seeded RNG generator advance its philox offset\n    normally between steps -- fresh randomness per step, reproducible from the seed.\n    (FlashInfer bakes the philox state into a graph as a by-value constant at capture,\n", form{}, "NVIDIA/Megatron-LM flashinfer_sampling.py, validate24b's negative"},
	})
}
