package diagnose_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestFormsRetoldV33: the corpus's open misses read as classes (rows_retold_v33.go):
// capture-unpinned-copy told by the unpinned-memory guard hit during a capture, by a
// capture that aborted with a copy error between the CPU and CUDA, and by a host-to-device
// copy among acts forbidden in a capture that broke it; overwritten-output told as one
// graph's replay that invalidated another's outputs. Each positive gave no finding on
// main at db682ad5; each lookalike gives none.
func TestFormsRetoldV33(t *testing.T) {
	t.Parallel()
	cp := func(line int) form { return form{diagnose.CaptureUnpinnedCopy, line, diagnose.Paraphrased, ""} }
	ow := func(line int) form { return form{diagnose.OverwrittenOutput, line, diagnose.Paraphrased, ""} }
	const compiled = "model = torch.compile(model, mode=\"reduce-overhead\")\n"
	checkForms(t, []formTest{
		// the unpinned-memory guard hit during a capture.
		{"hits the unpinned-memory guard", "after compilation. In CUDA graph capture, the subsequent non_blocking CPU to CUDA\ncopy then hits the unpinned-memory guard, and older builds could silently replay\n", cp(1), "pytorch/pytorch#184970 (holdoutEN), wrapped after \"CUDA\""},
		{"tripped the pinned-memory check", "During cudagraph capture our staging copy tripped the unpinned memory check.\n", cp(1), "tripped, no hyphen"},
		{"runs into the pageable-memory error", "The capture runs into a pageable-memory error on the first decode step.\n", cp(1), "pageable"},
		{"the guard fired during capture", "The unpinned-memory check fired during CUDA graph capture of the sampler.\n", cp(1), "the guard first"},
		// its lookalikes.
		{"the guard with no capture", "This PR adds an unpinned-memory check to copy_ and hits the unpinned-memory check in tests.\n", form{}, "no capture or CUDA graph named"},
		{"no longer hits", "In CUDA graph capture the copy no longer hits the unpinned-memory guard.\n", form{}, "negated (negatedVerb)"},
		{"a plan: would hit", "In CUDA graph capture a pageable copy would hit the unpinned-memory guard.\n", form{}, "\"hit\" after a modal is not read"},
		// a capture aborted or failed with a copy error between the CPU and CUDA.
		{"capture aborts with a CPU<->CUDA copy error", "it made the MSA indexer unusable inside vLLM's\ncaptured decode graph (capture aborts with a cryptic CPU<->CUDA copy error).\n", cp(2), "flashinfer-ai/flashinfer's commit 6ce6c37 (holdoutDP)"},
		{"graph capture failed with a CPU-to-CUDA copy error", "The graph capture failed with a CPU-to-CUDA copy error in broadcast_to.\n", cp(1), "-to-"},
		{"capturing crashed with a GPU->CPU copy exception", "Capturing crashed with the usual GPU->CPU copy exception.\n", cp(1), "the device-to-host way"},
		{"capture errored out with an error copying between", "Our capture errored out with an error copying between CPU and CUDA tensors.\n", cp(1), "the message's own order"},
		// its lookalikes.
		{"an RFC's title: causes a copy error", "[RFC] torch.compile + CUDA graph capture: Inductor JIT has no capture-state awareness, causes CPU→GPU copy error on first call\n", form{}, "pytorch/pytorch#185074 (a corpus negative): no capture said to fail with it"},
		{"a purpose: to avoid", "fix(broadcast_to): use pin_memory to avoid a CPU->CUDA copy error in CUDA graph capture\n", form{}, "a purpose, no verb of failing"},
		{"no capture: a copy error", "The upload failed with a CPU-to-GPU copy error after the driver reset.\n", form{}, "no capture named"},
		// a host-to-device copy among acts forbidden in a capture that broke it.
		{"both are forbidden, breaking", "  1. CUDA-graph hostile.  The check used\n     ``torch.tensor([T], device=x.device)`` (CPU->GPU copy) and\n     ``.item()`` (GPU->CPU sync).  Both are forbidden inside graph capture, breaking every\n     decode capture path that hits MegaMoE.\n", cp(2), "alibaba/rtp-llm's commit e07c25c (holdoutDJ): the copy first, the sync's stream-capture-illegal after"},
		// its lookalikes.
		{"a rule: forbidden", "Host-to-device copies are forbidden during graph capture.\n", form{}, "a rule, no failure after it"},
		{"a copy in another sentence's rule", "We move the CPU->GPU copy out of the loop. They are forbidden inside graph capture.\n", form{}, "no failure after the refusal"},
		// outputs cloned against CUDA graphs that overwrite them.
		{"clone to avoid CUDAGraphs overwriting", "- Clone output tensors immediately after exec() to avoid CUDAGraphs overwriting returned tensors during subsequent warmup/trial runs.\n", ow(1), "PaddlePaddle/GraphNet#698 (holdoutDB): PyTorch's spelling CUDAGraphs"},
		{"clone because cudagraphs overwrite", compiled + "We clone the logits because cudagraphs overwrite them between runs.\n", ow(2), "because, the compile named"},
		{"clone to prevent CUDA graphs from overwriting", compiled + "out = out.clone()  # clone to prevent CUDA graphs from overwriting the output\n", ow(2), "from overwriting"},
		// its lookalikes.
		{"vLLM's own graphs", "Clone the hidden states so that CUDA graphs overwriting the buffer on replay is harmless.\n", form{}, "no torch.compile CUDA graphs named, no CUDAGraphs (holdoutDT's vllm#52115 is a negative)"},
		{"no clone", compiled + "To avoid CUDAGraphs overwriting returned tensors we mark each step.\n", form{}, "no clone before the purpose"},
		{"clone, graphs no longer overwrite", compiled + "We clone less now, since cudagraphs no longer overwrite the outputs.\n", form{}, "negated (negatedVerb)"},
		// one graph's replay that invalidated another's outputs.
		{"critic's replay invalidates actor outputs", "- Reject CUDA-graph modes (reduce-overhead, max-autotune) with clear error:\n  critic's graph replay invalidates actor graph output buffers\n", ow(2), "leggedrobotics/rsl_rl's commit b94c969 (holdoutAW)"},
		{"the decoder's replay clobbered the encoder's outputs", compiled + "The decoder's cudagraph replay clobbered the encoder's outputs.\n", ow(2), "possessives, the past"},
		{"replay overwrote the previous step's outputs", compiled + "each replay overwrote the previous step's outputs before we logged them\n", ow(2), "previous"},
		// its lookalikes.
		{"a replay overwrites its outputs", compiled + "Each replay overwrites its outputs, so clone what you keep.\n", form{}, "documentation's rule: the graph's own outputs"},
		{"the next replay overwrites the static output storage", compiled + "the result must be copied out before the next replay overwrites the static output storage.\n", form{}, "a task's text in the code corpus: the graph's own static outputs"},
		{"the next tick's replay clobbers the buffers", compiled + "otherwise the next tick's graph replay clobbers the buffers the carried state points to.\n", form{}, "a docstring in the code corpus: buffers, no outputs"},
		{"no compile: a hand-captured graph", "g.replay()\n# the critic's graph replay invalidates actor graph output buffers\n", form{}, "no torch.compile CUDA graphs named (compileGraphsContext)"},
		{"another program's results", compiled + "A changed replay invalidates the previous results.\n", form{}, "results, no outputs: a replay of another program's (code corpus)"},
	})
}

