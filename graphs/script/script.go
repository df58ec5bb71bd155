// Package script reads a user's Python training or serving script without running it, and
// finds what decides its torch.compile behaviour: the compile sites, the Inductor config
// globals, the environment (by when PyTorch reads each variable) and the workload
// (threads and pools, where the first call happens, backward(), kept outputs, moved
// parameters: the graphs.Workload fields the command's flags set, each with the line that
// shows it; they combine, so backward() in threads per device keeps the layout). Threads
// started by a loop take its count when the script gives one (range(2), range(N) with N =
// 2, a list of device strings): the device count for threads per device, else the thread
// count; a count the script takes from torch.cuda.device_count() is the number of devices
// CUDA_VISIBLE_DEVICES names where the count is taken: the script's value when it sets it
// in os.environ before that and before CUDA is initialised (.cuda(), a torch.cuda call,
// device="cuda", .to("cuda")), else the environment given to ReadWith; else it is planned
// as 2 devices, the least at which threads per device differ from one device, and the
// note says so (-devices N replaces it). A torch._inductor.config.patch applies where the
// compiled function's first call is, as Inductor compiles there: a with block or a
// decorated def around that call, or a patch decorator of the compiled def itself, in
// either order; one around torch.compile(…) alone does not (measured on 2.6.0 and
// 2.14.1). A call of the file's own def that forwards its *args or **kwargs to
// torch.compile (def maybe_compile(m, **kw): return torch.compile(m, **kw)) is a site of
// kind helper at that call, planned with the arguments torch.compile gets there (a
// parameter that a *x or **m of the call may bind is not known: a mode so bound plans
// every mode, another keyword makes a partial plan); a name bound to what a def returns,
// torch.compile(…), names that compiled function. A name bound to an instance of a class
// of the file whose forward (or __call__) is compiled by a decorator, or to a compiled
// function through nn.Module methods that return the module (model = Net().cuda(), model
// = model.to(dev)), names that compiled function: its calls are the site's. An object
// that holds a compiled module as an attribute (pipe.unet = torch.compile(pipe.unet, …),
// pipe.vae.decode = …, self.pipe.unet = …, pipe.text_encoder.compile(…)) runs it when
// called (pipe(prompt), its forward or generate): those calls, in any thread that makes
// them, are the site's. A compiled function's name bound by an assignment is scoped per
// def as Python resolves it (LEGB, global and nonlocal followed): a same-named plain
// variable of another def is not it. A file whose every device place (.to(…), device=,
// torch.device(…), torch.set_default_device(…)) names mps or the CPU, and none CUDA or a
// device the reader cannot read, is planned on that device type: no CUDA graph. A web
// framework's sync handler that calls a compiled function calls it from the framework's
// worker threads, as a thread pool's workers do: a FastAPI or Starlette def route, or a
// gradio sync event function, from anyio's 40 (gradio's launch(max_threads=N)); a Flask
// view from a new thread per request (threaded=True, the default); a Flask-SocketIO or
// python-socketio event handler from the server's background tasks, and
// start_background_task(f, …) runs f in a threading.Thread (engineio's threading mode).
// An async def route runs on the event loop. torch imported from a module that hands it
// on (from pkg.safe_torch_import import torch) is the torch module. nn.DataParallel of a
// compiled module (or torch.nn.parallel.data_parallel) runs it on each of its devices in
// a thread of its own: per-device, device_ids' count, 2 when not given. One worker per
// GPU is planned per device however it is written: a threading.Thread subclass's methods
// other than run (its __init__; a subclass of such a class inherits those it does not
// define) are the thread's code too, so a model its __init__ compiles is the thread's own
// (per-device when that code picks a device: a "cuda:…" string, torch.cuda.set_device(d),
// with torch.cuda.device(d):, torch.device("cuda", d), .cuda(d)); a site run once per
// device by a loop or comprehension (models[d] = torch.compile(….to(f"cuda:{d}")), or
// [build(d) for d in …] of a def returning torch.compile(…)) is one function per device:
// threads started one per device that call them are per-device, a thread pool's workers
// that call them are the pool's layout on each device. The callers of a compiled function
// are the threads that call it at once: every start whose code calls it counts, and one
// the main thread joins before the next start (w.join()), or an awaited
// asyncio.to_thread, ends first; an awaited to_thread or run_in_executor(None, …) (the
// loop's default executor) in a coroutine run several times at once (asyncio.gather,
// tasks) is that many pool workers, and asyncio.to_thread calls written in an awaited
// gather are as many workers as the gather runs at once, the loops around it aside. A
// compiled function keeps its identity through return (a def's or a method's, a tuple's
// item) and into a thread's code through the arguments its start hands over (args=,
// kwargs=, submit, run_in_executor, to_thread) or a threading.Thread subclass's
// constructor, whatever the parameter's name; an item of a container of compiled
// functions (models[i]) and a for loop's or a comprehension's item over one (for m in
// models, enumerate(models), models.items(), .values(), zip(models, devices); [Server(m)
// for m in models]) name it too. A threading.Thread bound to a name and never start()ed,
// or only run() (which runs its target in the caller), is no thread; the main thread
// calling after a thread started is one more caller. An output is kept (outputs_kept, the
// overwritten-output error) when the script reads it after a later compiled call that
// starts a new cudagraph-tree generation: y1 = m(x); y2 = m(x); print(y1) (the docs'
// example), or outputs kept in a list or dict across a loop's or a list comprehension's
// iterations (the output, a name bound to it, or a view of it: out.detach(), out[0],
// out.logits; not a copy such as out.cpu()) that the script reads: a list or dict from
// which nothing reads an overwritten output (only appended to, stored into, cleared,
// given to len(), an item's metadata read, outs[0].shape, or its last item read before
// another compiled call, outs[-1] or outs.pop() in the iteration that kept it or after
// the loop, as the last call's output is not overwritten; outs = [m(x) for x in xs] and
// outs = list(m(x) for x in xs) are read the same way) is outputs_kept=false with its
// line, as cudagraph trees raise only when an overwritten output is accessed (measured
// on 2.11, testdata/measured/kept_unread_2.11.out, kept_last_2.11.out); one from which
// only replayed calls' items are read after a later call (outs[-2] or outs[5] after the
// loop, outs[-1] after one more compiled call) is outputs_stale=true (what those reads
// give, and on which releases: graphs' rule trees-stale-output), while outs[0], outs[1]
// and every item (sum, stack,
// iteration) include the first two calls' outputs, which raise; a call starts
// one when no forward's backward is pending (under
// torch.no_grad(), a def that touches only its arguments, after backward()), or, once
// cudagraph_mark_step_begin() was called, after each mark; per-block modules chained with
// gradients keep theirs. A call of a compiled function inside a CUDA graph capture of the
// script's own (with torch.cuda.graph(g):, the defs that body calls,
// CUDAGraph.capture_begin … capture_end, torch.cuda.make_graphed_callables) is the
// capture_error_mode workload, with the mode the capture names; a
// @contextlib.contextmanager def that yields torch.compile(…) names that compiled
// function in `with cm() as f:`. torch._dynamo.mark_dynamic(x, d) marks dynamic shapes,
// symbolic from the first call when the mark runs before it
// (graphs.Workload.MarkedDynamic: no static graph is recorded); when a tensor factory
// made x with a loop's variable as its size at d, the loop's count is the number of
// distinct sizes, as -sizes gives it; an input such a loop makes and passes to the
// compiled function without mark_dynamic is read the same way, as automatic dynamic
// shapes compile it with symbolic sizes from the second. backward() run by the compiled
// function itself, or by a def it calls, counts as backward() of its output. Outputs
// appended to a list in a loop and differentiated by one backward() through that list
// (gradient accumulation) are not kept outputs: cudagraph trees keep outputs whose
// backward is pending (measured on 2.11). A parameter built while a module is
// constructed, by its __init__ or the methods and helpers it calls (self.m(…), which runs
// where it is called, f(…), self.apply(fn)), moves nothing; such a helper called again
// after the compiled call does. What runs only under a guard is marked conditional, a
// branch of a conditional expression (a if c else b) and an and/or operand after the
// first included; a site with conditional globals in force is planned under each
// consistent combination of their branches (an if's branches exclude each other; an else
// runs when its if does not), the first being what the parser's defaults take where a
// test of an argparse option decides it, or, with no environment given to the reader, an
// environment that sets none of the variables a test reads, and the other combinations'
// plans are kept where the outcome or the warnings differ ([SitePlan.Branches]). A
// host-platform test (sys.platform, os.name, platform.system()) is read as on Linux, the
// platform planned; a test of torch.__version__ (as TorchVersion compares, through
// packaging's parse, a tuple of its components, startswith) as on the release
// ReadOptions.Torch names; a mode assigned under a guard that does not hold is no
// candidate. What follows an if whose block leaves (return, raise, sys.exit) runs under
// the negated condition, and a test of a variable's value (os.environ.get(K), == V,
// int(…), (not) in a display or a str, after .lower(), .upper() or .strip(); the value
// converted, bool(int(…)), int(…) > 0, float(…), evaluated as Python does) is decided by
// the environment given, as is a name bound once to one (if USE_CG:) and a conditional
// expression's test, and so is such a test given as an argument when the environment sets
// the variable; a name an if/elif/else chain's arms bind to different compiled functions
// names any of them after it, and a binding inside a block that leaves shares nothing
// with one after it. What torch.compile raises at the call, inside the script's own try
// whose except catches it, is noted as caught: the script continues uncompiled. A def
// handed to a thread, process or pool is called. A mode that is not a literal gets the
// values that can reach it, looked up where Python looks (the def's locals, the class of
// self and its bases, the class an object is built from, the calls that bind a
// parameter), else file-wide by name, the value a run given nothing takes planned first
// where it is known (argparse's default=, set_defaults, click's and Typer's defaults, an
// environment lookup's or a lookup's default, a dataclass field's default, a parameter's
// default no call passes), a Literal[…] annotation's members after it for a field of a
// dataclass the command line fills or a Typer command's parameter; a value no release
// knows as a mode ("reduce_overhead") is planned, as PyTorch's "Unrecognized mode="
// error, unless it was found only file-wide by name; options, backend and dynamic given
// by an expression get each value it can have ([Site.Alternatives]): a comparison or not
// x is True or False, and so is an options item given by one; arguments given by
// conditional expressions on one test take their branches together. A dict the script
// builds and binds to a name (a display, dict(…), {**a, **b}, a | b, a.copy()) is
// followed (a if c else b of two: each a value it may have) in program order through its
// changes (d[k] = v, .update with a dict or keywords, .setdefault, del d[k], .pop,
// .clear, |=, d = {…} again under a guard; b = a is the same dict), in the def's scope:
// options=NAME and **NAME get what Python leaves there, a change under a guard planned
// with and without it (a **NAME whose items differ so is planned as each value the dict
// can have, its items together), and a part that is not a literal named in a note, never
// dropped; **{…} and **dict(…) written in the call pass their items as keywords, and
// options=dict(k=v) is that dict; a ** mapping not read makes the plan partial
// (Unfollowed), and a keyword surely given twice is Python's TypeError; d["key"] of such
// a dict is that item there, and never an argparse option of the same name. A constant
// index into a list or tuple display bound once to a name and never changed in place
// (MODES[0], MODES[-1], CFG["modes"][1], RUNS[0]["mode"]) is that item; an index out of
// range or not a constant is noted and the mode stays unknown; a mode D[key] or
// D.get(key, default), D a dict display or dict(k=v, …) bound to a name, is the item of
// each value key can have (an argparse option's default then its choices=,
// choices=list(D) the dict's keys; a constant), a key D lacks giving get's default; a key
// the file does not list reaches each item, noted; for the other arguments D[key] is each
// of D's values. os.environ.get(K, D) and os.getenv(K, D) give D (None without one), the
// site noting that the environment may set another value, unless the environment the
// script starts in is given ([ReadWith]: -env, the process's) and sets K: then they, and
// os.environ[K], give its value, os.environ.setdefault(K, V) keeps it, and a guard "K"
// (not) in os.environ or os.environ.get(K) is (not) None is decided by it; A PEP 750
// t-string argument is a Template, never a str: as the mode it raises "Unrecognized
// mode=Template(…)", as another argument it is named; disable= reaches the plan
// (Site.Disable, each of its values when it has several): a truthy one makes
// torch.compile return the function itself, so the plan is compile-disabled by it
// (graphs.Scenario.Disable); a keyword torch.compile does not take (cudagraphs=False),
// given to it or to nn.Module.compile of a module, is PyTorch's TypeError per release
// (Site.Kwargs, graphs.Scenario.Kwargs); setattr(config, "KEY", V) on the Inductor or
// Dynamo config is the assignment config.KEY = V; a name assigned a config module (cfg =
// torch._inductor.config, c = ic) is that module, as an import alias is, unless the file
// also binds the name to anything else. A value computed from a compiled function's
// output is the variable Python binds it to: a def's return reaches its call, an argument
// the parameter of the file's def it calls, nothing through a @torch.no_grad() def; a
// zero_grad() under an every-N-th guard resets the gradients for a backward() under that
// guard. A guard decided by a name's one constant names an exec(…) or globals() write
// after it that may rebind the name, as is a keyword argument given by such a name; a def
// fire.Fire, typer.run, tyro.cli or jsonargparse's CLI runs, the one command of a Typer
// app called (app = typer.Typer(); @app.command(); app()) and the __init__ of a class
// fire.Fire builds run where that call is, and obj.f(…) does not call the module-level
// def f. A test of a def's parameter (if compile: in main, run by
// main(compile=args.compile)), of a local the def assigns once from them, or of an
// argparse option by comparison, is decided with the value the one call that runs the def
// carries into it (positional, keyword, default, **vars(args), a caller's parameter
// passed on; a fire, typer, tyro, argh, jsonargparse or click entry's option defaults:
// typer.Option(DEFAULT), Annotated[…, typer.Option()] = DEFAULT, click's default=; with
// the command line given after -script's --, the value Typer, click, fire or tyro gives
// from it by its own rules, --mode VALUE, --x/--no-x, fire's --x=True and --nox), or with
// the parser's defaults for the first plan; a name bound to the call of the file's own
// def that returns the parser's namespace (config = parse_args(), return
// parser.parse_args(), return args, a dataclass built from it by dest) is that namespace;
// an and/or chain one such operand decides too; otherwise its guard says why it is
// undecided. An Accelerator never prepared compiles nothing; torch.compiler.config
// globals are said, not planned; a site whose first call is not followed names the
// globals assigned after it. Each site becomes a graphs.Scenario, planned like a
// command-line request; sites that plan the same scenario share one plan. PARSER.md says
// how the reader was chosen, what Python it accepts and which real scripts it was checked
// on; PERF.md what reading and planning cost.
package script

