package diagnose_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// croppedGot is what TestQuotedEdges compares: each finding's code and how it matched.
type croppedGot struct {
	Code  diagnose.Code
	Match diagnose.Match
}

// TestQuotedEdges: a message quoted without its first word (rows marked Cropped: a
// determiner or any other word, where what is left names the failure) or
// cut short before a full-width closing mark ("…overwritten`。") is found as
// truncated (holdoutI1's RL-Games doc and pi05-infer run book); the whole message still
// matches exactly, and a short cropped literal is no evidence. An exception class named
// alone gives its code, but not on a traceback's source line that raises it (unsloth
// #2816: "raise TritonMissing(…)" above the GPUTooOldForTriton that was raised).
func TestQuotedEdges(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, log string
		want      []croppedGot
	}{
		{"cropped-pool", "causing `RuntimeError: storage data ptrs are not allocated in pool` during `loss.backward()`.",
			[]croppedGot{{diagnose.TreesStorageNotInPool, diagnose.Truncated}}},
		{"whole-pool", "RuntimeError: These storage data ptrs are not allocated in pool (0, 1) but should be {140}",
			[]croppedGot{{diagnose.TreesStorageNotInPool, diagnose.Exact}}},
		{"cropped-short", `The intent was to avoid a "CUDA Graph is empty" warning.`, nil},
		{"fullwidth-stop", "  `RuntimeError: accessing tensor output of CUDAGraphs that has been overwritten`。",
			[]croppedGot{{diagnose.OverwrittenOutput, diagnose.Truncated}}},
		{"raise-frame", "   3957                 raise TritonMissing(inspect.currentframe())\n\nGPUTooOldForTriton: Found Tesla P100-PCIE-16GB which is too old to be supported by the triton GPU compiler",
			[]croppedGot{{diagnose.GPUTooOldForTriton, diagnose.Exact}}},
		{"class-named", "I got TritonMissing when compiling", []croppedGot{{diagnose.TritonMissing, diagnose.Paraphrased}}},
		{"class-raised", "it raised TritonMissing on windows", []croppedGot{{diagnose.TritonMissing, diagnose.Paraphrased}}},
		{"windows-cannot", "fix: torch.compile cannot run on windows", []croppedGot{{diagnose.UnsupportedPython, diagnose.Paraphrased}}},
		// Any first word left out, where what is left still names the failure.
		{"cropped-overwritten", `The backward raised "tensor output of CUDAGraphs that has been overwritten by a subsequent run" again.`,
			[]croppedGot{{diagnose.OverwrittenOutput, diagnose.Truncated}}},
		{"cropped-capturing", "ds4: cuBLAS graph capture disabled: not permitted when stream is capturing",
			[]croppedGot{{diagnose.StreamCaptureIllegal, diagnose.Truncated}}},
		{"cropped-mode-options", "it fails with mode or options can be specified, but both can't be specified at the same time",
			[]croppedGot{{diagnose.ModeAndOptions, diagnose.Truncated}}},
		{"cropped-deallocated", "the trees say recording observed an input tensor deallocate during graph recording",
			[]croppedGot{{diagnose.TreesInputDeallocated, diagnose.Truncated}}},
		// The mutated-inputs skip quoted without its count (branch codes: no finding before).
		{"quoted-countless-mutated", `I keep getting "skipping cudagraphs due to mutated inputs" when I run my model.`,
			[]croppedGot{{diagnose.SkipMutatedInputs, diagnose.Truncated}}},
		{"backticked-countless-mutated", "Every step logs `skipping cudagraphs due to mutated inputs` and runs eagerly",
			[]croppedGot{{diagnose.SkipMutatedInputs, diagnose.Truncated}}},
		{"cjk-quoted-countless-mutated", "日志里一直是「skipping cudagraphs due to mutated inputs」，怎么办？",
			[]croppedGot{{diagnose.SkipMutatedInputs, diagnose.Truncated}}},
		{"bare-countless-mutated", "skipping cudagraphs due to mutated inputs",
			[]croppedGot{{diagnose.SkipMutatedInputs, diagnose.Truncated}}},
		{"logged-countless-mutated", "W0301 10:11:12.000000 1234 torch/_inductor/cudagraph_utils.py:200] [0/0] skipping cudagraphs due to mutated inputs",
			[]croppedGot{{diagnose.LegacyMutatedInput, diagnose.Exact}}},
		{"unquoted-countless-mutated-prose", "we see skipping cudagraphs due to mutated inputs in some runs", nil},
		// Quoted up to the first clause's end (its comma, semicolon or colon).
		{"clause-mode-options", `torch.compile raises "Either mode or options can be specified" when both are passed`,
			[]croppedGot{{diagnose.ModeAndOptions, diagnose.Truncated}}},
		{"clause-fullwidth", "报错“cudagraph capture requires the caching allocator”。",
			[]croppedGot{{diagnose.AllocatorIncompatible, diagnose.Truncated}}},
		{"clause-unquoted", "Either mode or options can be specified in the config file below.", nil},
		// Lookalikes: a predicate any subject takes, a negation or an assert left out, a
		// short remainder.
		{"cropped-predicate", "torch.compile supports dynamic shapes by recording a new graph for each distinct input size.", nil},
		{"cropped-negation", "A working C++ compiler found in torch._inductor.config.cpp.cxx: g++ 13.2", nil},
		{"cropped-assert", "    if not torch._C._is_key_in_tls(attr_name):", nil},
		{"cropped-short-word", "FP8 is not yet supported for torch.compile in this release", nil},
		{"ascii-stop", "  `RuntimeError: accessing tensor output of CUDAGraphs that has been overwritten`.",
			[]croppedGot{{diagnose.OverwrittenOutput, diagnose.Truncated}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.log))
			require.NoError(t, err)
			var got []croppedGot
			for _, f := range d.Findings {
				got = append(got, croppedGot{f.Code, f.Match})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Read(%q) (-want +got):\n%s", tt.log, diff)
			}
		})
	}
}
