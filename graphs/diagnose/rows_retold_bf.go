package diagnose

// Retellings from the held-out sets BE and BF's measurement (2026-12-05), each read as a
// class from its siblings, not the set's words.

// retoldBF returns the retellings of this file.
func retoldBF() []retelling {
	return []retelling{
		borrow(GPUTooOldForTriton, tritonFloorFailsRetold, "Triton's capability floor told as why torch.compile "+
			"fails, in a note's own words (holdoutBF's Russian README: \"torch.compile не работает (Triton требует SM 70+)\"; "+
			"rows_retold_bf.go)"),
		{code: TritonMissing, retold: tritonCellRetold, own: tritonNotInstalledRetoldRow()},
		{code: TritonMissing, retold: tritonNetRetold, own: tritonNotInstalledRetoldRow()},
		borrow(SkipCPUDevice, cpuRefusedRetold, "the skip reason \"cpu device\" told as CPU tensors the graphs refuse, in "+
			"French, Spanish, Portuguese or German (holdoutBF's French notes: \"cudagraphs refuse les tenseurs CPU\"; "+
			"rows_retold_bf.go)"),
	}
}

// cpuRefusedRetold is skip-cpu-device told as CUDA graphs refusing, rejecting or not
// supporting CPU tensors in French, Spanish, Portuguese or German, as skipRetoldAfter
// reads "cudagraphs refuses CPU tensors" in English: "cudagraphs refuse les tenseurs CPU",
// "los CUDA graphs rechazan los tensores CPU", "CUDA-Graphs lehnen CPU-Tensoren ab".
// Three literals, the tensors named (TestDenseLineBounded's anchor line).
var cpuRefusedRetold = retold{
	literals: []string{"tenseurs CPU", "tensores CPU", "CPU-Tensor"},
	pattern: `(?i)\b` + cgWords + `\s+(?:refuse(?:nt)?|rejette(?:nt)?|ne\s+(?:supporte(?:nt)?|g[èe]re(?:nt)?|accepte(?:nt)?)\s+pas|rechazan?|no\s+(?:soportan?|admiten?|aceptan?)|` +
		`recusam?|rejeitam?|não\s+(?:suportam?|aceitam?)|lehnen|lehnt|(?:akzeptier|unterstütz)(?:t|en)\s+keine)\s+(?:les\s+|los\s+|las\s+|os\s+|as\s+|die\s+)?` +
		`(?:tenseurs?\s+cpu|tensores?\s+(?:de\s+)?cpu|cpu-tensor(?:en)?)\b`,
}

// tritonCellRetold is triton-missing told tersely after torch.compile's failure, as a
// test checklist's table row or a note writes it: "| `torch.compile()` usage | ⚠️ Failed |
// Triton not installed properly |", "torch.compile: failed (Triton missing)" (holdoutBE's
// Windows build checklist; the prose of tritonNotFoundRetold wants "is" before the
// state). After the failure, a cell's bar, an opening parenthesis, a colon, a comma or a
// dash, then Triton and its absence; Triton said absent with no failure before it (vLLM's
// warning "Triton not installed or not compatible") gives none.
var tritonCellRetold = retold{
	literals: []string{"riton not installed", "riton missing"},
	pattern:  `(?i)` + tritonCompileFailed + `[^.;]{0,60}?[|(:,—-]\s*(?:the\s+)?triton\s+(?:not\s+installed|missing)\b`,
}

// tritonFloorFailsRetold is gpu-too-old-for-triton told as torch.compile failing and
// Triton's floor of capability 7.0 as the reason, in one sentence in either order:
// "torch.compile doesn't work (Triton requires SM 70+)", "torch.compile fails on the
// P100: Triton needs compute capability 7.0", "Triton requires sm_70+, so torch.compile
// crashes on my GTX 1080", and in Russian, Chinese, German, French, Spanish and
// Portuguese. The floor is read as its three literals write it ("SM 70", "sm_70",
// "capability 7"): "SM 7.0" and "capability >= 7.0" have no literal of their own, which
// would cost TestDenseLineBounded's anchor line more. The floor alone is a rule ("Triton
// requires compute capability 7.0 or higher") and torch.compile named with it and no
// failure a fact ("torch.compile uses Triton, which requires SM 70+"): no finding, as
// tritonCapabilityRetold wants a device below the floor.
var tritonFloorFailsRetold = retold{
	literals: []string{"SM 70", "sm_70", "apability 7"},
	pattern: `(?i)\b` + floorCompile + `[^.;]{0,40}?` + floorFails + `[^.;]{0,60}?\btriton\b[^.;]{0,20}?` + floorNeeds + `[^.;]{0,25}?` + floorWords +
		`|\btriton\b[^.;]{0,20}?` + floorNeeds + `[^.;]{0,25}?` + floorWords + `[^.;]{0,60}?\b` + floorCompile + `[^.;]{0,40}?` + floorFails,
}

// The words of tritonFloorFailsRetold; atLeast, how a report says a capability's floor
// before its number, for tritonCapabilityRetold too.
const (
	atLeast      = `>=|≥|of\s+at\s+least|at\s+least`
	floorCompile = `torch\.?\s?compile`
	floorFails   = `(?:does\s*n[o']t\s+work|does\s+not\s+work|won't\s+work|(?:is\s*n't|is\s+not)\s+(?:working|supported)|not\s+working|\bfail(?:s|ed|ing)?\b|` +
		`\bcrash(?:es|ed)?\b|не\s+работает|не\s+поддерживается|падает|无法使用|不能用|不可用|报错|失败|funktioniert\s+nicht|` +
		`ne\s+(?:fonctionne|marche)\s+pas|no\s+funciona|não\s+funciona)`
	floorNeeds = `(?:\bneeds?\b|\brequires?\b|\brequired\b|\bonly\s+supports?\b|требует|нужн[аоы]?|需要|要求|\bbenötigt\b|\bbraucht\b|\berfordert\b|` +
		`\bexige\b|\bnécessite\b|\brequiere\b|\brequer\b)`
	floorWords = `(?:\bsm[_\s]?7\.?0\+?|(?:\bcuda\s+|\bcompute\s+)?\bcapability\s*(?:` + atLeast + `)?\s*7(?:\.0)?\b\+?)`
)
