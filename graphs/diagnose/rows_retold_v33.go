package diagnose

// Retellings from the thirty-third session's reading of the corpus's open misses
// (2026-12-07), each read as a class from its siblings in the issue and code corpora:
//   - capture-unpinned-copy told by PyTorch's guard on unpinned memory, named in words and
//     said to be hit during a capture ("In CUDA graph capture, the subsequent non_blocking
//     CPU to CUDA copy then hits the unpinned-memory guard", pytorch/pytorch#184970);
//   - capture-unpinned-copy told as a capture that aborted or failed with a copy error
//     between the CPU and CUDA ("capture aborts with a cryptic CPU<->CUDA copy error",
//     flashinfer-ai/flashinfer's commit 6ce6c37);
//   - capture-unpinned-copy told as a host-to-device copy named beside other acts that
//     are then said to be forbidden in the capture and to have broken it ("(CPU->GPU copy)
//     and .item() (GPU->CPU sync). Both are forbidden inside graph capture, breaking every
//     decode capture path", alibaba/rtp-llm's commit e07c25c);
//   - overwritten-output told as outputs cloned against CUDA graphs that overwrite them
//     ("Clone output tensors immediately after exec() to avoid CUDAGraphs overwriting returned
//     tensors", PaddlePaddle/GraphNet#698);
//   - overwritten-output told as one graph's replay that invalidated or clobbered the
//     outputs of another ("critic's graph replay invalidates actor graph output buffers",
//     leggedrobotics/rsl_rl's commit b94c969).
//
// Their lookalikes stay unread: the guard or the copy error named with no capture ("causes
// CPU→GPU copy error on first call", an RFC's title, pytorch/pytorch#185074, a corpus
// negative), a purpose ("to avoid an illegal CPU->CUDA copy in CUDA graph capture",
// flagos-ai/FlagGems#4472's title: no verb of failing before "with"), a rule of the
// capture ("host-to-device copies are forbidden during graph capture": no failure after
// it), a replay that overwrites its own outputs (what the documentation says of every
// replay: the outputs must be another graph's, or a previous call's), and a negated verb
// (group v, negatedVerb).

// retoldV33 returns the retellings of this file.
func retoldV33() []retelling {
	return []retelling{
		borrow(CaptureUnpinnedCopy, unpinnedGuardRetold, "PyTorch's guard on unpinned memory named in words and "+
			"said to be hit during a CUDA graph's capture (\"In CUDA graph capture, the subsequent non_blocking CPU to "+
			"CUDA copy then hits the unpinned-memory guard\", pytorch/pytorch#184970; the guard is PR #172156's check, "+
			"\"Error during CUDA graph capture when copying with unpinned CPU memory\"; rows_retold_v33.go)"),
		borrow(CaptureUnpinnedCopy, captureCopyErrorRetold, "a capture said to abort or fail with a copy error between "+
			"the CPU and CUDA (\"capture aborts with a cryptic CPU<->CUDA copy error\", flashinfer-ai/flashinfer's "+
			"commit 6ce6c37; 2.11's message is \"Cannot copy between CPU and CUDA tensors during CUDA graph capture "+
			"unless the CPU tensor is pinned\"; rows_retold_v33.go)"),
		borrow(CaptureUnpinnedCopy, copyForbiddenBreaksRetold, "a host-to-device copy named, then said with other "+
			"acts to be forbidden in a capture that it broke (\"(CPU->GPU copy) and .item() (GPU->CPU sync). Both are "+
			"forbidden inside graph capture, breaking every decode capture path\", alibaba/rtp-llm's commit e07c25c; "+
			"forbiddenBreaksRetold reads the sync; rows_retold_v33.go)"),
		withRequires(borrow(OverwrittenOutput, replayClobbersOutputsRetold, "one graph's replay said to invalidate or "+
			"clobber another's outputs (\"critic's graph replay invalidates actor graph output buffers\" under "+
			"torch.compile's reduce-overhead, leggedrobotics/rsl_rl's commit b94c969; rows_retold_v33.go)"), compileGraphsContext),
		withRequires(borrow(OverwrittenOutput, cloneAgainstOverwriteRetold, "outputs cloned against CUDA graphs that "+
			"overwrite them (\"Clone output tensors immediately after exec() to avoid CUDAGraphs overwriting returned "+
			"tensors during subsequent warmup/trial runs\" under a PR that says it fixed CUDA graphs that could not run, "+
			"PaddlePaddle/GraphNet#698; \"Clone input to prevent CUDAGraphs overwriting\", a fix guide in the code corpus; "+
			"rows_retold_v33.go)"), compileGraphsContext+`|CUDAGraphs`),
	}
}

