package diagnose

import (
	"strings"
	"testing"
)

// TestReleaseAsTimeRelease (issue 21's v39b F5, pytorch/pytorch#119988's "Triton is
// bundled with latest (CUDA-12.3 at time of PyTorch-2.2 release) ptxas", read as 2.2
// before): a release named as a point in time, a release's date ("at the time of the 2.5
// release", "around the PyTorch 2.4 release", "up to the 2.4 release branch cut"), is no
// run's; a run said on a release is still read.
func TestReleaseAsTimeRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v39b F5", "Needed to make PyTorch compiled against CUDA-11.8 usable with 11.8 driver, as Triton is bundled with latest (CUDA-12.3 at time of PyTorch-2.2 release) ptxas", ""},
		{"at the time of the", "Triton shipped ptxas from CUDA 12.3 (latest at the time of the 2.5 release).", ""},
		{"at the time of PyTorch", "At the time of the PyTorch 2.1 release, Triton did not bundle ptxas.", ""},
		{"around", "This regressed around the PyTorch 2.4 release.", ""},
		{"up to the branch cut", "Changes landed up to the 2.4 release branch cut are included.", ""},
		{"starting with the release", "Starting with the PyTorch 2.3 release, Triton ships ptxas.", ""},
		{"since the release", "Since the 2.3 release, Triton ships its own ptxas.", ""},
		{"as of", "As of PyTorch 2.1, the bundled ptxas is used.", ""},
		{"before the release", "Before the PyTorch 2.2 release we built Triton ourselves.", ""},
		// the run's
		{"on the release I get", "On the PyTorch 2.2 release I get this error when compiling:", "2.2"},
		{"since the release it fails", "Since the 2.5 release, torch.compile fails on my model with:", "2.5"},
		{"with the release", "With the PyTorch 2.4 release my compile crashes.", "2.4"},
	})
}

// TestFixedEnvRelease (issue 21's v39b F3 and F4): the environment stated right after a
// line that says the failure is gone there ("get fixed in:", ROCm/pytorch#3150; "… this
// bug is fixed. I've added the gist here." over "Torch version: 2.9.1",
// keras-team/keras#21851; each read before) is another run's, not read even where the
// text states no other; the failing run's own block after it, and a block under a line
// that says the failure stays, are read.
func TestFixedEnvRelease(t *testing.T) {
	t.Parallel()
	const keras = "# Compiled torch model has much worse performance than non-compiled version.\n\n" +
		"maitry63 · comment · 2025-11-15\nHi @blechn, I recreated your code and it seems to be a version issue. With the older version, " +
		"we get an `InternalTorchDynamoError` because Keras struggled with tracing the `PyTree` utility functions used internally. " +
		"But with the latest versions, this bug is fixed. I've added the  [gist](https://colab.sandbox.google.com/gist/x/1/21851.ipynb) here. \n\n" +
		"`Keras version : 3.12.0\nTorch version: 2.9.1`\n\nblechn · comment · 2025-11-15\nAddition:\n"
	checkReleases(t, []releaseCase{
		{"v39b F3", "# Torch compile bug on llama4 model on MI325\n\n(run1) The compiled code generated nan.\n\nConcurrensee · comment · 2026-04-15\nget fixed in:\nTriton:  3.6.0\nPyTorch: 2.10.0+git8514f05", ""},
		{"v39b F4", keras + "> Setting TorchDynamo recompile limit to 32", ""},
		{"fixed after upgrading to", "Fixed after upgrading to:\ntorch: 2.7.0", ""},
		{"resolved with", "Resolved with:\n- PyTorch version: 2.6.0", ""},
		{"working environment", "Working environment:\ntorch==2.5.1", ""},
		{"works for me on", "Works for me on:\n`torch 2.5.1+cu124`", ""},
		{"can't reproduce, my env", "I can't reproduce this. My env:\nPyTorch version: 2.6.0", ""},
		{"a fence", "The issue is resolved on the latest nightly.\n\n```\nPyTorch version: 2.9.0.dev20250801+cu128\nCUDA used to build PyTorch: 12.8\n```", ""},
		{"tested on", "Tested on the latest release (torch 2.9.1): no error.", ""},
		// the failing run's
		{"the reporter's block after", "get fixed in:\nPyTorch: 2.10.0\n\nreporter · comment\nMine still fails:\nPyTorch: 2.9.0", "2.9"},
		{"v39b F4 and the reporter's", keras + "My env:\nTorch version: 2.8.0\n", "2.8"},
		{"not fixed", "This bug is not fixed:\nPyTorch version: 2.6.0", "2.6"},
		{"still happens", "I thought this bug was fixed but it still happens. My env:\nPyTorch version: 2.5.1", "2.5"},
		{"a fix's note far above", "The bug is fixed in the next release.\n\nSome more words here.\n\nPyTorch version: 2.5.1", "2.5"},
	})
}

