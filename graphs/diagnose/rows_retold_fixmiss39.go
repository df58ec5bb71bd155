package diagnose

// Retellings from validation v38b's 26 (issue 21, 2026-12-07; its text is lost, only the
// tester's note survives): overwritten-output told without its message, as the check that
// fired ("raised the framework's overwrite protection"), as an output overwritten by a
// later replay with the error that followed, and as a "tensor overwritten error". Every
// row wants CUDA graphs in the text: torch.compile's for the replay (compileGraphsContext),
// as a hand-made capture's replay overwrites its static outputs by design; the graphs named
// at least for the others (graphsNamed), as other programs have an overwrite protection of
// their own ("correctly hit Git's overwrite protection", a review's report in the code
// corpus, find_string "overwrite protection") and torch.cuda.graph checks no output.

// retoldFixmiss39 returns the retellings of this file.
func retoldFixmiss39() []retelling {
	const seen = "; rows_retold_fixmiss39.go)"
	return []retelling{
		withRequires(borrow(OverwrittenOutput, overwriteProtectionRetold, "the overwritten-output check told as a "+
			"protection that fired (\"raised the framework's overwrite protection\", validate v38b's 26"+seen), graphsNamed),
		withRequires(borrow(OverwrittenOutput, laterReplayErrorRetold, "an output said to be overwritten by a later "+
			"replay, with the error that followed in the sentence (the siblings of validate v38b's 26"+seen), compileGraphsContext),
		withRequires(borrow(OverwrittenOutput, tensorOverwrittenErrorRetold, "the error named \"tensor overwritten "+
			"error\" (the siblings of validate v38b's 26"+seen), graphsNamed),
	}
}

// graphsNamed: torch.compile's CUDA graphs in the text, or CUDA graphs named; "cudagraph"
// with the character after it, as a bare "cudagraph" is on plain log lines
// ("[__cudagraphs] Created 1 graph partitions: 1 cudagraphable", TestPlainLinesHoldNoAnchor).
const graphsNamed = compileGraphsContext + `|` + cudaGraphsNamed + `|cudagraph |Cudagraph |cudagraph-`

// overwriteOwner: whose overwrite protection a report names: the framework's, PyTorch's,
// torch.compile's, Inductor's, the CUDA graphs' or their trees'; none at all.
const overwriteOwner = `(?:(?:the\s+)?(?:framework|pytorch|torch|torch\.compile|inductor|dynamo|` + cgWords + `|trees)(?:['’]s?)?\s+)?`

// overwriteProtectionRetold is overwritten-output told as the protection that fired:
// cudagraph trees check, when a tensor output of an earlier run is accessed, that no later
// run overwrote it, and raise the RuntimeError ("Error: accessing tensor output of
// CUDAGraphs that has been overwritten by a subsequent run", check_memory_pool and
// _check_liveness in torch/_inductor/cudagraph_trees.py). Retold: "raised the framework's
// overwrite protection" (validate v38b's 26), "tripped PyTorch's overwrite protection",
// "triggered the cudagraph overwrite protection error", "the overwrite protection fired".
// The verb is the group v ("never triggered the overwrite protection" says it did not,
// negatedVerb). Unread: another owner ("hit Git's overwrite protection"), the check told as
// a rule ("the overwrite protection raises if you access an output after a later run":
// no verb of firing in the past or present progressive). One literal, "rite protection".
var overwriteProtectionRetold = retold{
	literals: []string{"rite protection", "rite-protection"},
	pattern: `(?i)\b(?P<v>raised|triggered|tripped|hit|fired|set\s+off|ran\s+into|run\s+into|running\s+into|hitting|triggering|tripping)\s+` +
		`(?:the\s+|an?\s+)?` + overwriteOwner + `(?:output\s+)?overwrite[\s-]protection\b|` +
		`\boverwrite[\s-]protection(?:\s+(?:error|check|exception|assert(?:ion)?))?\s+(?:(?:was|got|has\s+been)\s+)?` +
		`(?P<v>fired|kicked\s+in|triggered|tripped|went\s+off|raised\s+(?:an?\s+)?(?:error|exception|RuntimeError))\b`,
}

// laterReplayErrorRetold is overwritten-output told as an output overwritten by a later
// replay and the error that followed in the same sentence: "Our cached tensor was
// overwritten by a subsequent replay and the compiled model crashed", "the logits were
// overwritten by the next replay, so reading them raised an error". The replay alone names
// the CUDA graph (overwrittenRetold reads the graph named beside it); the error word keeps
// a silent overwrite out, and the row's Requires a hand-made graph's replay
// (NVIDIA/TransformerEngine#2937's "overwritten by later graph replays", validate25's
// negative, names no torch.compile). Literals: "by a subsequent", "by the next", "by a
// later" (overwrittenRetold's "overwritten by …" without the graph).
var laterReplayErrorRetold = retold{
	literals: []string{"by a subsequent re", "by the subsequent re", "by the next re", "by a later re", "by the following re"},
	pattern: `(?i)\b(?:was|were|got|gets|is|are|been|being)\s+(?:silently\s+)?overwritten\s+by\s+(?:the\s+|a\s+)?(?:next|subsequent|later|following)\s+` +
		`(?:graph\s+)?replays?\b[^.;]{0,80}?\b(?P<v>crash(?:ed|es)?|rais(?:ed|es)|threw|throws|errored|failed|fails)\b`,
}

// tensorOverwrittenErrorRetold is overwritten-output named by its words "tensor
// overwritten" with an error noun: "We hit a tensor overwritten error after enabling
// reduce-overhead", "fails with a tensor-overwritten error". overwrittenRetold reads
// "overwritten tensor error" (the adjective first) beside a compile word; this order is the
// message's ("accessing tensor output of CUDAGraphs that has been overwritten"). Literals:
// "tensor overwritten", "tensor-overwritten", "output overwritten".
var tensorOverwrittenErrorRetold = retold{
	literals: []string{"tensor overwritten", "tensor-overwritten", "output overwritten", "output-overwritten",
		"Tensor overwritten", "Tensor-overwritten", "Output overwritten"},
	pattern: `(?i)\b(?:tensor|output)s?[\s-]overwritten\s+(?:error|exception|crash|failure|RuntimeError)s?\b`,
}
