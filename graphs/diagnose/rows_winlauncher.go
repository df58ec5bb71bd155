package diagnose

import "github.com/compilemode/compilemode/modes"

// Inductor's static CUDA launcher on Windows (newuser29 F13): torch 2.8 and 2.9 read the
// raw CUDA stream a kernel launches on with PyArg_ParseTuple's format "l", a C long, which
// is 32 bits on Windows (LLP64); a stream other than the legacy default one is a pointer
// above LONG_MAX there, so the launch raises CPython's OverflowError before the kernel
// runs. CUDA graphs (mode="reduce-overhead", "max-autotune") run their warm-up and capture
// on a side stream, and so does a program's own side stream (ComfyUI's async offload), so
// the default mode on the default stream does not meet it.
//
// What is read, and where:
//   - the launcher: torch/csrc/inductor/static_cuda_launcher.cpp launch_kernel parses
//     (func, grid x/y/z, num_warps, shared memory, arg types, args, stream) with
//     "KiiiiisOl" into a uint64_t stream in the stored copies of 2025 (three versions in
//     the search tool's code store), and with "KiiiiisOK" after PR #162920 ("[easy] Fix
//     unsigned long issue in static cuda launcher", 2025-09-14, Fixes #162430: "It's a bit
//     hard to come up with a unit test where the stream exceeds a C++ long"), commit
//     7d1bcd9a;
//   - the releases: the launcher came with PR #148890 (2025-03) and is on by default in
//     OSS from PR #151691 (2025-04-18: static_cuda_launcher_default() returns True outside
//     fbcode unless TORCHINDUCTOR_USE_STATIC_CUDA_LAUNCHER is set), so 2.8 is the first
//     release that launches through it; PR #162920 came after 2.9's branch cut:
//     woct0rdho/triton-windows#171 (2025-11, "PyTorch: 2.9", "only when reduce-overhead is
//     used") and pytorch/pytorch#166886 (2025-11, reduce-overhead or max-autotune) meet
//     it on 2.9, daydreamlive/scope PR #337 (2026-01, torch==2.9.1) patches the DLL's
//     "KiiiiisOl" to "KiiiiisOK" and says it "can be removed when upgrading to a PyTorch
//     version with the fix (2.10.0+)";
//   - the workaround on 2.8 and 2.9: use_static_cuda_launcher (torch/_inductor/config.py,
//     its default static_cuda_launcher_default()) set False, or
//     TORCHINDUCTOR_USE_STATIC_CUDA_LAUNCHER=0, so that Triton's own launcher launches
//     (Comfy-Org/ComfyUI#10957: "I did this and works now", after
//     pytorch/pytorch#162430's comment); Triton's own launcher had the same bug on Windows
//     until triton-lang/triton#5351 (woct0rdho/triton-windows' BUILD.md), which this row
//     does not read: its frames are Triton's, not torch's.
//
// The message is CPython's for any int a C long cannot hold (numpy's astype, ctypes,
// scipy, chainer, TensorFlow's py_func on Windows): the row applies only where the log
// shows the static launcher, CUDA graphs' code or a mode that turns them on
// (staticLauncherContext).

// staticLauncherOverflowLiteral is CPython's message for an int that a C long cannot
// hold (Objects/longobject.c PyLong_AsLong), as the static launcher's parse raises it.
const staticLauncherOverflowLiteral = "Python int too large to convert to C long"

// staticLauncherContext is what a log must show for the row: the static launcher (its
// module, its C++ class), CUDA graphs' code (cudagraph_trees.py, cudagraphify), a mode
// that turns them on (reduce-overhead; max-autotune, not max-autotune-no-cudagraphs), the
// PyTorch issues that report it (#162430, which PR #162920 fixes, and #166886, linked as
// a README's workaround: "follow instructions listed <a href="https://github.com/pytorch/
// pytorch/issues/162430#…">here</a>", holdoutGC's mouthpiece README), or torch.compile
// named with Windows in one sentence ("Using the <code>compile=True</code> model parameter
// on Windows devices", the same README), or Windows then Inductor: a C long overflows
// there only, since Windows' is 32 bits (LLP64). Inductor before Windows is not read:
// "inductor" is in every frame's torch/_inductor path, and an alternative that starts
// with it would be tried on each line (TestStockWarningsCheap). torch.compile or Inductor alone is not enough: a compiled
// model's program meets CPython's message in its own numpy or ctypes code as readily; nor
// is Windows alone ("Fixed \"Python int too large to convert to C long\" error on Windows
// when accessing GEE task status", holdoutGC's GEE changelog, a negative).
const staticLauncherContext = `static_cuda_launcher|StaticCudaLauncher|cudagraph_trees|cudagraphify|` +
	`reduce[-_]overhead|max-autotune(?:[^-]|$)|pytorch/pytorch(?:/issues/|#)16(?:2430|6886)\b|` +
	`torch\.compile` + oneSentence + `\bWindows\b|compile=True` + oneSentence + `\bWindows\b|torch_compile` + oneSentence + `\bWindows\b|` +
	`Windows` + oneSentence + `(?:torch\.compile|\bcompile=True|torch_compile|\b[Ii]nductor)`

