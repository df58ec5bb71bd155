package diagnose

// Retellings from validation v29 (2026-12-06; its passages are not held in the corpus: TestFormsV29
// holds them), each read as a class from its
// siblings: the caching allocator's assert on an invalidated capture named by its
// enum's name, without the "status != " PyTorch's assert prints before it. Its
// lookalikes stay unread: the enum in code (a comparison, a declaration, CUDA's
// documentation of the status), a rule that names it.

// retoldV29 returns the retellings of this file.
func retoldV29() []retelling {
	return []retelling{
		borrow(StreamCaptureIllegal, captureStatusInvalidatedRetold, "the caching allocator's assert on an invalidated "+
			"capture told by the status's name with its failure (\"`cudaStreamCaptureStatusInvalidated INTERNAL ASSERT "+
			"FAILED` ⇒ 实例起不来\", a Chinese comment in an inference server's capture probe: validation v29's pos/09; "+
			"PyTorch's assert: c10/cuda/CUDACachingAllocator.cpp TORCH_INTERNAL_ASSERT(info.status != "+
			"cudaStreamCaptureStatusInvalidated, \"Invalid stream capture status\"), rows_more.go; rows_retold_v29.go)"),
	}
}

// captureStatusInvalidatedRetold is stream-capture-illegal told by the name of the
// capture status that the caching allocator asserts against (CUDA's
// cudaStreamCaptureStatusInvalidated, HIP's hipStreamCaptureStatusInvalidated, or the
// name without its runtime's prefix) with the failure told: "`cudaStreamCaptureStatusInvalidated
// INTERNAL ASSERT FAILED` ⇒ **实例起不来**" (validation v29's pos/09: the allocator's
// assert, TORCH_INTERNAL_ASSERT(info.status != cudaStreamCaptureStatusInvalidated) in
// c10/cuda/CUDACachingAllocator.cpp, whose exact text rows_more.go's rows read, named
// without its "status != "), "`cudaStreamCaptureStatusInvalidated` assert failed",
// "cudaStreamCaptureStatusInvalidated errors", "StreamCaptureStatusInvalidated 报错",
// "we hit `cudaStreamCaptureStatusInvalidated`", "crashed with
// cudaStreamCaptureStatusInvalidated". The name is case-sensitive; after it, an assert
// that failed or, two words at most between, a word of error or failure in English,
// Chinese, Japanese, Korean, Russian, German, French, Spanish or Portuguese; before it,
// a verb of failing in the past or "hit" (statusFailedBefore). Unread: the name compared
// or assigned in code ("status == cudaStreamCaptureStatusInvalidated", "!=", "::": no
// operator before it), CUDA's documentation ("cudaStreamCaptureStatusInvalidated: the
// capture sequence has been invalidated, but not terminated"), a rule that names an
// error three words off ("returns cudaStreamCaptureStatusInvalidated if a previous error
// invalidated it"), the source's TORCH_INTERNAL_ASSERT call (no "FAILED"). One literal,
// "StatusInvalid" (13 bytes).
var captureStatusInvalidatedRetold = retold{
	literals: []string{"StatusInvalid"},
	pattern: `(?i)(?:^|[^=!<>:\s])\s*[\x60"'“‘«「(（*]?` + statusInvalidatedName + `[\x60"'”’»」)）*]?\s*(?:` +
		`(?:internal\s+)?assert(?:ion)?\s+(?:failed|failure|error|fired|tripped)\b|` + statusFailedAfter + `)|` +
		statusFailedBefore + `[^.;。；!?\n]{0,40}?` + statusInvalidatedName,
}

// Pieces of captureStatusInvalidatedRetold: the status's name (CUDA's, HIP's or without
// a prefix; case-sensitive), a word of failure after it (two words at most between, none
// across a clause's mark), and a verb of failing before it.
const (
	statusInvalidatedName = `(?-i:\b(?:cuda|hip)?StreamCaptureStatusInvalidated\b)`
	statusFailedAfter     = `(?:[^\s.,;:!?。，；：]+\s+){0,2}?(?:(?:errors?|errored|exceptions?|crash(?:es|ed)?|fail(?:s|ed|ures?)?|abort(?:s|ed)?|` +
		`fehler\w*|erreurs?|falló|falhou)\b|ошибк\pL*)|\s*(?:断言失败|报错|出错|错误|失败|崩溃|エラー|失敗|에러|오류|실패)`
	statusFailedBefore = `(?:\b(?:failed|crashed|errored|aborted|died|tripped|triggered|hit|hits|got)\b|报了?|触发了?|遇到了?)`
)
