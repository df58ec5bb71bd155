package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// A release is named in a code
// comment as the condition under which tests break, the remark of a package's
// skip list or a test's gate, not a run's release: "# OR torch.compile tests broken on
// torch 2.5 + rocm" over nixpkgs' disabledTests (ga_neg_nix_skiplist_comment_dynamo_py313, a list whose
// first comment is Python 3.13's Dynamo error), "// these tests fail on torch 2.4". The
// comment gives an alternative condition ("OR", "or", "also") or makes tests the
// subject of what breaks. A report's prose ("torch.compile is broken on torch 2.5") and
// a repro's comment about the run ("# fails on torch 2.5.1") stay the run's.
//
// skipListComment is a comment's text up to a release that names tests breaking on it,
// or an alternative condition: "# OR … on torch", "# tests … broken on torch".
var skipListComment = &lazyregexp.Regexp{Expr: `(?i)^\s*(?:#+|//+)\s*(?:(?:or|also|and/or)\b` + commentClause + `|` + commentClause + `\btests?\b` + commentClause + `\b(?:broken|break|breaks|fail|fails|failing|flaky|skipped|disabled|hangs?|hanging)\b` + commentClause + `)` +
	`\b(?:on|with|under|for|in)\s+(?:py)?torch\s*(?:==?\s*)?v?$`}

// commentClause is text within one sentence: no semicolon, and a dot only inside a name
// ("torch.compile").
const commentClause = `(?:[^.;]|\.\S)*`
