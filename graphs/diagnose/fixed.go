package diagnose

import (
	"fmt"

	"github.com/compilemode/compilemode/modes"
)

// codeFix is a change in PyTorch after which no release prints a code's text because
// the condition itself is gone (a bug fixed, a check dropped, a submodule imported):
// not a message reworded, nor releases merely not read. A text that states a release
// at or past In and shows the code was printed by an older torch than it states.
type codeFix struct {
	_ [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	// Code is the code whose releases end before In.
	Code Code
	// In is the first release with the change: the minor after the newest release any of
	// the code's rows covers (fixedBy derives it from the rows' Releases, which state it
	// once).
	In modes.Version
	// Change says what the change does, as a clause that follows "the fix, which":
	// "gives each Python thread its own cudagraph-tree state (PR #184357)".
	Change string
	// Source says where the change and its release are read.
	Source string
}

// codeFixes is the table of the changes that end a code's releases. Each code whose
// rows end before [modes.Newest] is here or in TestEndedCodes' list of codes that end
// for another reason, with that reason.
func codeFixes() []codeFix {
	return []codeFix{
		{
			Code:   TreesUserThreadTLS,
			Change: "gives each Python thread its own cudagraph-tree state (PR #184357)",
			Source: "config.FactPerThreadTrees (torch/_inductor/cudagraph_trees.py get_obj @ 2.14.0: PR #184357 " +
				"\"Fix cudagraph trees in Python threads\", Fixes #123177; ../shared/reference/pytorch-facts.md §5.2)",
		},
		{
			Code:   InductorConfigNotImported,
			Change: "makes torch/_inductor/__init__.py import torch._inductor.config",
			Source: "torch/_inductor/__init__.py @ T2.6.0 (the row of \"module 'torch._inductor' has no " +
				"attribute 'config'\", rows_more.go setupRows)",
		},
		{
			Code:   StaticLauncherOverflow,
			Change: "reads the stream as an unsigned 64-bit value (PyArg_ParseTuple's \"K\", not \"l\": PR #162920)",
			Source: staticLauncherSource,
		},
		{
			Code:   SkipComplexMemoryOverlap,
			Change: "drops the overlap check that printed this (PR #182524)",
			Source: "graphs/internal/skips (PR #182524, merged 2026-05-11, before the 2.13 branch cut of " +
				"2026-06-08; output_code.py @ 2.14.1 has no overlap test)",
		},
	}
}

// fixedBy returns the change that ends code's releases, if one does.
func fixedBy(code Code) (codeFix, bool) {
	tb, err := compiledTable()
	if err != nil {
		return codeFix{}, false
	}
	last, ok := tb.lastOf[code]
	if !ok {
		return codeFix{}, false
	}
	for _, f := range codeFixes() {
		if f.Code == code {
			f.In = modes.Version{Major: last.Major, Minor: last.Minor + 1}
			return f, true
		}
	}
	return codeFix{}, false
}

// lastReleases returns, by code, the newest release any of sigs covers.
func lastReleases(sigs []Signature) map[Code]modes.Version {
	last := map[Code]modes.Version{}
	for _, s := range sigs {
		if l, ok := last[s.Code]; !ok || l.Less(s.Releases.To) {
			last[s.Code] = s.Releases.To
		}
	}
	return last
}

// fixedOn returns the change that makes release v unable to print the row's text: a
// change of the row's code that v has (v at or past its In, v itself not among the
// row's releases).
func (s Signature) fixedOn(v modes.Version) (codeFix, bool) {
	f, ok := fixedBy(s.Code)
	if !ok || v.Less(f.In) || s.covers(v) {
		return codeFix{}, false
	}
	return f, true
}

// fixedTexts returns the cause, fix and note of a row whose text release v cannot print
// because v has change f (fixedOn): the process that printed it runs an older torch than
// stated, so the cause is the older release's and says so, and the fix is both the
// older release's (near, less any upgrade to v or older) and running the failing
// process on the stated release, where the change holds. from says where v came from.
func fixedTexts(cause, near string, f codeFix, v modes.Version, from string) (string, string, string) {
	cause = fmt.Sprintf("printed by a torch older than %s: %s", f.In, cause)
	fixed := fmt.Sprintf("On torch %s (%s) this is fixed", v, from)
	if modes.Newest().Less(v) {
		// Only that the change is in f.In (and the newest known) is known; the newer
		// release's behaviour is not in the catalogue (fix brief 31, finding 1).
		fixed = fmt.Sprintf("%s has this fix, and torch %s (%s) is newer (its behaviour is not in the catalogue)", f.In, v, from)
	}
	fix := fmt.Sprintf("on the older torch that printed this: %s. %s: "+
		"make the failing process run it (check torch.__version__ there, and install %s in the "+
		"environment it runs in)", dropUpgrades(near, v), fixed, v)
	head := fmt.Sprintf("torch %s (%s) does not print this: %s has the fix", v, from, f.In)
	if modes.Newest().Less(v) {
		head = fmt.Sprintf("torch %s (%s) is newer than the releases known (%s–%s), and %s already has the fix",
			v, from, modes.First(), modes.Newest(), f.In)
	}
	note := fmt.Sprintf("%s, which %s. So the process that printed it runs a torch older than %s: "+
		"check torch.__version__ in that process (python -c \"import torch; print(torch.__version__)\" "+
		"with the interpreter and environment it runs in)", head, f.Change, f.In)
	return cause, fix, note
}