// TestFailedPrintRelease (issue 21's v39b F2, pytorch/pytorch#153476: "With torch 2.6" /
// "PyTorch version: 2.6.0+cu124", then "With torch 2.7" / "PyTorch version:
// 2.7.0+cu126" / a traceback, read as 2.6 before): of two prints of torch's release, the
// later is the failing run's where the text's first failure follows it; the first is
// where the failure follows the first, or none comes near the second.
func TestFailedPrintRelease(t *testing.T) {
	t.Parallel()
	const tb = "Traceback (most recent call last):\n  File \"/tmp/rearr.py\", line 11, in <module>\n    fn(x)\n" +
		"torch._dynamo.exc.Unsupported: Unsupported method call\n"
	checkReleasesWhy(t, "", []releaseWhy{
		{"v39b F2", "# [BUG] `einops` is unsupported and break dynamo graph with torch 2.7\n\n`einops` were supported in compilation in torch 2.6. " +
			"But seems it is broken in torch 2.7\n\n```python\nprint(f\"PyTorch version: {torch.__version__}\")\n```\n\nWith torch 2.6\n```\n$ python rearr.py\n" +
			"PyTorch version: 2.6.0+cu124\n```\n\nWith torch 2.7\n```\n$ python rearr.py\nPyTorch version: 2.7.0+cu126\n" + tb + "```\n", "2.7", "the traceback follows the second print"},
		{"works then fails", "Works on 2.5.1:\n```\nPyTorch version: 2.5.1+cu124\nok\n```\nFails on 2.6.0:\n```\nPyTorch version: 2.6.0+cu124\n" + tb + "```\n", "2.6", "the failing block"},
		{"before and after upgrading", "Before upgrading:\n>>> torch.__version__\n'2.4.1'\n>>> run()\n\nAfter `pip install -U torch`:\n>>> torch.__version__\n'2.5.0'\n>>> run()\n" + tb, "2.5", "the REPL after the upgrade"},
		{"two pip show blocks", "old env:\nName: torch\nVersion: 2.4.1\nSummary: Tensors and Dynamic neural networks\n\nnew env (broken):\nName: torch\nVersion: 2.5.1\n" +
			"Summary: Tensors and Dynamic neural networks\n\n" + tb, "2.5", "pip show of the broken env"},
		// the first print's
		{"the first fails", "PyTorch version: 2.6.0+cu124\n" + tb + "\nWith 2.5 it passes:\nPyTorch version: 2.5.1+cu124\nok\n", "2.6", "the failure follows the first"},
		{"no failure near", "PyTorch version: 2.6.0+cu124\n\nPyTorch version: 2.7.0+cu126\n" + strings.Repeat("some log line\n", 40) + tb, "2.6", "the failure is far below"},
		{"the same release twice", "PyTorch version: 2.6.0+cu124\n\nPyTorch version: 2.6.0+cu126\n" + tb, "2.6", "one release"},
		{"no failure", "PyTorch version: 2.6.0+cu124\n\nPyTorch version: 2.7.0+cu126\n", "2.6", "no failure shown"},
	})
}
