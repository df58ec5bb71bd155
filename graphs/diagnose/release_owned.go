package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// Issue 21's v39a release classes: a bare release with torch's local wheel tag (R1), a
// torch.__version__ print's output under interleaved stderr (R2) and another package's
// dev build read as a torch nightly (R6).

// localTagged is a bare 2.x.y release with torch's own local build tag, torch unnamed:
// torch's wheels carry +cuNNN, +rocmX.Y, +cpu or +xpu (download.pytorch.org/whl/); of the
// packages that share the tag, torchaudio and torch-tensorrt share torch's number,
// torchvision and torchao are 0.x, and flash-attn's "+cu12torch2.5…" is no such tag. The
// first group is the release.
const localTagged = `(?:^|[^\w.+-])v?(2\.\d{1,2}\.\d+\+(?:cu\d{3}|rocm\d+(?:\.\d+)*|cpu|xpu))(?:[^\w.]|\.(?:\s|$)|$)`

// reLocalTagged is localTagged, for pickLocalTag's look at the line's other releases.
var reLocalTagged = &lazyregexp.Regexp{Expr: localTagged}

// localTagAnchors are the prefilter's anchors of the bare-local-tag row: each tag after
// its release's last digit or its first digits ("2.1.2+cu121", "2.5.0+cpu" at a line's end).
func localTagAnchors() []string { return localTagAnchorsList }

// localTagAnchorsList is a package-level slice (deferredAnchorsList says why).
var localTagAnchorsList = []string{"+cu11", "+cu12", "+cu13", "+rocm",
	"0+cpu", "1+cpu", "2+cpu", "3+cpu", "4+cpu", "5+cpu", "6+cpu", "7+cpu", "8+cpu", "9+cpu",
	"0+xpu", "1+xpu", "2+xpu", "3+xpu", "4+xpu", "5+xpu", "6+xpu", "7+xpu", "8+xpu", "9+xpu"}

// localTagRow reads a bare release with torch's local tag as the run's at the rank of
// looser prose, alone or in a contrast: "# Mistral works on (2.0.1+cu117) but \"CUDA out
// of memory\" on (2.1.2+cu121)" (pytorch/pytorch#116928's title, issue 21's v39a R1,
// read as none before: the deferred row of the same shape waits for a finding), "fine on
// 2.4.1+cu121, crashes on 2.5.0+cu124", "regressed from 2.3.1+cu118 to 2.4.0+cu121".
// The tag is torch's evidence; CUDA's and a driver's numbers (12.1, 535.104) carry none.
func localTagRow() releaseRow {
	return releaseRow{name: "bare-local-tag", what: "prose", literal: "+", anchors: localTagAnchors(), rank: rankLoose, pick: pickLocalTag,
		shape: localTagged}
}

// tagMovedFrom is the text before the release a move starts from ("regressed from", "from
// (2.3.1+cu118"): the run's is the one it moved to.
var tagMovedFrom = &lazyregexp.Regexp{Expr: `(?i)\bfrom\s*[(\x60'"]?\s*v?$`}

// localTagOther reports whether the tagged release at [lo, hi) of text is not the run's:
// another run's by its clause (otherRun: "works on 2.0.1+cu117"), another package's
// (torchaudio 2.1.2+cu121, foreignRelease) or the one a move left. The tag names torch as
// its name would, so where the line names no torch before it otherRun reads the clause
// with torch's name before the release: a package the clause names before it ("but
// \"CUDA out of memory\" on (2.1.2+cu121)") is not the release's.
func localTagOther(o *otherRuns, text []byte, lo, hi int) bool {
	if foreignRelease(text[:lo]) || matchGated(tagMovedFrom, text[:lo]) {
		return true
	}
	if namesTorch(text[:lo]) {
		return o.otherRun(text, lo, hi)
	}
	named := make([]byte, 0, len(text)+len(tagTorchName))
	named = append(append(append(named, text[:lo]...), tagTorchName...), text[lo:]...)
	return o.otherRun(named, lo+len(tagTorchName), hi+len(tagTorchName))
}

// tagTorchName is the name localTagOther puts before a tagged release.
const tagTorchName = "torch "

// pickLocalTag takes a bare release with torch's local tag unless it is another run's or
// package's (localTagOther); where the line names another such release of another minor
// that is not either, the line does not say which one failed, and neither is taken.
func pickLocalTag(o *otherRuns, text []byte, m []int) (int, int, verdict) {
	lo, hi := m[2], m[3]
	if localTagOther(o, text, lo, hi) {
		return 0, 0, skip
	}
	own, _ := statedMinor(string(text[lo:hi]))
	for _, r := range findAllSubmatchIndexGated(reLocalTagged, text, 8) {
		if r[2] == lo {
			continue
		}
		if v, err := statedMinor(string(text[r[2]:r[3]])); err == nil && v != own && !localTagOther(o, text, r[2], r[3]) {
			return 0, 0, skip
		}
	}
	return lo, hi, take
}

