package diagnose

import (
	"bytes"
	"regexp"
)

// A test that asserts a message is absent quotes it as what must not occur: `assert
// "skipping cudagraphs due to mutaton on input" not in stderr[0]` (float8_experimental's
// test/test_compile.py, a check that the sync function keeps cudagraphs: fixneg25's
// 10.txt), `self.assertNotIn("skipping cudagraphs due to", cl.out)` (transformers'
// static-cache tests, code corpus), `assert not any("…" in l for l in lines)`,
// `self.assertFalse("…" in out)`, `assert "…" not in caplog.text`,
// `FileCheck().check_not("…")`, `.check_count("…", 0, exactly=True)`, `#
// CHECK-NOT: …`, `self.assertNotRegex(stderr, "…")`, the call or the assert on the line
// above and `not in …` on the line below where a formatter wrapped it. Such a line is no
// occurrence, for every code (assertMarks). A test that asserts the message does occur
// (`assert "…" in stderr`, `self.assertIn("…", …)`, `FileCheck().check("…")`,
// `self.assertTrue(any("…" in str(w.message) for w in caught))`: holdout4's pt88754)
// is no occurrence either since test code's expectations are read so (expectMarks);
// a double negative (`self.assertFalse("…" not in out)`, assertPresentLead) is read by
// neither and stays a finding. So does pytest's report of a failed absence test: its "E
// AssertionError: assert '…' not in '…'" line puts the text tested after "not in" as a
// quoted string that holds the message, and the source line it marks with ">" above an
// "E" line is an assertion that failed because the message was there
// (scanner.pytestFailed).

// Pieces of assertMarks: the text tested, after "not in" or "in": a name, an attribute,
// a call or an item ("stderr[0]", "caplog.text", "str(e)"), an opening parenthesis, or
// the line's end (the rest on the line below); never a quote, which pytest's report of
// the operands' values puts there.
const (
	assertTested = `\s*(?:\(|[A-Za-z_]|$)`
	// assertPresentLead: a negation of an absence, which asserts presence, before the
	// quote: "assertFalse(", "assertFalse(all(", "not (", "not any(", "not all(".
	assertPresentLead = `(?i)(?:\bassertFalse\s*\(\s*(?:(?:any|all)\s*\(\s*)?|\bnot\s*\(\s*|\bnot\s+(?:any|all)\s*\(\s*)`
)

// assertMarks returns the ways a test asserts a quoted message is absent, then
// expectMarks, a fresh copy on each call. Each of the first is an assertion (pytestFailed reads a failed one as an occurrence) and
// reads a quotation cut too (cutToo).
func assertMarks() []absentMark {
	marks := []absentMark{
		// `assert "…" not in stderr[0]`, `assert "…" not in out, "msg"`, `self.assertTrue("…"
		// not in out)`, `assert all("…" not in l for l in lines)`; the assert on the line
		// above or "not in" on the line below where a formatter wrapped it.
		{before: regexp.MustCompile(`(?i)\bassert(?:\s+|\s*\(\s*|\w+\s*\(\s*)(?:all\s*\(\s*)?` + absentOpen),
			after:     regexp.MustCompile(absentClose + `\s*not\s+in` + assertTested),
			notBefore: regexp.MustCompile(assertPresentLead + absentOpen), joinPrev: true, joinNext: true},
		// `self.assertNotIn("…", out)`, `FileCheck().check_not("…")`, `assert_not_in("…", …)`.
		{before: regexp.MustCompile(`\b(?:assertNotIn|assert_not_in|check_not)\s*\(\s*` + absentOpen), joinPrev: true},
		// `self.assertNotRegex(stderr, "…")`, `assertNotContains(response, "…")`: the
		// message the second argument.
		{before: regexp.MustCompile(`\b(?:assertNotRegexp?(?:Matches)?|assertNotContains|assert_not_contains)\s*\([^\x60"'“‘\n()]{0,80}(?:\([^()\n]{0,40}\)[^\x60"'“‘\n()]{0,40})?,\s*` + absentOpen)},
		// `FileCheck().check_count("…", 0, exactly=True)`.
		{before: regexp.MustCompile(`\bcheck_count\s*\(\s*` + absentOpen), after: regexp.MustCompile(absentClose + `\s*,\s*0\s*[,)]`), joinPrev: true},
		// FileCheck's and LLVM's check strings: "# CHECK-NOT: …", "CHECK-COUNT-0: …".
		{before: regexp.MustCompile(`\bCHECK-(?:NOT|COUNT-0):\s*[\x60"'“‘]?[^\x60"'“”‘’|]{0,40}$`)},
		// `assert not any("…" in l for l in lines)`, `self.assertFalse("…" in out)`,
		// `self.assertFalse(any("…" in str(w.message) for w in caught))`, `assert not "…"
		// in out`.
		{before: regexp.MustCompile(`(?i)(?:\bassertFalse\s*\(\s*(?:any\s*\(\s*)?|\bassert\s+not\s*\(?\s*(?:any\s*\(\s*)?|\bnot\s+any\s*\(\s*)` + absentOpen),
			after: regexp.MustCompile(absentClose + `\s*in` + assertTested), joinPrev: true, joinNext: true},
	}
	for i := range marks {
		// a test asserts a part of the message as often as all of it:
		// `self.assertNotIn("accessing tensor output of CUDAGraphs that has been
		// overwritten", out)` (cutToo)
		marks[i].assertion, marks[i].cutToo = true, true
	}
	expect := expectMarks()
	for i := range expect {
		expect[i].cutToo = true
	}
	return append(marks, expect...)
}

