package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldCC: the retold classes of rows_retold_cc.go and their siblings read in
// the same session (the held-out sets CC to CH, 2026-12-06); each positive failed before
// its class was read, and each lookalike gives no finding.
func TestFormsRetoldCC(t *testing.T) {
	para := func(code diagnose.Code) form { return form{code, 1, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		// a Triton that does not match torch or Inductor.
		{"inductor not compatible with upstream triton", "# [inductor][triton] Inductor is not compatible with the latest upstream Triton\n", para(diagnose.TritonMissing), "pytorch/pytorch#152531's title"},
		{"triton removed what inductor generates", "https://github.com/triton-lang/triton/pull/5512 removed `AttrsDescriptor` which TorchInductor generates in its output code.\n", para(diagnose.TritonMissing), "pytorch/pytorch#144103"},
		{"torch incompatible with triton", "torch 2.6 is incompatible with triton 3.3\n", form{diagnose.TritonMissing, 1, diagnose.Paraphrased, "2.6"}, "the release is the torch named"},
		{"triton not compatible with torch", "triton 3.3 is not compatible with torch, so compile fails\n", para(diagnose.TritonMissing), "Triton as the subject"},
		{"triton compatible with torch", "Triton 3.3 is compatible with torch 2.7.\n", form{}, "no mismatch"},
		{"cuda not compatible with triton", "CUDA 12.8 is not compatible with the installed Triton\n", form{}, "CUDA, not torch or Inductor"},
		{"triton removed, no inductor", "Triton removed the old launcher API last month.\n", form{}, "nothing of Inductor's"},
		// torch._inductor.config said not to be found.
		{"config cannot be found", "it gives me an error saying that torch._inductor.config cannot be found in init.\n", para(diagnose.InductorConfigNotImported), "huggingface/diffusers#10290"},
		{"inductor has no config", "torch._inductor has no config on my install\n", para(diagnose.InductorConfigNotImported), "the attribute's absence"},
		{"config set, no failure", "torch._inductor.config.coordinate_descent_tuning = True\n", form{}, "a setting"},
		// work that crashes, invalidates or fails a capture.
		{"event query crashes capture", "the subsequent polling will query an event and crash the capture.\n", para(diagnose.StreamCaptureIllegal), "pytorch/pytorch#104487"},
		{"sync causes capturing to fail", "the sync call inside the do_bench/_cudagraph function will invalidate the stream and cause the capturing to fail.\n", para(diagnose.StreamCaptureIllegal), "triton-lang/triton#10596"},
		{"stream invalidated by sync", "# cuda graph stream invalidate by sync call inside do_bench_cudagraph\n", para(diagnose.StreamCaptureIllegal), "triton-lang/triton#10596's title"},
		{"sync no longer crashes capture", "this sync no longer crashes the capture\n", form{}, "negated verb"},
		{"capture crash, no sync", "the allocator crashed the capture\n", form{}, "no sync or event query named"},
		// siblings of earlier classes: a gerund breaking capture, a TLS failure 100 bytes on,
		// a skip lead "cannot use", the reason preventing the graphs' use.
		{"syncs, breaking capture", "__dlpack__(stream=None) syncs with the default stream, breaking CUDA graph capture on non-default streams.\n", para(diagnose.StreamCaptureIllegal), "comfy-kitchen's docstring"},
		{"tls state then assertion", "When CUDA graph trees try to read thread-local state before the Inductor module has stashed the default dictionaries, an assertion is raised.\n", para(diagnose.TreesUserThreadTLS), "a workaround's docstring"},
		{"cannot use cudagraphs, multiple devices", "# cannot use cudagraphs because it doesn't support multiple device indices\n", para(diagnose.SkipMultipleDevices), "litgpt's comment"},
		{"cannot use cudagraphs, other reason", "We cannot use CUDA graphs because of the GIL\n", form{}, "no reason of PyTorch's"},
		{"overlap prevents cudagraphs", "too hard to determine whether memory overlap exists, preventing enablement of CUDA graph:\n", para(diagnose.SkipComplexMemoryOverlap), "pytorch/torchdynamo#1620"},
		// a kind of error named by an example: no one's run.
		{"errors like, a tip", "- Errors like `Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture` or other errors probably point to a recompile\n", form{}, "tensordict's debugging tips"},
		// CUDA's error name as what a rule prevents (quack's comment, holdoutCG).
		{"requires, name in parentheses", "# capture_end requires the forked side streams rejoined\n# (cudaErrorStreamCaptureUnjoined). Two schedules\n", form{}, "a rule over two comment lines"},
		{"else, name", "# all forked streams must rejoin, else cudaErrorStreamCaptureUnjoined\n", form{}, "what the rule prevents"},
		{"to avoid, name", "# to avoid cudaErrorStreamCaptureInvalidated we sync before capture\n", form{}, "a purpose"},
		{"do not result in, name", "nodes removed from the dependency set do not result in cudaErrorStreamCaptureUnjoined\n", form{}, "CUDA's documentation"},
		{"hit, name", "we hit cudaErrorStreamCaptureUnjoined at capture_end\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "a report"},
		{"failed, name in parentheses", "capture_end failed (cudaErrorStreamCaptureUnjoined)\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "a report"},
		{"I get errors like", "I get errors like `Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture` all the time\n", form{diagnose.CaptureRNGState, 1, diagnose.Exact, ""}, "a report"},
	})
}
