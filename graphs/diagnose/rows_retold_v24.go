package diagnose

// Retellings from a validation on real passages (2026-12-06; its passages are not held in the
// corpus: each row names its source, TestFormsRetoldV24 holds their forms; the
// twenty-fourth session's validate24), each read as a class from its siblings: the
// function of cudagraph trees that checks their memory pool named as what failed; a
// failure to locate libcuda.so told as an issue with locating it; static inputs
// (parameters and buffers) said to have changed their addresses. The same validation's
// negative, timm's adopt.py, found the flag "capturable" read as a capture's context
// (captureWord).

// retoldV24 returns the retellings of this file.
func retoldV24() []retelling {
	return []retelling{
		withRequires(borrow(TreesUntrackedPoolTensors, memoryPoolCheckRetold, "the pool check of cudagraph trees "+
			"named as what failed (\"Fix `torch.compile(mode=\\\"reduce-overhead\\\")` crashing with `check_memory_pool` "+
			"errors\", pytorch/pytorch#176267, validate24; check_memory_pool raises the untracked-tensor RuntimeError, "+
			"and also \"These storage data ptrs are not allocated in pool\", trees-storage-not-in-pool: "+
			"torch/_inductor/cudagraph_trees.py @ T2.14.1; rows_retold_v24.go)"), compileGraphsContext),
		withRequires(borrow(LibcudaNotFound, libcudaLocatingRetold(`libcuda\.so(?:\.1)?\b`), libcudaLocatingSeen), tritonContext),
		withRequires(borrow(LibcudaNotFound, libcudaLocatingRetold(libcudaUnversioned), libcudaLocatingSeen),
			`torchrun|torch\.distributed\.run`),
		withRequires(borrow(TreesStaticInputChanged, staticAddressRetold, "static inputs (parameters and buffers) "+
			"said to have changed their addresses (\"Some user code changes tensor addresses of parameters/buffers\", "+
			"pytorch/pytorch#129349's summary under CUDAGraph Trees, validate24; rows_retold_v24.go)"), compileGraphsContext),
	}
}

// captureWord is a capture named in a retelling's pattern: capture, captures, captured,
// capturing and the names built on them (capture_begin, capture_error_mode); not
// "capturable", the optimizers' flag, which a line names where no capture is under way
// ("lr as a Tensor is not supported for capturable=False and foreach=True" beside `not
// group["capturable"]`, timm's optim/adopt.py, a negative of validate24, read as
// optimizer-not-capturable while the pattern took any ` + captureWord + ` as the capture). Every
// retelling that named a capture as ` + captureWord + ` names it so.
const captureWord = `captur(?:e|ing)\w*`

