package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldV24: the classes read from validate24's passages (2026-12-06, real
// passages no earlier session used) and their siblings; each positive failed before its
// class was read, and each lookalike gives no finding.
func TestFormsRetoldV24(t *testing.T) {
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	const rebuilt = "torch.compile(mode=\"reduce-overhead\")\n"
	checkForms(t, []formTest{
		// the flag "capturable" is no capture (validate24's negative, timm's adopt.py).
		{"capturable flag beside capturable=False", "            # Foreach without capturable does not support a tensor lr\n            if group[\"foreach\"] and torch.is_tensor(group[\"lr\"]) and not group[\"capturable\"]:\n                raise RuntimeError(\"lr as a Tensor is not supported for capturable=False and foreach=True\")\n", form{}, "huggingface/pytorch-image-models timm/optim/adopt.py: the flag's own name"},
		{"capturable flag, other order", "capturable=False is the default; set group['capturable'] to True for speed\n", form{}, "the flag twice, no capture"},
		{"capturable=False while capturing", "step() failed: capturable=False while capturing a CUDA graph\n", para(diagnose.OptimizerNotCapturable, 1), "a capture still reads"},
		{"capturable=False under cuda graphs", "cuda graphs broke: the optimizer had capturable=False\n", para(diagnose.OptimizerNotCapturable, 1), "CUDA graphs named"},
		{"capturable=False, graph captured", "the graph captured step() although capturable=False\n", para(diagnose.OptimizerNotCapturable, 1), "captured"},
		{"garbage collection when capturable is set", "garbage collection when capturable is set fails the test\n", form{}, "gcDuringCaptureRetold: the flag after \"when\""},
		// check_memory_pool named as what failed (pytorch/pytorch#176267).
		{"crashing with check_memory_pool errors", "### Summary\n\nFix `torch.compile(mode=\"reduce-overhead\")` crashing with `check_memory_pool`\nerrors when higher-order ops (`while_loop`, `scan`) trigger graph partitioning.\n", para(diagnose.TreesUntrackedPoolTensors, 3), "pytorch/pytorch#176267, wrapped"},
		{"check_memory_pool assertion failed", rebuilt + "the check_memory_pool assertion failed on the second replay\n", para(diagnose.TreesUntrackedPoolTensors, 2), "the assertion"},
		{"fails in check_memory_pool", rebuilt + "the recording fails in check_memory_pool\n", para(diagnose.TreesUntrackedPoolTensors, 2), "fails in"},
		{"check_memory_pool raises", rebuilt + "check_memory_pool raises a RuntimeError on every warmup.\n", para(diagnose.TreesUntrackedPoolTensors, 2), "a present with its occasion"},
		{"check_memory_pool() raised", rebuilt + "check_memory_pool() raised after the partition\n", para(diagnose.TreesUntrackedPoolTensors, 2), "the past"},
		{"check_memory_pool raises if, a rule", rebuilt + "check_memory_pool raises a RuntimeError if a live tensor is untracked\n", form{}, "a rule with its condition after"},
		{"check_memory_pool crash, a heading", rebuilt + "1. **`check_memory_pool` crash** — Inductor passed partition-carried state as partition outputs without cloning. Fix: clone non-pool outputs.\n", form{}, "vmoens/mujoco-torch#1, the corpus's holdout9 negative: a heading's noun"},
		{"traceback frame", rebuilt + "  File \"torch/_inductor/cudagraph_trees.py\", line 1734, in check_memory_pool\n", form{}, "a frame"},
		{"check_memory_pool call", rebuilt + "            check_memory_pool(self.device, self.cuda_graphs_pool, refs)\n", form{}, "the call in code"},
		{"check_memory_pool fails, no compile", "check_memory_pool assertion failed in our allocator test\n", form{}, "no torch.compile CUDA graphs: another project's function"},
		// an issue with locating libcuda.so (a blog on Triton in GCP Batch).
		{"an issue with locating libcuda.so", "Running a model-parallel step on GCP Batch with torchrun presents a challenge. The error log suggests an issue with locating libcuda.so:\n", para(diagnose.LibcudaNotFound, 1), "ruixif.github.io's blog, under torchrun"},
		{"error locating libcuda.so", "triton 2.1.0\nerror locating libcuda.so\n", para(diagnose.LibcudaNotFound, 2), "the noun"},
		{"failed to locate the libcuda.so", "torch.compile: Triton failed to locate the libcuda.so.\n", para(diagnose.LibcudaNotFound, 1), "an article"},
		{"trouble finding libcuda.so", "Triton has trouble finding libcuda.so in the container\n", para(diagnose.LibcudaNotFound, 1), "trouble"},
		{"could not locate libcuda.so under torchrun", "torchrun --nproc_per_node 8 train.py\nthe worker could not locate libcuda.so in the image\n", para(diagnose.LibcudaNotFound, 2), "torchrun the context"},
		{"error locating libcuda.so.1, triton", "triton 2.1.0\nerror locating libcuda.so.1\n", para(diagnose.LibcudaNotFound, 2), "under Triton the versioned name too, as rows_build.go's retellings read it"},
		{"cannot find the libcuda.so if, a rule", "Triton 2.1.0 version uses /sbin/ldconfig -p to find linkable libcuda.so (Source). Unfortunately it cannot find the libcuda.so if your docker runtime is not set to nvidia-container-runtime.\n", form{}, "the same blog: a condition after"},
		{"issue with locating libcuda.so.1", "torchrun train.py\nan issue with locating libcuda.so.1\n", form{}, "the versioned name PyTorch opens itself"},
		{"could not load libcuda.so, xformers", "The xformers error Could not load library libcuda.so means the dynamic loader cannot find the NVIDIA driver library.\n", form{}, "a codersera guide, validate24's negative"},
		{"issue with locating, no triton or torchrun", "our Go binary reports an issue with locating libcuda.so\n", form{}, "no Triton, torch.compile or torchrun"},
		{"how to locate libcuda.so", "Triton: how to locate libcuda.so on Colab\n", form{}, "no failure"},
		// static inputs said to have changed their addresses (pytorch/pytorch#129349).
		{"user code changes tensor addresses of parameters", "CUDAGraph Trees previously relies on an assumption.\n- Some user code changes tensor addresses of parameters/buffers. See internal example\n", para(diagnose.TreesStaticInputChanged, 2), "pytorch/pytorch#129349"},
		{"passed with different tensor addresses", "CUDAGraph Trees\n- the same function is used in multiple places and different parameters and buffers are passed to this function with different tensor addresses\n", para(diagnose.TreesStaticInputChanged, 2), "pytorch/pytorch#129349's first case"},
		{"parameters changed address between runs", rebuilt + "the parameters changed address between runs\n", para(diagnose.TreesStaticInputChanged, 2), "the holder the subject"},
		{"static input addresses changed", rebuilt + "static input addresses changed after load_state_dict\n", para(diagnose.TreesStaticInputChanged, 2), "plural noun"},
		{"a parameter's data_ptr changed", rebuilt + "a parameter's data_ptr changed between the two calls\n", para(diagnose.TreesStaticInputChanged, 2), "possessive"},
		{"static inputs changed tensor addresses", rebuilt + "static inputs (parameters and buffers) changed tensor addresses across calls\n", para(diagnose.TreesStaticInputChanged, 2), "the parenthesis"},
		{"assumption, does not change", "CUDAGraph Trees previously relies on an assumption that static inputs (parameters and buffers) does not change tensor addresses across multiple function invocations.\n", form{}, "pytorch/pytorch#129349's assumption: denied"},
		{"compiled autograd may pass", "CUDAGraph Trees\n- Compiled Autograd may also pass parameters/buffers with different tensor addresses across runs.\n", form{}, "a modal"},
		{"addresses must never change", rebuilt + "parameter addresses must never change\n", form{}, "a rule"},
		{"to avoid changing the addresses", rebuilt + "update in place to avoid changing the addresses of parameters\n", form{}, "a purpose"},
		{"if a parameter's address changed", rebuilt + "If a parameter's address changed, trees re-record.\n", form{}, "a condition"},
		{"parameters did not change address", rebuilt + "the parameters have not changed address\n", form{}, "negated"},
		{"debugging errors from check_memory_pool", rebuilt + "To debug errors from check_memory_pool, set the history flag.\n", form{}, "a noun: no failure said with a verb"},
		{"hand capture, static input address changed", "g = torch.cuda.CUDAGraph()\nstatic input addresses changed, re-capturing\n", form{}, "no torch.compile CUDA graphs: a hand capture's own check"},
	})
}
