package diagnose

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// determiners are the first words a person quoting a message leaves out: holdoutI1's
// RL-Games docs/TORCH_COMPILE.md quotes "RuntimeError: storage data ptrs are not
// allocated in pool" for PyTorch's "These storage data ptrs are not allocated in pool".
// (A French run log of the same set quotes "CUDA Graph is empty" alone; so does a PR
// that avoids the warning, holdout2's neg_pt185760: a cropped literal shorter than
// minCropped is no evidence of a failure.)
var determiners = []string{"The ", "These ", "This ", "Those ", "A ", "An "}

// minCropped is the least of a literal cropped after a determiner (squeezed): three or
// four words of a message and a sentence's worth of letters
// ("storagedataptrsarenotallocatedinpool" is 36; "CUDAGraphisempty", 16, is too short).
const minCropped = 24

// minCroppedWord is the least of a literal cropped after any other first word
// (squeezed): the word left out may be what the message is about ("Windows not yet
// supported for torch.compile" without "Windows", 31, is any feature's refusal; "not
// permitted when stream is capturing", 33, still names CUDA's stream capture), so
// what is left must say more than a determiner's crop.
const minCroppedWord = 32

// croppedRows returns, for each row of rows that matches PyTorch's own text by its
// literal alone (no Pattern, no paraphrase, no hint alone), the same row with the
// literal from its second word on, marked Cropped: a message quoted from its second
// word ("tensor output of CUDAGraphs that has been overwritten by a subsequent run",
// "not permitted when stream is capturing", "storage data ptrs are not allocated in
// pool"). What is left must be minCropped characters or more (squeezed) after a
// determiner, minCroppedWord after another word, and start with a letter; a negation, a
// statement's assert or raise and a subject before its verb are not cropped
// (cropFirstWord). A Cropped
// row matches where its base row does, so the base row's exact hit wins on the same
// line (scanner.better).
func croppedRows(rows []Signature) []Signature {
	var out []Signature
	for _, r := range rows {
		if r.Pattern != "" || r.Paraphrase || r.Trailer || r.Cropped {
			continue
		}
		rest, least := cropFirstWord(r.Literal)
		if rest == "" || len(squeeze(nil, []byte(rest))) < least {
			continue
		}
		c := r
		c.Literal, c.Cropped = rest, true
		c.Decisive = r.Decisive + ", quoted without its first word"
		out = append(out, c)
	}
	return append(append(append(append(out, clauseRows(rows)...), argHeadRows(rows)...), assertMessageRows(rows)...), spanCropRows(rows)...)
}

// itemHead is a line's start as a list of what a run showed begins it: a list item's
// marker or number, then bold, or nothing of these.
const itemHead = `^\s*(?:[-*+•]\s+|\d+[.)]\s+)?(?:\*\*|__)?`

// minSpanCrop is the least of a literal cropped after a determiner that spanCropRows
// takes (squeezed): "CUDAGraphisempty" is 16.
const minSpanCrop = 14

// spanCropRows returns, for each row of rows that matches PyTorch's own text by its
// literal alone and whose crop after a determiner is too short to be evidence in prose
// (shorter than minCropped), the crop in a code span that starts a line or a list item
// (itemHead): a backtick right before it, and right after it the span's end, a full stop
// or an ellipsis. A run's notes list what the output showed, each item the text copied
// from it marked as code (holdoutI1's French run log: "- **\x60CUDA Graph is empty\x60** —
// cudagraphs ne capture rien d'utile"); prose names the message in quotation marks
// (holdout2's neg_pt185760: "(which triggers a \"CUDA Graph is empty\" warning)") or in a
// code span mid-sentence ("to avoid a \x60CUDA Graph is empty\x60 warning"), which stays
// no evidence.
func spanCropRows(rows []Signature) []Signature {
	var out []Signature
	for _, r := range rows {
		if r.Pattern != "" || r.Paraphrase || r.Trailer || r.Cropped {
			continue
		}
		rest, least := cropFirstWord(r.Literal)
		n := len(squeeze(nil, []byte(rest)))
		if rest == "" || least != minCropped || n >= minCropped || n < minSpanCrop {
			continue
		}
		c := r
		// The backtick as the escape \x60, which the squeezed forms of the pattern keep
		// (squeezedPattern drops quote marks): a span's text quoted elsewhere is no item.
		c.Literal, c.Pattern, c.Cropped = rest, itemHead+`\x60`+regexp.QuoteMeta(rest)+`(?:\x60|\.|…)`, true
		c.Decisive = r.Decisive + ", quoted without its first word in a code span"
		out = append(out, c)
	}
	return out
}

