package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// Messages of validations v34a's and v34b's predictions and conditions.
const (
	triton4 = "RuntimeError: Cannot find a working triton installation. More information on installing Triton can be found at https://github.com/openai/triton"
	old34   = "Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.1"
	pyh34   = "Python.h: No such file or directory"
)

// TestFormsPredict34: a lead-in that predicts a failure in general (leadPredict: "some
// workloads will fail with:", "will result in errors … such as:") over the message, on
// the block's first line or a later one (chainLead), and a Japanese, Chinese or Korean
// condition that a thing is absent with the failure after the message
// (mechanismCondSOV), give no finding: hb_neg_unsloth_gtx1060_guide_would_fail and hb_neg_aws_dlc_release_notes_known_issue_triton, ha_neg_ja_vllm_setup_comment_python_h_conditional. A
// repro's "It will fail with", a person's "you will get", a past and a condition with
// no failure stay findings.
func TestFormsPredict34(t *testing.T) {
	tm := func(line int) form { return form{diagnose.TritonMissing, line, diagnose.Exact, ""} }
	old := func(line int) form { return form{diagnose.GPUTooOldForTriton, line, diagnose.Exact, ""} }
	pyh := func(line int) form { return form{diagnose.PythonHeadersMissing, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"predict: v34b 41", "## Known Issues\n\n- There is no official Triton distribution for ARM64/aarch64 yet, so some torch.compile workloads will fail with:\n\n" +
			"```\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n" + triton4 + "\n```\n", form{}, "hb_neg_aws_dlc_release_notes_known_issue_triton, the message on the block's second line"},
		{"predict: first line", "Certain models will fail with:\n\n```\n" + triton4 + "\n```\n", form{}, "the message on the block's first line"},
		{"predict: v34b 40", "*   Unsloth requires a minimum CUDA Compute Capability of 7.0.\n" +
			"*   Attempts to use Unsloth with a GTX 1060 will result in errors from Triton or PyTorch kernels, such as:\n    ```\n    " + old34 + "\n    ```\n", form{}, "hb_neg_unsloth_gtx1060_guide_would_fail"},
		{"predict: lead to errors like", "Running on a Pascal card will lead to errors like:\n\n    " + old34 + "\n", form{}, "will lead to errors like:"},
		{"report: it will fail with", "```python\nmodel = torch.compile(model)\nmodel(x)\n```\n\nIt will fail with:\n\n```\n" + triton4 + "\n```\n", tm(9), "a repro's own future"},
		{"report: you will get errors such as", "If you run it, you will get errors such as:\n\n```\n" + old34 + "\n```\n", old(4), "a person: a tip"},
		{"report: some runs failed", "Some of our runs failed with:\n\n```\n" + triton4 + "\n```\n", tm(4), "a past, a person"},
		// The condition in languages that put the verb after the message (ha_neg_ja_vllm_setup_comment_python_h_conditional).
		{"sov: v34a 50", "echo \"=== Installing build deps (python3.10-dev, build-essential) ===\"\n" +
			"# Deep Learning VMイメージに無いことがある。無いとTritonのCUDA拡張コンパイルが\n" +
			"# 「" + pyh34 + "」や「cc1plus: No such file or directory」で失敗する。\n" +
			"sudo apt-get install -y python3.10-dev build-essential\n", form{}, "ha_neg_ja_vllm_setup_comment_python_h_conditional"},
		{"sov: ja なければ", "# python3-devがなければ、Tritonのビルドは「" + pyh34 + "」で失敗します。\n", form{}, "Japanese なければ"},
		{"sov: zh 如果没有", "# 如果没有 python3-dev，Triton 编译会因为 \"" + pyh34 + "\" 而失败。\n", form{}, "Chinese 如果没有"},
		{"sov: ko 없으면", "# python3-dev가 없으면 Triton 빌드가 \"" + pyh34 + "\" 에러로 실패합니다.\n", form{}, "Korean 없으면"},
		{"report: ja past", "Tritonのコンパイルが「" + pyh34 + "」で失敗しました。\n", pyh(1), "a past, no condition"},
		{"report: ja quoting と", "TritonのビルドでPython.hが無いと表示された: 「" + pyh34 + "」\n", pyh(1), "と that quotes, no failure after the message"},
	})
}
