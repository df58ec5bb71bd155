package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRareCodes: the classes found on fresh reports of the codes the corpus holds
// few texts of (testdata/corpus/README.md, "Rare codes"), each with its siblings and
// the lookalikes that must stay silent.
func TestFormsRareCodes(t *testing.T) {
	t.Parallel()
	const bcf = "torch._dynamo.exc.BackendCompilerFailed: backend='my_fn' raised:\n"
	tests := []formTest{
		// backend-takes-no-mode: options= refused as mode= is, and either keyword refused
		// by any backend under BackendCompilerFailed.
		{"tvm options", "torch._dynamo.exc.BackendCompilerFailed: backend='tvm' raised:\nTypeError: tvm() got an unexpected keyword argument 'options'\n",
			form{diagnose.BackendTakesNoMode, 2, diagnose.Exact, ""}, "pytorch#126528"},
		{"cudagraphs options", "TypeError: CudagraphsBackend.__call__() got an unexpected keyword argument 'options'\n",
			form{diagnose.BackendTakesNoMode, 1, diagnose.Exact, ""}, "pytorch#169939, quoted by PR #182989"},
		{"a user's backend class, options", "TypeError: VllmBackend.__call__() got an unexpected keyword argument 'options'\n",
			form{diagnose.BackendTakesNoMode, 1, diagnose.Exact, ""}, "a backend class"},
		{"any backend, mode, under the header", bcf + "TypeError: my_fn() got an unexpected keyword argument 'mode'\n",
			form{diagnose.BackendTakesNoMode, 2, diagnose.Exact, ""}, "a user's function as backend"},
		{"any backend, options, under the header", bcf + "TypeError: my_fn() got an unexpected keyword argument 'options'\n",
			form{diagnose.BackendTakesNoMode, 2, diagnose.Exact, ""}, "a user's function as backend"},
		{"options to another library", "TypeError: Chart.__init__() got an unexpected keyword argument 'options'\n", form{}, "no backend, no header"},
		{"mode to another library", "TypeError: chat() got an unexpected keyword argument 'mode'\n", form{}, "no backend, no header"},
		// no-valid-autotune-choices: the exception's class named alone, or the message cut
		// after its first clause.
		{"class in a title", "# [BUG][Inductor] NoValidChoicesError when using torch.compile with inductor backend\n",
			form{diagnose.NoValidAutotuneChoices, 1, diagnose.Paraphrased, ""}, "pytorch#170064's title"},
		{"first clause", "NoValidChoicesError: No choices to select\n", form{diagnose.NoValidAutotuneChoices, 1, diagnose.Paraphrased, ""}, "cut"},
		{"2.14's reason, cut", "Exception: NoValidChoicesError: No choices to select. Provided reason: No choices exist for backend\n",
			form{diagnose.NoValidAutotuneChoices, 1, diagnose.Paraphrased, ""}, "intel/torch-xpu-ops#2695's title"},
		{"whole message wins", "NoValidChoicesError: No choices to select, please consider adding ATEN into max_autotune_gemm_backends config (defined in torch/_inductor/config.py) to allow at least one choice.\n",
			form{diagnose.NoValidAutotuneChoices, 1, diagnose.Exact, ""}, ""},
		{"raise in a frame", "    raise NoValidChoicesError(\n", form{}, "the source line that can raise it"},
		{"choices in prose", "No choices to select from the menu\n", form{}, "no class"},
		// A message quoted up to its argument (argHeadRows): the row's Pattern wants the
		// argument, so the cut rules did not read it.
		{"option name left out, quoted", "torch.compile fails with \"Unexpected optimization option\" when I pass guard_filter_fn\n",
			form{diagnose.UnknownOption, 1, diagnose.Truncated, ""}, "a report's prose"},
		{"option name left out, code quote", "I get `RuntimeError: Unexpected optimization option` on my setup\n",
			form{diagnose.UnknownOption, 1, diagnose.Truncated, ""}, "backticks"},
		{"option name left out, a title", "# Unexpected optimization option\nmore text\n",
			form{diagnose.UnknownOption, 1, diagnose.Truncated, ""}, "the line's end, not the input's"},
		{"optimizer's class cut with an ellipsis", "Attempting CUDA graph capture of step() for an instance of... but capturable is False\n",
			form{diagnose.OptimizerNotCapturable, 1, diagnose.Truncated, ""}, "forms_cross's open cut-mid-ellipsis"},
		{"optimizer's class left out, quoted", "the error \"Attempting CUDA graph capture of step() for an instance of\" again\n",
			form{diagnose.OptimizerNotCapturable, 1, diagnose.Quoted, ""}, "quoted in prose"},
		{"another compiler's option", "Error: Unexpected optimization option '9'\n", form{}, "zksolc: the quote opens the argument"},
		{"short head", "torch.compile says \"Unexpected type of attr\" for my option\n", form{}, "20 characters: too short alone"},
		// capture-default-stream: CUDAGraph::capture_begin's refusal of the default stream.
		{"capture on the default stream", "RuntimeError: CUDA graphs must be captured on a non-default stream. (However, after capture, it's ok to replay them on the default stream.)\n",
			form{diagnose.CaptureDefaultStream, 1, diagnose.Exact, ""}, "CUDAGraph.cpp capture_begin"},
		{"the first sentence in a title", "# Fix `CUDA graphs must be captured on a non-default stream.` issue\n",
			form{diagnose.CaptureDefaultStream, 1, diagnose.Exact, ""}, "vllm-project/vllm#43123's title"},
		{"wrapped by a terminal", "RuntimeError: CUDA graphs must be captured on a\nnon-default stream. (However, after capture, it's ok to replay them on the default stream.)\n",
			form{diagnose.CaptureDefaultStream, 1, diagnose.Wrapped, ""}, "a wrap inside the literal"},
		{"the rule in documentation", "Capture must occur on a non-default stream.\n", form{}, "PyTorch's CUDA semantics notes state the rule"},
	}
	checkForms(t, tests)
}
