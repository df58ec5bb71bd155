package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReview26 holds the cases the review of 2026-12-06 found read wrong, each failing
// before its mend: CJK words that only start a condition's word (当前 "current", 若干
// "several") dropped reports; "without the flag," is a report's condition; a verdict
// line that says "pipeline" was skipped as pip's own; "under 2.5" after a failure's
// message had no anchor of fails-with-bare-after.
func TestReview26(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text, code, torch, reason string
	}{
		{"dang-qian", "当前版本 segfaults at DDP teardown (\"CUDA Graph is empty\")\n", "cuda-graph-empty", "", "当前 is \"current\", no condition"},
		{"ruo-gan", "若干次测试中 Python 3.14 上 torch.compile 报错\n", "unsupported-python", "", "若干 is \"several\", no condition"},
		{"ruo-condition", "若 Triton 编译时找不到 Python.h，请安装 python3-dev\n", "", "", "若 alone still leads a condition (fixlang27)"},
		{"without-the-flag", "Without the flag, the \"operation not permitted when stream is capturing\" error is raised on every run.\n", "stream-capture-illegal", "", "a run's failure without a workaround, as \"it fails with\" is"},
		{"without-this-call", "# Without this call, the \"pending, uninvoked backwards\" fast-path check fails every step\n", "", "", "the code's condition on itself (fixabsent28) still read as none"},
		{"fails-with-under", "torch.compile crashes with an AssertionError under 2.5\n\n    assert torch._C._is_key_in_tls(attr_name)\n", "trees-user-thread-tls", "2.5", "under, as the row's shape allows (read before by prose-fails-on, torch named; kept)"},
		{"pipeline-passed", "* It fails in 2.11 RC:\n  pip install torch==2.11.0\n* In 2.10, the pipeline passed:\n  pip install torch==2.10.0\n\n    assert torch._C._is_key_in_tls(attr_name)\n", "trees-user-thread-tls", "2.11", "a verdict that says pipeline is no pip output"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Read(strings.NewReader(tc.text))
			require.NoError(t, err)
			got := ""
			if len(d.Findings) > 0 {
				got = string(d.Findings[0].Code)
			}
			require.Equal(t, tc.code, got, tc.reason)
			require.Equal(t, tc.torch, d.Torch, tc.reason)
		})
	}
}
