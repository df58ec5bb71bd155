package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// Releases a text names for what they changed or for what a project or a test suite
// keeps for them, not for a run (branch fixrel39, issue 21's v38a 29 and v38b 27, 56;
// decided by the corpus rule, testdata/corpus/README.md's "Label questions decided":
// a change dated by its release names no run, as "Since torch 2.6 torch.load defaults
// to …" does, and a skip list's or a project's release is no run's, as a test's skip
// reason and a support line are):
//
//   - changeNoted: the release as the subject of a change of behaviour, said after it
//     ("# PyTorch 2.6 flipped torch.load's default", a comment over weights_only=False;
//     "PyTorch 2.6 changed the default of weights_only", "torch 2.6 now defaults
//     weights_only to True"), unless its sentence says something fails ("PyTorch 2.6
//     flipped the default, so loading my checkpoint fails": the run's);
//   - projectTracks: a project's release notes, a table's cell or a list's item, that name
//     the torch a release of theirs follows ("| torch_musa v2.9.0 | Mar 17, 2026 | Tracks
//     PyTorch 2.9; MUSA SDK ≥ 4.3.2 |", a MUSA survey's release table, find_string "Tracks
//     PyTorch 2.9"; "- 0.8.0: targets torch 2.8"); a README's "It currently tracks PyTorch
//     2.9, Transformers 4.57" states the project's own torch, as a requirement note does
//     (the corpus README's hi_neg_readme_running), and stays read;
//   - skipListHeader and skipListFor: a code comment that names the release a skip list
//     or an expected-failure list is kept for ("# PyTorch 2.9 specific skip tests", "//
//     torch 2.8 xfails", "# Skip tests for PyTorch 2.9"), as skipListComment's comments
//     over a list do.
var (
	changeNoted = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*[*_\x60]{0,2}\s+(?:(?:also|then|quietly|silently)\s+)?` +
		`(?:(?:flipped|changed|switched|made|turned|set)\s+(?:\S+\s+){0,4}?(?:(?:the|its|their)\s+)?(?:by\s+)?defaults?\b|` +
		`(?:now\s+)?defaults\s+(?:\S+\s+){0,3}?to\b|changed\s+(?:the\s+)?(?:behaviou?r|semantics)\b)`}
	projectTracks  = &lazyregexp.Regexp{Expr: `(?i)(?:^\s*[-*+]\s+(?:[\w.-]+\s+v?\d[\w.]*\s*[:—–-]\s*)?|\|\s*|\|[^|]*?[;(,]\s*)(?:[*_]{2})?(?:tracks|tracking|targets|targeting|aligns\s+with|aligned\s+with)\s+[\x60*]{0,2}(?:py)?torch[\x60*]{0,2}\s*(?:version\s*)?v?$`}
	skipListHeader = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*[*_\x60]{0,2}\s*(?:[\w-]+\s+){0,2}?(?:skip(?:s|ped|list)?|xfails?|xfailed|(?:disabled|excluded|skipped)\s+tests?|expected[- ]failures?|known[- ]failures?)\b`}
	skipListFor    = &lazyregexp.Regexp{Expr: `(?i)^\s*(?:#+|//+)\s*(?:[\w-]+\s+){0,3}?(?:skip(?:s|ped|list)?|xfails?|disable[ds]?)\b[^.;!?]{0,40}?\b(?:on|for|with|under|in)\s+[\x60*]{0,2}(?:py)?torch\s*v?$`}
	// commentBeforeTorch is a code comment's mark, then a few words, up to the release on its line.
	commentBeforeTorch = &lazyregexp.Regexp{Expr: `(?i)^\s*(?:#+|//+)\s*(?:[\w\x60*-]+\s+){0,3}?[\x60*]{0,2}(?:py)?torch\s*v?$`}
)

// finalEnv is the lead of the environment a text ends with, which the prose-moved-to row
// reads as a move the run made ("Final env after fixing: torch 2.10.0, triton 3.6.0",
// "The final environment: torch 2.10.0+cu128", issue 21's v38b 60 class): read at
// rankProseMove, it outranks an earlier environment's name or tag read from prose
// ("py311-torch-2.6.0") and an image's tag or an environment's key read before it
// (imageTagged).
const finalEnv = `final\s+(?:working\s+)?(?:env\w*|setup|stack|versions?|config\w*|install\w*)(?:\s+(?:after|with|is|was|now)\b[^:;.!?\n]{0,30}?)?\s*[:=]?(?:\s*(?:is|was|now))?`

// imageTagged reports whether the release found at rankPath was read from a container
// image's tag or an environment's key ("pytorch/pytorch:2.6.0-cuda12.4-cudnn9-devel",
// "runpod/pytorch:2.4.0-…", "env torch:2.6.0", an NGC container), which a move prose
// tells later replaces (outranks).
func (f *versionFinder) imageTagged() bool {
	return f.rank == rankPath && (f.what == whatNGCImage || f.what == "image or key")
}