import (
	"encoding/json"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// Format is the value of "format" in the JSON form of a [Script]. /3 (issue 28's
// sweep): a site plan's "branches" (each consistent combination of the if/elif/else
// branches its conditional globals are under) replaces /2's "unguarded", and a mode
// plan names the argument values it was made for ("args"). Fields added within /3
// are optional (omitted when empty), so a /3 reader may ignore them: "unset" of an
// env entry (a variable the script removes: pop, del, unsetenv); the thread kinds
// "ProcessPoolExecutor" (concurrent.futures.ProcessPoolExecutor) and
// "multiprocessing.Pool" (a Pool was "multiprocessing.Process" before), which, like
// "multiprocessing.Process", have "process": true; a thread's "starter", what the
// script calls to start processes where its kind does not name it.
const Format = "compilemode-script/3"

// Kind says how a compile site calls torch.compile. The values are the JSON contract.
type Kind string

// The kinds of compile site.
const (
	// Call: torch.compile(f, …), through any import alias.
	Call Kind = "call"
	// Decorator: @torch.compile or @torch.compile(…) on a def.
	Decorator Kind = "decorator"
	// Method: model.compile(…), nn.Module.compile, which calls torch.compile on forward.
	Method Kind = "method"
	// Partial: functools.partial(torch.compile, …).
	Partial Kind = "partial"
	// Framework: a framework's constructor whose keywords reach the torch.compile the
	// framework calls (transformers' TrainingArguments(torch_compile_mode=…),
	// accelerate's TorchDynamoPlugin(backend=…) and Accelerator(dynamo_backend=…)),
	// planned with those keywords and what the file has in force there; the
	// framework-compile warning says which call it makes.
	Framework Kind = "framework"
	// Optimize: torch._dynamo.optimize(backend, …)(f) or its decorator, the API
	// torch.compile is built on (torch.compile of 2.0 is
	// torch._dynamo.optimize(backend=…, nopython=fullgraph, dynamic=…, disable=…)(model):
	// torch/__init__.py @ 2.0; still defined at torch/_dynamo/eval_frame.py:830 @ 2.6.0
	// and :1775 @ 2.14.1, backend defaulting to "inductor"): planned as torch.compile
	// with that backend and no mode or options, nopython as fullgraph;
	// torch._dynamo.optimize_assert(backend) likewise with fullgraph.
	Optimize Kind = "dynamo-optimize"
	// Helper: a call of the script's own def whose torch.compile call passes the def's
	// parameters on (def maybe_compile(m, **kw): return torch.compile(m, **kw)),
	// planned at that call with the arguments torch.compile gets there.
	Helper Kind = "helper"
)

// Script is what [Read] found in one script. Every list is in file order.
// A Script is not modified after Read returns and is safe for concurrent reads.
type Script struct {
	File     string    // the name given to ReadNamed ("<input>" for Read)
	Sites    []Site    // the compile sites
	Globals  []Global  // torch._inductor.config assignments and config.patch keys
	Env      []EnvSet  // environment variables the script sets
	Threads  []Thread  // threads and processes it starts
	Warnings []Warning // hazards found while reading, all of them
	// EnvReads are the variables the script reads itself (os.environ.get,
	// os.getenv, os.environ[…]), each once, with the value [ReadWith] was given.
	EnvReads []EnvRead
	// TorchLine is the line of the first import of torch in execution order (0: none).
	TorchLine int

	allKeys bool // the JSON form keeps every key of each plan (PlanOptions.AllKeys)
	planned bool // PlanWith returned it: its sites carry their plans (WriteText says when not)

	forms []pytoken.FormAt // the forms only newer Pythons accept (pyversion.go)
	cells []cellStart      // a notebook's code cells in the joined code (nil: not a notebook)
	// argvUnread says why the arguments ReadOptions.Argv gave change no plan ("": they
	// may).
	argvUnread string
	// kernelPython and kernelNotes are what a notebook's kernel metadata records that the
	// plan does not follow (notebookKernel; KernelPython, KernelNotes).
	kernelPython string
	kernelNotes  []string
	// failed is "LINE: why" where the run fails though no plan raises: the parent
	// re-raises a worker's error (forkexit.go); "" when it does not.
	failed        string
	failedDefault bool // by multiprocessing's default start method: fork up to Python 3.13 only
}

// Site is one torch.compile call site. Col counts bytes, as Python's ast col_offset
// (plus one) does, where [SyntaxError].Col counts characters, as SyntaxError.offset
// does: in `x = "é"; torch.compile(m)` the site's Col is 11, the character column 10.
type Site struct {
	Line     int    `json:"line"`               // 1-based
	Col      int    `json:"col"`                // 1-based, in bytes (not characters: see Site)
	Kind     Kind   `json:"kind"`               // call, decorator, method or partial
	Call     string `json:"call"`               // the call's source text (cut to MaxCallText bytes)
	Function string `json:"function,omitempty"` // the def the site is in ("" at module level)
	Binds    string `json:"binds,omitempty"`    // the name the compiled function is bound to, when one is

	// Mode is the mode argument when it is a literal (nil: None or not given).
	Mode *string `json:"mode"`
	// ModeLiteral reports whether the mode is known: a literal, or not given.
	ModeLiteral bool `json:"mode_literal"`
	// ModeExpr is the mode's source text when it is not a literal.
	ModeExpr string `json:"mode_expr,omitempty"`
	// ModeCandidates are the literal values the script assigns, elsewhere in the file,
	// to the name the mode expression ends with (see [Site.Modes]), in file order but
	// for the value a run given nothing takes ([Candidate.Default]), which is first.
	ModeCandidates []Candidate `json:"mode_candidates,omitempty"`
	// Alternatives are the values of the arguments other than mode given by an
	// expression that can have several (options=a if c else b): each combination is
	// planned, with each mode, as one of Plan.Modes.
	Alternatives []ArgAlternatives `json:"alternatives,omitempty"`
	// Options is options= as a Python dict literal (nil: not given or not a literal).
	Options *string `json:"options"`
	// Backend is backend= when a string literal (nil: not given, so "inductor", or not
	// a literal: see Notes).
	Backend *string `json:"backend"`
	// BackendCallable is backend= when surely a callable (a def of the file, a lambda,
	// functools.partial(…)), by the name torch.compile's wrapper gives it; it is
	// planned as that backend, not Inductor.
	BackendCallable string `json:"backend_callable,omitempty"`
	// Dynamic is dynamic= when a literal True or False (nil: None, not given or not a
	// literal).
	Dynamic *bool `json:"dynamic"`
	// Fullgraph is fullgraph= when a literal True or False.
	Fullgraph *bool `json:"fullgraph,omitempty"`
	// Disable is disable= as Python source when its value is known ("True", "1";
	// nil: not given). A truthy one makes torch.compile return the function itself:
	// the plan is compile-disabled (graphs.Scenario.Disable).
	Disable *string `json:"disable,omitempty"`
	// Kwargs are the call's other keyword arguments, NAME=VALUE (VALUE None when not a
	// literal): one the release's torch.compile does not take is PyTorch's TypeError
	// (graphs.Scenario.Kwargs).
	Kwargs []string `json:"kwargs,omitempty"`
	// Threads is the thread layout inferred for the site ("" means main): the same as
	// Workload.Threads.
	Threads graphs.Threads `json:"threads,omitempty"`
	// Workload is what the script shows about where and how the compiled function
	// runs, as the workload flags would set it; Inferred says which line set each
	// field.
	Workload graphs.Workload `json:"workload"`
	// Inferred lists the workload fields read from the script, each with its line.
	Inferred []Inference `json:"inferred,omitempty"`
	// Guard is the condition the site runs under ("" when it always runs where the
	// reader follows the file: see [ReadNamed]), e.g. `if __name__ == "__main__"`.
	Guard string `json:"guard,omitempty"`
	// NotRun says why the site compiles nothing in the run planned ("" when it may
	// run): a condition of its def (or of the module) that the command line given,
	// the environment planned, the platform or the release decides false (Guard says
	// which), a guard that keeps out the mode's value that list gives (the file's
	// values the guard lets through are planned), or parse_args refusing its list
	// before it (an argv-error warning) or printing the help it asks for (-h,
	// --help: exit 0). Its plans are then of a run where it does run
	// (for a refused list, one given no arguments), and [Script.Exit] does not count
	// them.
	NotRun string `json:"not_run,omitempty"`
	// Notes say what could not be read as a literal, and how the thread layout and the
	// globals were inferred. Do not depend on their text being stable.
	Notes []string `json:"notes,omitempty"`
	// Plan is the site's plan, filled by [Script.Planned]; nil from Read, and when the
	// site's scenario cannot be used (PlanError says why). In the JSON form of a
	// Script it refers to the file's "plans" by index.
	Plan *SitePlan `json:"plan"`
	// Unfollowed names the parts of a dict that reaches the call (options=, **kwargs)
	// that the reader could not follow (**cfg.x, a call's result): the plans leave out
	// every key they may set, so they are partial, and the text says so before them. A
	// partial plan's exit class is that of what was followed.
	Unfollowed []string `json:"unfollowed,omitempty"`
	// PlanError says why a site with a known mode could not be planned.
	PlanError string `json:"plan_error,omitempty"`

	endLine    int       // the last line of the call
	setState   state     // what set leaves in force
	envState   state     // what env leaves in force
	setMeta    []setMeta // where each of set was assigned (shared)
	set        []string  // the persistent globals in force at the site, KEY=VALUE in execution order (shared: do not append in place)
	notModes   []string  // modes a guard of the site keeps out (guardedCandidates): not planned when every mode is
	sureModes  []string  // mode candidates that surely reach the argument: planned even when no release knows them (widemode.go)
	argvLine   int       // the line of the parse_args whose list gives a candidate (0: none; argv.go)
	argvCLI    bool      // that list is the command line given after -script FILE --
	argvReader string    // what reads that list: "parse_args", or a command-line library's call ("app()": cliargv.go)
	// defaultFirst reports that ModeCandidates' first is the value a plain run takes
	// (defaults.go), moved there from a later place in the file.
	defaultFirst bool
	// splatModes: the mode is a parameter that a call's *args or **kwargs may bind
	// (scope.go splatParam): every mode is planned besides the candidates.
	splatModes     bool
	handlers       []handler           // the except clauses of the trys the site is in, innermost first (caught.go)
	patchSet       []string            // the config.patch globals in force, after set
	condN          int                 // how many of set are conditional (under a guard)
	linked         []linkGroup         // arguments whose conditional expressions share a test (linked.go)
	limitErr       string              // a value past a reader limit (options nested past literal.MaxDepth): the site is not planned, PlanError says so
	optimizeKw     []string            // the keywords a torch._dynamo.optimize(…) site's optimize call gives (optimizekw.go)
	optimizeAssert bool                // that call is optimize_assert
	positional     int                 // positional arguments of a call site, when exactly known and more than one: torch.compile's TypeError
	duplicate      string              // a keyword the call surely gives twice (explicitly and through **): Python's TypeError (dupkw.go)
	backendRejects []string            // of mode and options, the keywords the file's def given as backend= does not take (backendkw.go)
	frameworkErr   *graphs.RaisedError // what the framework of a site of kind framework raises before torch.compile (frameworknorm.go)
	// suppressErrors is the line of torch._dynamo.config.suppress_errors = True in
	// force where the site compiles (0: none): a first-call compile failure falls back
	// to eager (suppress.go).
	suppressErrors int
	// gradAccum is the line of a backward() that accumulates into .grad tensors the
	// compiled backward graph returned (factGradAccum: what keeps outputs; 0: none),
	// whose overwritten-output warning says so (gradaccumfix.go).
	gradAccum int
	// gradAccumIf is the condition that accumulation holds under ("": always), a
	// micro-step count the file does not give (accumcount.go).
	gradAccumIf string
	// fwMode says how the framework of a site of kind framework takes a mode, for its
	// fixes (frameworkfix.go; nil: not a framework site).
	fwMode *frameworkMode
	// recompileStance is a call that recompiles (a new input size) while
	// set_stance("fail_on_recompile"), set after the first call, is in force: it
	// raises there (stance.go; zero: none).
	recompileStance stanceState
	env             []envEntry // the environment assignments in force, in execution order (shared)
}

// Candidate is one literal value the script assigns to a name.
type Candidate struct {
	_     [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Line  int       `json:"line"`
	Value *string   `json:"value"` // nil for None
	// Env names the variable whose value, given to [ReadWith], this is (a read such
	// as os.environ.get(Env, …)); "" for a value the file writes.
	Env string `json:"env,omitempty"`
	// Default says what makes this the value a plain run takes, with no option,
	// variable or argument given ("the parser's default", "the default when MODE is
	// unset", "the field's default", …); "" for another value. A site's one such
	// value is planned first ([Site.Modes]), the others after it.
	Default string `json:"default,omitempty"`
}

// Global is one Inductor config assignment.
type Global struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Line int       `json:"line"`
	// Key is the dotted Inductor config key, e.g. triton.cudagraphs, or for a Dynamo
	// setting the full path, e.g. torch._dynamo.config.capture_scalar_outputs.
	Key string `json:"key"`
	// Value is the Python repr of the value when a literal, else its source text.
	Value string `json:"value"`
	// Op is the augmented assignment's operator ("+=") where it is one, else "".
	Op      string `json:"op,omitempty"`
	Literal bool   `json:"literal"`
	// Via is "assign" (torch._inductor.config.KEY = V, or setattr(config, "KEY", V) with
	// a literal name) or "patch" (config.patch as a context manager or decorator, which
	// applies only to the sites inside it); for torch._dynamo.config.KEY = V, "assign;
	// Dynamo" when the planner models the key (graphs.PlannedDynamoKey: in force for
	// what runs after, as -set gives it, and suppress_errors: a first-call compile
	// failure then runs eagerly), else "assign; Dynamo, not planned"; a
	// torch.compiler.config key, "assign; torch.compiler.config, not planned"; an
	// augmented assignment (Op) to either, "augmented assignment; Dynamo, not planned"
	// or the same with torch.compiler.config.
	Via string `json:"via"`
	// Guard is the condition it runs under ("" when unconditional).
	Guard string `json:"guard,omitempty"`
}

// EnvSet is one environment variable set by the script.
type EnvSet struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Line int       `json:"line"`
	Name string    `json:"name"`
	// Value is the string set (nil: not a literal).
	Value *string `json:"value"`
	// How is environ (os.environ[N] = V), setdefault, update (os.environ.update or
	// os.environ |= {…}), putenv, or, for a variable removed, pop (os.environ.pop),
	// del (del os.environ[N]) or unsetenv.
	How string `json:"how"`
	// Unset reports a variable removed (How pop, del or unsetenv; Value is nil): a
	// value the environment the script starts in gives it (-env, the process's) is
	// gone after it.
	Unset bool `json:"unset,omitempty"`
	// ReadAt says when PyTorch reads it: ReadAtConfigImport, ReadAtCall,
	// ReadAtCUDAInit, ReadAtTorchImport, or "" when none of these reads it.
	ReadAt string `json:"read_at,omitempty"`
	// AfterImport reports a ReadAtConfigImport variable set after
	// torch._inductor.config was imported, or a ReadAtTorchImport one set after
	// `import torch`: too late to count.
	AfterImport bool `json:"after_import,omitempty"`
	// Guard is the condition it runs under ("" when unconditional).
	Guard string `json:"guard,omitempty"`
	// Kept is, for setdefault of a variable already set there, where the value it
	// keeps comes from: "-env" or "environment" (the environment given to
	// [ReadWith]), or "line N" (the script's own earlier assignment). Python's
	// os.environ.setdefault then changes nothing, so the plan does not set it.
	Kept string `json:"kept,omitempty"`

	sets bool // os.environ has the script's value after it (readTextEnv reads again without the given one)
	// cudaLate is the line where CUDA started before this change of
	// CUDA_VISIBLE_DEVICES (0: not before): CUDA read the value before it (visibledevices.go).
	cudaLate int
}

