package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMoveSides: a change of release names two; which one is the run's depends on the
// phrasing (branch recallG, 2026-12-03). A change's item, an instruction at a line's
// start, leaves the run on its target whichever way it goes (holdoutX's
// x_neg_autoresearch321: "Downgrade PyTorch 2.9.1 -> 2.5.1+cu121", labelled 2.5); a
// release named again with a failure after the move is the run's whatever the move's
// direction; a paren or colon may stand between torch and the move. The cases marked new
// failed before.
func TestMoveSides(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, text, want string }{
		// a change's item: the target (new)
		{"pr-downgrade-arrow", "- Downgrade PyTorch 2.9.1 -> 2.5.1+cu121 (last version supporting sm_61)", "2.5"},
		{"pr-downgrade-from-to", "* Downgrade torch from 2.6.0 to 2.5.1", "2.5"},
		{"pr-downgrade-unicode", "- Downgrade torch 2.6.0 → 2.5.1", "2.5"},
		{"pr-revert", "- Revert torch 2.6 => 2.5", "2.5"},
		{"commit-chore-downgrade", "chore(deps): downgrade torch from 2.6.0 to 2.5.1", "2.5"},
		{"heading-downgrade", "## Downgrade torch 2.6.0 -> 2.5.1", "2.5"},
		// a change's item the same way before (an upgrade's target)
		{"pr-upgrade-arrow", "- Upgrade torch 2.4.1 -> 2.5.1", "2.5"},
		{"commit-upgrade-to", "chore: upgrade torch 2.4.1 to 2.5.1", "2.5"},
		// a fix or advice: the release moved from, as before
		{"pr-downgrade-to-fix", "- Downgrade torch 2.6 -> 2.5 to fix the compile crash", "2.6"},
		{"workaround-downgrade", "Workaround: downgrade torch 2.6 -> 2.5", "2.6"},
		{"please-downgrade", "Please downgrade torch 2.6.0 -> 2.5.1", "2.6"},
		{"fix-commit-downgrade", "fix: downgrade torch from 2.6.0 to 2.5.1", "2.6"},
		{"numbered-step-downgrade", "1. Downgrade torch 2.6 -> 2.5", "2.6"},
		{"we-downgraded", "We downgraded torch from 2.6 to 2.5", "2.6"},
		{"downgraded-same-error", "Switched from torch 2.6 to 2.4, same error", "2.4"},
		// a side named again with a failure (new where the direction said the other side)
		{"pin-breaks-from", "- Pin torch 2.6.0 → 2.5.1 (2.6 breaks the compile)", "2.6"},
		{"fix-commit-crashes-from", "fix: downgrade torch from 2.6.0 to 2.5.1 (2.6 crashes with reduce-overhead)", "2.6"},
		{"upgrade-because-from", "We upgraded from torch 2.4 to 2.5 because 2.4 crashes in Inductor", "2.4"},
		{"upgrade-target-crashes", "We upgraded from torch 2.4 to 2.5 and 2.5 crashes in Inductor", "2.5"},
		{"numpy-named-fails", "We upgraded from torch 2.4 to 2.5 and numpy 2.0 fails", "2.5"},
		// a paren or colon between torch and the move (new)
		{"paren-arrow", "- Update torch (2.4.1 => 2.5.1)", "2.5"},
		{"paren-downgrade-item", "- Downgrade torch (2.5.1 -> 2.4.1)", "2.4"},
		{"colon-arrow", "torch: 2.4.1 → 2.5.1", "2.5"},
		// no torch move
		{"dtype-switch", "- Switch bfloat16 -> float16", ""},
		{"nix-attr-bump", "python3Packages.torch_2_9: 2.9.0-rc2 -> 2.9.0-rc5", ""},
		{"numpy-downgrade-item", "- Downgrade numpy 2.1.0 -> 1.26.4", ""},
	}
	for _, tt := range tests {
		d, err := Read(strings.NewReader(tt.text + "\n\n    assert torch._C._is_key_in_tls(attr_name)\n"))
		require.NoError(t, err, tt.name)
		if d.Torch != tt.want {
			t.Errorf("%s: release of %q = %q (%s), want %q", tt.name, tt.text, d.Torch, d.TorchFrom, tt.want)
		}
	}
}
