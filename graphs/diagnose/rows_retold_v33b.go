package diagnose

// Retellings from validation v33b (2026-12-07): messages retold without their first
// words, where what is left still names the failure alone.

// retoldV33B returns the retellings of this file.
func retoldV33B() []retelling {
	return []retelling{
		borrow(CaptureRNGState, generatorCallRetold, "the generator's refusal told by the refused call and the "+
			"capture, without its head \"Cannot call\" (\"the sparse path is incompatible with cudagraph capture under "+
			"torch.compile (raises / # CUDAGeneratorImpl::current_seed during CUDA graph capture from / # "+
			"hybrid_linear_attn_backend._can_use_fast_state_io)\", an SGLang launcher's comment, validation v33b's 42; "+
			"rows_retold_v33b.go)"),
		superseding(withRequires(borrow(LibcudaNotFound, lcudaCroppedRetold, "GNU ld's message cut before \"cannot "+
			"find \" (\"- **`-lcuda: No such file or directory`** khi vLLM/Triton compile\", Vietnamese session notes "+
			"on a WSL pod, validation v33b's 52; rows_retold_v33b.go)"), lcudaRetoldContext), TritonMissing),
	}
}

// generatorCallRetold is capture-rng-state told by the refused call and the capture, the
// head of at::cuda::assertNotCapturing's text ("Cannot call", "Cannot construct") left
// out: "(raises / CUDAGeneratorImpl::current_seed during CUDA graph capture from …)"
// (gb_sglang_launcher_tab_comment_current_seed_capture), "torch.compile raised CUDAGeneratorImpl::current_seed during
// CUDA graph capture", "a new CUDAGeneratorImpl during CUDA graph capture". The message
// names the generator's class and its method (CUDAGeneratorImpl::current_seed, ::seed,
// ::get_state, ::set_current_seed, ::set_offset, ::philox_cuda_state: the callers of
// assertNotCapturing in aten/src/ATen/cuda/CUDAGeneratorImpl.cpp) and the capture
// ("during CUDA graph capture"): the class and the capture together are the message's own,
// after a quote mark, a parenthesis, a colon or a comment's mark, or after a verb of
// raising or failing ("raises", "threw", "failed with"). A verb that tells the call made
// or avoided stays unread: "To avoid calling CUDAGeneratorImpl::current_seed during CUDA
// graph capture, we seed first", "we never call …" (a rule), and so does a clause that
// goes on with its own verb ("so … during CUDA graph capture is refused"). One literal.
var generatorCallRetold = retold{
	literals: []string{"GeneratorImpl"},
	pattern: `(?:[^\w\s]\s*|(?i:\b(?:raise[sd]?|raising|threw|throws?|throwing|with|got|gets|hit|hits|errors?|fail(?:s|ed)?|crash(?:es|ed)?|abort(?:s|ed)?)\s+))` +
		`(?:a\s+new\s+)?\w*GeneratorImpl(?:::\w+)?(?:\(\))?\x60?\s+during\s+(?:a\s+|the\s+)?(?:CUDA\s+|HIP\s+|cuda\s+)?graph\s+capture\b`,
}

// lcudaCroppedRetold is libcuda-not-found told by GNU ld's message cut before "cannot
// find ": "-lcuda: No such file or directory" (binutils 2.38 and later add ": No such
// file or directory" to "cannot find -lcuda"; gb_vi_session_known_errors_lcuda_wsl_pod quotes it from
// "-lcuda"). The option with ld's reason is ld's message alone; lcudaRetoldContext's
// Triton, engine or JIT build makes it the driver's library of a run-time build, as
// for lcudaRetold. One literal.
var lcudaCroppedRetold = retold{
	literals: []string{"-lcuda: No such file"},
	pattern:  `(?:^|[^\w-])-lcuda:\s*No such file or directory\b`,
}