// assertMessageRows returns, for each row of rows whose literal is a bare assert statement
// ("assert torch._C._is_key_in_tls(attr_name)"), a row of its expression written as the
// AssertionError's message, as reports retell a bare assert ("causing `AssertionError:
// torch._C._is_key_in_tls(attr_name)`", holdoutR's dreamzero report): Python prints the
// statement on the frame's line and an AssertionError with no message after it. The
// expression alone is code, which sources and diffs hold (keptFirst), so the row's
// literal keeps the class before it (": ", or a repr's "('").
func assertMessageRows(rows []Signature) []Signature {
	var out []Signature
	for _, r := range rows {
		expr, ok := strings.CutPrefix(r.Literal, "assert ")
		if !ok || r.Pattern != "" || r.Paraphrase || r.Trailer || r.Cropped {
			continue
		}
		for _, head := range []string{"AssertionError: ", "AssertionError('"} {
			c := r
			c.Literal = head + expr
			c.Decisive = r.Decisive + ", retold as the AssertionError's message"
			out = append(out, c)
		}
	}
	return out
}

// argHeadRows returns, for each row of rows whose Pattern starts with its literal and
// whose literal ends where the message's argument begins (a space), a row of the literal
// without the argument, marked Cropped, where it is minCropped characters or more
// (squeezed) and a quote, an ellipsis or the line's end closes it: a message quoted up to
// its argument ("torch.compile fails with \"Unexpected optimization option\" when I pass
// guard_filter_fn", "Attempting CUDA graph capture of step() for an instance of…"). The
// row's Pattern wants the argument, so neither the cut rules (which put back only the
// literal) nor clauseRows (rows without a Pattern) read it. "Unexpected type of attr"
// (20) and "Invalid backend" (14) are too short to be evidence alone. The mark must
// close the literal's last word, with no space before it: after a space it opens the
// argument (zksolc's "Unexpected optimization option '9'", TestForms).
func argHeadRows(rows []Signature) []Signature {
	var out []Signature
	for _, r := range rows {
		if r.Pattern == "" || r.Paraphrase || r.Trailer || r.Cropped || !strings.HasSuffix(r.Literal, " ") {
			continue
		}
		head := strings.TrimRight(r.Literal, " ")
		if !strings.HasPrefix(r.Pattern, regexp.QuoteMeta(head)) || len(squeeze(nil, []byte(head))) < minCropped {
			continue
		}
		c := r
		c.Literal, c.Pattern, c.Cropped = head, regexp.QuoteMeta(head)+`(?:`+closeQuote+`|…|\.{3}|\s*$)`, true
		c.Decisive = r.Decisive + ", quoted up to its argument"
		out = append(out, c)
	}
	return out
}

// closeQuote is a mark that closes a quote: ASCII quotes, a code quote, bold, and the
// closing marks of other scripts (“…”, ‘…’, 「…」, 『…』, «…»).
const closeQuote = `(?:["'\x60”’」』»]|\*\*)`