// TestCopyForbiddenBothCodes: a host-to-device copy among acts forbidden in a capture that
// broke it gives capture-unpinned-copy (copyForbiddenBreaksRetold) beside the sync's
// stream-capture-illegal (forbiddenBreaksRetold), which reads the same refusal: the first
// finding alone (TestFormsRetoldV33) does not show both.
func TestCopyForbiddenBothCodes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, log string
		want      []diagnose.Code
	}{
		{"which is forbidden, crashing", "The H2D copy, which is forbidden during graph capture, crashing the warmup.\n",
			[]diagnose.Code{diagnose.StreamCaptureIllegal, diagnose.CaptureUnpinnedCopy}},
		{"the copy beyond a semicolon", "We used a host-to-device copy and a sync; they were forbidden inside the capture and broke it.\n",
			[]diagnose.Code{diagnose.StreamCaptureIllegal}},
		{"a sync alone", "The .item() sync is forbidden inside graph capture, breaking the decode path.\n",
			[]diagnose.Code{diagnose.StreamCaptureIllegal}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.log))
			require.NoError(t, err)
			var got []diagnose.Code
			for _, f := range d.Findings {
				got = append(got, f.Code)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Read(%q) codes (-want +got):\n%s", tt.log, diff)
			}
		})
	}
}
