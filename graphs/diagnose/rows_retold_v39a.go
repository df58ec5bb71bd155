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
	}
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