// memoryPoolCheckRetold is trees-untracked-pool-tensors told by the function that raises
// it: "Fix `torch.compile(mode=\"reduce-overhead\")` crashing with `check_memory_pool`
// errors" (pytorch/pytorch#176267, validate24), "check_memory_pool assertion failed",
// "fails in check_memory_pool", "check_memory_pool raised a RuntimeError". cudagraph
// trees' check_memory_pool (torch/_inductor/cudagraph_trees.py @ T2.14.1, line 2140)
// raises the untracked-tensor RuntimeError ("Detected N tensor(s) in the cudagraph pool
// not tracked as outputs"; before PR #170208 "These live storage data ptrs are in the
// cudagraph pool but not accounted for …"); it also raises "These storage data ptrs are
// not allocated in pool" (trees-storage-not-in-pool, rows_checks.go) and an
// AssertionError on its argument's types, which the function's name alone cannot tell
// apart: the row is the untracked tensors', the function's leak report. A failure said
// with a verb: not the function named as a heading's noun ("**`check_memory_pool`
// crash** — …", vmoens/mujoco-torch#1, the corpus's negative of holdout9), a traceback's
// frame ("line 1734, in check_memory_pool"), a call in code, or a rule ("check_memory_pool
// raises a RuntimeError if a tensor is untracked": a present tense is read only where an
// occasion or a mark that ends the clause follows, not "if" or "when"; not the line's end,
// whose assertion ($) would run the pattern over the whole text, wholeText). The row
// wants torch.compile's CUDA graphs in the text (compileGraphsContext). One literal, the
// name's end (13 bytes).
var memoryPoolCheckRetold = retold{
	literals: []string{"k_memory_pool"},
	pattern: `(?i)\b(?:crash(?:es|ed|ing)?|fail(?:s|ed|ing)?|errored|erroring|dies|died|abort(?:s|ed|ing)?|assert(?:s|ed|ing)?|` +
		`trips?|tripped|tripping)\s+(?:with|in|on|at|inside|from)\s+(?:an?\s+|the\s+)?\W?check_memory_pool\b|` +
		`\bcheck_memory_pool\b(?:\(\))?\W{0,2}(?:'s)?\s+(?:assert(?:ion)?s?|checks?)\s+(?:failed|fails|fired|tripped|trips|errored)\b|` +
		`\bcheck_memory_pool\b(?:\(\))?\W{0,2}\s+(?:raised|threw|failed|crashed|errored|asserted)\b|` +
		`\bcheck_memory_pool\b(?:\(\))?\W{0,2}\s+(?:raises|throws|fails|crashes)\b(?:\s+(?:an?\s+)?\w*(?:error|exception))?` +
		`\s*(?:[.;:,)!]|\s(?:on|at|in|during|for|with|every|again|here|now|too|also)\b)`,
}

// libcudaLocatingRetold returns libcuda-not-found told as an issue with locating
// libcuda.so, the name as lib gives it: "The error log suggests an issue with locating
// libcuda.so" (a blog on Triton under torchrun in GCP Batch, ruixif.github.io
// 2023-11-17, validate24), "an error locating libcuda.so", "trouble finding libcuda.so",
// "failed to locate the libcuda.so", "could not locate libcuda.so". Triton's libcuda_dirs
// looks for the unversioned libcuda.so in ldconfig's cache before it links a kernel's
// launcher against it (-lcuda; rows_build.go's rows, launcherSource). Two rows: with
// Triton or torch.compile in the text (tritonContext), the name with ".so.1" too, as
// rows_build.go's retellings read it; with PyTorch's distributed launcher only (torchrun,
// torch.distributed.run), the unversioned name (libcudaUnversioned), which in a PyTorch
// run Triton's build seeks: PyTorch opens the versioned libcuda.so.1 itself
// (torch/cuda/_utils.py @ T2.14.1). A failure or an issue, past or a noun: not the
// present "cannot find the libcuda.so if your docker runtime is not set to
// nvidia-container-runtime" (the same blog, a rule with its condition after it), which
// rows_build.go's row reads without the article only. One literal, the rows' own.
func libcudaLocatingRetold(name string) retold {
	return retold{
		literals: []string{"libcuda.so"},
		pattern: `(?i)\b(?:issues?|problems?|trouble|errors?|difficult(?:y|ies)|failures?)\s+(?:with\s+|in\s+|while\s+)?` +
			`(?:locating|finding|detecting|resolving)\s+(?:the\s+)?\W?` + name + `|` +
			`\b(?:failed\s+to|could\s*n[o'’]t|(?:was|were)\s+unable\s+to|did\s*n[o'’]t)\s+(?:find|locate|detect|resolve)\s+(?:the\s+)?\W?` +
			name,
	}
}

// libcudaLocatingSeen is where libcudaLocatingRetold's form was read.
const libcudaLocatingSeen = "a failure to locate libcuda.so told as an issue with locating it (\"The error log " +
	"suggests an issue with locating libcuda.so\", a blog on Triton under torchrun in GCP Batch, " +
	"ruixif.github.io 2023-11-17, validate24; rows_retold_v24.go)"

// libcudaUnversioned: libcuda.so with no version after it, as the torchrun row of
// libcudaLocatingRetold reads it: a character after the name other than a word's or a
// dot, or a dot that ends a sentence. The name must not end the line: an end-of-text
// assertion ($) would run the pattern over the whole text instead of beside each
// occurrence of its literal (wholeText; TestDenseLineBounded's corpus line went from 11.0
// to 12.3 bytes a byte).
const libcudaUnversioned = `libcuda\.so(?:[^\w.]|\.[^\w])`