// Inference is one workload field read from the script.
type Inference struct {
	_     [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	Field string    `json:"field"` // the graphs.Workload field, by its JSON name (thread_pool)
	Value string    `json:"value"` // its value, as the workload flag takes it
	Line  int       `json:"line"`  // the line that shows it
	Shows string    `json:"shows"` // what that line shows; do not depend on this text being stable
}

// ThreadKind names what starts a thread or process. The values are the JSON contract.
type ThreadKind string

// The thread and process kinds.
const (
	ThreadingThread  ThreadKind = "threading.Thread"   // threading.Thread(target=…), or a subclass's start
	ThreadPool       ThreadKind = "ThreadPoolExecutor" // concurrent.futures or multiprocessing.pool.ThreadPool
	RunInExecutor    ThreadKind = "run_in_executor"    // loop.run_in_executor(pool, fn)
	ToThread         ThreadKind = "asyncio.to_thread"
	WebWorkers       ThreadKind = "anyio worker threads"    // FastAPI/Starlette sync endpoints, gradio sync event functions
	RequestThreads   ThreadKind = "request threads"         // Flask's threaded server: a new thread per request
	Spawn            ThreadKind = "mp.spawn"                // torch.multiprocessing.spawn
	Processes        ThreadKind = "multiprocessing.Process" // Process, a context's (get_context(…).Process), torch.distributed.elastic.multiprocessing.start
	PoolProcesses    ThreadKind = "multiprocessing.Pool"    // multiprocessing.Pool, multiprocessing.pool.Pool, torch.multiprocessing.Pool, a context's Pool
	ProcessPool      ThreadKind = "ProcessPoolExecutor"     // concurrent.futures.ProcessPoolExecutor
	Torchrun         ThreadKind = "torchrun"                // LOCAL_RANK, RANK or WORLD_SIZE read
	InitProcessGroup ThreadKind = "init_process_group"      // torch.distributed.init_process_group
)

// Thread is one place the script starts threads or processes.
type Thread struct {
	_    [0]func()  // incomparable: no equality code (examples/web: Transfer size)
	Line int        `json:"line"`
	Kind ThreadKind `json:"kind"`
	// Process reports a process rather than a thread: each process has its own
	// CUDA-graph state, so processes are safe.
	Process bool `json:"process,omitempty"`
	// Target is the source text of the function the thread runs, when given.
	Target string `json:"target,omitempty"`
	// Starter is what the script calls to start processes, where Kind does not name
	// it: the qualified name (torch.multiprocessing.spawn, multiprocessing.pool.Pool),
	// or a context's method as written (ctx.Pool, mp.get_context("fork").Process).
	Starter string `json:"starter,omitempty"`

	target      *expr         // nil when not given
	loop        bool          // started inside a loop or comprehension, so possibly several
	count       iterCount     // how many the loops around it start, when the script shows it
	device      bool          // its arguments name a CUDA device (args=(f"cuda:{i}",))
	seq         int           // execution order
	built       bool          // a threading.Thread subclass: an instance was built (threadBuilt)
	workers     int           // a pool's max_workers when a literal (0: unknown)
	bound       string        // the name the thread object is bound to (w = Worker()), for w.join()
	awaited     bool          // asyncio.to_thread or run_in_executor(None, …) awaited where it is called: it returns after the call
	in          *stmt         // the def the start is in (nil: module level)
	gathered    bool          // an awaited to_thread whose coroutine runs several times at once (gathered.go)
	list        string        // the list a comprehension of thread objects is bound to (threadstart.go)
	started     bool          // start() was seen on it (threadstart.go)
	ran         bool          // run() was seen on it
	workersFrom string        // where workers comes from when not a literal (a parameter's default)
	fw          *webFramework // the server that runs it, for a handler (webroutes.go)
}

// Warning is a hazard found while reading. Code is one of the Warning… constants.
type Warning struct {
	_       [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Line    int       `json:"line"`
	Code    string    `json:"code"`
	Message string    `json:"message"` // do not depend on this text being stable
}

// MarshalJSON writes the "compilemode-script/3" form: format, file, sites, globals,
// env, threads, warnings and plans, every list present ([] when empty). Each distinct
// report is written once, in "plans", and the sites refer to it by index
// ({"report": 0} or {"modes": [{"mode": "default", "report": 0}]}, with "branches":
// the plan of each other consistent combination of the branches its conditional
// globals are under, where it differs); a report carries
// its changed keys only unless PlanOptions.AllKeys was set. A site's "warnings" are
// the indices of the file's warnings on its lines. A nil s is null, as encoding/json
// writes a nil *Script.
func (s *Script) MarshalJSON() ([]byte, error) {
	if s == nil {
		return []byte("null"), nil
	}
	plans := &planIndex{at: map[*graphs.Report]int{}, all: s.allKeys}
	sites := make([]siteJSON, len(s.Sites))
	for i := range s.Sites {
		sites[i] = siteJSON{Site: s.Sites[i], Plan: plans.refs(s.Sites[i].Plan), Warnings: s.siteWarnings(&s.Sites[i])}
	}
	out := struct {
		Format   string           `json:"format"`
		File     string           `json:"file"`
		Sites    []siteJSON       `json:"sites"`
		Globals  []Global         `json:"globals"`
		Env      []EnvSet         `json:"env"`
		Threads  []Thread         `json:"threads"`
		Warnings []Warning        `json:"warnings"`
		EnvReads []EnvRead        `json:"env_reads,omitempty"`
		Plans    []*graphs.Report `json:"plans"`
	}{Format, s.File, sites, nonNil(s.Globals), nonNil(s.Env), nonNil(s.Threads), nonNil(s.Warnings), s.EnvReads, nonNil(plans.list)}
	return json.Marshal(out)
}

// siteJSON is a Site with its plan as references into the file's plans.
type siteJSON struct {
	Site
	Plan     *planRef `json:"plan"`
	Warnings []int    `json:"warnings,omitempty"`
}

type planRef struct {
	Report   *int          `json:"report,omitempty"`
	Branches []branchRef   `json:"branches,omitempty"`
	Modes    []modePlanRef `json:"modes,omitempty"`
}

type modePlanRef struct {
	Mode      *string     `json:"mode"`
	ModeGiven bool        `json:"mode_given,omitempty"`
	Args      string      `json:"args,omitempty"`
	Report    *int        `json:"report"`
	Branches  []branchRef `json:"branches,omitempty"`
	Error     string      `json:"error,omitempty"`
}

type branchRef struct {
	_       [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Assumes string    `json:"assumes"`
	Report  *int      `json:"report"`
}

func (x *planIndex) branchRefs(bs []BranchPlan) []branchRef {
	var out []branchRef
	for _, b := range bs {
		out = append(out, branchRef{Assumes: b.Assumes, Report: x.index(b.Report)})
	}
	return out
}

// planIndex numbers the distinct reports in order of first use.
type planIndex struct {
	at   map[*graphs.Report]int
	list []*graphs.Report
	all  bool
}

func (x *planIndex) refs(p *SitePlan) *planRef {
	if p == nil {
		return nil
	}
	out := &planRef{Report: x.index(p.Report), Branches: x.branchRefs(p.Branches)}
	for _, mp := range p.Modes {
		out.Modes = append(out.Modes, modePlanRef{Mode: mp.Mode, ModeGiven: mp.ModeGiven, Args: mp.Args, Report: x.index(mp.Report), Branches: x.branchRefs(mp.Branches), Error: mp.Error})
	}
	return out
}

func (x *planIndex) index(rep *graphs.Report) *int {
	if rep == nil {
		return nil
	}
	i, ok := x.at[rep]
	if !ok {
		i = len(x.list)
		x.at[rep] = i
		x.list = append(x.list, changedOnly(rep, x.all))
	}
	return &i
}

// changedOnly returns rep with its configuration cut to the changed keys (a copy;
// rep itself when all is set).
func changedOnly(rep *graphs.Report, all bool) *graphs.Report {
	if all {
		return rep
	}
	cp := *rep
	cp.Config = nil
	for _, k := range rep.Config {
		if k.Changed {
			cp.Config = append(cp.Config, k)
		}
	}
	if cp.Config == nil {
		cp.Config = graphs.ConfigReport{}
	}
	return &cp
}

// siteWarnings returns the indices of the warnings on the site's lines.
func (s *Script) siteWarnings(st *Site) []int {
	end := max(st.endLine, st.Line)
	var out []int
	for i, w := range s.Warnings {
		if w.Line >= st.Line && w.Line <= end {
			out = append(out, i)
		}
	}
	return out
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