// clauseRows returns, for each row of rows that matches PyTorch's own text by its literal
// alone, a row of the literal's first clause, marked Cropped, where it is minCroppedWord
// characters or more (squeezed) and a quote closes right after it: a message quoted up
// to its first comma, colon, semicolon or full stop ("Either mode or options can be
// specified" for "Either mode or options can be specified, but both can't be specified
// at the same time."; "cudagraph capture requires the caching allocator" before its
// "; current allocator is uncached"). Unquoted, the clause is prose that may go on
// otherwise.
func clauseRows(rows []Signature) []Signature {
	var out []Signature
	for _, r := range rows {
		if r.Pattern != "" || r.Paraphrase || r.Trailer || r.Cropped {
			continue
		}
		lit := strings.TrimSpace(r.Literal)
		i := strings.IndexAny(lit, ",;:")
		if j := strings.Index(lit, ". "); j >= 0 && (i < 0 || j < i) {
			i = j
		}
		if i <= 0 {
			continue
		}
		clause := strings.TrimSpace(lit[:i])
		if len(squeeze(nil, []byte(clause))) < minCroppedWord {
			continue
		}
		c := r
		c.Literal, c.Pattern, c.Cropped = clause, regexp.QuoteMeta(clause)+`\s*`+closeQuote, true
		c.Decisive = r.Decisive + ", quoted up to its first clause's end"
		out = append(out, c)
	}
	return out
}

// predicateVerbs start a literal's second word where its first was the subject: what is
// left is a predicate that any subject may take ("supports dynamic shapes by recording a
// new graph for each distinct input size" is what documentation says of torch.compile,
// pytorch/pytorch#131387; "does not yet support checkPoolLiveAllocations", "is too old to
// be supported by …"), so it is not cropped.
var predicateVerbs = []string{"is", "are", "was", "were", "has", "have", "had", "does", "do", "did", "would", "will",
	"can", "could", "supports", "support", "failed", "fails", "requires"}

// keptFirst are first words a crop keeps: a statement's assert or raise (what is left is
// code, which sources and diffs hold: "torch._C._is_key_in_tls(attr_name)" without the
// assert a traceback prints) and a negation (what is left says the opposite: "working C++
// compiler found in …" without "No", "import name 'triton_key' …" without "cannot").
var keptFirst = []string{"assert", "raise", "no", "not", "cannot", "can't", "unable", "never"}

// cropFirstWord returns lit from its second word on and the least length (squeezed)
// such a crop must keep: minCropped after a determiner, minCroppedWord after another
// word; "" where lit has one word, or its first or second does not start with a letter
// (a quoted reason, "'multiple device indices …'", is cropped inside its quotes), or its
// first is one of keptFirst, or its second one of predicateVerbs.
func cropFirstWord(lit string) (rest string, least int) {
	for _, d := range determiners {
		if r, ok := strings.CutPrefix(lit, d); ok {
			return r, minCropped
		}
	}
	i := strings.IndexByte(strings.TrimSpace(lit), ' ')
	if i < 0 {
		return "", 0
	}
	first, rest := strings.TrimSpace(lit)[:i], strings.TrimLeft(strings.TrimSpace(lit)[i:], " ")
	if rest == "" || !unicode.IsLetter(rune(first[0])) || !unicode.IsLetter(rune(rest[0])) || slices.Contains(keptFirst, strings.ToLower(first)) ||
		slices.Contains(predicateVerbs, strings.Fields(rest)[0]) {
		return "", 0
	}
	if isLocationPrefix(first) {
		return rest, minCropped
	}
	return rest, minCroppedWord
}

// isLocationPrefix reports whether a literal's first word is the name of the function
// that raised it, followed by a colon, as c10's TORCH_CHECK messages begin
// ("beginAllocateToPool: already recording to mempool_id", CUDACachingAllocator.cpp):
// it names where, not what, so a quote that leaves it out ("already recording to
// mempool_id", holdoutK's xtal loop-sim notes) is cropped as after a determiner.
func isLocationPrefix(word string) bool {
	name, ok := strings.CutSuffix(word, ":")
	if !ok || name == "" {
		return false
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' {
			return false
		}
	}
	return strings.IndexFunc(name, unicode.IsUpper) > 0 || strings.Contains(name, "_")
}
