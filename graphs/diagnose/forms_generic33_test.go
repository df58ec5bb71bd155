package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// Messages of validation v33a's generic lookalikes and their siblings.
const (
	ctxG33  = "CUDA error: invalid device context"
	copyG33 = "Cannot copy between CPU and CUDA tensors during CUDA graph capture"
)

// TestFormsGeneric33: a message named as an example of what generally happens gives no
// finding: a list under "In practice you see errors like:" (ga_neg_fork_explainer_errors_like), its
// siblings in other words, numbering and Chinese, the same on one line, and a comment's
// warning about a hypothetical thing of the code ("A stray CPU tensor here … fails as
// \"…\"", ga_neg_comment_stray_cpu_fails_as). A troubleshooting tip's condition ("If you see errors like:", the
// corpus's rl_games doc), a person, a list under another lead-in and a reporter's repro
// stay findings.
func TestFormsGeneric33(t *testing.T) {
	ctx := func(line int) form { return form{diagnose.CUDAInvalidContext, line, diagnose.Exact, ""} }
	cp := func(line int, m diagnose.Match) form { return form{diagnose.CaptureUnpinnedCopy, line, m, ""} }
	checkForms(t, []formTest{
		{"generic: v33a 65", "4. Even ignoring locks, the GPU driver's command queues are now ambiguously owned.\n\n" +
			"In practice you see errors like:\n\n" +
			"- `CUDA error: initialization error`\n" +
			"- `" + ctxG33 + "`\n" +
			"- Hangs in `cuInit` or memory allocation\n" +
			"- Silent data corruption (rare but worst case)\n\n" +
			"*Why \"spawn\" or \"forkserver\" fixes it.*\n", form{}, "ga_neg_fork_explainer_errors_like"},
		{"generic: typically, no blank", "Typically the child fails with errors such as:\n* `" + ctxG33 + "`\n", form{}, "no blank line, another bullet"},
		{"generic: numbered", "Common failures include:\n1. `CUDA error: initialization error`\n2. `" + ctxG33 + "`\n", form{}, "a numbered list"},
		{"generic: a typical error looks like", "A typical error looks like:\n\n- `" + ctxG33 + "`\n", form{}, "looks like"},
		{"generic: zh", "常见的报错如下：\n\n- `" + ctxG33 + "`\n", form{}, "Chinese"},
		{"generic: one line", "In practice you see errors like `" + ctxG33 + "` as soon as the child touches CUDA.\n", form{}, "on the message's line"},
		{"generic: v33a 77", "        dev = w.device\n" +
			"        # Every buffer must land on the weight's device. A stray CPU tensor here does not\n" +
			"        # fail loudly -- it fails as \"Cannot copy between CPU and CUDA tensors during CUDA\n" +
			"        # graph capture\", thrown from inside inductor's generated code, which points\n" +
			"        # nowhere near this file.\n", form{}, "ga_neg_comment_stray_cpu_fails_as, wrapped"},
		{"generic: a wrong device raises", "# A wrong device in this path raises \"" + copyG33 + "\".\n", form{}, "a wrong"},
		{"generic: a missing pin fails with", "// A missing pin_memory() here fails with \"" + copyG33 + "\".\n", form{}, "a missing"},
		// Near misses that stay findings.
		{"report: if you see errors like", "### CUDA Graph Errors with RNN/LSTM\n\nIf you see errors like:\n- `RuntimeError: accessing tensor output of CUDAGraphs that has been overwritten`\n\nSwitch to `default` mode:\n", form{diagnose.OverwrittenOutput, 4, diagnose.Truncated, ""}, "a tip's condition: the corpus's rl_games doc"},
		{"report: I get errors like", "I get errors like:\n- `" + ctxG33 + "`\n", ctx(2), "a person"},
		{"report: in practice I saw", "In practice I saw errors like:\n- `" + ctxG33 + "`\n", ctx(2), "a person, a past"},
		{"report: another lead", "The worker printed:\n- `" + ctxG33 + "`\n", ctx(2), "no generalisation"},
		{"report: list ends", "Typical errors like:\n- `CUDA error: initialization error`\n\nOur run then hit:\n- `" + ctxG33 + "`\n", ctx(5), "a new lead-in ends the list"},
		{"report: any cold build", "   building its `cuda_utils` C extension. Any *cold* build fails with\n   `fatal error: cuda.h: No such file or directory`. Fixed by\n",
			form{diagnose.CUDAHeadersMissing, 2, diagnose.Exact, ""}, "holdoutEC's sparton notes: any, a report"},
		{"report: a minimal repro", "A minimal repro fails with `" + copyG33 + "`.\n", cp(1, diagnose.Truncated), "the reporter's repro"},
		{"report: a stray tensor failed", "A stray CPU tensor in my model failed with \"" + copyG33 + "\".\n", cp(1, diagnose.Truncated), "a past, a person"},
	})
}
