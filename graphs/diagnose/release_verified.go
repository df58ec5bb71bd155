package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// "Tested", "verified" and "validated" before a release make it another run's where they
// say a release was tried ("tested with both torch 2.1.2 and torch 2.2.0", "MPS was
// tested with PyTorch 2.3.0, and should support …", otherRunBefore). As an attribute of
// the release, after an article or a possessive, they name the environment the writer
// pins and runs: "Install the official threestudio requirements under the verified
// PyTorch `2.0.1+cu118` compatibility constraints." (holdoutHB's
// hb_threestudio_install_log_lcuda_torch201, an install log whose build then failed),
// "Install the verified PyTorch 2.8 family for LabGym on Windows", "Normal PyPI delivered
// the verified PyTorch 2.9.1 CUDA 12.8 Blackwell wheel", "On the tested PyTorch 2.13
// runtime, `pinned_max_round_threshold_mb:1` … makes these allocations exact-size"
// (find_string "the verified PyTorch", "the tested PyTorch" in the code corpus: setup
// guides, changelogs and run notes, each of its own environment). The corpus's texts that
// name a release after "verified", "tested" or "validated" agree: the run's after "Tested
// on", "Verified on", "GPU-validated (…, torch 2.6.0, …)", another's after "tested with"
// a list or in a sentence about support. attributiveTested is the attribute, right
// before the release; dropAttributive takes its adjective out of the words otherRun reads.
var attributiveTested = &lazyregexp.Regexp{Expr: `(?i)\b(?:the|our|my|this|its|their|an?)\s+(?:(?:same|exact|known|officially|fully|already)\s+)?` +
	`(verified|tested|validated|pinned|vetted|certified|qualified)\s+[\x60'"*_]{0,2}(?:py)?torch\s*(?:==?\s*)?[\x60'"*_]{0,2}\s*v?$`}

// dropAttributive returns before (the words before a release) without the adjective of
// attributiveTested where it ends with one, else before itself.
func dropAttributive(before []byte) []byte {
	if !bytes.Contains(before, []byte("ed ")) && !bytes.Contains(before, []byte("ed\t")) {
		return before // every adjective ends in "ed" before a space
	}
	m := findSubmatchIndexGated(attributiveTested, before)
	if m == nil {
		return before
	}
	return append(append(before[:m[2]:m[2]], ' '), before[m[3]:]...)
}
