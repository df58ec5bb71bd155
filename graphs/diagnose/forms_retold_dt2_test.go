package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldDT2: the classes read from the held-out sets DT to DY (2026-12-06, the
// twenty-fourth session) and their siblings (rows_retold_dt2.go); each positive failed
// before its class was read, and each lookalike gives no finding.
func TestFormsRetoldDT2(t *testing.T) {
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		// torch.compile's support of a Python told as still to come (holdoutDT).
		{"enable when support is added", "Currently disabled dynamo_export related tests for python=3.12 due to CI failures as per #1486\nEnable when support for torch.compile is added for python=3.12\n", para(diagnose.UnsupportedPython, 2), "microsoft/onnxscript#1487"},
		{"until torch.compile supports", "Skip these tests until torch.compile supports Python 3.12.\n", para(diagnose.UnsupportedPython, 1), "until, the compiler first"},
		{"once dynamo supports, bare", "# TODO: drop the guard once Dynamo supports 3.13\n", para(diagnose.UnsupportedPython, 1), "once, the Python bare"},
		{"wait until it works on", "We have to wait until torch.compile works on Python 3.13.\n", para(diagnose.UnsupportedPython, 1), "works on"},
		{"until python is supported by", "compile stays off until Python 3.12 is supported by torch.compile\n", para(diagnose.UnsupportedPython, 1), "the Python first"},
		{"re-enable the tests when dynamo adds support", "Re-enable the tests when Dynamo adds support for Python 3.12\n", para(diagnose.UnsupportedPython, 1), "when after a verb of turning it on"},
		{"when, a rule", "When torch.compile supports Python 3.12, the compiled path is used.\n", form{}, "when alone states a rule"},
		{"since, a fact", "Since torch.compile supports Python 3.12, we enable the tests.\n", form{}, "a fact"},
		{"if, a condition", "if torch.compile supports Python 3.12, enable it\n", form{}, "a condition"},
		{"once it added support, past", "Once torch.compile added support for Python 3.12 in 2.4, we re-enabled the tests.\n", form{}, "told as past"},
		{"until, an old python", "keep the workaround until torch.compile supports Python 3.10\n", form{}, "a Python no release refuses"},
		{"until, no python", "Skip these tests until torch.compile supports dynamic shapes.\n", form{}, "another feature"},
		// torch.compile said not to work on older GPUs (holdoutDT).
		{"isn't compatible with older GPUs", "* Disable torch.compile for classification as it isn't compatible with older GPUs\n", para(diagnose.GPUTooOldForTriton, 1), "lightly-ai/lightly-train#666"},
		{"doesn't work on older GPUs", "torch.compile doesn't work on older GPUs\n", para(diagnose.GPUTooOldForTriton, 1), "the compiler the subject"},
		{"colon, not supported on old GPUs", "torch.compile: not supported on old GPUs\n", para(diagnose.GPUTooOldForTriton, 1), "a note's colon"},
		{"older GPUs don't support", "Older GPUs don't support torch.compile, so we run eager.\n", para(diagnose.GPUTooOldForTriton, 1), "the GPUs first"},
		{"works on older GPUs", "torch.compile works on older GPUs too\n", form{}, "no refusal"},
		{"another library isn't compatible", "torch.compile is fine, but flash-attn isn't compatible with older GPUs\n", form{}, "another library's refusal"},
		{"disable on older GPUs, a purpose", "Disable torch.compile on older GPUs\n", form{}, "no refusal told"},
		{"older GPUs are slower", "older GPUs are slower under torch.compile\n", form{}, "a measure"},
		// CUDA's capture error retold with other words (holdoutDX).
		{"operation not allowed when", "torch.cuda.CudaError: operation not allowed when stream is capturing\n", para(diagnose.StreamCaptureIllegal, 1), "a MiniMind-O write-up"},
		{"permitted while the stream", "CUDA error: operation not permitted while the stream is capturing\n", para(diagnose.StreamCaptureIllegal, 1), "while, the stream"},
		{"a stream: ascend's", "EE1016 ... operation not allowed when a stream is capturing\n", form{}, "another driver's text"},
		{"allowed when capturing", "this operation is allowed when stream is capturing\n", form{}, "no refusal"},
	})
}
