package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A source checkout states the release it builds by the branch or tag it checks out:
// "git clone https://github.com/pytorch/pytorch" / "cd pytorch" / "git checkout
// release/2.4" (holdoutR's elsampsa/torch-compile-help build guide), "git clone
// --branch v2.4.0 --recursive https://github.com/pytorch/pytorch", "git checkout
// v2.5.1", "git switch release/2.6". PyTorch's release branches are release/X.Y and its
// release tags vX.Y.Z (RELEASE.md, "Release branch cut"; torch's version.txt on
// release/2.4 says 2.4.0a0, and a build from the branch prints 2.4.0a0+git…, a release
// the rows read as 2.4). A branch or tag is read as torch's only in a checkout of
// torch's repository: on the clone's own line, after a clone of pytorch/pytorch and
// before a clone of any other repository (vision's v0.19.0, triton's release/3.1.x are
// theirs), or on a line that enters a directory named pytorch ("cd pytorch && git
// checkout v2.4.0"). Each phrasing is a row of sourceRows.
type sourceRow struct {
	// name names the row; anchors are the prefilter's anchors (every line the shape
	// matches holds one).
	name    string
	anchors []string
	// shape is the phrasing; its first group, when it has one, is the release.
	shape *lazyregexp.Regexp
	// effect is what a line the shape matches does to the finder's state.
	effect sourceEffect
}

// sourceEffect is what a sourceRow's match does.
type sourceEffect int

const (
	// enterTorch: the line clones torch's repository or enters its directory; a
	// release on it (the clone's branch) is the build's.
	enterTorch sourceEffect = iota + 1
	// leaveTorch: the line clones another repository; later checkouts are its.
	leaveTorch
	// checkout: the line checks out a branch or tag, the build's release where the
	// checkout is in torch's repository.
	checkout
	// archive: the line names an archive of torch's sources at a release tag, the
	// build's release wherever it stands.
	archive
)

// sourceRelease is a release branch or tag: release/2.4, v2.4.0 (origin/, tags/ or
// refs/tags/ before it).
const sourceRelease = `(?:origin/|tags/|refs/tags/)?(?:release/|v)(2\.\d{1,2}(?:\.\d+)?)(?:[\s'"\x60;&|)]|$)`

var sourceRows = []sourceRow{
	// a clone of torch's repository, with the branch it checks out when it names one:
	// "git clone --recursive --branch v2.4.0 https://github.com/pytorch/pytorch".
	{name: "clone-torch", anchors: []string{"git clone"}, effect: enterTorch,
		shape: &lazyregexp.Regexp{Expr: `\bgit\s+clone\b.*?github\.com[/:]pytorch/pytorch(?:\.git)?(?:[\s'"\x60;&|)]|$)`}},
	{name: "cd-torch", anchors: []string{"cd pytorch"}, effect: enterTorch,
		shape: &lazyregexp.Regexp{Expr: `(?:^|[\s;&$>])cd\s+(?:\S*/)?pytorch/?(?:[\s;&|]|$)`}},
	{name: "clone-other", anchors: []string{"git clone"}, effect: leaveTorch,
		shape: &lazyregexp.Regexp{Expr: `\bgit\s+clone\b`}},
	// an archive of a release's sources from torch's repository: GitHub's
	// releases/download/v2.0.1/pytorch-v2.0.1.tar.gz (the release's own asset, with its
	// submodules) and archive/refs/tags/v2.0.1.tar.gz (PiMachineLearning/pitorch's
	// Dockerfile fetches one, then the other).
	{name: "archive", anchors: []string{"pytorch/pytorch/releases/download/v2", "pytorch/pytorch/archive/"}, effect: archive,
		shape: &lazyregexp.Regexp{Expr: `github\.com/pytorch/pytorch/(?:releases/download/|archive/(?:refs/tags/)?)v(2\.\d{1,2}(?:\.\d+)?)(?:/|\.tar\.gz|\.zip)`}},
	{name: "checkout", anchors: []string{"git checkout", "git switch"}, effect: checkout,
		shape: &lazyregexp.Regexp{Expr: `\bgit\s+(?:checkout|switch)\s+(?:(?:-[bcB]|--detach|-f|--force)\s+(?:[\w./-]+\s+)?)?` + sourceRelease}},
}

// cloneBranch is a clone's branch option: "-b release/2.4", "--branch v2.4.0",
// "--branch=v2.4.0".
var cloneBranch = &lazyregexp.Regexp{Expr: `(?:\s-b|\s--branch)[\s=]+` + sourceRelease}

// sourceAnchors are the prefilter's anchors of sourceRows, and of a failure seen on a
// torch nightly the text does not number (reOnNightly, release_feature.go).
func sourceAnchors() []string {
	out := []string{"on nightly", "n the nightly", "with nightly", "h the nightly", "on \"nightly", "latest nightly", "current nightly",
		"today's nightly", "on nightlies", "with nightlies", "ng nightly", "st nightly"}
	for _, r := range sourceRows {
		out = append(out, r.anchors...)
	}
	return append(out, deferredAnchors()...)
}