// unpinnedGuard: PyTorch's check on a copy from unpinned memory named in words ("the
// unpinned-memory guard", "the pageable-memory check", "an unpinned CPU tensor error").
const unpinnedGuard = `(?:unpinned|non-pinned|pageable)[\s-]+(?:(?:cpu|host)[\s-]+)?(?:memory[\s-]+|tensor[\s-]+|copy[\s-]+)?` +
	`(?:guard|check|assert(?:ion)?|error|exception)s?\b`

// unpinnedGuardRetold is capture-unpinned-copy told by its guard: a capture, then a copy
// that hits, trips or triggers the guard on unpinned memory ("In CUDA graph capture, the
// subsequent non_blocking CPU to CUDA copy then hits the unpinned-memory guard",
// pytorch/pytorch#184970, holdoutEN), or the guard said to fire during a capture ("the
// unpinned-memory check fired during cudagraph capture"). From 2.11 a copy between the CPU
// and CUDA during a capture raises when the CPU tensor is not pinned (PR #172156). Not the
// bare "hit", whose modal forms ("would hit") are a plan; the verb is the group v ("no
// longer hits", negatedVerb). Literals: the memory's kind, unpinnedCopyRetold's already.
var unpinnedGuardRetold = retold{
	literals: []string{"unpinned", "pageable"},
	pattern: `(?i)\b(?:captur(?:e|es|ed|ing)|cuda[\s-]?graphs?|cudagraphs?)\b[^.;]{0,100}?\b` +
		`(?P<v>hits|trips|tripped|triggers|triggered|runs\s+into|ran\s+into|fails\s+on|failed\s+on)\s+` +
		`(?:the\s+|an?\s+|this\s+|that\s+)?(?:new\s+)?` + unpinnedGuard + `|` +
		`\b` + unpinnedGuard + `\s+(?P<v>fires|fired|trips|tripped|triggers|triggered|raises|raised|errors\s+out|errored)\b` +
		`[^.;]{0,60}?\b(?:captur(?:e|es|ed|ing)|cuda[\s-]?graphs?|cudagraphs?)\b`,
}

// cpuCUDACopyError: a copy error between the CPU and CUDA, either way ("CPU<->CUDA copy
// error", "CPU-to-CUDA copy failure", "GPU->CPU copy exception", "error copying between
// CPU and CUDA").
const cpuCUDACopyError = `(?:(?:cpu|host)\s?(?:<->|<=>|↔|<-|->|→|-to-|\sto\s|-|/)\s?(?:cuda|gpu|device)|(?:cuda|gpu|device)\s?(?:<->|->|→|-to-|\sto\s|-|/)\s?(?:cpu|host))` +
	`\s+cop(?:y|ying)\s+(?:error|exception|failure)\b|\berror\s+copying\s+between\s+(?:the\s+)?(?:cpu|host)\s+and\s+(?:cuda|gpu|device)\b`

// captureCopyErrorRetold is capture-unpinned-copy told as a capture that aborted, failed
// or crashed with a copy error between the CPU and CUDA: "vLLM's captured decode graph
// (capture aborts with a cryptic CPU<->CUDA copy error)" (flashinfer-ai/flashinfer's commit
// 6ce6c37, holdoutDP), "the graph capture failed with a CPU-to-CUDA copy error". From 2.11
// such a copy raises "Cannot copy between CPU and CUDA tensors during CUDA graph capture
// unless the CPU tensor is pinned" (PR #172156). The capture, a verb of failing (the
// group v) and "with" right after it: an RFC's "causes CPU→GPU copy error on first call"
// (pytorch/pytorch#185074, a corpus negative) names no capture that failed, and a purpose
// ("to avoid an illegal CPU->CUDA copy in CUDA graph capture") no failure. Literals: the
// error's words, each of 13 bytes or fewer (a longer literal gives the prefilter its two
// halves as anchors, and "ception" is in every traceback's "Exception").
var captureCopyErrorRetold = retold{
	literals: []string{"copy error", "copy failure", "copy excepti", "copying betwe"},
	pattern: `(?i)\b` + captureWord + `\b[^.;]{0,30}?\b(?P<v>aborts|aborted|fails|failed|crashes|crashed|dies|died|errors\s+out|` +
		`errored(?:\s+out)?|blows\s+up|blew\s+up)\s+with\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?(?:` + cpuCUDACopyError + `)`,
}

