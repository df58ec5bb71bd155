package diagnose_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// trailerGot is what TestTrailer compares: each finding's code, line and count.
type trailerGot struct {
	Code  diagnose.Code
	Line  int
	Count int
}

// TestTrailer: a message's closing hint without its first sentence (rows marked
// Trailer) gives the message's code, in every release's wording; beside the first
// sentence it neither wins the quote nor adds to the count.
func TestTrailer(t *testing.T) {
	t.Parallel()
	const (
		hint21  = "To prevent overwriting, clone the tensor outside of torch.compile() before running the model again."
		hint22  = "To prevent overwriting, clone the tensor outside of torch.compile() or call torch.compiler.cudagraph_mark_step_begin() before each model invocation."
		hint214 = "To prevent overwriting, call torch.compiler.cudagraph_mark_step_begin() before each model invocation. If a tensor is a user-visible output that must remain live across generations, manually clone the tensor outside torch.compile()."
		first   = "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File \"m.py\", line 3, in forward"
	)
	tests := []struct {
		name, log string
		want      []trailerGot
	}{
		{"hint-2.1", hint21, []trailerGot{{diagnose.OverwrittenOutput, 1, 1}}},
		{"hint-2.2", "```\n" + hint22 + "\n```", []trailerGot{{diagnose.OverwrittenOutput, 2, 1}}},
		{"hint-2.14", hint214, []trailerGot{{diagnose.OverwrittenOutput, 1, 1}}},
		{"hint-wrapped", "To prevent overwriting, clone the tensor outside of torch.compile()\nor call torch.compiler.cudagraph_mark_step_begin() before each model invocation.",
			[]trailerGot{{diagnose.OverwrittenOutput, 1, 1}}},
		{"hint-quoted", "the error says `To prevent overwriting, clone the tensor outside of torch.compile()`", []trailerGot{{diagnose.OverwrittenOutput, 1, 1}}},
		{"beside-first", first + "\n    x = self.fc(x). " + hint22, []trailerGot{{diagnose.OverwrittenOutput, 1, 1}}},
		{"pending-2.1", "using torch._inductor.cudagraph_mark_step_begin()\nConsider running with torch.no_grad() or using torch._inductor.cudagraph_mark_step_begin() before each model invocation",
			[]trailerGot{{diagnose.TreesPendingBackward, 2, 1}}},
		{"pending-2.2", "  Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation",
			[]trailerGot{{diagnose.TreesPendingBackward, 1, 1}}},
		{"pending-beside", "UserWarning: Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards.\nConsider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation",
			[]trailerGot{{diagnose.TreesPendingBackward, 1, 1}}},
		{"pending-2.14", "outputs from a previous step still require backward. Ensure backward() is invoked or detach outputs.",
			[]trailerGot{{diagnose.TreesPendingBackward, 1, 1}}},
		{"advice-only", "call torch.compiler.cudagraph_mark_step_begin() before each model invocation", nil},
		{"clone-advice", "To avoid this, clone the tensor outside of torch.compile()", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.log))
			if err != nil {
				t.Fatal(err)
			}
			var got []trailerGot
			for _, f := range d.Findings {
				got = append(got, trailerGot{f.Code, f.Line, f.Count})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Read(%q) (-want +got):\n%s", tt.log, diff)
			}
		})
	}
}
