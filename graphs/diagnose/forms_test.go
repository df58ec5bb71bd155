package diagnose_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/modes"
)

// form is what TestForms compares: the first finding's code, line and match, and the
// release.
type form struct {
	Code  diagnose.Code
	Line  int
	Match diagnose.Match
	Torch string
}

func firstForm(d *diagnose.Diagnosis) form {
	f := form{Torch: d.Torch}
	if len(d.Findings) > 0 {
		f.Code, f.Line, f.Match = d.Findings[0].Code, d.Findings[0].Line, d.Findings[0].Match
	}
	return f
}

// formTest is a log and the first finding (form) it must give, with why.
type formTest struct {
	name, log string
	want      form
	reason    string
}

// checkForms reads each test's log and compares its first finding with the test's,
// each in a parallel subtest.
func checkForms(t *testing.T, tests []formTest) {
	t.Helper()
	checkFormsThen(t, tests, nil)
}

// checkFormsThen is checkForms that also hands each test's diagnosis to then (when not
// nil) for the checks of other fields; then runs after a mismatch too, so it must not
// assume a finding.
func checkFormsThen(t *testing.T, tests []formTest, then func(*testing.T, formTest, *diagnose.Diagnosis)) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.log))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if diff := cmp.Diff(tt.want, firstForm(d)); diff != "" {
				t.Errorf("Read(%q) mismatch (-want +got) (%s):\n%s", tt.log, tt.reason, diff)
			}
			if then != nil {
				then(t, tt, d)
			}
		})
	}
}

