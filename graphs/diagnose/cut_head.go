package diagnose

import "bytes"

// A message whose head is cut off: the line starts where a word of a row's literal
// starts, after the literal's start, and goes on with the rest of the literal to its
// end (and with what PyTorch prints after it, or other text): a screenshot cropped on
// its left, a log line wrapped where the page kept only its second line, a quotation
// that starts mid-sentence ("to use max_autotune_gemm mode" without "Not enough SMs",
// "copy between CPU and CUDA tensors during CUDA graph capture" without "Cannot"). The
// general cut rule (matchCut) reads a line cropped inside a word of a literal at any
// length of minCut or more; a crop between two words leaves words that prose may hold
// too ("during CUDA graph capture", "before each model invocation"), so it is read only
// where what the line shows of the literal is a message's alone (headShown). The rest
// of the general rule holds: the rows it fits are of one code (oneCodeFits), a line above
// that ends with the literal's head makes it a wrap (matchWrapped's), a row's Pattern
// must match with the cut part put back, and the code-context guards of every hit
// (codeHeld, the absence marks) apply. A row whose literal is long needs its tail to
// hold one of the prefilter's pieces of the literal (literalPieces: its last third),
// for no anchor is added.

// minHead is the least of a row's literal (squeezed) that a line cropped between two of
// its words must show, five words or more (minMiddleWords), as the middle rule reads a
// quotation; measured on the corpus, the longest such crop of one code's literal at a
// negative's line start is 25 ("before each model invocation", four words:
// TestHeadCropNegatives).
const minHead = minMiddle

// minHeadNamed is the least of a row's literal (squeezed) that a crop between two words
// must show where the part shown holds a name of PyTorch's own (namedWord: "to use
// max_autotune_gemm", "support checkPoolLiveAllocations for cudaMallocAsync"), three
// words or more (minHeadNamedWords): a name of one word alone is a program's identifier
// ("torch.compiler.cudagraph_mark_step_begin()", "triton.compiler.compiler.triton_key",
// each a literal's tail that negatives start lines with).
const (
	minHeadNamed      = 20
	minHeadNamedWords = 3
)

// headShown reports whether shown, the raw part of a row's literal that a line cropped
// between two words shows (m bytes squeezed), is enough of it by itself: minHead
// characters or more in minMiddleWords words or more, or minHeadNamed or more in
// minHeadNamedWords words or more of which one is a name (namedWord); a phrase that
// other programs print too (commonTails) does not count.
func headShown(shown []byte, m int) bool {
	if m < minHeadNamed {
		return false // before any word is counted: most crops that the rows meet end here
	}
	for _, c := range commonTails {
		if at := bytes.Index(shown, []byte(c)); at >= 0 {
			rest := append(append([]byte(nil), shown[:at]...), shown[at+len(c):]...)
			return headShown(rest, squeezedLen(rest))
		}
	}
	words, named := 0, false
	for w := range bytes.FieldsSeq(shown) {
		if bytes.ContainsFunc(w, func(r rune) bool { return r < 128 && isLetter(byte(r)) }) {
			words++ // a word of letters: "==" between two names is none
			named = named || namedWord(w)
		}
	}
	return m >= minHead && words >= minMiddleWords || words >= minHeadNamedWords && named
}

// namedWord reports whether w is a name of code rather than a word of prose: letters
// with an underscore between them (max_autotune_gemm, mempool_id), a dotted name of
// three parts or more (torch._inductor.config.cpp.cxx), or camel case
// (checkPoolLiveAllocations, CUDAGraphs). Not a name of two parts: "supported for
// torch.compile" and "outside of torch.compile()" are any prose's about torch.compile
// (rows_cropped.go reads "not yet supported for torch.compile" without "Windows" as any
// feature's refusal).
func namedWord(w []byte) bool {
	w = bytes.Trim(w, ".,:;()[]'\"`")
	dots := 0
	for i := 1; i+1 < len(w); i++ {
		if w[i] == '_' && isLetter(w[i-1]) && isLetter(w[i+1]) {
			return true
		}
		if w[i] == '.' && (isLetter(w[i+1]) || w[i+1] == '_') {
			dots++
		}
	}
	return dots >= 2 || camelCase(w)
}

