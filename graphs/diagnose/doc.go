// Package diagnose reads a PyTorch log, traceback or pasted issue and reports each known
// torch.compile / CUDA-graph signature in it with its cause and fix, by release. It
// matches exact PyTorch messages from a table of rows ([Signatures]) and never guesses:
// a log outside the catalogue below gives no finding. The catalogue covers CUDA graphs
// (capture, cudagraph trees, skipped graphs), torch.compile's mode, options, backend and
// config keys, and what Inductor needs to run (Triton, a C++ compiler, libcuda, CUDA and
// Python headers, a supported Python); it has no code for Dynamo's graph breaks and
// recompile limits, Triton or ptxas compile errors, out-of-memory errors, compile-worker
// pools, NCCL timeouts or illegal memory accesses, the failures most of the corpus's
// texts without a code show (see Corpus). [Diagnosis.WriteText] says both, [ScopeCovers]
// and [ScopeLacks], under [NoSignature].
//
// A text without a finding whose Python traceback stops before its exception line
// (its header, "Traceback (most recent call last):" or IPython's, and frames, then the
// text ends, prose follows, or the next traceback starts: a paste cut short) lacks the
// very line a signature is read from. [Diagnosis.TracebackCut] is then that header's
// line (of several, the last; of chained tracebacks, "During handling of the above
// exception…", the last one counts), and [Diagnosis.WriteText] follows [NoSignature]
// with "the traceback on line 4 ends before its exception line: paste it to its last
// line (the "XxxError: message" line), which names the failure". The exception line is
// the class (qualified by its module, a builtin's, or the one IPython's header names)
// at the start of a line behind its log prefixes, or one whose name ends as a
// builtin's does ("…Error:") anywhere in it; each process's tracebacks ("[rank1]:",
// vLLM's "(EngineCore_DP0 pid=7)") are followed apart. A traceback with its exception
// line, or a text with a finding, gives nothing new.
//
// # Release
//
// When the log shows torch's release ([Diagnosis.Torch], from [Diagnosis.TorchLine]),
// each finding's fix is the one for that release. When the release is outside the
// releases known to print the text, the finding is still reported (the text matched), its
// [Finding.Note] says so ("torch 2.12 (from the log) is not known to print this; the
// nearest release that does is 2.11, …"), and its fix is the nearest release's, without
// advice to upgrade to a release the user already runs. Where the release has a fix that
// ends the code (the _is_key_in_tls assert on 2.14, which has PR #184357; "module
// 'torch._inductor' has no attribute 'config'" on 2.6 or later; the
// complex-memory-overlap skip on 2.13 or later), the Note says that the release does not
// print it, so the process that printed it runs an older torch than stated (check
// torch.__version__ in it), the cause is said to be that older torch's, and the fix is
// given for both. Where two rows of a code match one line, the one that covers the
// release wins. [Diagnosis.WriteText] prints the release once, as "torch 2.14 (from line
// 18)" before the first block; without a finding, the same line follows "no known
// signature" ([NoSignature]) and the catalogue's scope, "torch: not stated in the text"
// for a log that shows none. [Diagnosis.TorchSource] (JSON "torch_source") says where the
// release read comes from: "text", "option", "default" or "findings".
//
// A release newer than the releases known (2.0–2.14: torch==2.15.0, a nightly
// 2.15.0.dev20261201, "PyTorch version: 2.16.0+cu130", 3.0) is the run's all the same:
// [Diagnosis.Torch] is it and [Diagnosis.TorchNewer] is set. Every cause and fix is then
// the newest known release's (2.14, or the last release known to print the text), as
// each finding's Note says ("torch 2.15 (from the log) is newer than the releases known
// (2.0–2.14): this finding's release facts stop at 2.14, …"), no fix advises an upgrade
// to 2.14 or older, the header reads "torch 2.15 (from line 1; newer than the releases
// known, 2.0–2.14: causes and fixes are theirs)", and the call the log shows is planned
// on 2.14. A release a text states is read by [modes.ParseRelease], whose refusals are
// those of every entry point that takes a release: a newer one is up to three minors past the newest
// known (a year of releases: PyTorch has typically three minor releases a year), or 3.0
// to 3.2. A minor further with no patch after it is a known release typed without its
// dot: "torch=2.31+cu121" is 2.3 (2.3.1), "torch==2.51" is 2.5; one whose patch release
// never existed ("torch==2.18": 2.1 ended at 2.1.2, [modes.LastPatch]) is no release.
//
// A release whose patch never shipped ("torch 2.6.2": 2.6 ended at 2.6.0; "torch==2.11.3";
// [modes.LastPatch], from pytorch/test-infra's history of the stable release) is read as
// its minor, and the header says so: "torch 2.6 (from line 1; 2.6.2 is no release: 2.6's
// patch releases ended at 2.6.0; read as 2.6)", [Diagnosis.TorchNoSuchPatch]. Reading
// the minor keeps the fixes right: every fact is kept per minor, and a build that prints
// such a version is its minor's branch (a source build, a typo in a pasted list), where
// reading none would drop the release's fixes for the default's. -torch refuses it, with
// "did you mean 2.6?". A pre-release, a nightly or a local build (2.6.1rc1,
// 2.13.0.dev…, 2.6.0a0+git…) carries its branch's version and is read as before, and so
// is a patch of a minor whose patches may go on (2.13, 2.14).
//
// A release older than the releases known ("torch 1.13.1", glued "+pytorch1.10.0" too:
// torch.compile came in 2.0) is no release for the findings, the log read as one that states none, and is named:
// [Diagnosis.StatedTorch] is it, the header reads "torch: line 1 states torch 1.13, older
// than torch.compile, which came in 2.0: read as none" and the plan
// "torch 2.11 (the default: line 1 states torch 1.13, older than torch.compile (2.0))".
// A release torch has not and is not near ("PyTorch version: 2.99.0+cu130", 2.18.0,
// 10.0, 3.5, a minor past int range) is read the same way, with
// [Diagnosis.StatedTorchKind] "not-a-release" (1.13's is "older"): the header reads
// "torch: line 1 states torch 2.99, not a release torch has: read as none", and no fix
// advises installing it.
//
// A text that states two releases where a process's release is stated (collect_env,
// torch.__version__, a package list, pip's report, a pin; not prose) names the other in
// the header, "torch 2.6 (from line 1; also states 2.14 on line 2)", and
// [Diagnosis.AlsoStated]. Where the other has the change that ends a finding's code
// (2.14's per-thread cudagraph trees), the finding's fix drops the upgrade to it, says
// "On torch 2.14 (line 2 states it) this is fixed: make the failing process run it", and
// its note says the process that printed it runs an older torch; so it does where -torch
// gives the run's release, its own or another. A release stated there that -torch's rule
// refuses hides no other: "PyTorch version: 2.99.0" then "PyTorch version: 2.14.1" reads
// 2.14, and 1.13.1 then 2.6.0 reads 2.6; the refused one is named by what it is, "torch
// 2.14 (from line 2; line 1 states 2.99, not a release torch has)", of kind
// "not-a-release" or "older" in AlsoStated, before or after the one read. Four others are
// named; the header counts the rest ("…, 2.10 on line 5, and 2 more";
// [Diagnosis.AlsoStatedMore]). A release read from prose that tells a move or a
// comparison ("after upgrading to torch 2.5.1 from 2.4.1 it started to fail with:", "no
// longer works in 2.9, but worked in 2.8", "passes with torch 2.9.0 & 2.9.1 but fails
// with 2.10.0 RC") is the failing run's, and the other release of that sentence is named
// too, of kind "prose": "torch 2.5 (from line 8; its prose also names 2.4)", JSON
// also_stated_torch [{"torch": "2.4", "line": 8, "kind": "prose"}]. Only a release the
// sentence names as a move or a comparison does (after torch's name, a preposition,
// "and", "vs", an arrow) is named: not another package's ("numpy 2.0", "TE 2.12"), and
// not one of a list of releases tried ("2.2.x, 2.3.x, and 2.4.x", a sentence with two
// other minors).
//
// A log that states no release gets the header "torch: not stated in the text (each fix
// is for all releases that print it; -torch X.Y sets one)", and no parenthesis without
// findings. [Options.Torch] (the command's -torch) takes a release known ([ParseTorch],
// by [modes.ParseVersion], as every entry point where a person gives a release): a newer
// one (2.15) is refused in the words of every such entry point, naming 2.14 as the newest
// known, for nothing about it is known to read a log for; a log that states it is read as
// above. Where -torch is not the log's own release the header names that one too: "torch
// 2.14 (from -torch; line 1 states 2.11)".
//
// # Plan
//
// When the log shows a compile call or its config, [Diagnosis.Recovered] is that call
// and [Diagnosis.Plan] the planner's report on it. Its workload comes from the
// findings, by the table [Inferences] (code → workload fields: a thread crash is
// planned with user threads, a mutated-input skip with a mutated input, and so on), and
// [Diagnosis.Inferred] (JSON "inferred") names each field so set with the code it came
// from, such as {"threads": "trees-user-thread-tls"}. The call is planned on the Python
// the log shows (collect_env's "Python version: 3.12.2", the interpreter's banner, a
// ".../python3.12/site-packages/" path, else the bound of torch.compile's own refusal,
// "… not supported on Python 3.12+"; [Diagnosis.PythonFrom] says which), and a log that
// states no release on the newest release that prints every finding's text, the default
// (2.11) when it does ([Diagnosis.PlanTorchFrom] names the finding that ruled the default
// out): "Dynamo is not supported on Python 3.12+" alone is planned on 2.3 with Python
// 3.12, and raises there, as the log shows. Of several calls a text shows (up to 8;
// "with mode=A it works, with mode=B it fails"), the plan takes the first that turns
// CUDA graphs on when a finding's text is printed only with them on ([CUDAGraphCodes]),
// else the first; [Diagnosis.Calls] and [Diagnosis.CallLine] say which.
//
// The plan is the call's alone; what the text shows beside it is noted
// ([Diagnosis.PlanNotes]): under a finding whose failure is
// at a capture or a recording ([CaptureFailCodes]), each device the plan says captures
// reads "cuda:0 main: capture (the log shows this capture failing: line 10,
// stream-capture-unjoined)"; a text that shows ROCm (a +rocm release,
// torch.version.hip's value, collect_env's ROCm or HIP line, an AMD Instinct or gfx9xx
// GPU, a HIP error: [Diagnosis.ROCmLine]) gets a note that the device is AMD's, where
// torch.cuda drives HIP and captures make HIP graphs, while the plan's facts are NVIDIA
// CUDA's; so does a text that shows Moore Threads' MUSA, Huawei's Ascend NPU or
// Cambricon's MLU. Under a finding of a compile that fails at the call's first run (the
// toolchain's codes: Triton, the C and C++ compilers and their headers, the GPU's
// capability, autotuning left without a choice), every device reads "cuda:0 main: capture
// (the log shows this call failing at its first run, before any capture: line 5,
// triton-missing)".
//
// # Words that fit the text
//
// A finding's cause and fix fit what the text shows of its run. A capture's fallback
// names a torch.compile mode (mode="max-autotune-no-cudagraphs") only where the text
// shows torch.compile: under vLLM's or SGLang's own capture (their modules, flags or
// variables) it is the engine's switch (--enforce-eager, --disable-cuda-graph), under
// nano-vllm's its enforce_eager=True, under ggml's CUDA backend (llama.cpp)
// GGML_CUDA_DISABLE_GRAPHS=1 with CUDA's own synchronising calls; under a capture of the
// program's own (torch.cuda.graph, CUDAGraph, capture_begin, make_graphed_callables, a
// graph capture told in prose, in Chinese, Japanese or Korean too) it is leaving that code
// out of the captured region, PyTorch's own advice for a part unsafe to capture; under
// CuPy's stream.begin_capture(), CUDA's cudaStreamBeginCapture or PaddlePaddle's
// CUDAGraph.capture_begin() it is making that call before the capture begins or after it
// ends, and the synchronising calls named are that program's (cupy.asnumpy(),
// cudaDeviceSynchronize(), .numpy()), NVIDIA Warp's wp.capture_begin() the same with
// wp.synchronize(); a PyTorch program that shows neither torch.compile nor a capture's
// code gets both ways. CUDA's own capture errors (stream-capture-illegal,
// stream-capture-unjoined) in a text that shows no PyTorch in any form (its names, its
// "RuntimeError: CUDA error" print, its compile, graph API, engines or device ports) and
// no program's capture (JAX, ONNX Runtime, a C++ program) get CUDA's words, none of
// PyTorch's: the call made before the capture begins or after it ends, a synchronisation
// or a blocking copy to the host, CUDA's thread-local capture mode and events for the
// legacy stream and unjoined work (as for every capture not PyTorch's). Where the text's capture is torch.compile's, the
// markdown section that holds the failure gives a capture of its own ("## Recipe C: raw
// CUDA graphs" below recipes that compile). torch.compile's words after a negation
// ("without torch.compile", "Без torch.compile") show no compile, and a YAML front
// matter's lines (a blog's title, tags, series) show nothing of the run.
// capture-nested-cudagraphs inside an engine's own capture (vLLM's, vLLM-Ascend's,
// SGLang's, nano-vllm's, TensorRT-LLM's) says the engine's capture ran a component that
// replays a graph of its own, and its fix is to skip that replay while a stream captures
// (torch.cuda.is_current_stream_capturing()) or the engine's switch (vLLM's
// --enforce-eager or cudagraph_mode "PIECEWISE"). cuda-invalid-context's cause and
// fix are those of the program the text shows: a fork after CUDA's initialisation (the
// spawn or forkserver start method), Go (runtime.LockOSThread), pycuda (the context
// pushed and popped on the thread that works), CuPy (with cupy.cuda.Device(n): in each
// thread), PyTorch (torch.cuda.set_device in each thread), the driver API alone
// (cuCtxSetCurrent or cuCtxPushCurrent on each thread; cuDevicePrimaryCtxRetain makes no
// context current). A fix's clause whose action the text states done in its own words
// (trees-user-thread-tls's one long-lived thread: "One worker = one TLS context", "must
// run on THIS thread") is
// dropped, and the fix names the line; so are an engine's switch the text states added
// ("Added `--enforce-eager`", "--enforce-eager \" in its command, nano-vllm's
// enforce_eager=True, GGML_CUDA_DISABLE_GRAPHS=1) and capture-unpinned-copy's pinned copy
// where the text says it still fails ("pinned … 仍然失败", "did not help"). A
// libcuda-not-found text that shows libcuda.so's own path gets the linker's search path
// as the cause and that path's directory in the fix; a "cannot find -lcuda" that the
// nearest line above it in its section tells as another package's build (PyCUDA,
// bitsandbytes, CuPy, llama.cpp, tiny-cuda-nn, a Ruby extconf, CMake) and not Triton's
// is that package's link, no finding. overwritten-output under activation checkpointing
// (torch.utils.checkpoint) says that the backward's recompute calls the compiled function
// again, and gives the compile without CUDA graphs. A Windows run
// (a drive's or Lib\site-packages' backslashed path, [WinError, MSVC's cl.exe or vcvars,
// Windows 10 or 11) and no Linux one (WSL, a Linux path, apt-get) gets the Windows fix of
// cxx-compiler-missing (MSVC's Build Tools with the "Desktop development with C++"
// workload, cl on PATH from the x64 Native Tools Command Prompt), python-headers-missing
// (the headers of a python.org install) and openmp-missing (MSVC's INCLUDE). A capture's
// failure on ROCm, MUSA, an Ascend NPU or an MLU says in its cause which device the text
// shows, and cuda-graph-empty under vLLM's piecewise capture that a piece launching no
// kernel prints it too (vllm-project/vllm#28044). max-autotune-gemm-off in a text that
// shows no max-autotune (no mode, key, variable or prose that names it; not 2.0 to 2.5,
// which print it only under max-autotune) says that from 2.6 Inductor asks is_big_gpu at
// every matmul it lowers, before it checks max-autotune, so the default mode,
// reduce-overhead and an engine's own compile print it too, and that it is harmless there,
// nothing to do (torch/_inductor/utils.py use_triton_template @ 2.4.0 to 2.9.1 and main);
// a text that forces is_big_gpu to True is told that this hides the warning and, without
// max-autotune, picks no Triton template either. 2.6's AttrsDescriptor ImportError
// (triton-missing) in a text that shows a vendor's Triton (FlagTree, pytorch-triton-rocm,
// pytorch-triton-xpu, triton-windows) gets that vendor's build for this torch, not torch's
// triton pin; where the text shows the fix done (2.6's Triton pinned and told as the
// cure, a shim that defines AttrsDescriptor) the fix says so first.
//
// # A fix the text shows done
//
// A finding's cause must hold for the text, and so must its fix: where the text shows
// the code doing what the code's fix asks for and failing all the same, advising it
// again is what the user has tried (pytorch/pytorch#185546 joins
// its side stream with torch.cuda.current_stream().wait_stream(side) under
// reduce-overhead and still gets "capturing stream has unjoined work"). Two tables hold
// it as rows: how a line of code does an action (the join,
// torch.no_grad(), cudagraph_mark_step_begin(), a clone of the output, pin_memory,
// capturable=True, import torch._inductor.config, unsetting
// PYTORCH_NO_CUDA_MEMORY_CACHING, apt-get install python3-dev, pip install triton, a
// compile with mode="max-autotune-no-cudagraphs"), and which code's fix asks
// for which action and the code's other fix when it is done (for the join under
// torch.compile's CUDA graphs: compile that function without them, or move the
// side-stream work out of it). Such a finding's Fix says "line 31 already makes the
// current (capturing) stream wait on the side stream (…); if it fails all the same: …"
// and [Finding.FixShownLine] is that line. The line must be a statement that does it,
// whole: not prose that names it, a comment, a docstring or other triple-quoted
// string, code under advice (the first prose line above it asks or suggests: "Try
// this:"), the fork instead of the join (side.wait_stream(torch.cuda.current_stream())),
// code that never runs (under if False:, after a return in its block, in a def the text
// neither calls nor passes on), nor code in a def other than the one a traceback of the
// text fails in. And it must be in effect for the failing run: a keyword True in the
// call's own arguments, not in a comment or a string; not undone by a later line (the
// variable set again); an install not answered by its own error output nor a dry run;
// torch.no_grad() whose block holds the call; the join waiting on a stream forked above
// it, outside that stream's own block (where torch.cuda.current_stream() is the side
// stream); a compile call's mode only where the text shows one call and its plan has
// triton.cudagraphs False. In doubt, the usual fix stays.
//
// # Matching
//
// A row's Literal is the part of PyTorch's message that every wording shares, without
// the exception class and without the trailing hint, so that a message whose class or
// hint is cut still matches; a row without a Pattern is matched without its literal's
// final full stop, as a message quoted inside a sentence loses it. Each line is cleaned
// first: a page's HTML tags go (a highlighter's "torch<span …>.</span>compile", a
// rendered "<code>…</code>"; a block's tag is a space, a <br> ends a line; a name no
// page uses, such as a traceback's "<module>", stays), and so do markdown's escaping
// backslashes ("torch.\_inductor", where no backslash on the line comes before a
// letter or a digit, as in a Windows path); what a page, an editor or a
// mail client puts in place of PyTorch's ASCII becomes ASCII again (no-break and other
// Unicode spaces, curly quotes, HTML references such as &#39; or &#8217; (escaped twice
// too, &amp;#39;), an encoder's \u0027, full-width punctuation
// such as "：" and "，" with the space after it, box drawing's "│" as "|"; soft hyphens and
// zero-width characters inside words are dropped; what is folded for matching only,
// the tags, escapes, full-width forms and box bars, a finding's quote and the release's
// text show as written), then ANSI colour codes, 7-bit and 8-bit (ESC [ and U+009B;
// an OSC that the line does not terminate is dropped alone), the controls a terminal
// shows nothing for (NUL, BEL, DEL and the other C0 controls; C1 controls in UTF-8;
// bidirectional marks, overrides and isolates; VT, FF and NEL read as a space: a
// quote shows them escaped where the log has them), backspaces as a terminal
// shows them (bold "X\bX", underline "_\bX", a word typed over), "> " quote marks,
// torchrun's "[rankN]:" prefixes and indentation go. A row then matches a line in one of five ways,
// which [Finding.Match] names and the text output states when it is not exact:
//
//  1. exact: the literal is on the line, byte for byte (a glog or timestamp header, a
//     Jupyter "----> " frame or prose around it do not matter);
//  2. quoted: it is on the line once markdown and quote marks (backticks, "**", table
//     cells' "|", quote characters) and white space are removed, or without regard to
//     case, the row's Pattern then tried on the line without white space too (a
//     message a person retyped: "python 3.11+ not yet supported for torch. compile");
//  3. wrapped: it runs over two or three lines (a terminal or a page wrapped it, at a
//     space or inside a word, or a page hyphenated a word at the line's end: "over-" /
//     "written", read with the hyphen and without it, an anchor the hyphen cuts read on
//     the two lines' seam), found with the lines around the candidate joined, white space
//     ignored and the header a logger repeats on each line left out (glog, a CI
//     timestamp, vLLM's or Ray's "(… pid=N)" tag, docker compose's "name-1 | ", syslog,
//     pytest's "E   ", a comment's mark: "#", "//", "///", "--", ";", "%", "!", Org
//     mode's ": "); a row's Pattern may start on the line before; a blank line ends a
//     message; its quote joins a word a terminal cut back without the space (where the
//     row's text, or its Pattern, has the word whole), and a torch.compile call recovered
//     over such a cut is joined by the same rule (wordCut: a cut inside a quoted string
//     or between two letters of a name, never before a line indented deeper than the line
//     before it);
//  4. truncated: a line ends with two thirds or more of a long message (40 characters or
//     more without white space) and the rest is cut off, as titles and summaries cut it
//     ("… CUDAGraphs that has been overwritten", "… by a subseq…"), or starts with an
//     ellipsis and the last two thirds ("…ensor output of CUDAGraphs …"); rows with a
//     Pattern are not found this way, but for one case: the input's last line, a raise
//     statement under a frame in torch's files or an exception line (pytest's "E"
//     allowed), cut inside its message (12 characters or more without white space), is
//     found by the rows whose text starts with what is left when they are all of one code
//     ("raise RuntimeError(\"Dynamo is not suppo", "RuntimeError: Error: accessing tensor
//     outp", stored pages that end mid-line), and so is a logged line cut after a
//     logger's header when 20 characters or more of the literal are left ("W1217 …
//     utils.py:1558] Not enough SMs to use max_autot"; a Jupyter raise line, "--> 410
//     raise RuntimeError(\"Dynamo is not suppo", under IPython's "File …/torch/…:410"
//     frame, too); a CUDA error so cut (a snippet's comment "# torch.AcceleratorError:
//     CUDA error: operation not permitt" too) is read without torch's "CUDA error: ", and
//     where what is left also starts a CUDA text no row has (cudaErrorNotPermitted's
//     "operation not permitted") it counts only when the text shows a capture elsewhere
//     ("capture", "reduce-overhead", "CUDA graph"), and that other text whole never does.
//     A general rule covers every row, with or without a Pattern, cut or cropped
//     anywhere: a cut is an ellipsis ("…", "...") on the line, the line's start when it
//     begins inside a word of the row's text (a crop with no mark: "ph tree for symint
//     key 3", not a line above that holds the text before it, which is a wrap) or
//     between two of its words where what the line shows of the literal is a message's
//     alone: five words and 32 characters or more, or three words and 20 or more with a
//     name of code among them ("to use max_autotune_gemm mode", a screenshot cropped
//     before "Not enough SMs"; not "during CUDA graph capture", "before each model
//     invocation", a name alone or a phrase other programs print, "Please try one of the
//     following solutions"), the guards of a whole message reading the line with the
//     literal's head put back (a comment that states the rule stays quiet), or the
//     input's end; the text on each side of the cut must be the row's literal (its start
//     before the cut, its end after), what the cut took out lies inside the literal, the
//     row's Pattern matches the line with that part put back (through the literal's end
//     for a line cut at the end, from its start for one cropped at the start), and 16
//     characters or more (no white space) of the row's text show, the literal's or what
//     the Pattern matched beside it ("Cannot call CUDAGeneratorImpl::current_seed during
//     CUDA gra" for " during CUDA graph capture", "…ing cudagraphs due to mutated
//     inputs", "skipping cudagraphs due to mut…ated inputs"); a line cut after the whole
//     literal inside an argument of the Pattern counts too ("Unexpected type of attr
//     triton.cud..."). A cut without a mark may also be where words were left out of the
//     middle: the line shows the literal's start (16 characters or more) up to where it
//     leaves it and goes on with the literal's end (8 or more), the part left out at most
//     half of what shows ("accessing tensor output of CUDAGraphs that has been subsequent
//     run"). The cut must fit rows of one code only. Pytest's "E", the REPL's ">>> ",
//     torchrun's "[rankN]:" and loggers' headers go first. Only an ellipsis or the
//     input's end cuts a line's end (a line that ends early mid-log is a line), and at
//     the input's end a line without a mark needs its Pattern to match words before the
//     literal, or must end inside a word of the literal with half of it or more (16
//     characters or more) shown ("skipping cudagraphs due to multi", "… capturing stream
//     has unjo"; a line that ends at a word's end may be prose that ends there, and less
//     than half may start another message: "operation not permitt" is CUDA's
//     cudaErrorNotPermitted's too); else the raise, exception and logged-line rule above
//     decides. Rows of codes that supersede one another, or whose Requires the log has
//     not shown, do not make a cut ambiguous. 16 is two or three words, more than any
//     anchor piece of a short literal: a fragment that fits one code's rows alone is then
//     rarely chance. Such a cut line is found only where it keeps one of the row's
//     anchors whole (a third of a long literal, half of a shorter one), or is the input's
//     last line. A quotation in prose whose whole text (its exception class aside) is the
//     start of a row's literal, up to a word's end of it and 24 characters or more
//     without white space, is that row's message with its last words left out ("failing
//     with \"Offset increment outside graph capture\" — …"), where no row of another code
//     starts so and the prose says it occurred: before it ("fails with", "hit"), or after
//     it, on its line or the next line of its comment block or paragraph, a word of
//     failing that no modal, negation or condition leads ("(\"…\") and its varlen\n#
//     setup … Manual/graphed both fail there"; afterSaid), or a word of observation
//     right after it ("— observed in the PoC", "(observed)", "（实测）", "관찰됨"; not
//     after a negation); a row with a Pattern so where
//     the pattern matches the quotation with the literal's rest put back ("Cannot call
//     CUDAGeneratorImpl::current_seed during CUDA graph": the lead rule). The same start
//     retold unquoted right after a verb of failing ("failed with Offset increment outside
//     graph capture, then …", "raises", "got", 报错; で落ちる and 에러가 나 after it), up to
//     where the sentence goes on (a comma, "then", "and", a bracket), is read so too, where
//     no modal, negation, condition or purpose leads the verb. A quotation of
//     five words or more, on its line or wrapped inside its quotes over two, whose text
//     is a part of a row's literal from a word after its start to a word's end of it, or
//     its tail going on past its end, 32 characters or more of the literal without white
//     space, is that row's message with its first words left out ("fails with \"an input
//     tensor deallocate during graph recording that …\""), where no row of another code
//     holds that part and the prose says it occurred as for the lead rule (either side)
//     or names a program emitting it ("reports", "says", "prints", "warns"); rows with a
//     Pattern aside (the middle rule). The quotation may leave out the message's
//     auxiliaries and articles ("storage data ptrs not allocated in pool"), stop at an
//     ellipsis ("… in pool... could be a bug"), and go on past a literal that stops short
//     of PyTorch's message where the rest is known ("tensor deallocate during graph
//     recording", 24 characters or more of the literal's own); a fragment of a message
//     (quotedFragments) quoted alone in parentheses after the clause that tells what
//     happened is read as one with an error word ("… lives in the graph pool untracked
//     (\"tensor(s) in the cudagraph pool not tracked as outputs\")"), not after a
//     condition or a purpose ("if the pool holds …", "to avoid …");
//  5. paraphrased: a row marked Paraphrase matches the message retold in other words
//     ("Python 3.11 is not supported for torch.compile"); a row of the same code that
//     matches PyTorch's own text wins over it. Every retelling is an entry of one table:
//     the words its lines hold and the pattern they must
//     match, and either the cause and fixes of its code's first row with PyTorch's own
//     text, on the releases of the code's rows, or a row of its own. Inductor's skip
//     line quoted bare ("prevents CUDA graphs (\"skipping cudagraphs\")") with a skip
//     reason told in prose on its line or the next (mutated inputs or an in-place
//     update, CPU tensors, multiple devices, unsupported ops, non-Tensor inputs,
//     symbolic shapes, overlapping memory, the C++ wrapper) is that reason's skip; a
//     reason quoted itself is not told. Retellings in other languages sit beside the
//     English ones of their code
//     ("| Python 3.14 上 torch.compile 报错 |", "Triton `Python.h` 錯誤", "Triton 要
//     `Python.h`(python3-dev),但本機無 sudo 裝不了"), and a condition's word leads their
//     clause as "if" does ("如果 …，请安装 …", "もし", "만약": no finding).
//
// A finding shows its code's best occurrence, not its first: the closest to PyTorch's
// text in [Match]'s order (exact, wrapped, quoted, truncated, paraphrased), the first
// of those ([Finding.Line], with its Quote and Match); [Finding.Count] counts every
// place, and where the line shown is not the first, [Finding.FirstLine] gives the first
// and the text says "line 15 (2 times, first line 1, last line 15)" (nufix24: an
// issue's title quoting the message cut short above the traceback that prints it whole
// had been the finding, "truncated"). Which row of a code gives the finding, and
// whether it holds or is superseded on its line, is still read from each row's first
// occurrence.
//
// A skip message that PyTorch prints with a stack after "Found from" (2.3's "mutation
// on input", from 2.4 "mutated inputs (N instances)", from 2.3 "cpu device (argN_1)",
// the incompatible op's and symbolic shapes' in the 2.6.0 and 2.14.1 sources read,
// 2.14's "input storage mutation"; see [Culprit]) names the user's statement: the stack's innermost frame outside torch's
// own files, in [Finding.Culprits] (JSON "culprits": file, line, function, source,
// text_line), one each per distinct frame (ranks printing the same are one), at most
// 8. The text shows each as "from /app/model.py:88 in forward: self.kv_cache[:, :T] = k"
// below the quote, and the fix of skip-mutated-inputs, skip-cpu-device and
// skip-incompatible-op names the first. Only frames that follow "Found from" on the
// message's line (or the next line, for a message wrapped before it) count: a
// traceback elsewhere names none.
//
// A row marked Cropped holds another row's literal from its second word on, where 24
// characters or more are left after a determiner ("RuntimeError: storage data ptrs are
// not allocated in pool", quoted without "These"), or 32 or more after another word
// ("tensor output of CUDAGraphs that has been overwritten by a subsequent run" without
// "accessing", "not permitted when stream is capturing" without "operation"); a negation,
// an assert or raise, and a subject before its verb are kept ("supports dynamic shapes by
// recording a new graph …" is what documentation says of torch.compile). A Cropped row
// with a Pattern holds a literal's first clause (up to its first comma, colon, semicolon
// or full stop, 32 characters or more) and wants a quote closed right after it
// ("Either mode or options can be specified" in quotes, “…” and 「…」 too), or a
// literal up to where its argument begins (24 characters or more), closed by a quote, an
// ellipsis or the line's end ("Unexpected optimization option" without the option's
// name). Their hits
// are truncated, and the whole literal's row wins on the same line.
// A compiler's message is also cut short where reports stop quoting it (compilerCuts):
// "cuda.h: No such file" without "or directory", "fatal error: Python.h" without what
// follows, "No working C++ compiler found" without where Inductor looked; such a row keeps
// its base row's context (torch.compile's where the base row needs none).
//
// A row marked Trailer matches the hint PyTorch puts after a message's first sentence
// ("To prevent overwriting, clone the tensor outside of torch.compile() …", in each
// release's wording), for a note or a cut log that quotes the hint alone; a row of the
// same code that matches the sentence wins, and the hint's line is counted only when
// no such row matched.
//
// A row's Pattern must match too (on the joined lines for a wrapped message), its
// Requires must match some line of the log, and a row whose MinLines is above 1 needs
// that many lines (three "recording cudagraph tree for symint key N" lines are
// re-recording; one is not, unless quoted with a mark that it recurred: "…, etc."). A
// line that says the message did not occur (a results table's count of 0 beside it, "no
// `…`", "0 occurrences of `…`", "grep -c '…' run.log → 0") gives no hit, for every row,
// and so does a line that quotes it as a hypothetical or an instruction ("If \"skipping
// cudagraphs due to cpu device\" appears, …", the "If" on the line above too; "look for
// `…`", "you may see \"…\"", "in case of \"…\"", "expect \"…\"", and their siblings in
// Chinese, Japanese, Korean, German, French, Spanish, Portuguese and Russian:
// hypotheticalMarks); the message must be quoted there, a conditional alone wants a verb
// of appearing in the present after the quote ("when \"…\" appeared" is a report), and a
// troubleshooting tip, a fix after the hypothetical in its sentence ("If you see `…`,
// install python3-dev"), stays a finding. A list after "zero" whose last item is the
// quote ("zero graph-capture corruption / IMA / \"…\"", the list's start on the line
// above too), "free of \"…\"", and other languages' words of absence (没有出现, はゼロ, 없음,
// keine, aucun, ни одного) are absence too, as is a word of absence after the quote in its
// sentence, the line below too where it goes on ("the `…` warning disappeared on the
// A100", "is gone", "went away", "no longer appears", "0 times", 消失了, 消えた, 사라졌습니다,
// 0회, verschwunden, a disparu, desapareció, исчезло), unless a fix or an earlier run is
// told with it ("disappeared after upgrading", "used to", 升级后: a fix record stays a
// finding); and so is a failure said to be handled,
// caught or harmless ("a missing triton_key would be handled gracefully"). So is a
// message quoted after a statement of what a call or a value would raise in general, its
// subject generic: an argument given ("passing it there raises RuntimeError(\"…\")" in
// double backquotes, "using mode=… throws `…`"), a value said to be invalid
// ("`mode=\"max-reduce\"` 并非有效值，会抛出 `…`", "有効な値ではないため、 `…` が発生します"), a counterfactual
// ("would raise `…`"); a person who runs it ("you will get the following
// error `…`", "I pass …", 我), the reporter's code as the subject, a past verb or a fix
// after it keeps it a finding. A message cut at an ellipsis is read so by the part of it
// before the ellipsis; a quotation cut before its closing quote or wrapped onto the next
// line is read so by the marks of absence ("- No `accessing tensor output of CUDAGraphs
// that has been overwritten`\n  in the log."), not by those of a hypothetical. "without
// the \"…\" abort" (a word of failure after the quote or before it, "without hitting
// \"…\"", "ohne die \"…\" Warnung", "sans l'erreur « … »") is absence; "it crashed
// without the flag: \"…\"" stays a finding. A consequence told in the present after a
// condition closed by a comma ("Without this call, the \"…\" check fails", "If we don't
// clone it, the `…` error is raised", "Otherwise the \"…\" check fires", "Without it,
// Inductor raises \"…\"") is a hypothetical; a past ("Without this fix we got \"…\"")
// stays a finding. So is one told as what will happen or can ("Without this, PyTorch will
// warn: \"…\"", "If you forget the mark, PyTorch would print \"…\"", "Without it, you'll
// get \"…\"", "… can fail with `…`"), the quotation cut or wrapped too, its lines then
// read as one; "may warn" stays a finding. A possibility after a gerund ("holding onto an
// output tensor … can trigger \"…\" errors", 可能会触发, が発生する可能性があります, 오류가
// 발생할 수 있습니다), a consequence after "without the …," or "unless …," with a plural
// subject ("cudagraph trees raise \"…\""), code that throws it named by a relative clause
// ("the C++ function that throws \"…\"", 抛出 "…" 的函数) and a counterfactual whose verb
// ends a clause that "would" opens, read over the comment's lines its sentence runs on
// ("which would / otherwise … and abort with / \"…\"") are hypotheticals too; "this can
// raise:", "capture can fail with \"…\"" and "this OP throws \"…\"" stay findings. In a
// source comment or a docstring, the object of a prediction unquoted as well (an
// exception's class, an error code's name, a retelling) after would, will, could, might
// or may and a verb of failing, or "otherwise … fails", on its line or opening the
// comment's next line ("every conversion would fail" over "# with InvalidCxxCompiler and
// silently fall back …"), gives no hit (predicted); a person, a habit ("every time"),
// "can" and prose stay findings. A message
// as an item of a tuple, a list, a set or a dict that an assignment opens at a line's end
// (`MARKERS = (` over `"…",` lines) is the program's data and gives no hit, and so does a
// test's comment that quotes a past failure after "raised:" above an expectation that it
// passes now ("We expect this to succeed now."); the same report in prose stays a finding.
// Code that tests an exception's text for the
// message (`if '…' in str(ex):`, `assertIn("…", str(cm.exception))`, `pytest.raises(…,
// match="…")`, `assertRaisesRegex(…, "…")`, `re.search("…", msg)`) and its print of the
// message on the line under such a test give no hit; so does a test that a warning occurs
// (`"…" in str(w.message)`): test code's expectation. A table row whose first cell names Inductor config
// keys alone (`triton.…`, `torch._inductor.config.…`, TORCHINDUCTOR_…) and that shows no
// run's status ("❌", "failed") documents the messages its keys govern and gives no hit; a
// table of runs stays a finding. A Python call that emits the message, its string in a
// logger's call (log.warning, perf_hint_log.warning, logger.info, …), warnings.warn or a
// raise opened at a statement's start on the message's line, or in any call's argument
// list opened one to four lines above it (the message's pieces under `warnings.warn(`,
// under `log_cudagraph_skip_and_bump_counter(format_default_skip_message(`, a
// TORCH_CHECK's message lines below it, a test's skip reason or assertion too; a print
// excepted), is the source that defines it and gives no hit
// (one extent of a call's arguments); so is such a call commented out line by line, the
// call and its message behind the same comment mark ("#     log.warning(" over "#
// \"Not enough SMs …\",", a vendor's patch keeping Inductor's lines; "//", "--", ";"
// alike; a print too), while a log line quoted behind "#" stays a finding; as for an assert's message below (one rule,
// sourceStatement), a traceback's source line (under its frame's header, in its listing),
// a warning's shown source line, a thread's quotation in a markdown code fence and a
// diff's line (+ or - first) stay findings. Code that names the message to find, filter
// or compare it gives no hit (searchMarks): a membership test in a condition (`if "…" in
// text:`, `return "…" not in record.getMessage()`), a search call (`.find("…")`,
// `.includes("…")`, `strings.Contains(out, "…")`, `Select-String -Pattern "…"`), a name
// assigned it (`needle = "…"`), a comparison (`reason == "…"`), the message written as a
// regular expression (`".*….*"`, `r"…\."`), a warnings filter in -W's syntax
// ("ignore:…:UserWarning" in pytest's mark or ini lines, `-W`, PYTHONWARNINGS); and a
// retelling in a piece of a string that implicit concatenation goes on with on the next
// line (a program's advice). A plain `warnings.filterwarnings("ignore", message="…")` (a
// filter says the warning came) and a diff's line stay findings. Test code that says what
// it expects gives no hit (expectMarks): a test's assertion that the message occurs
// (`assert "…" in caplog.text`, `assertIn`, `assertEqual`, FileCheck's `check`, `assert … ==
// "…"`) and a test's skip reason (`pytest.skip("…")`, `@pytest.mark.skipif(…, reason="…")`,
// `@unittest.skipIf(…, "…")`, xfail), on the message's line or over lines (callState). A
// test's assertion that the message is absent is no hit either: `assert "…" not in
// stderr[0]`, `assert not any("…" in l for l in lines)`, `self.assertNotIn("…", …)`,
// `self.assertFalse("…" in …)`,
// `FileCheck().check_not("…")`, `.check_count("…", 0, …)`, "# CHECK-NOT: …",
// `self.assertNotRegex(…, "…")`, the call or the assert on the line above and "not in …"
// on the line below where a formatter wrapped it; a double negative (`assertFalse("…" not
// in …)`) and pytest's report of a failed absence test (its "E AssertionError: assert '…'
// not in '…'", and the source line right above an "E" line) stay findings: the message
// was there. A message alone in a code block or a paragraph under prose whose last lines
// lead it in as a condition or a hedged example ("If you see … Example error:", "若…返回如下
// 错误信息。", "an error saying something like", "you might get … :", 場合, 경우, "Failure
// mode if X:", "symptom without X:") gives no hit unless a person ran it ("I", "we got",
// 我) (lead_above.go); under a prediction in general ("some workloads will fail with:")
// or a modal that anyone may meet it ("one might encounter compilation errors like the
// following:", "you may see an error like:", 可能会遇到如下错误, 以下のようなエラーが出る場合
// があります), no line of the block gives one, unless a heading above describes a problem
// ("## Problem", "## 问题描述": what happened to the writer). PyTorch's message as the
// object of a purpose in a source comment ("# To avoid UserWarning: …", wrapped onto the
// comment's next line too; "# workaround for …", "// to prevent …", "# 为了避免 …", "# 「…」
// を回避するため"; the purpose's verb ending the comment's line above the quote, unless the
// comment goes on to state the cause) gives no hit, nor does a message, a retelling or an
// exception's class as the object of a purpose of finding it early ("to surface … issues
// early (e.g., TritonMissing)", "to catch … early", "fail fast on"), nor a warning after
// "This suppresses", "This avoids", nor, in a comment or a docstring, a retelling, an
// exception's class or an error code's name after a purpose ("(prevents \"pending uninvoked
// backwards\")", "\"\"\"Skip on Windows to avoid TritonMissing.\"\"\"", "to avoid" ending the
// line above "# unjoined stream error."; "so that … does not happen"; "を避けるため"),
// unless the comment states the cause or tells it met ("we hit", "before this …
// failed", a docstring's "Fix for … issue" title) (purposeComment, absent.go;
// purposeRetold). A message quoted as the object of a statement of what a component
// does in general gives no hit either: "inductor only warns \"…\"", "ROCm disallows this
// during capture and raises: `…`", "When Triton is absent, compilation crashes … with
// \"…\"", "Without X, … raises:" (or "If X are not" ending the line above "installed
// this raises:") over the message on the comment's next lines, and their
// Chinese, Japanese and Korean siblings; a person, a past, a modal ("this can raise:"), a
// fix after the message (a tip), a refusal alone ("capture rejects this:") and an issue's
// plain present ("torch.compile fails with \"…\"") stay findings (mechanism.go). A
// message wrapped over two string pieces of one call's argument is read in that call as
// its one-line form is (wrappedAt); nor do a docstring's
// "(raises '…')" and an exception's class defined, imported or caught in source (`class
// InvalidCxxCompiler(RuntimeError):`, `except (…, InvalidCxxCompiler)`, classInCode). A retelling (unquoted, a Paraphrase row) in a clause that a condition leads is a
// rule or a hint, no hit: "If libcuda.so is not found, set …", "install python3-dev,
// otherwise Python.h is not found", "Without the Python headers, Triton falls back …"
// (the condition at the clause's start, up to three words before the literal or the
// match, the match in one clause: retoldUnreported); a condition inside a clause names
// the failure's occasion and stays a finding ("error when triton package is not found").
// A missing header's compiler error (Python.h, cuda.h, omp.h) within twelve lines after a
// CMake step ("[ 76%] Building CXX object …", make's or ninja's) or a Python extension's
// build step (pip's "Building wheel for x (setup.py) ... error", setuptools' "building
// 'x' extension") is a source build's, of Triton, PyTorch or another project, not the
// run-time compile of Triton's launcher or Inductor's C++, which no such step precedes:
// no hit (sourceBuildSteps). In looser prose (a line that names torch, then a full
// release) a release inside a URL or a markdown link to another project than PyTorch is
// that project's (linkedElsewhere). A message as the string literal of the C++ call that
// raises it (TORCH_CHECK, TORCH_INTERNAL_ASSERT, TORCH_WARN, AT_ERROR, C10_THROW_ERROR,
// opened on its line or up to two lines above, no ";" between) is PyTorch's source or a
// copy of it, no hit (raisedInSource): a run prints the message without the call. So is a
// message in the message of a Python assert statement (`assert cond, "…"`, on the
// assert's line or on a line that continues it by a backslash or an open bracket, up to
// two lines below; timm's adopt.py) in source code (assertedInSource): a traceback's
// failing line, under its frame's header (`File "…", line N, in f`, IPython's), marked by
// pytest's ">" or above its "E" lines, stays read, and so do a test's assertion on the
// message (`assert "…" in out`), a thread's quotation in a markdown code fence and a
// diff's line (an issue or a pull request about the check is about the failure it
// raises). A retelling's words in a string of a Python raise opened on one of the two
// lines above (an f-string's braces no statement's end) are a program's own guard, no
// hit: "raise ValueError(\n f\"compile region {self.name!r} cannot set both mode and
// options\")" (validation v30); where a retelling's row is tried on a line for an anchor
// of its literal and its pattern matches without that literal, the match's start is its
// place. A message on a context line of a traceback's source listing, a line printed
// around the frame's failing line, is source code that did not run, no hit: IPython's and
// Jupyter's numbered lines under a frame's header, the failing one marked "---->" (an
// open-mmlab/mmdetection3d#1631 frame showed adam.py's capturable=True assert above the
// capturable=False one that failed), ipdb's and stackprinter's alike, pdb's listing,
// rich's "│   252 │" beside "│ ❱ 253 │", pytest's long report's lines above ">"; the
// failing line, the lines of its statement, the exception's line and a comment quoting a
// message on a context line (a TODO that says an op "throws \"skipping cudagraphs due to
// ['incompatible ops']\"") stay read. A message whose own words are a rule or a fact (a
// modal, a refusal or a lack of support: "CUDA graphs must be captured on a non-default
// stream", "Either mode or options can be specified, but both can't be specified at the
// same time", "Dynamo is not supported on Python 3.12+", "you may only use the default
// CUDA RNG generator …", "… does not yet support checkPoolLiveAllocations"; ruleRow)
// stated by source code, in a comment ("#" or "//", indented or under a line of code, or
// after a line of code that names no compile) or a docstring's line, unquoted and with
// nothing in its sentence that shows it printed, is that code's rule, no hit, and no
// retelling of its code on that line is either (ruleStated: "# CUDA graphs must be
// captured on a non-default stream. Capturing on" over a side stream's capture), however
// many comment lines stand between it and the code above; an exception's class or a
// logger's level before it, a word of failing in its sentence (the comment's line above
// too, where the sentence begins there) or a consequence that records a suite's failure
// ("no successful tests remain", "all tests are skipped"), a "#" comment block in a
// list of disabled tests (a nix disabledTests, disabledTestPaths or pytestFlagsArray
// list, conda-forge's tests_to_skip, a -k "not …" or --deselect: skipListed), PyTorch's hint after it,
// quotes, a comment beside commented-out code or after a compile call, a diff's line and
// a title at a text's top (no code above it) stay findings. A retelling of
// unsupported-python that documentation states, on a heading of two "#" or more that
// states the lack of support for a Python release ("### torch.compile is not yet
// supported on Python 3.15", a release's notes) or in a section of known issues or
// limitations, or as the reason of a requirement on the Python release ("Use Python
// 3.10/3.11 (torch.compile does not support Python 3.12).", "…, so we pin 3.11", a
// comment over a package's requires-python), with no word of failing on its line, is no
// hit (limitDocumented); nor is
// a retelling of Triton's absence told as why a run or a benchmark was skipped ("skipped
// on Windows (no Triton)", "Triton 미지원으로 스킵", skippedForLack). Source code that holds a
// message or names its error code is no hit either (heldByCode, one table of code's
// shapes): an exception's construction (`super().__init__("…")`, `mock.side_effect = RuntimeError("…")`, C++'s
// `throw std::runtime_error("…");`, Go's errors.New; one handed to a call in an assert's
// or an if's condition: `assert _uncapturable(RuntimeError("…"))`), a string a function returns or a
// table maps an error code to (`return "…";`, `{cudaErrorX, "…"}`, `X => "…"`), the
// error code as a switch's label, an enum's constant, a #define, a table's key, a
// comparison's side or a Python identity or membership test's (`case hipErrorStreamCaptureUnjoined:`,
// `cudaErrorStreamCaptureUnjoined = 904,`, `if (err == hipErrorStreamCaptureUnsupported ||`,
// `if err in (cudaErrorStreamCaptureUnsupported, …):`), a constant
// or a variable that holds the message (`_SMALL_GPU_MAX_AUTOTUNE_WARNING = "…"`, `const
// char* kMsg = "…"`, a YAML key's `message: "…"`), a message cut or wrapped inside a
// call's string pieces, a test's `pytest.raises(…, match="…")` (and unittest's
// `assertRaises(RuntimeError, f, "…")`, the message the callable's argument), a program's own notice in
// the block of a guard that tests the Python, the platform, the device, a caught
// exception's text or an error code it got back (`if sys.version_info >= (3, 14):` over
// `print("  torch.compile is not supported on Python 3.14+")`, `if (err != hipSuccess) {`
// over a comment naming the code), a string of source code split by its "\n" escapes
// (`instruction = (` over "\n\nOpenMP support not found. …"), a comment beside a guard or a version bound
// (`python_requires='>=3.9, <3.12', # Dynamo is not supported on Python 3.12+`) and a
// raise commented out; a traceback frame's line, a fenced block, a diff's line, prose and
// a guard's comment that quotes the exception's line (`# RuntimeError: …`, as a skip
// list's) stay findings. Nor is a message named as an example of what generally happens: an item of
// a list under "In practice you see errors like:" or "Common failures include:", the
// same on one line, and a comment's hypothetical thing ("A stray CPU tensor here … fails
// as \"…\""); a troubleshooting tip's "If you see errors like:" over its list, a person
// and a reporter's repro stay findings (generic.go).
//
// A message cut short inside a structured value (a JSON, YAML or TOML string, a Python
// dict's string, a markdown table's cell, a CSV or TSV cell, a code span: "symptom":
// "RuntimeError: accessing tensor output of CUDAGraphs") is found, Truncated, where the
// value's text, less its exception class, starts a row's literal (16 characters or more,
// squeezed), holds one of the row's anchors whole (the literal's first third, or half of
// a shorter one) and fits rows of one code only; a function call's argument is no value
// (a program's own print). A value that ends where a row's Pattern wants the line to end
// ("| decode | skipping cudagraphs due to mutated inputs | 3 |") is read as that line.
//
// # Presentations
//
// A message reaches a reader presented in many ways; each way below is a transform of
// TestFormsCross, which presents every wording row's message
// (TestFormSamplesCoverRows holds each row to a sample) with its release stated, and
// negatives, in every one of them: the code must be found with the match kind the way
// allows and the release read, and a negative must give nothing (counts in
// testdata/forms_cross.golden, before the fixes of issue 21's presentation classes in
// testdata/forms_cross_before.txt):
//
//   - log prefixes on every line: loguru's, Lightning's "[rank: 1] ", transformers'
//     "[WARNING|trainer.py:123] … >> ", mail's ">> ", code viewers' gutters ("12 │ ",
//     "12<tab>"), torchrun's "[rank3]: " and "[default0]:", glog's
//     "W1129 17:07:56.133000 608 file.py:207] ", Python logging's
//     "WARNING:torch._inductor.cudagraph_trees:", "[2024-05-01 12:00:00,123] [WARNING]
//     [real_accelerator.py:161:…] ", a GitHub Actions timestamp, Ray's
//     "(RayWorkerWrapper pid=1234) " and "(pid=1234, ip=10.0.0.1) ", SLURM's "0: ",
//     docker compose's "app-1  | ", a tab-separated time and level; rich's
//     RichHandler ("[12/03/26 07:40:00] WARNING  " before the message, the caller
//     "utils.py:207" at its first line's right, the message wrapped in its column);
//   - encodings of the text: a JSON log line (docker's or kubectl's "log" field, a
//     structured logger's field holding a whole traceback) is read as the text its
//     strings encode, each \n a line (\", \uXXXX such as \u003c decoded; the line's
//     rest after a string's last line is a line where a value of it holds an anchor, a
//     logger's "error" or "torch_version" field, and no line where it holds keys only), and so is
//     a Python str's repr of several lines ('…\n…\n…') and a string inside a
//     string (a record in a record's field), decoded again; HTML
//     references (&quot; &#39; &gt; &lt; &amp;); HTML as a page's source holds it (a
//     <pre><code> block, lines joined with <br>, identifiers in <code>, a highlighter's
//     spans splitting a line); markdown's backslash escapes; full-width punctuation;
//     rich's panel borders; ANSI colour codes around and inside
//     the message (the prefilter reads the line without them); CRLF; a lone carriage
//     return (a progress bar's "\r", CR line ends) splits a line; no-break and
//     zero-width spaces, curly quotes;
//   - layout: wrapping by a terminal at 80, 100 or 120 columns (inside words) or by a
//     page at spaces, alone or under a prefix on each line; markdown ("> " and "> > "
//     quotes, table cells, bullets, fences with a language tag, inline backticks,
//     bold); Jupyter's frames; Windows paths; pytest's "E       "; line numbers ("12 | ",
//     "  12:"); diff marks ("+", "-"); prose in Chinese, Japanese, Korean or Russian around it;
//   - the message itself: its exception class or its trailing hint left out, or the
//     text cut where three quarters of its decisive text (16 characters or more,
//     inside a word, no other code's row starting so) are left.
//
// Presentations marked open in the tests are counted in the golden file with
// their failures, not yet all fixed (branch codes, 2026-12-03): see
// testdata/corpus/README.md, "Recall classes".
//
// A Requires context wrapped over two lines (a frame line a terminal broke) is seen,
// and a literal whole on one line whose Pattern starts on the line before or ends on
// the line after (a closing quote wrapped alone) is found wrapped.
//
// # Release phrasings
//
// The release comes from the most authoritative phrasing in the log,
// [Diagnosis.TorchFrom] naming it and [Diagnosis.TorchLine] and [Diagnosis.TorchText]
// giving its line. Each phrasing is a row of one table (its shape,
// its rank and its anchors, an example and where people write it
// so), read by one matcher; TestReleaseRows holds each row to its example and
// TestReleasePhrasings reads 189 phrasings through Read. By rank:
//
//  1. what torch prints: collect_env's "PyTorch version: 2.7.1+cu128" (a nightly's
//     2.6.0.dev20241112+cu124, a source build's 2.2.0a0+git8ac9b20), a torch.__version__
//     print (on its line or the next: the REPL's ">>> torch.__version__" / "'2.4.0'",
//     IPython's "Out[2]:", the output of python -c "import torch;
//     print(torch.__version__)", with other values after it too: "2.5.1+cu124 True", a
//     code fence or a label of the output between ("Output:", "Result:", "結果：", "输出："),
//     or the stderr the process wrote first (c10's "[W109 … OperatorEntry.cpp:155]
//     Warning: …" and its indented lines, Python's "…py:129: UserWarning: …" and the
//     source line under it, a progress bar); its
//     underscores spaced too, as "torch. __ version __" a markdown post writes; in a
//     notebook's JSON, the cell's output string above the print, as Jupyter writes
//     outputs before source, or below it, as Colab writes them), other tools' prints of
//     it (xFormers' "PyTorch 2.2.0+cu121 with CUDA 1201 (you have 2.3.0+cu121)", whose
//     first release is the one xFormers was built for; python -m xformers.info's
//     "pytorch.version:"), pip show's "Version:" after "Name: torch" (the next line may
//     carry the log header, prefix or mark the line before carried, not prose);
//  2. package lists and reports: a pip list, pip freeze or conda list row ("torch
//     2.9.0.dev20250723+cu128", "pytorch  2.5.1  py3.11_cuda12.4…", collect_env's "[pip3]
//     torch==2.3.0" and "[conda] …"), a pin (torch==2.5.1, conda's pytorch==2.1.0, in a
//     requirements file, a pyproject's list or a Poetry key: torch = "2.5.1", torch = {
//     version = "2.5.1", … }; a bound is no release: torch>=2.5, torch~=2.5, "^2.5.0",
//     "torch (>=2.5.0)", torch>=2.5,<2.7; a wildcard fixes the minor: "pytorch=2.2.*" is
//     2.2, as PEP 440's specifiers of one minor do: torch~=2.5.0 (>=2.5.0, ==2.5.*),
//     torch===2.5.1, torch>=2.5,<2.6), pip's
//     "Successfully installed torch-2.3.0", "Requirement already satisfied: torch>=2.0 in
//     … (2.3.0)" (the installed release, after any bound) and "but you have torch 2.5.1",
//     conda's plan of a change (the release after its "-->": "pytorch  2.4.0-py3.11_… -->
//     2.5.1-py3.11_…"), a lock file's entry (poetry.lock, uv.lock: name = "torch" then
//     version = "2.6.0+cu124"), Ultralytics' banner ("🚀 Python-3.11.9 torch-2.5.1+cu124
//     CUDA:0"), another tool's "Torch version : 2.4.1" (with markup: "- **PyTorch
//     Version:** 2.7.0", "- `torch` version: 2.3.0"; an env template's "- PyTorch version
//     (GPU?): 2.5.1+cu124 (True)", "(accelerator?)", "(e.g., 1.0)"; DeepSpeed's
//     ds_report: "torch version .......... 2.0.1+cu117"), the key in Chinese, Japanese,
//     Korean or Russian ("PyTorch版本为2.5.1", "PyTorchのバージョンは 2.5.1", "torch 버전 2.5.1",
//     "версия PyTorch: 2.5.1") or after "the version of torch is", a joint key with
//     torch's value first ("Pytorch+CUDA versions = 2.0.1+cu118", "PyTorch/CUDA version:
//     2.4.1/12.4", "Torch/CUDA: 2.4.0/12.1") or at torch's place in a list of names and
//     values as many ("| torch / CUDA / triton | 2.13.0+cu132 / 13.2 / 3.7.1 |", "Python
//     / PyTorch / CUDA: 3.10 / 2.1.0 / 12.1"), a markdown table's row ("| torch | 2.5.1
//     |", "|**PyTorch**|2.5.1|", "| torch_version | 2.10.0+cu128 |"; a key's value that
//     is a minimum or a list of releases is none: "PyTorch version: 2.0+",
//     "PyTorch版本：2.0+推荐", "2.0 以上", "支持PyTorch版本：2.1/2.2/2.5"), a table's torch column (a
//     markdown or CSV header that names it, "pt_version" too, the release its rows agree
//     on; a row's torch cell is the table's alone, so a table of two builds states none),
//     a version key alone on its line (after markup or a log header, not prose: "Minimum
//     PyTorch version" is a requirement's) with the value on the next ("Pytorch Version"
//     / "2.10.0+cu130", an issue form's field as GitHub's page shows it; "<td>PyTorch
//     version</td>" / "<td>2.5.1</td>"; a code fence or a table's rule may stand between:
//     "| Torch version |" / "|---|" / "| 2.5.1 |"), a release torch has alone under an
//     issue template's "### Versions" heading ("### Versions" / "2.2.0" / "trunk"), a
//     note after it too ("2.3.0 (pinned by zeta)", "2.5.1 — latest", "2.4.0, cuda
//     12.1"; not "transformers 4.40.0", a note naming another package, nor a singular
//     "### Version", a project's own);
//  3. file names and images: site-packages/torch-2.5.1.dist-info, wheel names
//     (torch-2.5.1+cu124-cp311-…whl, NVIDIA's torch-2.2.0a0+81ea7a4.nv24.01-…whl; one a
//     terminal's width cut at a line's end, "…/torch-2." then "1.0%2Bcu121-cp311-…whl",
//     is read joined to the next line's first word), conda's pytorch-2.5.1-py3…,
//     conda-forge's pytorch-2.5.1-cuda126_py312h… and conda's download table
//     ("pytorch-2.1.0  |py3.9_cuda11.8_cudnn8_0  1.19 GB"), docker tags
//     ("pytorch/pytorch:2.1.0-cuda12.1-cudnn8-runtime"; not on a FROM line turned into a
//     comment, "# FROM pytorch/pytorch:2.0.1-…",
//     "ghcr.io/pytorch/pytorch-nightly:2.6.0.dev…", AMD's
//     "rocm/pytorch:rocm6.4.4_ubuntu24.04_py3.12_pytorch_release_2.7.1", AWS's Deep
//     Learning Containers' "pytorch-training:2.5.1-gpu-py311-…"), keys with a colon
//     ("torch:2.5.1", "**PyTorch**: 2.5.1", "- PyTorch: `2.10.0`"), a report's "Affected: torch 2.12.0",
//     "torch_version: 2.7.1", ARG
//     PYTORCH_VERSION=2.5.1 and a dict's or JSON's "'torch': '2.6.0'"; an NGC container
//     whose torch NVIDIA states (22.01 to 26.07, each tag with its
//     source: the release notes, the container's banner "NVIDIA Release 23.09" / "PyTorch
//     Version 2.1.0a0+32f93b1", NVIDIA's PyTorch for Jetson table, the Triton Inference
//     Server matrix, the container's environment; 22.xx is older than 2.0 and blocks
//     weaker phrasings, 22.12 to 23.02 are the 1.14 line; a tag no source names, 25.07 or
//     26.01, states nothing and is not read as a torch 25.07), named as its image
//     (nvcr.io/nvidia/pytorch:23.11-py3, "pytorch:24.05-py3", "pytorch_25.08-py3.sif",
//     enroot's "pytorch-ngc-22.12"), its environment (NVIDIA_PYTORCH_VERSION=23.10 in an
//     env dump, ENV, ARG or os.environ; not after export or before a command, where a
//     script sets it outside the container), its banner after PyTorch's name ("| PyTorch
//     | NVIDIA Release 25.09 |"; vLLM's and Triton's containers print the same banner) or
//     in prose ("NGC 24.05", "NVIDIA PyTorch 24.05", "the 24.05 PyTorch container",
//     prose's other-run checks applied, no other NGC container named on the line); a
//     branch or tag checked out in a clone of torch's repository ("git clone
//     https://github.com/pytorch/pytorch" / "cd pytorch" / "git checkout release/2.4",
//     "git clone --branch v2.4.0 … pytorch/pytorch", "cd pytorch && git switch
//     release/2.6"; not after a clone of another repository);
//  4. prose that says the run moved to a release, past tense: "a new install which gave
//     me PyTorch 2.9.1", "upgraded to torch 2.7", "after updating … to PyTorch 2.8", "since
//     upgrading to 2.5", "after the upgrade to 2.5", "now
//     on torch 2.6" (it outranks the release moved from: "This was with a Pytorch 2.8
//     setup", ComfyUI-KJNodes#496; "upgrade to torch 2.6" in the present is advice),
//     what replaced a release ("replaced torch 2.6.0+cu124 with 2.12.1+cpu",
//     "uninstalled torch 2.10.0 and installed 2.13.0": the second), and the
//     environment a text ends with ("Final env: torch 2.10.0", "we ended up on torch
//     2.10.0"), which outranks an image's tag or an environment's key read before it
//     ("pytorch/pytorch:2.6.0-cuda12.4-…", "env torch:2.6.0");
//     a move to a torch nightly the text does not number ("we moved from the stable
//     PyTorch branch to the Nightly (Preview) build") leaves the release unknown: prose
//     before it names the release moved from, and prose after it is not taken, unless
//     the move fixed the failure ("switched to the nightly and it works"), and so does
//     a failure seen on such a nightly ("seeing if this reproduces on \"nightly\"
//     pytorch. Here's gfx942: …"), unless it is seen there too or not at all ("also
//     reproduces on nightly", "doesn't reproduce on nightly");
//  5. prose, in any language around the name: "PyTorch 2.11", "LibTorch 2.5.1", "on torch 2.7", "在 torch
//     2.7 上", "PyTorch2.8" (the plus after it in a plus-joined
//     list, "+pytorch2.1.0+ cuda12.1", is the list's, no minimum), "on torch-2.13", a build's qualifier or an environment's
//     tag joined by a hyphen ("bundled-torch-2.10+cu128", "py311-torch-2.5.1"; not
//     another package's name, "open-clip-torch-2.32.0"), "PyTorch(2.7.0+cu126)" (not a path's
//     directory: "/fsx/pytorch-nightly/pytorch-2.0/…"), "PT 2.6" (not "PT2" or "PT2.0", the compile stack), a
//     nightly "2.13.0.dev…" (not after another name: "Warp 1.9.0.dev20250730
//     initialized:" is Warp's), a source build "2.2.0a0+git8ac9b20", one-line specs
//     (conda's "pytorch=2.5.1=py3…", "torch@2.6.0", "PyTorch/2.9.0"), a release a failure
//     is named on after the failure, torch unnamed where the line names a compile
//     feature or torch's nightly or the sentence another release ("worked in 2.0, broke
//     in 2.1": 2.1; "works on 2.4, fails on 2.5"; "Works in 2.4.1. Fails in 2.5.0.";
//     "compile(…) broken in 2.5+"), and so is one the failure is said to exist or
//     reproduce on ("I can confirm this issue existing in v2.11.0", "reproduced on
//     2.5.1"; "I cannot reproduce this on 2.6" is another run's), the one a contrast
//     says does not work ("Works with torch 2.4.1 but not with 2.5.0"), the one a failure
//     was introduced in ("This bug was introduced in torch 2.5"; a feature "introduced in
//     PyTorch 2.0" is no run's), a bisection's "First bad version: 2.4.0", and a list's
//     line that names it first and a failure after a colon ("- 2.5: broken");
//  6. looser prose: a line that names torch and then a full 2.x.y ("torch.compile after
//     upgrading to 2.4.0"); a bare release beside torch's nightly channel ("OOMing on
//     current 2.6 and nightly", "on nightly and 2.5.1", "on 2.6 nightly") or after
//     "current" or "latest" on a line that names torch ("the latest stable 2.2"), or run
//     on by the writer on such a line ("Running on 2.1.0, [this
//     commit](https://github.com/pytorch/pytorch/commit/…)", "I'm on 2.5.1", "we are
//     using 2.6"; not "running on 2.4 GHz", nor on a line that bounds torch's release:
//     "The `torch>=2.1` check … On 2.0 it falls back"); a bare number is never read alone
//     (a kernel's "current 2.6.16" is not torch's); a bare release a failure was checked
//     on, the failure in its sentence or the one before and the evidence of rank 5's bare
//     failures ("It seems to crash. I verified in 2.12 and 2.11.": 2.12; "confirmed on
//     2.11", "checked with 2.12"; not "verified the fix in 2.12", "I have not verified on
//     2.12", "verified in 2.12 that it works"); a bare 2.x.y with torch's local wheel
//     tag, alone or the one a contrast says fails ("works on (2.0.1+cu117) but \"CUDA out
//     of memory\" on (2.1.2+cu121)": 2.1; +rocm6.1, +cpu, +xpu too; not torchaudio's
//     "2.1.2+cu121", nor CUDA's 12.1); a bare release with its
//     patch where the run fails or a build is named ("Still happens on 2.5.1",
//     "Regression in 2.5.1", "on the latest stable release (2.5.1)", "the 2.5.1 wheel from
//     pytorch.org", "Tested on PyTorch 2.5.1" alone on its line), and the writer's own
//     release in an aside ("When compiling the model (here on 2.6.0) I get:", "(on 2.6)",
//     "I am on 2.6.0", "using 2.6.0 here"), is read, at this rank,
//     only where the text states no other release,
//     shows a torch failure (a finding) and names no other package on that line.
//
// Within a rank the first line wins, but for a pin marked added after one marked removed:
// uv's " - torch==2.5.1" then " + torch==2.6.0", a diff's "-torch==2.1.0" then
// "+torch==2.2.0" give the release the change leaves (a list's "- torch==2.4.0" alone is
// the run's), and for pip's "Successfully installed torch-2.14.1" after a list's or a
// pin's release, the one it moved the environment to; pip's "Found existing installation:
// torch 2.4.0", "Uninstalling torch-2.4.0:" and "Successfully uninstalled torch-2.4.0"
// name the release it replaces, another run's. Of two such changes (uv's "+ torch==2.5.1",
// then " - torch==2.5.1" / " + torch==2.6.0"; pip's "Successfully installed" twice; conda's
// plan after either) the later is the run's, as of two install commands (below); a
// version key or a print "torch: 2.6.0+cu124" after such a change is the run's over it.
// Of two prints of torch's release (rank 1) that state two releases, the later is the
// run's where the text's first failure (a traceback's header or a finding) follows it
// within 24 lines, none before it: "With torch 2.6" / "PyTorch version: 2.6.0+cu124",
// then "With torch 2.7" / "PyTorch version: 2.7.0+cu126" / a traceback
// (pytorch/pytorch#153476) is 2.7. A base image's release (a Dockerfile's
// FROM line, an Apptainer definition's "From:") gives way to a later install that names
// torch ("RUN pip install -U torch", "uv pip install torch", "conda install pytorch";
// pytorch/TensorRT#2827's "RUN python -m pip install torch torch-tensorrt …"): the
// install's pin, or none where it names no release, not the image's; an install of other
// packages ("pip install torch-tensorrt", "pip install torchvision") or one before the
// FROM line leaves it. Of two install commands that pin torch the later is the run's ("*
// While it fails in 2.11 RC" then "pip install torch==2.11.0", after a 2.10 run that
// passed: 2.11, pytorch/pytorch#176411), unless a lead-in says the later one passes ("*
// In 2.10, the check passed:") or offers it as another way ("# 2) if 2.9.1 is not
// published …"), or the earlier one's output fails and never passes; a later install
// without a pin leaves the earlier's. A pin after "requires" or "has requirement" (or 要求,
// 需要, 依赖) is another package's requirement (pip's "vllm 0.6.3 requires torch==2.4.0, but
// you have torch 2.5.1 …": 2.5, from "but you have torch"), a release in pip's "(from
// versions: …)" list or in a JSON compatibility entry ("version": "PyTorch 2.5.0") is no
// run's, and a release in prose right after another package's name is that package's
// ("PyTorch Lightning 2.4.0", "torch-tensorrt 2.5.0", "diffusers 2.3.1"). In prose (4–6),
// a release is another run's, and not taken, when up to four words before it in its
// clause say it works, was fixed, tested, supported or added there, or is one to go back
// to, compare with, try or wait for ("works with torch 2.1.0", "fixed in torch 2.6",
// "downgrade to torch 2.3", "worked on torch 2.4 but …", "Try torch=2.2", "the upcoming
// 2.6", "in the coming PyTorch 2.3", "verified against PyTorch 2.7.1"), or when up to
// three words after it say it works, runs fine, compiles or is still to come ("when
// PyTorch 2.6 is out"; "with `torch==2.5.1` it runs fine"; "Torch 2.9 compiles, Torch 2.7
// fails": 2.7), or that it brought a feature ("PyTorch 2.0 introduced", "PyTorch 2.0
// 引入的", "2.0 で導入"); prose that says the run fails on a release ("torch.compile fails on
// 2.5", "broken with 2.6.0") names the run's own; a release on which the writer does not
// get the error ("not getting that error with the pytorch 2.7", "doesn't reproduce on
// torch 2.6", up to ten words before it) is another run's, and a pin, an install or a
// torch that prints itself under a line that introduces a setup that works ("I am using
// the following and it works:", "I can't reproduce it on my machine:") counts as looser
// prose, so that the failing run's own is read; the block of lines right after a line
// that says the failure is gone there ("get fixed in:", "Resolved with:", "Working
// environment:", "Works for me on:", "… this bug is fixed." then a blank line and "Torch
// version: 2.9.1") states no run's release at all, read or not elsewhere, as a status
// after it does ("Tested on the latest release (torch 2.9.1): no error."). A package whose name ends in
// torch ("open-clip-torch==2.32.0") is not torch, and a release whose clause names
// another package last before it ("Pinning triton to … `2.0.0.dev20221030`", up to
// sixteen words) is that package's. A pin to go back to is another run's ("Downgrading to
// torch==2.5.1 also fixes this"), and so is a release a request asks the reader to move
// to ("Can you rerun the code after updating the PyTorch to `2.5.1`", "please upgrade to
// torch 2.6": a request, then a verb of moving or installing, in its sentence). A release
// nobody ran is no run's: one an installer refused (uv's "Distribution `torch==2.8.0 @ …`
// can't be installed because …", "Failed to download `torch==2.6.0+cu124`", pip's "… is
// not a supported wheel on this platform", Poetry's "Unable to find installation
// candidates for torch (2.4.0)", the specs under conda's PackagesNotFoundError, "torch
// 2.8.0 fails to install"), one to come ("PyTorch 2.0 will be out very soon", "is
// expected to ship in April", "(not yet released)", "将于下月发布", "リリースされます") and
// one compatibility is still to be checked against, and one a plan names: a move to come
// ("we plan to upgrade to torch 2.13", "once we move to torch 2.13", "a planned upgrade to
// torch 2.13"), an instruction on it ("# TODO: Remove after torch 2.11", "# TODO: Delete
// once torch 2.1.0 is released", "torch 2.13 stable (when released)") and a move whose
// sentence says what can then go ("After upgrading to torch 2.13 stable, the workaround
// can be removed", read on the next line where the line ends inside the sentence;
// "升级到 torch 2.13 之后可以删除", "に上げたら…消す"; "After upgrading to torch 2.13, we got
// the crash below" is the run's). "Tested", "verified"
// or "validated" as an attribute after an article or a possessive names the
// environment's own release ("Install … under the verified PyTorch `2.0.1+cu118`
// compatibility constraints", "the tested PyTorch 2.13 runtime"), not one tried. Where
// prose of one rank names two runs, the release of the sentence that introduces the
// text's first quoted failure ("… using CUDA 12.1 + PyTorch 2.5.1 initially passed …,
// but after a Windows 11 update … fell back to failure with the error:", the failure
// quoted within 12 lines after it) is read over an earlier one (a run said to pass,
// "**Platform**: PyTorch 2.8 nightly build"), which AlsoStated names. So is a
// release named as what another tool or package acts on ("nvcc 13.x
// rejects torch 2.9's ATen/core/List_inl.h", "vLLM 0.6 pins torch 2.4.0", "flash-attn
// wheels for torch 2.5", "built against torch 2.3", "incompatible with torch 2.6",
// "Triton 3.2 ships with torch 2.6"; "I pinned torch 2.4.0", "built with torch 2.4" and a
// failure said of the release, "torch 2.9's headers do not compile", stay the run's). So
// is a release named for a state, a bound or a document, not for the run: after "as of",
// "at the time of" ("CUDA-12.3 at time of PyTorch-2.2 release"), a preposition of time
// before the release's noun ("around the PyTorch 2.4 release", "up to the 2.4 release
// branch cut"), "starting with", "requires", "needs", "at least", a strict bound or another comparison
// ("later than", "newer than", "faster than", "rather than", "unlike", "compared to",
// "speedup over", "same as", "比 PyTorch 2.0", "相比", "と比べて", "보다"; not the release a
// comparison measures against: "your GPU is newer than torch 2.4.1 supports" is the
// run's) ("as of PyTorch 2.9, these features are not yet exposed"; "error in versions
// later than torch==2.5.1": 2.5.1 works), a release said removed, uninstalled or replaced
// ("✅ torch 2.9.1 → removed", "uninstalled torch 2.5.1", "removed torch 2.7"), before
// "+", "or later", "and up" or "onwards" ("On PyTorch 2.3.0+, …", "PyTorch 2.1.0+✓
// verified", "PyTorch 2.1+★", "This error occurs when PyTorch 2.6.0+ … is installed"; a
// local version such as 2.3.0+cu121 is not a bound, nor the plus between two items of a
// plus-joined list, and a bound right after a verb of failing is the run's: "broken in
// 2.5+"), a minimum ("Minimum: torch 2.1", "min
// torch 2.1", "Minimum required: PyTorch 2.1.0", "最低 PyTorch 2.1", "torch 2.1 minimum",
// "Minimum PyTorch version: 2.1", which collect_env's row had read; "my torch is 2.1 (the
// minimum the repo supports)" is not one), "from torch 2.6 on," (not "… on Ubuntu"),
// before "documentation", "docs", "release notes" or "tutorial" ("torch._logging —
// PyTorch 2.1 documentation"), and in a support matrix's row whose next cell is a status
// ("| PyTorch 2.2.0 | active |", "| 2.6.0 | ✅ YES |"; an environment table's "| PyTorch |
// 2.5.1 |" is the run's). So is, too: a release without the error, said after it or
// before it ("With torch 2.3.1 there's no issue", "PyTorch 2.3.1 doesn't have this
// problem", "This doesn't happen in torch 2.3.1", "Last known good: torch 2.3.1"; "does
// not work" and "doesn't compile" are failures, the run's); a status after it, past
// markup and one parenthetical ("torch 2.4.1 (ok)", "torch 2.4.1: OK", "torch 2.4.1 ✅",
// "**PyTorch 2.10** (pins Triton 3.6): works."); a bound in Chinese, Japanese or Korean
// (以上, 或更高, 及以上, 以后的, 이상; a bare 以后 is "after", the run's); a question that asks which
// release of another package fits the torch it names is the asker's run ("which version
// of vllm that support torch2.2.2+cuda11.8", "Which xformers version is compatible with
// torch 2.5.1?"); a project's support, changelog or change title ("Support PyTorch 2.4",
// "Bump torch to 2.4.0 (#123)", "Update to Torch 2.9.0-rc6") and a range ("Supports
// PyTorch 2.1 to 2.5", "torch 2.0 - 2.5"); what a release brought, later in its sentence
// ("In PyTorch 2.2, we added support for …"), unless the sentence says something fails;
// the releases after a key of releases tried ("PyTorch versions tested: 2.9.0, 2.10.0");
// a release in a test's reason to skip or expect a failure (reason="torch.compile is not
// supported on Python 3.14+ (torch 2.9 raises)", unittest's skip, skipTest) or in a code
// comment that heads a skip list ("# PyTorch 2.9 specific skip tests", "# Skip tests for
// PyTorch 2.9"); a change of behaviour a release made, said after it ("# PyTorch 2.6
// flipped torch.load's default", "torch 2.6 now defaults weights_only to True"), unless
// its sentence says something fails; a project's release that tracks one ("| 0.9.0 |
// Tracks PyTorch 2.9 |"); a bound before torch's name ("fails on < torch 2.8.0"); one that is
// its sentence's subject before "may", "might", "can", "could" or "would" and a verb of
// causing or failing ("Torch 2.8 + Unsloth may trigger torch.compile"; "can't" is a
// failure), or their Chinese, Japanese, Korean and German forms ("可能会触发", "…する可能性
// がある", "발생할 수 있다", "kann … auslösen"); a person's dependency change (a bump named as a thing, "Same bump as #85
// (torch>=2.13.0,<2.14, lock regenerated)"; a lock file made anew in the sentence,
// "Regenerated poetry.lock with torch 2.6.0", unless it says a failure); the release branch
// a change goes to or comes from (a title's "[release/2.10]" tag, "Cherry-pick to
// release/2.9", "Nothing to fix in release/2.10"; a job "on `release/2.13`" that fails is
// the run's).
// A release in a list shares its first one's verdict ("passes with torch 2.9.0 & 2.9.1
// but fails with 2.10.0 RC": 2.10). A package list's row needs a list's column after the
// release (a build, a path, a channel) or the line's end: "torch 2.3.1 does not show the
// error" is prose.
//
// A sentence that names several releases gives the failing run's (rank 4 for a move, else
// 5), never the one that works: the target of an upgrade or move ("We upgraded from torch
// 2.4 to 2.11 and now this crashes": 2.11; with "to" or an arrow and the verb in any
// form: "Upgrading torch 2.4 to 2.11 gives:", "the upgrade of torch 2.4 to 2.11",
// "bumping torch 2.4 → 2.11", "Broke when we went from torch==2.4.1 -> torch==2.11.0",
// where neither pin is taken on its own; the releases in a code span, bold or quotes:
// "Updated the Torch version from `2.5.1` to `2.6.0`", a version key's "Torch version:
// 2.5.1 -> 2.6.0", not another package's quoted name, "the `einops` version from `0.6.0`
// to `0.6.1`"; "after updating to 2.7", bare when no other
// package is named: "numpy was updated to 2.0" is not torch's), unless the move fixed it
// ("Upgrading to 2.7 fixed the problem": the other). A downgrade is a move like any
// other: the run after it is on its target ("After downgrading from torch 2.14.0 to
// 2.11.0 I get:": 2.11; "I downgraded to torch 2.5.1 from 2.6.0 and get:", "reverted
// torch 2.6 to 2.5.1", "went back from torch 2.6 to 2.5.1", "2.6 → 2.5.1", "从 2.6 降级到
// 2.5.1 后报错", torch unnamed too where the writer makes the move: "Upgraded from 2.11.0 to
// 2.14.0", not "pebble is upgraded from 2.5.1 to 2.6.0"), as a change's item stated at a
// line's start is ("- Downgrade PyTorch 2.9.1 -> 2.5.1+cu121" in a PR's changes: 2.5),
// unless the text says the target works ("downgraded from 2.6 to 2.5.1 and it works":
// 2.6) or that the failure came before the move: its purpose or cause ("… to avoid the
// crash", "because of this bug", "as a workaround"), advice ("Please downgrade …",
// "Workaround: downgrade …", "fix: downgrade …", a numbered step), or a move the text
// says nothing more of whose failure is told only before its line ("torch 2.6.0->2.5.1"
// in a comment under the error: 2.6, ByteDance-Seed/Bagel#201; not where its line says
// it came first: "I had updated the Torch version from 2.5.1 to 2.6.0 before this",
// "recently upgraded"); a side named again with a
// failure is the run's whatever the direction ("Pin torch 2.6.0 → 2.5.1 (2.6 breaks the
// compile)": 2.6); a bare release the run fails on ("Works fine on torch 2.4 but on 2.11
// it fails": 2.11) or since ("since 2.6"; a release after "since", torch named or not, is
// the run's only where its sentence says a failure before any word of what torch changed
// or offers: "Since torch 2.6 `torch.load` defaults to …" dates a change, no run's); the
// later of two a regression is between ("regression between 2.3 and 2.4"). A move's
// source is another run's ("upgraded from torch 2.4"). Two releases compared without a
// word of which one fails ("difference between torch 2.4 and 2.5") are ambiguous: no
// release of that line is taken; nor are releases only tested ("tested on 2.1, 2.2 and
// 2.3"). Two builds the run fails on, a release and a nightly listed together ("across
// two torch builds (NGC 2.10.0a0 and pip nightly 2.12.0.dev20260408)", "on both 2.5.1 and
// the nightly 2.6.0.dev…", in either order), give the release, not the nightly, as a bare
// release beside the nightly channel does. A stated release older than 2.0 ("my torch
// version is 1.13.1") is not taken and blocks weaker phrasings after it, but for the 1.14
// line (1.14.0.dev20221202+cu117, NVIDIA's 1.14.0a0+44dac51c.nv23.01), 2.0's development
// builds before main's version became 2.0.0a0 (pytorch/xla#4392), which is read as 1.14
// with [Diagnosis.TorchShippedAs] "2.0": the facts, fixes and plan are 2.0's, and each
// finding's Note says so; a release named for what it offers is no run's: an instruction
// with a purpose ("# use PyTorch 2.0 to compile the model to be faster", nanoGPT's
// comment; "to reproduce" keeps a step the run's), a capability ("PyTorch 2.0 offers …",
// "With PyTorch 2.0, you can …", "PyTorch 2.0's new torch.compile"; a possessive reads
// as the words without it otherwise: "with PyTorch 2.0's Inductor backend" is the run's;
// in Chinese, Japanese, Korean and Russian "PyTorch 2.0 提供了 … torch.compile",
// "PyTorch 2.0 で導入された torch.compile", "PyTorch 2.0에서 도입된", "PyTorch 2.0
// представил", "PyTorch 2.0 的 torch.compile", unless its sentence says it fails or is
// not supported), a feature's
// release or condition ("New in PyTorch 2.0", "available since PyTorch 2.1", "if you have
// PyTorch 2.0"; "isn't available in torch 2.7" is the run's failure); a release a text's
// title or heading names as an article's subject ("torch.compile in PyTorch 2.5: Where
// the Speedup Comes From", "What's new in PyTorch 2.4", "PyTorch 2.6 release blog",
// "PyTorch 2.0编译优化…深度解析"), read from its prose, is no run's unless the text shows a run
// on it ("I'm on torch 2.5", "my env", a traceback; a failure's title such as "Regression
// in PyTorch 2.5: …" names no subject); one newer than 2.14 is taken (see Release above),
// and a major past 3 is no torch's. [Options.Torch] (the command's -torch) overrides them
// all.
//
// # Input
//
// A log carries anything, so [Read] reads it leniently, unlike graphs' other inputs
// (package graphs, "Reliability"), which refuse such text: a NUL byte, invalid UTF-8, a
// lone surrogate, a UTF-8 byte order mark, control characters and binary junk are read
// as they come, never refused, and a message next to them is still found
// (TestReadLenient). A log that starts with a UTF-16 or UTF-32 byte order mark is
// decoded first, and so is one whose first 4 KiB show UTF-16 or UTF-32 without a mark
// (a NUL as the high bytes of nearly every code unit, as ASCII text gets, or, for text
// that starts outside ASCII such as Chinese, the few NULs of its line ends and ASCII
// characters all on one side of the code units); a UTF-32
// mark counts only when the units after it are Unicode scalar values, so UTF-8 text
// after the bytes FF FE 00 00 is read as UTF-8, as it is after FF FE; and a UTF-16
// mark only when the text after it is not UTF-8 and its line ends are UTF-16's, so
// Latin-1 text that starts with "ÿþ" is read byte by byte. The text output escapes
// control characters (see [Diagnosis.WriteText]), and a quote shows a byte that is
// no part of a UTF-8 character as \xNN.
// Only an input with no text at all (nothing but white space, NUL bytes, other control
// bytes and byte order marks) is an error ([ErrEmpty], an [*EmptyError] that says how
// many bytes it held and whether all were NUL), and so is a file of another kind, told by
// its magic number: a zip or 7z archive, a PNG, JPEG or GIF image, a PDF, an ELF or
// Mach-O program, a WebAssembly module, a log gzip'd twice, a PyTorch checkpoint
// (torch.save's zip), a Python pickle, a NumPy .npy, a safetensors file or a .pyc
// ([NotTextError], with how to get the text out), and other binary data, told by the
// control bytes no text log holds (C0 controls but tab, line ends, form feed, bell,
// backspace, escape and NUL; and DEL): 4 or more, and 1 in 32 or more of the bytes
// that are not NUL, in the first 4 KiB of the text decoded (UTF-16 Chinese is text);
// an input that ends inside a gzip header or inside one of those
// magic numbers is cut short ([CutHeaderError]). A gzip'd log whose stream ends early (a truncated download) is
// read as far as it goes, as zcat prints it, and [Diagnosis.GzipCutAfter] and the text
// output's first line say where it ends; a stream corrupt inside is a [*ReadError]
// that names gzip.
//
// # Performance
//
// [Read] holds at most one window of a line ([WindowBytes]) and a ring of five windows
// (two lines on each side of a candidate), so memory does not grow with the input. Where
// a window ends or starts inside a line, that edge is no line end or start for a row's
// Pattern (^, $), so which row wins does not depend on where a window falls; nor does it
// on where a terminal wrapped a line: a row whose Pattern says the message ends with its
// line (legacy-mutated-input's count-less skip) does not hold, nor supersede, where the
// code it supersedes is found wrapped from that same line ("… mutated inputs" / "(84
// instances)"). TestWindowBoundaryKeepsRow and TestWrapKeepsRow hold
// both. Every line goes once through a prefilter of all rows' anchors (two or three
// pieces of each literal, so that a wrapped message keeps one whole, plus the release,
// call and device anchors: [Anchors]), a sampled 4-gram filter in the manner of
// Wu-Manber. Only a line with an anchor, and its neighbours when a message may be
// wrapped, is cleaned and matched.
//
// Every window takes one byte loop (byteClasses) that tells which reading steps its bytes
// need (HTML tags, markdown escapes, lookalikes, ANSI escapes, control bytes); a line of
// plain text takes none of them. What a line without an anchor costs beyond that and the
// prefilter is the state kept from line to line (listings, docstrings, code fences,
// calls, frames, held actions).
//
// Speed, as CPU time (user and system) against grep -F -c -f on the same anchors
// ([Anchors]; its output to a file, as GNU grep stops at the first match when it writes to
// /dev/null), in the same run, on a shared machine with 2 cores (AMD EPYC), 2026-12-06,
// load average 9-18: a realistic 100 MB training log (Python logging, tqdm bars redrawn
// with carriage returns, torchrun's "[rankK]:" steps, glog checkpoint, wandb and JSON
// metric lines, long lines, PyTorch's warnings that are no finding, one finding in a
// traceback at its end: BenchmarkShapes' training-log shape) in 0.54-0.58 s with
// compilemode -diagnose against grep's 0.35-0.42 s, about 1.5 times. BenchmarkShapes, 8
// MB a shape (1 MB for the slow ones), Read's CPU time over grep's (grep's start weighs
// on a small file): the rare-hit log, torchrun's, training-mix and one long line 1.1-1.6
// times; stock warnings 2.3-3.1; short lines 4; every line a message's head and a number,
// a symint key or a release 2-11; near misses of messages on every line about 100; prose
// wrapped at 72 columns with a message in each paragraph about 15. On 2026-12-07 (2 MB a
// shape, load average 19-24, the build before and after in the same run): a pytest run
// whose every line names torch's release 21-24 times grep's before, 10 after (a large
// alternation with a branch and no literal ran whole on each such line; matchGated now
// runs such an alternation branch by branch, each behind its own gate); the training
// log 3.4-4.0 before, 0.6 after (a lead-in's expression ran ungated on every line); the
// long hostile lines, each one line: a minified JSON log 14 -> 6, a notebook's output
// saved as one JSON string 23-27 -> 18-21, "skipping cudagraphs due to " repeated
// 3.1-3.5 -> 2.9-3.5 (10^6 times, 27 MB, in about 3.5 s of CPU), a base64 blob 0.04-0.06.
// TestShapesLinear holds the work of every shape, the long lines among them, to grow in
// proportion to its size (an operation count: the bytes the readers and patterns ran
// over, not a time), and TestLongHostileLines reads each long line, then the message on
// the line after it. Peak resident set 27-52 MB (grep's 58 MB), 110-120 MB where every
// row's patterns get compiled (near-miss-lines, wrapped). The commands and the raw results:
// testdata/bench-results.txt; the history of these numbers:
// testdata/performance-history.txt.
//
//	cd graphs/diagnose
//	DIAGNOSE_SHAPE_MB=100 DIAGNOSE_SHAPE_DIR=/tmp/shapes DIAGNOSE_SHAPE_KEEP=1 \
//	  go test -run '^$' -bench 'Shapes/training-log$' -benchtime 1x
//	/usr/bin/time -f %U+%S compilemode -diagnose /tmp/shapes/training-log.log
//	/usr/bin/time -f %U+%S grep -F -c -f /tmp/shapes/anchors /tmp/shapes/training-log.log >/tmp/grep.out
//
// # Corpus
//
// testdata/corpus holds 3998 real public texts (issues, pull requests, pages and
// repository files, each verbatim, its address and set in manifest.tsv), 2133 of them
// with no code (graph breaks, recompile limits, Triton errors, OOM, NCCL timeouts,
// Unsupported, illegal memory access, prose and code about skips), one golden file each:
// 172 in the build set, used while building the rows, the rest in held-out sets,
// each measured once before any change made for it (testdata/corpus/README.md has
// each set's measurement and the per-text table). Over its 194 held-out sets (3826
// texts, 2062 of them negatives): 1797 of 1859 codes (96.7 %) found now; 797 of 806
// stated releases read; a finding on 13 of the 2062 negatives. A text is labelled with
// a code when it tells that the failure occurs or occurred (a run's log, a retelling, a
// fix note, a run book's symptoms, a troubleshooting entry), and with none when it only
// holds the message (code, tests, lists of messages, predictions, another program's
// failure in the same words).
//
// # Wordings
//
// The releases come from each release's sources: testdata/wordings-by-release.tsv
// gives, for every wording and every release copy read (2.0.0, 2.1.0, 2.1.2, 2.2.2,
// 2.3.0, 2.4.0, 2.5.1, 2.6.0, 2.7.1, 2.8.0, 2.9.0, 2.9.1, 2.14.1), the file and line
// that print it or "absent", and TestWordingsByRelease holds every row's releases to it.
// C++ wordings (c10/cuda, ATen/cuda) are read in the same way in the headers that the
// wheels of 2.0.0 to 2.9.0 ship and in Debian's 2.6.0 source package, each in the file
// that prints it (a header copy does not hold a .cpp's text, so it settles only header
// wordings). No whole copy of 2.10 to 2.13 could be had (see the README). Rows whose text
// is the CUDA runtime's (it follows the CUDA version, not torch's release), a compiler's
// or Python's are listed with that reason in testdata/wordings/unaudited.tsv
// (testdata/wordings/README.md).
//
// Every row, by code: the text it matches and the releases known to print it (sources
// in [Signatures]; generated from the table and checked by TestDocWordings).
//
//   - trees-user-thread-tls: "assert torch._C._is_key_in_tls(attr_name)", 2.1–2.13
//   - trees-user-thread-tls: a paraphrase with "different thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "multiple thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "separate thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "several thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "other thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "another thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "multithread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "multi-thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "Multithread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "Multi-thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "second thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "background thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "worker thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "with threads", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "in threads", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "from threads", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "across threads", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "multiple threads", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "different threads", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "other threads", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "separate threads", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "several threads", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "worker thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "background thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "another thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "a thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "user thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "multithread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "multi-thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "Multithread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "Multi-thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "get_obj", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "ls assert", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "LS assert", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "local assert", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "TLS is uninitiali", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "_is_key_in_tls", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "orage asserti", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "TLS key", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "tls key", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "TLS entry", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "hread-local-storage", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "hread-local storage", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "hread local storage", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "线程局部存储", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "线程本地存储", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "スレッドローカル", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "线程", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "スレッド", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "스레드", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "hread-local", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "hread local", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "n TLS", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "스레드 로컬", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "스레드로컬", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "hread-lokal", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "local au thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "local de thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "local do thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "local del hilo", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "локальн", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "_trees.py", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "ionError in", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "_trees.py", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "_trees.py", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "_trees.py", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "to the thread", as reports retell it
//   - trees-user-thread-tls: a paraphrase with "hread-local", as reports retell it
//   - trees-user-thread-tls: "AssertionError: torch._C._is_key_in_tls(attr_name)", 2.1–2.13
//   - trees-user-thread-tls: "AssertionError('torch._C._is_key_in_tls(attr_name)", 2.1–2.13
//   - trees-concurrent-callers: "beginAllocateToPool: already recording to mempool_id", 2.1–2.13
//   - trees-concurrent-callers: "Offset increment outside graph capture encountered unexpectedly.", 2.4–2.13
//   - trees-concurrent-callers: "CUDA generator expects graph capture to be underway", 2.1–2.3
//   - trees-concurrent-callers: "tensor(s) in the cudagraph pool not tracked as outputs", 2.11–2.13
//   - trees-concurrent-callers: "assert self.current_node is not None", 2.1–2.13
//   - trees-concurrent-callers: "are in the cudagraph pool but not accounted for as an output of cudagraph trees", 2.1–2.10
//   - trees-concurrent-callers: "Offset increment outside graph capture encountered unexpectedly.", 2.4–2.14
//   - trees-concurrent-callers: "CUDA generator expects graph capture to be underway", 2.0–2.3
//   - trees-concurrent-callers: "beginAllocateToPool: already recording to mempool_id", 2.1–2.14
//   - trees-concurrent-callers: a paraphrase with "id concurrent", as reports retell it
//   - trees-concurrent-callers: a paraphrase with "nt concurrent", as reports retell it
//   - trees-concurrent-callers: "already recording to mempool_id" (quoted without its first word), 2.1–2.13
//   - trees-concurrent-callers: "increment outside graph capture encountered unexpectedly." (quoted without its first word), 2.4–2.13
//   - trees-concurrent-callers: "generator expects graph capture to be underway" (quoted without its first word), 2.1–2.3
//   - trees-concurrent-callers: "in the cudagraph pool but not accounted for as an output of cudagraph trees" (quoted without its first word), 2.1–2.10
//   - trees-concurrent-callers: "increment outside graph capture encountered unexpectedly." (quoted without its first word), 2.4–2.14
//   - trees-concurrent-callers: "generator expects graph capture to be underway" (quoted without its first word), 2.0–2.3
//   - trees-concurrent-callers: "already recording to mempool_id" (quoted without its first word), 2.1–2.14
//   - trees-concurrent-callers: "AssertionError: self.current_node is not None", 2.1–2.13
//   - trees-concurrent-callers: "AssertionError('self.current_node is not None", 2.1–2.13
//   - trees-concurrent-callers: "not accounted for as an output of cudagraph trees" (quoted up to its first clause's end), 2.1–2.10
//   - trees-concurrent-callers: "already recording to mempool_id" (quoted up to its first clause's end), 2.1–2.13
//   - trees-concurrent-callers: "already recording to mempool_id" (quoted up to its first clause's end), 2.1–2.14
//   - trees-concurrent-callers: "not tracked as outputs" (quoted up to its first clause's end), 2.11–2.13
//   - legacy-static-input-moved: "assert dst.data_ptr() == src.data_ptr()", 2.0–2.13
//   - legacy-static-input-moved: "to have same data_ptr, got", 2.14
//   - legacy-static-input-moved: "AssertionError: dst.data_ptr() == src.data_ptr()", 2.0–2.13
//   - legacy-static-input-moved: "AssertionError('dst.data_ptr() == src.data_ptr()", 2.0–2.13
//   - legacy-mutated-input: "skipping cudagraphs due to input mutation", 2.0
//   - legacy-mutated-input: "skipping cudagraphs due to mutated inputs", 2.3–2.14
//   - legacy-mutated-input: "'mutated inputs'", 2.2
//   - overwritten-output: "accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run", 2.1–2.14
//   - overwritten-output: "To prevent overwriting, clone the tensor outside of torch.compile()" (the hint alone), 2.1–2.13
//   - overwritten-output: "To prevent overwriting, call torch.compiler.cudagraph_mark_step_begin() before each model invocation" (the hint alone), 2.14
//   - overwritten-output: "accessing gradient tensor output of CUDAGraphs that has been overwritten", 2.14
//   - overwritten-output: a paraphrase with "CUDAGraphs has been overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "CUDAGraphs have been overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "CUDAGraphs was overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "CUDAGraphs got overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten by the next", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten by a subsequent CUDA", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten by a subsequent cuda", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten by subsequent", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten by the subsequent", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten by a later", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten by the following", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten by another", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten by a subsequent run", as reports retell it
//   - overwritten-output: a paraphrase with "overwriting crash", as reports retell it
//   - overwritten-output: a paraphrase with "overwriting error", as reports retell it
//   - overwritten-output: a paraphrase with "overwriting issue", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten crash", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten error", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten issue", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten variable", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten tensor", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten output", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten value", as reports retell it
//   - overwritten-output: a paraphrase with "overwritten buffer", as reports retell it
//   - overwritten-output: a paraphrase with "ccessing overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "ccessing Overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "ccessing an overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "ccessing the overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "ccess overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "ccess Overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "being overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "got overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "was overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "were overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "tale cudagraph output", as reports retell it
//   - overwritten-output: a paraphrase with "overwrite crash", as reports retell it
//   - overwritten-output: a paraphrase with "overwrite error", as reports retell it
//   - overwritten-output: a paraphrase with "overwrite fail", as reports retell it
//   - overwritten-output: a paraphrase with "rwritten CUDA", as reports retell it
//   - overwritten-output: a paraphrase with "rwritten cuda", as reports retell it
//   - overwritten-output: a paraphrase with "written\" outp", as reports retell it
//   - overwritten-output: a paraphrase with "written' outp", as reports retell it
//   - overwritten-output: a paraphrase with "written` outp", as reports retell it
//   - overwritten-output: a paraphrase with "by cloning", as reports retell it
//   - overwritten-output: a paraphrase with "cudagraph-saf", as reports retell it
//   - overwritten-output: a paraphrase with "Fix: deep-clo", as reports retell it
//   - overwritten-output: a paraphrase with "fix: deep-clo", as reports retell it
//   - overwritten-output: a paraphrase with "overwrite crash", as reports retell it
//   - overwritten-output: a paraphrase with "overwrite error", as reports retell it
//   - overwritten-output: a paraphrase with "overwrite fail", as reports retell it
//   - overwritten-output: a paraphrase with "rwritten CUDA", as reports retell it
//   - overwritten-output: a paraphrase with "rwritten cuda", as reports retell it
//   - overwritten-output: a paraphrase with "aph overwrite", as reports retell it
//   - overwritten-output: a paraphrase with "put overwrite", as reports retell it
//   - overwritten-output: a paraphrase with "sor overwrite", as reports retell it
//   - overwritten-output: a paraphrase with "loned because", as reports retell it
//   - overwritten-output: a paraphrase with "loned since", as reports retell it
//   - overwritten-output: a paraphrase with "loned as ", as reports retell it
//   - overwritten-output: a paraphrase with "later replay", as reports retell it
//   - overwritten-output: a paraphrase with "next replay", as reports retell it
//   - overwritten-output: a paraphrase with "quent replay", as reports retell it
//   - overwritten-output: a paraphrase with "aph overwrite", as reports retell it
//   - overwritten-output: a paraphrase with "hen overwrite", as reports retell it
//   - overwritten-output: a paraphrase with "replay invali", as reports retell it
//   - overwritten-output: a paraphrase with "replay clobbe", as reports retell it
//   - overwritten-output: a paraphrase with "replay overwr", as reports retell it
//   - overwritten-output: a paraphrase with "replays inval", as reports retell it
//   - overwritten-output: a paraphrase with "replays clobb", as reports retell it
//   - overwritten-output: a paraphrase with "replays overw", as reports retell it
//   - overwritten-output: a paraphrase with "aphs overwrit", as reports retell it
//   - overwritten-output: a paraphrase with "aph overwrit", as reports retell it
//   - overwritten-output: a paraphrase with "from overwrit", as reports retell it
//   - overwritten-output: a paraphrase with "rite protection", as reports retell it
//   - overwritten-output: a paraphrase with "rite-protection", as reports retell it
//   - overwritten-output: a paraphrase with "by a subsequent re", as reports retell it
//   - overwritten-output: a paraphrase with "by the subsequent re", as reports retell it
//   - overwritten-output: a paraphrase with "by the next re", as reports retell it
//   - overwritten-output: a paraphrase with "by a later re", as reports retell it
//   - overwritten-output: a paraphrase with "by the following re", as reports retell it
//   - overwritten-output: a paraphrase with "tensor overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "tensor-overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "output overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "output-overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "Tensor overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "Tensor-overwritten", as reports retell it
//   - overwritten-output: a paraphrase with "Output overwritten", as reports retell it
//   - overwritten-output: "tensor output of CUDAGraphs that has been overwritten by a subsequent run" (quoted without its first word), 2.1–2.14
//   - overwritten-output: "gradient tensor output of CUDAGraphs that has been overwritten" (quoted without its first word), 2.14
//   - overwritten-output: "overwritten by a subsequent run" (quoted up to its first clause's end), 2.1–2.14
//   - overwritten-output: "cudagraph_mark_step_begin() before each model invocation" (quoted up to its first clause's end), 2.14
//   - overwritten-output: "clone the tensor outside of torch.compile()" (quoted up to its first clause's end), 2.1–2.13
//   - allocator-incompatible: "cudaMallocAsync does not yet support checkPoolLiveAllocations", 2.1–2.14
//   - allocator-incompatible: a paraphrase with "checkPoolLiveAllocations", as reports retell it
//   - allocator-incompatible: a paraphrase with "checkPoolLiveAllocations", as reports retell it
//   - allocator-incompatible: a paraphrase with "cudaMallocAsync", as reports retell it
//   - allocator-incompatible: "pluggable does not yet support checkPoolLiveAllocations", 2.1–2.14
//   - allocator-incompatible: " does not yet support checkPoolLiveAllocations", 2.1–2.14
//   - allocator-incompatible: "Attempting uncaptured free of a captured allocation with address", 2.1–2.14
//   - allocator-incompatible: "cudagraph capture requires the caching allocator; current allocator is uncached", 2.14
//   - allocator-incompatible: "user CUDA MemPool contexts are not compatible with CUDA graphs", 2.14
//   - allocator-incompatible: a paraphrase with "cudaMallocAsync", as reports retell it
//   - allocator-incompatible: "uncaptured free of a captured allocation with address" (quoted without its first word), 2.1–2.14
//   - allocator-incompatible: "capture requires the caching allocator; current allocator is uncached" (quoted without its first word), 2.14
//   - allocator-incompatible: "CUDA MemPool contexts are not compatible with CUDA graphs" (quoted without its first word), 2.14
//   - allocator-incompatible: "cudagraph capture requires the caching allocator" (quoted up to its first clause's end), 2.14
//   - allocator-incompatible: "uncaptured free of a captured allocation" (quoted up to its first clause's end), 2.1–2.14
//   - dynamic-shape-rerecord: "CUDAGraph supports dynamic shapes by recording a new graph for each distinct input size", 2.5–2.14
//   - dynamic-shape-rerecord: "Recording too many CUDAGraphs may lead to extra overhead" (the hint alone), 2.5–2.14
//   - dynamic-shape-rerecord: "We have observed " (the hint alone), 2.5–2.14
//   - dynamic-shape-rerecord: "recording cudagraph tree for ", 2.1–2.2
//   - dynamic-shape-rerecord: "cudagraph tree for symint key", 2.3–2.14
//   - dynamic-shape-rerecord: a paraphrase with "re-record", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "Re-record", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "rerecord", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "ecaptures", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "ecaptured", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "e-records", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "erecords", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "ecreates", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "ecompiles cud", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "dynamic padding", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "different input shape", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "varying input shape", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "重新录制", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "重新捕获", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "再キャプチャ", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "再記録", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "(dynamic shape", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "distinct", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "cudagraph_skip_dynamic_graphs", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "distinct size", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "e accumulatio", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "h explosion", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "s accumulate", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "ape explosion", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "raph for each", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "aph for every", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "distinct inpu", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "distinct shap", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "distinct size", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "distinct batc", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "distinct sequ", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "distinct leng", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "different sha", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "different siz", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "different bat", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "different seq", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "different len", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "different inp", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "unique shapes", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "unique sizes", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "unique input", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "unique batch", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "unique seq", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "raph recordin", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "raph re-recor", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "raph rerecord", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "raph re-captu", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "ecaptures", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "e-captures", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "ecaptured", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "e-captured", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "erecords", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "e-records", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "erecorded", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "e-recorded", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "raph for ever", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "raph for each", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "private pool", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "graph pool", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "h pools", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "raph memory p", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "每个形状", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "每個形狀", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "每种形状", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "每種形狀", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "每个 shape", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "每个shape", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "每个尺寸", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "ごとに再", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "ごとにCUDA", as reports retell it
//   - dynamic-shape-rerecord: a paraphrase with "ごとに CUDA", as reports retell it
//   - dynamic-shape-rerecord: "recording cudagraph tree for" (quoted up to its argument), 2.1–2.2
//   - dynamic-shape-rerecord: "recording a new graph for each distinct input size" (quoted up to its first clause's end), 2.5–2.14
//   - dynamic-shape-rerecord: "recording cudagraph tree for ", 2.1–2.2
//   - dynamic-shape-rerecord: "cudagraph tree for symint key", 2.3–2.14
//   - skip-cpu-device: "due to cpu device", 2.3–2.14
//   - skip-cpu-device: "'non-cuda device in graph'", 2.2
//   - skip-cpu-device: a paraphrase with "cpu device", as reports retell it
//   - skip-cpu-device: a paraphrase with "CPU device", as reports retell it
//   - skip-cpu-device: a paraphrase with "cpu tensor", as reports retell it
//   - skip-cpu-device: a paraphrase with "CPU tensor", as reports retell it
//   - skip-cpu-device: a paraphrase with "cpu input", as reports retell it
//   - skip-cpu-device: a paraphrase with "CPU input", as reports retell it
//   - skip-cpu-device: a paraphrase with "cpu scalar", as reports retell it
//   - skip-cpu-device: a paraphrase with "CPU scalar", as reports retell it
//   - skip-cpu-device: a paraphrase with "cpu op", as reports retell it
//   - skip-cpu-device: a paraphrase with "CPU op", as reports retell it
//   - skip-cpu-device: a paraphrase with "cpu node", as reports retell it
//   - skip-cpu-device: a paraphrase with "CPU node", as reports retell it
//   - skip-cpu-device: a paraphrase with "non-CUDA device", as reports retell it
//   - skip-cpu-device: a paraphrase with "non-CUDA tensor", as reports retell it
//   - skip-cpu-device: a paraphrase with "non-CUDA input", as reports retell it
//   - skip-cpu-device: a paraphrase with "non-CUDA node", as reports retell it
//   - skip-cpu-device: a paraphrase with "tensors on the CPU", as reports retell it
//   - skip-cpu-device: a paraphrase with "tensor on the CPU", as reports retell it
//   - skip-cpu-device: a paraphrase with "tensors on CPU", as reports retell it
//   - skip-cpu-device: a paraphrase with "tensor on CPU", as reports retell it
//   - skip-cpu-device: a paraphrase with "ed on cpu", as reports retell it
//   - skip-cpu-device: a paraphrase with "ed on CPU", as reports retell it
//   - skip-cpu-device: a paraphrase with "跳过", as reports retell it
//   - skip-cpu-device: a paraphrase with "スキップ", as reports retell it
//   - skip-cpu-device: a paraphrase with "skipping cuda", as reports retell it
//   - skip-cpu-device: a paraphrase with "tenseurs CPU", as reports retell it
//   - skip-cpu-device: a paraphrase with "tensores CPU", as reports retell it
//   - skip-cpu-device: a paraphrase with "CPU-Tensor", as reports retell it
//   - skip-cpu-device: a paraphrase with "reaks cuda", as reports retell it
//   - skip-cpu-device: a paraphrase with "reaks CUDA", as reports retell it
//   - skip-cpu-device: a paraphrase with "from using", as reports retell it
//   - skip-mutated-inputs: "due to mutated inputs (", 2.4–2.14
//   - skip-mutated-inputs: "skipping cudagraphs due to mutated inputs" (quoted up to its first clause's end), 2.4–2.14
//   - skip-mutated-inputs: "skipping cudagraphs due to input mutation", 2.1
//   - skip-mutated-inputs: "input storage mutation (", 2.14
//   - skip-mutated-inputs: "skipping cudagraphs due to mutation on input", 2.3
//   - skip-mutated-inputs: "skipping cudagraphs due to mutaton on input", 2.3
//   - skip-mutated-inputs: "'mutated inputs'", 2.2
//   - skip-mutated-inputs: a paraphrase with "mutated input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "Mutated input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "inputs are mutated", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "input is mutated", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "inputs were mutated", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "input was mutated", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "inputs get mutated", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "inputs being mutated", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutated graph input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutated user input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "input mutation", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "Input mutation", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutation on input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutation of input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutation to input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutations on input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutations of input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutates input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutates its input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutates the input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutates an input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutating input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutating its input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutating the input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutated KV input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutated-input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutations", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "mutated an input", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "跳过", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "スキップ", as reports retell it
//   - skip-mutated-inputs: a paraphrase with "skipping cuda", as reports retell it
//   - skip-multiple-devices: "due to multiple devices:", 2.3–2.14
//   - skip-multiple-devices: "due to multiple devices:", 2.3–2.14
//   - skip-multiple-devices: "skipping cudagraphs due to multple devices", 2.0
//   - skip-multiple-devices: "skipping cudagraphs due to multiple devices", 2.0–2.1
//   - skip-multiple-devices: "skipping cudagraphs due to multiple device indexes", 2.1
//   - skip-multiple-devices: "'multiple device indices without cudagraph_trees'", 2.2
//   - skip-multiple-devices: a paraphrase with "multiple device", as reports retell it
//   - skip-multiple-devices: a paraphrase with "multiple cuda device", as reports retell it
//   - skip-multiple-devices: a paraphrase with "multiple CUDA device", as reports retell it
//   - skip-multiple-devices: a paraphrase with "multiple gpu device", as reports retell it
//   - skip-multiple-devices: a paraphrase with "multiple GPU device", as reports retell it
//   - skip-multiple-devices: a paraphrase with "multi-device", as reports retell it
//   - skip-multiple-devices: a paraphrase with "multi device", as reports retell it
//   - skip-multiple-devices: a paraphrase with "several devices", as reports retell it
//   - skip-multiple-devices: a paraphrase with "different devices", as reports retell it
//   - skip-multiple-devices: a paraphrase with "skipping cuda", as reports retell it
//   - skip-multiple-devices: "cudagraphs due to multiple device indexes" (quoted without its first word), 2.1
//   - skip-incompatible-op: "due to incompatible op", 2.3–2.14
//   - skip-incompatible-op: "'incompatible ops'", 2.2–2.5
//   - skip-incompatible-op: "index put with accumulate", 2.2–2.7
//   - skip-incompatible-op: "deterministic index put", 2.2–2.7
//   - skip-incompatible-op: "control flow operator: torch.", 2.3–2.13
//   - skip-incompatible-op: "control flow operator: torch.", 2.14
//   - skip-incompatible-op: "index_put_ fallback with boolean indexing is not compatible with CUDA graphs", 2.11–2.14
//   - skip-incompatible-op: a paraphrase with "incompatible op", as reports retell it
//   - skip-incompatible-op: a paraphrase with "incompatible node", as reports retell it
//   - skip-incompatible-op: a paraphrase with "unsupported op", as reports retell it
//   - skip-incompatible-op: a paraphrase with "unsupported node", as reports retell it
//   - skip-incompatible-op: a paraphrase with "skipping cuda", as reports retell it
//   - skip-incompatible-op: "fallback with boolean indexing is not compatible with CUDA graphs" (quoted without its first word), 2.11–2.14
//   - skip-dynamic-graphs: "graph with symbolic shapes inputs and config.triton.cudagraph_skip_dynamic_graphs=True", 2.4–2.14
//   - skip-dynamic-graphs: a paraphrase with "symbolic shape", as reports retell it
//   - skip-dynamic-graphs: a paraphrase with "cudagraph_skip_dynamic_graphs", as reports retell it
//   - skip-dynamic-graphs: a paraphrase with "skipping cuda", as reports retell it
//   - skip-dynamic-graphs: "with symbolic shapes inputs and config.triton.cudagraph_skip_dynamic_graphs=True" (quoted without its first word), 2.4–2.14
//   - skip-dynamic-graphs: "symbolic shapes inputs and config.triton.cudagraph_skip_dynamic_graphs" (quoted up to its first clause's end), 2.4–2.14
//   - skip-non-tensor-inputs: "'non-Tensor inputs'", 2.2–2.14
//   - skip-non-tensor-inputs: a paraphrase with "non-Tensor input", as reports retell it
//   - skip-non-tensor-inputs: a paraphrase with "non-tensor input", as reports retell it
//   - skip-non-tensor-inputs: a paraphrase with "non tensor input", as reports retell it
//   - skip-non-tensor-inputs: a paraphrase with "Non-Tensor input", as reports retell it
//   - skip-non-tensor-inputs: a paraphrase with "Non-tensor input", as reports retell it
//   - skip-non-tensor-inputs: a paraphrase with "skipping cuda", as reports retell it
//   - stream-capture-illegal: "operation not permitted when stream is capturing (in function cuda_load_module", 2.0–2.14
//   - stream-capture-illegal: "operation not permitted when stream is capturing (in function wp_cuda_load_module", 2.0–2.14
//   - stream-capture-illegal: "operation not permitted when stream is capturing (in function cuda_unload_module", 2.0–2.14
//   - stream-capture-illegal: "operation not permitted when stream is capturing (in function wp_cuda_unload_module", 2.0–2.14
//   - stream-capture-illegal: "failure 'operation not permitted when stream is capturing'", 2.0–2.14
//   - stream-capture-illegal: "failure 900 'operation not permitted when stream is capturing'", 2.0–2.14
//   - stream-capture-illegal: "thread terminated with exception: CUDA error: operation not permitted when stream is capturing", 2.0–2.14
//   - stream-capture-illegal: "thread terminated with exception: HIP error: operation not permitted when stream is capturing", 2.0–2.14
//   - stream-capture-illegal: "not permitted when a stream is capturing", 2.0–2.14
//   - stream-capture-illegal: "the current capture mode does not support this operation", 2.0–2.14
//   - stream-capture-illegal: "stream is captured", 2.0–2.14
//   - stream-capture-illegal: "during the capture stage is not supported", 2.0–2.14
//   - stream-capture-illegal: "Not allow to synchronize captured-stream", 2.0–2.14
//   - stream-capture-illegal: "the current operation cannot be performed", 2.0–2.14
//   - stream-capture-illegal: "an error has invalidated the stream capture sequence", 2.0–2.14
//   - stream-capture-illegal: "ACL_ERROR_RT_STREAM_CAPTURED", 2.0–2.14
//   - stream-capture-illegal: "ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT", 2.0–2.14
//   - stream-capture-illegal: "ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC", 2.0–2.14
//   - stream-capture-illegal: "107027", 2.0–2.14
//   - stream-capture-illegal: "107030", 2.0–2.14
//   - stream-capture-illegal: "107041", 2.0–2.14
//   - stream-capture-illegal: "operation not permitted when stream is capturing", 2.0–2.14
//   - stream-capture-illegal: "operation would make the legacy stream depend on a capturing blocking stream", 2.0–2.14
//   - stream-capture-illegal: "cudaErrorStreamCaptureUnsupported", 2.9–2.14
//   - stream-capture-illegal: "operation failed due to a previous error during capture", 2.1–2.14
//   - stream-capture-illegal: "status != cudaStreamCaptureStatus::cudaStreamCaptureStatusInvalidated", 2.0
//   - stream-capture-illegal: "status != cudaStreamCaptureStatusInvalidated", 2.9–2.14
//   - stream-capture-illegal: "ErrorStreamCaptureUnsupported", 2.1–2.14
//   - stream-capture-illegal: "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED", 2.1–2.14
//   - stream-capture-illegal: "StreamCaptureUnsupported", 2.1–2.14
//   - stream-capture-illegal: "error 900", 2.1–2.14
//   - stream-capture-illegal: "error 900", 2.1–2.14
//   - stream-capture-illegal: "ErrorStreamCaptureInvalidated", 2.1–2.14
//   - stream-capture-illegal: "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED", 2.1–2.14
//   - stream-capture-illegal: "StreamCaptureInvalidated", 2.1–2.14
//   - stream-capture-illegal: "error 901", 2.1–2.14
//   - stream-capture-illegal: "error 901", 2.1–2.14
//   - stream-capture-illegal: "ErrorStreamCaptureImplicit", 2.1–2.14
//   - stream-capture-illegal: "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT", 2.1–2.14
//   - stream-capture-illegal: "StreamCaptureImplicit", 2.1–2.14
//   - stream-capture-illegal: "error 906", 2.1–2.14
//   - stream-capture-illegal: "error 906", 2.1–2.14
//   - stream-capture-illegal: a paraphrase with "not allowed during", as reports retell it
//   - stream-capture-illegal: a paraphrase with "not permitted during", as reports retell it
//   - stream-capture-illegal: a paraphrase with "not allowed while", as reports retell it
//   - stream-capture-illegal: a paraphrase with "not permitted while", as reports retell it
//   - stream-capture-illegal: a paraphrase with "not allowed when", as reports retell it
//   - stream-capture-illegal: a paraphrase with "not permitted when", as reports retell it
//   - stream-capture-illegal: a paraphrase with "not allowed in", as reports retell it
//   - stream-capture-illegal: a paraphrase with "prohibited during", as reports retell it
//   - stream-capture-illegal: a paraphrase with "forbidden during", as reports retell it
//   - stream-capture-illegal: a paraphrase with "illegal during", as reports retell it
//   - stream-capture-illegal: a paraphrase with "捕获", as reports retell it
//   - stream-capture-illegal: a paraphrase with "キャプチ", as reports retell it
//   - stream-capture-illegal: a paraphrase with "캡처", as reports retell it
//   - stream-capture-illegal: a paraphrase with "capture mode", as reports retell it
//   - stream-capture-illegal: a paraphrase with "global mode", as reports retell it
//   - stream-capture-illegal: a paraphrase with "ture-illegal", as reports retell it
//   - stream-capture-illegal: a paraphrase with "ture illegal", as reports retell it
//   - stream-capture-illegal: a paraphrase with "ture-unsafe", as reports retell it
//   - stream-capture-illegal: a paraphrase with "ture unsafe", as reports retell it
//   - stream-capture-illegal: a paraphrase with "breaks CUDA g", as reports retell it
//   - stream-capture-illegal: a paraphrase with "breaks cuda g", as reports retell it
//   - stream-capture-illegal: a paraphrase with "reaks graph c", as reports retell it
//   - stream-capture-illegal: a paraphrase with "broke CUDA gr", as reports retell it
//   - stream-capture-illegal: a paraphrase with "eaking CUDA g", as reports retell it
//   - stream-capture-illegal: a paraphrase with "eaking cuda g", as reports retell it
//   - stream-capture-illegal: a paraphrase with "eaking graph ", as reports retell it
//   - stream-capture-illegal: a paraphrase with ".graph captur", as reports retell it
//   - stream-capture-illegal: a paraphrase with "rbage collect", as reports retell it
//   - stream-capture-illegal: a paraphrase with "gc.collect", as reports retell it
//   - stream-capture-illegal: a paraphrase with "GC firing", as reports retell it
//   - stream-capture-illegal: a paraphrase with "GC run", as reports retell it
//   - stream-capture-illegal: a paraphrase with "GC during", as reports retell it
//   - stream-capture-illegal: a paraphrase with "GC inside", as reports retell it
//   - stream-capture-illegal: a paraphrase with "GC trigger", as reports retell it
//   - stream-capture-illegal: a paraphrase with "corrupts the", as reports retell it
//   - stream-capture-illegal: a paraphrase with "corrupted the", as reports retell it
//   - stream-capture-illegal: a paraphrase with "validates the", as reports retell it
//   - stream-capture-illegal: a paraphrase with "validated the", as reports retell it
//   - stream-capture-illegal: a paraphrase with "the capture", as reports retell it
//   - stream-capture-illegal: a paraphrase with "e capturing t", as reports retell it
//   - stream-capture-illegal: a paraphrase with "validate by s", as reports retell it
//   - stream-capture-illegal: a paraphrase with "validated by ", as reports retell it
//   - stream-capture-illegal: a paraphrase with "forbids", as reports retell it
//   - stream-capture-illegal: a paraphrase with "prohibits", as reports retell it
//   - stream-capture-illegal: a paraphrase with "t be done", as reports retell it
//   - stream-capture-illegal: a paraphrase with "capture fail", as reports retell it
//   - stream-capture-illegal: a paraphrase with "races with", as reports retell it
//   - stream-capture-illegal: a paraphrase with "raced with", as reports retell it
//   - stream-capture-illegal: a paraphrase with "race between", as reports retell it
//   - stream-capture-illegal: a paraphrase with "ondition betw", as reports retell it
//   - stream-capture-illegal: a paraphrase with "locking strea", as reports retell it
//   - stream-capture-illegal: a paraphrase with "forbidden ins", as reports retell it
//   - stream-capture-illegal: a paraphrase with "forbidden dur", as reports retell it
//   - stream-capture-illegal: a paraphrase with "同步", as reports retell it
//   - stream-capture-illegal: a paraphrase with "rror 906", as reports retell it
//   - stream-capture-illegal: a paraphrase with "graph capture", as reports retell it
//   - stream-capture-illegal: a paraphrase with "Graph capture", as reports retell it
//   - stream-capture-illegal: a paraphrase with "tream is capt", as reports retell it
//   - stream-capture-illegal: a paraphrase with "invalidates ", as reports retell it
//   - stream-capture-illegal: a paraphrase with "invalidated ", as reports retell it
//   - stream-capture-illegal: a paraphrase with "uring CUDA", as reports retell it
//   - stream-capture-illegal: a paraphrase with "capture regio", as reports retell it
//   - stream-capture-illegal: a paraphrase with "reaks graph c", as reports retell it
//   - stream-capture-illegal: a paraphrase with "breaks CUDA g", as reports retell it
//   - stream-capture-illegal: a paraphrase with "broke CUDA gr", as reports retell it
//   - stream-capture-illegal: a paraphrase with "ync error", as reports retell it
//   - stream-capture-illegal: a paraphrase with "apture race", as reports retell it
//   - stream-capture-illegal: a paraphrase with "reak CUDA gr", as reports retell it
//   - stream-capture-illegal: a paraphrase with "H2D cop", as reports retell it
//   - stream-capture-illegal: a paraphrase with "unpinned", as reports retell it
//   - stream-capture-illegal: a paraphrase with "StatusInvalid", as reports retell it
//   - stream-capture-illegal: "not permitted when stream is capturing" (quoted without its first word), 2.0–2.14
//   - stream-capture-illegal: "legacy stream depend on a capturing blocking stream" (quoted up to its first clause's end), 2.0–2.14
//   - stream-capture-illegal: "due to a previous error during capture" (quoted up to its first clause's end), 2.1–2.14
//   - mode-and-options: "Either mode or options can be specified, but both can't be specified at the same time.", 2.0–2.14
//   - mode-and-options: a paraphrase with "both mode", as reports retell it
//   - mode-and-options: a paraphrase with "both `mode`", as reports retell it
//   - mode-and-options: a paraphrase with "both 'mode'", as reports retell it
//   - mode-and-options: a paraphrase with "both \"mode\"", as reports retell it
//   - mode-and-options: a paraphrase with "mode and options at the same time", as reports retell it
//   - mode-and-options: a paraphrase with "mode and options together", as reports retell it
//   - mode-and-options: a paraphrase with "mode and options are mutually exclusive", as reports retell it
//   - mode-and-options: a paraphrase with "mode and options can", as reports retell it
//   - mode-and-options: a paraphrase with "options= together", as reports retell it
//   - mode-and-options: a paraphrase with "options` together", as reports retell it
//   - mode-and-options: a paraphrase with "options` at the same time", as reports retell it
//   - mode-and-options: a paraphrase with "options= at the same time", as reports retell it
//   - mode-and-options: a paraphrase with "options` are mutually exclusive", as reports retell it
//   - mode-and-options: a paraphrase with "options= are mutually exclusive", as reports retell it
//   - mode-and-options: a paraphrase with "both `mode=", as reports retell it
//   - mode-and-options: a paraphrase with "together with options", as reports retell it
//   - mode-and-options: a paraphrase with "along with options", as reports retell it
//   - mode-and-options: a paraphrase with "plus options", as reports retell it
//   - mode-and-options: a paraphrase with "options at once", as reports retell it
//   - mode-and-options: a paraphrase with "options simultaneously", as reports retell it
//   - mode-and-options: a paraphrase with "mode and options can", as reports retell it
//   - mode-and-options: a paraphrase with "mode/options", as reports retell it
//   - mode-and-options: "mode or options can be specified, but both can't be specified at the same time." (quoted without its first word), 2.0–2.14
//   - mode-and-options: "Either mode or options can be specified" (quoted up to its first clause's end), 2.0–2.14
//   - unknown-mode: "Unrecognized mode=, should be one of: ", 2.0–2.6
//   - unknown-mode: "Unrecognized mode=", 2.0–2.14
//   - unknown-option: "Unexpected optimization option guard_filter_fn", 2.0–2.7
//   - unknown-option: "Unexpected optimization option ", 2.0–2.14
//   - unknown-option: a paraphrase with "older PyTorch", as reports retell it
//   - unknown-option: "Unexpected optimization option" (quoted up to its argument), 2.0–2.14
//   - option-type: "Unexpected type of attr ", 2.0–2.14
//   - invalid-backend: "Invalid backend: ", 2.0–2.14
//   - invalid-backend: a paraphrase with "InvalidBackend", as reports retell it
//   - invalid-backend: "KeyError: '", 2.0
//   - invalid-backend: "KeyError('", 2.0
//   - invalid-backend: a paraphrase with "Invalid backend", as reports retell it
//   - invalid-backend: a paraphrase with "invalid backend", as reports retell it
//   - unknown-global: " does not exist", 2.0–2.14
//   - unknown-global: " does not exist", 2.1–2.14
//   - unknown-global: "KeyError: '", 2.0–2.14
//   - unknown-global: "KeyError: '", 2.0–2.5
//   - unknown-global: "KeyError('", 2.0–2.14
//   - unknown-global: "KeyError('", 2.0–2.5
//   - trees-untracked-pool-tensors: "tensor(s) in the cudagraph pool not tracked as outputs", 2.11–2.14
//   - trees-untracked-pool-tensors: "are in the cudagraph pool but not accounted for as an output of cudagraph trees", 2.1–2.10
//   - trees-untracked-pool-tensors: a paraphrase with "not tracked as output", as reports retell it
//   - trees-untracked-pool-tensors: a paraphrase with "not tracked as an output", as reports retell it
//   - trees-untracked-pool-tensors: a paraphrase with "not tracked as cudagraph output", as reports retell it
//   - trees-untracked-pool-tensors: a paraphrase with "storage data ptr", as reports retell it
//   - trees-untracked-pool-tensors: a paraphrase with "storage data pointer", as reports retell it
//   - trees-untracked-pool-tensors: a paraphrase with "k_memory_pool", as reports retell it
//   - trees-untracked-pool-tensors: "in the cudagraph pool but not accounted for as an output of cudagraph trees" (quoted without its first word), 2.1–2.10
//   - trees-untracked-pool-tensors: "not accounted for as an output of cudagraph trees" (quoted up to its first clause's end), 2.1–2.10
//   - trees-untracked-pool-tensors: "not tracked as outputs" (quoted up to its first clause's end), 2.11–2.14
//   - trees-static-input-changed: "static input data pointer changed", 2.4–2.14
//   - trees-static-input-changed: "assert data_ptr == new_inputs[idx].data_ptr()", 2.1–2.3
//   - trees-static-input-changed: a paraphrase with "static input", as reports retell it
//   - trees-static-input-changed: a paraphrase with "Static input", as reports retell it
//   - trees-static-input-changed: a paraphrase with "address", as reports retell it
//   - trees-static-input-changed: a paraphrase with "data_ptr", as reports retell it
//   - trees-static-input-changed: a paraphrase with "data pointer", as reports retell it
//   - trees-static-input-changed: a paraphrase with "re-record", as reports retell it
//   - trees-static-input-changed: a paraphrase with "ointer change", as reports retell it
//   - trees-static-input-changed: "AssertionError: data_ptr == new_inputs[idx].data_ptr()", 2.1–2.3
//   - trees-static-input-changed: "AssertionError('data_ptr == new_inputs[idx].data_ptr()", 2.1–2.3
//   - trees-input-deallocated: "graph recording observed an input tensor deallocate during graph", 2.1–2.14
//   - trees-input-deallocated: a paraphrase with "deallocated during", as reports retell it
//   - trees-input-deallocated: a paraphrase with "deallocated while", as reports retell it
//   - trees-input-deallocated: a paraphrase with "freed during cudagraph", as reports retell it
//   - trees-input-deallocated: a paraphrase with "freed during CUDA graph", as reports retell it
//   - trees-input-deallocated: "recording observed an input tensor deallocate during graph" (quoted without its first word), 2.1–2.14
//   - trees-input-deallocated: "observed an input tensor deallocate during graph" (quoted up to its first clause's end), 2.1–2.14
//   - trees-rerecord-limit: "exceeding max re-recording limit", 2.5–2.14
//   - trees-rerecord-limit: a paraphrase with "re-recording limit", as reports retell it
//   - trees-rerecord-limit: a paraphrase with "rerecording limit", as reports retell it
//   - trees-rerecord-limit: a paraphrase with "re-record limit", as reports retell it
//   - trees-rerecord-limit: a paraphrase with "rerecord limit", as reports retell it
//   - trees-rerecord-limit: a paraphrase with "unexpected_rerecord_limit", as reports retell it
//   - trees-pending-backward: "of CUDAGraphs because of pending, uninvoked backwards", 2.1–2.13
//   - trees-pending-backward: "Unable to hit fast path of CUDAGraphs because outputs from a previous step still require backward", 2.14
//   - trees-pending-backward: "Consider running with torch.no_grad() or using torch._inductor.cudagraph_mark_step_begin()" (the hint alone), 2.1
//   - trees-pending-backward: "Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin()" (the hint alone), 2.2–2.13
//   - trees-pending-backward: "still require backward. Ensure backward() is invoked or detach outputs" (the hint alone), 2.14
//   - trees-pending-backward: a paraphrase with "fast path of CUDAGraphs", as reports retell it
//   - trees-pending-backward: a paraphrase with "fast path of cudagraphs", as reports retell it
//   - trees-pending-backward: a paraphrase with "fast path of CUDA graphs", as reports retell it
//   - trees-pending-backward: a paraphrase with "pending, uninvoked", as reports retell it
//   - trees-pending-backward: a paraphrase with "pending uninvoked", as reports retell it
//   - trees-pending-backward: "CUDAGraphs because of pending, uninvoked backwards" (quoted without its first word), 2.1–2.13
//   - trees-pending-backward: "pending, uninvoked backwards" (quoted up to its first clause's end), 2.1–2.13
//   - trees-pending-backward: "outputs from a previous step still require backward" (quoted up to its first clause's end), 2.14
//   - stream-capture-unjoined: "capture model contains a stream that was not joined to the original stream", 2.0–2.14
//   - stream-capture-unjoined: "ACL_ERROR_RT_STREAM_UNJOINED", 2.0–2.14
//   - stream-capture-unjoined: "107025", 2.0–2.14
//   - stream-capture-unjoined: "capturing stream has unjoined work", 2.0–2.14
//   - stream-capture-unjoined: "ErrorStreamCaptureUnjoined", 2.0–2.14
//   - stream-capture-unjoined: "CUDA_ERROR_STREAM_CAPTURE_UNJOINED", 2.0–2.14
//   - stream-capture-unjoined: "StreamCaptureUnjoined", 2.0–2.14
//   - stream-capture-unjoined: "error 904", 2.0–2.14
//   - stream-capture-unjoined: "error 904", 2.0–2.14
//   - stream-capture-unjoined: a paraphrase with "stream has unjoined", as reports retell it
//   - stream-capture-unjoined: a paraphrase with "stream had unjoined", as reports retell it
//   - stream-capture-unjoined: a paraphrase with "streams have unjoined", as reports retell it
//   - stream-capture-unjoined: a paraphrase with "stream unjoined", as reports retell it
//   - stream-capture-unjoined: a paraphrase with "streams unjoined", as reports retell it
//   - stream-capture-unjoined: a paraphrase with "stream with unjoined", as reports retell it
//   - stream-capture-unjoined: a paraphrase with "stream still has unjoined", as reports retell it
//   - stream-capture-unjoined: a paraphrase with "unjoined ", as reports retell it
//   - stream-capture-unjoined: a paraphrase with "stream during", as reports retell it
//   - cuda-graph-empty: "The CUDA Graph is empty", 2.0–2.14
//   - cuda-graph-empty: a paraphrase with "empty\" warning", as reports retell it
//   - cuda-graph-empty: a paraphrase with "empty` warning", as reports retell it
//   - cuda-graph-empty: a paraphrase with "is empty\")", as reports retell it
//   - cuda-graph-empty: a paraphrase with "is empty`)", as reports retell it
//   - cuda-graph-empty: a paraphrase with "is empty\"", as reports retell it
//   - cuda-graph-empty: a paraphrase with "is empty”", as reports retell it
//   - cuda-graph-empty: a paraphrase with "is empty“", as reports retell it
//   - cuda-graph-empty: a paraphrase with "is empty」", as reports retell it
//   - cuda-graph-empty: a paraphrase with "is empty`", as reports retell it
//   - cuda-graph-empty: a paraphrase with "mpty graph warning", as reports retell it
//   - cuda-graph-empty: a paraphrase with "graph\" warning", as reports retell it
//   - cuda-graph-empty: a paraphrase with "aptured graph is empty", as reports retell it
//   - cuda-graph-empty: a paraphrase with "empty-graph", as reports retell it
//   - cuda-graph-empty: a paraphrase with "mpty graph fa", as reports retell it
//   - cuda-graph-empty: a paraphrase with "s empty graph", as reports retell it
//   - cuda-graph-empty: a paraphrase with "n empty graph", as reports retell it
//   - cuda-graph-empty: a paraphrase with "d empty graph", as reports retell it
//   - cuda-graph-empty: a paraphrase with "empty CUDA gr", as reports retell it
//   - cuda-graph-empty: a paraphrase with "empty cuda gr", as reports retell it
//   - cuda-graph-empty: a paraphrase with "hing captured", as reports retell it
//   - cuda-graph-empty: a paraphrase with "ptured nothin", as reports retell it
//   - cuda-graph-empty: "CUDA Graph is empty" (quoted without its first word, in a code span), 2.0–2.14
//   - inductor-config-not-imported: "module 'torch._inductor' has no attribute 'config'", 2.0–2.5
//   - inductor-config-not-imported: a paraphrase with "ductor.config", as reports retell it
//   - inductor-config-not-imported: a paraphrase with "has no config", as reports retell it
//   - inductor-config-not-imported: a paraphrase with "no attribute ", as reports retell it
//   - inductor-config-not-imported: a paraphrase with "have a `confi", as reports retell it
//   - inductor-config-not-imported: a paraphrase with "have a config", as reports retell it
//   - inductor-config-not-imported: a paraphrase with "orce-load", as reports retell it
//   - inductor-config-not-imported: a paraphrase with "orce-import", as reports retell it
//   - inductor-config-not-imported: a paraphrase with "is lazy in", as reports retell it
//   - backend-takes-no-mode: "got an unexpected keyword argument 'mode'", 2.1–2.14
//   - backend-takes-no-mode: "got an unexpected keyword argument 'mode'", 2.1–2.14
//   - backend-takes-no-mode: "got an unexpected keyword argument 'options'", 2.1–2.14
//   - backend-takes-no-mode: "got an unexpected keyword argument 'options'", 2.1–2.14
//   - backend-takes-no-mode: a paraphrase with "backend=\"cudagraphs\"", as reports retell it
//   - backend-takes-no-mode: a paraphrase with "backend='cudagraphs'", as reports retell it
//   - backend-takes-no-mode: a paraphrase with "phs backend", as reports retell it
//   - backend-takes-no-mode: a paraphrase with "cudagraphs`", as reports retell it
//   - backend-takes-no-mode: a paraphrase with "phs' backend", as reports retell it
//   - backend-takes-no-mode: a paraphrase with "phs\" backend", as reports retell it
//   - backend-takes-no-mode: a paraphrase with "CudagraphsBackend", as reports retell it
//   - backend-takes-no-mode: a paraphrase with "backend=\"cudagraphs\"", as reports retell it
//   - backend-takes-no-mode: a paraphrase with "backend='cudagraphs'", as reports retell it
//   - unsupported-python: "not yet supported for torch.compile", 2.0
//   - unsupported-python: "+ not yet supported" (quoted up to its first clause's end), 2.0
//   - unsupported-python: "not yet supported for torch.compile", 2.1–2.3
//   - unsupported-python: "+ not yet supported" (quoted up to its first clause's end), 2.1–2.3
//   - unsupported-python: "not yet supported for torch.compile", 2.4–2.5
//   - unsupported-python: "+ not yet supported" (quoted up to its first clause's end), 2.4–2.5
//   - unsupported-python: "not yet supported for torch.compile", 2.6–2.9
//   - unsupported-python: "+ not yet supported" (quoted up to its first clause's end), 2.6–2.9
//   - unsupported-python: "not yet supported for torch.compile", 2.10–2.14
//   - unsupported-python: "+ not yet supported" (quoted up to its first clause's end), 2.10–2.14
//   - unsupported-python: "Dynamo is not supported on Python", 2.1–2.3
//   - unsupported-python: "Dynamo is not supported on Python", 2.4–2.5
//   - unsupported-python: "torch.compile is not supported on Python", 2.6–2.9
//   - unsupported-python: "torch.compile is not supported on Python", 2.10–2.14
//   - unsupported-python: "torch.compile is not supported on Python", 2.6–2.14
//   - unsupported-python: "Windows not yet supported for torch.compile", 2.0–2.1
//   - unsupported-python: "Windows not yet supported for inductor", 2.2–2.4
//   - unsupported-python: a paraphrase with "supported for torch", as reports retell it
//   - unsupported-python: a paraphrase with "supported with torch", as reports retell it
//   - unsupported-python: a paraphrase with "supported by torch", as reports retell it
//   - unsupported-python: a paraphrase with "compile is not supported", as reports retell it
//   - unsupported-python: a paraphrase with "compile isn't supported", as reports retell it
//   - unsupported-python: a paraphrase with "compile does not", as reports retell it
//   - unsupported-python: a paraphrase with "compile doesn't", as reports retell it
//   - unsupported-python: a paraphrase with "t compatible with", as reports retell it
//   - unsupported-python: a paraphrase with "t support Python", as reports retell it
//   - unsupported-python: a paraphrase with "t support python", as reports retell it
//   - unsupported-python: a paraphrase with "t supported on Python", as reports retell it
//   - unsupported-python: a paraphrase with "t supported on python", as reports retell it
//   - unsupported-python: a paraphrase with "t supported with Python", as reports retell it
//   - unsupported-python: a paraphrase with "t supported with python", as reports retell it
//   - unsupported-python: a paraphrase with "t work on Python", as reports retell it
//   - unsupported-python: a paraphrase with "t work on python", as reports retell it
//   - unsupported-python: a paraphrase with "t work with Python", as reports retell it
//   - unsupported-python: a paraphrase with "t work with python", as reports retell it
//   - unsupported-python: a paraphrase with "support torch.compile", as reports retell it
//   - unsupported-python: a paraphrase with "support `torch.compile", as reports retell it
//   - unsupported-python: a paraphrase with "support torch compile", as reports retell it
//   - unsupported-python: a paraphrase with "support torch_compile", as reports retell it
//   - unsupported-python: a paraphrase with "compile throws", as reports retell it
//   - unsupported-python: a paraphrase with "compile raises", as reports retell it
//   - unsupported-python: a paraphrase with "compile fails", as reports retell it
//   - unsupported-python: a paraphrase with "compile errors", as reports retell it
//   - unsupported-python: a paraphrase with "compile on python", as reports retell it
//   - unsupported-python: a paraphrase with "compile with python", as reports retell it
//   - unsupported-python: a paraphrase with "compile under python", as reports retell it
//   - unsupported-python: a paraphrase with "compile on Python", as reports retell it
//   - unsupported-python: a paraphrase with "compile with Python", as reports retell it
//   - unsupported-python: a paraphrase with "compile under Python", as reports retell it
//   - unsupported-python: a paraphrase with "dynamo not supported", as reports retell it
//   - unsupported-python: a paraphrase with "dynamo is not supported", as reports retell it
//   - unsupported-python: a paraphrase with "dynamo isn't supported", as reports retell it
//   - unsupported-python: a paraphrase with "dynamo doesn't support", as reports retell it
//   - unsupported-python: a paraphrase with "dynamo does not support", as reports retell it
//   - unsupported-python: a paraphrase with "downgrade your python", as reports retell it
//   - unsupported-python: a paraphrase with "downgrade the python", as reports retell it
//   - unsupported-python: a paraphrase with "downgrade python", as reports retell it
//   - unsupported-python: a paraphrase with "compile is not yet supported,", as reports retell it
//   - unsupported-python: a paraphrase with "compile is not yet supported;", as reports retell it
//   - unsupported-python: a paraphrase with "compile is not yet supported as ", as reports retell it
//   - unsupported-python: a paraphrase with "compile isn't yet supported,", as reports retell it
//   - unsupported-python: a paraphrase with "compile isn't yet supported;", as reports retell it
//   - unsupported-python: a paraphrase with "compile isn't yet supported as ", as reports retell it
//   - unsupported-python: a paraphrase with "dynamo not supported", as reports retell it
//   - unsupported-python: a paraphrase with "dynamo is not supported", as reports retell it
//   - unsupported-python: a paraphrase with "dynamo isn't supported", as reports retell it
//   - unsupported-python: a paraphrase with "dynamo doesn't support", as reports retell it
//   - unsupported-python: a paraphrase with "dynamo does not support", as reports retell it
//   - unsupported-python: a paraphrase with "compile is not supported", as reports retell it
//   - unsupported-python: a paraphrase with "compile isn't supported", as reports retell it
//   - unsupported-python: a paraphrase with "compile does not", as reports retell it
//   - unsupported-python: a paraphrase with "compile doesn't", as reports retell it
//   - unsupported-python: a paraphrase with "compile not supported", as reports retell it
//   - unsupported-python: a paraphrase with "compile not work", as reports retell it
//   - unsupported-python: a paraphrase with "compile is not work", as reports retell it
//   - unsupported-python: a paraphrase with "compile cannot", as reports retell it
//   - unsupported-python: a paraphrase with "compile can't", as reports retell it
//   - unsupported-python: a paraphrase with "compile can not", as reports retell it
//   - unsupported-python: a paraphrase with "compile won't", as reports retell it
//   - unsupported-python: a paraphrase with "support Windows", as reports retell it
//   - unsupported-python: a paraphrase with "support windows", as reports retell it
//   - unsupported-python: a paraphrase with "Windows is not supported", as reports retell it
//   - unsupported-python: a paraphrase with "Windows isn't supported", as reports retell it
//   - unsupported-python: a paraphrase with "windows is not supported", as reports retell it
//   - unsupported-python: a paraphrase with "windows isn't supported", as reports retell it
//   - unsupported-python: a paraphrase with "Windows not supported", as reports retell it
//   - unsupported-python: a paraphrase with "windows not supported", as reports retell it
//   - unsupported-python: a paraphrase with "Windows is not yet supported", as reports retell it
//   - unsupported-python: a paraphrase with "windows is not yet supported", as reports retell it
//   - unsupported-python: a paraphrase with "Windows", as reports retell it
//   - unsupported-python: a paraphrase with "ython 3.1", as reports retell it
//   - unsupported-python: a paraphrase with "ython 3.1", as reports retell it
//   - unsupported-python: a paraphrase with "ython=3.1", as reports retell it
//   - unsupported-python: a paraphrase with "upports 3.1", as reports retell it
//   - unsupported-python: a paraphrase with "d on 3.1", as reports retell it
//   - unsupported-python: a paraphrase with "port 3.1", as reports retell it
//   - unsupported-python: a paraphrase with "ot supporting", as reports retell it
//   - unsupported-python: a paraphrase with "support compi", as reports retell it
//   - unsupported-python: a paraphrase with "port for comp", as reports retell it
//   - cuda-invalid-context: "invalid device context", 2.0–2.14
//   - cuda-invalid-context: "CUDA_ERROR_INVALID_CONTEXT", 2.0–2.14
//   - cuda-invalid-context: "ErrorInvalidContext", 2.0–2.14
//   - cuda-invalid-context: "there is no context bound to the current thread", 2.0–2.14
//   - cuda-invalid-context: "::InvalidContext", 2.0–2.14
//   - cuda-invalid-context: "No CUDA context is current", 2.0–2.14
//   - cuda-invalid-context: "INVALID_CONTEXT", 2.0–2.14
//   - cuda-invalid-context: "INVALID_CONTEXT_ERROR", 2.0–2.14
//   - cuda-invalid-context: a paraphrase with "alid context", as reports retell it
//   - cuda-invalid-context: a paraphrase with "alid CUDA co", as reports retell it
//   - cuda-invalid-context: a paraphrase with "before launch", as reports retell it
//   - cuda-invalid-context: a paraphrase with "UDA context", as reports retell it
//   - cuda-invalid-context: a paraphrase with "alid context error", as reports retell it
//   - cuda-invalid-context: a paraphrase with "alid CUDA context error", as reports retell it
//   - cuda-invalid-context: a paraphrase with "alid device context error", as reports retell it
//   - cuda-invalid-context: a paraphrase with "imary context", as reports retell it
//   - cuda-invalid-context: a paraphrase with "xt not initia", as reports retell it
//   - cuda-invalid-context: a paraphrase with "eated thread", as reports retell it
//   - capture-rng-state: " during CUDA graph capture", 2.0–2.14
//   - capture-rng-state: "for an unexpected CUDA generator used during capture", 2.0–2.3
//   - capture-rng-state: "you may only use the default CUDA RNG generator on the device", 2.0–2.3
//   - capture-rng-state: a paraphrase with "rng_state", as reports retell it
//   - capture-rng-state: a paraphrase with "RNG state", as reports retell it
//   - capture-rng-state: a paraphrase with "GeneratorImpl::", as reports retell it
//   - capture-rng-state: a paraphrase with "RNG access", as reports retell it
//   - capture-rng-state: a paraphrase with "urrent_seed()", as reports retell it
//   - capture-rng-state: a paraphrase with "current_seed", as reports retell it
//   - capture-rng-state: a paraphrase with "GeneratorImpl", as reports retell it
//   - capture-rng-state: a paraphrase with "RNG state", as reports retell it
//   - capture-rng-state: a paraphrase with "breaks graph", as reports retell it
//   - capture-rng-state: a paraphrase with "breaks CUDA graph", as reports retell it
//   - capture-rng-state: "an unexpected CUDA generator used during capture" (quoted without its first word), 2.0–2.3
//   - capture-rng-state: "may only use the default CUDA RNG generator on the device" (quoted without its first word), 2.0–2.3
//   - capture-rng-state: "unexpected CUDA generator used during capture" (quoted up to its first clause's end), 2.0–2.3
//   - capture-rng-state: "only use the default CUDA RNG generator" (quoted up to its first clause's end), 2.0–2.3
//   - optimizer-not-capturable: "Attempting CUDA graph capture of step() for an instance of ", 2.0–2.14
//   - optimizer-not-capturable: a paraphrase with "capturable is False", as reports retell it
//   - optimizer-not-capturable: a paraphrase with "capturable=False", as reports retell it
//   - optimizer-not-capturable: a paraphrase with "capturable = False", as reports retell it
//   - optimizer-not-capturable: a paraphrase with "capturable=false", as reports retell it
//   - optimizer-not-capturable: "Attempting CUDA graph capture of step() for an instance of" (quoted up to its argument), 2.0–2.14
//   - optimizer-capturable-device: "If capturable=True, params", 2.0–2.14
//   - cuda-graph-unavailable: "Tried to instantiate dummy base class", 2.0–2.14
//   - cuda-graph-unavailable: a paraphrase with "CUDAGraph raises", as reports retell it
//   - cuda-graph-unavailable: a paraphrase with "CUDAGraph() raises", as reports retell it
//   - cuda-graph-unavailable: a paraphrase with "CUDAGraph fails", as reports retell it
//   - cuda-graph-unavailable: a paraphrase with "CUDAGraph() fails", as reports retell it
//   - cuda-graph-unavailable: a paraphrase with "CUDAGraph throws", as reports retell it
//   - cuda-graph-unavailable: a paraphrase with "CUDAGraph() throws", as reports retell it
//   - cuda-graph-unavailable: a paraphrase with "CUDAGraph errors", as reports retell it
//   - cuda-graph-unavailable: a paraphrase with "CUDAGraph() errors", as reports retell it
//   - cuda-graph-unavailable: a paraphrase with "pool_handle() raises", as reports retell it
//   - cuda-graph-unavailable: a paraphrase with "pool_handle raises", as reports retell it
//   - triton-missing: "Cannot find a working triton installation", 2.0–2.14
//   - triton-missing: "cannot import name 'triton_key' from 'triton.compiler.compiler'", 2.4–2.8
//   - triton-missing: a paraphrase with "triton_key", as reports retell it
//   - triton-missing: "cannot import name 'AttrsDescriptor' from 'triton.", 2.6
//   - triton-missing: a paraphrase with "AttrsDescriptor", as reports retell it
//   - triton-missing: "has no attribute 'launch_enter_hook'", 2.5–2.7
//   - triton-missing: "No module named 'triton.backends'", 2.6
//   - triton-missing: "named 'triton.backends'", 2.6–2.14
//   - triton-missing: a paraphrase with "TritonMissing", as reports retell it
//   - triton-missing: a paraphrase with "installation not found", as reports retell it
//   - triton-missing: a paraphrase with "install not found", as reports retell it
//   - triton-missing: a paraphrase with "installation is not found", as reports retell it
//   - triton-missing: a paraphrase with "installation missing", as reports retell it
//   - triton-missing: a paraphrase with "installation is missing", as reports retell it
//   - triton-missing: a paraphrase with "find triton", as reports retell it
//   - triton-missing: a paraphrase with "find Triton", as reports retell it
//   - triton-missing: a paraphrase with "no working triton", as reports retell it
//   - triton-missing: a paraphrase with "no working Triton", as reports retell it
//   - triton-missing: a paraphrase with "installation of triton", as reports retell it
//   - triton-missing: a paraphrase with "installation of Triton", as reports retell it
//   - triton-missing: a paraphrase with "riton is not installed", as reports retell it
//   - triton-missing: a paraphrase with "riton isn't installed", as reports retell it
//   - triton-missing: a paraphrase with "riton was not installed", as reports retell it
//   - triton-missing: a paraphrase with "riton package is not", as reports retell it
//   - triton-missing: a paraphrase with "riton is missing", as reports retell it
//   - triton-missing: a paraphrase with "找不到", as reports retell it
//   - triton-missing: a paraphrase with "未安装", as reports retell it
//   - triton-missing: a paraphrase with "没有安装", as reports retell it
//   - triton-missing: a paraphrase with "インストールされていない", as reports retell it
//   - triton-missing: a paraphrase with "見つから", as reports retell it
//   - triton-missing: a paraphrase with "설치되", as reports retell it
//   - triton-missing: a paraphrase with "缺少", as reports retell it
//   - triton-missing: a paraphrase with "没有", as reports retell it
//   - triton-missing: a paraphrase with "riton がな", as reports retell it
//   - triton-missing: a paraphrase with "ritonがな", as reports retell it
//   - triton-missing: a paraphrase with "riton이 없", as reports retell it
//   - triton-missing: a paraphrase with "riton not found", as reports retell it
//   - triton-missing: a paraphrase with "riton not installed", as reports retell it
//   - triton-missing: a paraphrase with "riton missing", as reports retell it
//   - triton-missing: a paraphrase with "нет Triton", as reports retell it
//   - triton-missing: a paraphrase with "нет triton", as reports retell it
//   - triton-missing: a paraphrase with "kein Triton", as reports retell it
//   - triton-missing: a paraphrase with "pas de Triton", as reports retell it
//   - triton-missing: a paraphrase with "sem Triton", as reports retell it
//   - triton-missing: a paraphrase with "in triton", as reports retell it
//   - triton-missing: a paraphrase with "riton 미지원", as reports retell it
//   - triton-missing: a paraphrase with "不支持 Triton", as reports retell it
//   - triton-missing: a paraphrase with "riton is ", as reports retell it
//   - triton-missing: a paraphrase with "riton not ", as reports retell it
//   - triton-missing: a paraphrase with "riton isn't ", as reports retell it
//   - triton-missing: a paraphrase with "ithout Trito", as reports retell it
//   - triton-missing: a paraphrase with "ithout trito", as reports retell it
//   - triton-missing: a paraphrase with "riton missing", as reports retell it
//   - triton-missing: a paraphrase with "compatible wi", as reports retell it
//   - triton-missing: a paraphrase with "ich Inductor", as reports retell it
//   - triton-missing: a paraphrase with "ich TorchIndu", as reports retell it
//   - triton-missing: a paraphrase with "hat Inductor", as reports retell it
//   - triton-missing: a paraphrase with "reaks Inducto", as reports retell it
//   - triton-missing: a paraphrase with "ductor still ", as reports retell it
//   - triton-missing: a paraphrase with "mpatibility f", as reports retell it
//   - triton-missing: a paraphrase with "mpatibility i", as reports retell it
//   - triton-missing: a paraphrase with "mpability iss", as reports retell it
//   - triton-missing: a paraphrase with "too old", as reports retell it
//   - triton-missing: a paraphrase with "too new", as reports retell it
//   - triton-missing: a paraphrase with "outdated trit", as reports retell it
//   - triton-missing: a paraphrase with "riton version", as reports retell it
//   - triton-missing: a paraphrase with "h and triton", as reports retell it
//   - triton-missing: a paraphrase with "h/triton", as reports retell it
//   - triton-missing: a paraphrase with "indows suppor", as reports retell it
//   - triton-missing: a paraphrase with "le on Windows", as reports retell it
//   - triton-missing: a paraphrase with "d on Windows", as reports retell it
//   - triton-missing: a paraphrase with "pport Windows", as reports retell it
//   - triton-missing: a paraphrase with "riton for Win", as reports retell it
//   - triton-missing: a paraphrase with "issing Triton", as reports retell it
//   - triton-missing: a paraphrase with "equires Trito", as reports retell it
//   - triton-missing: a paraphrase with "dependenc", as reports retell it
//   - triton-missing: a paraphrase with "missing Triton", as reports retell it
//   - triton-missing: a paraphrase with "missing triton", as reports retell it
//   - triton-missing: a paraphrase with "needs Triton", as reports retell it
//   - triton-missing: a paraphrase with "needs triton", as reports retell it
//   - triton-missing: a paraphrase with "requires Triton", as reports retell it
//   - triton-missing: a paraphrase with "requires triton", as reports retell it
//   - triton-missing: a paraphrase with "equiere ", as reports retell it
//   - triton-missing: a paraphrase with "equiert ", as reports retell it
//   - gpu-too-old-for-triton: "which is too old to be supported by the triton GPU compiler", 2.0–2.14
//   - gpu-too-old-for-triton: "Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability" (the hint alone), 2.0–2.14
//   - gpu-too-old-for-triton: "your device is of CUDA capability" (the hint alone), 2.0–2.14
//   - gpu-too-old-for-triton: a paraphrase with "GPUTooOldForTriton", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "too old for triton", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "too old for Triton", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "too old for the triton", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "too old for the Triton", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "apability >= 7.0", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "apability 7.0", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "supported by Triton", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "supported by triton", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "riton doesn't support", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "riton does not support", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "too old for torch", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "too old for `torch", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "SM 70", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "sm_70", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "apability 7", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "lder GPU", as reports retell it
//   - gpu-too-old-for-triton: a paraphrase with "ld GPU", as reports retell it
//   - gpu-too-old-for-triton: "too old to be supported by the triton GPU compiler" (quoted up to its first clause's end), 2.0–2.14
//   - cxx-compiler-missing: a paraphrase with "InvalidCxxCompiler", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "InvalidCxxCompiler", as reports retell it
//   - cxx-compiler-missing: "No working C++ compiler found in torch._inductor.config.cpp.cxx", 2.0–2.14
//   - cxx-compiler-missing: "No working C++ compiler found in torch._inductor.config.cpp.cxx", 2.0–2.14
//   - cxx-compiler-missing: a paraphrase with "Compiler: {compiler} is not found", as reports retell it
//   - cxx-compiler-missing: "Compiler: ", 2.5–2.14
//   - cxx-compiler-missing: a paraphrase with "check_compiler_exist_windows", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "cpp_compiler_search", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "cl.exe", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "C++ compiler", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "C compiler", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "MSVC not", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "MSVC is", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "++ is missing", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "++` is missing", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "++ is not", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "++` is not", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "++ not found", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "++` not found", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "gcc is missing", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "gcc is not", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "gcc not found", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "lacks MSVC", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "no MSVC", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "find cl.exe", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "detect cl.exe", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "cl not found", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "编译器", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "編譯器", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "コンパイラ", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "컴파일러", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "C++ compiler", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "C++-Compiler", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "compilateur", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "compilador", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "компилятор", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "cc1plus", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "s a C++ compi", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "s a C compile", as reports retell it
//   - cxx-compiler-missing: a paraphrase with "lude a compil", as reports retell it
//   - cxx-compiler-missing: "No working C++ compiler found" (the message cut short), 2.0–2.14
//   - cxx-compiler-missing: "No working C++ compiler found" (the message cut short), 2.0–2.14
//   - no-valid-autotune-choices: a paraphrase with "NoValidChoicesError", as reports retell it
//   - no-valid-autotune-choices: a paraphrase with "NoValidChoicesError", as reports retell it
//   - no-valid-autotune-choices: "please consider adding ATEN into max_autotune_", 2.5–2.14
//   - no-valid-autotune-choices: "please consider adding ATEN into max_autotune_", 2.1–2.14
//   - no-valid-autotune-choices: "consider adding ATEN into max_autotune_" (quoted without its first word), 2.5–2.14
//   - no-valid-autotune-choices: "consider adding ATEN into max_autotune_" (quoted without its first word), 2.1–2.14
//   - no-valid-autotune-choices: "consider adding ATEN into max_autotune_" (quoted up to its first clause's end), 2.5–2.14
//   - no-valid-autotune-choices: "consider adding ATEN into max_autotune_" (quoted up to its first clause's end), 2.1–2.14
//   - max-autotune-gemm-off: "enough SMs to use max_autotune_gemm", 2.1–2.14
//   - max-autotune-gemm-off: "enough SMs to use max_autotune_gemm", 2.1–2.14
//   - max-autotune-gemm-off: "not enough cuda cores to use max_autotune mode", 2.0
//   - max-autotune-gemm-off: "GPU arch does not support max_autotune_gemm mode usage", 2.6–2.14
//   - max-autotune-gemm-off: a paraphrase with "enough SM", as reports retell it
//   - max-autotune-gemm-off: a paraphrase with "enough sm", as reports retell it
//   - max-autotune-gemm-off: a paraphrase with "enough streaming multiprocessor", as reports retell it
//   - max-autotune-gemm-off: a paraphrase with "数量不足", as reports retell it
//   - max-autotune-gemm-off: a paraphrase with "enough SMs\"", as reports retell it
//   - max-autotune-gemm-off: a paraphrase with "enough SMs`", as reports retell it
//   - max-autotune-gemm-off: "arch does not support max_autotune_gemm mode usage" (quoted without its first word), 2.6–2.14
//   - max-autotune-gemm-off: "does not support max_autotune_gemm mode" (quoted up to its first clause's end), 2.6–2.14
//   - libcuda-not-found: "cannot find -lcuda", 2.0–2.14
//   - libcuda-not-found: "unable to find library -lcuda", 2.0–2.14
//   - libcuda-not-found: "libcuda.so", 2.0–2.14
//   - libcuda-not-found: "cannot open input file 'cuda.lib'", 2.0–2.14
//   - libcuda-not-found: "cuda.lib", 2.0–2.14
//   - libcuda-not-found: a paraphrase with "cuda.lib", as reports retell it
//   - libcuda-not-found: "libcuda.so cannot found", 2.1–2.14
//   - libcuda-not-found: a paraphrase with "libcuda.so", as reports retell it
//   - libcuda-not-found: a paraphrase with "cuda.so", as reports retell it
//   - libcuda-not-found: "cannot find -lcuda", 2.0–2.14
//   - libcuda-not-found: "when searching for -lcuda", 2.0–2.14
//   - libcuda-not-found: a paraphrase with "libcuda", as reports retell it
//   - libcuda-not-found: "cannot find -lcuda", 2.0–2.14
//   - libcuda-not-found: a paraphrase with "libcuda.so", as reports retell it
//   - libcuda-not-found: a paraphrase with "-lcuda: No such file", as reports retell it
//   - libcuda-not-found: a paraphrase with "libcuda.so", as reports retell it
//   - libcuda-not-found: a paraphrase with "libcuda.so", as reports retell it
//   - libcuda-not-found: a paraphrase with "libcuda.so", as reports retell it
//   - libcuda-not-found: a paraphrase with "lcuda", as reports retell it
//   - python-headers-missing: "Python.h: No such file or directory", 2.0–2.14
//   - python-headers-missing: "'Python.h' file not found", 2.0–2.14
//   - python-headers-missing: "include file 'Python.h' not found", 2.4–2.14
//   - python-headers-missing: "include file 'pyconfig.h' not found", 2.4–2.14
//   - python-headers-missing: "LNK1104", 2.5–2.14
//   - python-headers-missing: "LNK1104", 2.4–2.14
//   - python-headers-missing: "error C1083", 2.4–2.14
//   - python-headers-missing: "Can't find Python.h in ", 2.4–2.14
//   - python-headers-missing: a paraphrase with "headers", as reports retell it
//   - python-headers-missing: a paraphrase with "Python.h", as reports retell it
//   - python-headers-missing: a paraphrase with "python.h", as reports retell it
//   - python-headers-missing: a paraphrase with "include folder", as reports retell it
//   - python-headers-missing: a paraphrase with "include dir", as reports retell it
//   - python-headers-missing: a paraphrase with "Include folder", as reports retell it
//   - python-headers-missing: a paraphrase with "and libs", as reports retell it
//   - python-headers-missing: a paraphrase with "and `libs`", as reports retell it
//   - python-headers-missing: a paraphrase with "folder is missing", as reports retell it
//   - python-headers-missing: a paraphrase with "directory is missing", as reports retell it
//   - python-headers-missing: a paraphrase with "launcher", as reports retell it
//   - python-headers-missing: a paraphrase with "cuda_utils.c", as reports retell it
//   - python-headers-missing: a paraphrase with "Python.h", as reports retell it
//   - python-headers-missing: a paraphrase with "python.h", as reports retell it
//   - python-headers-missing: a paraphrase with "eds Python.h", as reports retell it
//   - python-headers-missing: a paraphrase with "python3-dev", as reports retell it
//   - python-headers-missing: "Python.h: No such file" (the message cut short), 2.0–2.14
//   - python-headers-missing: "fatal error: Python.h" (the message cut short), 2.0–2.14
//   - backend-ignores-inductor-config: "backend ignoring extra kwargs", 2.5–2.14
//   - backend-ignores-inductor-config: "cudagraphs backend ignoring extra kwargs", 2.13–2.14
//   - skip-cpp-wrapper: "skipping cudagraphs due to cpp wrapper enabled", 2.7–2.11
//   - skip-cpp-wrapper: "cpp-wrapper does not support graph partition yet", 2.13–2.14
//   - skip-cpp-wrapper: a paraphrase with "cpp wrapper", as reports retell it
//   - skip-cpp-wrapper: a paraphrase with "cpp_wrapper", as reports retell it
//   - skip-cpp-wrapper: a paraphrase with "cpp-wrapper", as reports retell it
//   - skip-cpp-wrapper: a paraphrase with "C++ wrapper", as reports retell it
//   - skip-cpp-wrapper: a paraphrase with "c++ wrapper", as reports retell it
//   - skip-cpp-wrapper: a paraphrase with "skipping cuda", as reports retell it
//   - skip-cpp-wrapper: "cudagraphs due to cpp wrapper enabled" (quoted without its first word), 2.7–2.11
//   - skip-cpp-wrapper: "does not support graph partition yet" (quoted up to its first clause's end), 2.13–2.14
//   - skip-complex-memory-overlap: "skipping cudagraphs due to complex input striding", 2.0–2.1
//   - skip-complex-memory-overlap: "'complex memory overlap'", 2.2–2.12
//   - skip-complex-memory-overlap: a paraphrase with "memory overlap", as reports retell it
//   - skip-complex-memory-overlap: a paraphrase with "complex input strid", as reports retell it
//   - skip-complex-memory-overlap: a paraphrase with "overlapping memory", as reports retell it
//   - skip-complex-memory-overlap: a paraphrase with "overlapping input", as reports retell it
//   - skip-complex-memory-overlap: a paraphrase with "overlapping graph input", as reports retell it
//   - skip-complex-memory-overlap: a paraphrase with "overlapping tensor", as reports retell it
//   - skip-complex-memory-overlap: a paraphrase with "Overlapping memory", as reports retell it
//   - skip-complex-memory-overlap: a paraphrase with "Overlapping input", as reports retell it
//   - skip-complex-memory-overlap: a paraphrase with "tensor overlap", as reports retell it
//   - skip-complex-memory-overlap: a paraphrase with "Tensor overlap", as reports retell it
//   - skip-complex-memory-overlap: a paraphrase with "input overlap", as reports retell it
//   - skip-complex-memory-overlap: a paraphrase with "Input overlap", as reports retell it
//   - skip-complex-memory-overlap: a paraphrase with "complex_strid", as reports retell it
//   - skip-complex-memory-overlap: a paraphrase with "skipping cuda", as reports retell it
//   - skip-complex-memory-overlap: "cudagraphs due to complex input striding" (quoted without its first word), 2.0–2.1
//   - trees-storage-not-in-pool: "These storage data ptrs are not allocated in pool", 2.1–2.14
//   - trees-storage-not-in-pool: "storage data ptrs are not allocated in pool" (quoted without its first word), 2.1–2.14
//   - trees-storage-not-in-pool: "data ptrs are not allocated in pool" (quoted up to its first clause's end), 2.1–2.14
//   - skip-unknown-reason: "skipping cudagraphs for unknown reason", 2.1
//   - skip-unknown-reason: a paraphrase with "unknown reason", as reports retell it
//   - skip-unknown-reason: a paraphrase with "Unknown reason", as reports retell it
//   - capture-unpinned-copy: "Cannot copy between CPU and CUDA tensors during CUDA graph capture", 2.11–2.14
//   - capture-unpinned-copy: a paraphrase with "unpinned", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "pageable", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "illegal H2D", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "illegal host-", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "graph capture", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "Graph capture", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "H2D cop", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "unpinned", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "unpinned", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "pageable", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "copy error", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "copy failure", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "copy excepti", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "copying betwe", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "forbidden ins", as reports retell it
//   - capture-unpinned-copy: a paraphrase with "forbidden dur", as reports retell it
//   - cuda-headers-missing: "cuda.h: No such file or directory", 2.0–2.14
//   - cuda-headers-missing: "cuda.h: No such file or directory", 2.2–2.14
//   - cuda-headers-missing: a paraphrase with "cuda.h", as reports retell it
//   - cuda-headers-missing: a paraphrase with "cuda.h", as reports retell it
//   - cuda-headers-missing: "cuda.h: No such file" (the message cut short), 2.0–2.14
//   - cuda-headers-missing: "cuda.h: No such file" (the message cut short), 2.2–2.14
//   - cuda-headers-missing: "fatal error: cuda.h" (the message cut short), 2.0–2.14
//   - cuda-headers-missing: "fatal error: cuda.h" (the message cut short), 2.2–2.14
//   - capture-default-stream: "CUDA graphs must be captured on a non-default stream", 2.0–2.14
//   - capture-default-stream: a paraphrase with "on the default stream", as reports retell it
//   - capture-default-stream: a paraphrase with "used for grap", as reports retell it
//   - capture-default-stream: a paraphrase with "used for capt", as reports retell it
//   - capture-default-stream: a paraphrase with "used for CUDA", as reports retell it
//   - capture-default-stream: "graphs must be captured on a non-default stream" (quoted without its first word), 2.0–2.14
//   - capture-default-stream: "must be captured on a non-default stream" (quoted up to its first clause's end), 2.0–2.14
//   - capture-nested-cudagraphs: "Cannot prepare for replay during capturing stage", 2.11
//   - capture-nested-cudagraphs: a paraphrase with "graph capture", as reports retell it
//   - capture-nested-cudagraphs: a paraphrase with "with manual ", as reports retell it
//   - capture-nested-cudagraphs: a paraphrase with "with explicit", as reports retell it
//   - capture-nested-cudagraphs: a paraphrase with "be nested", as reports retell it
//   - capture-nested-cudagraphs: "prepare for replay during capturing stage" (quoted up to its first clause's end), 2.11
//   - openmp-missing: "'omp.h' file not found", 2.0–2.14
//   - openmp-missing: "C1083", 2.0–2.14
//   - openmp-missing: "OpenMP support not found. Please try one of the following solutions", 2.1–2.14
//   - openmp-missing: "OpenMP support not found", 2.1–2.14
//   - openmp-missing: a paraphrase with "omp.h", as reports retell it
//   - openmp-missing: a paraphrase with "penmp error", as reports retell it
//   - openmp-missing: a paraphrase with "penMP error", as reports retell it
//   - openmp-missing: a paraphrase with "and OpenMP", as reports retell it
//   - openmp-missing: a paraphrase with "omp.h", as reports retell it
//   - openmp-missing: a paraphrase with "libomp", as reports retell it
//   - openmp-missing: a paraphrase with "OpenMP", as reports retell it
//   - static-launcher-overflow: "Python int too large to convert to C long", 2.8–2.9
//   - static-launcher-overflow: a paraphrase with "OverflowError", as reports retell it
//   - static-launcher-overflow: a paraphrase with "StaticCudaLauncher overflow", as reports retell it
//
// # Codes
//
// Each [Code] is documented once, here: when it occurs, an example of the text
// PyTorch prints, and the fix in short (the full, release-tailored fix is in the
// signature rows). The planner (package graphs) uses the same codes for its warnings
// where they name the same hazard. Codes are stable; new codes are added at the end.
package diagnose

