package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsEmitted: a Python call that emits a message (a logger's, warnings.warn, a
// raise) is the source that defines it, no report (emittedInSource, branch fixv29x:
// validation v29's source-code false findings). A traceback's source line, a diff's line
// and a statement in a markdown code fence stay reports (sourceStatement, the rule shared
// with assertedInSource), as does the message printed by a run.
func TestFormsEmitted(t *testing.T) {
	t.Parallel()
	at := func(code diagnose.Code, line int, m diagnose.Match) form { return form{code, line, m, ""} }
	const (
		windows = "Windows not yet supported for torch.compile"
		unknown = "skipping cudagraphs for unknown reason"
	)
	checkForms(t, []formTest{
		{"log.warning", "    if extra:\n        log.warning(\"cudagraphs backend ignoring extra kwargs %s\", extra)\n", form{}, "v29 neg/01, a backend's source"},
		{"perf_hint_log.warning", "    else:\n        perf_hint_log.warning(\"" + unknown + "\")\n", form{}, "v29 neg/04"},
		{"raise in source", "    if sys.platform == \"win32\":\n        raise RuntimeError(\"" + windows + "\")\n", form{}, "v29 neg/10, PyTorch's check"},
		{"raise, the string below", "        raise RuntimeError(\n            \"" + windows + "\"\n        )\n", form{}, "the call opened on the line above"},
		{"warnings.warn", "    warnings.warn(\"" + unknown + "\")\n", form{}, "warnings.warn"},
		{"logger.info", "logger.info('" + unknown + "')\n", form{}, "logger.info"},
		{"traceback's raise line stays", "Traceback (most recent call last):\n  File \"eval_frame.py\", line 375, in check_if_dynamo_supported\n    raise RuntimeError(\"" + windows + "\")\n", at(diagnose.UnsupportedPython, 3, diagnose.Exact), "a traceback shows the source line of a run"},
		{"IPython frame's raise stays", "File ~/torch/_dynamo/eval_frame.py:375, in check_if_dynamo_supported()\n    raise RuntimeError(\"" + windows + "\")\n", at(diagnose.UnsupportedPython, 2, diagnose.Exact), "a frame's header of IPython's form (frameHeader, shared with assertedInSource)"},
		{"fenced raise stays", "```python\nif sys.platform == \"win32\":\n    raise RuntimeError(\"" + windows + "\")\n```\n", at(diagnose.UnsupportedPython, 3, diagnose.Exact), "a thread quoting the check in a code fence asks about its failure (inFence, as for an assert: pina683)"},
		{"fenced log.warning stays", "```\nperf_hint_log.warning(\"" + unknown + "\")\n```\n", at(diagnose.SkipUnknownReason, 2, diagnose.Exact), "the fence rule holds for every emitter"},
		{"diff's added raise stays", "+        raise RuntimeError(\"" + windows + "\")\n", at(diagnose.UnsupportedPython, 1, diagnose.Exact), "a pull request that adds the message"},
		{"the run's line stays", "RuntimeError: " + windows + "\n", at(diagnose.UnsupportedPython, 1, diagnose.Exact), "a run's output"},
		{"print stays", "    print(\"" + windows + "\")\n", at(diagnose.UnsupportedPython, 1, diagnose.Exact), "a print is no emitter of the list"},
		{"a log line stays", "W1206 12:00:00.000 1234 torch/_inductor/cudagraph_trees.py:1] " + unknown + "\n", at(diagnose.SkipUnknownReason, 1, diagnose.Exact), "the logger's output"},
	})
}
