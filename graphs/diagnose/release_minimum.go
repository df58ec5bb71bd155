package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// A minimum named in prose is a floor of the releases a project or a feature needs, no
// run's release (holdoutEX's release misreads, branch fixrel29): before the release, a
// minimum's word and at most a requirement's words, a colon and torch's name ("Minimum:
// torch 2.1", "min torch 2.1", "Minimum required: PyTorch 2.1.0", "最低 PyTorch 2.1";
// NVIDIA/TransformerEngine#1516's "Enforce minimum torch version 2.1."); after it, the
// word alone or in parentheses ("torch 2.1 minimum", "torch 2.1 (minimum)", "torch 2.1
// is the minimum."). A minimum said of the run's release in other words stays the run's
// ("my torch is 2.1 (the minimum the repo supports) and it fails"), and so does a key a
// minimum's word stands before only where it is a key's (minimumKey).
var (
	minimumBefore = &lazyregexp.Regexp{Expr: `(?i)(?:\bmin(?:imum|imal)?\.?|\blowest|\boldest|最低|最小|至少)` +
		`(?:\s*(?:required|requirement|supported|support|versions?|needed|is|of|for|要求|需要|版本|支持)\b?)*\s*[:：=]?\s*` +
		`(?:(?:py)?torch\s*(?:versions?\s*)?(?:is\s+|[:：=]\s*)?)?[\x60'"]?v?$`}
	minimumAfter = &lazyregexp.Regexp{Expr: `(?i)^[\x60'"]?\s*(?:(?:is\s+)?(?:the\s+)?(?:minimum|min\.?)(?:\s+(?:required|supported|version))?\s*(?:[.,;:)\]]|$)|` +
		`\(\s*(?:minimum|min\.?)(?:\s+(?:required|supported|version))?\s*\))`}
)

// minimumKeyed reports whether the key before a release at text[lo:] names a minimum or a
// recommendation ("Minimum PyTorch version: 2.1", which collect_env's row had read as
// torch's own report; "Recommended PyTorch version: 2.5": minimumKey), or a minimum's
// words stand before it in its sentence ("Enforce minimum torch version 2.1.":
// minimumBefore).
func minimumKeyed(text []byte, lo int) bool {
	return matchGated(minimumKey, text[:lo]) || matchGated(minimumBefore, text[sentenceStart(text, lo):lo])
}
