package diagnose

import "bytes"

// A row's literal is a substring of the line, found by the prefilter and the literal
// sets byte for byte; where the literal starts or ends with a letter, the same bytes
// can be the start or the end of a longer word that is no part of the message: "due to
// incompatible op" (skip-incompatible-op; PyTorch prints "skipping cudagraphs due to
// incompatible op aten.…", torch/_inductor/compile_fx.py @ T2.6.0) is in "due to
// incompatible options" and "due to incompatible operations" (ga_neg_chrome_fix_incompatible_options and
// 95: a Chrome fix note and a pandas note), "fatal error: cuda.h" in "fatal error:
// cuda.hpp", "No CUDA context is current" in "… is currently". The prefilter stays
// substring based (its speed); a hit is dropped where the literal's edge words are on
// the text only inside longer words (midWord), for every row but a paraphrase with a
// Pattern: its literal is a piece for the prefilter ("ython 3.1", "ich Inductor") and
// its pattern's words carry their own \b. A row whose literal is meant to end inside
// a word declares why in wordStems (TestLiteralWordEdges walks the rows).

// edgeWords is how many words of a literal's edge are looked for in the text: two, so
// that a hit whose quote shows only part of the literal (cut at the line's end, its
// middle quoted) is judged by the words it shows.
const edgeWords = 2

// wordStems are the literals that may start or end inside a longer
// word, with why: none so far; a literal added here needs its reason and a test of the
// longer word it is meant to match.
var wordStems = map[string]string{}

// wordEdges returns the words of lit's start and end that a text must hold at a word's
// edge (lower case; nil for an edge that is no letter, or a start in upper case, which
// a camel-case name may join: "cudaErrorInvalidContext" holds "ErrorInvalidContext").
func wordEdges(sig Signature, lit string) (head, tail []byte) {
	if sig.Paraphrase && sig.Pattern != "" || wordStems[lit] != "" || lit == "" {
		return nil, nil
	}
	words := bytes.Fields(bytes.ToLower([]byte(lit)))
	if len(words) == 0 {
		return nil, nil
	}
	if c := lit[0]; c >= 'a' && c <= 'z' {
		head = bytes.Join(words[:min(edgeWords, len(words))], []byte{' '})
	}
	if isLetter(lit[len(lit)-1]) {
		tail = bytes.Join(words[max(0, len(words)-edgeWords):], []byte{' '})
	}
	return head, tail
}

// midWord reports whether row's hit on text is the row's literal's edge inside a longer
// word. Text is read in lower case, without markdown's marks and with its white space
// one space (edgeText). Where the whole literal is on it, its occurrences decide: each
// is after a letter (a literal that starts with one) or before a word's byte (one that
// ends with one). Where it is not (a quote cut before the literal's end, its middle
// quoted, a wrapped or retyped line), the literal's edge words decide: those of its
// edges that text shows, each of their occurrences so joined.
func midWord(row *compiledRow, text []byte) bool {
	if row.headWords == nil && row.tailWords == nil {
		return false
	}
	t := edgeText(text)
	if lit := edgeText(row.literal); bytes.Contains(t, lit) {
		return glued(t, lit, row.headWords != nil, row.tailWords != nil)
	}
	return glued(t, row.headWords, true, false) || glued(t, row.tailWords, false, true)
}

// glued reports whether words occur in t and every occurrence is joined to a longer
// word: after a letter (start) or before a word's byte (end: a letter, a digit or an
// underscore, as in "cuda.hpp", "device0", "max_autotune_gemm_backends").
func glued(t, words []byte, start, end bool) bool {
	if len(words) == 0 {
		return false
	}
	seen := false
	for from := 0; ; {
		j := bytes.Index(t[from:], words)
		if j < 0 {
			return seen
		}
		at := from + j
		from = at + 1
		seen = true
		if !(start && at > 0 && isLetter(t[at-1]) || end && at+len(words) < len(t) && wordByte(t[at+len(words)])) {
			return false
		}
	}
}

// edgeText returns text in lower case, without backticks and "*" and with each run of
// white space (and table cells' "|") one space: the form midWord reads.
func edgeText(text []byte) []byte {
	out := make([]byte, 0, len(text))
	space := false
	for _, c := range text {
		switch c {
		case '`', '*':
			continue
		case ' ', '\t', '\r', '\n', '|':
			if !space {
				out = append(out, ' ')
			}
			space = true
			continue
		}
		space = false
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		out = append(out, c)
	}
	return out
}