// nightlyOwner is the word right before a nightly's number, joined to it by spaces,
// marks, a pin's operator or a path's slash ("Warp 1.9.0.dev20250730 initialized:",
// "jaxlib 0.4.36.dev20241201", "warp-lang==1.9.0.dev…", Warp's kernel cache
// "/home/user/.cache/warp/1.9.0.dev20250730"); nightlyTorchWord the words before a
// nightly of torch's that are not a package's name: torch's, its channel's and build's,
// and prose's function words and verbs ("on nightly 2.6.0.dev…", "But 2.0.0.dev…",
// "between 2.0.0.dev… and …", "torch-2.6.0.dev…").
var (
	nightlyOwner     = &lazyregexp.Regexp{Expr: `(?:^|[^\w.-])([A-Za-z][\w.-]*?)[\s\x60'"*]*(?:==|=|@|:|-|/)?[\s\x60'"*]*v?$`}
	nightlyTorchWord = &lazyregexp.Regexp{Expr: `(?i)^(?:(?:py|lib)?torch(?:[-_](?:nightly|dev))?|version|versions|ver|nightly|nightlies|build|builds|release|preview|dev|stable|` +
		`is|was|are|were|be|between|as|and|or|but|on|with|in|to|from|of|at|vs|via|by|for|into|than|then|now|still|also|both|the|a|an|` +
		`like|e\.g|i\.e|using|use|used|run|runs|running|ran|got|get|have|has|had|installed|install|tested|test|try|tried|` +
		`latest|current|since|after|before|until|upgraded|updated|downgraded|switched|moved|pinned|pin|this|that|it|see|newer|older)$`}
)

// nightlyOwned reports whether the nightly after before is another package's by the name
// right before it (issue 21's v39a R6: newton-physics/newton#174's "Warp
// 1.9.0.dev20250730 initialized:" was read as a torch 1.9 nightly and its header said the
// log states torch 1.9; "Newton 2.1.0.dev20250601", "Isaac Lab 1.4.0.dev20250101"): a
// nightly is torch's after torch's name or a word of prose, not after another name.
func nightlyOwned(before []byte) bool {
	if len(before) > 48 {
		before = before[len(before)-48:]
	}
	m := findSubmatchIndexGated(nightlyOwner, before)
	return m != nil && !matchGated(nightlyTorchWord, before[m[2]:m[3]])
}

// c10Warning is the header c10's logging puts before a warning on stderr, the month not
// zero-padded: "[W109 16:42:15.529640748 OperatorEntry.cpp:155] Warning: Warning only
// once for all operators, …" (intel/intel-extension-for-pytorch#763, under python -c
// "import torch; …; print(torch.__version__)"); progressBar a tqdm bar's line
// (" 45%|████▌     | 9/20 [00:01<00:02,  4.50it/s]").
var (
	c10Warning  = &lazyregexp.Regexp{Expr: `^\s*\[[IWEF]\d{3,4} \d\d:\d\d:\d\d\.\d+ [^\]\s]+:\d+\]`}
	progressBar = &lazyregexp.Regexp{Expr: `\d{1,3}%\|[^|]*\|\s*\d+/\d+`}
)

// maxStderrBetween is how many lines of stderr may stand between a torch.__version__
// print and its output.
const maxStderrBetween = 40

// stderrBetween reports whether text, a line after a torch.__version__ print whose output
// the finder waits for, is stderr the process wrote before the output (issue 21's v39a
// R2): a c10 warning's header (c10WarningLine), Python's warning line
// (warningLine: "/…/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: …"), a
// progress bar, and after one of those, an indented line (the warning's continuation or
// the source line Python shows under it) that is no release.
func (f *versionFinder) stderrBetween(text []byte) bool {
	if f.stderrLines >= maxStderrBetween {
		return false
	}
	head := c10WarningLine(text) || warningLine.Match(text) || matchGated(progressBar, text)
	if head || f.stderrLines > 0 && stderrContinued(f.raw, text) {
		f.stderrLines++
		return true
	}
	return false
}

// c10WarningLine reports whether text is a line of c10's log with a message that is no
// release (a log whose every line carries the header has the output under one).
func c10WarningLine(text []byte) bool {
	loc := findIndexGated(c10Warning, text)
	if loc == nil {
		return false
	}
	rest := bytes.TrimLeft(text[loc[1]:], " ")
	return len(rest) > 0 && !isDigit(rest[0])
}

// stderrContinued reports whether a line continues a stderr message: indented as
// written (raw), its clean text no release.
func stderrContinued(raw, text []byte) bool {
	if len(raw) == 0 || raw[0] != ' ' && raw[0] != '\t' {
		return false
	}
	t := bytes.TrimLeft(text, " \t")
	return len(t) > 0 && !isDigit(t[0])
}

// stableQualifier is the word that marks a key's release as the stable build's, listed
// beside a nightly ("- PyTorch stable: `2.10.0`" over "- PyTorch nightly:
// `2.12.0.dev20260318`", issue 21's v39a R3 siblings): the release is the key's, as a
// release and a nightly named together on one line give the release (stableBeside).
const stableQualifier = `(?:\s+\(?stable\)?|\s*\(stable\))?`
