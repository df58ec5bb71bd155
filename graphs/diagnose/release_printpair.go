package diagnose

import "slices"

// A text may show two runs that each print torch's release, the first passing and the
// second failing: "With torch 2.6" / "PyTorch version: 2.6.0+cu124", then "With torch
// 2.7" / "PyTorch version: 2.7.0+cu126" / "Traceback (most recent call last):"
// (pytorch/pytorch#153476, issue 21's v39b F2, read as the first print's 2.6 before);
// "Works on 2.5.1:" / "Fails on 2.6.0:"; pip show's "Version:" under "old env" and "new env
// (broken)"; a REPL's torch.__version__ before and after "pip install -U torch". Within
// what torch prints (rankTorch) the first line wins; where a later print states another
// release, and the text's first failure (a traceback's header or a finding) comes after
// it, within pairReach lines, with none before it, the later print is the failing run's:
// the earlier one's run showed no failure. A failure after the first print (its run
// failed, the second one's passed) or none near the second leaves the first. Two prints
// on adjacent lines are one listing of two environments (collect_env's "PyTorch version:"
// twice, "upgraded: PyTorch version: …" right under the first), not two runs: no line of
// the first one's run stands between them, so the first stays, as the stated-release
// tests have it (release_stated_test.go "upgrade, collect_env twice", "two envs below
// the fix"; release_refused31_test.go; release_prose31_test.go "two environments").

// pairReach is how many lines after the later print the text's first failure may come
// (a pip show block and a code fence between).
const pairReach = 24

// printPair is the first print of torch's release after the release found that states
// another release (notePrintPair).
type printPair struct {
	value, text []byte
	line, row   int
	what        string
}

// notePrintPair keeps the release s, read at rank on line (text) by row of what, where
// it is a print of torch's release, the release found is one too, on a line before the
// one above, and s states another release.
func (f *versionFinder) notePrintPair(s []byte, rank, line int, text []byte, what string, row int) {
	if !f.pairOpen(rank) || line <= f.line+1 {
		return
	}
	v, err := statedMinor(string(s))
	if err != nil || v == f.found {
		return
	}
	f.pair = printPair{value: slices.Clone(s), text: slices.Clone(text), line: line, row: row, what: what}
}

// pairOpen reports whether a print of rank may be kept as the later of a pair: the
// release found is a print of torch's release, and no later print is kept yet.
func (f *versionFinder) pairOpen(rank int) bool {
	return rank == rankTorch && f.rank == rankTorch && f.pair.value == nil
}

// takeFailedPrint reads the later print of a pair (f.pair) in place of the release found
// where the text's first failure, on line fail (0 for none), comes after it within
// pairReach lines; the first traceback's header (tbFirst) counts as a failure too.
func (f *versionFinder) takeFailedPrint(tbFirst int) {
	fail := f.firstHit
	if tbFirst > 0 && (fail == 0 || tbFirst < fail) {
		fail = tbFirst
	}
	pr := f.pair
	if pr.value == nil || f.rank != rankTorch || fail <= pr.line || fail-pr.line > pairReach {
		return
	}
	f.forget()
	f.offer(pr.value, rankTorch, pr.line, pr.text, pr.what, pr.row)
}
