package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsAbsenceAsserted: a test that asserts a catalogue message is absent quotes it
// as what must not occur, and gives no finding, in every form (absent_assert.go); a test
// that asserts it occurs, a double negative, pytest's report of a failed absence test,
// and a pasted raise stay findings (branch fixneg25).
func TestFormsAbsenceAsserted(t *testing.T) {
	exact := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Exact, ""} }
	const (
		typo = "skipping cudagraphs due to mutaton on input"
		mut  = "skipping cudagraphs due to mutated inputs (1 instances)"
	)
	checkForms(t, []formTest{
		// Unread: the assertions of absence.
		{"float8_experimental test_compile.py", "            16, 16, device=\"cuda\", dtype=torch.float32, requires_grad=True\n        )\n" +
			"        sync_func = torch.compile(\n            sync_float8_amax_and_scale_history, mode=\"reduce-overhead\", fullgraph=True\n        )\n" +
			"        fp8_layers = get_float8_layers(my_module)\n        my_module(inpt)\n        sync_func(my_module, fp8_layers)\n\n" +
			"    assert \"" + typo + "\" not in stderr[0]\n", form{},
			"pytorch-labs/float8_experimental test/test_compile.py lines 311-320 (fixneg25's 10.txt; torchao's test/float8/test_compile.py has the same line, code corpus)"},
		{"not in caplog.text", "    assert \"" + mut + "\" not in caplog.text\n", form{}, "pytest's caplog"},
		{"not in, a message after the comma", "    assert \"" + mut + "\" not in out, \"cudagraphs were skipped\"\n", form{}, "the assert's own message"},
		{"assertTrue not in", "        self.assertTrue(\"" + mut + "\" not in out)\n", form{}, "unittest's assertTrue of an absence"},
		{"all not in", "    assert all(\"" + mut + "\" not in l for l in lines)\n", form{}, "no line holds it"},
		{"assertNotIn", "                        self.assertNotIn(\"" + mut + "\", cl.out)\n", form{}, "transformers' static-cache tests assert \"skipping cudagraphs due to\" absent so (code corpus)"},
		{"assertNotIn with the class", "        self.assertNotIn(\"RuntimeError: CUDA error: operation not permitted when stream is capturing\", stderr)\n", form{}, "the message's head inside the quote"},
		{"not any", "    assert not any(\"" + mut + "\" in l for l in lines)\n", form{}, "no line holds it"},
		{"assertFalse in", "        self.assertFalse(\"" + mut + "\" in out)\n", form{}, "unittest's assertFalse"},
		{"assertFalse any", "        self.assertFalse(any(\"The CUDA Graph is empty\" in str(w.message) for w in caught))\n", form{}, "pt88754's assertion turned round"},
		{"assert not in", "    assert not \"" + mut + "\" in out\n", form{}, "not before the quote"},
		{"FileCheck check_not", "        FileCheck().check_not(\"" + mut + "\").run(stderr)\n", form{}, "PyTorch's FileCheck"},
		{"FileCheck check_count 0", "        FileCheck().check_count(\"" + mut + "\", 0, exactly=True).run(stderr)\n", form{}, "counted 0 times"},
		{"CHECK-NOT", "# CHECK-NOT: " + mut + "\n", form{}, "a check string"},
		{"assertNotRegex", "        self.assertNotRegex(stderr.getvalue(), \"" + mut + "\")\n", form{}, "the message the second argument"},
		// Unread across line wraps.
		{"assertNotIn wrapped", "        self.assertNotIn(\n            \"" + mut + "\",\n            stderr,\n        )\n", form{}, "the call on the line above"},
		{"assert wrapped, not in below", "    assert (\n        \"" + typo + "\"\n        not in stderr[0]\n    )\n", form{}, "the assert above, not in below"},
		{"not in (", "    assert \"" + typo + "\" not in (\n        stderr[0]\n    )\n", form{}, "the text tested on the line below"},
		{"check_not wrapped", "        FileCheck().check_not(\n            \"" + mut + "\"\n        ).run(stderr)\n", form{}, "the call on the line above"},
		{"not any wrapped", "    assert not any(\n        \"" + mut + "\" in line for line in lines\n    )\n", form{}, "the call on the line above"},
		// Unread too: assertions of presence, a test's expectation (expectMarks).
		{"assert in", "    assert \"" + mut + "\" in stderr[0]\n", form{}, "presence (no finding since a test's expectation is no report: expectMarks, v32c)"},
		{"assertIn", "        self.assertIn(\"" + mut + "\", cl.out)\n", form{}, "presence (no finding since a test's expectation is no report: expectMarks, v32c)"},
		{"FileCheck check", "        FileCheck().check(\"" + mut + "\").run(stderr)\n", form{}, "presence (no finding since a test's expectation is no report: expectMarks, v32c)"},
		{"assertTrue any", "        self.assertTrue(any(\"The CUDA Graph is empty\" in str(w.message) for w in caught))\n", form{}, "holdout4's pt88754, relabelled \"-\" (no finding since a test's expectation is no report: expectMarks, v32c)"},
		// Read: double negatives, failed absence tests, raise lines.
		{"assertFalse not in", "        self.assertFalse(\"" + mut + "\" not in out)\n", exact(diagnose.SkipMutatedInputs, 1), "a double negative asserts presence"},
		{"assert not (not in)", "    assert not (\"" + mut + "\" not in out)\n", exact(diagnose.SkipMutatedInputs, 1), "a double negative asserts presence"},
		{"assertFalse all not in", "        self.assertFalse(all(\"" + mut + "\" not in l for l in lines))\n", exact(diagnose.SkipMutatedInputs, 1), "some line holds it"},
		{"pytest E line", ">       assert \"" + typo + "\" not in stderr[0]\n" +
			"E       AssertionError: assert '" + typo + "' not in 'W0115 10:02:11.000 torch/_inductor/cudagraph_trees.py] " + typo + ". Found from : \\n'\n" +
			"E         'skipping cud...on on input' is contained here:\n",
			exact(diagnose.SkipMutatedInputs, 1), "a failed absence test: the message was there (pytest's _notin_text)"},
		{"pytest E line alone", "E       AssertionError: assert '" + typo + "' not in 'W0115 " + typo + ". Found from : \\n'\n",
			exact(diagnose.SkipMutatedInputs, 1), "the text tested after not in is a quoted string that holds it"},
		{"pytest not any failed", "    def test_no_skip():\n>       assert not any(\"" + mut + "\" in l for l in lines)\nE       assert not True\n",
			exact(diagnose.SkipMutatedInputs, 2), "the E line right below: the assertion failed"},
		{"unittest failure", "AssertionError: '" + mut + "' unexpectedly found in 'skipping cudagraphs due to mutated inputs (1 instances)\\n'\n",
			exact(diagnose.SkipMutatedInputs, 1), "unittest's assertNotIn failed"},
		{"not in prose", "we still see `" + mut + "` not in eager mode but with compile\n", exact(diagnose.SkipMutatedInputs, 1), "words after not in: no code"},
		{"raise wrapped", "  File \"/usr/lib/python3/site-packages/torch/__init__.py\", line 2398, in compile\n    raise RuntimeError(\n" +
			"        \"Either mode or options can be specified, but both can't be specified at the same time.\"\n    )\n",
			exact(diagnose.ModeAndOptions, 3), "a pasted raise: read today, kept"},
	})
}
