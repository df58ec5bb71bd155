package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsV29: validation v29's two misses and two false findings (not held in the corpus), each as a
// class (branch fixv29). The caching allocator's assert named by the capture status
// alone, with its failure told; a quotation whose failure is told after it, on its line
// or the line below in the same comment block; code that tests an exception's text; a
// consequence told as what will or may happen after a condition. Their lookalikes stay
// as they were.
func TestFormsV29(t *testing.T) {
	t.Parallel()
	at := func(code diagnose.Code, line int, m diagnose.Match) form { return form{code, line, m, ""} }
	const (
		pending  = "Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards."
		python   = "Python 3.11+ not yet supported for torch.compile"
		unjoined = "capturing stream has unjoined work"
		offset   = "Offset increment outside graph capture"
	)
	illegal := func(line int) form { return at(diagnose.StreamCaptureIllegal, line, diagnose.Paraphrased) }
	concurrent := func(line int) form { return at(diagnose.TreesConcurrentCallers, line, diagnose.Truncated) }
	checkForms(t, []formTest{
		// 1. The allocator's assert named by the status alone.
		{"status: v29 pos/09", "        #    实测:探针位置修对后真跑进捕获期 ⇒ `bincount`/`zeros`/`cat` 让捕获作废 ⇒\n        #    `cudaStreamCaptureStatusInvalidated INTERNAL ASSERT FAILED` ⇒ **实例起不来** ✗\n", illegal(2), "v29 pos/09, a Chinese comment"},
		{"status: bare line", "cudaStreamCaptureStatusInvalidated INTERNAL ASSERT FAILED\n", illegal(1), "the line alone"},
		{"status: assert failed", "the replay died: `cudaStreamCaptureStatusInvalidated` assert failed in the allocator\n", illegal(1), "assert failed"},
		{"status: errors", "we kept getting cudaStreamCaptureStatusInvalidated errors after the first capture\n", illegal(1), "an error word after it"},
		{"status: hip", "hipStreamCaptureStatusInvalidated 报错，graph 没有起来\n", illegal(1), "HIP's name, Chinese"},
		{"status: no prefix", "\"StreamCaptureStatusInvalidated\" error on the second replay\n", illegal(1), "the name without its runtime's prefix"},
		{"status: hit before", "we hit `cudaStreamCaptureStatusInvalidated` on the second capture\n", illegal(1), "a verb of failing before it"},
		{"status: crashed with", "the server crashed with cudaStreamCaptureStatusInvalidated during warmup\n", illegal(1), "crashed with"},
		{"status: comparison", "    if (status == cudaStreamCaptureStatusInvalidated) { return fail(); }\n", form{}, "code compares the status"},
		{"status: enum doc", "cudaStreamCaptureStatusInvalidated: The capture sequence has been invalidated, but not terminated.\n", form{}, "CUDA's documentation"},
		{"status: rule", "cudaStreamGetCaptureInfo returns cudaStreamCaptureStatusInvalidated if a previous error invalidated it\n", form{}, "an error three words off"},
		{"status: source assert", "  TORCH_INTERNAL_ASSERT(status != cudaStreamCaptureStatusInvalidated);\n", form{}, "the source's assert, no FAILED"},
		{"status: enum value", "    hipStreamCaptureStatusInvalidated = 2, ///< Capture sequence was invalidated, but not terminated\n", form{}, "HIP's enum"},
		// 2. The failure told after the quotation, on its line or the line below.
		{"after: v29 pos/22", "            # swa_atom_attention's FlashAttention path is NOT CUDA-graph capturable: it bumps a philox\n            # RNG offset outside the capture (\"" + offset + "\") and its varlen\n            # setup hits an aten.nonzero graph break. Manual/graphed both fail there, so it stays\n", concurrent(2), "v29 pos/22, the failure on the line below"},
		{"after: same line", "# it bumps the RNG offset outside the capture (\"" + offset + "\") and the step crashes\n", concurrent(1), "the failure later on its line"},
		{"after: paragraph", "The benchmark bumps the offset outside the capture (\"" + offset + "\")\nand every shape failed on H100.\n", concurrent(1), "a paragraph's next line"},
		{"after: fails with, same line", "# it fails with (\"" + offset + "\") on every shape\n", concurrent(1), "the failure before it (read before)"},
		{"after: would fail", "# the offset is bumped outside the capture (\"" + offset + "\"), which\n# would fail the replay.\n", form{}, "a modal"},
		{"after: never fails", "# the offset is bumped outside the capture (\"" + offset + "\") but it\n# never fails on H100.\n", form{}, "a negation"},
		{"after: another block", "# the offset is bumped outside the capture (\"" + offset + "\")\nx = run()  # fails there\n", form{}, "the line below is code, not the comment block"},
		{"after: blank line", "# the offset is bumped outside the capture (\"" + offset + "\")\n\n# Both fail there.\n", form{}, "a blank line ends the block"},
		{"after: a kind of error", "the docs list (\"" + offset + "\") among capture errors\n", form{}, "a noun of the message's kind, not a failure (TestLeadQuotesPattern's rng-not-said)"},
		{"after: no failure", "# the offset is bumped outside the capture (\"" + offset + "\") and\n# its setup is slow.\n", form{}, "no word of failing"},
		// 3. Code that tests an exception's text.
		{"exception: v29 neg/09", "            except RuntimeError as ex:\n                if '" + python + "' in str(ex):\n                    print('" + python + "')\n                else:\n                    raise ex\n", form{}, "v29 neg/09, and its print under the test"},
		{"exception: repr", "    if \"" + unjoined + "\" in repr(e):\n        return None\n", form{}, "repr(e)"},
		{"exception: assertIn cm.exception", "        self.assertIn(\"" + unjoined + "\", str(cm.exception))\n", form{}, "unittest's cm.exception"},
		{"exception: pytest.raises match", "    with pytest.raises(RuntimeError, match=\"" + unjoined + "\"):\n", form{}, "pytest.raises(match=)"},
		{"exception: assertRaisesRegex", "        with self.assertRaisesRegex(RuntimeError, \"" + unjoined + "\"):\n", form{}, "assertRaisesRegex"},
		{"exception: re.search", "    if re.search(r\"" + unjoined + "\", msg):\n", form{}, "re.search"},
		{"exception: excinfo.value", "    assert \"" + unjoined + "\" in str(excinfo.value)\n", form{}, "pytest's excinfo.value"},
		{"exception: w.message quiet", "self.assertTrue(any(\"The CUDA Graph is empty\" in str(w.message) for w in caught))\n", form{}, "a test that the warning occurs (holdout4's pt88754) (no finding since a test's expectation is no report: expectMarks, v32c)"},
		{"exception: print alone stays", "print('" + python + "')\n", at(diagnose.UnsupportedPython, 1, diagnose.Exact), "no test above it"},
		{"exception: traceback stays", "Traceback (most recent call last):\n  File \"x.py\", line 3, in <module>\nRuntimeError: " + python + "\n", at(diagnose.UnsupportedPython, 3, diagnose.Exact), "a run's output"},
		// 4. A consequence told as what will or may happen after a condition.
		{"modal: v29 neg/20", "        Without this, PyTorch will warn: \"Unable to hit fast path of CUDAGraphs\n        because of pending, uninvoked backwards.\"\n", form{}, "v29 neg/20, the quote wrapped"},
		{"modal: one line", "Without this, PyTorch will warn: \"" + pending + "\"\n", form{}, "the quote on one line"},
		{"modal: otherwise will raise", "Otherwise Inductor will raise: \"" + unjoined + "\"\n", form{}, "otherwise"},
		{"modal: if you forget, would print", "If you forget the mark, PyTorch would print \"" + pending + "\"\n", form{}, "if you forget"},
		{"modal: you'll get", "Without it, you'll get \"" + unjoined + "\" at capture end.\n", form{}, "you'll get"},
		{"modal: can fail with", "Without this, the capture can fail with `" + unjoined + "`.\n", form{}, "can fail with"},
		{"modal: may warn stays", "                # Without this, Inductor may warn:\n                #   \"Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards\"\n", at(diagnose.TreesPendingBackward, 2, diagnose.Exact), "holdoutAE's musubi comment, labelled a report"},
		{"modal: past warned", "Without this, PyTorch warned: \"" + pending + "\"\n", at(diagnose.TreesPendingBackward, 1, diagnose.Exact), "a past: a report"},
		{"modal: we got without it", "we got \"" + unjoined + "\" without it\n", at(diagnose.StreamCaptureUnjoined, 1, diagnose.Exact), "a report"},
		{"modal: a run will fail", "I ran it and it will fail with \"" + unjoined + "\" every time\n", at(diagnose.StreamCaptureUnjoined, 1, diagnose.Exact), "no condition before it"},
	})
}
