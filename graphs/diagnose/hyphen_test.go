package diagnose_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestHyphenWrap: a message whose words a page hyphenated at its lines' ends (a PDF's or
// a typeset paper's text, a filled mail) is found, its quote with the words joined; a
// hyphen the message holds at a line's end stays ("max-" / "autotune"), and prose
// hyphenated so holds no message. TestFormsCross' hyphen-wrap-60 and hyphen-wrap-72 had
// missed 24 and 11 of 134 samples.
func TestHyphenWrap(t *testing.T) {
	t.Parallel()
	// each test's reason: what the first finding's quote holds
	tests := []formTest{
		{"literal-cut", "We hit RuntimeError: Error: accessing tensor output of CUDAGraphs that has been over-\nwritten by a subsequent run.\n",
			form{diagnose.OverwrittenOutput, 1, diagnose.Wrapped, ""}, "has been overwritten by"},
		{"mail-quoted", "> RuntimeError: Error: accessing tensor output of CUDAGraphs that has been over-\n> written by a subsequent run.\n",
			form{diagnose.OverwrittenOutput, 1, diagnose.Wrapped, ""}, "overwritten"},
		{"error-name", "RuntimeError: CUDA call failed: cudaErrorStreamCaptureUnsup-\nported\n",
			form{diagnose.StreamCaptureIllegal, 1, diagnose.Wrapped, ""}, "cudaErrorStreamCaptureUnsupported"},
		{"pytest", "    E       RuntimeError: CUDA error: operation not permitted when stream is cap-\n    E       turing\n",
			form{diagnose.StreamCaptureIllegal, 1, diagnose.Wrapped, ""}, "stream is capturing"},
		{"pattern", "RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during CUDA graph cap-\nture. If you need this call to be captured, please file an issue.\n",
			form{diagnose.CaptureRNGState, 1, diagnose.Wrapped, ""}, "graph capture."},
		{"headers", "/tmp/tmpq9x1b2c3/main.c:5:10: fatal error: Python.h: No suc-\nh file or directory\n",
			form{diagnose.PythonHeadersMissing, 1, diagnose.Wrapped, ""}, "No such file"},
		// a context's anchor cut by the hyphen: the frame's file
		{"context-cut", "  File \"/usr/lib/python3.11/site-packages/torch/_inductor/c-\nudagraph_trees.py\", line 2105, in run\nRuntimeError: Offset increment outside graph capture encoun-\ntered unexpectedly.\n",
			form{diagnose.TreesConcurrentCallers, 3, diagnose.Wrapped, ""}, "encountered unexpectedly"},
		{"config-frame", "  File \"/usr/lib/python3.11/site-packages/torch/utils/_conf-\nig_module.py\", line 321, in __getattr__\n    return self._config[name]\nKeyError: 'cudagraph_treez'\n",
			form{diagnose.UnknownGlobal, 4, diagnose.Exact, ""}, "cudagraph_treez"},
		// a hyphen the message holds, at a line's end
		{"real-hyphen", "RuntimeError: Unrecognized mode=reduce-\noverhead-x, should be one of: default, reduce-overhead, max-autotune, max-autotune-no-cudagraphs\n",
			form{diagnose.UnknownMode, 1, diagnose.Exact, ""}, "mode=reduce-"},
		// prose hyphenated: no message
		{"prose", "the buffer was over-\nwritten by a subsequent kernel launch, and the re-\ncompile took long.\n", form{}, ""},
		{"prose-capture", "the stream is cap-\nturing while we call synchronize, which is not permit-\nted in our own wrapper.\n", form{}, ""},
	}
	checkFormsThen(t, tests, func(t *testing.T, tt formTest, d *diagnose.Diagnosis) {
		if tt.reason != "" && len(d.Findings) > 0 && !strings.Contains(d.Findings[0].Quote, tt.reason) {
			t.Errorf("quote %q does not hold %q", d.Findings[0].Quote, tt.reason)
		}
	})
}