// staticAddressRetold is trees-static-input-changed told as static inputs (parameters,
// buffers, weights) that changed their addresses: "Some user code changes tensor
// addresses of parameters/buffers" and "different parameters and buffers are passed to
// this function with different tensor addresses" (pytorch/pytorch#129349's summary, under
// CUDAGraph Trees, validate24), "parameters changed address between runs", "static input
// addresses changed", "a parameter's data_ptr changed". cudagraph trees record a static
// input's address and check it on each replay (check_static_inputs_are_stable,
// torch/_inductor/cudagraph_trees.py @ T2.14.1; the row of "static input data pointer
// changed"). The existing retelling (rows_retold.go) reads "static input's data pointer
// changed" with a singular noun. Unread: the assumption denied ("static inputs
// (parameters and buffers) does not change tensor addresses", the same summary: the
// verb's negation, negatedVerb; a bare present "change" is no form here), a rule ("the
// addresses must never change"), a purpose ("to avoid changing the addresses of
// parameters"), a condition ("if a parameter's address changed, …", conditioned), a modal
// ("Compiled Autograd may also pass parameters/buffers with different tensor addresses":
// "passes" or "passed" only). The row wants torch.compile's CUDA graphs in the text
// (compileGraphsContext): a hand-written CUDA graph's own check words it so too. Left
// read: a check told with "whether" before the form ("checks whether static input
// addresses changed"), which conditioned reads at a clause's start only; "whether"
// anywhere before a retelling cost the corpus a report (pytorch/torchdynamo#1620: "too
// hard to determine whether memory overlap exists, preventing enablement of CUDA graph").
// Literals: the address's nouns (every form holds one).
var staticAddressRetold = retold{
	literals: []string{"address", "data_ptr", "data pointer"},
	pattern: `(?i)\b` + staticHolder + `(?:'s?|’s?)?\s+` + staticAddress + `\s+(?:(?:has|have|had|was|were|got|been|all)\s+)*` +
		`(?P<v>changed|changes|moved)\b|` +
		`\b` + staticHolder + `\s+(?:(?:has|have|had|all|also)\s+)*(?P<v>changed|changes)\s+(?:their\s+|its\s+|the\s+)?` + staticAddress + `|` +
		`\b(?P<v>changes|changed)\s+(?:the\s+)?` + staticAddress + `\s+of\s+(?:the\s+|its\s+|their\s+|all\s+|some\s+)?` + staticHolder + `|` +
		`\b` + staticHolder + `\s+(?:are|were|is|was|get|got|being|been)\s+(?P<v>passed|fed|given|provided|supplied)\b[^.;]{0,60}?` +
		`\bwith\s+(?:different|new|changed|other)\s+` + staticAddress + `|` +
		`\b(?P<v>passes|passed)\s+(?:the\s+|its\s+|their\s+|different\s+|new\s+)?` + staticHolder + `\s+with\s+(?:different|new|changed|other)\s+` +
		staticAddress,
}

// staticHolder: the static inputs of cudagraph trees as a report names them: "static
// inputs" (with a parenthesis after, "static inputs (parameters and buffers)"),
// parameters, buffers, weights, or two of them joined ("parameters/buffers",
// "parameters and buffers").
const staticHolder = `(?:static\s+inputs?(?:\s*\([^()]{0,40}\))?|(?:model\s+)?(?:param(?:eter)?s?|buffers?|weights?)` +
	`(?:\s*(?:/|,|and|or)\s*(?:param(?:eter)?s?|buffers?|weights?))?)`

// staticAddress: an address or data pointer, of a tensor or its memory.
const staticAddress = `(?:(?:tensor|memory|storage|data|input)\s+)?(?:address(?:es)?|data[\s_]?(?:ptrs?|pointers?))\b`