// oneSentence: up to 100 bytes of one sentence on one line, a dot only inside a name
// ("torch.compile", "torch._inductor") or a number ("2.9.1"): a line that ends in a stop and the next one,
// joined as a wrapped line is, are two sentences.
const oneSentence = `(?:[^\n.]|\.[a-z_(0-9]){0,100}?`

// staticLauncherSource names where the row's facts are read (the comment above).
const staticLauncherSource = "torch/csrc/inductor/static_cuda_launcher.cpp launch_kernel: PyArg_ParseTuple(args, " +
	"\"KiiiiisOl\", …, &stream) in the stored copies of 2025, \"KiiiiisOK\" after PR #162920 (2025-09-14, " +
	"commit 7d1bcd9a, Fixes #162430); on by default in OSS from PR #151691 (2025-04, 2.8); reports on 2.9: " +
	"woct0rdho/triton-windows#171, pytorch/pytorch#166886, ultralytics/ultralytics#21998, " +
	"Comfy-Org/ComfyUI#10957 (fixed by the config key); daydreamlive/scope PR #337 (torch==2.9.1, " +
	"\"2.10.0+\" has the fix); rows_winlauncher.go"

// windowsLauncherRows: the static CUDA launcher's stream on Windows.
func windowsLauncherRows() []Signature {
	return []Signature{{
		Code: StaticLauncherOverflow, Literal: staticLauncherOverflowLiteral,
		Requires: staticLauncherContext,
		Releases: modes.Minors(8, 9),
		Cause: "on Windows, Inductor's static CUDA launcher (the default launcher of its Triton kernels " +
			"from 2.8) reads the CUDA stream as a C long, which is 32 bits there: a kernel launched on a " +
			"side stream, whose handle is a 64-bit pointer, overflows it; CUDA graphs " +
			"(mode=\"reduce-overhead\" or \"max-autotune\") warm up and capture on a side stream, and so " +
			"does a program's own torch.cuda.Stream",
		Fix: "set torch._inductor.config.use_static_cuda_launcher = False before the first compiled call " +
			"(or TORCHINDUCTOR_USE_STATIC_CUDA_LAUNCHER=0), so that Triton's own launcher launches the " +
			"kernels; or upgrade torch to 2.10 or later, whose launcher reads the stream as an unsigned " +
			"64-bit value (PR #162920); or compile without CUDA graphs (mode=\"max-autotune-no-cudagraphs\" " +
			"or the default mode: reports meet it only with reduce-overhead or max-autotune, " +
			"woct0rdho/triton-windows#171, pytorch/pytorch#166886) where no side stream of your own runs " +
			"the compiled code",
		Evidence: modes.Source,
		Source:   staticLauncherSource,
		Decisive: "the OverflowError line (under static_cuda_launcher.py's run, _StaticCudaLauncher._launch_kernel)",
	}}
}

// retoldWinLauncher returns the retelling of static-launcher-overflow: the OverflowError
// named with what launches on a side stream, or the launcher's overflow by name, without
// CPython's message ("Adds automatic binary patching of `torch_python.dll` at Python
// startup to fix OverflowError in `torch.compile` with `reduce-overhead` mode on Windows"
// and its title "Auto-patch torch_python.dll for StaticCudaLauncher overflow fix",
// daydreamlive/scope PR #337; newuser29 F13).
func retoldWinLauncher() []retelling {
	return []retelling{
		borrow(StaticLauncherOverflow, staticLauncherOverflowRetold, "the OverflowError told with reduce-overhead, "+
			"CUDA graphs, the static CUDA launcher or Windows in its sentence, or the launcher's overflow by name "+
			"(daydreamlive/scope PR #337: \"fix OverflowError in `torch.compile` with `reduce-overhead` mode on "+
			"Windows\", \"StaticCudaLauncher overflow fix\"; rows_winlauncher.go)"),
	}
}

// staticLauncherOverflowRetold reads the OverflowError (its class's name, the literal)
// with, in its sentence and within 60 bytes before or after, what puts the launch on a
// side stream or where it overflows (sideStreamNamed); and the launcher named before
// "overflow". An OverflowError told with torch.compile alone ("an OverflowError in
// torch.compile for float('inf')", Dynamo's own) or with Windows alone ("Fix OverflowError:
// Python int too large to convert to C long on Windows", scipy/scipy#7072) is left unread:
// the class is CPython's for every int a C type cannot hold.
// sideStreamNamed: reduce-overhead, CUDA graphs, the static CUDA launcher.
// CUDA graphs named after "no-" ("max-autotune-no-cudagraphs") are none.
const sideStreamNamed = `(?:\breduce[-_]overhead\b|\bstatic\s?cuda\s?launcher\b|(?:^|[^-\w])(?:cuda\s?graphs?|cudagraphs?)\b)`

// inSentence: up to 60 bytes of one sentence: a dot only inside a name ("torch.compile").
const inSentence = `(?:[^.;\n]|\.\S){0,60}?`

var staticLauncherOverflowRetold = retold{
	literals: []string{"OverflowError", "StaticCudaLauncher overflow"},
	pattern: `(?i)\boverflowerror\b` + inSentence + sideStreamNamed + `|` + sideStreamNamed + inSentence + `\boverflowerror\b|` +
		`\bstaticcudalauncher\soverflow\b`,
}