// commonTails are phrases at the end of a row's literal that other programs print in
// their own messages, measured with the search tool's find_string (the public
// repositories' source and documentation, 2026-12-07): "Please try one of the following
// solutions" is 3 of the first 10 occurrences in PyTorch's OpenMP check and 7 in other
// programs (a Tcl/Tk hint, a Whisper loader, a C# service, web pages). What a crop shows
// of a literal less such a phrase must be enough by itself (headShown). The other tails
// measured so are PyTorch's or CUDA's own in 9 or 10 of 10: "to use max_autotune_gemm",
// "must be captured on a non-default stream" (torch_npu's "NPU graphs …" among them),
// "not permitted when stream is capturing", "both can't be specified at the same time",
// "no context bound to the current thread", "of a captured allocation with address".
var commonTails = []string{"Please try one of the following solutions"}

// cropFits reports whether cut c, a crop at its line's start that shows the last m
// bytes (squeezed) of row's literal from its raw index to, may be read as the row's:
// the line above does not end with the literal's head (a wrap: matchWrapped's), and the
// crop falls inside a word of the literal or shows enough of it (headShown), of a row
// that is no hint's (Trailer: "call torch.compiler.cudagraph_mark_step_begin() before
// each model invocation" alone is advice, TestTrailer).
func cropFits(row *compiledRow, c cutSides, m, to int) bool {
	lit := row.squeezed
	if overlapEnd(c.before, lit, len(lit)-m) > 0 {
		return false
	}
	return insideWord(row.literal, to) || !row.Trailer && headShown(row.literal[to:], m)
}

// headCropAt returns the index in row's literal (raw) where cut c, a crop at its line's
// start, starts the line between two words of the literal, the literal's rest shown to
// its end; -1 for any other cut.
func headCropAt(row *compiledRow, c cutSides) int {
	if !c.inWord || c.left != nil || c.right == nil {
		return -1
	}
	lit := row.squeezed
	m := overlapStart(c.sr, lit, len(lit))
	if m == 0 || m >= len(lit) {
		return -1
	}
	if to := rawAt(row.literal, len(lit)-m); !insideWord(row.literal, to) {
		return to
	}
	return -1
}

// headHeld reports whether row i's match on e, a line that starts at index to of the
// row's literal, is held by the guards of every hit (guarded: a comment that states a rule,
// a hypothetical, a program's string) once the literal's head is put back before what
// the line shows of it: the guards read the line as they would read the whole message,
// so that a cut head is quiet wherever the whole message is. The line's texts are
// restored after, and the forms made from them are made again when next needed.
func (s *scanner) headHeld(i int, e *ringLine, to int) bool {
	lit := s.rows[i].literal
	head, shown := lit[:to], lit[to:]
	raw, clean, unquoted, sent := e.raw, e.clean, e.unquoted, e.sent
	e.raw, e.clean, e.unquoted, e.sent = putBack(raw, head, shown), putBack(clean, head, shown),
		putBack(unquoted, head, shown), putBack(sent, head, shown)
	e.foldedOK, e.posOK, e.shownOK, e.shortOK = false, false, false, false
	held := s.guarded(i, e, e, e.unquoted)
	e.raw, e.clean, e.unquoted, e.sent = raw, clean, unquoted, sent
	e.foldedOK, e.posOK, e.shownOK, e.shortOK = false, false, false, false
	return held
}

// putBack returns a copy of b with head before the first place that holds shown (without
// regard to case), or before shown's first word where b holds only that; b itself where
// it holds neither.
func putBack(b, head, shown []byte) []byte {
	at := foldedAt(b, shown)
	if at < 0 {
		if sp := bytes.IndexByte(shown, ' '); sp > 0 {
			at = foldedAt(b, shown[:sp])
		}
	}
	if at < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+len(head))
	return append(append(append(out, b[:at]...), head...), b[at:]...)
}
