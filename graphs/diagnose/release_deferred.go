package diagnose

import (
	"bytes"
	"slices"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// A bare release with its patch ("2.5.1"), said where the run fails or in a phrase that
// names a build, with no torch word on its line: "Still happens on 2.5.1", "I can
// reproduce on 2.5.1", "Regression in 2.5.1", "since 2.5.1 this breaks", "on the latest
// stable release (2.5.1)", "with the 2.5.1 wheel from pytorch.org" (the lead's probe of
// 75 phrasings, 2026-12-03, each above "RuntimeError: CUDA error: capturing stream has
// unjoined work"). The bare rows (release_bare.go) want torch, its compile stack or its
// nightly on the line; these are read only when the whole text shows a torch failure (a
// finding of the catalogue), only where no other release was read, and only with a
// patch, so that a Triton, CUDA, Python or numpy number (3.1.0, 12.4.1, 3.11.2, 2.1.0 of
// numpy named on its line) is not taken: a minor of torch's, no other package named on
// its line. deferredRows are their shapes (the first group is the release).
var deferredRows = []*lazyregexp.Regexp{
	&lazyregexp.Regexp{Expr: `(?i)\b(?:still\s+(?:happens|occurs|fails|crashes|present|there|broken)|(?:can|could)\s+(?:reproduce|repro|confirm)(?:\s+(?:it|this|that))?|` +
		`reproduc(?:es|ed|ible)|regression|regressed|broken|breaks|broke|fails?|failing|crash(?:es|ed)?)\s+(?:again\s+)?(?:on|in|with|since|under)\s+v?(2\.\d{1,2}\.\d+)\b`},
	&lazyregexp.Regexp{Expr: `(?i)\bsince\s+v?(2\.\d{1,2}\.\d+)\b,?\s+(?:this|it|the\s+\w+|compile|compilation)\s+(?:breaks|fails|crashes|errors|is\s+broken)`},
	&lazyregexp.Regexp{Expr: `(?i)\b(?:latest|current|newest)\s+(?:stable\s+)?(?:release|version|build)\s*\(\s*v?(2\.\d{1,2}\.\d+)\s*\)`},
	&lazyregexp.Regexp{Expr: `(?i)\bthe\s+v?(2\.\d{1,2}\.\d+)\s+(?:wheels?|builds?|binar(?:y|ies)|release)\s+(?:from|of|on)\s+(?:pytorch\.org|download\.pytorch\.org|pypi)`},
	// a bare release with torch's own local build tag, torch unnamed: "I have 2.5.1+cu124
	// installed", "ROCm build 2.5.0+rocm6.2 crashes" (branch recallC's probe; localTagged,
	// which the bare-local-tag row reads without a finding where its clause allows).
	&lazyregexp.Regexp{Expr: localTagged},
	// a release candidate, torch unnamed: "when testing 2.6.0 RC wheel in a plain docker"
	// (holdoutY's pytorch/pytorch#150442), "with the 2.6 RC", "the 2.6.0 release
	// candidate", "release candidate 2.6.0"; a minor alone will do, the RC naming a
	// release.
	&lazyregexp.Regexp{Expr: `(?i)(?:^|[^\w.+-])v?(2\.\d{1,2}(?:\.\d+)?)(?:\s?rc\d*\b|\s+release\s+candidate\b)`},
	&lazyregexp.Regexp{Expr: `(?i)\brelease\s+candidate\s+(?:of\s+)?v?(2\.\d{1,2}(?:\.\d+)?)\b`},
	// the release the writer gets the failure on, torch unnamed: "Downgrading to 2.5.1
	// fixed it; on 2.6.0 I get:", "with 2.6.0 we still see:" (fixrel31's open phrasings:
	// read as none).
	&lazyregexp.Regexp{Expr: `(?i)\b(?:on|with|under|using)\s+v?(2\.\d{1,2}\.\d+)\s*,?\s+(?:i|we)\s+(?:still\s+|now\s+|then\s+)?(?:get|got|see|saw|hit)\b`},
	// the later end of a regression between two releases, torch unnamed: "Regression from
	// 2.5 to 2.6:", "regressed from 2.5.1 to 2.6.0"; a minor will do, the two naming one
	// package's releases, and only in a text whose failure is torch's (fixrel31's open
	// phrasings: read as none; "torch.compile regression from 2.5 to 2.6" is read by the
	// prose rows).
	// the writer's own release in an aside, torch unnamed: "When compiling the model
	// (here on 2.6.0) I get:" under a title that bounds the releases ("… on < torch
	// 2.8.0", issue 21's v38a 54), "(on 2.6)", "I'm on 2.6.0", "we are using 2.6 here",
	// "using 2.6.0 here"; a minor will do, the aside naming the writer's run.
	&lazyregexp.Regexp{Expr: `(?i)(?:\bhere\s+(?:on|with|using)|\((?:\s*(?:i'?m|i\s+am|we'?re|we\s+are))?\s*(?:on|with|using|running)|` +
		`\b(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:(?:currently|still|now)\s+)?(?:on|using|running))\s+v?(2\.\d{1,2}(?:\.\d+)?)` +
		`(?:\s*(?:[),;:]|\.(?:\s|$)|$)|\s+(?:here|now|too|and|but|with|where|when)\b)`},
	&lazyregexp.Regexp{Expr: `(?i)\b(?:using|on|running)\s+v?(2\.\d{1,2}(?:\.\d+)?)\s+here\b`},
	&lazyregexp.Regexp{Expr: `(?i)\bregress(?:ion|ions|ed)\s+from\s+v?2\.\d{1,2}(?:\.\d+)?\s*(?:to|->|→|=>)\s*v?(2\.\d{1,2}(?:\.\d+)?)\b`},
}

// deferredTested is a line that says the run was tried on a release and nothing else
// ("Tested on PyTorch 2.5.1", the lead's probe, above the error): read as deferredRows
// are, where the text shows a failure and states no other release; otherRun's "tested"
// (a release tried among others, "tested on 2.1, 2.2 and 2.3") does not apply to a line
// that names one release alone.
//
// The same with "verified", "validated" or "confirmed", the release in a code span, and
// the hardware it ran on after a slash, a comma or a parenthesis ("Verified on `torch
// 2.6.0+cu124` / `NVIDIA GeForce RTX 2050 (sm_86, Ampere)`:", holdoutV's Metis doc):
// deferredTail holds that tail to no other release and no word that it worked.
var deferredTested = &lazyregexp.Regexp{Expr: `(?i)^[\s*>#-]*[*_]{0,2}(?:tested|verified|validated|confirmed)\s+(?:on|with|against|using|under)\s+` + "`?" +
	`(?:py)?torch\s+v?(2\.\d{1,2}\.\d+(?:\+[0-9A-Za-z.]+)?)` + "`?" + `[*_]{0,2}(\s*[.:]?\s*$|\s*[/,(].*)$`}

// deferredTail is what a deferredTested line may not hold after its release: another
// release (x.y.z) or a word that the run worked.
var deferredTail = &lazyregexp.Regexp{Expr: `(?i)\b\d+\.\d+\.\d+\b|\b(?:works?|worked|working|fine|ok|okay|pass(?:es|ed)?)\b`}

// deferredAnchors are the prefilter's anchors of deferredRows.
func deferredAnchors() []string { return deferredAnchorsList }

// deferredAnchorsList is a package-level slice, not built on each call: a literal built in a
// function allocates its array, whose type the web page then carries (examples/web's
// Transfer size).
var deferredAnchorsList = []string{"appens on 2.", "ccurs on 2.", "roduce on 2.", "roduced on 2.", "ression in 2.", "ressed in 2.", "since 2.", "Since 2.",
	"release (2.", "version (2.", "the 2.", "The 2.", "ails on 2.", "roken in 2.", "roken on 2.", "reaks in 2.", "rashes on 2.",
	"ested on PyTorch 2.", "ested on torch 2.", "ested with PyTorch 2.", "ested with torch 2.", "ested on Pytorch 2.", "ested with Pytorch 2.",
	"erified on torch 2.", "erified on `torch 2.", "erified on PyTorch 2.", "erified with torch 2.", "erified with PyTorch 2.",
	"alidated on torch 2.", "alidated on PyTorch 2.", "onfirmed on torch 2.", "onfirmed on PyTorch 2.", "ested on `torch 2.",
	"+cu11", "+cu12", "+cu13", "+rocm", "+cpu ", "+cpu)", "+cpu,", "+xpu ", "+xpu)", "+xpu,",
	".0 RC", ".1 RC", ".2 RC", ".3 RC", ".4 RC", ".5 RC", ".6 RC", ".7 RC", ".8 RC", ".9 RC", "e candidate",
	" I get", " I got", " we get", " we got", " I see", " I saw", " we see", " I hit", " I still", " we still", " I now", " we now",
	"egression from 2.", "egressions from 2.", "egressed from 2.", "e on 2.", "m on 2.", "(on 2.", "(with 2.", "using 2.", "running 2."}

// deferredRelease is a candidate of deferredRows that waits for the end of the text.
type deferredRelease struct {
	value []byte
	line  int
	text  []byte
}

// deferLine notes the first release of deferredRows on text, where no other package is
// named on the line and its clause does not make it another run's. A text found to
// hold none is remembered (f.noDeferred, by textKeyOf): a log that repeats such a line
// reads it once.
func (f *versionFinder) deferLine(text []byte, line int) {
	if f.deferred.value != nil || !bytes.Contains(text, []byte("2.")) {
		return
	}
	k := textKeyOf(text)
	if _, seen := f.noDeferred[k]; seen && k.n >= 0 {
		return
	}
	lo, hi, ok := deferredOn(&f.others, text)
	if !ok {
		if k.n >= 0 {
			if f.noDeferred == nil {
				f.noDeferred = make(map[textKey]struct{})
			} else if len(f.noDeferred) >= maxTextMemo {
				clear(f.noDeferred) // its room kept (textMemo.put)
			}
			f.noDeferred[k] = struct{}{}
		}
		return
	}
	f.deferred = deferredRelease{value: slices.Clone(text[lo:hi]), line: line, text: slices.Clone(text)}
}

// deferredOn returns where the release deferLine notes on text lies, false for none.
// A line that names another package (otherPackage, which reads the whole line) holds
// none of deferredRows' releases, whatever the row: it is asked once, at the first row
// that matches, before otherRun reads the clause (perf31b: a log whose every line ends
// "(torch 2.6.0+cu124, cuda 12.4, python 3.11)" ran otherRun on each line, a third of
// its time, only for otherPackage to refuse the line after it).
func deferredOn(o *otherRuns, text []byte) (lo, hi int, ok bool) {
	if m := findSubmatchIndexGated(deferredTested, text); m != nil && !matchGated(deferredTail, text[m[4]:m[5]]) {
		return m[2], m[3], true
	}
	for _, re := range deferredRows {
		m := findSubmatchIndexGated(re, text)
		if m == nil {
			continue
		}
		if matchGated(otherPackage, text) {
			return 0, 0, false
		}
		lo, hi := m[2], m[3]
		if o.otherRun(text, lo, hi) || foreignRelease(text[:lo]) {
			continue
		}
		return lo, hi, true
	}
	return 0, 0, false
}

// bestWith returns the release the log shows, as best does, and where the log states
// none otherwise: where it shows a torch failure (failure), the release deferLine
// noted; else the one release a check mark marks (noteChecked). A failure whose text is
// last seen on line lastFailure, before a move the release found is the target of, was
// on the release moved from (moveBack).
func (f *versionFinder) bestWith(failure bool, lastFailure int) (v modes.Version, ok bool) {
	if failure {
		f.moveBack(lastFailure)
	}
	if v, ok = f.best(); ok || f.blocked > 0 {
		return v, ok
	}
	switch {
	case failure && f.deferred.value != nil:
		f.offer(f.deferred.value, rankLoose, f.deferred.line, f.deferred.text, "prose", -1)
	case f.checked.distinct == 1:
		f.offer(f.checked.value, rankLoose, f.checked.line, f.checked.text, "prose", -1)
	default:
		return v, ok
	}
	return f.found, f.rank > 0
}
