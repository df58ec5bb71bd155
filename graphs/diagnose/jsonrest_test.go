package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestJSONRestFields: a structured logger's JSON line whose first string ends with a line
// end ("\n") and whose next field holds the error or the release: the rest of the line
// after the string's last line was dropped as keys without text (docker's
// `","stream":"stderr"}`), and the error or release with it. A rest without an anchor
// is still no line (docker's pip show, "Name: torch" and "Version:" on two JSON lines).
func TestJSONRestFields(t *testing.T) {
	t.Parallel()
	checkForms(t, []formTest{
		{"error-field", `{"msg":"step 12 failed\n","error":"RuntimeError: CUDA error: operation not permitted when stream is capturing"}` + "\n",
			form{diagnose.StreamCaptureIllegal, 1, diagnose.Exact, ""}, "structlog's error field after the event"},
		{"exception-field", `{"event": "compile failed\n", "exception": "AttributeError: module 'torch._inductor' has no attribute 'config'"}` + "\n",
			form{diagnose.InductorConfigNotImported, 1, diagnose.Exact, ""}, "the exception field after the event"},
		{"release-field", `{"level":"WARNING","message":"skipping cudagraphs due to mutated inputs (2 instances). Found from : \n   File \"/app/model.py\", line 12, in forward\n","torch_version":"2.6.0+cu124"}` + "\n",
			form{diagnose.SkipMutatedInputs, 1, diagnose.Exact, "2.6"}, "the release field after a multi-line message"},
		{"docker-pip-show", `{"log":"Name: torch\n","stream":"stdout","time":"2024-05-01T12:00:00.1Z"}` + "\n" + `{"log":"Version: 2.5.1\n","stream":"stdout","time":"2024-05-01T12:00:00.2Z"}` + "\n" +
			`{"log":"skipping cudagraphs due to mutated inputs (2 instances). Found from :\n","stream":"stderr","time":"2024-05-01T12:00:01Z"}` + "\n",
			form{diagnose.SkipMutatedInputs, 3, diagnose.Exact, "2.5"}, "docker's keys between the key and its value stay no line"},
		{"keys-only", `{"log":"capture started\n","stream":"stderr","time":"2024-05-01T12:00:00.1Z"}` + "\n", form{}, "no anchor: no finding"},
	})
}
