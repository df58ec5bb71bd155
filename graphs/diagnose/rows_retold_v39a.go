package diagnose

// Retellings from validation v39a (2026-12-07; its passages are not held in the corpus:
// each row names its source, TestFormsInvalidContext39a holds their forms): the invalid
// context told as "an invalid context error" that a call gets, returns or fails with.

// retoldV39A returns the retellings of this file.
func retoldV39A() []retelling {
	return []retelling{
		withRequires(borrow(CUDAInvalidContext, invalidContextErrorRetold, "the error told as \"an invalid context "+
			"error\" a call gets (validation v39a's F4 probes, beside cudarc's \"a DriverError(INVALID_CONTEXT_ERROR) is "+
			"returned\", chelsea0x3b/cudarc#112); rows_retold_v39a.go"), cudaBindingNamed+`|from the driver`),
		withRequires(borrow(OpenMPMissing, ompShippedFixRetold, "a fix that ships OpenMP's header or library for "+
			"Inductor's C++ (\"Ship `omp.h` in `torch/include` and add Homebrew OpenMP library search path\", "+
			"pytorch/pytorch#104192, Fixes #95708, validation v39a's F5); rows_retold_v39a.go"), compileContext),
	}
}

// ompShippedFixRetold is openmp-missing told by the fix that ships what the compile did
// not find: omp.h or libomp shipped, bundled or vendored, or a Homebrew OpenMP search or
// include path added ("Ship `omp.h` in `torch/include` and add Homebrew OpenMP library search
// path if Homebrew is installed. With this change, `torch.compile` on macOS CPU works",
// pytorch/pytorch#104192; "Bundle libomp.dylib/omp.h so torch.compile on CPU works on
// Mac"). The verb's base form (a title's, a TODO's) wants what the fix gives after it
// (torch/include, "works"): "TODO: … bundle `omp.h` into the package and use it instead"
// (gc_neg_pt93895_pr_fix_openmp_discovery_macos) is a plan. torch.compile, Dynamo or
// Inductor must be named in the text (the retelling's Requires): another project's
// bundled libomp is its own.
var ompShippedFixRetold = retold{
	literals: []string{"omp.h", "libomp", "OpenMP"},
	pattern: `(?i)\b(?:ships|shipped|bundles|bundled|vendors|vendored)\s+\W?(?:omp\.h|libomp)\b|` +
		`\b(?:ship|shipping|bundle|bundling)\s+\W?(?:omp\.h|libomp)\b[^;]{0,120}?\b(?:works?|worked|working|in\s\W?torch/include)\b|` +
		`\badd(?:s|ed|ing)?\s+(?:the\s+)?homebrew\s+(?:openmp|libomp)\s+(?:library\s+)?(?:search\s+|include\s+)?paths?\b`,
}

// invalidContextErrorRetold is cuda-invalid-context told in prose as an error a call or
// a thread gets, returns, throws or fails with: "the worker thread gets an invalid context
// error from the driver", "cuMemAlloc returned an invalid CUDA context error", "kernels
// fail with an invalid context error". CUDA, a binding or the driver must be named in the
// text (the retelling's Requires): a template engine's "invalid context error" is not it.
var invalidContextErrorRetold = retold{
	literals: []string{"alid context error", "alid CUDA context error", "alid device context error"},
	pattern: `(?i)\b(?:gets?|got|getting|returns?|returned|returning|throws?|threw|raises?|raised|hits?|hitting|` +
		`(?:fails?|failed|failing|errors?|errored|dies|died|crash(?:es|ed)?)\swith)\s(?:an?\s|the\s)?` +
		`invalid\s(?:cuda\s|device\s)?context\serror\b`,
}
