package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// Releases nobody ran: a pin in an installer's refusal to install it, and a release
// to come. A tester's run over new GitHub texts (validation v32a, report.md "False
// release reads", R1 and R2) found torch 2.8 read from uv's "error: Distribution
// `torch==2.8.0 @ registry+https://pypi.org/simple` can't be installed because it
// doesn't have a source distribution or wheel for the current platform"
// (jaredpalmer/kev#34, holdoutFC) and torch 2.0 from a 2023 review's "PyTorch 2.0 will
// be out very soon so let's adapt the message here." (huggingface/accelerate#1150).

// condaNotFound is the head of conda's report of packages it could not find, whose
// list ("  - pytorch=2.3", one spec a line) follows on the lines below: conda/conda
// conda/exceptions.py (0f64223f), PackagesNotFoundError's "The following packages are
// not available from current channels:" and "… are missing from the target
// environment:", and ResolvePackageNotFound, whose message is the list alone;
// UnsatisfiableError's "The following specifications were found to be incompatible
// with …" lists specs too. A spec listed was not installed: no run's release.
var condaNotFound = &lazyregexp.Regexp{Expr: `PackagesNotFound|ResolvePackageNotFound|UnsatisfiableError|` +
	`(?i:not\s+available\s+from\s+current\s+channels|missing\s+from\s+the\s+target\s+environment|were\s+found\s+to\s+be\s+incompatible)`}

// refusedAnchors are the prefilter's anchors for condaNotFound's heads, so that a head
// and the lines after it (pending) reach the release finder.
func refusedAnchors() []string {
	return []string{"PackagesNotFound", "ResolvePackageNotFound", "UnsatisfiableError", "current channels", "target environment", "found to be incompatible"}
}

// condaListItem is a line of condaNotFound's list ("  - pytorch=2.3", "  - pytorch==2.3.1
// -> python[version='>=3.8,<3.12']") or a blank line between the head and the list.
var condaListItem = &lazyregexp.Regexp{Expr: `^\s*(?:-\s.*)?$`}

// refusedListed reports whether text is a line of an installer's list of packages it
// refused (condaNotFound's head or its list), and notes a head for the lines after it:
// the list goes on while its lines are items or blank.
func (f *versionFinder) refusedListed(text []byte) bool {
	if matchGated(condaNotFound, text) {
		f.refusedList = true
		return true
	}
	f.refusedList = f.refusedList && matchGated(condaListItem, text)
	return f.refusedList
}

// toComeAfter is a release said to come, right after it: "PyTorch 2.0 will be out very
// soon" (accelerate#1150), "will be released next week", "will ship next week", "will
// come out", "should be out next month", "is scheduled to be released on …", "is due
// out in January", "is slated for release", "(to be released in January)", ", which will
// be released …", or not out yet ("isn't out yet", "is not released yet", "(not yet
// released)"); in Chinese "将于下月发布", "即将发布", Japanese "は来月リリースされます",
// "リリース予定", Korean "출시 예정", Russian "выйдет". "will be out of memory", "will be
// used", "will crash" say nothing of a release to come and stay the run's.
var toComeAfter = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*\s*(?:,\s*which\s+|\(\s*)?(?:` +
	`(?:will|should|shall)\s+(?:be\s+)?(?:released|shipped|available|out(?:\s+(?:very\s+)?(?:soon|shortly|next|later|in|on|by|this|before|after|early|late)\b|\s*[.!;,)]|\s*$))|` +
	`will\s+(?:ship|land|release|come\s+out)\b|` +
	`(?:is|are)\s+(?:expected|scheduled|due|going|set|slated|planned|supposed)\s+(?:to\s+(?:be\s+)?(?:out|released|ship|land|come\s+out)|out|for\s+release)\b|` +
	`to\s+be\s+released\b|(?:is\s+|are\s+)?(?:not|n't|isn'?t)\s+(?:yet\s+)?(?:out|released)\b|hasn'?t\s+been\s+released\b|` +
	`(?:将于|將於|将在|將在)[^，。,.\n]{0,12}(?:发布|發布|推出)|(?:即将|即將)(?:正式)?(?:发布|發布|推出)|` +
	`(?:は|が)?(?:来月|来週|近日|まもなく|今後)?(?:リリース|公開)(?:予定|され)|(?:은|는|이|가)?\s*(?:출시|릴리스|릴리즈)\s*예정|выйдет|будет\s+выпущен)`}

// toComeBefore is the same said before the release: "即将发布的 PyTorch 2.6" (the
// PyTorch 2.6 about to be released), "即將推出的", "the soon-to-be-released PyTorch 2.6",
// "the yet-to-be-released torch 2.6", "It will ship in torch 2.8".
var toComeBefore = &lazyregexp.Regexp{Expr: `(?i)(?:(?:即将|即將)(?:发布|發布|推出)的|to[\s-]be[\s-]released|\bwill\s+(?:ship|land|arrive|come)\s+(?:in|with))\s*(?:py)?torch\s*v?$`}

// installFailsAfter is an installation of the release said to fail, right after it:
// "So on Python 3.14, resolution picks torch 2.8.0 and installation fails."
// (kev#34's retelling of uv's refusal), "torch 2.8.0 fails to install", "torch==2.8.0
// failed to install", "torch 2.8.0 can't be installed", "torch 2.8.0 could not be
// installed"; installFailsBefore before it, torch the object: "can't install torch
// 2.8.0", "unable to install torch==2.8.0", "failed to install PyTorch 2.8". A release
// after "with", "on" or "for" is what another package's install ran beside
// ("flash-attn fails to install with torch 2.8.0", installBeside) and stays the run's.
var (
	installFailsAfter = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*\s*(?:\([^()]{0,30}\)\s*)?(?:` +
		`and\s+(?:the\s+)?(?:installation|install)\s+(?:fails|failed)|` +
		`(?:fails|failed)\s+to\s+install|(?:can(?:'|’)?t|cannot|could\s*n(?:'|’|o)t|won(?:'|’)t)\s+be\s+installed)\b`}
	installFailsBefore = &lazyregexp.Regexp{Expr: `(?i)(?:\bcan(?:'|’)?t|\bcannot|\bcould\s*n(?:'|’|o)t|\bunable\s+to|\bfail(?:s|ed)?\s+to)\s+install\s+[\x60'"]?(?:py)?torch\s*(?:==?\s*)?v?$`}
	installBeside      = &lazyregexp.Regexp{Expr: `(?i)\b(?:with|on|for|under|against|using)\s+[\x60'"]?(?:py)?torch\s*(?:==?\s*)?v?$`}
)

// compatToCheck is a release that compatibility is still to be checked against: "(2)
// may require checking compatibility of the other pins (transformers 5.x, etc.) with
// torch 2.9." (kev#34's suggested fix, a pin to move to), "need to verify compatibility
// with torch 2.9", "test the compatibility of xformers with PyTorch 2.9"; "I checked
// compatibility with torch 2.9" (done, a run's perhaps) is not read so.
var compatToCheck = &lazyregexp.Regexp{Expr: `(?i)\b(?:check|checking|verify|verifying|test|testing|confirm|confirming|validate|validating)\s+(?:the\s+)?compatibility\b(?:[^.;!?\n]|[.]\S){0,100}?\bwith\s+[\x60'"]?(?:py)?torch\s*(?:==?\s*)?v?$`}
