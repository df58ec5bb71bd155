package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// A release named as a point in time dates something else, no run's (issue 21's v39b F5):
// "Triton is bundled with latest (CUDA-12.3 at time of PyTorch-2.2 release) ptxas"
// (pytorch/pytorch#119988, a release engineer's pull request that runs nothing on 2.2),
// "(latest at the time of the PyTorch 2.5 release)", "This regressed around the PyTorch
// 2.4 release", "changes up to the PyTorch 2.4 release branch cut". "At the time of"
// dates by itself (timeOfLead); the other prepositions of time date only with the
// release's noun after the number (timeAroundLead, releaseEvent): "by PyTorch 2.4" alone
// may be a run's agent. "Since", "as of" and "starting with" are sinceChanged's and
// otherRunState's; "before" is otherRunBefore's; a run said on a release ("On the PyTorch
// 2.2 release I get …", "With the 2.4 release my compile crashes") names no time.
var (
	// timeOfLead is "at (the) time of" right before the release (torch's name between).
	timeOfLead = &lazyregexp.Regexp{Expr: `(?i)\bat\s+(?:the\s+)?times?\s+of\s+(?:the\s+)?(?:(?:py)?torch[\s-]*)?v?$`}
	// timeAroundLead is a preposition of time right before the release.
	timeAroundLead = &lazyregexp.Regexp{Expr: `(?i)\b(?:around|circa|up\s+(?:to|until)|until|till|prior\s+to|ahead\s+of|in\s+time\s+for|by\s+the\s+time\s+of)\s+` +
		`(?:the\s+)?(?:(?:py)?torch[\s-]*)?v?$`}
	// releaseEvent is the release's noun right after its number: the release itself, its
	// branch cut, its launch.
	releaseEvent = &lazyregexp.Regexp{Expr: `(?i)^\s*(?:release|branch(?:\s+cut)?|cut|launch|time\s*frame|cycle)\b`}
)
