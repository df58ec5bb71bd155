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