// Code names one diagnosis. Its text form is stable: it is the JSON "code" and the
// planner's warning code for the same hazard.
type Code string

// The catalogue.
const (
	// TreesUserThreadTLS occurs when a user thread that did not initialise cudagraph
	// trees' thread-local state records a graph (2.1–2.13; fixed in 2.14, PR #184357).
	//
	// Example:
	//
	//	assert torch._C._is_key_in_tls(attr_name)
	//	AssertionError
	//
	// Fix: one process per GPU, or one long-lived thread for all compile and replay, or
	// no CUDA graphs in the threads, or 2.14.
	TreesUserThreadTLS Code = "trees-user-thread-tls"

	// TreesConcurrentCallers occurs when several threads call one cudagraph-tree
	// function at once before 2.14. The random generator's check among its messages
	// ("Offset increment outside graph capture …", 2.0–2.3's "CUDA generator expects
	// graph capture to be underway") and the allocator's ("beginAllocateToPool: already
	// recording to mempool_id") take the threads' cause only where threads are shown (a
	// thread's traceback or name, threads in prose, requests a server serves at once);
	// elsewhere (a capture made by hand or by an engine, or trees with one thread) they
	// have a failed capture's cause: one that failed earlier leaves the generator marked
	// as capturing and its memory pool recording, so every later capture into that pool
	// fails.
	//
	// Example (threads shown, so the threads' cause):
	//
	//	Exception in thread Thread-3 (worker):
	//	RuntimeError: beginAllocateToPool: already recording to mempool_id
	//
	// Fix: serialise calls with a lock, or one function per thread and process.
	TreesConcurrentCallers Code = "trees-concurrent-callers"

	// LegacyStaticInputMoved occurs when a parameter moves to a new address under the
	// legacy implementation (triton.cudagraph_trees=False).
	//
	// Example:
	//
	//	assert dst.data_ptr() == src.data_ptr()
	//
	// Fix: update parameters in place, or let cudagraph trees re-record.
	LegacyStaticInputMoved Code = "legacy-static-input-moved"

	// LegacyMutatedInput occurs when the legacy implementation meets a graph that
	// mutates an input (it refuses it where the log says so; on 2.11 it captures it
	// silently, measured). Its count-less line is also the trees' line quoted without
	// "(N instances)": it is this code where the log shows cudagraph_trees=False, the
	// line as torch's logger printed it (its header before it), or a release whose trees
	// print other words (2.3), else skip-mutated-inputs.
	//
	// Example:
	//
	//	torch._inductor.config.triton.cudagraph_trees = False
	//	skipping cudagraphs due to mutated inputs
	//
	// Fix: let cudagraph trees handle it, or return the new value instead.
	LegacyMutatedInput Code = "legacy-mutated-input"

	// LegacyConcurrentCallers occurs when several threads call one legacy-implementation
	// function at once. PyTorch prints nothing (measured on 2.11 with 16 threads), so no
	// signature row has this code: only the planner reports it, from the workload.
	//
	// Fix: serialise calls and clone outputs under the lock.
	LegacyConcurrentCallers Code = "legacy-concurrent-callers"

	// OverwrittenOutput occurs when code reads a cudagraph-tree output after a later
	// call reused its memory.
	//
	// Example:
	//
	//	RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. ...
	//
	// Fix: torch.compiler.cudagraph_mark_step_begin() before each call; clone kept outputs.
	// Raised from backward() (the traceback ends in autograd's run_backward), gradient
	// accumulation is the usual cause: .grad allocated before the first backward (measured
	// on 2.11).
	OverwrittenOutput Code = "overwritten-output"

	// AllocatorIncompatible occurs when the CUDA allocator cannot serve CUDA-graph memory
	// pools (backend:cudaMallocAsync, or no caching allocator).
	//
	// Example:
	//
	//	RuntimeError: cudaMallocAsync does not yet support checkPoolLiveAllocations. ...
	//
	// Fix: drop backend:cudaMallocAsync / PYTORCH_NO_CUDA_MEMORY_CACHING, or no CUDA graphs.
	AllocatorIncompatible Code = "allocator-incompatible"

	// DynamicShapeRerecord occurs when cudagraph trees record one graph per input size
	// past triton.cudagraph_dynamic_shape_warn_limit.
	//
	// Example:
	//
	//	CUDAGraph supports dynamic shapes by recording a new graph for each distinct input size. ...
	//
	// Fix: pad inputs to a few fixed sizes.
	DynamicShapeRerecord Code = "dynamic-shape-rerecord"

	// SkipCPUDevice occurs when a graph with a CPU tensor is not captured.
	//
	// Example:
	//
	//	skipping cudagraphs due to skipping cudagraphs due to cpu device (arg2_1)
	//
	// Fix: move the tensor to the GPU (a 0-d CPU scalar counts), or keep graph_partition on.
	SkipCPUDevice Code = "skip-cpu-device"

	// SkipMutatedInputs occurs when cudagraph trees run a function that mutates a user
	// input without CUDA graphs.
	//
	// Example:
	//
	//	skipping cudagraphs due to mutated inputs (1 instances)
	//
	// Fix: do not mutate inputs in place; return the new value, or register it as a buffer.
	SkipMutatedInputs Code = "skip-mutated-inputs"

	// SkipMultipleDevices occurs when one graph uses several devices.
	//
	// Example:
	//
	//	skipping cudagraphs due to skipping cudagraphs due to multiple devices: device(type='cuda', index=0), device(type='cuda', index=1)
	//
	// Fix: one device per compiled graph.
	SkipMultipleDevices Code = "skip-multiple-devices"

	// SkipIncompatibleOp occurs when a graph holds an op that cannot be captured.
	//
	// Example:
	//
	//	skipping cudagraphs due to ['incompatible ops']
	//
	// Fix: move the op out of the compiled function or behind a graph break.
	SkipIncompatibleOp Code = "skip-incompatible-op"

	// SkipDynamicGraphs occurs when triton.cudagraph_skip_dynamic_graphs=True meets a
	// graph with symbolic shapes.
	//
	// Example:
	//
	//	skipping cudagraphs due to graph with symbolic shapes inputs and config.triton.cudagraph_skip_dynamic_graphs=True.
	//
	// Fix: static shapes, or the flag off to record one graph per size.
	SkipDynamicGraphs Code = "skip-dynamic-graphs"

	// SkipNonTensorInputs occurs when a graph takes an input that is neither a tensor
	// nor a SymInt.
	//
	// Example:
	//
	//	skipping cudagraphs due to ['non-Tensor inputs']
	//
	// Fix: pass tensors, or make the value a constant of the function.
	SkipNonTensorInputs Code = "skip-non-tensor-inputs"

	// StreamCaptureIllegal occurs when an operation CUDA forbids during stream capture
	// runs while a CUDA graph is being captured (or one that Huawei Ascend's runtime
	// forbids, while torch_npu captures an NPU graph: its own wordings and ACL error
	// numbers, with the NPU's cause and fix).
	//
	// Example:
	//
	//	RuntimeError: CUDA error: operation not permitted when stream is capturing
	//
	// Fix: no synchronising calls in captured code or in other threads during a capture;
	// where NCCL's own CUDA call was refused (its "Cuda failure '…'" line), run each
	// captured collective once before the capture; where ProcessGroupNCCL's watchdog's
	// event query was, let collectives finish before capturing; where NVIDIA Warp's
	// module load was, load Warp's modules before capturing; where Ascend's runtime
	// refused it, keep the same calls out of the NPU graph's capture (an operation its
	// capture mode refuses runs only in the RELAXED mode).
	StreamCaptureIllegal Code = "stream-capture-illegal"

	// ModeAndOptions occurs when torch.compile gets both mode= and options=.
	//
	// Example:
	//
	//	RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.
	//
	// Fix: one options dict with the mode's table expanded.
	ModeAndOptions Code = "mode-and-options"

	// UnknownMode occurs when torch.compile gets a mode name the release lacks.
	//
	// Example:
	//
	//	RuntimeError: Unrecognized mode=reduce_overhead, should be one of: default, lite, reduce-overhead, max-autotune-no-cudagraphs, max-autotune
	//
	// Fix: a listed name, spelled exactly.
	UnknownMode Code = "unknown-mode"

	// UnknownOption occurs when an options= key is not a config key of the release.
	//
	// Example:
	//
	//	RuntimeError: Unexpected optimization option no_such_knob, known options are ['TYPE_CHECKING', ...]
	//
	// Fix: a key from torch._inductor.list_options() of that release.
	UnknownOption Code = "unknown-option"

	// OptionType occurs when an options= value has the wrong type.
	//
	// Example:
	//
	//	RuntimeError: Unexpected type of attr max_autotune, got int should be bool
	//
	// Fix: a value of the type after "should be".
	OptionType Code = "option-type"

	// InvalidBackend occurs when torch.compile gets a backend name that is not registered.
	//
	// Example:
	//
	//	torch._dynamo.exc.InvalidBackend: Invalid backend: 'Inductor', see `torch._dynamo.list_backends()` for available backends.
	//
	// Fix: a name exactly as torch._dynamo.list_backends() prints it.
	InvalidBackend Code = "invalid-backend"

	// UnknownGlobal occurs when a torch._inductor.config assignment names no key.
	//
	// Example:
	//
	//	AttributeError: torch._inductor.config.triton.no_such_knob does not exist
	//
	// Fix: a key from torch._inductor.list_options(), with its subconfig prefix.
	UnknownGlobal Code = "unknown-global"

	// TreesUntrackedPoolTensors occurs when cudagraph trees find a live tensor in their
	// memory pool that no recorded graph returned.
	//
	// Example:
	//
	//	RuntimeError: Detected 1 tensor(s) in the cudagraph pool not tracked as outputs. ...
	//	RuntimeError: These live storage data ptrs are in the cudagraph pool but not accounted for as an output of cudagraph trees: ...
	//
	// Fix: keep no tensor made inside the compiled function except its outputs; serialise threads.
	TreesUntrackedPoolTensors Code = "trees-untracked-pool-tensors"

	// TreesStaticInputChanged occurs when a parameter or buffer that cudagraph trees
	// recorded as a static input comes at a new address.
	//
	// Example:
	//
	//	RuntimeError: static input data pointer changed.
	//
	// Fix: update parameters in place.
	TreesStaticInputChanged Code = "trees-static-input-changed"

	// TreesInputDeallocated occurs when an input freed during recording is alive on replay.
	//
	// Example:
	//
	//	RuntimeError: TODO: graph recording observed an input tensor deallocate during graph  recording that did not occur during replay. Please file an issue.
	//
	// Fix: the same input lifetimes on every call.
	TreesInputDeallocated Code = "trees-input-deallocated"

	// TreesRerecordLimit occurs when a cudagraph-tree function re-records past
	// triton.cudagraph_unexpected_rerecord_limit and falls back to eager.
	//
	// Example:
	//
	//	skipping cudagraph due to function 0 exceeding max re-recording limit (=50) on cudagraph node None due to static input data pointer changed.
	//
	// Fix: stable static-input addresses.
	TreesRerecordLimit Code = "trees-rerecord-limit"

	// TreesPendingBackward occurs when a training graph's forward runs again before
	// its backward.
	//
	// Example:
	//
	//	Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. ...
	//
	// Fix: inference under torch.no_grad().
	TreesPendingBackward Code = "trees-pending-backward"

	// StreamCaptureUnjoined occurs when a capture ends with work forked onto another
	// stream and not joined back (on Huawei Ascend's NPU too: its runtime's
	// ACL_ERROR_RT_STREAM_UNJOINED, 107025).
	//
	// Example:
	//
	//	RuntimeError: CUDA error: capturing stream has unjoined work
	//
	// Fix: wait on every side stream before the capture ends.
	StreamCaptureUnjoined Code = "stream-capture-unjoined"

	// CaptureUnpinnedCopy occurs when a copy between a pageable CPU tensor and a CUDA
	// tensor runs inside a CUDA-graph capture (2.11 and later say so; older releases fail
	// at the copy's synchronisation, stream-capture-illegal).
	//
	// Example:
	//
	//	RuntimeError: Cannot copy between CPU and CUDA tensors during CUDA graph capture unless the CPU tensor is pinned. Please use tensor.pin_memory() or allocate the tensor with pin_memory=True.
	//
	// Fix: make the value a CUDA tensor before the capture, or copy from pinned memory.
	CaptureUnpinnedCopy Code = "capture-unpinned-copy"

	// CUDAGraphEmpty occurs when a capture recorded no work.
	//
	// Example:
	//
	//	UserWarning: The CUDA Graph is empty. This usually means that the graph was attempted to be captured on wrong device or stream.
	//
	// Fix: capture on the tensors' device and stream.
	CUDAGraphEmpty Code = "cuda-graph-empty"

	// InductorConfigNotImported occurs when torch._inductor.config is used before the
	// submodule was imported (up to 2.5).
	//
	// Example:
	//
	//	AttributeError: module 'torch._inductor' has no attribute 'config'
	//
	// Fix: import torch._inductor.config.
	InductorConfigNotImported Code = "inductor-config-not-imported"

	// BackendTakesNoMode occurs when torch.compile passes mode= (or options=) to a backend
	// that takes no such keyword.
	//
	// Example:
	//
	//	TypeError: CudagraphsBackend.__call__() got an unexpected keyword argument 'mode'
	//	TypeError: tvm() got an unexpected keyword argument 'options'
	//
	// Fix: drop mode= (options=) for that backend.
	BackendTakesNoMode Code = "backend-takes-no-mode"

	// UnsupportedPython occurs when torch.compile refuses the platform: a Python
	// release too new for the torch release, or (older releases) Windows.
	//
	// Example:
	//
	//	RuntimeError: Python 3.14+ not yet supported for torch.compile
	//
	// Fix: a Python (or platform) the torch release supports.
	UnsupportedPython Code = "unsupported-python"

	// EnvForceOverrides occurs when a TORCHINDUCTOR_* variable that is an
	// env_name_force variable pins a key that the log also sets with a global
	// assignment (torch._inductor.config.X = V, through the common alias inductor_config,
	// or retold: "vllm patch inductor_config.fx_graph_cache to True") or an option: the
	// variable wins, silently. PyTorch prints nothing, so
	// no signature row has this code: the finding comes from planning the call and the
	// environment the log shows (Finding.Match "planned"), as the planner's warning of
	// the same code.
	//
	// Example (a log with both lines):
	//
	//	$ TORCHINDUCTOR_FX_GRAPH_CACHE=0 python train.py
	//	torch._inductor.config.fx_graph_cache = True
	//
	// Fix: unset the variable, or set the value through it.
	EnvForceOverrides Code = "env-force-overrides"

	// CUDAInvalidContext occurs when a CUDA call runs on an OS thread where no CUDA
	// context (or another device's) is current: the context is current per OS thread,
	// and a Go goroutine migrates between threads unless it is locked to one. A CUDA IPC
	// memory handle opened in the process that created it fails with the same words
	// (cudaErrorDeviceUninitialized), the cause given where the text shows one.
	//
	// Example:
	//
	//	cuCtxGetDevice(&this_device) failed: invalid device context
	//
	// Fix: runtime.LockOSThread(), then make the context current on that thread
	// (cuCtxSetCurrent) before any CUDA call.
	CUDAInvalidContext Code = "cuda-invalid-context"

	// CaptureRNGState occurs when code reads or resets the CUDA random generator's seed or
	// offset while a CUDA graph is being captured (torch.cuda.get_rng_state,
	// torch.manual_seed, a new CUDA generator, activation checkpointing that saves the RNG
	// state, a kernel library's dropout): PyTorch refuses these calls during capture.
	//
	// Example:
	//
	//	RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture. If you need this call to be captured, please file an issue. Current cudaStreamCaptureStatus: cudaStreamCaptureStatusActive
	//
	// Fix: seed and read RNG state before or after the capture; warm up outside it.
	CaptureRNGState Code = "capture-rng-state"

	// OptimizerNotCapturable occurs when a CUDA-graph capture runs an optimizer's step()
	// that was built with capturable=False (the default).
	//
	// Example:
	//
	//	RuntimeError: Attempting CUDA graph capture of step() for an instance of AdamW but param_groups' capturable is False.
	//
	// Fix: build the optimizer with capturable=True, or keep step() out of the capture.
	OptimizerNotCapturable Code = "optimizer-not-capturable"

	// OptimizerCapturableDevice occurs when an optimizer built with capturable=True steps
	// parameters or step counters that are not on a device capture supports (a CPU
	// parameter, or a "step" counter loaded onto the CPU from a checkpoint).
	//
	// Example:
	//
	//	AssertionError: If capturable=True, params and state_steps must be on supported devices: ['cuda', 'xla', 'hpu', 'privateuseone'].
	//
	// Fix: keep parameters and optimizer state on the GPU, or capturable=False.
	OptimizerCapturableDevice Code = "optimizer-capturable-device"

	// CUDAGraphUnavailable occurs when code uses CUDA graphs (torch.cuda.CUDAGraph,
	// torch.cuda.graph_pool_handle, torch.cuda.is_current_stream_capturing) with a torch
	// build that has no CUDA: a CPU-only wheel, or a build for XPU, MPS or an NPU, where
	// these are placeholders that raise when used.
	//
	// Example:
	//
	//	RuntimeError: Tried to instantiate dummy base class CUDAGraph
	//
	// Fix: a CUDA build of torch on an NVIDIA GPU, or no CUDA graphs on this device.
	CUDAGraphUnavailable Code = "cuda-graph-unavailable"

	// TritonMissing occurs when Inductor compiles a graph on a GPU and cannot import a
	// Triton that this torch release can use (none installed, as on Windows where torch
	// wheels bring none, or one too old or replaced by another package), or imports one
	// that does not match it: a name Inductor takes from Triton is gone (triton_key,
	// 2.6's AttrsDescriptor, CompiledKernel.launch_enter_hook under Triton 3.4 and later).
	//
	// Example:
	//
	//	torch._inductor.exc.TritonMissing: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at: https://github.com/triton-lang/triton
	//
	// Fix: install the Triton that this torch pins (triton-windows on Windows), or
	// compile without Inductor's GPU code (backend="aot_eager"), or without torch.compile.
	TritonMissing Code = "triton-missing"

	// GPUTooOldForTriton occurs when Inductor compiles a graph on a CUDA GPU of compute
	// capability below 7.0 (Pascal and older: GTX 10xx, P100, P40, TITAN X), for which
	// Triton generates no code.
	//
	// Example:
	//
	//	RuntimeError: Found NVIDIA GeForce GTX 1080 which is too old to be supported by the triton GPU compiler, which is used as the backend. Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.1
	//
	// Fix: compile without Inductor on this GPU (backend="aot_eager" or "cudagraphs", or
	// no torch.compile), or a GPU of capability 7.0 or newer.
	GPUTooOldForTriton Code = "gpu-too-old-for-triton"

	// CXXCompilerMissing occurs when Inductor needs its C++ compiler (CPU kernels, and
	// its checks of the CPU's vector instructions) and none runs: the one named by
	// torch._inductor.config.cpp.cxx (or $CXX) on Linux and macOS, MSVC's cl on Windows.
	//
	// Example:
	//
	//	InvalidCxxCompiler: No working C++ compiler found in torch._inductor.config.cpp.cxx: (None, 'g++')
	//
	// Fix: install a C++ compiler (g++, clang; Visual Studio Build Tools on Windows, run
	// from its x64 Native Tools prompt), or name one in CXX; or compile without Inductor.
	CXXCompilerMissing Code = "cxx-compiler-missing"

	// NoValidAutotuneChoices occurs when Inductor's kernel selection for an op (a
	// matmul or convolution under max-autotune, or flex_attention, which always selects
	// among Triton templates) is left with no candidate kernel.
	//
	// Example:
	//
	//	NoValidChoicesError: No choices to select, please consider adding ATEN into max_autotune_gemm_backends config (defined in torch/_inductor/config.py) to allow at least one choice.
	//
	// Fix: keep ATEN in max_autotune_gemm_backends; for flex_attention, compile it with
	// mode="max-autotune-no-cudagraphs".
	NoValidAutotuneChoices Code = "no-valid-autotune-choices"

	// MaxAutotuneGEMMOff occurs when max-autotune runs on a GPU that Inductor deems too
	// small for its matmul search (fewer than 68 SMs on CUDA; an older arch on ROCm): it
	// warns and keeps ATen's matmuls. Nothing fails.
	//
	// Example:
	//
	//	W0301 14:50:21.667000 3157 torch/_inductor/utils.py:1137] [2/0] Not enough SMs to use max_autotune_gemm mode
	//
	// Fix: none needed; expect less from max-autotune on this GPU.
	MaxAutotuneGEMMOff Code = "max-autotune-gemm-off"

	// LibcudaNotFound occurs when Triton builds its small C launcher for a GPU kernel
	// and the linker finds no libcuda.so (the driver's library) to link it with.
	//
	// Example (the linker's line alone is any C build's failure: the row wants a line
	// that shows Triton, torch.compile or Inductor in the same text, as a log of the
	// failing program does):
	//
	//	model = torch.compile(model)
	//	/usr/bin/ld: cannot find -lcuda: No such file or directory
	//
	// Fix: TRITON_LIBCUDA_PATH=<the directory of libcuda.so.1>, or a libcuda.so
	// symlink and ldconfig.
	LibcudaNotFound Code = "libcuda-not-found"

	// CUDAHeadersMissing occurs when Triton compiles the C launcher of a GPU kernel,
	// which includes cuda.h, and the C compiler finds no cuda.h.
	//
	// Example:
	//
	//	/tmp/tmpep5h01ci/main.c:2:10: fatal error: cuda.h: No such file or directory
	//
	// Fix: a Triton whose package ships cuda.h, or the CUDA toolkit's headers where the build finds them.
	CUDAHeadersMissing Code = "cuda-headers-missing"

	// PythonHeadersMissing occurs when Triton (or Inductor's C++ code) compiles C
	// against the running Python's headers and they are not installed.
	//
	// Example:
	//
	//	/tmp/tmpn8c04nql/main.c:4:10: fatal error: Python.h: No such file or directory
	//
	// Fix: install the headers of that Python (python3.X-dev, python3-devel).
	PythonHeadersMissing Code = "python-headers-missing"

	// BackendIgnoresInductorConfig occurs when torch.compile passes mode= or options=
	// to a backend other than inductor that takes them and ignores them (the check
	// mode's warning of the same code says it before the run).
	//
	// Example:
	//
	//	eager backend ignoring extra kwargs {'mode': 'reduce-overhead'}
	//
	// Fix: backend="inductor" for the mode's effect, or drop mode= and options=.
	BackendIgnoresInductorConfig Code = "backend-ignores-inductor-config"

	// SkipCPPWrapper occurs when Inductor runs a graph without CUDA graphs because
	// cpp_wrapper is on (2.7–2.11), or on with graph_partition (2.13–2.14).
	//
	// Example:
	//
	//	skipping cudagraphs due to cpp-wrapper does not support graph partition yet
	//
	// Fix: graph_partition=False (2.13–2.14) or cpp_wrapper off.
	SkipCPPWrapper Code = "skip-cpp-wrapper"

	// SkipComplexMemoryOverlap occurs when Inductor runs a graph without CUDA graphs
	// because an input's memory overlaps itself (an expanded view with stride 0), which
	// the copy into the graph's static input cannot write (2.0–2.13; 2.14 copies it).
	//
	// Example:
	//
	//	skipping cudagraphs due to ['complex memory overlap']
	//
	// Fix: pass x.contiguous() (or x.clone()) for such an input.
	SkipComplexMemoryOverlap Code = "skip-complex-memory-overlap"

	// TreesStorageNotInPool occurs when cudagraph trees' pool check finds outputs that
	// the caching allocator did not allocate in the graph's pool (2.1–2.14).
	//
	// Example:
	//
	//	RuntimeError: These storage data ptrs are not allocated in pool (0, 1) but should be {139872617431040}
	//
	// Fix: keep the caching allocator on; no mark_static_address output; a custom op's fake
	// function that aliases as the op does.
	TreesStorageNotInPool Code = "trees-storage-not-in-pool"

	// SkipUnknownReason occurs when torch 2.1 runs a graph without CUDA graphs for a
	// reason it does not log: an op it refuses, a non-Tensor input, or a non-CUDA graph.
	//
	// Example:
	//
	//	skipping cudagraphs for unknown reason
	//
	// Fix: move the refused op out of the compiled function, pass tensors; 2.2 names the reason.
	SkipUnknownReason Code = "skip-unknown-reason"

	// CaptureDefaultStream occurs when a CUDA graph capture begins on the device's default
	// stream, which CUDAGraph.capture_begin refuses (2.0–2.14).
	//
	// Example:
	//
	//	RuntimeError: CUDA graphs must be captured on a non-default stream. (However, after capture, it's ok to replay them on the default stream.)
	//
	// Fix: capture under torch.cuda.graph (it sets a side stream) or with a side stream current.
	CaptureDefaultStream Code = "capture-default-stream"

	// CaptureNestedCUDAGraphs occurs when a function compiled with CUDA graphs
	// (reduce-overhead, max-autotune) is called inside a hand capture (torch.cuda.graph):
	// its tree's replay cannot be prepared while the stream captures (measured on 2.11);
	// inside an engine's own capture (vLLM's), a component's own graph replayed there.
	//
	// Example:
	//
	//	RuntimeError: Cannot prepare for replay during capturing stage. during CUDA graph capture. If you need this call to be captured, please file an issue. Current cudaStreamCaptureStatus: cudaStreamCaptureStatusActive
	//
	// Fix: compile with max-autotune-no-cudagraphs under a hand capture, or drop the hand capture.
	CaptureNestedCUDAGraphs Code = "capture-nested-cudagraphs"

	// OpenMPMissing occurs when Inductor compiles a CPU kernel as C++ with OpenMP and
	// the compiler finds none: Apple's clang on macOS ships no omp.h or libomp.
	//
	// Example:
	//
	//	/var/folders/x7/T/torchinductor_me/ab/cab.cpp:2:10: fatal error: 'omp.h' file not found
	//
	// Fix: conda install llvm-openmp, or brew install libomp with OMP_PREFIX, or a CXX with OpenMP.
	OpenMPMissing Code = "openmp-missing"

	// StaticLauncherOverflow occurs on Windows with torch 2.8 and 2.9 when Inductor's
	// static CUDA launcher launches a kernel on a side stream (CUDA graphs' warm-up and
	// capture under mode="reduce-overhead" or "max-autotune", or a program's own
	// stream): it reads the stream's 64-bit handle as a C long, 32 bits on Windows
	// (PR #162920 fixed it for 2.10, issue #162430).
	//
	// Example:
	//
	//	  File "D:\AI\ComfyUI_windows_portable\python_embeded\Lib\site-packages\torch\_inductor\runtime\static_cuda_launcher.py", line 244, in run
	//	    _StaticCudaLauncher._launch_kernel(
	//	OverflowError: Python int too large to convert to C long
	//
	// Fix: torch._inductor.config.use_static_cuda_launcher = False, or torch 2.10 or later.
	StaticLauncherOverflow Code = "static-launcher-overflow"
)

