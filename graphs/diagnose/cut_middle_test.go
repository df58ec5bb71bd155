package diagnose

import (
	"bytes"
	"testing"
)

// TestMiddleQuotes: a message quoted without its first words (a middle or tail part of a
// row's literal, word-aligned, minMiddle characters or more), the prose saying it
// occurred, is read by the middle rule (cut_middle.go), on one line or wrapped inside
// its quotes; each "want" failed before but dealloc-one-line, overwritten-tail and
// boolean-indexing (other rules' already). A part too short, cut inside a word, not said
// to occur, or a dotted name stays quiet.
func TestMiddleQuotes(t *testing.T) {
	t.Parallel()
	tests := []codeCase{
		{"dealloc-wrapped", "under reduce-overhead the check fails with \"an input tensor deallocate during graph recording that\nnever happens on replay\" on step two", TreesInputDeallocated},
		{"dealloc-one-line", "torch.compile raised `observed an input tensor deallocate during graph` with checkpointing", TreesInputDeallocated},
		{"overwritten-tail", "after the second call we got 'tensor output of CUDAGraphs that has been overwritten by a subsequent run' when reading logits", OverwrittenOutput},
		{"overwritten-wrapped", "Our eval loop crashed:\n\"output of CUDAGraphs that has been overwritten by a\nsubsequent run\" (reduce-overhead).", OverwrittenOutput},
		{"gpu-capability", "the T4 box crashes with \"only supports devices of CUDA Capability >= 7.0, but your device\" at first compile", GPUTooOldForTriton},
		{"uncached-allocator", "capture fails: 'requires the caching allocator; current allocator is uncached' with PYTORCH_NO_CUDA_MEMORY_CACHING=1", AllocatorIncompatible},
		{"mempool", "we hit \"MemPool contexts are not compatible with CUDA graphs\" inside use_mem_pool", AllocatorIncompatible},
		{"boolean-indexing", "the log says it raised `fallback with boolean indexing is not compatible with CUDA graphs` so mask first", SkipIncompatibleOp},
		{"unpinned-wrapped", "replay died with 'copy between CPU and CUDA tensors\nduring CUDA graph capture' in the loader", CaptureUnpinnedCopy},
		{"mode-options", "compile() errors with \"options can be specified, but both can't be specified at the same time\" when both are set", ModeAndOptions},
		{"pending-backward", "we kept hitting \"fast path of CUDAGraphs because outputs from a previous step still require backward\" in eval", TreesPendingBackward},
		{"reports-wrapped", "the trees' check reports it as 'observed an input tensor deallocate during graph recording\nnever showed up on replay' each step", TreesInputDeallocated},
		{"says-mempool", "the allocator says \"MemPool contexts are not compatible with CUDA graphs\" and stops", AllocatorIncompatible},
		// quiet
		{"too-short", "it failed with \"deallocate during graph recording\" once", ""},
		{"inside-word", "it failed with \"nput tensor deallocate during graph recording that\" once", ""},
		{"not-said-wrapped", "see the section \"copy between CPU and CUDA tensors\nduring CUDA graph capture\" in the docs", ""},
		{"identifier", "it failed with \"torch._inductor.config.cpp.cxx\" unset", ""},
		{"not-said", "the docs list \"an input tensor deallocate during graph recording that did not occur\" as a known case", ""},
	}
	checkFirstCodes(t, tests)
}

// middleCounts reports whether q, a quotation on lines[n] (next the line below), would
// be the middle rule's: said to occur or minMiddle characters or more, and not read by
// the marks as no occurrence (hypotheticalMarks: holdoutFB's "holding onto an output
// tensor … / # can trigger \"overwritten by a subsequent run\" errors.").
func middleCounts(s *scanner, q middleQuote, lines [][]byte, n int, next []byte) bool {
	if !q.said() && len(q.sl) < minMiddle {
		return false
	}
	var above []byte
	if n > 0 {
		above = lines[n-1]
	}
	return markedAbsent(s.t.absent, above, lines[n], next, q.text) == noAbsence
}

// TestMiddleQuotesNegatives measures the middle rule's threshold (minMiddle) on the
// corpus: no negative text (a "-" row of manifest.tsv) holds a quotation of five words or
// more, on one line or wrapped over two, that is a one-code middle or tail part of a
// row's literal with middleMargin characters or more shown (squeezed) and said to occur,
// so minMiddle keeps a margin; nor one of minMiddle characters or more not said to occur
// (the longest is 31: kornia's conftest tests `"not yet supported for torch.compile" not
// in str(ex)`).
func TestMiddleQuotesNegatives(t *testing.T) {
	// middleQuietElsewhere are negatives with a quotation that is a middle part of a
	// literal, which give no finding all the same (TestCorpus holds their golden files),
	// with the reason.
	middleQuietElsewhere := map[string]string{
		"hg_neg_code_comment_clone_prevents_overwritten_errors":        "a comment's purpose, \"— prevents\" ending the line over the quote on the next (purposeJoined)",
		"hg_neg_code_comment_rope_do_not_persist_to_avoid_overwritten": "a comment's purpose, \"to avoid\" ending the line over the quote on the next (purposeJoined)",
	}
	t.Parallel()
	const middleMargin = 20
	s, err := newScanner()
	if err != nil {
		t.Fatal(err)
	}
	negatives, longest, unsaid := 0, 0, 0
	for _, fields := range ManifestRows(t) { // read once (corpus_shared_test.go)
		if len(fields) != 5 || fields[3] != "-" {
			continue
		}
		if _, open := OpenFalse[fields[0]]; open {
			continue // a negative whose finding is open, with its reason (corpus_test.go)
		}
		if _, quiet := middleQuietElsewhere[fields[0]]; quiet {
			continue // the middle rule fits, and the text gives no finding (its golden file)
		}
		negatives++
		text := corpusText(t, fields[0])
		lines := bytes.Split(text, []byte("\n"))
		for n, line := range lines {
			var next []byte
			if n+1 < len(lines) {
				next = lines[n+1]
			}
			for _, q := range middleQuotes(line, next, nil, middleMargin) {
				codes := map[Code]bool{}
				for i := range s.rows {
					if m := middleFits(&s.rows[i], q, middleMargin); m > 0 {
						codes[s.rows[i].Code] = true
						longest = max(longest, m)
					}
				}
				one := len(codes) == 1 || len(codes) == 2 && codes[LegacyMutatedInput] && codes[SkipMutatedInputs]
				if one && !q.said() {
					unsaid = max(unsaid, len(q.sl))
				}
				if one && middleCounts(s, q, lines, n, next) {
					t.Errorf("%s:%d: quotation %q (%d, said %v) is a middle part of a literal of %v", fields[0], n+1, q.text, len(q.sl), q.said(), codes)
				}
			}
		}
	}
	t.Logf("%d negatives; longest middle part of any literal quoted: %d; of one code's, not said to occur: %d", negatives, longest, unsaid)
	if negatives < 100 {
		t.Fatalf("%d negatives read, want the corpus's", negatives)
	}
}
