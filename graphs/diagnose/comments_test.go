package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestCommentMarkSiblings: a message wrapped inside comment marks other than "#", "//",
// "--" and ";" (holdoutN's class) is found: LaTeX's and MATLAB's "%", Rust's "///" and
// "//!", Fortran's "!", Org mode's fixed-width ": " lines under #+RESULTS:. Each was
// missed before; a mark followed by no space is no mark.
func TestCommentMarkSiblings(t *testing.T) {
	t.Parallel()
	const head, tail = "Error: accessing tensor output of CUDAGraphs that has been\n", "overwritten by a subsequent run.\n"
	w := func(line int) form { return form{diagnose.OverwrittenOutput, line, diagnose.Wrapped, ""} }
	checkForms(t, []formTest{
		{"latex", "% reduce-overhead fails: " + head + "% " + tail, w(1), "LaTeX's comment"},
		{"matlab-cell", "%% " + head + "%% " + tail, w(1), "a MATLAB cell's mark"},
		{"rust-doc", "/// Fails with " + head + "/// " + tail, w(1), "Rust's doc comment"},
		{"rust-inner-doc", "//! " + head + "//! " + tail, w(1), "Rust's inner doc comment"},
		{"fortran", "! " + head + "! " + tail, w(1), "Fortran's comment"},
		{"org-results", "#+RESULTS:\n: Traceback (most recent call last):\n: RuntimeError: " + head + ": " + tail, w(3), "Org mode's fixed-width output"},
		{"no-space", "%" + head + "%" + tail, form{}, "a mark followed by no space is text"},
	})
}
