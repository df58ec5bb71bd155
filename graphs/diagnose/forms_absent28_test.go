package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsAbsent28: the false findings of validation v28 (and v27's neg/12), each as a
// class (branch fixabsent28). A mark of absence reads a quotation cut or wrapped as one
// on its line; "without the \"…\" <failure>" is an absence; a consequence after a
// condition closed by a comma ("Without this call, the \"…\" check fails") is a
// hypothetical; a configuration's documentation table that lists each Inductor key's
// warning is no run's. Their lookalikes stay findings: a report of a cut quote, a
// failure without a flag or a workaround, a past consequence, a table of runs.
func TestFormsAbsent28(t *testing.T) {
	t.Parallel()
	at := func(code diagnose.Code, line int, m diagnose.Match) form { return form{code, line, m, ""} }
	const (
		overwritten = "accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run"
		unjoined    = "capturing stream has unjoined work"
		mutated     = "skipping cudagraphs due to mutated inputs"
	)
	checkForms(t, []formTest{
		// 1. A quotation cut or wrapped after a mark of absence.
		{"cut: no, the quote closed early", "**Success criteria**:\n- No `accessing tensor output of CUDAGraphs that has been overwritten`\n  in the log.\n- Run completes (exit=0).\n", form{}, "v28 neg/08, a plan's success criteria"},
		{"cut: no, the quote wrapped", "- No `accessing tensor output of CUDAGraphs that has been\n  overwritten by a subsequent run` in the log.\n", form{}, "the quote runs onto the next line"},
		{"cut: never saw, wrapped", "After cloning we never saw \"accessing tensor output of CUDAGraphs\n that has been overwritten by a subsequent run\" again.\n", form{}, "never saw"},
		{"cut: 0 occurrences, quote closed early", "0 occurrences of `accessing tensor output of CUDAGraphs that has been overwritten` in 40 runs\n", form{}, "a count before"},
		{"cut: assertNotIn, a part of the message", "    self.assertNotIn(\"accessing tensor output of CUDAGraphs that has been overwritten\", out)\n", form{}, "a test asserts a part absent"},
		{"cut: assertIn, a part of the message", "    self.assertIn(\"accessing tensor output of CUDAGraphs that has been overwritten\", out)\n", form{}, "a test asserts it present (no finding since a test's expectation is no report: expectMarks, v32c)"},
		{"cut: a hypothetical stays", "If you see errors like:\n`accessing tensor output of CUDAGraphs that has been overwritten`\nclone the outputs first.\n", at(diagnose.OverwrittenOutput, 2, diagnose.Truncated), "holdoutI1's rl_games list: hypothetical marks do not read a cut quote"},
		{"cut: a report of the cut quote", "Step 2 died with `accessing tensor output of CUDAGraphs that has been overwritten` again.\n", at(diagnose.OverwrittenOutput, 1, diagnose.Truncated), "no mark: a report"},
		{"cut: a report, wrapped", "RuntimeError: accessing tensor output of CUDAGraphs that has been\noverwritten by a subsequent run.\n", at(diagnose.OverwrittenOutput, 1, diagnose.Wrapped), "the log wrapped it"},
		// 2. "without the \"…\" <failure>".
		{"without the: abort, wrapped", "RD43's control arm completed without the\n  \"capturing stream has unjoined work\" abort RD43 exists to prevent for\n", form{}, "v28 neg/15, a run that did not fail"},
		{"without the: warning now", "it runs without the 'skipping cudagraphs due to mutated inputs' warning now\n", form{}, "a warning gone"},
		{"without the: error before", "The run finished without the error `" + unjoined + "`.\n", form{}, "the noun before the quote"},
		{"without a: RuntimeError", "40 steps without a \"" + overwritten + "\" RuntimeError.\n", form{}, "an exception's class after the quote"},
		{"without the: German", "Der Lauf endet jetzt ohne die \"" + mutated + "\" Warnung.\n", form{}, "ohne die"},
		{"without the: French", "Le run se termine sans l'erreur « " + unjoined + " ».\n", form{}, "sans l'erreur"},
		{"without the: Spanish", "Termina sin el error \"" + unjoined + "\".\n", form{}, "sin el error"},
		{"without the: sibling no longer hits", "the loop no longer hits \"" + unjoined + "\"\n", form{}, "no longer hits (read before)"},
		{"without the: sibling without any", "40 runs without any \"" + unjoined + "\" errors\n", form{}, "without any (read before)"},
		{"without hitting", "The capture now completes without hitting \"" + unjoined + "\".\n", form{}, "without hitting"},
		{"without the usual warning", "compiles without the usual `" + mutated + "` warning\n", form{}, "an adjective between"},
		{"without hitting a breakpoint: a report", "it crashed without hitting the breakpoint: \"" + unjoined + "\"\n", at(diagnose.StreamCaptureUnjoined, 1, diagnose.Exact), "no failure missing"},
		{"without the flag: a report", "it crashed without the flag: \"" + unjoined + "\"\n", at(diagnose.StreamCaptureUnjoined, 1, diagnose.Exact), "a failure without a flag"},
		{"without a workaround: a report", "fails without cudagraph_mark_step_begin(): RuntimeError: " + overwritten + "\n", at(diagnose.OverwrittenOutput, 1, diagnose.Exact), "a failure without a workaround"},
		{"with the: a report", "it aborted with the \"" + unjoined + "\" error\n", at(diagnose.StreamCaptureUnjoined, 1, diagnose.Exact), "with, not without"},
		{"without the: no failure word", "without the \"" + unjoined + "\" patch it would be fine; we hit it twice\n", at(diagnose.StreamCaptureUnjoined, 1, diagnose.Exact), "no word of failure after the quote"},
		// 3. A consequence after a condition closed by a comma.
		{"condition: without this call", "        # iteration boundary for inductor's cudagraph_trees. Without this\n        # call, the \"pending, uninvoked backwards\" fast-path check fails\n        # every step and cudagraphs silently fall back to the eager path.\n        if trainer._cudagraph_mark_step:\n", form{}, "v28 neg/16, a comment on the call below it"},
		{"condition: without this line, quoted message", "# Without this line, the \"" + overwritten + "\" error is raised on the second call.\n", form{}, "is raised"},
		{"condition: if we don't", "If we don't clone the output, the `" + overwritten + "` error is raised.\n", form{}, "if we don't …,"},
		{"condition: otherwise", "# Otherwise the \"" + unjoined + "\" check fires at capture end.\n", form{}, "otherwise"},
		{"condition: without it, X raises", "Without it, Inductor raises \"" + overwritten + "\" on the next step.\n", form{}, "without it, a subject's verb"},
		{"condition: retold, unquoted", "# Without this call, the pending, uninvoked backwards fast-path check fails every step.\n", form{}, "a retelling after the condition"},
		{"condition: retold, would", "# Without this call, the pending, uninvoked backwards fast-path check would fail.\n", form{}, "would"},
		{"condition: retold, past", "Without this fix, the pending, uninvoked backwards fast-path check failed every step.\n", at(diagnose.TreesPendingBackward, 1, diagnose.Paraphrased), "a past: a report"},
		{"condition: retold, no comma", "        # every step; without it the \"pending, uninvoked backwards\" fast-path\n        # check fails and cudagraphs silently fall back to eager.\n", at(diagnose.TreesPendingBackward, 1, diagnose.Paraphrased), "holdoutO's anima_lora comment, labelled a finding"},
		{"condition: if it is not called", "# If this is not called, the \"" + overwritten + "\" error is raised.\n", form{}, "is not called"},
		{"condition: without calling", "Without calling cudagraph_mark_step_begin(), the \"" + overwritten + "\" error is raised every step.\n", form{}, "without calling"},
		{"condition: without calling, past", "Without calling cudagraph_mark_step_begin(), the \"" + overwritten + "\" error was raised every step.\n", at(diagnose.OverwrittenOutput, 1, diagnose.Exact), "past: a report"},
		{"condition: without this fix we got", "Without this fix we got \"" + unjoined + "\" on every capture.\n", at(diagnose.StreamCaptureUnjoined, 1, diagnose.Exact), "a past: a report"},
		{"condition: without this fix, past", "Without this fix, the \"" + unjoined + "\" error was raised on every capture.\n", at(diagnose.StreamCaptureUnjoined, 1, diagnose.Exact), "the consequence in the past"},
		{"condition: ran without it and hit", "we ran without it and hit \"" + unjoined + "\"\n", at(diagnose.StreamCaptureUnjoined, 1, diagnose.Exact), "a run"},
		{"condition: without the flag, it fails with", "Without the flag, it fails with \"" + unjoined + "\"\n", at(diagnose.StreamCaptureUnjoined, 1, diagnose.Exact), "a failure without a workaround"},
		// 4. A configuration's documentation table.
		{"config table: Chinese", "| `triton.cudagraph_support_input_mutation` | 全局配置 | 开源构建 `True` | 允许改写参数 | 警告 `" + mutated + "` |\n", form{}, "v28 neg/09"},
		{"config table: two keys", "| `triton.cudagraph_managed_input_rerecord_limit` / `triton.cudagraph_managed_input_rerecord_action` | global | 5 | warns `" + mutated + "` |\n", form{}, "keys joined by a slash"},
		{"config table: env var", "| TORCHINDUCTOR_CUDAGRAPH_TREES | env | 1 | `" + mutated + "` |\n", form{}, "an environment variable"},
		{"config table: torch._inductor.config", "| `torch._inductor.config.triton.cudagraph_support_input_mutation` | False | warns `" + mutated + "` |\n", form{}, "the key's full name"},
		{"config table: env var and plain key", "| `TORCHINDUCTOR_CUDAGRAPH_TREES` / `triton.cudagraph_trees` / `cudagraph_trees` | 1 | `" + mutated + "` |\n", form{}, "a plain key after the first"},
		{"config table: a run's setting", "| `triton.cudagraph_trees=False` | step 3 | `" + mutated + "` |\n", at(diagnose.LegacyMutatedInput, 1, diagnose.Exact), "a run's row sets a value"},
		{"config table: a run's status", "| `triton.cudagraph_support_input_mutation` | ❌ failed | `" + mutated + "` |\n", at(diagnose.SkipMutatedInputs, 1, diagnose.Truncated), "a run's status"},
		{"config table: a table of runs", "| run | status | log |\n|---|---|---|\n| 3 | ❌ | `" + mutated + "` |\n", at(diagnose.SkipMutatedInputs, 3, diagnose.Truncated), "no key in the first cell"},
	})
}
