package diagnose_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// Texts of newuser29's F5: vllm-project/vllm#48503's title, which retells a host-to-device
// copy failing a capture, and the linked PR's quote of capture-unpinned-copy's message.
const (
	siblingTitle = "[Bug]: Gemma 4 MTP speculative decoding crashes during CUDA graph capture " +
		"(`_suppress_token_ids` is a Python list, not a device tensor)\n"
	siblingQuote = "This fixes a `RuntimeError: Cannot copy between CPU and CUDA tensors during CUDA graph " +
		"capture unless the CPU tensor is pinned.` crash when Gemma 4 models suppress tokens.\n"
	siblingIllegal = "RuntimeError: CUDA error: operation not permitted when stream is capturing\n"
)

// TestRetoldSiblings checks that a text with PyTorch's own message of one code gets no
// finding of another code by a retelling both codes borrow (one story, read by release:
// rows_retold_dt.go), whatever release -torch names; a retelling alone keeps its
// release's code, and a retelling of an unrelated code stays beside the message.
func TestRetoldSiblings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, torch, log, reason string
		want                     []diagnose.Code
	}{
		{"quote, -torch 2.9", "2.9", siblingTitle + siblingQuote, "the title's retelling was stream-capture-illegal for 2.9 (vllm#48503)",
			[]diagnose.Code{diagnose.CaptureUnpinnedCopy}},
		{"quote, -torch 2.7", "2.7", siblingTitle + siblingQuote, "the same for 2.7",
			[]diagnose.Code{diagnose.CaptureUnpinnedCopy}},
		{"quote, stated 2.9", "", siblingTitle + "PyTorch version: 2.9.1+cu128\n" + siblingQuote, "a release the text states chooses as -torch does",
			[]diagnose.Code{diagnose.CaptureUnpinnedCopy}},
		{"quote, no release", "", siblingTitle + siblingQuote, "the default release read the retelling as the quote's code already",
			[]diagnose.Code{diagnose.CaptureUnpinnedCopy}},
		{"prose, -torch 2.9", "2.9", "List indexing issues an unpinned host->device copy, which is illegal during\n" +
			"capture and crashed the graph capture.\n" + siblingQuote, "vllm PR #53884's prose beside the quote",
			[]diagnose.Code{diagnose.CaptureUnpinnedCopy}},
		{"other message, -torch 2.11", "2.11", siblingTitle + siblingIllegal, "the text's message is the older releases' sibling",
			[]diagnose.Code{diagnose.StreamCaptureIllegal}},
		{"title alone, -torch 2.9", "2.9", siblingTitle, "a retelling alone: the release chooses its code",
			[]diagnose.Code{diagnose.StreamCaptureIllegal}},
		{"title alone, -torch 2.11", "2.11", siblingTitle, "a retelling alone on 2.11",
			[]diagnose.Code{diagnose.CaptureUnpinnedCopy}},
		{"unrelated retelling", "2.9", "Python 3.11 is not supported for torch.compile\n" + siblingQuote,
			"a retelling of another story stays", []diagnose.Code{diagnose.UnsupportedPython, diagnose.CaptureUnpinnedCopy}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Options{Torch: tc.torch}.Read(strings.NewReader(tc.log))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			var got []diagnose.Code
			for _, f := range d.Findings {
				got = append(got, f.Code)
			}
			slices.Sort(got)
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("Read(%q) with -torch %q: codes %v, want %v (%s)", tc.log, tc.torch, got, want, tc.reason)
			}
		})
	}
}
