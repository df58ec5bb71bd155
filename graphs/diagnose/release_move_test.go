package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// fixrel29Message is the failure the cases of branch fixrel29 put after (or before)
// their line: the user-thread TLS assertion of cudagraph trees.
const fixrel29Message = "    assert torch._C._is_key_in_tls(attr_name)\nAssertionError\n"

// TestMoveTarget: the run after a move between two releases is on the release moved to,
// whichever way the move goes, unless the text says the target works or that the
// failure came before the move (branch fixrel29, holdoutEX's class of move misreads;
// the failure follows each line). Each case marked new failed on main 858ede14.
func TestMoveTarget(t *testing.T) {
	t.Parallel()
	tests := []releaseWhy{
		// the target, the failure after the move (new)
		{"after-downgrading-from-to", "After downgrading from torch 2.14.0 to 2.11.0 I get:", "2.11", "new: the brief's first case (read 2.14)"},
		{"downgraded-from-to-now", "downgraded torch from 2.6 to 2.5.1, now I get:", "2.5", "new: read 2.6"},
		{"downgraded-to-from", "I downgraded to torch 2.5.1 from 2.6.0 and get:", "2.5", "new: the target first (read none)"},
		{"upgraded-to-from", "There is an issue with tracing after upgrading to PyTorch 2.6.0 from 2.5.1.", "2.6", "the target first, an upgrade (pytorch/pytorch#145220)"},
		{"switched-from-to-see", "switched from torch 2.6 to 2.4 and see:", "2.4", "new: read 2.6"},
		{"went-back-from-to", "I went back from torch 2.6 to 2.5.1 and get:", "2.5", "new: read 2.6"},
		{"reverted-to", "I reverted torch 2.6 to 2.5.1 and now I get:", "2.5", "new: 'reverted' as a move's verb (read none)"},
		{"moved-from-to-error", "moved torch from 2.6 to 2.5.1, error:", "2.5", "new: read 2.6"},
		{"arrow-now", "torch 2.6 -> 2.5.1, now I get:", "2.5", "new: an arrow (read 2.6)"},
		{"unicode-arrow-now", "torch 2.6 → 2.5.1, now I get:", "2.5", "new: a Unicode arrow (read 2.6)"},
		{"we-downgraded-plain", "We downgraded torch from 2.6 to 2.5", "2.5", "new: nothing more said, the failure after the line (read 2.6)"},
		{"bare-upgraded", "Upgraded from 2.11.0 to 2.14.0", "2.14", "new: the writer's move, torch unnamed (read none)"},
		{"bare-after-downgrading", "After downgrading from 2.14.0 to 2.11.0 I get:", "2.11", "new: torch unnamed (read none)"},
		{"zh-bare", "从 2.6 降级到 2.5.1 后报错：", "2.5", "new: Chinese, torch unnamed (read none)"},
		{"ja-bare", "2.6から2.5.1にダウングレードしたら", "2.5", "new: Japanese, torch unnamed (read none)"},
		{"ja-plain", "torch を 2.6 から 2.5.1 にダウングレードしました", "2.5", "new: Japanese, nothing more said (read 2.6)"},
		{"zh-plain", "把 torch 从 2.6 降级到 2.5.1。", "2.5", "new: Chinese, nothing more said (read 2.6)"},
		{"workaround-then-fails", "To work around this, I downgraded torch from 2.6 to 2.5, but now I get:", "2.5", "new: a workaround whose target fails (read 2.6)"},
		// one release moved to, the output after it (new)
		{"downgraded-to-get", "I downgraded to torch 2.5.1 and get:", "2.5", "new: read none"},
		{"after-downgrading-to-get", "After downgrading to torch 2.5.1 I get:", "2.5", "new: read none"},
		{"rolled-back-to-now-get", "I rolled back to torch 2.5.1 and now get:", "2.5", "new: read none"},
		{"downgraded-torch-to-now", "downgraded torch to 2.5.1, now I get:", "2.5", "new: read none"},
		{"bare-after-downgrading-to", "After downgrading to 2.5.1 I get:", "2.5", "new: torch unnamed (read none)"},
		{"bare-rolled-back-now", "I rolled back to 2.5.1, now:", "2.5", "new: torch unnamed (read none)"},
		{"was-on-then-downgraded", "I was on torch 2.6. I downgraded to torch 2.5.1 and get:", "2.5", "new: the move outranks the release moved from (read 2.6)"},
		// the release moved from: the target works, or the failure came first
		{"rolled-back-still", "Rolled back torch 2.6 -> 2.5.1, still:", "2.5", "the target still fails"},
		{"downgraded-works", "I downgraded from 2.6 to 2.5.1 and it works", "2.6", "new: the target works, torch unnamed (read none)"},
		{"downgraded-now-works", "I downgraded torch from 2.6 to 2.5.1, and now it works.", "2.6", "the target works, after a comma"},
		{"upgrade-fixed", "Upgrading from torch 2.5.1 to 2.6.0 fixed the crash", "2.5", "the move fixed it"},
		{"to-avoid", "I downgraded torch from 2.6 to 2.5 to avoid the crash", "2.6", "new: the move's purpose, the failure came first (read 2.5: 'crash' was the target's failure)"},
		{"workaround-before", "To work around this, I downgraded torch from 2.6 to 2.5.", "2.6", "a workaround"},
		{"because-of", "Because of this bug we went back from torch 2.6 to 2.5.1.", "2.6", "the move's cause"},
		{"because-it-crashes", "I downgraded from torch 2.6 to 2.5 because it crashes", "2.6", "new: the move's cause is the failure (read 2.5)"},
		{"because-other-reason", "We upgraded from torch 2.4 to 2.5 because we needed feature X", "2.5", "a cause that is no failure: the target"},
		{"because-before-other", "Because we needed flex attention, we upgraded from torch 2.4 to 2.5.", "2.5", "the same before the move"},
		{"please-arrow", "Please downgrade torch 2.6.0 -> 2.5.1", "2.6", "advice"},
		{"workaround-colon", "Workaround: downgrade torch 2.6 -> 2.5", "2.6", "a workaround's imperative"},
		{"fix-commit", "fix: downgrade torch from 2.6.0 to 2.5.1", "2.6", "a fix's commit title"},
		{"numbered-step", "1. Downgrade torch 2.6 -> 2.5", "2.6", "a numbered step of instructions"},
		{"ja-fixed", "2.6から2.5.1にダウングレードしたら直った", "2.6", "new: Japanese, the target works, torch unnamed (read none)"},
		{"downgraded-to-works", "I was on torch 2.6. I downgraded to torch 2.5.1 and it works.", "2.6", "the release moved to works"},
		// no move of torch's
		{"package-upgraded", "pebble is upgraded from 2.5.1 to 2.6.0", "", "another project's changelog (find_string \"upgraded from 2.5.1 to 2.6\")"},
		{"package-list-upgraded", "ddp-server           upgraded from 2.5.1 to 2.6.0", "", "meteor's list of package moves"},
		{"zh-numpy-bare", "numpy 从 2.1 升级到 2.2 后报错", "", "numpy's move, torch unnamed"},
		{"advice-going-back", "Try going back to 2.5.1 and see:", "", "advice, torch unnamed"},
		{"downgrade-to-advice", "downgrade to torch 2.3", "", "advice"},
		{"downgrading-fixes", "Downgrading to torch==2.5.1 fixes this", "", "a move that fixes it"},
	}
	checkReleasesWhy(t, "\n\n"+fixrel29Message, tests)
}