// joinedAfter returns after (the line's words after the literal), a space and the start
// of next (the line below, less its leading white space), where after ends at a closing
// quote (endsAtQuote); nil for no next or where after goes on.
func joinedAfter(after, next []byte) []byte {
	if next == nil || !endsAtQuote(after) {
		return nil
	}
	rest := bytes.TrimRight(after, " \t\r")
	next = bytes.TrimLeft(next, " \t")
	next = next[:min(len(next), absentAround)]
	out := make([]byte, 0, len(rest)+1+len(next))
	return append(append(append(out, rest...), ' '), next...)
}

// endsAtQuote reports whether text, less its trailing white space, ends in a quote mark:
// only then may a mark read the line below (joinNext).
func endsAtQuote(text []byte) bool {
	rest := bytes.TrimRight(text, " \t\r")
	if len(rest) == 0 {
		return false
	}
	return bytes.IndexByte([]byte(litQuotes), rest[len(rest)-1]) >= 0 || bytes.HasSuffix(rest, []byte("”")) || bytes.HasSuffix(rest, []byte("’"))
}

// raisesExpect is the way a test expects a call to raise a message, as test code quotes
// it (expectMarks): pytest's `pytest.raises(RuntimeError, match="…")` and
// `pytest.warns(…, match=…)`, unittest's `assertRaisesRegex(RuntimeError, "…")` and
// `assertWarnsRegex`, `assertRaises(RuntimeError, f, "…")` and `assertWarns` (the message
// an argument the test hands the callable: fixneg39), GoogleTest's `EXPECT_THROW`'s and `EXPECT_THAT`'s
// `HasSubstr("…")`, a mock's `side_effect=` keyword; a message on the call's line or on
// the line below where a formatter wrapped it.
const raisesExpect = `(?:\b(?:raises|warns)\s*\([^\n]{0,120}?\bmatch\s*=\s*|\bassert(?:Raises|Warns)(?:Regexp?)?\s*\([^\n]{0,120}?,\s*|` +
	`\bHasSubstr\s*\(\s*|\bside_effect\s*=\s*(?:[\w.]*(?:Error|Exception)\s*\(\s*)?)[rbuRBU]{0,2}` + absentOpen

// expectMarks are the ways test code quotes a message as what it expects, each no
// occurrence: an assertion that the message occurs (`assert "skipping cudagraphs due to
// cpu device" in caplog.text`, a test of tensorplay's own cudagraphs backend:
// fd_neg_tensorplay_test_caplog_skip_cpu_device; `self.assertIn("…", out)`, `assert msg == "…"`,
// `self.assertEqual(msg, "…")`, `FileCheck().check("…")`) and a test's skip reason
// (`pytest.skip("installed PyTorch does not support torch.compile on Python 3.14")`
// under `if "…" in str(exc):`, fd_neg_test_except_runtimeerror_py314_skip; `@unittest.skipIf(cond, "…")`,
// `pytest.mark.skipif(cond, reason="…")` on one line; over lines, callState reads the
// call), and an expectation that a call raises it (raisesExpect: `pytest.raises(…,
// match="…")`, validation v33a's class of test doubles). Each says what the test wants,
// not what a run printed: the fresh testers' labels of holdoutDG, holdoutFD and the validation v31 (testdata/corpus/README.md's relabels of
// holdoutG1, AN, AR and DZ). A failed presence assertion in pytest's report shows the
// message missing, so these are no assertion of absence (assertion stays false).
func expectMarks() []absentMark {
	return []absentMark{
		{before: regexp.MustCompile(`(?i)\bassert(?:\s+|\s*\(\s*|True\s*\(\s*)(?:any\s*\(\s*)?` + absentOpen),
			after: regexp.MustCompile(absentClose + `\s*in` + assertTested), notBefore: regexp.MustCompile(assertPresentLead + absentOpen), joinPrev: true, joinNext: true},
		{before: regexp.MustCompile(`(?:\bassert(?:In|Regexp?(?:Matches)?|Contains|Equals?|_in|_contains|_equal)\s*\(\s*(?:[^\x60"'“‘\n()]{0,80}(?:\([^()\n]{0,40}\)[^\x60"'“‘\n()]{0,40})?,\s*)?|\.check(?:_next|_same|_dag)?\(\s*|` +
			`\bassert\b[^\n]{0,80}?[!=]=\s*|\b(?:skip(?:If\w*|Unless\w*|Test|if|_if|_unless)?|xfail)\([^\n]{0,120}?)[rf]?` + absentOpen), joinPrev: true},
		{before: regexp.MustCompile(raisesExpect), joinPrev: true},
	}
}
