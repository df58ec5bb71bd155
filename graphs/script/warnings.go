package script

// The warning codes of [Warning]. Add new codes at the end; the values are stable.
const (
	// WarningEnvAfterImport occurs when the script sets a variable that
	// torch._inductor.config reads at its import after that import (an import of
	// torch._inductor or torch._dynamo, the first torch.compile, or a call of
	// torch.compiler.set_stance, disable, allow_in_graph, cudagraph_mark_step_begin
	// and the like, decorators included), too late for the
	// default it sets. Variables read at each call (TORCHINDUCTOR_CACHE_DIR), by the
	// allocator, or not by PyTorch at all are never too late.
	//
	//	import torch._inductor.config
	//	os.environ["TORCHINDUCTOR_MAX_AUTOTUNE"] = "1"
	//
	// Fix: set it before that import, or in the shell.
	WarningEnvAfterImport = "env-after-import"

	// WarningPutenv occurs when the script uses os.putenv for a variable that PyTorch
	// reads through os.environ, which putenv does not update (Python docs, os.putenv).
	//
	//	os.putenv("TORCHINDUCTOR_FX_GRAPH_CACHE", "0")
	//
	// Fix: os.environ[NAME] = VALUE.
	WarningPutenv = "env-putenv"

	// WarningNotLiteral occurs when a config global, config.patch value or environment
	// value is not a Python literal, so the plan cannot use it.
	//
	//	torch._inductor.config.max_autotune = args.autotune
	//
	// Fix: pass the value you run with on the command line (-set, -env).
	WarningNotLiteral = "not-a-literal"

	// WarningThreadTargetUnknown occurs when a thread runs code that is not a function
	// of this file, so whether it calls compiled code is unknown.
	//
	//	threading.Thread(target=server.loop).start()
	//
	// Fix: pass the thread layout on the command line (-threads).
	WarningThreadTargetUnknown = "thread-target-unknown"

	// WarningThreadsNotFollowed occurs when a script starts more threads than
	// the reader follows (64).
	WarningThreadsNotFollowed = "threads-not-followed"

	// WarningPlansCut occurs when a file has more distinct scenarios than
	// PlanOptions.MaxPlans: the sites past the cap are not planned.
	//
	// Fix: raise PlanOptions.MaxPlans, or plan fewer sites at once.
	WarningPlansCut = "plans-cut"

	// WarningGuardFalse occurs when a global is assigned under hasattr(config, "KEY")
	// and the release has no KEY: the guard is false, the assignment does not run,
	// and the plan leaves it out.
	//
	//	if hasattr(inductor_config, "max_autotune_conv"):
	//	    inductor_config.max_autotune_conv = True
	WarningGuardFalse = "guard-false"

	// WarningGlobalRaises occurs when a global assignment raises AttributeError on
	// the release planned: the warning names its line and the guard it is under.
	//
	// Fix: remove the assignment, or guard it with hasattr.
	WarningGlobalRaises = "global-raises"

	// WarningNestedBlocks occurs when loops, with and try blocks nest more than 20
	// deep in one function: CPython 3.11 refuses the file, 3.13 and 3.14 accept it.
	//
	// Fix: move the inner blocks into a function.
	WarningNestedBlocks = "nested-blocks"

	// WarningFrameworkCompile occurs when the script hands torch.compile's arguments to
	// a framework that calls torch.compile for it: transformers'
	// TrainingArguments(torch_compile=…, torch_compile_mode=…, torch_compile_backend=…),
	// accelerate's TorchDynamoPlugin(backend=…, mode=…) or Accelerator(dynamo_backend=…)
	// (each as its own sources document it). The call is in the framework; the warning says
	// what reaches torch.compile, and when it surely compiles (a literal backend that
	// is not accelerate's "no", or transformers' default) it is planned as a site of
	// kind framework at the constructor, so -mode with -script plans it too.
	//
	//	args = TrainingArguments(output_dir="out", torch_compile_mode="reduce-overhead")
	//
	// Fix: none needed when planned; else plan it with the flags the warning names
	// (-mode reduce-overhead).
	WarningFrameworkCompile = "framework-compile"

	// WarningCompileRebound occurs for a torch.compile call after the script bound
	// torch.compile to something other than a functools.partial of it (a lambda, a
	// def): the call runs that, so it is not planned. A partial's keywords join each
	// later call's, and a guarded rebinding is a note on the site.
	//
	//	torch.compile = lambda m, *a, **k: m
	//
	// Fix: none needed, when meant; else remove the rebinding.
	WarningCompileRebound = "compile-rebound"

	// WarningCellNotRead occurs for a notebook's code cell under a cell magic that
	// does not run its body as Python in the kernel (%%bash, %%writefile, %%html,
	// %%python, which runs it in another process): the cell is not read. The cell
	// magics that do (%%time, %%timeit, %%capture, %%prun, %%debug) are read.
	//
	// Fix: none; a torch.compile such a cell runs elsewhere is planned by -script on
	// that file.
	WarningCellNotRead = "cell-not-read"

	// WarningThreadNotStarted occurs when a threading.Thread the script names is
	// never start()ed: run() runs its target in the calling thread, and a thread never
	// started runs nothing (CPython Lib/threading.py Thread.start, Thread.run).
	//
	//	for t in ts:
	//	    t.run()
	//
	// Fix: t.start() if a thread was meant; else nothing.
	WarningThreadNotStarted = "thread-not-started"

	// WarningStance occurs for a torch.compiler.set_stance call the plans do not take:
	// one under a guard (each branch's plan is not made), one whose stance is not a
	// literal, or one with force_backend=, which replaces the backend at each call. A
	// set_stance the plans take is a note on each site whose first call it is in force
	// at.
	//
	//	if args.eager:
	//	    torch.compiler.set_stance("force_eager")
	//
	// Fix: none; the warning says what the stance does when it runs.
	WarningStance = "compile-stance"

	// WarningForkAfterCUDA occurs for a multiprocessing Process or Pool (or a
	// ProcessPoolExecutor) started with fork, the default start method on Linux up to
	// Python 3.13, after the script initialised CUDA (a .cuda(), a compiled function's
	// call): a worker that uses CUDA raises "Cannot re-initialize CUDA in forked
	// subprocess". It says what the parent does then (forkexit.go): where it gathers
	// that worker's result it re-raises, and the run fails ([Script.Exit] is Raises,
	// [Script.RunFailure] says why); else it goes on.
	//
	//	model = torch.compile(net.cuda(), mode="reduce-overhead"); model(x)
	//	with mp.Pool(2) as pool: pool.map(infer, xs)
	//
	// Fix: multiprocessing.set_start_method("spawn") (or get_context("spawn")) before
	// the pool, or initialise CUDA only in the workers.
	WarningForkAfterCUDA = "fork-after-cuda"

	// WarningNoVisibleDevice occurs when the script starts threads, or builds
	// nn.DataParallel, for each of torch.cuda.device_count() devices while
	// CUDA_VISIBLE_DEVICES (set by the script before CUDA is initialised, or in the
	// environment it starts in) names none ("", "-1", a repeated ordinal): the count
	// is 0 (torch/cuda/__init__.py _parse_visible_devices @ 2.6.0 and 2.14.1).
	//
	//	os.environ["CUDA_VISIBLE_DEVICES"] = ""
	//	for i in range(torch.cuda.device_count()): threading.Thread(…).start()
	//
	// Fix: name the devices meant (CUDA_VISIBLE_DEVICES=0,1), or unset it.
	WarningNoVisibleDevice = "no-visible-device"

	// WarningCompileInText occurs for a torch.compile call the reader does not parse:
	// one inside an f-string's replacement field, or inside the text that eval or exec
	// runs. Python runs it; the plans leave it out.
	//
	//	print(f"{torch.compile(model, mode='reduce-overhead')}")
	//
	// Fix: compile in a statement of its own (compiled = torch.compile(…)) and format
	// or run the result; or plan the call with its flags (-mode, -options).
	WarningCompileInText = "compile-in-text"

	// WarningCompileValue occurs for torch.compile used as a value the reader does not
	// follow to its call: passed to a function, kept in a list, returned, a dict read
	// by a key the file does not write. PyTorch compiles where that value is called;
	// the plans leave it out. The forms the reader follows are sites: a dict display's
	// value called by a constant key, a class attribute (staticmethod(torch.compile))
	// called through the class, a parameter's default no call replaces,
	// importlib.import_module("torch").compile.
	//
	//	compilers = [torch.compile]; model = compilers[i](model, mode="max-autotune")
	//
	// Fix: call torch.compile itself where the model is compiled; or plan the call
	// with its flags (-mode, -options).
	WarningCompileValue = "compile-value"

	// WarningArgvError occurs when the argument list the file's one parse_args reads (one
	// the file writes, or the command line given after -script FILE --) is one argparse
	// refuses, so the script exits there with status 2: an abbreviation that matches two
	// options (script14 item 1; Lib/argparse.py _parse_optional), a value outside choices=
	// or one type=int refuses, an option that takes a value given none (argv14), and, where
	// the file shows every option and positional of its one parser (closedParser), an
	// unknown option or extra argument and a positional or required=True option left out
	// (script15); the message is argparse's. Another parser's unknown option gets no
	// warning. It occurs too where the command-line library that runs a def of the file
	// (click, Typer, tyro, argh, jsonargparse) refuses the command line given, in that
	// library's words (click's "No such option: --MODE"). The run fails there: [Script.Exit]
	// is graphs.Raises, and the sites after it are NotRun, their plans read as if parse_args
	// were given no arguments.
	//
	//	p.add_argument("--mode"); p.add_argument("--model")
	//	args = p.parse_args(["--mo", "max-autotune"])  # ambiguous option: --mo could match --mode, --model
	//
	// Fix: write the option whole (--mode), give a value choices= lists.
	WarningArgvError = "argv-error"

	// WarningNotebookJSON occurs for a file named .py or .pyw that holds a Jupyter
	// notebook's JSON: Python runs it as one dict expression (its code cells are
	// strings in it; a null in it raises NameError), so nothing of it compiles, and
	// the reader reads it as Python, as Python does. A name ending in .ipynb, or none
	// (standard input), is read as a notebook.
	//
	//	{"cells": [{"cell_type": "code", "source": ["m = torch.compile(net)"]}], "nbformat": 4}
	//
	// Fix: name it .ipynb (or export its code: jupyter nbconvert --to script).
	WarningNotebookJSON = "notebook-json"
)
