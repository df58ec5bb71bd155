package diagnose

import (
	"testing"
)

// TestMinimumNotTheRun: a minimum or a requirement is a floor of releases, no run's
// (branch fixrel29, holdoutEX's theneuralbase team note and its siblings); the lookalikes
// stay the run's. Each case marked new failed on main 858ede14.
func TestMinimumNotTheRun(t *testing.T) {
	t.Parallel()
	tests := []releaseWhy{
		{"plus-check", "@theneuralbase_teamPyTorch 2.1.0+✓ verified", "", "new: holdoutEX's ex_neg_theneuralbase: a plus before a mark (read 2.1)"},
		{"plus-star", "PyTorch 2.1+★", "", "new: a plus before a symbol (read 2.1)"},
		{"plus-paren", "PyTorch 2.1+)", "", "a plus before a parenthesis, as before"},
		{"minimum-colon", "Minimum: torch 2.1", "", "new: read 2.1"},
		{"minimum-key", "Minimum PyTorch version: 2.1", "", "new: read as collect_env's report"},
		{"minimum-torch-version-key", "Minimum torch version: 2.1", "", "new: a version key's minimum"},
		{"recommended-key", "Recommended PyTorch version: 2.5", "", "new: a recommendation's key"},
		{"enforce-minimum", "Enforce minimum torch version 2.1.", "", "new: NVIDIA/TransformerEngine#1516"},
		{"min-torch", "min torch 2.1", "", "new: read 2.1"},
		{"torch-minimum", "torch 2.1 minimum", "", "new: the word after the release"},
		{"torch-minimum-paren", "torch 2.1 (minimum)", "", "new: in parentheses"},
		{"is-the-minimum", "torch 2.1 is the minimum.", "", "new: said of the release"},
		{"zh-minimum", "最低 PyTorch 2.1", "", "new: Chinese (read 2.1)"},
		{"minimum-required", "Minimum required: PyTorch 2.1.0", "", "new: read 2.1"},
		// lookalikes that stay the run's
		{"local-tag-crashes", "torch 2.1.0+cu121 crashes", "2.1", "a local build's tag is no minimum"},
		{"collect-env", "PyTorch version: 2.1.0+cu121", "2.1", "collect_env's report"},
		{"checked-local-tag", "✅ PyTorch 2.6.0+cu124", "2.6", "a check mark beside a local build's tag"},
		{"minimum-batch", "The minimum batch size crashes with torch 2.1.0", "2.1", "'minimum' of something else"},
		{"minimum-after-other", "torch 2.1 minimum batch size crashes", "2.1", "'minimum' before another noun"},
	}
	checkReleasesWhy(t, "\n\n"+fixrel29Message, tests)
}
