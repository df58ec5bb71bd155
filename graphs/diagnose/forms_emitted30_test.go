package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsEmittedOneExtent: an emitting call's argument list is read as pyCall reads
// it (pycall.go, branch fixneg30): an f-string's braces before the message are inside
// its string, no statement's end; a retelling row's place is where its pattern matches
// (v29 neg/11's warnings.warn over the message's pieces).
func TestFormsEmittedOneExtent(t *testing.T) {
	t.Parallel()
	at := func(code diagnose.Code, line int, m diagnose.Match) form { return form{code, line, m, ""} }
	const (
		cpu     = "skipping cudagraphs due to cpu device"
		pending = "Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. "
	)
	checkForms(t, []formTest{
		{"warnings.warn over pieces", "        warnings.warn(\n            \"" + pending + "\"\n            \"Run evaluation under no_grad().\"\n        )\n",
			form{}, "v29 neg/11's shape: a retelling row's place in the string, the call a line up"},
		{"f-string braces before it", "        raise ValueError(f\"{backend!r}: " + cpu + "\")\n",
			form{}, "an f-string's braces are no statement's end (one extent for every Python call, pyCall)"},
		{"a dict after it", "    log.warning(\"%(n)s: " + cpu + "\", {\"n\": name})\n",
			form{}, "a logger's call on the message's line, as before"},
		{"a comment in the call", "        raise RuntimeError(  # keep the wording of PyTorch's\n            \"" + cpu + "\"\n        )\n",
			form{}, "a comment's words are no code"},
		{"a call closed before it", "    log.warning(\"done\"); msg = \"" + cpu + "\"\n",
			at(diagnose.SkipCPUDevice, 1, diagnose.Exact), "a ';' ends the logger's statement"},
	})
}

// TestFormsEmittedOverLines: a message's string inside the argument list of a call
// opened one to four lines above it (callState, pycall.go; branch fixneg30: validation
// v29 neg/03's skip message under two nested calls, neg/11's warnings.warn over
// implicit concatenation) is the source that emits it, no report, as the message on
// the call's own line is (TestFormsEmitted). The call's line under a traceback frame's
// header, in a code fence, in a listing or a diff, a warning's shown source line, a
// print, a test's skip reason or assertion, a call closed above the message and one five lines up
// stay read, as do the run's own lines. A warning's shown `warnings.warn(` and a line
// left of a call's had been read as source by the ring's two lines above (emitOpen over
// joined lines): they are reports again.
func TestFormsEmittedOverLines(t *testing.T) {
	t.Parallel()
	at := func(code diagnose.Code, line int, m diagnose.Match) form { return form{code, line, m, ""} }
	const (
		cpu = "skipping cudagraphs due to cpu device"
		cpp = "cpp-wrapper does not support graph partition yet"
	)
	checkForms(t, []formTest{
		{"two nested calls", "    if partitioned:\n        report_skip(\n            make_skip_text(\n                \"" + cpp + "\"\n            )\n        )\n",
			form{}, "v29 neg/03's shape: the message under a call opened two lines up, inside another"},
		{"four lines up", "        raise RuntimeError(\n            f\"graph {name!r}: \"\n            \"replay refused; \"\n            \"reason: \"\n            \"" + cpu + "\"\n        )\n",
			form{}, "implicit concatenation, the message's piece four lines under the raise"},
		{"TORCH_CHECK three lines up", "  TORCH_CHECK(\n      at::cuda::currentStreamCaptureStatus() ==\n          at::cuda::CaptureStatus::None,\n" +
			"      \"Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture.\");\n",
			form{}, "C++'s check, its message past raisedInSource's two lines (brackets and strings read alike)"},
		{"a test's fixture data", "    fake_log = \"\\n\".join(\n        [\n            \"RuntimeError: " + cpu + "\",\n        ]\n    )\n",
			form{}, "a program's string data inside a call (holdoutDL's resiliency-ext test, labelled no code)"},

		{"under a frame", "Traceback (most recent call last):\n  File \"compile_fx.py\", line 12, in config\n    report_skip(\n        \"" + cpp + "\"\n",
			at(diagnose.SkipCPPWrapper, 4, diagnose.Exact), "a traceback's failing statement: the run's"},
		{"in a fence", "```python\nreport_skip(\n    \"" + cpu + "\"\n)\n```\n",
			at(diagnose.SkipCPUDevice, 3, diagnose.Exact), "a thread quoting the call asks about its failure (inFence)"},
		{"a diff's line", "+        raise RuntimeError(\n+            \"" + cpu + "\"\n+        )\n",
			at(diagnose.SkipCPUDevice, 2, diagnose.Exact), "a pull request that adds the message"},
		{"a listing's failing line", "--> 375     raise RuntimeError(\n    376         \"" + cpu + "\"\n",
			at(diagnose.SkipCPUDevice, 2, diagnose.Exact), "IPython's numbered listing shows a run's failing statement"},
		{"a warning's source line", "/p/trees.py:9: UserWarning: skipping\n  warnings.warn(\n/p/run.py:3: UserWarning: \"" + cpu + "\"\n",
			at(diagnose.SkipCPUDevice, 3, diagnose.Exact), "Python's warnings show the call's one line, then the next output"},
		{"a print over lines", "            print(\n                f\"mode {mode!r}: \"\n                \"" + cpu + "\"\n            )\n",
			at(diagnose.SkipCPUDevice, 3, diagnose.Exact), "a script telling its user (v24 pos/09, labelled a report)"},
		{"a skip reason", "@pytest.mark.skipif(\n    not torch.cuda.is_available(), reason=\"" + cpu + "\"\n)\n",
			form{}, "a test's skip reason (holdoutAN's and holdoutG1's relabelled \"-\") (no finding since a test's expectation is no report: expectMarks, v32c)"},
		{"a test asserts it occurs", "        self.assertIn(\n            \"" + cpu + "\",\n            out,\n        )\n",
			form{}, "an assertion that the message occurs, over lines as on one line (no finding since a test's expectation is no report: expectMarks, v32c)"},
		{"a call closed above", "    check(\n        x)\n    msg = f\"{x}\" + \"" + cpu + "\"\n",
			at(diagnose.SkipCPUDevice, 3, diagnose.Exact), "the call ended before the message's line"},
		{"five lines up", "        raise RuntimeError(\n            \"a \"\n            \"b \"\n            \"c \"\n            \"d \"\n            \"" + cpu + "\"\n        )\n",
			at(diagnose.SkipCPUDevice, 6, diagnose.Exact), "beyond callReach"},
		{"prose's bracket", "I got this warning (on 2.1):\n\"" + cpu + "\"\n",
			form{diagnose.SkipCPUDevice, 2, diagnose.Exact, "2.1"}, "no name before the bracket: no call; the aside names the writer's release (fixrel39)"},
		{"a dedented line", "  warnings.warn(\nW: \"" + cpu + "\"\n",
			at(diagnose.SkipCPUDevice, 2, diagnose.Exact), "a line left of the call's is no line of its arguments"},
		{"the run's quoted log line", "WARNING: \"" + cpu + "\"\n",
			at(diagnose.SkipCPUDevice, 1, diagnose.Exact), "a log line that quotes the message"},
	})
}
