package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// The release of branch recallK (2026-12-04): a question that asks which release of
// another package fits the torch release it names ("which version of vllm that support
// torch2.2.2+cuda11.8+python 3.10", vllm-project/vllm#20574, whose body adds "I don't
// want to reinstall torch and cuda"; "Which xformers version is compatible with torch
// 2.2.2?", "what version of flash-attn works with PyTorch 2.4.1?", "Is there a
// flash-attn wheel for torch 2.5.1?") is asked by one who runs that torch and looks for
// the package to match it: the release is the run's, where otherRunProject takes
// "support"/"compatible" before a release for a project's support line ("We support
// torch 2.4 and 2.5") and otherPackage a clause that names another package for that
// package's move. A requirement stated by another package ("vllm 0.4 requires torch
// 2.3"), a project's support line, a request for support to come ("when support torch
// 2.10.0") and a fix to come stay another run's: the question must ask for the other
// package's release and end with torch's name right before the release.
var packageForTorch = &lazyregexp.Regexp{Expr: `(?i)(?:^|[\s*#>(\[])(?:which|what|any|is\s+there\s+(?:an?|any))\s+` +
	`(?:(?:version|release|build|tag|wheel)s?\s+of\s+(?:the\s+)?)?` +
	`(?:` + foreignNames + `)(?:\s+(?:version|release|build|tag|wheel)s?)?\s+` +
	`(?:(?:that|which|is|are|would|will|can|should|to)\s+(?:be\s+)?)?` +
	`(?:supports?|supported\s+(?:by|on)|compatib\w*\s+(?:with|to)|works?\s+(?:with|on)|matches|fits|for|with)\s+` +
	`(?:my\s+|the\s+|our\s+)?(?:py)?torch(?:\s*[=:v-]*|\s+version\s+)$`}

// askedForTorch reports whether the sentence before text[from:], where a release
// starts, asks which release of another package fits that torch (packageForTorch).
func askedForTorch(text []byte, from int) bool {
	return matchGated(packageForTorch, text[sentenceStart(text, from):from])
}
