package diagnose

import (
	"bytes"
	"strings"
)

// Rows of branch recallK (2026-12-04): PyTorch's skip line quoted bare, its reason told
// beside it. A report quotes Inductor's "skipping cudagraphs" (cudagraph_utils.py's
// format_default_skip_message without its "due to {reason}") as the name of what it saw
// and tells the reason in its own words on the same line or the next (holdoutAG's
// MetaInfer commit, an in-place update beside the quotation, was the miss that showed
// the class). The skip retellings (rows_retold.go, skipRetold) want a cause word
// between the skip and its reason on one line; here the quotation is PyTorch's own skip,
// so the reason near it is the skip's, for each reason PyTorch's skip line names
// (torch/_inductor/cudagraph_utils.py and compile_fx.py's skip reasons: mutated inputs,
// cpu device, multiple devices, incompatible ops, non-Tensor inputs, symbolic shapes
// with cudagraph_skip_dynamic_graphs, complex memory overlap, cpp wrapper enabled). Beside the bare quotation an in-place update is
// the mutated input's reason: of the skip reasons only an input's mutation is one. A
// reason quoted itself beside the quotation ("the expected \"mutated inputs\" +
// \"skipping cudagraphs\" RuntimeError", holdoutAD's stock-prediction commit, a negative)
// names a message's parts, as a test's expectation does, and tells no reason.

// bareSkip is Inductor's skip line quoted without its reason: "skipping cudagraphs" with
// a quote, a code mark or a parenthesis on each side.
const bareSkip = `[\x60'"(]\s?skipping\s+cudagraphs\s?[\x60'")]`

// bareSkipEnds is what follows a bare quotation whose reason is told after it: the
// quotation ends its clause (a parenthesis, a stop, a comma or dash, the line's end,
// which the wrapped rule joins as a space) or a cause word starts the reason ("because
// …", "for non-tensor inputs"); "\"skipping cudagraphs\" can happen, and that mutated
// inputs are a reason" goes on in a clause that tells a rule, no reason of a skip seen.
const bareSkipEnds = `(?:\s?[).:;,!(—–-]|\s?$|\s(?:because|due\s+to|since|for|as)\b|\s+-\s)`

// bareSkipRetold returns the bare skip quotation with reason told within the line before
// it or up to 240 characters after it (the line after, which the wrapped rule joins). Its
// literal is "skipping cuda", one prefilter piece: "skipping cudagraphs" is cut in two,
// and its "udagraphs" is in every "[__cudagraphs]" log line (TestPlainLinesHoldNoAnchor).
func bareSkipRetold(reason string) retold {
	return retold{literals: []string{"skipping cuda"},
		pattern: `(?i)(?:^|[^"'\x60])\b(?:` + reason + `)\b[^\n]{0,160}?` + bareSkip + `|` + bareSkip + bareSkipEnds + `(?:.{0,240}?[^"'\x60])?\b(?:` + reason + `)\b`}
}

// bareMutatedExtra: the words the bare quotation's row adds to the mutated input's shared
// words (reasonMutatedInputs): beside PyTorch's own skip line an in-place update, or inputs
// "mutated" with any one word between ("mutated KV inputs"), can only be the mutation's
// reason, the one skip reason an update is (holdoutAG's MetaInfer commit showed the class).
const bareMutatedExtra = `mutated\s+(?:\w+\s+)?inputs?|in-?place`

// retoldK are the bare skip quotations, one for each reason (the reasons' shared words,
// rows_retold.go's reason constants, which borrowedRetold's skip retellings build on too).
func retoldK() []retelling {
	const seen = "torch/_inductor/cudagraph_utils.py format_default_skip_message (\"skipping cudagraphs due to {reason}\", " +
		"each reason of the skip table) quoted without its reason, the reason told beside it (rows_retold_k.go)"
	return []retelling{
		borrow(SkipMutatedInputs, bareSkipRetold(reasonMutatedInputs+`|`+bareMutatedExtra), seen),
		borrow(SkipCPUDevice, bareSkipRetold(reasonCPUDevice), seen),
		borrow(SkipMultipleDevices, bareSkipRetold(reasonMultipleDevices), seen),
		borrow(SkipIncompatibleOp, bareSkipRetold(reasonIncompatibleOps), seen),
		borrow(SkipNonTensorInputs, bareSkipRetold(reasonNonTensorInputs), seen),
		borrow(SkipDynamicGraphs, bareSkipRetold(reasonDynamicGraphs), seen),
		borrow(SkipComplexMemoryOverlap, bareSkipRetold(reasonMemoryOverlap), seen),
		borrow(SkipCPPWrapper, bareSkipRetold(reasonCPPWrapper), seen),
	}
}

// bareSkipRow reports whether sig is a bare skip quotation's row: matchRow tries it only
// where the line or the one above quotes the skip bare (bareSkipNear), so that the six
// rows' patterns do not run on each "skipping cudagraphs due to …" line a log holds
// (TestDenseLineBounded).
func bareSkipRow(sig Signature) bool {
	return sig.Paraphrase && strings.Contains(sig.Pattern, bareSkip)
}

// bareQuotes are the closing marks bareSkip allows after "skipping cudagraphs".
var bareQuotes = [...]string{`skipping cudagraphs"`, `skipping cudagraphs'`, "skipping cudagraphs`", `skipping cudagraphs)`}

// bareSkipNear reports whether entry k or the one above holds the skip quoted bare.
func (s *scanner) bareSkipNear(k int) bool {
	for _, j := range [2]int{k, k - 1} {
		e := s.entry(j)
		if e == nil {
			continue
		}
		for _, q := range bareQuotes {
			if bytes.Contains(e.clean, []byte(q)) {
				return true
			}
		}
	}
	return false
}
