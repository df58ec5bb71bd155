package diagnose

import (
	"regexp"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/internal/skips"
	"github.com/compilemode/compilemode/internal/catalog"
	"github.com/compilemode/compilemode/modes"
)

// Signature is one row of the table: a text PyTorch prints, the code it belongs to, the
// releases that print it, and what it means. Rows are data, read by small code (see
// [Read]); like the Go compiler's rewrite rules, a new behaviour is a new row.
type Signature struct {
	Code Code
	// Literal is the decisive text: an exact, case-sensitive substring of the decisive
	// line. Its position in the line is where the quote of a long line is taken from.
	Literal string
	// Pattern, when set, is a regular expression the same line must also match (to
	// tell apart messages that share a literal).
	Pattern string
	// Requires, when set, is a regular expression that some line of the log (any
	// line, before or after) must match for the row to apply.
	Requires string
	// Supersedes names a code this row replaces when both match the same line: the
	// row says more than the other (legacy-mutated-input over skip-mutated-inputs).
	Supersedes Code
	// Releases are the releases that print the text.
	Releases modes.Releases
	// Cause says in one sentence why PyTorch printed it.
	Cause string
	// Fix is what works on every release of the row; Tailored replaces it for the
	// releases it names when the log shows the release.
	Fix      string
	Tailored []ReleaseFix
	// Evidence is how the text is known: measured (printed by 2.11, under
	// testdata/torch/2.11) or source (read in PyTorch's files); Source says where.
	Evidence modes.Evidence
	Source   string
	// Decisive says which line of the message the row matches.
	Decisive string
	// MinLines, when above 1, is how many distinct lines the text must be on for the
	// row to apply (a message that means something only when repeated).
	MinLines int
	// Paraphrase marks a row that matches the message retold in other words (a
	// report's title, a README's warning), not PyTorch's text; its hits are
	// Paraphrased, and a row of the same code that matches PyTorch's text wins.
	Paraphrase bool
	// Trailer marks a row that matches only the hint PyTorch puts after a message's
	// first sentence ("To prevent overwriting, clone the tensor outside of
	// torch.compile() …"), for a text that quotes the hint without the sentence. A row
	// of the same code that matches the sentence wins, and the hint's lines are counted
	// only when no such row matched (the hint then belongs to the message above it).
	Trailer bool
	// Cropped marks a row made from another ("These storage data ptrs are not allocated
	// in pool"), holding the literal from its second word on, for a text that quotes the
	// message without its first word (croppedRows); its hits are
	// Truncated, and the whole literal's row wins on the same line.
	Cropped bool
}