// copyForbiddenBreaksRetold is capture-unpinned-copy told as a host-to-device copy named
// among acts that are then said to be forbidden in a capture and to have broken it:
// "“torch.tensor([T], device=x.device)“ (CPU->GPU copy) and “.item()“ (GPU->CPU sync).
// Both are forbidden inside graph capture, breaking every decode capture path that hits
// MegaMoE" (alibaba/rtp-llm's commit e07c25c, holdoutDJ; forbiddenBreaksRetold reads the
// sync's stream-capture-illegal on the same words). The copy up to 120 characters before
// "both", "they", "these" or "which" and the refusal (captureRefuses) with the failure
// after it (forbiddenBreaksRetold's); a rule alone ("host-to-device copies are forbidden
// during capture") names none. The sentence may end between the copy and the refusal, so
// the window stops at a semicolon or a line's end only. Literals: forbiddenBreaksRetold's.
var copyForbiddenBreaksRetold = retold{
	literals: []string{"forbidden ins", "forbidden dur"},
	pattern: `(?i)\b` + hostToDeviceWay + `\s(?:\w{1,12}\s)?cop(?:y|ies)\b[^;\n]{0,120}?\b(?:both|they|these|which|each|all)\s+` +
		`(?:of\s+(?:them|these)\s+)?(?:are|is|were|was)\s+` + captureRefuses + `\W{0,3}\s+(?:breaking|crashing|failing|invalidating|` +
		`(?:which|and)\s+(?:breaks|broke|crashed|crashes|failed|fails|invalidated|invalidates))\b`,
}

// replayClobbersOutputsRetold is overwritten-output told as one graph's replay that
// invalidated, clobbered or overwrote the outputs of another graph or of an
// earlier call: "Reject CUDA-graph modes (reduce-overhead, max-autotune) with clear error:
// critic's graph replay invalidates actor graph output buffers" (leggedrobotics/rsl_rl's
// commit b94c969, holdoutAW), "the decoder's cudagraph replay clobbered the encoder's
// outputs", "each replay overwrote the previous step's outputs". The trees' RuntimeError
// ("accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run")
// is what code that reads such a tensor gets. The outputs must be another's (an owner
// named before them, a possessive, or "previous", "earlier", "other", "first"): "replay
// overwrites the static outputs" is what documentation says of every replay. Outputs, not
// "results" or "buffers", which other programs' replays invalidate ("A changed replay
// invalidates the replay affordance", "the next tick's graph replay clobbers the buffers",
// a rule in the code corpus). The verb is the group v. The row wants torch.compile's CUDA
// graphs in the text (compileGraphsContext): a hand-captured graph's replay overwrites its
// static outputs by design, which no RuntimeError of the trees reports. Literals: the replay and the verb's first letters, 13 bytes or fewer
// (a longer literal gives the prefilter its halves as anchors, and "replay" alone is on
// every line of a reinforcement-learning log that counts its replay buffer).
var replayClobbersOutputsRetold = retold{
	literals: []string{"replay invali", "replay clobbe", "replay overwr", "replays inval", "replays clobb", "replays overw"},
	pattern: `(?i)\breplays?\s+(?P<v>invalidat(?:es|ed|e)|clobber(?:s|ed)?|overwr(?:ites|ote|itten))\s+` +
		`(?:the\s+|its\s+|an?\s+)?(?:(?:previous|earlier|prior|other|first|last|older)\s+|[\w-]+(?:'s|’s)\s+|[\w-]+\s+graph\s+|` +
		`[\w-]+\s+(?:step|call|iteration|run)(?:'s|’s)\s+)(?:[\w-]+\s+)?(?:outputs?|returned\s+tensors?)\b`,
}

// cloneAgainstOverwriteRetold is overwritten-output told as a clone made against CUDA
// graphs that overwrite what it copies, the fix PyTorch's message gives ("Clone output
// tensors immediately after exec() to avoid CUDAGraphs overwriting returned tensors during
// subsequent warmup/trial runs", PaddlePaddle/GraphNet#698, holdoutDB, whose description
// says it fixed CUDA graphs that could not run; "Clone input to prevent CUDAGraphs
// overwriting", holdoutS's German fix guide; "clone the logits because cudagraphs
// overwrite them between runs"). The clone, then within the sentence a purpose or a cause
// and the graphs as the subject of overwriting (the group v). The row wants torch.compile's
// CUDA graphs in the text, or PyTorch's spelling "CUDAGraphs" (its Requires): vLLM's own
// graphs and tinygrad's jit overwrite their outputs too (holdoutDT's vllm#52115 and
// holdoutEG's tinygrad#7154, negatives). Literals: the graphs' last letters before the verb.
var cloneAgainstOverwriteRetold = retold{
	literals: []string{"aphs overwrit", "aph overwrit", "from overwrit"},
	pattern: `(?i)\bclon(?:e|es|ed|ing)\b[^.;\n]{0,80}?\b(?:to\s+(?:avoid|prevent|stop)|because|since|as|so\s+that)\s+(?:the\s+)?` +
		`(?:cuda\s?graphs?|cudagraphs?)\s+(?:from\s+)?(?P<v>overwriting|overwrites?|overwrote|clobber(?:s|ing)?)\b`,
}