// TestForms: the ways a message reaches a reader (wrapped, quoted, prefixed, cut) and
// the ways a text states the release.
func TestForms(t *testing.T) {
	t.Parallel()
	const modeOpts = "Either mode or options can be specified, but both can't be specified at the same time."
	tests := []formTest{
		{"exact", "RuntimeError: " + modeOpts + "\n", form{diagnose.ModeAndOptions, 1, diagnose.Exact, ""}, "one line"},
		{"no exception class", "Failed to apply torch.compile: " + modeOpts + "\n", form{diagnose.ModeAndOptions, 1, diagnose.Exact, ""}, "a wrapper's prefix instead of the class"},
		{"wrapped at a space", "RuntimeError: Either mode or options can be specified, but both\ncan't be specified at the same time.\n", form{diagnose.ModeAndOptions, 1, diagnose.Wrapped, ""}, "a page wrapped it"},
		{"wrapped mid-word over three lines", "RuntimeError: Either mode or options can be spe\ncified, but both can't be specified at \nthe same time.\n", form{diagnose.ModeAndOptions, 1, diagnose.Wrapped, ""}, "a terminal cut it at its width"},
		{"wrapped with a pattern", "RuntimeError: Unexpected optimization option no_such_knob,\nknown options are ['debug']\n", form{diagnose.UnknownOption, 1, diagnose.Wrapped, ""}, "the pattern's rest is on the next line"},
		{"key list cut, quoted in a note", "After the Nightly install, a new error appeared: `RuntimeError: Unexpected optimization option triton.enable_persistent_tma_matmul`.\n", form{diagnose.UnknownOption, 1, diagnose.Exact, ""}, "the known-options list left out (holdoutG1, ZombieWaves-AI-Codex)"},
		{"key list cut at the line's end", "RuntimeError: Unexpected optimization option max_autotune_gem\n", form{diagnose.UnknownOption, 1, diagnose.Exact, ""}, "a paste that stops after the key"},
		{"mode list cut, Chinese prose", "我传了 `mode=\"max-reduce\"`，运行后报错 `RuntimeError: Unrecognized mode=max-reduce`。\n", form{diagnose.UnknownMode, 1, diagnose.Exact, ""}, "the names list left out"},
		{"mode list cut, full stop", "it fails with Unrecognized mode=reduce_overhead. Use a hyphen.\n", form{diagnose.UnknownMode, 1, diagnose.Exact, ""}, "a sentence ends after the name"},
		{"zksolc's optimization option", "bail!(\"Unexpected optimization option '{}'\", char)\nError: Unexpected optimization option '9'\n", form{}, "a quoted name: another compiler's refusal"},
		{"another tool's unrecognized mode", "raise ValueError(f\"Unrecognized mode={mode}\")\nunrecognized mode='video' defaulted to environmental\nshadow_writer: unrecognized mode=x for tenant=a\n", form{}, "a template, a quoted name, a name the sentence goes on after"},
		{"moved to an unnumbered nightly", "The env was the stable release of PyTorch (2.5.1).\nTo fix it, we moved from the stable PyTorch branch to the **Nightly (Preview)** build.\nAfter the Nightly install: `RuntimeError: Unexpected optimization option triton.x`.\n", form{diagnose.UnknownOption, 3, diagnose.Exact, ""}, "the release moved from is not the failing run's; the nightly's is unknown (holdoutG1, ZombieWaves-AI-Codex)"},
		{"moved to a nightly that works", "On PyTorch 2.5.1 compile fails: `RuntimeError: Unexpected optimization option triton.x`.\nI switched to the torch nightly and it works.\n", form{diagnose.UnknownOption, 1, diagnose.Exact, "2.5"}, "a move that fixed it leaves the failing run's release"},
		{"moved to a numbered nightly", "RuntimeError: Unexpected optimization option triton.x\nwe moved on torch to the nightly 2.6.0.dev20241112 build\n", form{diagnose.UnknownOption, 1, diagnose.Exact, "2.6"}, "the nightly's number is read"},
		{"nightly, then collect_env", "we switched PyTorch to the nightly\nPyTorch version: 2.6.0.dev20241112+cu124\nRuntimeError: Unexpected optimization option triton.x\n", form{diagnose.UnknownOption, 3, diagnose.Exact, "2.6"}, "what torch prints still counts after the move"},
		{"blank line ends a message", "RuntimeError: Either mode or options can be specified, but both\n\ncan't be specified at the same time.\n", form{}, "a paragraph break is no wrap"},
		{"backticks", "we get `skipping cudagraphs due to cpu device` warnings\n", form{diagnose.SkipCPUDevice, 1, diagnose.Exact, ""}, "the reason quoted in prose without its argument"},
		{"quoted in double quotes", "all it prints is \"skipping cudagraphs due to mutated inputs (2 instances)\"\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Exact, ""}, "quote marks around the line"},
		{"bold markdown", "**RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.**\n", form{diagnose.ModeAndOptions, 1, diagnose.Exact, ""}, "bold marks around it"},
		{"markdown split by bold", "RuntimeError: Either mode or options can be specified, but **both** can't be specified at the same time.\n", form{diagnose.ModeAndOptions, 1, diagnose.Quoted, ""}, "marks inside the message"},
		{"retyped in lower case", "runtimeerror: windows not yet supported for torch.compile\n", form{diagnose.UnsupportedPython, 1, diagnose.Quoted, ""}, "case differs"},
		{"retyped with a space in a word", "python 3.11+ not yet supported for torch. compile\n", form{diagnose.UnsupportedPython, 1, diagnose.Quoted, ""}, "the pattern is tried without white space (AI-Scientist#24)"},
		{"paraphrased title", "# Python 3.11 is not supported for torch.compile\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "retold in other words (axolotl#352)"},
		{"paraphrase: throws a RuntimError", "`torch.compile` throws a RuntimError for Python 3.11. We add a smoke test\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "retold with a typo (vision#7387)"},
		{"paraphrase: raises an error on", "torch.compile raises an error on Python 3.12\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "raises"},
		{"paraphrase: fails on", "torch.compile fails on python 3.13\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "fails"},
		// holdoutH1: retellings with the call's parentheses, an adverb, other words for
		// the Triton refusal and the overwriting run, and an exception's class name alone.
		{"paraphrase: compile() recently doesn't", "Update: `torch.compile()` recently doesn't support Python 3.14+, alas.\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "parentheses, code quotes and an adverb (bayesian-flow-network-for-chemistry#7)"},
		{"paraphrase: currently does not work on", "torch.compile currently does not work on python 3.12\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "an adverb, work on"},
		{"paraphrase: is not supported with python", "torch.compile() is not supported with Python 3.13\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "parentheses, supported with"},
		{"python supported elsewhere", "torch.compile now supports Python 3.12\nwe do not support python 3.8 any more\n", form{}, "a release note and another project's support"},
		{"paraphrase: Triton installation not found", "# Triton installation not found.\n", form{diagnose.TritonMissing, 1, diagnose.Paraphrased, ""}, "pytorch#125093's title"},
		{"paraphrase: could not find Triton", "inductor could not find Triton on this box\n", form{diagnose.TritonMissing, 1, diagnose.Paraphrased, ""}, "could not find (\"find a working triton\" is PyTorch's own sentence, which its row reads)"},
		{"paraphrase: no working triton installation", "there is no working triton installation in the venv\n", form{diagnose.TritonMissing, 1, diagnose.Paraphrased, ""}, "no working"},
		{"triton found elsewhere", "Could not find a version that satisfies the requirement triton==3.9\nfind triton kernels in the cache\n", form{}, "pip's missing version; a kernel search"},
		{"exception class alone: TritonMissing", "# [Bug] TritonMissing or TypeError with FramePackSampler on Windows\n", form{diagnose.TritonMissing, 1, diagnose.Paraphrased, ""}, "FramePackWrapper_Plus#6's title"},
		{"exception class alone: GPUTooOldForTriton", "GPUTooOldForTriton on a GTX 1080 after upgrading\n", form{diagnose.GPUTooOldForTriton, 1, diagnose.Paraphrased, ""}, "the class of the too-old GPU"},
		{"exception class alone: InvalidCxxCompiler", "Getting InvalidCxxCompiler when compiling on Windows\n", form{diagnose.CXXCompilerMissing, 1, diagnose.Paraphrased, ""}, "the class of the missing compiler"},
		{"paraphrase: overwritten by the next CUDAGraph replay", "output tensors predictions and labels\ngot overwritten by the next CUDAGraph replay. This diff clones them.\n", form{diagnose.OverwrittenOutput, 2, diagnose.Paraphrased, ""}, "torchrec#2951"},
		{"paraphrase: cudagraph outputs overwritten by the next call", "the cudagraph outputs are overwritten by the next call\n", form{diagnose.OverwrittenOutput, 1, diagnose.Paraphrased, ""}, "the graph named first"},
		{"overwritten elsewhere", "the config is overwritten by the next call to setup()\n", form{}, "no CUDA graph in the sentence"},
		// Retold by people in their own words (branch retold): the skip reasons, re-recording,
		// the re-recording limit, the pending-backward warning's first words, mode and options
		// together, torch._dynamo.exc.InvalidBackend alone.
		{"retold skip: CUDA graphs skipped due to mutated inputs", "CUDA graphs skipped due to mutated inputs\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Paraphrased, ""}, "the skip verb after the graphs"},
		{"retold skip: reason first, passive", "the graph mutates its inputs, so cudagraphs are skipped\n", form{}, "a comma between: no one clause"},
		{"retold skip: because the graph mutates its inputs", "reduce-overhead silently skips cudagraphs because the graph mutates its inputs\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Paraphrased, ""}, "the reason told as a verb"},
		{"retold skip: a CPU tensor", "cuda graphs are skipped due to a CPU tensor in the graph\n", form{diagnose.SkipCPUDevice, 1, diagnose.Paraphrased, ""}, "cpu device retold"},
		{"retold skip: multiple devices, past tense", "Inductor skipped cudagraphs due to multiple devices\n", form{diagnose.SkipMultipleDevices, 1, diagnose.Paraphrased, ""}, "skipped, not PyTorch's skipping"},
		{"retold skip: non-Tensor inputs", "cudagraphs disabled because of non-tensor inputs\n", form{diagnose.SkipNonTensorInputs, 1, diagnose.Paraphrased, ""}, "disabled"},
		{"skip words, expected", "skipping cudagraphs due to mutated inputs in my code is expected, see the docs\n", form{}, "PyTorch's words without the count: the code's own rows decide"},
		{"skip words across a comma", "I read that \"skipping cudagraphs\" can happen, and that mutated inputs are a reason.\n", form{}, "no one clause says it"},
		{"skip words over repeated skip lines", "skipping cudagraphs due to mutated inputs (3 instances)\nskipping cudagraphs due to mutated inputs (3 instances)\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Exact, ""}, "a wrap join of two messages is not a retelling"},
		{"retold: re-record for every new shape", "cudagraphs re-record for every new input shape, so it is slow\n", form{diagnose.DynamicShapeRerecord, 1, diagnose.Paraphrased, ""}, "the warning's cause retold"},
		{"re-record elsewhere", "we re-record the video for every new input shape\n", form{}, "no CUDA graph in the log"},
		{"records a cudagraph per size, described", "Current implementation records a new cudagraph for every distinct input size.\n", form{}, "the mechanism described (pytorch#131387)"},
		{"retold: re-recording limit hit", "we hit the max re-recording limit of cudagraph trees\n", form{diagnose.TreesRerecordLimit, 1, diagnose.Paraphrased, ""}, "the limit retold"},
		{"retold: pending backward's first words", "UserWarning: Unable to hit fast path of CUDAGraphs\n", form{diagnose.TreesPendingBackward, 1, diagnose.Paraphrased, ""}, "the warning cut after its first words"},
		{"pending backward in a PR title", "# Fix incorrect remediation instructions in cudagraph pending backward warning\n", form{}, "prose about the warning (pytorch#176865)"},
		{"retold: called with both mode and options", "# torch.compile called with both mode and options\n", form{diagnose.ModeAndOptions, 1, diagnose.Paraphrased, ""}, "lerobot#4114's title"},
		{"retold: mode and options at the same time", "mode and options cannot be specified at the same time\n", form{diagnose.ModeAndOptions, 1, diagnose.Paraphrased, ""}, "the refusal retold"},
		{"mode and options passed in a fix", "currently passes both `mode` and `options` to `torch.compile`, although PyTorch treats those arguments as mutually exclusive.\n", form{}, "a fix's prose (lerobot#4155)"},
		{"paraphrase: Python not supported by torch.compile", "Python 3.13 not supported by torch.compile\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "without \"is\""},
		{"paraphrase: Torch compile in two words", "# Torch compile does not work on python 3.12\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "the call told as two words (pytorch#120233's title)"},
		{"paraphrase: PyTorch does not support torch.compile on", "PyTorch does not support `torch.compile` on Python 3.14+.\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "torch named as what refuses it"},
		{"python 3.10 is supported", "torch.compile is not available in Python 3.10, using identity decorator instead\n", form{}, "no release refuses 3.10"},
		{"retold: accessing overwritten tensor output", "# CUDAGraphs RuntimeError: Accessing Overwritten Tensor Output Despite Clone\n", form{diagnose.OverwrittenOutput, 1, diagnose.Paraphrased, ""}, "pytorch#158551's title"},
		{"accessing overwritten outputs, a fix's prose", "The error message for accessing overwritten CUDAGraph tensor outputs\n", form{}, "PR #177192's prose about the message"},
		{"retold: cudagraph outputs got overwritten", "cudagraph outputs got overwritten between steps\n", form{diagnose.OverwrittenOutput, 1, diagnose.Paraphrased, ""}, "a verb of its own"},
		{"retold: output of a cudagraph was overwritten", "the output of a cudagraph was overwritten\n", form{diagnose.OverwrittenOutput, 1, diagnose.Paraphrased, ""}, "the graph named after the output"},
		{"retold: reduce-overhead doesn't work with threads", "reduce-overhead doesn't work with threads\n", form{diagnose.TreesUserThreadTLS, 1, diagnose.Paraphrased, ""}, "the mode named as what fails in threads"},
		{"reduce-overhead works with threads", "reduce-overhead works with threads since 2.14\n", form{}, "no failure"},
		{"retold: static input's data pointer changed", "the data pointer of a static input changed under reduce-overhead\n", form{diagnose.TreesStaticInputChanged, 1, diagnose.Paraphrased, ""}, "the error retold, torch.compile's CUDA graphs named (branch recallA: a hand capture's own check says the same)"},
		{"retold: input deallocated during recording", "an input was deallocated during cudagraph recording\n", form{diagnose.TreesInputDeallocated, 1, diagnose.Paraphrased, ""}, "the error retold"},
		{"retold: capturable=False while capturing", "optimizer has capturable=False but we are capturing a CUDA graph\n", form{diagnose.OptimizerNotCapturable, 1, diagnose.Paraphrased, ""}, "the optimizer's refusal retold"},
		{"capturable=False in a test", "self.optimizer_ = apex.optimizers.FusedAdam(params_, lr=self.lr, capturable=False)\n", form{}, "no capture named"},
		{"retold: not enough SMs for max-autotune", "not enough SMs for max-autotune on this card\n", form{diagnose.MaxAutotuneGEMMOff, 1, diagnose.Paraphrased, ""}, "the warning retold"},
		{"retold: SM singular, mode misspelt", "While running it pitches the fault that Not enough SM to run MAX_AUTOTUNE_GMM. and then just stops\n", form{diagnose.MaxAutotuneGEMMOff, 1, diagnose.Paraphrased, ""}, "holdoutJ's nanochat#698 retelling (a miss before)"},
		{"not enough SM, another subject", "Not enough SM resources to run the kernel\n", form{}, "no max-autotune named"},
		{"CUDA error name without its prefix", "| C | PP=2 full graph | crash | NCCL p2p stream not joined -> `StreamCaptureUnjoined` |\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "the enum's tail alone in a run log's table (holdoutJ gb300, a miss before)"},
		{"unsupported error name without its prefix", "batch_p2p_sync calls synchronize() -> `StreamCaptureUnsupported`\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Exact, ""}, "the same class, error 900"},
		{"retold: stream has unjoined work, quoted", "CUDA Graph capture still crashes with \"stream has unjoined work\". The dispatch is async\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Paraphrased, ""}, "holdoutJ a4x (a miss before)"},
		{"retold: accessed tensors not tracked as output", "    RuntimeError: Error: accessed tensor(s) ... is not tracked as output\n    (or, with slow_path_cudagraph_asserts, a check_memory_pool assertion)\n", form{diagnose.TreesUntrackedPoolTensors, 1, diagnose.Paraphrased, ""}, "pytorch#187565's docstring (sweep3 finding 17, a miss before)"},
		{"retold: capture stream unjoined", "| R11d | full CG | crash | 0 retries but CG capture stream unjoined |\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Paraphrased, ""}, "the stream named with unjoined"},
		{"unjoined capture, the mechanism", "Since that local is uninitialized, an unjoined capture writes an indeterminate value; or left unjoined by a join() that failed\n", form{}, "prose about the mechanism (holdout8's negatives)"},
		{"retold: too old for Triton", "my GTX 1080 is too old for Triton\n", form{diagnose.GPUTooOldForTriton, 1, diagnose.Paraphrased, ""}, "the refusal retold"},
		{"empty CUDA graph avoided", "The intent was to avoid capturing an empty CUDA graph for graphs that only contain view operations.\n", form{}, "a fix's prose (pytorch#185760)"},
		{"unjoined work in a comment", "+      // The unjoined work leaves a graph that can no longer be retrieved.\n", form{}, "a diff's comment (ROCm#11720)"},
		{"hint alone: recording too many CUDAGraphs", "> Recording too many CUDAGraphs may lead to extra overhead. We have observed 51 distinct sizes.\n", form{diagnose.DynamicShapeRerecord, 1, diagnose.Exact, ""}, "the dynamic-shape warning's second sentence quoted alone"},
		{"hint alone: observed distinct sizes", "it warns: We have observed 9 distinct sizes\n", form{diagnose.DynamicShapeRerecord, 1, diagnose.Exact, ""}, "the count alone"},
		{"observed sizes elsewhere", "We have observed large sizes in the dataset\n", form{}, "no count of distinct sizes"},
		{"retold skip: skipping cudagraphs, reason in other words", "skipping cudagraphs due to cpu tensors\n", form{diagnose.SkipCPUDevice, 1, diagnose.Paraphrased, ""}, "PyTorch's lead, a reason it words otherwise"},
		{"too old for Triton: a guard's print", "        print(f\"GPU capability {major}.{minor} too old for Triton, disabling torch.compile.\")\n", form{}, "a program's own guard (code corpus)"},
		{"too old for Triton: a logged guard", "                    \"Skipping torch.compile(): GPU too old for Triton\"\n", form{}, "a program's own log string (code corpus)"},
		{"retold: error about being too old for Triton", "NanoGPT unmodified:\n- error about 1060 being too old for Triton\n", form{diagnose.GPUTooOldForTriton, 2, diagnose.Paraphrased, ""}, "a run's notes (code corpus)"},
		{"retold skip: inputs are mutated, wrapped", "The compiled path is usable and fastest, although CUDA graphs are skipped because reservoir/carry inputs are\nmutated in place. This is an optimization observation, not a correctness exception.\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Paraphrased, ""}, "a benchmark report's retelling over a page's wrap (code corpus)"},
		{"CUDA graphs skipped for speed", "# CUDA graphs are skipped because the forward is GPU-bound, not launch-bound (they gave no speedup).\n", form{}, "a choice, no skip reason of PyTorch's (code corpus)"},
		{"invalid backend, spaced, elsewhere", "RuntimeError: Invalid backend specified for process group\nmatplotlib raised Invalid backend 'TkAgg'\n", form{}, "another library's words are not the class's name"},
		{"skip rule stated, not reported", "CUDA graphs are disabled for graphs that contain CPU tensors.\nCUDAGraphs will be skipped if there are mutated inputs.\ncudagraphs are skipped when the graph has multiple devices\nNote: cudagraphs may be skipped due to dynamic shapes or mutated inputs.\n", form{}, "documentation states when a skip happens: a condition, a modal, no cause given"},
		{"re-record rule stated", "CUDA Graph Trees will re-record on any new input shape.\n", form{}, "a modal: documentation"},
		{"re-record limit described", "The number of re-recordings is bounded by cudagraph_unexpected_rerecord_limit, after which the limit is reached and we fall back.\n", form{}, "the key described, not hit"},
		{"thread-safety stated", "reduce-overhead is not thread-safe before 2.14\n", form{}, "a statement of the rule"},
		{"overwriting rule stated", "CUDA graph outputs are overwritten on each replay, so clone them.\n", form{}, "a rule in the present"},
		{"retold Windows: torch.compile doesn't support Windows", "torch.compile doesn't support Windows, so I turned it off\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "Windows as what is not supported"},
		{"retold Windows: not supported by inductor", "Windows isn't supported by inductor\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "Windows as the subject"},
		{"Windows: not officially", "torch.compile does not support Windows officially, use WSL\n", form{}, "a hedge: torch ran on"},
		{"class alone: InvalidBackend", "raises torch._dynamo.exc.InvalidBackend for backend=\"tensorrt\"\n", form{diagnose.InvalidBackend, 1, diagnose.Paraphrased, ""}, "the exception's class alone"},
		{"paraphrase: Dynamo not supported", "it returned such error saying that Dynamo not supported on Python 3.12+\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "Dynamo named as the subject (moshi#156)"},
		{"paraphrase: Dynamo doesn't support", "Dynamo doesn't support python 3.13 yet\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "doesn't support"},
		{"paraphrase: downgrade Python for dynamo", "Either you should downgrade your python version from 3.12 or wait for dynamo support.\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "advice to go back from a refused Python (pytorch#129327)"},
		{"retold: output of CUDAGraphs has been overwritten", "frees and poisons them, causing \"tensor output of CUDAGraphs has been overwritten\" errors.\n", form{diagnose.OverwrittenOutput, 1, diagnose.Paraphrased, ""}, "PyTorch's sentence with its words changed (pytorch#177854)"},
		{"retold: cudagraph overwriting crash", "# compile_image_encoder: true causes cudagraph overwriting crash\n", form{diagnose.OverwrittenOutput, 1, diagnose.Paraphrased, ""}, "a title naming the crash (sam2#460)"},
		{"cudagraph overwrites a buffer", "CUDA graph replay overwrote output buffers that were inputs to the next replay\n", form{}, "prose about replay, no error named"},
		{"retold: overwritten variable error", "# torch.compile with fullgraph=True causes overwritten variable error in versions later than torch==2.5.1\n", form{diagnose.OverwrittenOutput, 1, diagnose.Paraphrased, ""}, "named by what was overwritten, torch.compile before it (pytorch#146569)"},
		{"retold: overwritten tensor error, context after", "Overwritten tensor errors with mode=\"reduce-overhead\" on the second step\n", form{diagnose.OverwrittenOutput, 1, diagnose.Paraphrased, ""}, "the CUDA-graph word after it"},
		{"overwritten variable error elsewhere", "my parser raised an overwritten variable error on line 3\n", form{}, "no torch.compile or CUDA-graph word beside it"},
		{"too old: second sentence quoted", "My GPU is a generation too old for `torch.compile` (“Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.1”).\n", form{diagnose.GPUTooOldForTriton, 1, diagnose.Exact, ""}, "the message's second sentence alone, in curly quotes (celoyd/potato#50)"},
		{"too old: a guard's print", "    print(\"Triton only supports devices of CUDA Capability >= 7.0\")\n", form{}, "a program's own guard prints the first half, no device"},
		{"env pins a key set through the alias", "$ TORCHINDUCTOR_FX_GRAPH_CACHE=0 python t.py\ninductor_config.fx_graph_cache = True\n", form{diagnose.EnvForceOverrides, 1, diagnose.Planned, ""}, "import torch._inductor.config as inductor_config"},
		{"env pins a key set in prose", "I set TORCHINDUCTOR_FX_GRAPH_CACHE=0 a lot.\n1. vllm patch inductor_config.fx_graph_cache to True here:\n", form{diagnose.EnvForceOverrides, 1, diagnose.Planned, ""}, "the assignment retold (pytorch#166138)"},
		{"env and a read of the key", "I set TORCHINDUCTOR_FX_GRAPH_CACHE=0 a lot.\nvllm reads inductor_config.fx_graph_cache here\n", form{}, "no assignment: nothing overridden"},
		{"retold: dynamo not supported on windows", "torch on windows reports that dynamo is not supported where it seems like the limitation is inductor\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "the Windows refusal retold (pytorch#114005)"},
		{"retold: torch.compile not supported on Windows", "torch.compile is not supported on Windows\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "the refusal's words in another order"},
		{"dynamo on windows works", "Dynamo works on Windows since 2.5\n", form{}, "no refusal"},
		{"retold: cudagraphs backend with a mode", "For contrast, forcing `backend=\"cudagraphs\" + mode=\"reduce-overhead\"`\non the same box reproduces the `TypeError` above at first forward.\n", form{diagnose.BackendTakesNoMode, 1, diagnose.Paraphrased, ""}, "the TypeError retold over two lines (VeOmni#881)"},
		{"retold: cudagraphs asserts in threads", "AssertionError\n# torch.compile+cudagraphs asserts in multithreaded context\n", form{diagnose.TreesUserThreadTLS, 2, diagnose.Paraphrased, ""}, "a title retelling the bare assert (pytorch#123177)"},
		{"retold: threads lead to cudagraph_trees errors", "# AssertionError in cudagraph_trees during inference\nASR and TTS run in different threads, which leads to cudagraph_trees-related errors.\n", form{diagnose.TreesUserThreadTLS, 2, diagnose.Paraphrased, ""}, "threads that lead to cudagraph errors, an assert in the title (VoxCPM#208)"},
		{"retold: multi-threaded cudagraph failure", "AssertionError\ncalling the model from multiple threads makes cudagraph trees fail\n", form{diagnose.TreesUserThreadTLS, 2, diagnose.Paraphrased, ""}, "another wording"},
		{"threads and cudagraph errors, no assert", "calling the model from multiple threads makes cudagraph trees fail\n", form{}, "no assert in the log: several callers fail in other ways (trees-concurrent-callers)"},
		{"threads and cudagraphs, no error", "AssertionError: x\nwe run different threads and cudagraphs speed them up\n", form{}, "no error named with the threads"},
		{"cut raise line in a torch frame", "  File \"/venv/lib/site-packages/torch/__init__.py\", line 1795, in compile\n    raise RuntimeError(\"Dynamo is not suppo", form{diagnose.UnsupportedPython, 2, diagnose.Truncated, ""}, "the input ends inside the message (ChatTTS-ui#126)"},
		{"cut raise line, Windows", "  File \"C:\\py\\Lib\\site-packages\\torch\\_dynamo\\eval_frame.py\", line 410, in check_if_dynamo_supported\n    raise RuntimeError(\"Windows not yet supported for torch.c\n\n", form{diagnose.UnsupportedPython, 2, diagnose.Truncated, ""}, "a Windows path, blank lines after the cut"},
		{"cut raise line outside torch", "  File \"/app/main.py\", line 3, in f\n    raise RuntimeError(\"Dynamo is not suppo", form{}, "not PyTorch's source"},
		{"cut raise line, too short", "  File \"/venv/lib/site-packages/torch/__init__.py\", line 1795, in compile\n    raise RuntimeError(\"Dynamo is", form{}, "too little of the message to tell"},
		{"cut exception line", "will crash with the error\n```\n  [rank0]: RuntimeError: Error: accessing tensor outp", form{diagnose.OverwrittenOutput, 3, diagnose.Truncated, ""}, "the input ends inside the exception line's message (xDiT#705)"},
		{"cut exception line under pytest's E", "E       RuntimeError: Error: accessing tensor outp", form{diagnose.OverwrittenOutput, 1, diagnose.Truncated, ""}, "pytest marks the line"},
		{"cut CUDA error, capture shown", "compiled_fn(x, y)  # Capture\n\n# torch.AcceleratorError: CUDA error: operation not permitt", form{diagnose.StreamCaptureIllegal, 3, diagnose.Truncated, ""}, "a snippet's comment ends the text inside the runtime's text, which cudaErrorNotPermitted's shares; the capture elsewhere tells (pytorch#180396)"},
		{"cut CUDA error, reduce-overhead shown", "torch.compile(f, mode=\"reduce-overhead\")\nRuntimeError: CUDA error: operation not permitt", form{diagnose.StreamCaptureIllegal, 2, diagnose.Truncated, ""}, "the mode that captures"},
		{"cut CUDA error, no capture shown", "RuntimeError: CUDA error: operation not permitt", form{}, "as likely cudaErrorNotPermitted's \"operation not permitted\""},
		{"whole other CUDA error, capture shown", "we capture a CUDA graph\nRuntimeError: CUDA error: operation not permitted", form{}, "cudaErrorNotPermitted's text whole is that error, not the capture error cut"},
		{"cut CUDA error past the shared words", "RuntimeError: CUDA error: operation not permitted when str", form{diagnose.StreamCaptureIllegal, 1, diagnose.Truncated, ""}, "only the capture error goes on with \"when\""},
		{"cut CUDA error a library wraps", "static_outputs = build_cuda_graph(fn)  # CUDAGraph\nRuntimeError: Error from segmentation group 3: CUDA error: operation not permitt", form{diagnose.StreamCaptureIllegal, 2, diagnose.Truncated, ""}, "nvFuser's words before torch's CUDA error (lightning-thunder#2697)"},
		{"cut CUDA error below its class", "with torch.cuda.graph(g):\n    out = fd.execute(x)\nRuntimeError: \nError from segmentation group 3: CUDA error: operation not permitt", form{diagnose.StreamCaptureIllegal, 4, diagnose.Truncated, ""}, "the class alone, its message on the next line; torch.cuda.graph shows the capture"},
		{"cut CUDA error a library wraps, no capture shown", "RuntimeError: \nError from segmentation group 3: CUDA error: operation not permitt", form{}, "as likely cudaErrorNotPermitted's text"},
		{"cut prose with CUDA error, no capture shown", "we saw Error from group 3: CUDA error: operation not permitt", form{}, "no capture shown"},
		{"cut CUDA error, not at the end", "during capture\nRuntimeError: CUDA error: operation not permitt\nnext line\n", form{}, "only the input's last line may be cut"},
		{"cut logged warning", "W1217 21:17:25.153000 42 torch/_inductor/utils.py:1558] Not enough SMs to use max_autot", form{diagnose.MaxAutotuneGEMMOff, 1, diagnose.Truncated, ""}, "a glog header, then the warning cut where the input ends"},
		{"cut logged line, too little left", "W1217 21:17:25.153000 42 torch/_inductor/utils.py:1558] Not enough SMs", form{}, "fewer than 20 characters left after the header"},
		{"cut prose line", "Not enough SMs to use max_autot", form{diagnose.MaxAutotuneGEMMOff, 1, diagnose.Truncated, ""}, "no header, no exception class: the input ends inside a word of the literal, more than half of it shown (TestFormsCross cut-at-end)"},
		{"cut prose line at a word's end", "the docs say: CUDA error: operation not permitted when", form{}, "a line that ends at a word's end may be prose that ends there"},
		{"cut prose line, less than half", "we saw: Not enough SMs to", form{}, "less than half of the literal"},
		{"cut exception line, not at the end", "RuntimeError: Error: accessing tensor outp\nnext line\n", form{}, "only the input's last line may be cut"},
		{"cut exception line, too little left", "RuntimeError: Error: accessing", form{}, "fewer than 12 characters left"},
		{"cut exception line of two codes", "RuntimeError: skipping cudagraphs due to", form{}, "what is left starts rows of several codes"},
		// The general cut rule (matchCut): a cut inside the row's text where it does not start the message,
		// a start cropped, an ellipsis in the middle, under other line heads.
		{"cut inside a row that starts mid-message", "Cannot call CUDAGeneratorImpl::current_seed during CUDA gra", form{diagnose.CaptureRNGState, 1, diagnose.Truncated, ""}, "the row's literal is \" during CUDA graph capture\"; its pattern matches the words before the cut"},
		{"cut inside a row, pytest's E", "E       RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during CUDA gra", form{diagnose.CaptureRNGState, 1, diagnose.Truncated, ""}, "pytest marks the line"},
		{"cut inside a row, rank prefix", "[rank0]: RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during CUDA gra", form{diagnose.CaptureRNGState, 1, diagnose.Truncated, ""}, "torchrun's prefix"},
		{"cut inside a row, glog header", "E1217 21:17:25.153000 42 torch/cuda/random.py:80] Cannot call CUDAGeneratorImpl::current_seed during CUDA gra", form{diagnose.CaptureRNGState, 1, diagnose.Truncated, ""}, "a logger's header"},
		{"cut inside a row, REPL", ">>> torch.cuda.initial_seed()\nCannot call CUDAGeneratorImpl::current_seed during CUDA gra", form{diagnose.CaptureRNGState, 2, diagnose.Truncated, ""}, "after a REPL prompt"},
		{"cut inside a row, not at the end", "Cannot call CUDAGeneratorImpl::current_seed during CUDA gra\nnext line\n", form{}, "only the input's end cuts a line without a mark"},
		{"cut inside a row, pattern fails", "we saw a slowdown during CUDA gra", form{}, "the pattern does not match the words before the cut"},
		{"cut raise line in Jupyter", "File /usr/lib/python3.12/site-packages/torch/_dynamo/eval_frame.py:410, in check_if_dynamo_supported()\n    408 def check_if_dynamo_supported():\n    409     if sys.version_info >= (3, 12):\n--> 410         raise RuntimeError(\"Dynamo is not suppo", form{diagnose.UnsupportedPython, 4, diagnose.Truncated, ""}, "IPython's frame, source lines between, its arrow on the raise line"},
		{"cut raise line in Jupyter, user frame nearer", "File /usr/lib/python3.12/site-packages/torch/__init__.py:1795, in compile()\nFile /app/nb.py:3, in f()\n--> 3     raise RuntimeError(\"Dynamo is not suppo", form{}, "the nearest frame is the user's"},
		{"cropped start after an ellipsis", "…ing cudagraphs due to mutated inputs\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Truncated, ""}, "a screenshot's OCR begins mid-message"},
		{"cropped start after an ellipsis and a space", "... ing cudagraphs due to mutated inputs\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Truncated, ""}, "three dots, then the crop"},
		{"cropped start inside a word", "ing cudagraphs due to mutated inputs\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Truncated, ""}, "a copy that begins mid-word"},
		{"cropped start, the count after it", "…ated inputs (1 instances)\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Truncated, ""}, "the pattern matches 16 characters or more beside the part put back"},
		{"cropped start, rerecording", "ph tree for symint key 3\nrecording cudagraph tree for symint key 4\nrecording cudagraph tree for symint key 5\n", form{diagnose.DynamicShapeRerecord, 2, diagnose.Exact, ""}, "the first of three lines cropped, which counts: the finding shows line 2, whole (nufix24)"},
		{"cropped start at a word", "cudagraphs due to mutated inputs in my code\n", form{}, "prose begins at a word; no mark, no crop"},
		{"cropped start, too little", "…ted inputs\n", form{}, "fewer than 16 characters of the row's text"},
		{"wrapped mid-word is no crop", "RuntimeError: skipping cudagraphs due to mut\nated inputs (1 instances)\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Wrapped, ""}, "the line above holds the rest"},
		{"ellipsis inside a word", "skipping cudagraphs due to mut…ated inputs\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Truncated, ""}, "a UI's ellipsis in the middle, nothing taken out"},
		{"ellipsis takes out the middle", "skipping cudagraphs due to mu... (3 instances)\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Truncated, ""}, "a logger shortened the line"},
		{"ellipsis cuts an argument", "RuntimeError: Unexpected type of attr triton.cud...\n", form{diagnose.OptionType, 1, diagnose.Truncated, ""}, "the pattern's argument is cut"},
		{"ellipsis at the end, two codes", "skipping cudagraphs due to…\n", form{}, "rows of several codes start so"},
		{"ellipsis in prose, two codes", "recognize the \"skipping cudagraphs due to…\" warning and know which of its causes you hit;\n", form{}, "a tutorial names the warning's start (a stored page found with find_string)"},
		{"ellipsis after the whole literal", "skipping cudagraphs due to cpu device…\n", form{diagnose.SkipCPUDevice, 1, diagnose.Exact, ""}, "the literal is whole: an exact match, the cut rule is not tried"},
		{"retold: triton_key not found, Chinese", "# triton_ascend 3.6.0+dev20260909版本 triton_key位置找不到\n", form{diagnose.TritonMissing, 1, diagnose.Paraphrased, ""}, "a title: triton_key's place cannot be found (triton-ascend#2104)"},
		{"retold: missing triton_key", "the wheel fails with missing `triton_key` on triton-windows 3.5\n", form{diagnose.TritonMissing, 1, diagnose.Paraphrased, ""}, "missing before the name"},
		{"triton_key import in a diff", "+    from triton.compiler.compiler import triton_key\n", form{}, "the import itself, no failure named"},
		{"retold: libcuda.so not found", "# SDPA Tutorial - libcuda.so not found error for torch compile on Google Colab\ncompiled_model = torch.compile(model)\n", form{diagnose.LibcudaNotFound, 1, diagnose.Paraphrased, ""}, "a title (pytorch#113521)"},
		{"retold: cannot find libcuda.so", "torch.compile: Triton cannot find libcuda.so on this node\n", form{diagnose.LibcudaNotFound, 1, diagnose.Paraphrased, ""}, "the failure before the name"},
		{"retold: lidcuda.so mistyped", "# AssertionError lidcuda.so not found: new in last 8 days\n[`libcuda_dirs`](https://github.com/openai/triton/blob/main/python/triton/common/build.py#L20) hasn't changed\n", form{diagnose.LibcudaNotFound, 1, diagnose.Paraphrased, ""}, "one letter off, Triton's libcuda_dirs beside it (triton#2110)"},
		{"retold: licuda.so missing", "torch.compile fails: licuda.so missing on this node\n", form{diagnose.LibcudaNotFound, 1, diagnose.Paraphrased, ""}, "a letter dropped"},
		{"lcuda under Inductor's graph frames", "# /usr/bin/ld: cannot find -lcuda: No such file or directory\n    ERROR 04-22 21:41:28 [worker_base.py:598]   File \"/x/torch/_inductor/graph.py\", line 1845, in _compile_to_module\n", form{diagnose.LibcudaNotFound, 1, diagnose.Exact, ""}, "Inductor's compile_to_module frame is Triton's context (vllm#16984)"},
		{"lcuda without a compile", "/usr/bin/ld: cannot find -lcuda\ncollect2: error: ld returned 1 exit status\nmake: *** [Makefile:12: app] Error 1\n", form{}, "a plain C build"},
		{"lcuda under vLLM's server image", "docker run --gpus all vllm/vllm-openai:v0.7.0 --model Qwen/Qwen2.5-72B-Instruct\nerror:\n/usr/bin/ld: cannot find -lcuda: No such file or directory\n", form{diagnose.LibcudaNotFound, 3, diagnose.Exact, ""}, "the engine's serving image runs Triton's launcher build (holdoutT, vllm#12505)"},
		{"lcuda under vllm serve", "$ vllm serve meta-llama/Llama-3.1-8B\n/usr/bin/ld: cannot find -lcuda\n", form{diagnose.LibcudaNotFound, 2, diagnose.Exact, ""}, "the serving command"},
		{"lcuda under SGLang's server", "python -m sglang.launch_server --model-path m\n/usr/bin/ld: cannot find -lcuda\n", form{diagnose.LibcudaNotFound, 2, diagnose.Exact, ""}, "SGLang's server module"},
		{"lcudart under torch.compile", "torch.compile build notes:\n3. `ld: cannot find -lcudart`\n", form{}, "the CUDA runtime's library, not the driver's (holdoutV's SAM2 notes)"},
		{"lcuda with a colon", "torch._inductor.exc.InductorError: /usr/bin/ld: cannot find -lcuda: No such file or directory\n", form{diagnose.LibcudaNotFound, 1, diagnose.Exact, ""}, "the name ended by the linker's colon"},
		{"RNG: generator method not permitted", "reduce-overhead with checkpointing\ntorch.utils.checkpoint restores the CUDA RNG state, which calls `CUDAGeneratorImpl::current_seed` — an operation that is not permitted during stream capture.\n", form{diagnose.CaptureRNGState, 2, diagnose.Paraphrased, ""}, "the generator's method named as the refused call (holdoutV's Metis doc)"},
		{"RNG: generator method in a capture, no refusal", "CUDAGeneratorImpl::current_seed is read during stream capture by the graph-safe path\n", form{}, "no word that it is refused"},
		{"lcuda in vLLM's source build", "git clone https://github.com/vllm-project/vllm && cd vllm && pip install -e .\n-- Configuring done (cmake)\n/usr/bin/ld: cannot find -lcuda\ncollect2: error: ld returned 1 exit status\n", form{}, "a build of the engine, not a served model"},
		{"tcc Python.h", "C:/Users/s/AppData/Local/Temp/tmptw09ntof/cuda_utils.c:14: error: include file 'Python.h' not found\n", form{diagnose.PythonHeadersMissing, 1, diagnose.Exact, ""}, "triton-windows' tcc (triton-windows#113)"},
		{"tcc pyconfig.h", "E:/Comfy_UI/python_embeded/Include/Python.h:12: error: include file 'pyconfig.h' not found\n  File \"E:\\x\\triton\\test.py\", line 25\n", form{diagnose.PythonHeadersMissing, 1, diagnose.Exact, ""}, "headers copied in part (triton-windows#96)"},
		{"MSVC C1083 Chinese", "C:\\Temp\\tmpqu5oyina\\main.c(12): fatal error C1083: 无法打开包括文件: \u201cPython.h\u201d: No such file or directory\n  File \"D:\\sd\\triton\\runtime\\jit.py\", line 607, in run\n", form{diagnose.PythonHeadersMissing, 1, diagnose.Exact, ""}, "MSVC in Chinese: its number and the header's name, exact, over gcc's wording found once the quotes go (triton-windows#3)"},
		{"MSVC C1083 cut", "main.c(12): fatal error C1083: Cannot open include file: 'Python.h'\n  File \"D:\\sd\\triton\\runtime\\jit.py\", line 607, in run\n", form{diagnose.PythonHeadersMissing, 1, diagnose.Exact, ""}, "MSVC's number and the header's name"},
		{"MSVC C1083 another header", "main.c(12): fatal error C1083: Cannot open include file: 'cuda.h': No such file or directory\n  File \"triton/runtime/jit.py\", line 607, in run\n", form{diagnose.CUDAHeadersMissing, 1, diagnose.Quoted, ""}, "another header than Python's: cuda.h, MSVC's wording of cuda-headers-missing (the quotes around the name read as a quote)"},
		{"MSVC C1083 no Triton", "setup.c(3): fatal error C1083: Cannot open include file: 'Python.h': No such file or directory\nerror: command 'cl.exe' failed\n", form{}, "an extension's build, no Triton or torch"},
		{"libcudart.so not found", "triton: libcudart.so not found, falling back\n", form{}, "the runtime's library, not the driver's (no mistyped libcuda)"},
		{"lidcuda.so without Triton", "AssertionError lidcuda.so not found\n", form{}, "no line shows Triton or torch"},
		{"libcuda.so found by ldconfig", "Triton uses `ldconfig` to find `libcuda.so.1`. This fails on NixOS\n", form{}, "no word that it is not found (huggingface/kernels#670)"},
		{"retold: torch.compile not work under windows", "# torch.compile not work under windows?\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "a title (Real-Time-Latent-Consistency-Model#8)"},
		{"cut raise line, not at the end", "  File \"/venv/lib/site-packages/torch/__init__.py\", line 1795, in compile\n    raise RuntimeError(\"Dynamo is not suppo\nnext line\n", form{}, "only the input's last line may be cut"},
		{"cudagraphs backend with a mode, no error", "torch.compile(model, backend='cudagraphs', mode='reduce-overhead') runs\n", form{}, "a call is no TypeError"},
		{"Dynamo supports a Python", "Dynamo now supports Python 3.12\n", form{}, "support, not a refusal"},
		{"Dynamo and a Python no release refuses", "Dynamo doesn't support Python 3.10\n", form{}, "no release refuses 3.10"},
		{"downgrade Python, no compile", "downgrade your python version from 3.12 to 3.10 and the install works\n", form{}, "neither Dynamo nor torch.compile"},
		{"paraphrase: error for torch.compile on", "# Assert Runtime Error for torch.compile on Python 3.11\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "the error named first (vision#7387's title)"},
		{"unjoined: runtime enum", "cudaErrorStreamCaptureUnjoined\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "CUDA's enum name (error 904)"},
		{"unjoined: HIP enum", "hipStreamEndCapture returns `hipErrorStreamCaptureUnjoined` when a fork was never joined\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "HIP's name (chipStar#1565)"},
		{"unjoined: driver name", "CUDA error: Failed to end stream capture: CUDA_ERROR_STREAM_CAPTURE_UNJOINED\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "the driver API's name"},
		{"unsupported: HIP enum", "hipErrorStreamCaptureUnsupported\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Exact, ""}, "HIP's name of error 900"},
		{"unsupported: driver name", "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Exact, ""}, "the driver API's name of error 900"},
		{"invalidated: driver name alone", "Failed to end stream capture: CUDA_ERROR_STREAM_CAPTURE_INVALIDATED\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Exact, ""}, "error 901 without its description"},
		{"implicit: runtime enum", "cudaErrorStreamCaptureImplicit\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Exact, ""}, "error 906"},
		{"paraphrased, compile first", "torch.compile does not support Python 3.12 yet\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "retold with torch.compile as the subject"},
		{"PyTorch's text over a paraphrase", "Python 3.11 is not supported for torch.compile\nRuntimeError: Python 3.11+ not yet supported for torch.compile\n", form{diagnose.UnsupportedPython, 2, diagnose.Exact, ""}, "the exact message wins though later"},
		{"older mutation wording", "skipping cudagraphs due to mutation on input. Found from : \n", form{diagnose.SkipMutatedInputs, 1, diagnose.Exact, ""}, "2.3's stack-trace form (PR #117720)"},
		{"mutaton typo", "skipping cudagraphs due to mutaton on input. Found from : \n   File \"m.py\", line 3, in forward\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Exact, ""}, "2.3 nightlies' typo, corrected by PR #121018 (holdoutC2)"},
		{"bare lowering reason", "W1202 05:40:00.000000 1 torch/_inductor/output_code.py:229] [0/0] index put with accumulate. Found from : \n", form{diagnose.SkipIncompatibleOp, 1, diagnose.Exact, ""}, "2.6 logs the lowering's reason without the skip prefix"},
		{"bare control flow", "control flow operator: torch.switch. Found from : \n", form{diagnose.SkipIncompatibleOp, 1, diagnose.Exact, ""}, "2.14's torch.switch"},
		{"index put in prose", "the index put with accumulate path is slow\n", form{}, "the phrase without its period and trace is not the skip"},
		{"control flow cut at a code span", "it raises `skipping cudagraphs due to control flow operator: torch.cond`, which does not match\n", form{diagnose.SkipIncompatibleOp, 1, diagnose.Exact, ""}, "the period left outside the quote (holdoutU, pytorch#176619)"},
		{"control flow cut at the line's end", "skipping cudagraphs due to control flow operator: torch.while_loop\n", form{diagnose.SkipIncompatibleOp, 1, diagnose.Exact, ""}, "a paste without the period"},
		{"control flow, another name", "control flow operator: torch.conditional branch\n", form{}, "not a name the lowering prints"},
		{"index put cut at a quote", "the log said \"skipping cudagraphs due to index put with accumulate\" every step\n", form{diagnose.SkipIncompatibleOp, 1, diagnose.Exact, ""}, "the reason quoted without its period"},
		{"deterministic index put cut at the line's end", "skipping cudagraphs due to deterministic index put\n", form{diagnose.SkipIncompatibleOp, 1, diagnose.Exact, ""}, "a paste without the period"},
		{"index put in a code span", "the `index put with accumulate` path is slow\n", form{}, "the phrase quoted without \"due to\" is not the skip"},
		{"philox: unexpected generator", "RuntimeError: philox_cuda_state for an unexpected CUDA generator used during capture. In regions captured by CUDA graphs, you may only use the default CUDA RNG generator on the device that's current when capture begins. If you need a non-default (user-supplied) generator, or a generator on another device, please file an issue.\n", form{diagnose.CaptureRNGState, 1, diagnose.Exact, ""}, "2.0–2.3's refusal (holdoutU, DreamInvoker/GAIN#40)"},
		{"philox: hint alone", "> In regions captured by CUDA graphs, you may only use the default CUDA RNG generator on the device that's current when capture begins.\n", form{diagnose.CaptureRNGState, 1, diagnose.Exact, ""}, "the hint kept, the first sentence cut"},
		{"rank prefix", "[rank3]: RuntimeError: " + modeOpts + "\n", form{diagnose.ModeAndOptions, 1, diagnose.Exact, ""}, "torchrun's prefix"},
		{"glog with windows path", "W1129 17:07:56.133000 608 C:\\Program Files\\py\\torch\\_inductor\\cudagraph_utils.py:207] [0/0] skipping cudagraphs due to mutated inputs (1 instances)\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Exact, ""}, "a glog header with spaces in a Windows path"},
		{"timestamps", "2026-08-12 19:05:26 RuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "a timestamp per line"},
		{"unterminated OSC", "\x1b]8;;file:///x RuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "an OSC without its terminator does not swallow the line"},
		{"8-bit CSI inside", "skipping cudagraphs due to \u009b1mmutated\u009b0m inputs (1 instances). Found from :\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Exact, ""}, "C1 colour codes, as 7-bit ones (sweep7 finding 9)"},
		{"8-bit OSC inside", "RuntimeError: CUDA error: \u009d8;;file:///x\u009ccapturing stream\u009d8;;\u0007 has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "a C1 hyperlink, ended by ST or BEL"},
		// holdoutAG: Dynamo words the backend's name as its repr, so "Invalid backend: X"
		// with X unquoted and no list_backends after it is another library's.
		{"invalid backend: another library's", "- Fixes 'Invalid backend: 120' error on RTX 5090\n", form{}, "flashinfer's commit (holdoutAG): an unquoted number"},
		{"invalid backend: unquoted word", "ValueError: Invalid backend: triton_v2\n", form{}, "an unquoted name, nothing of Dynamo"},
		{"invalid backend: typographic quotes", "InvalidBackend: Invalid backend: ‘inductorr’, see `torch._dynamo.list_backends()` for available backends.\n", form{diagnose.InvalidBackend, 1, diagnose.Exact, ""}, "a retelling's curly quotes"},
		{"invalid backend: quotes lost", "Invalid backend: inductorr, see `torch._dynamo.list_backends()` for available backends.\n", form{diagnose.InvalidBackend, 1, diagnose.Exact, ""}, "quotes lost, Dynamo's tail kept"},
		{"invalid backend: backticks", "Invalid backend: `inductorr`\n", form{diagnose.InvalidBackend, 1, diagnose.Exact, ""}, "a markdown code span for the quotes"},
		// sweep8 #11: the 8-bit controls as one raw byte each, as a program that writes
		// 8-bit controls (not UTF-8) prints them.
		{"raw 8-bit CSI inside", "skipping cudagraphs due to \x9b1mmutated\x9b0m inputs (1 instances). Found from :\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Exact, ""}, "a lone 0x9b is CSI"},
		{"raw 8-bit OSC inside", "RuntimeError: CUDA error: \x9d8;;file:///x\x9ccapturing stream\x9d8;;\x07 has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "a lone 0x9d is OSC, ended by 0x9c or BEL"},
		{"0x9b inside CJK text", "RuntimeError: CUDA error: 仛capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "U+4EDB is E4 BB 9B: a character, not CSI (it would swallow the c of capturing)"},
		{"backspace typed over", "skipping cudagraphs due to mu\b\bmutated inputs (1 instances). Found from :\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Exact, ""}, "a word typed over, as a terminal shows it"},
		{"bold overstrike", "RuntimeError: CUDA error: c\bca\bap\bpt\btu\bur\bri\bin\bng\bg stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "nroff's bold, X\\bX"},
		{"underline overstrike", "RuntimeError: CUDA error: _\bc_\ba_\bp_\bt_\bu_\br_\bi_\bn_\bg stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "nroff's underline, _\\bX"},
		{"backspace at the start", "\b\bRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "nothing to go back over"},
		{"pip list row", "torch                    2.9.0.dev20250723+cu128\nThe CUDA Graph is empty. This usually means that the graph was attempted to be captured on wrong device or stream.\n", form{diagnose.CUDAGraphEmpty, 2, diagnose.Exact, "2.9"}, "pip list"},
		{"conda row", "pytorch                   2.5.1           py3.11_cuda12.4_cudnn9.1.0_0    pytorch\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.5"}, "conda list"},
		{"torch colon", "torch:2.5.1\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.5"}, "key: value"},
		{"capitalised key", "PyTorch: 2.12.1+cu130\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.12"}, "a UI's environment report (triton-inference-server#8877)"},
		{"key with spaced colon", "Torch : 2.4.1\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.4"}, "a space before the colon"},
		{"image tag", "docker run pytorch/pytorch:2.5.1-cuda12.4-cudnn9-runtime\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.5"}, "an image tag"},
		{"capturable, NAdam's wording", "AssertionError: If capturable=True, params, mu_products and state_steps must be on supported devices: ['cuda', 'xla'].\n", form{diagnose.OptimizerCapturableDevice, 1, diagnose.Exact, ""}, "NAdam names mu_products (holdout7)"},
		{"capturable, ASGD's wording", "AssertionError: If capturable=True, params, mus, etas, and state_steps must be on supported devices: ['cuda'].\n", form{diagnose.OptimizerCapturableDevice, 1, diagnose.Exact, ""}, "ASGD names mus and etas"},
		{"capturable, CUDA or XLA", "), \"If capturable=True, params and state_steps must be CUDA or XLA tensors.\"\n", form{diagnose.OptimizerCapturableDevice, 1, diagnose.Exact, ""}, "the wording before PR #124919 (pytorch#124830)"},
		{"RNG capture without its hint", "# Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture\n", form{diagnose.CaptureRNGState, 1, diagnose.Exact, ""}, "a title cuts PyTorch's hint (pytorch#83148)"},
		{"RNG capture, another call", "RuntimeError: Cannot call CUDAGeneratorImpl::set_current_seed during CUDA graph capture.\n", form{diagnose.CaptureRNGState, 1, diagnose.Exact, ""}, "another refused call"},
		{"RNG capture lookalike", "CUDAGeneratorImpl::set_current_seed can be called during stream capture only if new seed is the same as the original seed.\n", form{}, "XPU's check, not the refusal"},
		{"dynamo config key", "AttributeError: torch._dynamo.config.log_level does not exist\n", form{diagnose.UnknownGlobal, 1, diagnose.Exact, ""}, "every config module refuses unknown names (pytorch#104022)"},
		{"functorch config key", "AttributeError: torch._functorch.config.no_such_key does not exist\n", form{diagnose.UnknownGlobal, 1, diagnose.Exact, ""}, "functorch's config"},
		{"fx config key", "AttributeError: torch.fx.experimental._config.no_such_key does not exist\n", form{diagnose.UnknownGlobal, 1, diagnose.Exact, ""}, "fx's config"},
		{"config KeyError, read", "  File \"/x/torch/utils/_config_module.py\", line 371, in __getattr__\n    config = self._config[name]\nKeyError: 'eager_numerics.use_pytorch_libdevice'\n", form{diagnose.UnknownGlobal, 3, diagnose.Exact, ""}, "the head of the KeyError -> AttributeError chain (torch-xpu-ops#2999)"},
		{"config KeyError, 2.2 read", "  File \"/x/torch/utils/_config_module.py\", line 192, in __getattr__\n    return self._config[name]\nKeyError: 'fx_graph_cache'\n", form{diagnose.UnknownGlobal, 3, diagnose.Exact, ""}, "2.2's __getattr__ line"},
		{"config KeyError, patch", "  File \"/x/torch/_dynamo/config_utils.py\", line 131, in __enter__\n    prior[key] = config._config[key]\nKeyError: 'fx_graph_cache'\n", form{diagnose.UnknownGlobal, 3, diagnose.Exact, ""}, "config.patch of 2.0-2.5 raised a bare KeyError"},
		{"config KeyError, pytest", "torch/utils/_config_module.py\", line 371, in __getattr__\nE   KeyError: 'no_such_key'\n", form{diagnose.UnknownGlobal, 2, diagnose.Exact, ""}, "pytest's E prefix"},
		{"KeyError elsewhere", "  File \"train.py\", line 12, in step\n    batch[\"labels\"]\nKeyError: 'labels'\n", form{}, "a KeyError with no config module's frame"},
		{"KeyError under another getattr", "  File \"/x/omegaconf/dictconfig.py\", line 351, in __getattr__\nKeyError: 'model'\n", form{}, "another package's __getattr__"},
		{"Windows, officially", "NOTE: torch.compile does not work on Windows offcially, you should not use this node\n", form{}, "a note that Windows is unsupported is no refusal (Comfy-WaveSpeed#38)"},
		{"Windows, officially spelled right", "torch.compile is not supported on Windows (officially).\n", form{}, "the hedge in parentheses"},
		{"Windows, of", "torch.compile is not supported on Windows of course\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, ""}, "a word starting with \"of\" is no hedge"},
		{"Dynamo Windows, officially", "Dynamo is not supported on Windows officially\n", form{}, "the hedge after Dynamo's retelling too"},
		{"compiler config key", "AttributeError: torch.compiler.config.no_such_key does not exist\n", form{diagnose.UnknownGlobal, 1, diagnose.Exact, ""}, "torch.compiler's config"},
		{"other does not exist", "AttributeError: torch.foo.bar does not exist\n", form{}, "not a config module"},
		{"allocator refusal retold", "# support checkPoolLiveAllocations for cudaMallocAsync\n", form{diagnose.AllocatorIncompatible, 1, diagnose.Paraphrased, ""}, "a title retells it (pytorch#158641)"},
		{"allocator code frame alone", "    if torch._C._cuda_checkPoolLiveAllocations(device, pool_id, unique_storages):\n", form{}, "code, not the refusal"},
		{"paraphrase names a supported Python", "implying that torch.compile does not support Python 3.10, which is incorrect\n", form{}, "no release refuses Python 3.10 (flash-linear-attention#870)"},
		{"paraphrase names Python 3.9", "Python 3.9 is not supported for torch.compile\n", form{}, "no release refuses Python 3.9"},
		{"paraphrase: throws for Python 3.10", "`torch.compile` throws a RuntimeError for Python 3.10\n", form{}, "no release refuses Python 3.10"},
		{"context, driver name", "exception: Error uploading array bondParams: CUDA_ERROR_INVALID_CONTEXT (201)\n", form{diagnose.CUDAInvalidContext, 1, diagnose.Exact, ""}, "the driver's error name (openmm plugin#29)"},
		{"context, driver string", "pycuda._driver.LogicError: cuMemGetInfo failed: invalid device context\n", form{diagnose.CUDAInvalidContext, 1, diagnose.Exact, ""}, "the driver's error string"},
		{"context, runtime name", "cudaMemcpyAsync returned cudaErrorInvalidContext\n", form{diagnose.CUDAInvalidContext, 1, diagnose.Exact, ""}, "the runtime's enum name (compared in code, `if (err == cudaErrorInvalidContext) {`, it is code's: TestFormsErrorCodeCompared38)"},
		{"context, binding name and description", "ErrorInvalidContext: This most frequently indicates that there is no context bound to the current thread.\n", form{diagnose.CUDAInvalidContext, 1, diagnose.Exact, ""}, "a binding's name without prefix (managedCuda#36)"},
		{"context, description alone", "This most frequently indicates that there is no context bound to the current thread.\n", form{diagnose.CUDAInvalidContext, 1, diagnose.Exact, ""}, "the driver's description"},
		{"context, CUDA log", "No CUDA context is current\n", form{diagnose.CUDAInvalidContext, 1, diagnose.Exact, ""}, "CUDA 12.9's error log (PR #175002)"},
		{"context, other error", "RuntimeError: CUDA error: invalid argument\n", form{}, "another CUDA error"},
		{"version report", "Torch version : 2.4.1\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.4"}, "another tool's report"},
		{"prose", "on PyTorch 2.11 we see\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.11"}, "prose"},
		{"nightly in prose", "the nightly 2.13.0.dev20260518 also fails\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.13"}, "a nightly"},
		{"wheel name", "pip install torch-2.6.0-cp312-cp312-manylinux_2_28_x86_64.whl\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.6"}, "a wheel"},
		{"site-packages path", "/usr/lib/python3/site-packages/torch-2.7.1.dist-info/METADATA\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.7"}, "a dist-info path"},
		{"pip show", "Name: torch\nVersion: 2.8.0\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 3, diagnose.Exact, "2.8"}, "pip show"},
		{"collect_env over prose", "on torch 2.7 it worked\nPyTorch version: 2.9.1+cu128\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 3, diagnose.Exact, "2.9"}, "the run's own report wins over prose"},
		{"unsupported own release blocks advice", "PyTorch version: 1.13.1\nRuntimeError: CUDA error: capturing stream has unjoined work\nit works on torch 2.1 for me\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, ""}, "the run's own release (1.13, not planned) over another run's"},
		{"pending backward, 2.14 wording wrapped", "UserWarning: Unable to hit fast path of CUDAGraphs because outputs from a previous step still\nrequire backward. Ensure backward() is invoked or detach outputs.\nPyTorch version: 2.14.0\n", form{diagnose.TreesPendingBackward, 1, diagnose.Wrapped, "2.14"}, "PR #176865's wording"},
		{"symint re-recording", strings.Repeat("I1129 12:00:00.000000 1 torch/_inductor/cudagraph_trees.py:387] recording cudagraph tree for symint key 7\n", 3), form{diagnose.DynamicShapeRerecord, 1, diagnose.Exact, ""}, "three recordings"},
		{"one symint recording", "recording cudagraph tree for symint key 7\n", form{}, "one recording is normal"},
		{"windows, inductor backend", "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: Windows not yet supported for inductor\n", form{diagnose.UnsupportedPython, 2, diagnose.Exact, ""}, "2.2–2.4 refuse Windows in the inductor backend"},
		{"2.0 bare multiple devices", "[2023-03-20 10:00:00,000] torch._inductor.compile_fx: [WARNING] skipping cudagraphs due to multiple devices\n", form{diagnose.SkipMultipleDevices, 1, diagnose.Exact, ""}, "2.0's reason without a device list"},
		{"allocator assert, old wording", "RuntimeError: status != cudaStreamCaptureStatus::cudaStreamCaptureStatusInvalidated INTERNAL ASSERT FAILED at \"../c10/cuda/CUDACachingAllocator.cpp\":1122, please report a bug to PyTorch.\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Exact, ""}, "get_pool's assert up to 2.0"},
		{"allocator assert, new wording", "RuntimeError: info.status != cudaStreamCaptureStatusInvalidated INTERNAL ASSERT FAILED\n  at \"c10/cuda/CUDACachingAllocator.cpp\":2213, please report a bug to PyTorch.\n  Invalid stream capture status\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Exact, ""}, "stream_get_capture_info's assert"},
		{"allocator assert in source", "    TORCH_INTERNAL_ASSERT(\n        info.status != cudaStreamCaptureStatusInvalidated,\n        \"Invalid stream capture status\");\n        TORCH_INTERNAL_ASSERT(\n            status !=\n            cudaStreamCaptureStatus::cudaStreamCaptureStatusInvalidated);\n", form{}, "the check in code is not the raised error"},
		{"capture status enum", "static_assert(\n    int(cudaStreamCaptureStatus::cudaStreamCaptureStatusInvalidated) == 2,\n    \"unexpected int(cudaStreamCaptureStatusInvalidated) value\");\n", form{}, "c10's enum check"},
		{"inside a sentence", "every run logs Failed to apply torch.compile: Either mode or options can be specified, but both can't be specified at the same time and silently continues in eager mode.\n", form{diagnose.ModeAndOptions, 1, diagnose.Exact, ""}, "a message quoted without its full stop (lerobot#4114)"},
		{"title cut short", "# RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten\n", form{diagnose.OverwrittenOutput, 1, diagnose.Truncated, ""}, "a title without the message's end"},
		{"cut with an ellipsis", "got: accessing tensor output of CUDAGraphs that has been overwritten by a subseq…\n", form{diagnose.OverwrittenOutput, 1, diagnose.Truncated, ""}, "a summary's ellipsis"},
		{"cut at the start", "...ensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File\n", form{diagnose.OverwrittenOutput, 1, diagnose.Truncated, ""}, "a column cut behind an ellipsis"},
		{"start cut without an ellipsis", "of CUDAGraphs that has been overwritten by a subsequent run\n", form{diagnose.OverwrittenOutput, 1, diagnose.Truncated, ""}, "a crop between words that shows enough of the message alone (cut_head.go)"},
		{"start cut too short", "been overwritten by a subsequent run\n", form{}, "a crop between words that shows less than five words and 32 characters, and no name"},
		{"cut too short", "accessing tensor output of CUDAGraphs that has\n", form{}, "less than two thirds of the message"},
		{"cut, text after it", "accessing tensor output of CUDAGraphs that has been overwritten in my loop\n", form{}, "a cut message ends its line"},
		{"2.0 input mutation", "skipping cudagraphs due to input mutation\n", form{diagnose.LegacyMutatedInput, 1, diagnose.Exact, ""}, "2.0 had only the first implementation"},
		{"rng seed in capture, wrapped", "RuntimeError: Cannot call CUDAGeneratorImpl::set_current_seed during CUDA graph\ncapture. If you need this call to be captured, please file an issue.\n", form{diagnose.CaptureRNGState, 1, diagnose.Wrapped, ""}, "a terminal wrapped it"},
		{"rng, new generator in capture", "Cannot construct a new CUDAGeneratorImpl during CUDA graph capture. If you need this call to be captured, please file an issue.\n", form{diagnose.CaptureRNGState, 1, diagnose.Exact, ""}, "a generator made inside the capture"},
		{"conda export spec", "pytorch=2.5.1=py3.11_cuda12.4_cudnn9.1.0_0\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.5"}, "conda env export"},
		{"dict key", "{'torch': '2.6.0', 'cuda': '12.4'}\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.6"}, "a dict or JSON"},
		{"torch_version key", "torch_version: 2.7.1\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.7"}, "a key with _version"},
		{"no space", "running PyTorch2.8 on H100\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.8"}, "prose without a space"},
		{"user agent", "User-Agent: PyTorch/2.9.0\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.9"}, "a product/version token"},
		{"NGC tag of read notes", "FROM nvcr.io/nvidia/pytorch:25.12-py3\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.10"}, "NVIDIA's release notes: 25.12 is based on 2.10.0a0"},
		{"NGC tag of the compatibility matrix", "FROM nvcr.io/nvidia/pytorch:24.05-py3\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.4"}, "Triton Inference Server's matrix: torch 2.4.0a0+07cecf4168.nv24.5"},
		{"NGC tag is no torch 24.08", "FROM nvcr.io/nvidia/pytorch:24.08-py3\nI am on torch 2.5 here.\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 3, diagnose.Exact, "2.5"}, "a tag whose notes were not read states nothing, and does not block the prose (it was read as torch 24.05)"},
		{"pip show behind a prefix", "[default0]:Name: torch\n[default0]:Version: 2.6.0\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 3, diagnose.Exact, "2.6"}, "torchrun's prefix on both lines"},
		{"after torch. __ version __, quoted", "D:\\ComfyUI\\python_embeded>python -c \"import torch; print(torch. __ version __ )\"\n`2.5.1+cu124`\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 3, diagnose.Exact, "2.5"}, "underscores spaced against markdown's bold, value quoted on the next line (Comfy-WaveSpeed#7)"},
		{"torch.__ version __ on its line", ">>> torch.__ version __ '2.6.0+cu124'\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, "2.6"}, "spaced after the underscores, value on the same line"},
		{"torch. __version__ then prose", "print(torch. __version__)\nwe tested with 2.3.0\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 3, diagnose.Exact, ""}, "prose on the next line is no value, spaced or not"},
		{"version key, value on the next line", "Pytorch Version\n2.10.0+cu130\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 3, diagnose.Exact, "2.10"}, "an issue form's field as the page shows it, key and value a line each (ComfyUI#13136's System Info)"},
		{"version key, a blank line between", "PyTorch version\n\n2.6.0\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 4, diagnose.Exact, "2.6"}, "a rendered form with its value as a paragraph"},
		{"version key in bold", "**Torch version:**\n2.7.1\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 3, diagnose.Exact, "2.7"}, "a markdown key alone on its line"},
		{"version key, HTML row over two lines", "<tr><td>PyTorch version</td>\n<td>2.5.1</td></tr>\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 3, diagnose.Exact, "2.5"}, "an HTML table's row split after its key cell"},
		{"torch key with a colon", "PyTorch:\n2.8.0+cu128\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 3, diagnose.Exact, "2.8"}, "a UI's report with its value under the key"},
		{"required version key", "Minimum PyTorch version\n2.4.0\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 3, diagnose.Exact, ""}, "a requirement's key is not the run's release"},
		{"version key, prose after", "PyTorch version\nwe tested with 2.3.0\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 3, diagnose.Exact, ""}, "prose on the next line is no value"},
		{"other key after torch", "Torch VRAM Total\n2.5\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 3, diagnose.Exact, ""}, "another key that starts with Torch"},
		{"after torch.__version__, prose", "print(torch.__version__)\nwe tested with 2.3.0\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 3, diagnose.Exact, ""}, "prose on the next line is no value"},
		{"advice is another run's", "Try torch=2.2\nRuntimeError: CUDA error: capturing stream has unjoined work\n", form{diagnose.StreamCaptureUnjoined, 2, diagnose.Exact, ""}, "a suggestion, not the run's release (infinity#320)"},
		{"curly quotes", "AttributeError: module \u2018torch._inductor\u2019 has no attribute \u2018config\u2019\n", form{diagnose.InductorConfigNotImported, 1, diagnose.Exact, ""}, "a forum or an editor made the quotes curly"},
		{"soft hyphen", "RuntimeError: Error: accessing tensor output of CUDA\u00adGraphs that has been overwritten by a subsequent run.\n", form{diagnose.OverwrittenOutput, 1, diagnose.Exact, ""}, "a rendered page hyphenates long words invisibly"},
		{"zero-width space", "RuntimeError: CUDA error: operation not\u200b permitted when stream is capturing\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Exact, ""}, "a page breaks long words with U+200B"},
		{"word joiner and BOM mid-text", "RuntimeError: Tried to instantiate dummy base\u2060 class CUDA\ufeffGraph\n", form{diagnose.CUDAGraphUnavailable, 1, diagnose.Exact, ""}, "invisible joiners copied from a page"},
		{"no-break spaces", "RuntimeError: CUDA\u00a0error: operation\u00a0not\u00a0permitted\u00a0when\u00a0stream\u00a0is\u00a0capturing\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Exact, ""}, "copied from a rendered page"},
		{"HTML references", "<td>RuntimeError: Either mode or options can be specified, but both can&#39;t be specified at the same time.</td>\n", form{diagnose.ModeAndOptions, 1, diagnose.Exact, ""}, "an HTML export or a notebook's HTML cell"},
		{"smart apostrophe", "RuntimeError: Either mode or options can be specified, but both can\u2019t be specified at the same time.\n", form{diagnose.ModeAndOptions, 1, diagnose.Exact, ""}, "can’t"},
		{"wrapped, a header on each line", "(EngineCore_DP0 pid=240) ERROR 07-22 06:50:42 [core.py:1330] RuntimeError: Error: accessing tensor output of CUDAGraphs that has been\n(EngineCore_DP0 pid=240) ERROR 07-22 06:50:42 [core.py:1330] overwritten by a subsequent run. Stack trace: File x.py\n", form{diagnose.OverwrittenOutput, 1, diagnose.Wrapped, ""}, "a logger repeats its header on the continuation line"},
		{"wrapped, CI timestamps", "2024-05-01T10:00:00.1234567Z RuntimeError: Either mode or options can be specified, but both\n2024-05-01T10:00:00.1234999Z can't be specified at the same time.\n", form{diagnose.ModeAndOptions, 1, diagnose.Wrapped, ""}, "a CI log's timestamps differ per line"},
		{"wrapped, glog on each line", "W1129 17:07:56.133000 608 torch/_inductor/x.py:207] [0/0] skipping cudagraphs due to mutated\nW1129 17:07:56.133001 608 torch/_inductor/x.py:207] [0/0] inputs (2 instances). Found from :\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Wrapped, ""}, "glog headers"},
		{"pattern starts a line before the literal", "RuntimeError: Cannot call\nCUDAGeneratorImpl::current_seed during CUDA graph\ncapture. If you need this call to be captured,\nplease file an issue.\n", form{diagnose.CaptureRNGState, 1, diagnose.Wrapped, ""}, "the pattern's start is on the line before the literal's"},
		{"placeholder count", "Fixes `Detected N tensor(s) in the cudagraph pool not tracked as outputs` in training\n", form{diagnose.TreesUntrackedPoolTensors, 1, diagnose.Exact, ""}, "a count quoted as N (PR #194124)"},
		{"placeholder instances", "we get skipping cudagraphs due to mutated inputs (<n> instances)\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Exact, ""}, "a count quoted as <n>"},
		{"placeholder index", "AssertionError: Expected static input at index {idx} to have same data_ptr, got\n", form{diagnose.LegacyStaticInputMoved, 1, diagnose.Exact, ""}, "a count quoted as {idx}"},
		{"placeholder not a word", "Detected Ten tensor(s) in the cudagraph pool not tracked as outputs\n", form{}, "a word is not a count"},
		{"offset increment, manual capture", "  File \"model_runner.py\", line 676, in capture_cudagraph\nRuntimeError: Offset increment outside graph capture encountered unexpectedly.\n", form{diagnose.TreesConcurrentCallers, 2, diagnose.Exact, ""}, "no cudagraph trees and no threads: the generator's check in a capture made by hand, with that capture's cause (rngLeftCapturingRows, since 2026-12-05; ACE-Step-1.5#613)"},
		{"offset increment, trees", "  File \"torch/_inductor/cudagraph_trees.py\", line 1, in run\nRuntimeError: Offset increment outside graph capture encountered unexpectedly.\n", form{diagnose.TreesConcurrentCallers, 2, diagnose.Exact, ""}, "a cudagraph_trees.py frame"},
		{"allocate to pool, threads", "Exception in thread Thread-3:\nRuntimeError: beginAllocateToPool: already recording to mempool_id\n", form{diagnose.TreesConcurrentCallers, 2, diagnose.Exact, ""}, "a thread's traceback"},
		{"allocate to pool alone", "RuntimeError: beginAllocateToPool: already recording to mempool_id\n", form{diagnose.TreesConcurrentCallers, 1, diagnose.Exact, ""}, "no trees and no threads: a failed capture left the pool recording (rngLeftCapturingRows' pool row, since 2026-12-07; TestFormsPoolLeftRecording36 reads the cause)"},
		{"allocate to pool, its function name left out", "with reduce-overhead the threaded server fails (\"already recording to mempool_id\")\n", form{diagnose.TreesConcurrentCallers, 1, diagnose.Truncated, ""}, "quoted without the c10 function that raised it (holdoutK's loop-sim notes)"},
		{"function name left out, no threads", "\"already recording to mempool_id\" in my capture code\n", form{diagnose.TreesConcurrentCallers, 1, diagnose.Truncated, ""}, "no trees and no threads: the crop of the pool row, a failed capture's cause"},
		{"cut at a code span's close, text after it", "Fixes the `RuntimeError: accessing tensor output of CUDAGraphs that has been overwritten` error in the block\n", form{diagnose.OverwrittenOutput, 1, diagnose.Truncated, ""}, "a code span closes the cut message and the sentence goes on"},
		{"cut at reStructuredText's double backticks", "Fixes the ``RuntimeError: accessing tensor output of CUDAGraphs that has been overwritten`` error in the block\n", form{diagnose.OverwrittenOutput, 1, diagnose.Truncated, ""}, "an RST inline literal (holdoutO's cherimoya PR)"},
		{"cut at bold's close, text after it", "Fixes the **accessing tensor output of CUDAGraphs that has been overwritten** error in the block\n", form{diagnose.OverwrittenOutput, 1, diagnose.Truncated, ""}, "markdown bold closes the cut message"},
		{"no cut at an asterisk inside a word", "see 2*accessing tensor output of CUDAGraphs that has been overwritten*x notes\n", form{}, "a star between two words closes nothing"},
		{"retold: tensor overwritten by a subsequent run", "Batch action selection failed with a CUDAGraphs error (tensor overwritten by a subsequent run).\n", form{diagnose.OverwrittenOutput, 1, diagnose.Paraphrased, ""}, "PyTorch's last words in the writer's sentence (holdoutO's hockey report)"},
		{"Triton's libcuda message alone in a title", "# [BUG]AssertionError: libcuda.so cannot found!\n", form{diagnose.LibcudaNotFound, 1, diagnose.Exact, ""}, "only Triton words it so: no other line is needed (QwenLM/Qwen#949)"},
		{"retold: triton_key moved", "but `triton_key` has since moved to `triton.runtime.cache`. The import therefore fails\n", form{diagnose.TritonMissing, 1, diagnose.Paraphrased, ""}, "moved from where Inductor imports it (holdoutO's triton-turing reply)"},
		{"retold: triton_key removed", "triton_key was removed from triton.compiler.compiler in Triton 3.5\n", form{diagnose.TritonMissing, 1, diagnose.Paraphrased, ""}, "a sibling: removed"},
		{"retold: link against Python's headers", "under torch.compile, triton-windows's `tcc.exe` cannot link `cuda_utils.c` against the portable Python's headers\n", form{diagnose.PythonHeadersMissing, 1, diagnose.Paraphrased, ""}, "holdoutP's myvoice story log"},
		{"retold: missing the Python development headers", "When Triton tries to JIT-compile cuda_utils.c, some CI runners are missing the Python development headers.\n", form{diagnose.PythonHeadersMissing, 1, diagnose.Paraphrased, ""}, "sgl-project/sglang#18644"},
		{"retold: Python.h is not in the image", "Triton compiles its cuda_utils extension at runtime: `Python.h` is not in the image\n", form{diagnose.PythonHeadersMissing, 1, diagnose.Paraphrased, ""}, "theroyallab/tabbyAPI#456"},
		{"retold: Python missing its development headers", "torch.compile dies: the bundled Python is missing its development headers\n", form{diagnose.PythonHeadersMissing, 1, diagnose.Paraphrased, ""}, "Slicer/Slicer#9254"},
		{"CUDA's development headers missing under Triton", "Triton build fails: missing the CUDA development headers\n", form{}, "headers of another package"},
		{"Python headers missing without Triton or torch", "pip install fails: the Python development headers are missing\n", form{}, "a C extension's build: no Triton or torch context"},
		{"advice to install Python headers", "Install python3-dev to get Python headers for torch.compile\n", form{}, "advice, no failure"},
		{"message cut, its code mark closed", "This fixes a `RuntimeError: Cannot copy between CPU and CUDA tensors during CUDA graph capture` crash when Gemma 4 models suppress tokens.\n", form{diagnose.CaptureUnpinnedCopy, 1, diagnose.Truncated, ""}, "vllm PR #48515 quotes it without \"unless the CPU tensor is pinned\" (newuser29 F6)"},
		{"message cut, its quote closed", "We hit \"Cannot copy between CPU and CUDA tensors during CUDA graph capture\" in the drafter.\n", form{diagnose.CaptureUnpinnedCopy, 1, diagnose.Truncated, ""}, "the same in quote marks"},
		{"message cut by an ellipsis", "RuntimeError: Cannot copy between CPU and CUDA tensors during CUDA graph capture...\n", form{diagnose.CaptureUnpinnedCopy, 1, diagnose.Truncated, ""}, "an ellipsis after the literal"},
		{"message whole in a code mark", "`RuntimeError: Cannot copy between CPU and CUDA tensors during CUDA graph capture unless the CPU tensor is pinned. Please use tensor.pin_memory()`\n", form{diagnose.CaptureUnpinnedCopy, 1, diagnose.Exact, ""}, "its next words follow the literal"},
		{"message at the line's end", "RuntimeError: Cannot copy between CPU and CUDA tensors during CUDA graph capture\n", form{diagnose.CaptureUnpinnedCopy, 1, diagnose.Exact, ""}, "the line's end is no cut: it may go on wrapped"},
		{"whole message in a code mark", "It fails with `CUDA error: operation not permitted when stream is capturing` on replay.\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Exact, ""}, "a row whose literal is its whole message"},
		{"static launcher overflow", "  File \"D:\\AI\\ComfyUI_windows_portable\\python_embeded\\Lib\\site-packages\\torch\\_inductor\\runtime\\static_cuda_launcher.py\", line 244, in run\n    _StaticCudaLauncher._launch_kernel(\nOverflowError: Python int too large to convert to C long\n", form{diagnose.StaticLauncherOverflow, 3, diagnose.Exact, ""}, "Comfy-Org/ComfyUI#10957: the static launcher's frame above it"},
		{"static launcher overflow under cudagraph trees", "  File \"C:\\Users\\u\\.conda\\envs\\e\\Lib\\site-packages\\torch\\_inductor\\cudagraph_trees.py\", line 2277, in run_eager\n    return node.run(new_inputs)\nOverflowError: Python int too large to convert to C long\n", form{diagnose.StaticLauncherOverflow, 3, diagnose.Exact, ""}, "ultralytics#21998: cudagraph trees' frames"},
		{"static launcher overflow in a title", "\"OverflowError: Python int too large to convert to C long\" when using torch.compile\n```\nFile c:\\Users\\d\\anaconda3\\Lib\\site-packages\\torch\\_inductor\\cudagraph_trees.py:404, in cudagraphify_impl.<locals>.deferred_cudagraphify(inputs)\n```\n", form{diagnose.StaticLauncherOverflow, 1, diagnose.Exact, ""}, "pytorch/pytorch#166886: the title and Jupyter's frames"},
		{"static launcher overflow with reduce-overhead", "code throws `OverflowError: Python int too large to convert to C long`, but only when reduce-overhead is used with compile().\n", form{diagnose.StaticLauncherOverflow, 1, diagnose.Exact, ""}, "woct0rdho/triton-windows#171"},
		{"static launcher overflow retold", "Fixed the OverflowError in torch.compile with reduce-overhead mode on Windows\n", form{diagnose.StaticLauncherOverflow, 1, diagnose.Paraphrased, ""}, "daydreamlive/scope PR #337's summary, told as done"},
		{"static launcher overflow retold after", "reduce-overhead mode crashes with an OverflowError on Windows (torch 2.9)\n", form{diagnose.StaticLauncherOverflow, 1, diagnose.Paraphrased, "2.9"}, "the mode first"},
		{"static launcher overflow retold by name", "Auto-patch torch_python.dll for StaticCudaLauncher overflow fix\n", form{diagnose.StaticLauncherOverflow, 1, diagnose.Paraphrased, ""}, "daydreamlive/scope PR #337's title"},
		{"numpy overflow on Windows", "  File \"C:\\g\\.venv\\lib\\site-packages\\genesis\\engine\\solvers\\rigid\\rigid_solver_decomp.py\", line 795, in _init_geom_fields\n    geoms_contype=np.array([geom.contype for geom in geoms], dtype=np.int32),\nOverflowError: Python int too large to convert to C long\n", form{}, "Genesis-Embodied-AI/genesis-world#848: numpy's, no torch"},
		{"scipy's fix title", "Fix OverflowError: Python int too large to convert to C long on Windows\n", form{}, "scipy/scipy#7072: CPython's message, no CUDA graphs"},
		{"overflow beside torch.compile alone", "model = torch.compile(model)\n  File \"train.py\", line 40, in collate\n    ids = np.array(batch, dtype=np.int32)\nOverflowError: Python int too large to convert to C long\n", form{}, "a compiled program's own numpy overflow"},
		{"overflow beside max-autotune-no-cudagraphs", "mode=\"max-autotune-no-cudagraphs\"\nOverflowError: Python int too large to convert to C long\n", form{}, "no CUDA graphs: no side stream of Inductor's"},
		{"a Dynamo overflow retold", "Fixed an OverflowError in torch.compile for float('inf') constants\n", form{}, "torch.compile alone names no side stream"},
		{"hand capture around cudagraph trees", "RuntimeError: Cannot prepare for replay during capturing stage. during CUDA graph capture. If you need this call to be captured, please file an issue. Current cudaStreamCaptureStatus: cudaStreamCaptureStatusActive\n", form{diagnose.CaptureNestedCUDAGraphs, 1, diagnose.Exact, ""}, "measured on 2.11 (hand_capture_2.11.out)"},
		{"hand capture around cudagraph trees, quoted in prose", "Manually wrapping another torch.cuda.graph() here would nest graphs and raise \"Cannot prepare for replay during capturing stage\". So we rely on the compiler.\n", form{}, "a counterfactual: what a hand capture would do, the note's code captures nothing by hand (validation v35a's 17)"},
		{"hand capture around cudagraph trees, told as met", "Manually wrapping another torch.cuda.graph() here nested the graphs and raised \"Cannot prepare for replay during capturing stage\". So we rely on the compiler.\n", form{diagnose.CaptureNestedCUDAGraphs, 1, diagnose.Exact, ""}, "a past: the note's run met it"},
		{"cut at a closing quote, text after it", "a runtime \"accessing tensor output of CUDAGraphs that has been overwritten\"), so we rewrite it\n", form{diagnose.OverwrittenOutput, 1, diagnose.Truncated, ""}, "quoted up to a word of the message, the sentence going on (holdoutN's pi05 comment)"},
		{"wrapped in comments", "# accessing tensor output of CUDAGraphs that\n# has been overwritten by a subsequent run\n", form{diagnose.OverwrittenOutput, 1, diagnose.Wrapped, ""}, "a comment mark on each line of the wrap"},
		{"wrapped in // comments", "// skipping cudagraphs due to mutated\n// inputs (2 instances)\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Wrapped, ""}, "a C-style comment mark on each line"},
		{"wrapped in comments and cut at a quote", "# the failure mode is a runtime \"accessing tensor output of\n# CUDAGraphs that has been overwritten\"), so --stage1 rewrites them.\n", form{diagnose.OverwrittenOutput, 1, diagnose.Truncated, ""}, "holdoutN's pi05 benchmark comment: the line the quotation opens on, as for a wrap"},
		{"quoted from its start, cut and wrapped in comments", "# CUDA graphs capture the RNG offset, which causes \"Offset increment \n# outside graph capture\" errors when subsequent benchmarks use torch.randn\n", form{diagnose.TreesConcurrentCallers, 1, diagnose.Truncated, ""}, "holdoutCG's ai-performance-engineering comment (matchWrappedLead)"},
		{"quoted from its start, cut and wrapped, named only", "The message \"Offset increment outside\ngraph capture\" is familiar\n", form{}, "the lead rule's prose: no occurrence said"},
		{"retold: the reason quoted as the warnings' name", "(Some 'mutated inputs' warnings are OK - those are from cache updates)\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Paraphrased, ""}, "holdoutN's stock-prediction verify script"},
		{"retold: cpp wrapper doesn't work with cudagraphs", "# cpp wrapper doesn't work with cudagraphs\n", form{diagnose.SkipCPPWrapper, 1, diagnose.Paraphrased, ""}, "pytorch/pytorch#130878's title (holdoutK)"},
		{"retold: cudagraphs don't work with mutated inputs", "cudagraphs don't work with mutated inputs in my model\n", form{diagnose.SkipMutatedInputs, 1, diagnose.Paraphrased, ""}, "the graphs first"},
		{"retold: CPU tensor ops break CUDA graph capture", "CPU tensor ops break CUDA graph capture\n", form{diagnose.SkipCPUDevice, 1, diagnose.Paraphrased, ""}, "the reason breaks the graphs"},
		{"rule: not supported with cudagraphs", "CPU tensors are not supported with cudagraphs\n", form{}, "documentation's rule, not a report"},
		{"rule: incompatible with cudagraphs", "cpp_wrapper is incompatible with CUDA graphs on this release.\n", form{}, "documentation's rule, not a report"},
	}
	checkForms(t, tests)
}

// TestThreadEvidence: the pool check's text is concurrent callers only where the log
// shows threads; in one thread it is the untracked-tensor code.
func TestThreadEvidence(t *testing.T) {
	t.Parallel()
	msg := "RuntimeError: Detected 1 tensor(s) in the cudagraph pool not tracked as outputs. All live allocations must be tracked for correctness.\n"
	for _, tt := range []struct {
		name, log string
		want      diagnose.Code
	}{
		{"one thread", msg, diagnose.TreesUntrackedPoolTensors},
		{"threads", "Exception in thread Thread-3 (worker):\n" + msg, diagnose.TreesConcurrentCallers},
	} {
		d, err := diagnose.Read(strings.NewReader(tt.log))
		if err != nil || len(d.Findings) != 1 || d.Findings[0].Code != tt.want {
			t.Errorf("%s: Read = %+v, %v; want one %s", tt.name, d, err, tt.want)
		}
	}
}

// TestOptionsTorch: Options.Torch overrides the release the log shows; an unsupported
// one is a *modes.VersionError.
func TestOptionsTorch(t *testing.T) {
	t.Parallel()
	log := "PyTorch version: 2.11.0\nRuntimeError: CUDA error: capturing stream has unjoined work\n"
	d, err := diagnose.Options{Torch: "2.6"}.Read(strings.NewReader(log))
	if err != nil || d.Torch != "2.6" || d.TorchFrom != "option" || d.TorchLine != 0 {
		t.Fatalf("Read = %+v, %v; want torch 2.6 from the option", d, err)
	}
	_, err = diagnose.Options{Torch: "9.9"}.Read(strings.NewReader(log))
	var ve *modes.VersionError
	if !errors.As(err, &ve) {
		t.Errorf("Read with torch 9.9: %v, want a *modes.VersionError", err)
	}
}

// TestEscapes: control characters and bidirectional overrides in a quoted line are
// printed escaped; an 8-bit CSI is removed as a 7-bit one is and a backspace goes back
// over the character before it, as a terminal shows them (sweep7 finding 9).
func TestEscapes(t *testing.T) {
	t.Parallel()
	log := "RuntimeError: CUDA error: capturing stream has unjoined work \ax\b\u009b2J \u202eevil\n"
	d, err := diagnose.Read(strings.NewReader(log))
	if err != nil || len(d.Findings) != 1 {
		t.Fatalf("Read = %+v, %v", d, err)
	}
	var b bytes.Buffer
	if err := d.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"\a", "\b", "\u009b", "\u202e"} {
		if strings.Contains(b.String(), bad) || strings.Contains(d.Findings[0].Quote, bad) {
			t.Errorf("output holds %q unescaped:\n%s", bad, b.String())
		}
	}
	if !strings.Contains(b.String(), `work \x07 \u202eevil`) {
		t.Errorf("output lacks the escapes:\n%s", b.String())
	}
}

// TestEncodings: UTF-32 and UTF-16 with a byte-order mark are decoded; UTF-8 whose
// first bytes are FF FE, or a UTF-32 mark, stays UTF-8.
func TestEncodings(t *testing.T) {
	t.Parallel()
	msg := "RuntimeError: CUDA error: capturing stream has unjoined work\n"
	cjk := strings.Repeat("训练在第二个线程里失败了，错误如下所示\n", 50)
	utf32le := []byte{0xFF, 0xFE, 0, 0}
	for _, r := range msg {
		utf32le = binary.LittleEndian.AppendUint32(utf32le, uint32(r))
	}
	utf32be := []byte{0, 0, 0xFE, 0xFF}
	for _, r := range msg {
		utf32be = binary.BigEndian.AppendUint32(utf32be, uint32(r))
	}
	utf16le := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(msg)) {
		utf16le = binary.LittleEndian.AppendUint16(utf16le, u)
	}
	utf16be := []byte{}
	for _, u := range utf16.Encode([]rune(msg)) {
		utf16be = binary.BigEndian.AppendUint16(utf16be, u)
	}
	for _, tt := range []struct {
		name string
		in   []byte
	}{
		{"UTF-32LE", utf32le}, {"UTF-32BE", utf32be}, {"UTF-16LE", utf16le},
		{"UTF-8 after FF FE", append([]byte{0xFF, 0xFE}, msg...)},
		// A UTF-32 mark before units that are no Unicode scalar values is not UTF-32
		// (sweep7 finding 7: read as UTF-32, "no known signature").
		{"UTF-8 after FF FE 00 00", append([]byte{0xFF, 0xFE, 0, 0}, msg...)},
		{"UTF-8 after 00 00 FE FF", append([]byte{0, 0, 0xFE, 0xFF}, msg...)},
		{"UTF-8 after FF FE 00 00, CRLF", append([]byte{0xFF, 0xFE, 0, 0}, strings.ReplaceAll(msg, "\n", "\r\n")...)},
		// UTF-32 with a unit that is no scalar value is still UTF-32, the unit U+FFFD
		// (sweep8: one such unit anywhere in the first 4 KiB hid the whole log).
		{"UTF-32LE with a unit past U+10FFFF", slices.Concat(utf32le[:4], []byte{0, 0, 0x11, 0}, utf32le[4:])},
		{"UTF-32BE with a surrogate unit", slices.Concat(utf32be[:4], []byte{0, 0, 0xD8, 0}, utf32be[4:])},
		{"UTF-32LE with a unit past U+10FFFF mid-line", slices.Concat(utf32le[:12], []byte{0xFF, 0xFF, 0xFF, 0xFF}, utf32le[12:])},
		// Without a byte-order mark: told by where the NULs fall (issue: usersweep D).
		{"UTF-32LE without BOM", utf32le[4:]}, {"UTF-32BE without BOM", utf32be[4:]},
		{"UTF-16LE without BOM", utf16le[2:]}, {"UTF-16BE without BOM", utf16be},
		// Text outside ASCII first: few NULs, all on one side (sweep7 finding 14).
		{"UTF-16LE without BOM, Chinese first", utf16Of(binary.LittleEndian, cjk+msg)},
		{"UTF-16BE without BOM, Chinese first", utf16Of(binary.BigEndian, cjk+msg)},
		{"UTF-16LE without BOM, Chinese and an emoji first", utf16Of(binary.LittleEndian, "😀"+cjk+msg)},
		{"UTF-16BE without BOM, U+4E00 first", utf16Of(binary.BigEndian, "一一一\n"+cjk+msg)},
		{"UTF-8, Chinese first", []byte(cjk + msg)},
		{"UTF-8 after NULs", append(make([]byte, 64), msg...)},
		// sweep8 #18: UTF-16 with a mark, then NUL characters (a log preallocated or cut
		// by a crash): FF FE 00 00 is UTF-32's mark too, whose units do not fit.
		{"UTF-16LE, NUL characters first", slices.Concat(utf16le[:2], make([]byte, 20), utf16le[2:])},
		{"UTF-16LE, 5000 NUL characters first", slices.Concat(utf16le[:2], make([]byte, 10000), utf16le[2:])},
		{"UTF-16LE, 4999 NUL characters first", slices.Concat(utf16le[:2], make([]byte, 9998), utf16le[2:])},
		{"UTF-16BE, NUL characters first", slices.Concat([]byte{0xFE, 0xFF}, make([]byte, 20), utf16be)},
		{"UTF-32LE, NUL characters first", slices.Concat(utf32le[:4], make([]byte, 4000), utf32le[4:])},
		// fix8's leftover (issue 21 item 6): FF FE then a NUL before UTF-8 text is not
		// UTF-16: what follows the NULs decodes as UTF-8.
		{"UTF-8 after FF FE 00", slices.Concat([]byte{0xFF, 0xFE, 0}, []byte(msg))},
		{"UTF-8 after FE FF 00 00 00", slices.Concat([]byte{0xFE, 0xFF, 0, 0, 0}, []byte(msg))},
	} {
		d, err := diagnose.Read(bytes.NewReader(tt.in))
		if err != nil || len(d.Findings) != 1 || d.Findings[0].Code != diagnose.StreamCaptureUnjoined {
			t.Errorf("%s: Read = %+v, %v", tt.name, d, err)
		}
	}
}

// TestRecoveredMode: a mode a config dump or a traceback frame shows is planned.
func TestRecoveredMode(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, log, want string }{
		{"config dump", "compile_mode: max-autotune\nRuntimeError: CUDA error: capturing stream has unjoined work\n", "max-autotune"},
		{"jupyter frame", "----> 4 opt = torch.compile(model, mode=\"reduce-overhead\")\nRuntimeError: CUDA error: capturing stream has unjoined work\n", "reduce-overhead"},
	} {
		d, err := diagnose.Read(strings.NewReader(tt.log))
		if err != nil || d.Recovered == nil || d.Recovered.Mode == nil || *d.Recovered.Mode != tt.want {
			t.Errorf("%s: Read = %+v, %v; want mode %s recovered", tt.name, d, err, tt.want)
		}
	}
}

// utf16Of is s in UTF-16 without a byte-order mark, in order's byte order.
func utf16Of(order binary.AppendByteOrder, s string) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(s)) {
		out = order.AppendUint16(out, u)
	}
	return out
}
