package diagnose

import (
	"strings"
	"testing"
)

// otherRowNames name otherRows, in its order, for TestOtherRows' cases.
var otherRowNames = []string{
	"moved from", "state", "time of", "time around", "target", "down CJK", "removed",
	"docs", "topic", "status cell",
	"status", "status past an aside", "range", "stable named", "absent before", "update", "dependency bump", "bump noun", "lock regenerated", "release title", "project", "absent after", "feature", "change noted", "tracks",
	"api history before", "api history after", "release features",
	"check before", "check after",
	"topic before", "topic after", "keyword line", "latest is", "heading move", "heading move JA",
	"compared lead", "compared CJK", "compared after CJK",
	"minimum before", "minimum after",
	"to come after", "to come before", "install fails before", "install fails after", "compat to check",
	"example",
	"skip list", "skip list header", "skip list for", "test reason", "hypothetical",
	"no error", "previous", "advice",
	"then", "before", "before intl",
	"after", "after CJK", "after intl", "removed after",
	"plan move", "plan remove", "plan coming", "coming lead and tail", "plan goes intl", "plan lead, can go before", "plan lead, can go after",
}

// TestOtherRows: one case or more of each of otherRows (the patterns on the words around
// a release named in prose that make it not the run's), from the wordings their
// expressions' comments cite, and near misses of each stage that no row holds (a failure
// said, a negation, a run's own move). Each text holds the release between « and »: the
// first of otherRows asked at the case's stage that holds there must be the case's row
// (none for a near miss); next is the line after the text (plannedRelease's).
func TestOtherRows(t *testing.T) {
	t.Parallel()
	tests := []struct {
		row, text, next string
		stage           otherStage // where the row decides (stageNamed unless said)
	}{
		{row: "example", text: "except RuntimeError as e:  # e.g. \"Dynamo is not supported on Python 3.13+\" on torch «2.5»"},
		{row: "example", text: "Older releases such as torch «2.4» raise this."},
		{row: "moved from", text: "after upgrading from torch «2.4.1» it failed"},
		{row: "state", text: "as of PyTorch «2.9» these features are not yet exposed"},
		{row: "time of", text: "Triton is bundled with latest (CUDA-12.3 at time of PyTorch-«2.2» release) ptxas"},
		{row: "time around", text: "This regressed around the PyTorch «2.4» release."},
		{text: "It fails around torch «2.4» with this error", stage: stageNamed},
		{row: "target", text: "this wheel was built against torch «2.5.1»"},
		{row: "down CJK", text: "降级 torch 到 «2.4.1» 解决"},
		{row: "removed", text: "I uninstalled torch «2.5.1» first"},
		{row: "docs", text: "torch._logging — PyTorch «2.1» documentation"},
		{row: "topic", text: "PyTorch «2.1» features"},
		{row: "status cell", text: "| PyTorch «2.2.0» | active | — | — |"},
		{row: "status", text: "torch «2.4.1»: OK"},
		{row: "status", text: "Tested on the latest release (torch «2.9.1»): no error."},
		{row: "status past an aside", text: "torch «2.4.1» (cu121): OK"},
		{row: "range", text: "Releases PyTorch «2.1» to 2.5"},
		{row: "stable named", text: "- Current stable: PyTorch «2.9.0» (October 2025)"},
		{row: "absent before", text: "This doesn't happen in torch «2.3.1»."},
		{row: "update", text: "chore: bump torch to «2.5.1»"},
		{row: "dependency bump", text: "Bumps [torch](https://github.com/pytorch/pytorch) from 2.6.0 to «2.7.1»."},
		{row: "dependency bump", text: "Updates `torch` from 2.6.0 to «2.7.1»"},
		{row: "bump noun", text: "Same bump as #85 (torch>=«2.13.0»,<2.14, lock regenerated) on top of the current staging"},
		{row: "bump noun", text: "Torch Version Upgrade («2.6.0»)"},
		{row: "lock regenerated", text: "Regenerated poetry.lock with torch «2.6.0»."},
		{row: "lock regenerated", text: "uv lock --upgrade-package torch==«2.6.0»"},
		{row: "", text: "Regenerated uv.lock with torch «2.6.0» and now the compile fails."},
		{row: "release title", text: "PyTorch «2.9.1» Release, bug fix release"},
		{row: "project", text: "We support torch «2.4» and 2.5"},
		{row: "absent after", text: "With torch «2.3.1» there's no issue"},
		{row: "feature", text: "In PyTorch «2.2», we added support for Python 3.12"},
		{row: "api history before", text: "This flag was deprecated in PyTorch «2.1»"},
		{row: "api history after", text: "PyTorch «2.6» will default weights_only to True"},
		{row: "release features", text: "PyTorch «2.0» 中首次引入"},
		{row: "check before", text: "✅ torch «2.6»  ❌ torch 2.7"},
		{row: "check after", text: "- torch «2.6»: ✅"},
		{row: "topic before", text: "Tips for upgrading to PyTorch «2.0»"},
		{row: "topic after", text: "PyTorch «2.0»: a guide"},
		{row: "keyword line", text: "**Keywords**: PyTorch 2.8, PyTorch «2.9»"},
		{row: "latest is", text: "As of June 21, 2025, the latest version is torch «2.7.1»"},
		{row: "heading move", text: "# Upgrading to PyTorch «2.0»"},
		{row: "heading move JA", text: "PyTorch «2.0» へのアップグレード"},
		{row: "compared lead", text: "it is faster than torch «2.4»"},
		{row: "compared CJK", text: "比 PyTorch «2.5.1» 的 130-180ms 还高"},
		{row: "compared after CJK", text: "PyTorch «2.0» と比べて速い"},
		{row: "minimum before", text: "minimum torch version: «2.1»"},
		{row: "minimum after", text: "torch «2.1» (minimum)"},
		{row: "to come after", text: "torch «2.13» will be released soon"},
		{row: "to come before", text: "the fix will land in torch «2.13»"},
		{row: "install fails before", text: "I can't install torch «2.5.1»"},
		{row: "install fails after", text: "torch «2.5.1» fails to install"},
		{row: "compat to check", text: "may require checking compatibility of the other pins (transformers 5.x, etc.) with torch «2.9»"},
		{row: "skip list", text: "# OR torch.compile tests broken on torch «2.5» + rocm"},
		{row: "skip list header", text: "# PyTorch «2.9» specific skip tests"},
		{row: "skip list for", text: "# Skip tests for PyTorch «2.9»"},
		{row: "change noted", text: "# PyTorch «2.6» flipped torch.load's default"},
		{row: "tracks", text: "| 0.9.0 | Tracks PyTorch «2.9» |"},
		{text: "PyTorch «2.6» flipped the default, so loading my checkpoint fails", stage: stageNamed},
		{row: "test reason", text: "    reason=\"torch.compile is not supported on Python 3.14+ (torch «2.9» raises)\","},
		{row: "test reason", text: "        self.skipTest(\"torch «2.7» segfaults here\")"},
		{row: "hypothetical", text: "# Windows note: Torch «2.8» + Unsloth may trigger torch.compile / inductor which"},
		{row: "hypothetical", text: "# PyTorch «2.6» can require a C++ compiler on Windows"},
		{row: "", text: "With Torch «2.8» + Unsloth the compile triggers this error"},
		{row: "no error", text: "I am not getting that error with the pytorch «2.7» from builds"},
		{row: "previous", text: "previously on torch «2.4»"},
		{row: "advice", text: "please upgrade to torch «2.6»"},
		{row: "then", stage: stageLate, text: "I tried torch «2.5.0», and it seems to work."},
		{row: "before", stage: stageLate, text: "works on torch «2.4»"},
		{row: "before intl", stage: stageLate, text: "Funktionierte mit torch «2.4»"},
		{row: "after", stage: stageAfter, text: "torch «2.4» works"},
		{row: "after CJK", stage: stageAfter, text: "pytorch «2.0» 也没问题"},
		{row: "after intl", stage: stageAfter, text: "PyTorch «2.4» funktioniert"},
		{row: "removed after", stage: stageAfter, text: "torch «2.5.1» was removed"},
		{row: "plan move", stage: stagePlan, text: "we plan to upgrade to torch «2.13»"},
		{row: "plan remove", stage: stagePlan, text: "# TODO: Remove after torch «2.11» where cu13 is enabled by default"},
		{row: "plan coming", stage: stagePlan, text: "On torch «2.13» stable (when released): upgrade, then remove it"},
		{row: "coming lead and tail", stage: stagePlan, text: "once torch «2.13» is released"},
		{row: "plan goes intl", stage: stagePlan, text: "升级到 torch «2.13» 之后可以删除这个 workaround"},
		{row: "plan lead, can go before", stage: stagePlan, text: "this hack should no longer be needed after the upgrade to torch «2.13»"},
		{row: "plan lead, can go after", stage: stagePlan, text: "After upgrading to torch «2.13», the workaround can be removed."},
		{row: "plan lead, can go after", stage: stagePlan, text: "After upgrading to torch «2.13», the workaround", next: "can be removed."},
		// near misses
		{text: "With torch «2.3.1» it doesn't compile", stage: stageNamed},
		{text: "I bumped torch to «2.4.0» and it crashes", stage: stageNamed},
		{text: "Ne marche pas avec torch «2.4»", stage: stageLate},
		{text: "torch «2.5.1» does not work with reduce-overhead", stage: stageAfter},
		{text: "After upgrading to torch «2.13», we got the crash below.", stage: stagePlan},
		{text: "After upgrading to torch «2.13», it will crash", next: "on the first step.", stage: stagePlan},
	}
	if len(otherRowNames) != len(otherRows) {
		t.Fatalf("%d row names for %d otherRows", len(otherRowNames), len(otherRows))
	}
	index := map[string]int{}
	for k, name := range otherRowNames {
		index[name] = k
	}
	covered := map[string]bool{}
	for _, tt := range tests {
		want := -1
		if tt.row != "" {
			k, ok := index[tt.row]
			if !ok {
				t.Fatalf("no row %q", tt.row)
			}
			want = k
			covered[tt.row] = true
		}
		from := strings.Index(tt.text, "«")
		text := strings.Replace(tt.text, "«", "", 1)
		to := strings.Index(text, "»")
		text = strings.Replace(text, "»", "", 1)
		s := newReleaseSite([]byte(text), from, to)
		s.next = []byte(tt.next)
		if got := s.otherRow(tt.stage); got != want {
			name := "none"
			if got >= 0 {
				name = otherRowNames[got]
			}
			t.Errorf("%q: row %q, want %q", tt.text, name, tt.row)
		}
	}
	for _, name := range otherRowNames {
		if !covered[name] {
			t.Errorf("row %q has no case", name)
		}
	}
}