// TestMoveBack: a move its sentence says nothing more of is what the writer did about a
// failure told only before its line, and the failing run was on the release moved from
// ("torch 2.6.0->2.5.1", a comment under ByteDance-Seed/Bagel#201's error, labelled 2.6);
// where the failure is told after the move, or the move says the target fails, the
// target stays the run's. Each case marked new failed on main 858ede14.
func TestMoveBack(t *testing.T) {
	t.Parallel()
	before := "Error during loss.backward:\n" + fixrel29Message + "\ncomment\n"
	tests := []struct{ name, text, want, reason string }{
		{"arrow-after-error", before + "torch 2.6.0->2.5.1", "2.6", "Bagel#201's comment: the release moved from"},
		{"from-to-after-error", before + "I downgraded torch from 2.6 to 2.5.1", "2.6", "the same in words"},
		{"ja-after-error", before + "torch を 2.6 から 2.5.1 にダウングレードしました", "2.6", "the same in Japanese"},
		{"now-get-after-error", before + "I downgraded torch from 2.6 to 2.5.1, now I get:", "2.5", "new: the target's failure is said, so the target (read 2.6)"},
		{"still-after-error", before + "torch 2.6.0->2.5.1, still the same error", "2.5", "the target still fails"},
		{"error-after-move", "torch 2.6.0->2.5.1\n" + fixrel29Message, "2.5", "new: the failure after the move, so the target (read 2.6)"},
		{"error-both-sides", before + "torch 2.6.0->2.5.1\n" + fixrel29Message, "2.5", "new: the failure after the move too, so the target (read 2.6)"},
		{"change-item-after-error", before + "- Downgrade PyTorch 2.9.1 -> 2.5.1+cu121", "2.5", "a change's item states the state it leaves (karpathy/autoresearch#321)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := Read(strings.NewReader(tt.text))
			require.NoError(t, err)
			require.NotEmpty(t, d.Findings, "the text shows the failure")
			require.Equal(t, tt.want, d.Torch, "(%s); read from %s at line %d", tt.reason, d.TorchFrom, d.TorchLine)
		})
	}
}