// sourceLine reads text for a checkout of torch's source: it notes where a clone of
// torch's repository or of another one leaves the checkouts after it, and offers the
// release a checkout in torch's repository, or an archive of torch's sources, names,
// at the rank of a path.
func (f *versionFinder) sourceLine(text []byte, line int) {
	if !bytes.Contains(text, []byte("git")) && !bytes.Contains(text, []byte("cd ")) && !bytes.Contains(text, []byte("pytorch/pytorch/")) {
		return
	}
	for _, r := range sourceRows {
		if m := r.shape.FindSubmatch(text); m != nil {
			f.sourceEffect(r, m, text, line)
			if r.effect != checkout {
				return
			}
		}
	}
}

// sourceEffect applies the match m of row r on text. A clone or cd ends the line's
// reading, but a checkout after it on the same line ("cd pytorch && git checkout
// v2.4.0") is read too.
func (f *versionFinder) sourceEffect(r sourceRow, m [][]byte, text []byte, line int) {
	var release []byte // the row's group, where it has one
	if len(m) > 1 {
		release = m[1]
	}
	switch r.effect {
	case enterTorch:
		f.torchSource = true
		if b := findSubmatchGated(cloneBranch, text); b != nil {
			release = b[1]
		} else if c := sourceRows[len(sourceRows)-1].shape.FindSubmatch(text); c != nil {
			release = c[1]
		}
	case leaveTorch:
		f.torchSource = false
	case checkout:
		if !f.torchSource {
			return
		}
	}
	if f.torchSource || r.effect == archive {
		if len(release) > 0 {
			f.offer(release, rankPath, line, text, "source checkout", -1)
		}
	}
}

// branchPickers end the text before a release branch that a command or an option
// selects ("--branch release/2.4", "--target-branch", "--base", "git push origin
// release/2.2", "git checkout", "merge into", "a branch release/2.0 should be used for
// Pega '24.1"): a repository's own branch, torch's only where the line names torch or a
// checkout of torch's repository says so (sourceRows).
var branchPickers = []string{"branch", "base", "checkout", "switch", "push", "origin", "merge", "rebase", "pull", "fetch", "into", "onto", "-b"}

// branchTarget is the text before a release branch that a change goes to or comes
// from, not a run's: a title's tag at its start ("# [release/2.10] Fix graph capture error
// handling for ROCm 7.14+", ROCm/pytorch#3326, issue 21's v36b R2; a digest's "### PR
// #12547: [release/2.1] Redact …", code corpus id 67110427305; "[release/2.1]
// cudagraph explicit sync only after capture_begin()", ROCm/pytorch#1509: the cherry-pick
// convention of PyTorch's and ROCm's release branches), a cherry-pick's or backport's
// target or source ("Cherry-pick to release/2.9", "Backport to release/2.8", "(cherry
// picked from release/2.2 commit …)"), a change's or fix's ("Nothing to fix in
// release/2.10", ROCm/pytorch#3326's body). A run on the branch is said elsewhere in such a
// text ("The validation job on `release/2.13` fails", pytorch/test-infra#8230's body).
var branchTarget = &lazyregexp.Regexp{Expr: `(?i)(?:^\s*(?:#{1,6}\s*)?(?:(?:PR|pull\s+request)\s*#?\d+\s*[:：-]?\s*)?[*_\x60]{0,2}\[|` +
	`\b(?:cherry[\s-]?pick\w*|picked|backport\w*|port(?:ed|ing|s)?|land(?:ed|ing|s)?|merged?|fix(?:ed|es|ing)?|chang\w*|appl\w*|includ\w*|go(?:es)?|went)\s+(?:\S+\s+){0,3}?(?:to|into|onto|for|from|on|in)\s+(?:the\s+)?[\x60'"*]{0,2})$`}

// pickReleaseBranch takes release-branch's release unless a change goes to it
// (branchTarget) or a command or an option picks the branch (branchPickers) on a line
// that does not name torch: any project's release
// branch is named so (prec15 finding 3: code corpus ids 61990418829 "cf scan --repo
// acme/api --branch release/2.4", 55971324894, 54156015487, 3577326517, 70974269317,
// 24206865517 read 2.4, 2.0 and 2.2).
func pickReleaseBranch(_ *otherRuns, text []byte, m []int) (lo, hi int, v verdict) {
	if matchGated(branchTarget, text[:max(0, m[2]-len("release/"))]) {
		return m[2], m[3], skip
	}
	if namesTorch(text) {
		return m[2], m[3], take
	}
	before := bytes.ToLower(bytes.TrimRight(text[:max(0, m[2]-len("release/"))], " \t`'\"*_"))
	for _, w := range branchPickers {
		if bytes.HasSuffix(before, []byte(w)) {
			return m[2], m[3], skip
		}
	}
	return m[2], m[3], take
}