// Codes returns every code of the catalogue, in catalogue order.
func Codes() []Code {
	return []Code{
		TreesUserThreadTLS, TreesConcurrentCallers, LegacyStaticInputMoved, LegacyMutatedInput,
		LegacyConcurrentCallers, OverwrittenOutput, AllocatorIncompatible, DynamicShapeRerecord,
		SkipCPUDevice, SkipMutatedInputs, SkipMultipleDevices, SkipIncompatibleOp, SkipDynamicGraphs,
		SkipNonTensorInputs, StreamCaptureIllegal, ModeAndOptions, UnknownMode, UnknownOption,
		OptionType, InvalidBackend, UnknownGlobal, TreesUntrackedPoolTensors, TreesStaticInputChanged,
		TreesInputDeallocated, TreesRerecordLimit, TreesPendingBackward, StreamCaptureUnjoined,
		CUDAGraphEmpty, InductorConfigNotImported, BackendTakesNoMode, UnsupportedPython,
		EnvForceOverrides, CUDAInvalidContext, CaptureRNGState, OptimizerNotCapturable,
		OptimizerCapturableDevice, CUDAGraphUnavailable, TritonMissing, GPUTooOldForTriton,
		CXXCompilerMissing, NoValidAutotuneChoices, MaxAutotuneGEMMOff, LibcudaNotFound,
		PythonHeadersMissing, BackendIgnoresInductorConfig, SkipCPPWrapper, SkipComplexMemoryOverlap,
		TreesStorageNotInPool, SkipUnknownReason, CaptureUnpinnedCopy, CUDAHeadersMissing, CaptureDefaultStream,
		CaptureNestedCUDAGraphs, OpenMPMissing, StaticLauncherOverflow,
	}
}

// Silent reports whether PyTorch prints nothing for code, so that no log can show it
// and no signature row carries it (legacy-concurrent-callers, measured on 2.11).
func (c Code) Silent() bool { return c == LegacyConcurrentCallers }

// Planned reports whether code comes from planning the call a log shows rather than
// from a message, so that no signature row carries it (env-force-overrides).
func (c Code) Planned() bool { return c == EnvForceOverrides }
