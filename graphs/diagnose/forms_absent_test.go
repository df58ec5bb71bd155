package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsAbsent: a message quoted as a marker that did not occur (a grep -c count of 0,
// "no `…`", "0 occurrences of `…`", "`…`: none") gives no finding, for every code; the
// same message quoted as what happened, or counted above 0, still does (branch recallE,
// holdoutY's turboquant cold-start notes).
func TestFormsAbsent(t *testing.T) {
	exact := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"absent: table count 0", "| marker | count |\n|---|---|\n| `operation not permitted when stream is capturing` | 0 |\n", form{}, "holdoutY's turboquant notes"},
		{"absent: table count 0, error class", "| `RuntimeError: CUDA error: operation not permitted when stream is capturing` | 0 |\n", form{}, "the class inside the quote"},
		{"absent: table count 0, unquoted", "| operation not permitted when stream is capturing | 0 | 0 |\n", form{}, "two count columns, both 0"},
		{"absent: table count 3", "| `operation not permitted when stream is capturing` | 3 |\n", exact(diagnose.StreamCaptureIllegal, 1), "counted: it occurred"},
		{"absent: table count 5 then 0", "| `operation not permitted when stream is capturing` | 5 | 0 |\n", exact(diagnose.StreamCaptureIllegal, 1), "it occurred before"},
		{"absent: table of another code", "| `skipping cudagraphs due to mutated inputs` | 0 |\n", form{}, "every code"},
		{"absent: 0 occurrences of", "0 occurrences of `operation not permitted when stream is capturing` in 40 runs\n", form{}, "a count before"},
		{"absent: no, quoted", "No `operation not permitted when stream is capturing` anywhere in the log.\n", form{}, "no before the quote"},
		// A denial's list of quoted messages, begun on the line above (holdoutAG's
		// flashinfer validation checklist, routed), or on one line after the first item.
		{"absent: no, a list wrapped", "- [x] No `Capture cuda graph failed`,\n`cudaErrorStreamCaptureInvalidated`, or `BatchDecodeWithPagedKVCache\nfailed` errors in the final level-10 run.\n", form{}, "the list goes on on the next line"},
		{"absent: no, a list on one line", "No `Capture cuda graph failed`, `operation not permitted when stream is capturing`, or `x failed` errors.\n", form{}, "the quote a later item"},
		{"absent: no, the first item wrapped", "- [x] checked: no\n`operation not permitted when stream is capturing` errors in 40 runs\n", form{}, "\"no\" ends the line above"},
		{"absent: a list without a denial", "- `Capture cuda graph failed`,\n`operation not permitted when stream is capturing`, and more\n", exact(diagnose.StreamCaptureIllegal, 2), "no \"no\": a list of what happened"},
		{"absent: no, then another message", "No `x` errors, `operation not permitted when stream is capturing` appeared instead\n", exact(diagnose.StreamCaptureIllegal, 1), "words after the quote end the list"},
		{"absent: without any", "The run finished without any operation not permitted when stream is capturing error.\n", form{}, "without any, unquoted"},
		{"absent: never saw", "We never saw \"CUDA error: operation not permitted when stream is capturing\" after the fix.\n", form{}, "never saw"},
		{"absent: no longer get", "After cloning I no longer get \"accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run\".\n", form{}, "no longer (sweep12 finding 4)"},
		{"absent: no longer raises", "it no longer raises `operation not permitted when stream is capturing`\n", form{}, "no longer raises"},
		{"absent: did not get", "I did not get \"accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run\" after cloning.\n", form{}, "did not get"},
		{"absent: didn't see", "We didn't see `operation not permitted when stream is capturing` in 40 runs\n", form{}, "didn't see"},
		{"absent: no more", "No more `operation not permitted when stream is capturing` since 2.6.\n", form{}, "no more"},
		{"absent: got, then no longer", "I got `operation not permitted when stream is capturing`, it no longer works\n", exact(diagnose.StreamCaptureIllegal, 1), "no longer after the quote is no mark"},
		{"absent: checked for, none", "checked for `operation not permitted when stream is capturing`: none\n", form{}, "a colon and none"},
		{"absent: a JSON count 0", "  \"counts\": {\"operation not permitted when stream is capturing\": 0},\n", form{}, "a results JSON's count"},
		{"absent: a JSON count 4", "  \"counts\": {\"operation not permitted when stream is capturing\": 4},\n", exact(diagnose.StreamCaptureIllegal, 1), "counted above 0"},
		{"absent: not seen", "- `skipping cudagraphs due to mutated inputs`: not seen\n", form{}, "not seen"},
		{"absent: grep -c arrow 0", "grep -c 'operation not permitted when stream is capturing' run.log → 0\n", form{}, "grep -c with its file"},
		{"absent: grep -c prints 0", "$ grep -c \"skipping cudagraphs due to mutated inputs\" train.log\n0\n", form{}, "the count on the next line is no mark: but grep -c names a search"},
		{"absent: grep -c 12", "grep -c 'operation not permitted when stream is capturing' run.log → 12\n", exact(diagnose.StreamCaptureIllegal, 1), "counted above 0"},
		{"absent: the error as it happened", "RuntimeError: CUDA error: operation not permitted when stream is capturing\n", exact(diagnose.StreamCaptureIllegal, 1), "a log"},
		{"absent: no sync, yet the error", "there is no `torch.cuda.synchronize()` call, yet operation not permitted when stream is capturing is raised\n", exact(diagnose.StreamCaptureIllegal, 1), "the no names another thing"},
		{"absent: none of the fixes", "`operation not permitted when stream is capturing` — none of the fixes worked\n", exact(diagnose.StreamCaptureIllegal, 1), "none of, not a count"},
		// Code that lets an exception pass when its text holds the message (holdoutAA's kornia conftest.py).
		{"absent: not in str(ex)", "    if \"not yet supported for torch.compile\" not in str(ex):\n        raise ex\n", form{}, "a refusal tolerated by its text"},
		{"absent: retold, lower-case literal", "    ) and \"Dynamo is not supported on Python 3.12+\" not in str(ex):\n", form{}, "a paraphrase row's literal is lower case"},
		{"absent: in str(w.message)", "self.assertTrue(any(\"The CUDA Graph is empty\" in str(w.message) for w in caught))\n", form{}, "a test that the warning occurs (holdout4's pt88754, relabelled \"-\") (no finding since a test's expectation is no report: expectMarks, v32c)"},
		{"absent: the refusal raised", "RuntimeError: Python 3.12+ not yet supported for torch.compile\n", exact(diagnose.UnsupportedPython, 1), "the error itself still counts"},
	})
}