// ReleaseFix is a fix for the releases it names.
type ReleaseFix struct {
	_        [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	Releases modes.Releases
	Fix      string
}

func v2(minor int) modes.Version { return modes.Version{Major: 2, Minor: minor} }

// The releases of the facts that bound rows of the table, from their rows
// (config.FactRows, modes.SiteRows): a row bound by one of these facts takes its
// Releases, the release its planner lookups use and the release its text names from
// here rather than restating the boundary.
var (
	// treesExist: cudagraph trees are in 2.1 and later; torch 2.0.0's torch/_inductor has
	// no cudagraph_trees.py (testdata/wordings-by-release.tsv, copy of sources.tsv).
	treesExist = modes.Releases{From: v2(1), To: modes.Newest()}
	// sharedTrees: cudagraph-tree state is thread-local to the first thread (PerThreadTrees false).
	sharedTrees = config.FactReleases(config.FactPerThreadTrees, false).Intersect(treesExist)
	// sharedGlobals and perThreadGlobals: config overrides are process-wide, then
	// per-thread ContextVars (GlobalsPerThread).
	sharedGlobals    = config.FactReleases(config.FactGlobalsPerThread, false)
	perThreadGlobals = config.FactReleases(config.FactGlobalsPerThread, true)
	// listedSkips and prefixedSkips: compile_fx logs the Python list of skip reasons,
	// then cudagraph_utils helpers format them (SkipMessagePrefixed).
	// 2.0 and 2.1 are left out: their compile_fx.py logs one message per case ("skipping
	// cudagraphs due to multiple devices", "… input mutation", "… complex input striding",
	// 2.1's "… multiple device indexes" and "skipping cudagraphs for unknown reason"); 2.1
	// builds the list but does not print it; 2.2.2 prints it (testdata/wordings-by-release.tsv).
	listedSkips   = config.FactReleases(config.FactSkipMessagePrefixed, false).Intersect(modes.Releases{From: v2(2), To: modes.Newest()})
	prefixedSkips = config.FactReleases(config.FactSkipMessagePrefixed, true)
	// The device and mutation skips left the list form before the other skips: the
	// skips table (graphs/internal/skips, which the planner reads too) dates each
	// wording (PR #118060: "cpu device" and "multiple devices: …" from 2.3, the node name
	// from 2.4; PR #117720: "mutation on input" in 2.3; PR #124700: "mutated inputs (N
	// instances)" from 2.4).
	cpuListed       = skipReleases(skips.CPUDevice, skips.Any, listed(skipLine(skips.CPUDevice, skips.Any, 2))).Intersect(listedSkips)
	cpuPrefixed     = skipReleases(skips.CPUDevice, skips.Any, cpuDeviceLiteral)
	devicesListed   = skipReleases(skips.MultipleDevices, skips.Trees, listed(skipLine(skips.MultipleDevices, skips.Trees, 2))).Intersect(listedSkips)
	devicesPrefixed = skipReleases(skips.MultipleDevices, skips.Any, reason(skipLine(skips.MultipleDevices, skips.Any, 14)))
	// The list form of the mutation skip only on 2.2: from 2.3 check_for_mutation sets the
	// reason, which is printed instead of the list.
	mutatedListed  = skipReleases(skips.MutatedInputs, skips.Trees, listed(skipLine(skips.MutatedInputs, skips.Trees, 2))).Intersect(listedSkips)
	mutatedTrace   = skipReleases(skips.MutatedInputs, skips.Trees, mutationOnInput)
	mutatedCounted = skipReleases(skips.MutatedInputs, skips.Trees, mutatedCountLiteral)
	// legacyBareMutated: the legacy implementation's skip without a count, from
	// check_for_mutation's default message (2.3) and its successor's (2.4 on).
	legacyBareMutated = modes.Releases{From: v2(3), To: modes.Newest()}
	// guardFilterFn: torch.compile takes guard_filter_fn out of options (CompileOptions).
	guardFilterFn = config.FactReleases(config.FactCompileOptions, "guard_filter_fn")
	// applyMode: apply_mode refuses an unknown mode, mode="" included (modes.SiteRows).
	applyMode = modes.SiteReleases(modes.ApplyMode)
)

// Literals of the skips table's lines that more than one row or release shares.
var (
	// cpuDeviceLiteral: "due to cpu device", 2.3's line and 2.4's with the node name.
	cpuDeviceLiteral = before(reason(skipLine(skips.CPUDevice, skips.Any, 14)), " (")
	// mutationOnInput: 2.3's trees line up to its stack trace.
	mutationOnInput = before(skipLine(skips.MutatedInputs, skips.Trees, 3), ". Found")
	// mutatedCountLiteral: the trees line from 2.4 up to its count, which varies.
	mutatedCountLiteral = before(reason(skipLine(skips.MutatedInputs, skips.Trees, 14)), "1")
)

// The lowering's index_put reasons ("index put with accumulate.", "deterministic index
// put."): PR #105439 (2023-07) added the skip; read in 2.2.2, 2.6.0 and 2.7.1; PR #152186
// (2025-04-25, after the 2.7 branch cut) removed it.
var indexPutReasons = modes.Minors(2, 7)

const (
	// nightly211 is a site-packages copy of the 2.11.0.dev20251221 nightly (main two
	// weeks after the 2.10 branch cut), dated by its torch/version.py.
	nightly211 = "codesob/sim2real-biometrics@06a3a90, venv/Lib/site-packages/torch"
	// indexPutSource says where the index_put reasons were read and how they are printed.
	indexPutSource = "@ T2.2.2, T2.6.0, T2.7.1 and 2.2.2 to 2.7.1 (same code); PR #105439 (2023-07) added the skip, " +
		"absent @ 2.1.0, 2.1.2; PR #152186 \"Unskip index_put in cudagraphs\" (2025-04-25, after the 2.7 branch cut) " +
		"removed it: index_put_fallback sets no reason @ ROCm/pytorch@10b22ea (main of mid-2025 by size " +
		"and content), the 2.11.0.dev20251221 nightly, and absent @ 2.8.0, 2.9.0, 2.9.1 (" + wordingsAudit + "); " +
		"printed after \"skipping cudagraphs due to \" (the lowering's reason: compile_fx.py @ 2.2.2 to 2.5.1, " +
		"CompiledFxGraph in output_code.py @ 2.6.0 to 2.7.1)"
)

// wordingsAudit is the table of every wording in each release's sources read
// (testdata/wordings/README.md says how it is made; TestWordingsByRelease holds the
// rows' releases to it).
const wordingsAudit = "testdata/wordings-by-release.tsv"

// runtimeText says where a CUDA runtime or driver error string comes from: CUDA's own
// text, which torch passes on unchanged, so that its wording follows the CUDA version
// of the build and not torch's release.
const runtimeText = "the CUDA runtime's error string (cudaGetErrorString), whose wording comes with " +
	"the CUDA runtime torch was built with, not with torch's release: torch raises it after \"CUDA " +
	"error: \" (c10_cuda_check_implementation, c10/cuda/CUDAException.cpp:31@2.6.0 and :26@1.13.1 in " +
	"Debian's source packages, the same in pytorch/pytorch@0e4c6cd), which C10_CUDA_CHECK calls in " +
	"c10/cuda/CUDAException.h:30 of every header copy from 2.0.0 to 2.9.0 (testdata/wordings/sources-cpp.tsv)"

// releasesBefore is every supported release before v.
func releasesBefore(v modes.Version) modes.Releases {
	return modes.Releases{From: modes.First(), To: v2(v.Minor - 1)}
}

// Fixes shared by several rows that the planner does not give (it reports these
// skips and errors without a fix); the others are the planner's (see planner.go).
const (
	fixCaptureIllegal = "keep synchronising calls (torch.cuda.synchronize(), .item(), .cpu(), " +
		".tolist(), printing a CUDA tensor) out of the captured code, and call no device-wide " +
		"synchronise from any thread while another may be capturing; or run this code without " +
		"CUDA graphs (mode=\"max-autotune-no-cudagraphs\")"
	fixCPUDevice = "move that input to the GPU before the call: pass a Python number instead of a " +
		"0-d CPU tensor such as torch.tensor(2.0), or .cuda() it"
	fixMultipleDevices = "keep each compiled graph on one device: move its tensors to one device " +
		"before the call, or compile one function per device"
	fixIncompatibleOp = "move that op out of the compiled function or behind torch._dynamo.graph_break(), " +
		"so that the code around it is captured; or replace it with an op that needs no host sync"
	fixMutatedInputs = "do not mutate the input in place: return the new value, or keep the state in " +
		"a buffer of the module (static inputs may be mutated)"
)

// Signatures returns the table, a fresh copy on each call. Within a code, rows are in
// order of preference: the first row with a match gives the finding.
func Signatures() []Signature {
	var rows []Signature
	for _, part := range [][]Signature{threadRows(), legacyRows(), runtimeRows(), skipRows(), compileRows(), poolRows(), captureRows(), rngLeftCapturingRows(), optimizerRows(), setupRows(), captureNameRows(), buildRows(), tritonRows(), classNameRows(), cxxRows(), autotuneRows(), gemmOffRows(), launcherRows(), kwargsRows(), cppWrapperRows(), overlapRows(), checkRows(), implicitRows(), jitLinkRows(), inductorHeaderRows(), windowsLauncherRows()} {
		rows = append(rows, part...)
	}
	rows = append(rows, reprRows(rows)...)
	rows = append(rows, retoldRows(rows)...)
	rows = append(rows, croppedRows(rows)...)
	rows = append(rows, fragmentRows(rows)...)
	rows = append(rows, compilerCutRows(rows)...)
	rows = append(rows, repeatedOnceRows(rows)...)
	tailorMarkStep21(rows)
	// The rows whose line names who raised a refused capture call (NCCL's "Cuda
	// failure '…'", the watchdog's, Warp's) come first, so that on the line they share
	// with the runtime's wording they win (better), and are left out of the derived rows
	// above (a fragment of theirs is the runtime's wording).
	return append(captureRaiserRows(), rows...)
}

// markStep21 rewrites a fix for 2.1: torch.compiler.cudagraph_mark_step_begin came with
// PR #111722 (merged 2023-10-25, after 2.1.0), which also put it in the overwritten-output
// message; 2.1 has torch._inductor.cudagraph_mark_step_begin (PR #101129), the name its
// own pending-backward warning gives (rows_more.go). The overwritten-output note is the
// planner's 2.1 fix (graphs' noteMarkStep21; TestNoCompilerMarkStepOn21 checks they agree).
var markStep21 = strings.NewReplacer(
	"torch.compiler.cudagraph_mark_step_begin(), which the message also suggests,", "torch._inductor.cudagraph_mark_step_begin()",
	"torch.compiler.cudagraph_mark_step_begin()", "torch._inductor.cudagraph_mark_step_begin()")

// tailorMarkStep21 gives each row that covers 2.1, and whose fix there names
// torch.compiler.cudagraph_mark_step_begin, a 2.1 fix with 2.1's name (sweep9 finding 5).
func tailorMarkStep21(rows []Signature) {
	for i := range rows {
		s := &rows[i]
		if !s.Releases.Contains(v2(1)) {
			continue
		}
		fix := s.Fix
		for _, t := range s.Tailored {
			if t.Releases.Contains(v2(1)) {
				fix = t.Fix
				break
			}
		}
		if re := markStep21.Replace(fix); re != fix {
			s.Tailored = append([]ReleaseFix{{Releases: modes.Minors(1, 1), Fix: re}}, s.Tailored...)
		}
	}
}

// reprForm is a row's exception line as Python's repr of the exception writes it: a log
// of a caught exception ("logger.error(f\"{e!r}\")", a list of errors printed) shows
// KeyError('k') where the traceback shows KeyError: 'k'.
type reprForm struct {
	literal, pattern         string // the row's, as the traceback shows it
	reprLiteral, reprPattern string // as repr shows it
}

// reprForms are the rows' exception lines that hold their class, with their repr (the
// other rows' literals leave the class out, so a repr's "RuntimeError('…')" holds them).
var reprForms = []reprForm{
	{literal: "KeyError: '", pattern: configKeyError, reprLiteral: "KeyError('", reprPattern: `KeyError\('[A-Za-z_][\w.]*'\)`},
	{literal: "KeyError: '", pattern: backendKeyError, reprLiteral: "KeyError('", reprPattern: `KeyError\('[^'\s]*'\)`},
}

// reprRows returns, for each row of rows whose literal and pattern are a reprForm's, the
// same row matching the repr's form.
func reprRows(rows []Signature) []Signature {
	var out []Signature
	for _, r := range rows {
		for _, f := range reprForms {
			if r.Literal != f.literal || r.Pattern != f.pattern {
				continue
			}
			c := r
			c.Literal, c.Pattern = f.reprLiteral, f.reprPattern
			c.Decisive = r.Decisive + ", as Python's repr of the exception writes it"
			out = append(out, c)
		}
	}
	return out
}

// asyncGraphWords and asyncFails: CUDA graphs by name (the retellings' cgWords), mode
// or implementation, and a failure, for the async allocator's retold refusal. The
// graphs' words qualified as a kind of node ("inside conditional CUDA graph nodes",
// "CUDA graph memory nodes") are in a group named part: the allocator said to fail
// there is CUDA's own limit on that node kind, met when the graph is instantiated
// (pytorch/pytorch#191483, a validation passage of 2026-12-06), not the pool check of
// cudagraph trees that the rows' cause tells, and absent.go's partOnly reads such a
// match as no report.
const (
	asyncGraphWords = `(?:\b(?P<part>conditional)\s+)?(?:\b` + cgWords + `\b(?P<part>(?:['’]s)?\s+(?:(?:conditional|memory|child|body)\s+)?(?:nodes?|bod(?:y|ies)|subgraphs?)\b)?|` +
		`\breduce-overhead\b|\bmax-autotune\b)`
	// asyncFails: "allocation conflicts that prevented model reloading … when CUDA graphs
	// enabled" (TTS-Audio-Suite's commit 9f725c8, holdoutCL) says a conflict too.
	asyncFails = `crash(?:es|ed|ing)?|fail(?:s|ed|ing)?|breaks?|broke|incompatible|(?:does|do|did)\s*n[o']t\s+work|not\s+(?:supported|compatible)|` +
		`conflicts?|conflicted|conflicting|clash(?:es|ed)?`
)

// threadRows: cudagraph trees and threads.
func threadRows() []Signature {
	concurrent := "several threads called one cudagraph-tree function at once, and before 2.14 the " +
		"tree manager is shared and unsynchronised, so one thread's capture collided with another's " +
		"(measured on 2.11 with 16 threads: every call failed with this or a similar error)"
	// The allocator's and the RNG's collision messages are not the trees' own: captures
	// made by hand from several threads collide the same way (c10/cuda/CUDACachingAllocator.cpp
	// beginAllocateToPool refuses a second capture into a pool already recording; the
	// device's default generator has one capture state), which a text that names threads
	// but no cudagraph trees shows (threadsTold's threadProse).
	collided := concurrent + "; captures made by hand (torch.cuda.graph) in several threads collide the " +
		"same way when they share one memory pool or the device's default generator"
	callers := ruleMessage("trees-concurrent-callers", sharedTrees.To.Minor)
	fixCallers := plannerFix(TreesConcurrentCallers, "cudagraph trees in several caller threads", sharedTrees.To.Minor)
	measuredCallers := "testdata/torch/2.11/measured_scenarios.json ro_callers16 (16 threads call one " +
		"reduce-overhead function compiled in the main thread)"
	return []Signature{
		{
			Code: TreesUserThreadTLS, Literal: fixed(ruleMessage("trees-tls-other", sharedTrees.To.Minor)),
			Releases: sharedTrees,
			Cause: "cudagraph trees keep their state in thread-local storage that only the thread " +
				"which first imported torch._inductor.cudagraph_trees has, so recording a graph in " +
				"another user thread fails this bare assert in get_obj (issue #123177)",
			Fix:      treesTLSFix(),
			Tailored: treesTLSTailored(),
			Evidence: modes.Measured,
			Source: "testdata/torch/2.11/measured_scenarios.json ro_thread_per_device, " +
				"opts_cg_thread_per_device, cgbackend_thread_per_device; seed_scenarios.json; " +
				"torch/_inductor/cudagraph_trees.py get_obj @ T2.2.2, T2.6.0; fixed in 2.14.0 by PR #184357",
			Decisive: "the assert statement Python prints under the get_obj frame; the " +
				"AssertionError after it has no message",
		},
		{
			// The allocator's own error: any capture into a pool still recording prints
			// it, and a capture that failed leaves its pool recording (rngLeftCapturingRows'
			// pool row, which takes the text without threads), so only a text that shows
			// threads holds this row's cause.
			Code: TreesConcurrentCallers, Literal: line(callers, 0),
			Requires: threadsTold,
			Releases: sharedTrees, Cause: collided, Fix: fixCallers,
			Evidence: modes.Measured, Source: measuredCallers,
			Decisive: "the RuntimeError line; another line shows threads",
		},
		{
			// The RNG's check: this wording from 2.4 (CUDAGeneratorState), 2.1–2.3's below
			// (rngLeftCapturingSource).
			Code: TreesConcurrentCallers, Literal: line(callers, 1),
			Requires: threadsShown,
			Releases: sharedTrees.Intersect(generatorRegistered), Cause: collided, Fix: fixCallers,
			Evidence: modes.Measured, Source: measuredCallers,
			Decisive: "the RuntimeError line; another line shows threads",
		},
		{
			Code: TreesConcurrentCallers, Literal: rngExpectsCapture,
			Requires: threadsShown,
			Releases: sharedTrees.Intersect(generatorExpects), Cause: collided, Fix: fixCallers,
			Evidence: modes.Source, Source: rngLeftCapturingSource,
			Decisive: "the RuntimeError line; another line shows threads",
		},
		{
			Code: TreesConcurrentCallers, Literal: sentence(from(line(callers, 2), "tensor(s)")),
			Pattern: `Detected \d+ tensor\(s\) in the cudagraph pool not tracked as outputs`,
			// Only where the log shows threads: in one thread the same text has other
			// causes (trees-untracked-pool-tensors).
			Requires:   threadEvidence,
			Supersedes: TreesUntrackedPoolTensors,
			Releases:   untrackedDetected.Intersect(sharedTrees), Cause: concurrent, Fix: fixCallers,
			Evidence: modes.Measured, Source: measuredCallers + "; raised by check_memory_pool (this wording from 2.11, PR #170208)",
			Decisive: "the first line of the RuntimeError (\"Detected N tensor(s) …\"); another line shows threads",
		},
		{
			// The tree manager's bare assert that it has a node while it records: in one
			// thread the current_node setter resets the path state with the node, so the
			// two disagree only when another caller changed the shared manager between
			// _run's check and the assert (lookup under a cudagraph_trees.py frame).
			Code: TreesConcurrentCallers, Literal: "assert self.current_node is not None",
			Requires: `cudagraph_trees`,
			Releases: sharedTrees,
			Cause: "several threads called one cudagraph-tree function at once, and before 2.14 the " +
				"tree manager is shared and unsynchronised: within one thread it clears its recording " +
				"state whenever it drops its current node, so recording with no node means another " +
				"caller (a thread, or a call re-entered during recording) changed the manager between " +
				"_run's check and this assert",
			Fix:      fixCallers,
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_trees.py try_end_curr_recording (assert self.current_node is " +
				"not None, line 1978@2.1.0, 2146@2.4.0, 2375@2.8.0 and 2.9.1; also try_end_curr_warmup and " +
				"check_warn_on_unable_to_start_executing), called from _run when in_recording; the " +
				"current_node setter sets path_state to NONE with None (line 1940@2.1.0, 2335@2.8.0) " +
				"(" + wordingsAudit + "); 2.14.1 raises AssertionError(\"expected current_node to not be " +
				"None\") instead, with per-thread trees (PR #184357); no public report found",
			Decisive: "the assert statement Python prints under a cudagraph_trees.py frame",
		},
		{
			// The same check's older wording, in a log that shows threads.
			Code: TreesConcurrentCallers, Literal: "are in the cudagraph pool but not accounted for as an output of cudagraph trees",
			Requires:   threadEvidence,
			Supersedes: TreesUntrackedPoolTensors,
			Releases:   untrackedLiveStorage.Intersect(sharedTrees), Cause: concurrent, Fix: fixCallers,
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_trees.py check_memory_pool @ T2.6.0, T2.7.1 (\"These live " +
				"storage data ptrs are in the cudagraph pool but not accounted for as an output of " +
				"cudagraph trees\"); its cause with threads: " + measuredCallers,
			Decisive: "the RuntimeError line \"These live storage data ptrs …\"; another line shows threads",
		},
	}
}

// legacyRows: the legacy implementation (triton.cudagraph_trees=False).
func legacyRows() []Signature {
	movedCause := "the legacy CUDA-graph implementation (triton.cudagraph_trees=False) asserts that " +
		"a static input such as a parameter keeps its address, and one was replaced by a tensor at " +
		"a new address between calls"
	mutatedCause := "the legacy implementation (triton.cudagraph_trees=False) refuses a graph that " +
		"mutates an input in place, because its warm-up run would apply the mutation twice, so the " +
		"graph runs without CUDA graphs"
	fixLegacyMutated := plannerFix(LegacyMutatedInput, "the legacy implementation, a user input mutated in place", 14)
	return []Signature{
		{
			Code: LegacyMutatedInput, Literal: skipLine(skips.MutatedInputs, skips.Legacy, 0),
			Supersedes: SkipMutatedInputs,
			Releases:   modes.Minors(0, 0), Cause: "torch 2.0 captures CUDA graphs with its first " +
				"implementation only (cudagraph trees came in 2.1), which refuses a graph that mutates " +
				"an input in place, so the graph ran without CUDA graphs",
			Fix:      plannerFix(LegacyMutatedInput, "2.0", 0),
			Evidence: modes.Source,
			Source:   "torch/_inductor/compile_fx.py compile_fx_inner (log.warning) " + source20,
			Decisive: "the skip line",
		},
		{
			Code: LegacyStaticInputMoved, Literal: fixed(ruleMessage("legacy-static-input-moved", 13)),
			Releases: modes.Minors(0, 13), Cause: movedCause, Fix: plannerFix(LegacyStaticInputMoved, "size_asserts=True", 13),
			Tailored: []ReleaseFix{{Releases: modes.Minors(0, 0), Fix: plannerFix(LegacyStaticInputMoved, "size_asserts=True", 0)}},
			Evidence: modes.Measured,
			Source: "testdata/torch/2.11/seed_scenarios.json (bare AssertionError in run, " +
				"torch/_inductor/compile_fx.py); compile_fx.py cudagraphify_impl @ T2.2.2, T2.6.0, " +
				"T2.7.1, and " + source20 + "; pytorch/torchdynamo#755",
			Decisive: "the assert statement Python prints in the traceback; the AssertionError " +
				"after it has no message",
		},
		{
			Code: LegacyStaticInputMoved, Literal: fixed(from(ruleMessage("legacy-static-input-moved", 14), " to have")),
			Pattern:  `Expected static input at index \d+ to have same data_ptr, got`,
			Releases: modes.Minors(14, 14), Cause: movedCause, Fix: plannerFix(LegacyStaticInputMoved, "size_asserts=True", 14),
			Evidence: modes.Source,
			Source:   "torch/_inductor/compile_fx.py cudagraphify_impl run @ T2.14.0",
			Decisive: "the AssertionError line",
		},
		{
			// The count-less line is the legacy implementation's as printed, and also the
			// trees' line as a person quotes it, count dropped ("(N instances)"): the words
			// alone do not tell them apart, nor does what follows them on the line (the line's
			// end or a closing quote). The legacy row takes the line where the text shows
			// triton.cudagraph_trees set to False, as the listed form's row does, or the line
			// as torch's logger printed it (loggedBare); elsewhere it is the trees' (the
			// default of mode="reduce-overhead" since 2.1), or the release's (settleByRelease).
			Code: LegacyMutatedInput, Literal: skipLine(skips.MutatedInputs, skips.Legacy, 3),
			Pattern:    regexp.QuoteMeta(skipLine(skips.MutatedInputs, skips.Legacy, 3)) + bareLineEnd,
			Requires:   treesOff + "|" + loggedBare,
			Supersedes: SkipMutatedInputs,
			Releases:   legacyBareMutated, Cause: mutatedCause + " (printed only where " +
				"triton.cudagraph_support_input_mutation is False; with it True, the default " +
				"outside fbcode, 2.11 captures such a graph silently, measured)",
			Fix:      fixLegacyMutated,
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_utils.py check_for_mutation_ignore_cuda_graph_managed_tensor " +
				"(no instance count without trees) @ T2.6.0, T2.14.0; check_for_mutation's default_msg @ " +
				"2.3.0, 2.4.0, 2.5.1 (" + wordingsAudit + "); measured silent capture: " +
				"testdata/torch/2.11/measured_scenarios.json ro_mut_input_legacy",
			Decisive: "the skip line, which has no \"(N instances)\" count on this path; another line " +
				"sets triton.cudagraph_trees to False",
		},
		{
			Code: LegacyMutatedInput, Literal: listed(skipLine(skips.MutatedInputs, skips.Legacy, listedSkips.From.Minor)),
			Pattern:    `skipping cudagraphs due to \[.*'mutated inputs'`,
			Requires:   treesOff,
			Supersedes: SkipMutatedInputs,
			Releases:   mutatedListed, Cause: mutatedCause,
			Fix:      fixLegacyMutated,
			Evidence: modes.Source,
			Source: "torch/_inductor/compile_fx.py compile_fx_inner @ T2.2.2 (\"doesnt work for " +
				"non-trees because the warmup run would apply mutation twice\"); the log must also " +
				"show triton.cudagraph_trees set to False",
			Decisive: "the skip line; another line sets triton.cudagraph_trees to False",
		},
	}
}

// bareLineEnd is what may follow the count-less skip line "skipping cudagraphs due to
// mutated inputs": the line's end, a table cell's end or a closing quote, not its "(N
// instances)" count nor more words of another message.
const bareLineEnd = `\s*(?:$|\||` + closeQuote + `)`

// loggedBare is the count-less skip line as torch's logger prints it, its header before
// it and the line's end after it: glog's file and line ("…cudagraph_utils.py:200] [0/0] ",
// where the skip is logged since 2.3; not compile_fx.py's, whose name heads Inductor's
// stock warnings), logging's "[WARNING] ", rich's "WARNING  " (each
// alternative's literal prefix is the prefilter's anchor: "WARNING " alone is on every
// stock warning, TestStockWarningsCheap). Printed without a count, the line is the legacy implementation's (the
// trees' has "(N instances)" from 2.4, other words before).
const loggedBare = `cudagraph_utils\.py:\d+\][^\n]{0,40}?` + bareSkipEnd + `|\[WARNING\] ` + bareSkipEnd + `|WARNING  ` + bareSkipEnd

// bareSkipEnd is the count-less skip line's words, ending the line.
const bareSkipEnd = `skipping cudagraphs due to mutated inputs\s*$`

// treesOff is a line that sets triton.cudagraph_trees to False (the legacy
// implementation): in a config assignment, a dict of options or a patch.
const treesOff = `cudagraph_trees['"]?\s*[:=]\s*False`

// source20 is where the 2.0 wordings were read: a fork's copy of compile_fx.py from
// before cudagraph trees.
const source20 = "@ amd/ZenDNN-pytorch@420deb5 (2.0-era by content: compile_fx_inner logs one " +
	"reason with log.warning and has no cudagraph trees, which PR #89146 added in 2023-03, for 2.1)"

// runtimeRows: errors and warnings of recorded graphs at run time.
func runtimeRows() []Signature {
	dynamic := func(minor int) graphs.Hazard {
		return plannerHazard(DynamicShapeRerecord, "the graph with symbolic inputs records more sizes than triton.cudagraph_dynamic_shape_warn_limit", minor)
	}
	dynSource := "torch/_inductor/cudagraph_utils.py maybe_warning_due_to_dynamic_shape @ T2.6.0, " +
		"T2.14.0 (same text), and 2.5.1 to 2.9.1 (" + wordingsAudit + "); issue #188150 shows it on 2.11.0"
	fixMallocAsync := plannerFix(AllocatorIncompatible, "cudagraph trees with backend:cudaMallocAsync", 14)
	const fixPluggable = "compile without CUDA graphs (mode=\"max-autotune-no-cudagraphs\" or the default mode, " +
		"or torch._inductor.config.triton.cudagraphs=False), or keep PyTorch's caching allocator (no " +
		"torch.cuda.memory.change_current_allocator) in a process whose compiled functions are captured"
	// The cudaMallocAsync refusal retold (two rows: both names on a line, the function's
	// name as a failure with the allocator named elsewhere).
	const mallocAsyncRetoldCause = "a report of the refusal above: PYTORCH_CUDA_ALLOC_CONF selects backend:cudaMallocAsync, " +
		"whose allocator cannot check the private memory pool that cudagraph trees check on their first warm-up"
	const mallocAsyncRetoldSource = "retold; PyTorch's message: testdata/torch/2.11/measured_scenarios.json ro_async_alloc " +
		"(check_memory_pool in cudagraph_trees.py)"
	const allocatorNameSource = "c10/cuda/CUDACachingAllocator.h CUDAAllocator::checkPoolLiveAllocations: " +
		"TORCH_CHECK(false, name(), \" does not yet support checkPoolLiveAllocations. …\") @ 2.1.0–2.9.0 " +
		"(testdata/wordings-by-release.tsv); only the native caching allocator overrides it; " +
		"cudagraph trees call it from check_memory_pool (torch/_inductor/cudagraph_trees.py)"
	return []Signature{
		{
			Code: OverwrittenOutput, Literal: from(sentence(ruleMessage("trees-overwritten-output", 14)), "accessing"),
			Releases: modes.Minors(1, 14),
			Cause: "code read a tensor that a cudagraph-tree function returned after a later call of " +
				"the compiled function (a new generation) had reused its memory",
			Fix:      plannerFix(OverwrittenOutput, "cudagraph trees", 13),
			Tailored: []ReleaseFix{{Releases: modes.Minors(14, 14), Fix: plannerFix(OverwrittenOutput, "cudagraph trees", 14)}},
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_trees.py dealloc_current_path_weakrefs @ T2.2.2, " +
				"format_dealloc_msg @ T2.6.0, T2.14.0 (same first sentence; 2.1 not read)",
			Decisive: "the line with the RuntimeError's first sentence",
		},
		{
			// The RuntimeError's hint alone, as notes and READMEs quote it without the
			// first sentence (openpi_duquant's TORCH_COMPILE_ERROR_FIX.md): 2.1 ends it
			// "… torch.compile() before running the model again.", 2.2–2.13 "…
			// torch.compile() or call torch.compiler.cudagraph_mark_step_begin() before
			// each model invocation."; both begin with the literal.
			Code: OverwrittenOutput, Literal: "To prevent overwriting, clone the tensor outside of torch.compile()",
			Trailer:  true,
			Releases: modes.Minors(1, 13),
			Cause: "code read a tensor that a cudagraph-tree function returned after a later call of " +
				"the compiled function (a new generation) had reused its memory (the text shows the " +
				"RuntimeError's hint: its first sentence is \"accessing tensor output of CUDAGraphs that " +
				"has been overwritten by a subsequent run\")",
			Fix:      plannerFix(OverwrittenOutput, "cudagraph trees", 13),
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_trees.py dealloc_current_path_weakrefs @ pytorch/pytorch@8322ab8 " +
				"(2.1-era: \"… before running the model again.\"), @ T2.2.2 and format_dealloc_msg @ T2.6.0 " +
				"(\"… or call torch.compiler.cudagraph_mark_step_begin() before each model invocation.\"); " +
				"PR #188078 (2.14 release notes) rewrote it",
			Decisive: "the hint after the RuntimeError's first sentence",
		},
		{
			Code: OverwrittenOutput, Literal: "To prevent overwriting, call torch.compiler.cudagraph_mark_step_begin() before each model invocation",
			Trailer:  true,
			Releases: modes.Minors(14, 14),
			Cause: "code read a tensor that a cudagraph-tree function returned after a later call of " +
				"the compiled function (a new generation) had reused its memory (the text shows the " +
				"RuntimeError's hint: its first sentence is \"accessing tensor output of CUDAGraphs that " +
				"has been overwritten by a subsequent run\")",
			Fix:      plannerFix(OverwrittenOutput, "cudagraph trees", 14),
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_trees.py format_dealloc_msg @ T2.14.0, Debian 2.14.1 " +
				"(PR #188078 added triton.cudagraph_trees_generation_cloning, which the hint names)",
			Decisive: "the hint after the RuntimeError's first sentence",
		},
		{
			Code: OverwrittenOutput, Literal: catalog.GradOverwriteHead214,
			Releases: modes.Minors(14, 14),
			Cause: "a .grad tensor was allocated inside a CUDA-graph capture, in the graph's pool, " +
				"and gradient accumulation read it after a later run had overwritten it",
			Fix: "allocate stable .grad buffers before the compiled backward is captured (an eager " +
				"warm-up iteration, or zeroed .grad tensors), or set .grad to None before each " +
				"backward if you do not accumulate gradients",
			Evidence: modes.Source,
			Source:   "torch/_inductor/cudagraph_trees.py format_dealloc_msg(is_grad_output=True) @ T2.14.0",
			Decisive: "the line with the RuntimeError's first sentence",
		},
		{
			Code: AllocatorIncompatible, Literal: sentence(ruleMessage("trees-async-allocator", 14)),
			Releases: modes.Minors(1, 14),
			Cause: "PYTORCH_CUDA_ALLOC_CONF selects backend:cudaMallocAsync, whose allocator cannot " +
				"check the private memory pool that cudagraph trees check on their first warm-up",
			Fix:      fixMallocAsync,
			Evidence: modes.Measured,
			Source:   "testdata/torch/2.11/measured_scenarios.json ro_async_alloc (check_memory_pool in cudagraph_trees.py)",
			Decisive: "the RuntimeError line",
		},
		{
			// The refusal retold, as titles and reports name it ("support
			// checkPoolLiveAllocations for cudaMallocAsync", pytorch/pytorch#158641): the
			// two names within a few words of each other, in either order.
			Code: AllocatorIncompatible, Literal: "checkPoolLiveAllocations", Paraphrase: true,
			// Words only between the names, so that code (a _cuda_checkPoolLiveAllocations(…)
			// frame above the error) is not retelling.
			Pattern: `(?i)\bcudaMallocAsync(?:\s+[a-z]+){0,6}\s+checkPoolLiveAllocations\b|` +
				`\bcheckPoolLiveAllocations(?:\s+[a-z]+){0,6}\s+cudaMallocAsync\b`,
			Releases: modes.Minors(1, 14),
			Cause:    mallocAsyncRetoldCause,
			Fix:      fixMallocAsync,
			Evidence: modes.Measured,
			Source:   mallocAsyncRetoldSource,
			Decisive: "a line that names cudaMallocAsync and checkPoolLiveAllocations together",
		},
		{
			// The refusal retold by the function's name as a failure ("# Disable CUDA graphs
			// to prevent checkPoolLiveAllocations error", holdoutX's x_latentsync launch
			// script, "fails in checkPoolLiveAllocations"), the async allocator configured
			// elsewhere in the text (the row's Requires: "export
			// PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync" a few lines below). A
			// traceback's frame calls torch._C._cuda_checkPoolLiveAllocations, which \b does
			// not split, with another error below it.
			Code: AllocatorIncompatible, Literal: "checkPoolLiveAllocations", Paraphrase: true,
			// One word may name what failed between them ("checkPoolLiveAllocations pool
			// errors"), and reStructuredText quotes it in double backticks.
			Pattern: `(?i)\bcheckPoolLiveAllocations\x60{0,2}\s+(?:[a-z]+\s+)?(?:errors?|failures?|crash(?:es)?|exceptions?|assert(?:ion)?s?)\b|` +
				`\b(?:fails?|failed|failing|crash(?:es|ed)?|errors?)\s+(?:in|at|inside|from)\s+\x60?checkPoolLiveAllocations\b`,
			Requires: `cudaMallocAsync`,
			Releases: modes.Minors(1, 14),
			Cause:    mallocAsyncRetoldCause,
			Fix:      fixMallocAsync,
			Evidence: modes.Measured,
			Source:   mallocAsyncRetoldSource,
			Decisive: "a line that names checkPoolLiveAllocations as a failure; another line names cudaMallocAsync",
		},
		{
			// The refusal retold without the function's name: CUDA graphs (their mode, the
			// trees) said to crash or fail under the async allocator in one sentence, either
			// order ("`max-autotune` uses CUDA graphs and crashes under the CLI's default
			// `cudaMallocAsync` allocator", a CLI's flag table; "reduce-overhead fails with
			// cudaMallocAsync"). A rule without a failure ("CUDA graphs work with
			// cudaMallocAsync from CUDA 11.4") is none.
			Code: AllocatorIncompatible, Literal: "cudaMallocAsync", Paraphrase: true,
			Pattern: `(?i)(?:` + asyncGraphWords + `)[^.;]{0,80}?\b(?:` + asyncFails + `)[^.;]{0,60}?\bcudaMallocAsync\b|` +
				`\bcudaMallocAsync\b[^.;]{0,60}?\b(?:` + asyncFails + `)[^.;]{0,60}?(?:` + asyncGraphWords + `)|` +
				// the errors named after the allocator, hit ("`cudagraphs` + multi-tile USDU often
				// hits `cudaMallocAsync` / pool live allocation errors", a release note's table cell;
				// holdoutBT's HSWQ, measured before); not "avoid … errors"
				`(?:` + asyncGraphWords + `)[^.;]{0,80}?\b(?:hits?|hitting|gets?|got|throws?|threw|raises?|raised|causes?|caused|triggers?|triggered)\b` +
				`[^.;]{0,20}?\bcudaMallocAsync\b[^.;]{0,40}?\b(?:errors|exceptions|crash(?:es)?|failures)\b|` +
				// the incompatibility told by its fix: "make CUDA Graph compatible with
				// PYTORCH_CUDA_MALLOC_CONF=backend:cudaMallocAsync" (chengzeyi/stable-fast's
				// commit 6dd0658, closing its #26; holdoutBU, wrapped before the variable)
				`\b(?:make|makes|made|making)\s+(?:the\s+)?(?:` + asyncGraphWords + `)\s+(?:compatible|work)\s+with\b[^.;]{0,60}?\bcudaMallocAsync\b`,
			Releases: modes.Minors(1, 14),
			Cause:    mallocAsyncRetoldCause,
			Fix:      fixMallocAsync,
			Evidence: modes.Measured,
			Source:   mallocAsyncRetoldSource,
			Decisive: "a sentence that says CUDA graphs crash or fail under cudaMallocAsync, or were made to work with it",
		},
		{
			// The same refusal from a pluggable allocator: CUDAAllocator's default
			// checkPoolLiveAllocations prints the allocator's name() first, and
			// CUDAPluggableAllocator's name() is "pluggable" (an allocator swapped in with
			// torch.cuda.memory.change_current_allocator: RMM's rmm_torch_allocator,
			// pytorch/pytorch#163257).
			Code: AllocatorIncompatible, Literal: "pluggable does not yet support checkPoolLiveAllocations",
			Releases: modes.Minors(1, 14),
			Cause: "torch.cuda.memory.change_current_allocator swapped the CUDA allocator for a pluggable one " +
				"(CUDAPluggableAllocator: RMM's rmm_torch_allocator, a .so's malloc and free), which cannot " +
				"check the private memory pool that cudagraph trees check on their first warm-up",
			Fix:      fixPluggable,
			Evidence: modes.Source,
			Source: allocatorNameSource + "; torch/csrc/cuda/CUDAPluggableAllocator.cpp name() returns " +
				"\"pluggable\" and does not override it; report: pytorch/pytorch#163257 (RMM)",
			Decisive: "the RuntimeError line",
		},
		{
			// Any other allocator's name() before the same words (a CUDAAllocator of an
			// extension's own): a word right before them, so that the source's
			// `name(), " does not yet support …"` and a template's "{name()}" are not it.
			Code: AllocatorIncompatible, Literal: " does not yet support checkPoolLiveAllocations",
			Pattern:  `\w does not yet support checkPoolLiveAllocations`,
			Releases: modes.Minors(1, 14),
			Cause: "the CUDA allocator in use is not PyTorch's caching allocator (its name() starts the " +
				"message) and cannot check the private memory pool that cudagraph trees check on their first warm-up",
			Fix:      fixPluggable,
			Evidence: modes.Source,
			Source:   allocatorNameSource,
			Decisive: "the RuntimeError line, an allocator's name before its words",
		},
		{
			Code: AllocatorIncompatible, Literal: from(fixed(ruleMessage("legacy-async-allocator", 14)), "Attempting"),
			Releases: modes.Minors(1, 14),
			Cause: "under backend:cudaMallocAsync the legacy implementation's capture frees a captured " +
				"allocation outside the capture, and the process aborts (SIGABRT, no Python exception)",
			Fix:      plannerFix(AllocatorIncompatible, "the legacy implementation with backend:cudaMallocAsync", 14),
			Evidence: modes.Measured,
			Source:   "testdata/torch/2.11/measured_scenarios.json legacy_async_alloc (CUDAMallocAsyncAllocator.cpp warning, then terminate)",
			Decisive: "the allocator's warning line before \"terminate called\"",
		},
		{
			Code: AllocatorIncompatible, Literal: from(reason(skipLine(skips.UncachedAllocator, skips.Any, 14)), "cudagraph"),
			Releases: modes.Minors(14, 14),
			Cause: "PYTORCH_NO_CUDA_MEMORY_CACHING=1 turns the caching allocator off, and CUDA-graph " +
				"memory pools need it, so Inductor skips CUDA graphs",
			// The planner warns only up to 2.13 (on 2.14 its rule skip-uncached-allocator
			// reports the skip); the fix is the same.
			Fix:      plannerFix(AllocatorIncompatible, "PYTORCH_NO_CUDA_MEMORY_CACHING=1", 13),
			Evidence: modes.Source,
			Source:   "torch/_inductor/cudagraph_utils.py check_lowering_disable_cudagraph @ T2.14.0",
			Decisive: "the skip line",
		},
		{
			// Inductor's lowering refuses CUDA graphs for a graph that runs under a user
			// MemPool (torch.cuda.use_mem_pool): capture allocates from its own private pool.
			Code: AllocatorIncompatible, Literal: "user CUDA MemPool contexts are not compatible with CUDA graphs",
			Releases: modes.Minors(14, 14),
			Cause: "part of the compiled graph runs under a user memory pool (torch.cuda.use_mem_pool / " +
				"torch.cuda.MemPool), whose allocations must stay in that pool, while a CUDA-graph capture " +
				"allocates from the graph's private pool, so Inductor skips CUDA graphs for this graph",
			Fix: "move the torch.cuda.use_mem_pool(...) context out of the compiled function (allocate the " +
				"pooled tensors before the call and pass them in), or compile this function without CUDA " +
				"graphs (mode=\"max-autotune-no-cudagraphs\" or \"default\")",
			Evidence: modes.Source,
			Source: "torch/_inductor/graph.py GraphLowering.run_node (disable_cudagraphs_reason \"user CUDA MemPool " +
				"contexts are not compatible with CUDA graphs\", printed after \"skipping cudagraphs due to \" by " +
				"output_code.py) @ 2.14.1; absent @ 2.9.1 (" + wordingsAudit + "); 2.10–2.13 not read",
			Decisive: "the skip line",
		},
		{
			Code: DynamicShapeRerecord, Literal: sentence(fixed(dynamic(14).Message)),
			Releases: modes.Minors(5, 14),
			Cause: "cudagraph trees recorded a new CUDA graph for each distinct input size, and the " +
				"count passed triton.cudagraph_dynamic_shape_warn_limit, so recording costs more than " +
				"replay saves",
			// With no release known: the first remedy, which every release's fix starts with.
			Fix: before(dynamic(6).Fix, ","),
			Tailored: []ReleaseFix{
				{Releases: modes.Minors(5, 13), Fix: dynamic(6).Fix}, // triton.cudagraph_skip_dynamic_graphs is in 2.4.0 and later
				{Releases: modes.Minors(14, 14), Fix: dynamic(14).Fix},
			},
			Evidence: modes.Source, Source: dynSource,
			Decisive: "the warning's first sentence",
		},
		// The warning's second sentence alone, as a note quotes it ("Recording too many
		// CUDAGraphs may lead to extra overhead. We have observed 51 distinct sizes."),
		// and its count alone ("We have observed 51 distinct sizes.").
		dynamicTrailer("Recording too many CUDAGraphs may lead to extra overhead", "",
			"the warning's second sentence, without the first", dynSource, dynamic(6).Fix, dynamic(14).Fix),
		dynamicTrailer("We have observed ", `We have observed \d+ distinct sizes`,
			"the warning's count of distinct sizes, without its first sentence", dynSource, dynamic(6).Fix, dynamic(14).Fix),
		{
			// 2.1 and 2.2 log the integer inputs' values alone, without "symint key".
			Code: DynamicShapeRerecord, Literal: "recording cudagraph tree for ",
			Pattern:  `recording cudagraph tree for \(?-?\d`,
			MinLines: 3,
			Releases: modes.Minors(1, 2),
			Cause: "cudagraph trees recorded a new CUDA graph for each of several integer input values " +
				"(one \"recording cudagraph tree for N\" line each), and each recording costs " +
				"more than a replay saves",
			Fix:      before(dynamic(6).Fix, ","),
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_trees.py cudagraphify (log.info \"recording cudagraph tree for %s\", " +
				"int_key) @ 2.1.0, 2.1.2, 2.2.2 (" + wordingsAudit + "), shown with TORCH_LOGS=cudagraphs",
			Decisive: "three or more such lines",
		},
		{
			Code: DynamicShapeRerecord, Literal: "cudagraph tree for symint key",
			MinLines: 3,
			Releases: modes.Minors(3, 14),
			Cause: "cudagraph trees recorded a new CUDA graph for each of several input sizes (one " +
				"\"recording cudagraph tree for symint key N\" line each), and each recording costs " +
				"more than a replay saves",
			Fix: before(dynamic(6).Fix, ","),
			Tailored: []ReleaseFix{
				{Releases: modes.Minors(4, 13), Fix: dynamic(6).Fix},
				{Releases: modes.Minors(14, 14), Fix: dynamic(14).Fix},
			},
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_trees.py cudagraphify (log.info \"recording cudagraph " +
				"tree for symint key %s\") @ 2.3.0 to 2.9.1, T2.6.0; \"[%s] Recording cudagraph tree for symint key %s\" " +
				"@ 2.14.1 (" + wordingsAudit + "), shown with TORCH_LOGS=cudagraphs",
			Decisive: "three or more such lines",
		},
		{
			Code: StreamCaptureIllegal, Literal: "operation not permitted when stream is capturing",
			Releases: modes.Minors(0, 14),
			Cause: "an operation CUDA forbids while a stream is capturing (a synchronisation, a " +
				"blocking copy between CPU and GPU, or another thread's device-wide call) ran during " +
				"a CUDA-graph capture",
			Fix:      fixCaptureIllegal,
			Evidence: modes.Source,
			Source: "cudaErrorStreamCaptureUnsupported's text: " + runtimeText + " (\"RuntimeError: " +
				"CUDA error: operation not permitted when stream is capturing\", quoted in torch/optim/adam.py " +
				"_single_tensor_adam); testdata/reference/field-reports.md F10; pytorch/pytorch#87794 (2022, before 2.0)",
			Decisive: "the CUDA error line",
		},
		{
			Code: StreamCaptureIllegal, Literal: "operation would make the legacy stream depend on a capturing blocking stream",
			Releases: modes.Minors(0, 14),
			Cause: "during a CUDA-graph capture, work was queued on the legacy default stream (or a " +
				"blocking stream) while the capturing stream is blocking, which would make it wait on " +
				"the capture (cudaErrorStreamCaptureImplicit): often a backward or copy run outside the " +
				"capture's stream",
			Fix: "run everything the capture needs on the capturing stream (inside torch.cuda.graph's " +
				"stream context, backward included), create side streams as non-blocking, or capture " +
				"with capture_error_mode=\"thread_local\" when another thread uses the device; " + fixCaptureIllegal,
			Evidence: modes.Source,
			Source: "cudaErrorStreamCaptureImplicit's text: " + runtimeText + " (\"RuntimeError: CUDA " +
				"error: operation would make the legacy stream depend on a capturing blocking stream\", " +
				"meta-pytorch/tritonbench#110)",
			Decisive: "the CUDA error line",
		},
		{
			Code: StreamCaptureIllegal, Literal: "cudaErrorStreamCaptureUnsupported",
			Releases: modes.Minors(9, 14),
			Cause: "an operation CUDA forbids while a stream is capturing ran during a CUDA-graph " +
				"capture (cudaErrorStreamCaptureUnsupported)",
			Fix:      fixCaptureIllegal,
			Evidence: modes.Source,
			Source: "c10's line after the CUDA error (\"Search for `cudaError…' in …\", the runtime's " +
				"cudaGetErrorName): c10::cuda::get_cuda_error_help, declared in c10/cuda/CUDAMiscFunctions.h:12@2.9.0 " +
				"and absent from every header copy from 2.0.0 to 2.8.0 and from Debian's 2.6.0 source (" +
				wordingsAudit + "), its text read in pytorch/pytorch@0ac83ae CUDAMiscFunctions.cpp; " +
				"measured form on 2.11; testdata/reference/field-reports.md F10",
			Decisive: "the \"Search for `cudaErrorStreamCaptureUnsupported'\" line",
		},
		{
			Code: StreamCaptureIllegal, Literal: from(line(ruleMessage("trees-concurrent-callers", sharedTrees.To.Minor), 3), "operation"),
			Releases: modes.Minors(1, 14),
			Cause: "a CUDA-graph capture was invalidated by an earlier operation that CUDA forbids " +
				"during capture (another thread's work on the device counts), so ending the capture failed",
			Fix:      fixCaptureIllegal,
			Evidence: modes.Measured,
			Source:   "testdata/torch/2.11/measured_scenarios.json ro_callers16 t2 (capture_end, cudaErrorStreamCaptureInvalidated)",
			Decisive: "the CUDA error line",
		},
	}
}

// skipRows: "skipping cudagraphs due to …", per release family. Up to 2.5 compile_fx
// logs the Python list of reasons; from 2.6 cudagraph_utils helpers format them, device
// reasons with a doubled prefix (config.Facts.SkipMessagePrefixed).
func skipRows() []Signature {
	return []Signature{
		{
			Code: SkipCPUDevice, Literal: cpuDeviceLiteral,
			Releases: cpuPrefixed,
			Cause: "the graph holds a CPU tensor (a 0-d CPU scalar counts), and without graph " +
				"partitioning Inductor captures no graph with a CPU tensor, so this one runs eagerly",
			Fix: fixCPUDevice,
			Tailored: []ReleaseFix{{Releases: modes.Minors(11, 14), Fix: fixCPUDevice + "; or turn " +
				"graph_partition back on (the default from 2.11, measured; this message means it is " +
				"off): it captures the CUDA part and runs the CPU ops eagerly"}},
			Evidence: modes.Measured,
			Source: "testdata/torch/2.11/measured_scenarios.json ro_cpu_scalar_partition_off; " +
				"cudagraph_utils.py check_multiple_devices_or_any_cpu_nodes @ T2.6.0; PR #118060 (first in 2.3; " +
				"issue #119241 shows it on a 2.3-era nightly)",
			Decisive: "the skip line",
		},
		{
			Code: SkipCPUDevice, Literal: listed(skipLine(skips.CPUDevice, skips.Any, cpuListed.From.Minor)),
			Releases: cpuListed,
			Cause: "the graph holds a tensor on a device other than CUDA (a 0-d CPU scalar counts), " +
				"and Inductor captures only all-CUDA graphs, so this one runs eagerly",
			Fix: fixCPUDevice, Evidence: modes.Source,
			Source:   "torch/_inductor/compile_fx.py compile_fx_inner cudagraph_tests @ T2.2.2; PR #103290",
			Decisive: "the skip line",
		},
		{
			Code: SkipMutatedInputs, Literal: mutatedCountLiteral, // the count varies
			Pattern:  `due to mutated inputs \(\d+ instances\)`,
			Releases: mutatedCounted,
			Cause: "the function mutates a user input in place (not a parameter or buffer), so " +
				"cudagraph trees run it eagerly",
			Fix: fixMutatedInputs, Evidence: modes.Measured,
			Source: "testdata/torch/2.11/measured_scenarios.json ro_mut_input; cudagraph_utils.py " +
				"get_mutation_stack_trace @ T2.6.0; PR #124700",
			Decisive: "the skip line",
		},
		{
			// The skip line quoted in prose without its count: "I keep getting \"skipping
			// cudagraphs due to mutated inputs\"" (a person drops "(1 instances)"), closed by
			// a quote or by the line's end alike; legacy-mutated-input's row of the same
			// words wins where the text shows cudagraph_trees=False (its Requires).
			Code: SkipMutatedInputs, Literal: skipLine(skips.MutatedInputs, skips.Legacy, 3),
			Pattern:  regexp.QuoteMeta(skipLine(skips.MutatedInputs, skips.Legacy, 3)) + bareLineEnd,
			Releases: mutatedCounted, Cropped: true,
			Cause: "the function mutates a user input in place (not a parameter or buffer), so " +
				"cudagraph trees run it eagerly",
			Fix: fixMutatedInputs, Evidence: modes.Source,
			Source: "cudagraph_utils.py get_mutation_stack_trace @ T2.6.0 (\"skipping cudagraphs due to " +
				"mutated inputs (N instances)\"); PR #124700; quoted without its count",
			Decisive: "the skip line without its count, at the line's end or a quote closed right after \"mutated inputs\"",
		},
		{
			// The stack-trace form of 2.3 (PR #117720, 2024-01): "skipping cudagraphs due to
			// mutation on input. Found from : \n <stack trace>".
			// 2.1's wording for any mutated input that cudagraph trees (on by default) cannot
			// capture; 2.0 printed it for the only, legacy, implementation (legacy-mutated-input).
			Code: SkipMutatedInputs, Literal: skipLine(skips.MutatedInputs, skips.Trees, 1),
			Releases: modes.Minors(1, 1),
			Cause: "the function mutates an input in place that CUDA graphs may not mutate (with " +
				"cudagraph trees, any input but parameters and static inputs), so it runs eagerly",
			Fix: fixMutatedInputs, Evidence: modes.Source,
			Source:   "torch/_inductor/compile_fx.py compile_fx_inner (has_mutation over mutated_input_idxs) @ 2.1.0, 2.1.2 (" + wordingsAudit + ")",
			Decisive: "the skip line",
		},
		{
			// set_ on a graph input rebinds its storage, which no CUDA graph can replay.
			Code: SkipMutatedInputs, Literal: from(before(skipLine(skips.StorageMutation, skips.Any, 14), "1"), "input"),
			Pattern:  `due to input storage mutation \(\d+ instances\)`,
			Releases: modes.Minors(14, 14),
			Cause: "the function replaces the storage of an input in place (Tensor.set_ on a graph input), " +
				"which a CUDA graph cannot replay, so Inductor runs the graph without CUDA graphs",
			Fix: "do not call set_ on an input inside the compiled function: return the new tensor " +
				"instead, or copy_ into the input if shapes agree",
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_utils.py get_input_storage_mutation_reason (\"input storage " +
				"mutation (N instances)\"), output_code.py cudagraph_tests @ 2.14.1 (" + wordingsAudit + "); " +
				"absent @ 2.9.1; 2.10–2.13 not read",
			Decisive: "the skip line",
		},
		{
			Code: SkipMutatedInputs, Literal: mutationOnInput,
			Releases: mutatedTrace,
			Cause: "the function mutates a user input in place (not a parameter or buffer), so " +
				"cudagraph trees run it eagerly",
			Fix: fixMutatedInputs, Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_utils.py get_mutation_stack_trace @ pytorch/pytorch@ef3d5c9e " +
				"(the stored copy: after PR #118112 of 2024-01-26, before PR #124700 of 2024-04-23, so the " +
				"2.3 line); absent @ T2.6.0 (Debian build) and T2.14; 2.4 and 2.5 not read",
			Decisive: "the skip line",
		},
		{
			// The same line as PR #117720 first printed it, with a typo, in 2.3's nightlies
			// of 2024-01 to 2024-03: "skipping cudagraphs due to mutaton on input. Found
			// from : \n <stack trace>"; PR #121018 corrected it before the 2.3 branch.
			Code: SkipMutatedInputs, Literal: "skipping cudagraphs due to mutaton on input",
			Releases: mutatedTrace,
			Cause: "the function mutates a user input in place (not a parameter or buffer), so " +
				"cudagraph trees run it eagerly",
			Fix: fixMutatedInputs, Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_utils.py check_for_mutation (2.3's nightlies): the test " +
				"of PR #118112 (2024-01) checks the typo, and PR #121018's diff corrects it " +
				"(android.googlesource.com/platform/external/pytorch/+/4af0e634bf, 2024-03); " +
				"pytorch/pytorch@ef3d5c9e reads \"mutation\"",
			Decisive: "the skip line",
		},
		{
			Code: SkipMutatedInputs, Literal: listed(skipLine(skips.MutatedInputs, skips.Trees, mutatedListed.From.Minor)),
			Pattern:  `skipping cudagraphs due to \[.*'mutated inputs'`,
			Releases: mutatedListed,
			Cause: "the function mutates an input in place that CUDA graphs may not mutate (with " +
				"cudagraph trees, any input but parameters and static inputs), so it runs eagerly",
			Fix: fixMutatedInputs, Evidence: modes.Source,
			Source:   "torch/_inductor/compile_fx.py compile_fx_inner @ T2.2.2",
			Decisive: "the skip line",
		},
		{
			// The same line naming one device that is not CUDA: the check reports any device
			// set other than exactly one CUDA device as "multiple devices", so a graph wholly
			// on MPS or XPU gets it (sweep2 finding 1).
			Code: SkipMultipleDevices, Literal: reason(skipLine(skips.MultipleDevices, skips.Any, devicesPrefixed.From.Minor)),
			Pattern:  `due to multiple devices: device\(type='(?:mps|xpu|hpu|xla|npu|mtia|ipu|lazy|vulkan|privateuseone|maia|meta)'(?:, index=\d+)?\)(?:\s*$|\s*[^,\s])`,
			Releases: devicesPrefixed,
			Cause: "the graph's only device is not CUDA (the line names one device, such as mps or xpu): " +
				"Inductor's CUDA graphs capture CUDA work only, and its check words every device set other " +
				"than one CUDA device as \"multiple devices\", so this graph runs without CUDA graphs; " +
				"nothing is spread over several devices",
			Fix: "nothing to move: on this device compile with mode=\"default\" or " +
				"mode=\"max-autotune-no-cudagraphs\" (reduce-overhead's CUDA graphs do not exist there, and the " +
				"warning is then gone); for CUDA graphs, run the model on a CUDA device",
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_utils.py check_multiple_devices_or_any_cpu_nodes: returns None only " +
				"for one device of type cuda, else \"multiple devices: \" and the devices' reprs @ T2.6.0 (line 171-178) " +
				"and T2.14.1 (line 361-368); sweep2 finding 1 (mps, xpu)",
			Decisive: "the skip line, one non-CUDA device after the colon",
		},
		{
			Code: SkipMultipleDevices, Literal: reason(skipLine(skips.MultipleDevices, skips.Any, devicesPrefixed.From.Minor)),
			Releases: devicesPrefixed,
			Cause: "one compiled graph uses tensors on several devices, and a CUDA graph is " +
				"captured on one device, so this graph runs eagerly",
			Fix: fixMultipleDevices, Evidence: modes.Measured,
			Source: "testdata/torch/2.11/measured_scenarios.json ro_two_devices, ro_two_devices_legacy; " +
				"cudagraph_utils.py check_multiple_devices_or_any_cpu_nodes @ T2.6.0; PR #118060 (first in 2.3)",
			Decisive: "the skip line",
		},
		{
			Code: SkipMultipleDevices, Literal: "skipping cudagraphs due to multple devices",
			Releases: modes.Minors(0, 0),
			Cause: "one compiled graph uses tensors on several devices, and the first torchinductor " +
				"captured CUDA graphs on one device only, so this graph ran eagerly",
			Fix:      fixMultipleDevices,
			Evidence: modes.Source,
			Source: "torchinductor compile_fx (2022, before torch 2.0, with the typo \"multple\"), " +
				"quoted in pytorch/torchdynamo#748",
			Decisive: "the skip line",
		},
		{
			Code: SkipMultipleDevices, Literal: skipLine(skips.CPUDevice, skips.Any, 1),
			// 2.0's bare reason; from 2.3 the reason goes on with ": device(…)".
			Pattern:  `skipping cudagraphs due to multiple devices(?:[^:]|$)`,
			Releases: modes.Minors(0, 1),
			Cause: "one compiled graph uses tensors on several device types (a CPU tensor counts), and " +
				"torch 2.0 and 2.1 capture CUDA graphs of all-CUDA graphs only, so this graph ran eagerly",
			Fix:      fixMultipleDevices + "; a CPU tensor in the graph counts as a second device",
			Evidence: modes.Source,
			Source: "torch/_inductor/compile_fx.py compile_fx_inner " + source20 + "; compile_fx.py @ 2.0.0, " +
				"2.1.0, 2.1.2 (\"if len(set(compiled_graph.device_types)) > 1\", " + wordingsAudit + ")",
			Decisive: "the skip line",
		},
		{
			// 2.1's cudagraph trees refuse a graph over several CUDA devices with this line;
			// 2.2 lists the reason instead ('multiple device indices without cudagraph_trees').
			Code: SkipMultipleDevices, Literal: skipLine(skips.MultipleDevices, skips.Trees, 1),
			Releases: modes.Minors(1, 1),
			Cause: "one compiled graph uses several CUDA devices, and cudagraph trees capture on " +
				"one device only, so this graph runs eagerly",
			Fix: fixMultipleDevices + "; on 2.1 triton.cudagraph_trees=False also captures it " +
				"(the legacy implementation allows several devices)",
			Evidence: modes.Source,
			Source:   "torch/_inductor/compile_fx.py compile_fx_inner @ 2.1.0, 2.1.2 (" + wordingsAudit + ")",
			Decisive: "the skip line",
		},
		{
			Code: SkipMultipleDevices, Literal: listed(skipLine(skips.MultipleDevices, skips.Trees, devicesListed.From.Minor)),
			Releases: devicesListed,
			Cause: "one compiled graph uses several CUDA devices, and cudagraph trees capture on " +
				"one device only, so this graph runs eagerly",
			Fix: fixMultipleDevices + "; up to 2.5 triton.cudagraph_trees=False also captures it " +
				"(the legacy implementation allows several devices)",
			Evidence: modes.Source,
			Source:   "torch/_inductor/compile_fx.py compile_fx_inner cudagraph_tests @ T2.2.2",
			Decisive: "the skip line",
		},
		{
			Code: SkipIncompatibleOp, Literal: reason(skipLine(skips.IncompatibleOp, skips.Any, prefixedSkips.From.Minor)),
			Releases: modes.Minors(3, 14),
			Cause: "the graph holds an op that cannot be captured in a CUDA graph (the message " +
				"names it), so Inductor runs the graph without CUDA graphs",
			Fix: fixIncompatibleOp, Evidence: modes.Source,
			Source: "torch/_inductor/compile_fx.py codegen_and_compile (get_first_incompatible_cudagraph_node: " +
				"\"disabling cudagraphs due to incompatible op {target}\", logged after \"skipping cudagraphs due to \") " +
				"@ T2.6.0 to 2.14.1; torch/_dynamo/backends/cudagraphs.py check_for_skip (backend=\"cudagraphs\": " +
				"\"… incompatible op\" @ 2.3.0, \"… incompatible op ({node})\" from 2.4.0, each logged after a second " +
				"\"skipping cudagraphs due to \") (" + wordingsAudit + ")",
			Decisive: "the skip line",
		},
		{
			Code: SkipIncompatibleOp, Literal: listed(skipLine(skips.IncompatibleOp, skips.Any, listedSkips.From.Minor)),
			Releases: listedSkips,
			Cause: "the graph holds an op that cannot be captured in a CUDA graph (such as " +
				"torch.multinomial), so Inductor runs it without CUDA graphs",
			Fix: fixIncompatibleOp, Evidence: modes.Source,
			Source:   "torch/_inductor/compile_fx.py compile_fx_inner (has_incompatible_cudagraph_ops) @ T2.2.2",
			Decisive: "the skip line",
		},
		{
			Code: SkipIncompatibleOp, Literal: "index put with accumulate",
			Pattern:  `index put with accumulate\.(?:\s+Found from|\s*$)|due to index put with accumulate\.?(?:\s*$|` + closeQuote + `)`,
			Releases: indexPutReasons,
			Cause: "an index_put_ with accumulate=True (x[idx] += v) lowers to a fallback kernel that " +
				"cannot be captured in a CUDA graph, so Inductor runs the graph without CUDA graphs",
			Fix: "write the update as a scatter_add_ or index_add_ (which Inductor lowers), or move it " +
				"out of the compiled function; " + fixIncompatibleOp,
			Evidence: modes.Source,
			Source:   "torch/_inductor/lowering.py index_put_fallback (disable_cudagraphs_reason \"index put with accumulate.\") " + indexPutSource,
			Decisive: "the skip line",
		},
		{
			Code: SkipIncompatibleOp, Literal: "deterministic index put",
			Pattern:  `deterministic index put\.(?:\s+Found from|\s*$)|due to deterministic index put\.?(?:\s*$|` + closeQuote + `)`,
			Releases: indexPutReasons,
			Cause: "with torch.use_deterministic_algorithms(True) an index_put_ lowers to a fallback " +
				"kernel that cannot be captured in a CUDA graph, so Inductor runs the graph without CUDA graphs",
			Fix:      "turn deterministic algorithms off around the compiled code if you can, or move the indexing out of it; " + fixIncompatibleOp,
			Evidence: modes.Source,
			Source:   "torch/_inductor/lowering.py index_put_fallback (\"deterministic index put.\") " + indexPutSource,
			Decisive: "the skip line",
		},
		{
			Code: SkipIncompatibleOp, Literal: "control flow operator: torch.",
			Pattern:  `control flow operator: torch\.(?:cond|while_loop)(?:\.|\s*$|` + closeQuote + `)`,
			Releases: modes.Minors(3, 13),
			Cause: "a torch.cond or torch.while_loop on the GPU lowers to host-side control flow that " +
				"cannot be captured in a CUDA graph, so Inductor runs the graph without CUDA graphs",
			Fix:      fixIncompatibleOp,
			Evidence: modes.Source,
			Source:   "torch/_inductor/lowering.py cond, while_loop (\"control flow operator: torch.cond.\", \"… torch.while_loop.\") @ T2.6.0, T2.7.1 and the 2.11.0.dev20251221 nightly (" + nightly211 + "), none with torch.switch; cond from 2.3.0, while_loop from 2.4.0, to 2.9.1 (" + wordingsAudit + "); 2.10, 2.12, 2.13 not read (bounded by those and T2.14, whose cond and while_loop texts are the same); printed after \"skipping cudagraphs due to \" (the lowering's reason: compile_fx.py @ 2.2.2 to 2.5.1, CompiledFxGraph in output_code.py @ 2.6.0 to 2.14.1, " + wordingsAudit + ")",
			Decisive: "the skip line",
		},
		{
			Code: SkipIncompatibleOp, Literal: "control flow operator: torch.",
			Pattern:  `control flow operator: torch\.(?:cond|while_loop|switch)(?:\.|\s*$|` + closeQuote + `)`,
			Releases: modes.Minors(14, 14),
			Cause: "a torch.cond or torch.while_loop on the GPU, or any torch.switch, lowers to host-side " +
				"control flow that cannot be captured in a CUDA graph, so Inductor runs the graph without CUDA graphs",
			Fix:      fixIncompatibleOp + "; with torch._inductor.config.graph_partition on, only the control flow's partition runs without them",
			Evidence: modes.Source,
			Source:   "torch/_inductor/lowering.py cond, while_loop, switch @ T2.14 (Debian sid build); printed after \"skipping cudagraphs due to \" (the lowering's reason: compile_fx.py @ 2.2.2 to 2.5.1, CompiledFxGraph in output_code.py @ 2.6.0 to 2.14.1, " + wordingsAudit + "); 2.7–2.13 not read",
			Decisive: "the skip line",
		},
		{
			Code: SkipIncompatibleOp, Literal: "index_put_ fallback with boolean indexing is not compatible with CUDA graphs",
			Releases: modes.Minors(11, 14),
			Cause: "an index_put_ with a boolean mask (x[mask] = v) falls back to a kernel that calls " +
				".nonzero() during capture, so Inductor runs the graph without CUDA graphs",
			Fix: "write the update as torch.where(mask, v, x) (which Inductor lowers), or turn on " +
				"torch._inductor.config.graph_partition so that only its partition runs without CUDA graphs; " + fixIncompatibleOp,
			Evidence: modes.Source,
			Source:   "torch/_inductor/lowering.py index_put_fallback (_fx_node_is_input_dependent_cudagraph_unsafe) @ T2.14 (Debian sid build) and the 2.11.0.dev20251221 nightly (" + nightly211 + "); PRs #170103 and #170262 (2025-12-10 and -12, around the 2.10 branch cut of 2025-12-10; #170103 was cherry-picked to 2.10 by #170884), so 2.10 not settled; absent @ T2.7.1; printed after \"skipping cudagraphs due to \" (the lowering's reason: compile_fx.py @ 2.2.2 to 2.5.1, CompiledFxGraph in output_code.py @ 2.6.0 to 2.14.1, " + wordingsAudit + ")",
			Decisive: "the skip line",
		},
		{
			Code: SkipDynamicGraphs, Literal: sentence(from(reason(skipLine(skips.DynamicGraphs, skips.Any, prefixedSkips.From.Minor)), "graph")),
			Releases: modes.Minors(4, 14),
			Cause: "triton.cudagraph_skip_dynamic_graphs=True and this graph's inputs have symbolic " +
				"shapes, so it runs without CUDA graphs",
			Fix: "for CUDA graphs here, make the shapes static (torch.compile(dynamic=False), or pad " +
				"to a few fixed sizes), or set triton.cudagraph_skip_dynamic_graphs=False so that " +
				"cudagraph trees record one graph per input size",
			Evidence: modes.Measured,
			Source: "testdata/torch/2.11/measured_scenarios.json ro_dynamic_true_skip_partition_off; " +
				"compile_fx.py @ T2.6.0; PR #122520 (2024-03)",
			Decisive: "the skip line",
		},
		{
			Code: SkipNonTensorInputs, Literal: listed(skipLine(skips.NonTensorInputs, skips.Any, 14)),
			Pattern:  `skipping cudagraphs due to \[.*'non-Tensor inputs'`,
			Releases: modes.Minors(2, 14),
			Cause: "the compiled graph takes an input that is neither a tensor nor a SymInt " +
				"(2.14 also allows torch.Generator), and Inductor captures only graphs whose inputs " +
				"are tensors or SymInts",
			Fix: "pass such values as tensors, or make them constants of the compiled function " +
				"(closures or module attributes)",
			Evidence: modes.Source,
			Source: "torch/_inductor/compile_fx.py compile_fx_inner @ T2.2.2; output_code.py " +
				"cudagraph_post_compile (list of fail reasons) @ T2.6.0, T2.14.0",
			Decisive: "the skip line",
		},
	}
}

// compileRows: what torch.compile raises before compiling; the texts are config's
// (config/errors.go, modes.UnknownModeError), byte for byte.
func compileRows() []Signature {
	static := "testdata/torch/2.11/torch_static.json errors"
	unknownMode := (&modes.UnknownModeError{}).Message() // "Unrecognized mode=, should be one of: "
	// every is every supported release: the planner (config) raises each of these
	// texts on 2.0 too (TestRowsCoverPlannerErrors). 2.0's compile, apply_mode and
	// apply_options are read in its torch/__init__.py as the 2.0 documentation renders
	// it (pytorch/pytorch.github.io@01153da6 docs/2.0/_modules/torch.html); its
	// InvalidBackend and config __setattr__ texts are inferred, as the planner's are.
	every := modes.Releases{From: modes.First(), To: modes.Newest()}
	docs20 := "; 2.0: torch/__init__.py compile, apply_mode, apply_options in pytorch/pytorch.github.io@01153da6 docs/2.0/_modules/torch.html"
	return []Signature{
		{
			Code: ModeAndOptions, Literal: (&config.ModeAndOptionsError{}).Message(),
			Releases: every,
			Cause: "torch.compile got both mode= and options= (each tested with `is not None`, so " +
				"mode=\"default\" with options={} counts), and it takes one or the other",
			Fix: "pass one dict: options={**torch._inductor.list_mode_options(MODE), **YOUR_OPTIONS} " +
				"(the mode's table expanded, your keys winning), or pass mode alone; with " +
				"\"triton.cudagraphs\": False that equals mode=\"max-autotune-no-cudagraphs\" for " +
				"max-autotune and the default for reduce-overhead",
			Evidence: modes.Measured,
			Source:   static + "; torch/__init__.py compile @ T2.2.2, T2.6.0, T2.7.1, T2.14.0 (same text)" + docs20,
			Decisive: "the RuntimeError line",
		},
		{
			Code: UnknownMode, Literal: unknownMode,
			Releases: applyMode,
			Cause: "up to " + applyMode.To.String() + " torch.compile's apply_mode refuses mode=\"\" (from " +
				modes.SiteReleases(modes.ListModeOptions).From.String() + " it means the default)",
			Fix:      "pass mode=None or mode=\"default\"",
			Evidence: modes.Source,
			Source:   "torch/__init__.py _TorchCompileInductorWrapper.apply_mode @ T2.2.2, T2.6.0",
			Decisive: "the RuntimeError line",
		},
		{
			Code: UnknownMode, Literal: before(unknownMode, ","),
			// The list of names may be cut away: "RuntimeError: Unrecognized mode=max-reduce"
			// quoted in prose (holdoutG1), the name then followed by the line's end or a
			// closing quote mark or full stop; a name is PyTorch's unquoted spelling, so
			// "unrecognized mode='video'" and f"Unrecognized mode={mode}" are no such refusal.
			Pattern:  `Unrecognized mode=(?:.*, should be one of: |` + cutRefusalName(`[\w-]*`, `[-_]`) + `)`,
			Releases: every,
			Cause: "torch.compile got a mode name this release does not have; names are exact (lower " +
				"case, hyphens, no white space), so \"reduce_overhead\", \"REDUCE-OVERHEAD\" and " +
				"\"reduce-overhead \" (a trailing space: \"mode=reduce-overhead ,\" in the message) are unknown too",
			Fix:      "pass one of the names the message lists, spelled exactly; mode=None or \"default\" for the default",
			Evidence: modes.Measured,
			Source: static + ", torch_defaults.json more_errors; apply_mode @ T2.2.2, T2.6.0; " +
				"torch/_inductor/__init__.py list_mode_options @ T2.7.1, T2.14.0" + docs20,
			Decisive: "the RuntimeError line",
		},
		{
			// Without its comma, so that a message whose key list is cut away ("# ComfyUI
			// execution error: Unexpected optimization option guard_filter_fn", a title) is
			// this row's and not only the general one's.
			Code: UnknownOption, Literal: before((&config.UnknownOptionError{Key: "guard_filter_fn"}).Message(), ","),
			Pattern:  `Unexpected optimization option guard_filter_fn\b`,
			Releases: releasesBefore(guardFilterFn.From),
			Cause: "options={\"guard_filter_fn\": …} is taken by torch.compile itself only from " + guardFilterFn.From.String() + "; " +
				"older releases pass it to Inductor, which has no such key",
			Fix:      "upgrade to " + guardFilterFn.From.String() + " or later (accepted on 2.11, measured), or drop guard_filter_fn on this release",
			Evidence: modes.Source,
			Source: "config/facts.go optionSince (PyTorch 2.8 documentation; ComfyUI issue #11457); " +
				"field report F3; measured accepted: testdata/torch/2.11/measured_scenarios.json opts_guard_filter_fn",
			Decisive: "the RuntimeError line",
		},
		{
			Code: UnknownOption, Literal: before((&config.UnknownOptionError{}).Message(), ","),
			// The key list may be cut away, as a note quotes the message: "a new error appeared:
			// `RuntimeError: Unexpected optimization option triton.enable_persistent_tma_matmul`."
			// (holdoutG1, ZombieWaves-AI-Codex); the key is then an unquoted config name
			// followed by the line's end or a closing quote mark or full stop, which zksolc's
			// "Unexpected optimization option '9'" is not.
			Pattern:  `Unexpected optimization option (?:\S+, known options are |` + cutRefusalName(`[\w.]*`, `[_.]`) + `)`,
			Releases: every,
			Cause: "an options= key is not a config key of this release (after \"-\" becomes \"_\"); " +
				"the message goes on to list every key the release has",
			Fix: "check the key's spelling and subconfig prefix (\"triton.cudagraphs\", not " +
				"\"cudagraphs\") against torch._inductor.list_options() of your release; a key newer " +
				"than your release is refused",
			Evidence: modes.Measured,
			Source:   static + "; torch_facts.json unknown_option_message; apply_options @ T2.2.2, T2.6.0, T2.7.1, T2.14.0" + docs20,
			Decisive: "the RuntimeError line (it holds the whole key list)",
		},
		{
			Code: OptionType, Literal: before((&config.OptionTypeError{}).Message(), ","),
			Pattern:  `Unexpected type of attr \S+, got \S+ should be \S+`,
			Releases: every,
			Cause: "an options= value has a type apply_options refuses: it compares with the type of " +
				"the option's current value (exact type up to 2.5, isinstance from 2.6)",
			Fix: "pass a value of the type after \"should be\" (True/False for bool, 3 for int, 3.0 " +
				"for float); where it says NoneType the option defaults to None, so set it with " +
				"torch._inductor.config.KEY = VALUE before compiling, which PyTorch does not type-check",
			Evidence: modes.Measured,
			Source:   static + "; torch_facts.json; torch_defaults.json more_errors; apply_options @ T2.2.2, T2.6.0, T2.14.0" + docs20,
			Decisive: "the RuntimeError line",
		},
		{
			// Dynamo words the name as its repr ({name!r}, every release: testdata/
			// wordings-by-release.tsv), so it is quoted (a retelling's quotes may be
			// typographic or backticks), or the line goes on to list_backends; an unquoted
			// name alone is another library's ("Fixes 'Invalid backend: 120' error on RTX
			// 5090", flashinfer, holdoutAG).
			Code: InvalidBackend, Literal: "Invalid backend: ",
			Pattern:  `Invalid backend: (?:['"‘“\x60][^\s'",’”\x60]+|[^\s'",]+,? [Ss]ee .?torch\._dynamo\.list_backends)`,
			Releases: every,
			Cause: "the backend name is not registered; names are exact, so \"Inductor\" and " +
				"\"inductor \" are invalid too",
			Fix: "pass a name exactly as torch._dynamo.list_backends() prints it, such as " +
				"\"inductor\" (the default), \"cudagraphs\", \"eager\" or \"aot_eager\"",
			Evidence: modes.Measured,
			Source: "testdata/torch/2.11/backends.json compile_backend (\"Invalid backend: 'x', see " +
				"`torch._dynamo.list_backends()` for available backends.\"); torch/_dynamo/exc.py " +
				"InvalidBackend @ T2.6.0 (same); PR #189333 (2026-07): \"Invalid backend: 'x'. See …\" " +
				"and \"Invalid backend: 'x', did you mean: 'y'? See …\"; the row matches the part every " +
				"wording shares, so a cut hint still matches" + "; 2.0 inferred, as the planner's",
			Decisive: "the InvalidBackend line",
		},
		{
			Code: UnknownGlobal, Literal: from((&config.GlobalError{}).Message(), " does"),
			Pattern:  `torch\._inductor\.config\.[\w.]+ does not exist`,
			Releases: every,
			Cause: "a torch._inductor.config assignment names a key this release does not have, and " +
				"the config module refuses unknown names",
			Fix: "check the name and its subconfig prefix against torch._inductor.list_options() of " +
				"your release (torch._inductor.config.triton.cudagraphs, not torch._inductor.config.cudagraphs)",
			Evidence: modes.Measured,
			Source: "testdata/torch/2.11/torch_defaults.json more_errors; torch/utils/_config_module.py " +
				"ConfigModule.__setattr__ @ T2.7.1, T2.14.0" + "; 2.0 inferred, as the planner's",
			Decisive: "the AttributeError line",
		},
		{
			// Every torch config module is a ConfigModule and refuses an unknown name with the
			// same "<module>.<name> does not exist", on assignment and on reading.
			Code: UnknownGlobal, Literal: from((&config.GlobalError{}).Message(), " does"),
			Pattern: `torch\.(?:_dynamo\.config|_functorch\.config|fx\.experimental\._config|` +
				`compiler\.config|_export\.config)\.[\w.]+ does not exist`,
			Releases: modes.Minors(1, 14),
			Cause: "a torch._dynamo.config (or torch._functorch.config, torch.compiler.config, " +
				"torch.fx.experimental._config) assignment or read names a key this release does not have; " +
				"the keys differ between releases, and the config modules refuse unknown names",
			Fix: "check the name against dir() of that config module in your release; a script meant for " +
				"several releases sets the key only where hasattr() finds it",
			Evidence: modes.Measured,
			Source: "measured: setattr and getattr of an unknown key on torch._dynamo.config, " +
				"torch._inductor.config, torch._functorch.config, torch.fx.experimental._config and " +
				"torch.compiler.config in the torch 2.6.0 and 2.14.1 CPU builds (../shared/torch-cpu/), and " +
				"torch._export.config in 2.14.1: \"<module>.<key> does not exist\" each time; 2.1: " +
				"pytorch/pytorch#104022 (torch 2.1.0.dev20230621, torch/_dynamo/config_utils.py __setattr__)",
			Decisive: "the AttributeError line",
		},
		// The KeyError that a config module's lookup raises first: a page or a log keeps
		// only the head of the chain "KeyError: 'k'" → "AttributeError: … does not exist"
		// (intel/torch-xpu-ops#2999), and config.patch of 2.0–2.5 raised the bare KeyError
		// with no AttributeError after it.
		{
			Code: UnknownGlobal, Literal: "KeyError: '", Pattern: configKeyError,
			Requires: configFrame(`__getattr__`, "self._config[name]"),
			Releases: every,
			Cause: "a torch config module (torch._inductor.config, torch._dynamo.config, …) was read " +
				"for a key this release does not have: its lookup raises KeyError, which it turns into " +
				"\"AttributeError: <module>.<key> does not exist\"",
			Fix: "check the key (the quoted name) against dir() of that config module in your release, " +
				"or torch._inductor.list_options() for Inductor's; code meant for several releases reads " +
				"the key only where hasattr() finds it",
			Evidence: modes.Measured,
			Source: "torch/utils/_config_module.py ConfigModule.__getattr__ @ T2.2.2 (\"return " +
				"self._config[name]\" under \"except KeyError … raise AttributeError(…) from e\"); measured in " +
				"the torch 2.6.0 and 2.14.1 CPU builds (../shared/torch-cpu/): \"config = self._config[name]\", " +
				"\"KeyError: '<key>'\", then the AttributeError; 2.0–2.1: torch/_dynamo/config_utils.py, the same",
			Decisive: "the KeyError line, under the config module's __getattr__ frame",
		},
		{
			Code: UnknownGlobal, Literal: "KeyError: '", Pattern: configKeyError,
			Requires: configFrame(`__enter__`, "config._config[key]"),
			Releases: modes.Minors(0, 5),
			Cause: "config.patch(…) of a torch config module named a key this release does not have: " +
				"patch looks each key up in the config's dict to save its value, and a missing key " +
				"raises a bare KeyError",
			Fix: "check the key (the quoted name) against dir() of that config module in your release " +
				"(torch._inductor.list_options() for Inductor's), and patch only keys it has; from 2.6 " +
				"the same mistake says \"<module>.<key> does not exist\"",
			Evidence: modes.Source,
			Source: "ConfigPatch.__enter__ \"prior[key] = config._config[key]\" (\"# KeyError on invalid " +
				"entry\"): torch/_dynamo/config_utils.py (2.0–2.1) and torch/utils/_config_module.py @ T2.2.2; " +
				"measured in the torch 2.6.0 and 2.14.1 CPU builds: \"prior[key] = config.__getattr__(key)\", " +
				"which raises the AttributeError instead; 2.3–2.5 bracketed between them",
			Decisive: "the KeyError line, under the config module's patch frame",
		},
	}
}

// configKeyError is the KeyError line of a config module's lookup: a quoted key alone.
const configKeyError = `KeyError: '[A-Za-z_][\w.]*'(?:[^\w']|$)`

// configFrame is a traceback frame of a torch config module's method (torch/utils/
// _config_module.py from 2.2, torch/_dynamo/config_utils.py before; a JSON string
// escapes its quote) or the method's source line that Python prints under it, which is
// short enough to survive a terminal's wrapping where the frame is not.
func configFrame(method, source string) string {
	frame := `\.py\\?", line \d+, in ` + method + `\b`
	return regexp.QuoteMeta(source) + `|_config_module` + frame + `|config_utils` + frame
}

// cutRefusalName is the tail of a config refusal ("Unrecognized mode=…", "Unexpected
// optimization option …") whose list of valid names was cut away: a name as PyTorch
// prints it, unquoted (a letter or underscore, then rest), followed by a closing quote
// mark or backtick or a full stop, or ending the line when it holds one of sep's
// separators as config keys and mode names do ("triton.cudagraphs", "max-reduce"); a
// bare word at a line's end ("…option gua") may be a message cut at the input's end,
// which the cut rules read.
func cutRefusalName(rest, sep string) string {
	return `(?:[A-Za-z_]` + rest + `(?:[\x60'"]|\.\s|\.\s*$)|[A-Za-z_]` + rest + sep + rest + `\s*$)`
}

// dynamicTrailer is a row of the dynamic-shape warning's later words quoted without its
// first sentence (a Trailer of dynamic-shape-rerecord, 2.5–2.14), matching literal (and
// pattern, when set) on the line decisive names; fix6 is the fix of 2.5–2.13 and
// fix14 of 2.14.
func dynamicTrailer(literal, pattern, decisive, source, fix6, fix14 string) Signature {
	return Signature{
		Code: DynamicShapeRerecord, Literal: literal, Pattern: pattern, Trailer: true,
		Releases: modes.Minors(5, 14),
		Cause: "cudagraph trees recorded a new CUDA graph for each distinct input size, and the " +
			"count passed triton.cudagraph_dynamic_shape_warn_limit, so recording costs more than " +
			"replay saves",
		Fix: before(fix6, ","),
		Tailored: []ReleaseFix{
			{Releases: modes.Minors(5, 13), Fix: fix6},
			{Releases: modes.Minors(14, 14), Fix: fix14},
		},
		Evidence: modes.Source, Source: source,
		Decisive: decisive,
	}
}
