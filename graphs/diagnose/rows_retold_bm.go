package diagnose

// Retellings from the held-out set BM's measurement (2026-12-05), each read as a class
// from its siblings, not the set's words.

// retoldBM returns the retellings of this file.
func retoldBM() []retelling {
	return []retelling{
		withRequires(borrow(OpenMPMissing, ompMissingRetold, "the compiler's missing omp.h retold (\"complaining about a missing "+
			"`omp.h` header\"; rows_retold_bm.go)"), ompBuildContext),
	}
}

// ompMissingRetold is openmp-missing told in words: omp.h said missing or not found, beside
// a C++ compile of Inductor's (its rows' context, compileContext): "complaining about a
// missing `omp.h` header", "omp.h is missing", "the omp.h header was not found". One
// literal, the header's name.
var ompMissingRetold = retold{
	literals: []string{"omp.h"},
	pattern: `(?i)\b(?P<v>missing)\s+\W?omp\.h\b|\bomp\.h\W?\s+(?:header\s+|file\s+)?(?:is\s+|was\s+)?(?:missing|not\s+found|cannot\s+be\s+found)\b|` +
		`\b(?P<v>cannot|can't|could\s*n[o']t|unable\s+to|fail(?:s|ed)?\s+to)\s+(?:find|open)\s+\W?omp\.h\b`,
}
