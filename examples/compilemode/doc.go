// Command compilemode tells what torch.compile(mode=…, options=…) will really do: the
// effective Inductor config with the source of every value, the error PyTorch would
// raise, and the per-device CUDA-graph plan for a workload, for PyTorch 2.0–2.14, with
// warnings and their fixes.
//
//	go install ./examples/compilemode   # in a clone: the module is not published yet
//	compilemode -mode reduce-overhead -devices 2 -threads per-device
//	compilemode -mode reduce-overhead -set triton.cudagraph_trees=False -json
//
// The command only turns its flags into a graphs.Scenario, calls graphs.Check and
// prints the report; every decision is the library's (package graphs documents the
// JSON report and the scenario format, package config the precedence and the warning
// catalogue). With no flags it resolves a plain torch.compile(model) on 2.11 in the
// process environment. compilemode -h lists the flags by topic, with an example each.
//
// # The compile call
//
//	-torch X.Y        release, 2.0 to 2.14 (default 2.11); 2.7.1, 2.11.0+cu130 and
//	                  pre-releases (2.13.0.dev20260518, 2.12.0rc1) resolve to their minor;
//	                  anything else is an error listing the supported releases;
//	                  -torch 2.6,2.14 compares releases: the keys the call sets whose
//	                  value or source differ, and the outcomes side by side (-json:
//	                  format compilemode-compare/2, whose "same" rows are
//	                  shaped like "keys" since /1's strings); exit status the highest of theirs
//	-schema FILE      resolve against a schema your own PyTorch wrote (- for stdin)
//	                  (config/dump_schema.py; package config, "Your own PyTorch")
//	-mode NAME        torch.compile(mode=NAME); given at all, even -mode "", it is not None
//	-options DICT     torch.compile(options=DICT), a Python dict literal
//	                  ({'triton.cudagraphs': False}); JSON's true, false and null are
//	                  refused, as Python refuses them (a scenario file's "options" may be a
//	                  JSON object); -options @FILE reads it from a file (1 MiB at most),
//	                  -options @- from stdin
//	-backend NAME     inductor (default); other names must be registered backends
//	                  (InvalidBackend otherwise, names as measured on 2.11), and for them
//	                  torch.compile does not validate mode/options but passes them on
//	-dynamic BOOL     torch.compile(dynamic=…): true or false, in any spelling a
//	                  boolean flag takes (True, 1, F, …; default None)
//	-fullgraph        torch.compile(fullgraph=True): changes no key or outcome; with
//	                  -graph-breaks it is an error (Dynamo raises at the first break)
//	-python X.Y       the Python X.Y that runs PyTorch (3.8–3.14; default: the one the
//	                  release was measured on, else the newest its torch.compile runs
//	                  on): literals are read, and Python's errors worded, as it does,
//	                  and torch.compile refuses a Python too new for the release; one
//	                  older than the oldest the release has builds for gets a
//	                  python-no-build warning naming that oldest (every release;
//	                  2.0-2.4 build for 3.8), and one newer than the newest gets it
//	                  naming that newest (2.0-2.12, the releases a source gives it for);
//	                  X.Yt (X.Y.Zt) is a free-threaded build: torch.compile's check
//	                  of it per release (2.6-2.7 refuse it, 2.8+ before 3.13.3), and
//	                  exit 2 where that check passes, as what follows is not known
//
// # Globals and environment
//
//	-set KEY=VALUE    torch._inductor.config.KEY = VALUE before compiling; repeatable,
//	                  applied in order; VALUE is a Python literal (strings need quotes);
//	                  KEY may be written with its module path, as in Python
//	                  (torch._inductor.config.triton.cudagraphs=True);
//	                  torch._dynamo.config.KEY=VALUE sets one of the Dynamo keys
//	                  the planner models (capture_dynamic_output_shape_ops,
//	                  capture_scalar_outputs, compiled_autograd, disable,
//	                  inline_inbuilt_nn_modules, suppress_errors); another
//	                  Dynamo key is refused, exit 2
//	-env NAME=VALUE   a variable of the environment at import; repeatable, each NAME once
//	-no-env           ignore the process environment and this machine (by default the
//	                  variables PyTorch may read count, at most config.MaxEnvEntries of
//	                  them, and the host-dependent defaults use this machine's CPUs and
//	                  working directory; with -no-env, the fixed default host)
//
// The environment is the process environment (unless -no-env), then a scenario file's
// env, then -env, later ones winning. The allocator comes from it:
// PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync (from 2.11 PYTORCH_ALLOC_CONF too;
// PYTORCH_CUDA_ALLOC_CONF wins when both are set, measured on 2.11),
// PYTORCH_NO_CUDA_MEMORY_CACHING=1 (uncached). TORCH_COMPILE_DISABLE=1 (on 2.0–2.7 any non-empty value, 0 included),
// TORCHDYNAMO_DISABLE=1 and torch._dynamo.config.disable = True turn compilation off
// (warning compile-disabled; with fullgraph=True, 2.12+ raise at the first call).
// A variable PyTorch would read otherwise than it looks (TORCHINDUCTOR_CUDAGRAPHS=true),
// one a mode overrides, one another release reads and a misspelled one each get a
// warning (package config, "Warnings").
//
// # The workload
//
//	-devices N               N devices, one compiled function each (default 1)
//	-span-devices            one graph uses tensors on all devices
//	-threads LAYOUT          where the function is compiled and called: main (default);
//	                         thread (one user thread); per-device (one user thread per
//	                         device, each compiling its own function); per-thread (N user
//	                         threads on one device, each with its own function, F6);
//	                         callers (one function compiled and first called in main, then
//	                         called from N threads at once, F7)
//	-callers N               the N of per-thread and callers (default 2)
//	-cold-start              with callers: the first call happens in those threads
//	-cpu-scalar              an input is a CPU tensor (F8)
//	-mutated-inputs KIND     none (default), input, static or storage
//	-dynamic-shapes          input shapes change between calls; -sizes N distinct sizes
//	-moving-static-inputs    a parameter moves to a new address between calls
//	-non-tensor-inputs       the graph takes an input that is neither a tensor nor a SymInt
//	-incompatible-op NAME    the graph uses an op that cannot be captured (checked
//	                         against the ops the release refuses to capture)
//	-thread-pool N           a pool of N worker threads makes every call, each call on
//	                         any worker (with -threads main)
//	-autograd-backward       the function is trained: its backward runs on autograd's
//	                         own thread
//	-concurrent-recompiles   with several threads: calls with new shapes recompile while
//	                         other calls run (the per-call dynamic= patch)
//	-outputs-kept            an output of one call is read after the next call
//	-outputs-stale           an output of a replayed call (the third call on) is read
//	                         after a later call, none of the first two calls' outputs
//	-graph-breaks N          N graph breaks split the function into N+1 graphs
//	-compiled-autograd       the backward is compiled by compiled autograd
//	-capture-error-mode MODE the function is captured by hand with torch.cuda.graph in
//	                         MODE: global, thread_local or relaxed (with CUDA graphs on
//	                         the function's own graph replays inside it and raises,
//	                         measured on 2.11)
//	-other-thread-work KIND  what other threads do during that capture: none,
//	                         device-sync, alloc or pageable-copy
//
// -set torch._dynamo.config.KEY=VALUE assigns a Dynamo key that changes what Inductor is
// given; it goes to the workload, not to Inductor's config. The planner models
// capture_dynamic_output_shape_ops, capture_scalar_outputs, compiled_autograd,
// disable, inline_inbuilt_nn_modules and suppress_errors (True: a compile failure at
// the first call runs eagerly, as -script plans the same line; what torch.compile
// itself raises still raises); any other Dynamo key is an error (exit 2) saying whether
// it is a real Dynamo setting whose effect is not planned (cache_size_limit) or a name
// PyTorch refuses with AttributeError (measured on 2.6.0 and 2.14.1).
//
// # Input files
//
//	-scenario FILE    a JSON scenario (- for stdin; package graphs, "Scenario files"): the compile call
//	                  and the workload. Flags given explicitly replace its values, except
//	                  -set and -env, which add to its set and env (the command line's
//	                  assignments run after the file's).
//	-diagnose FILE    a PyTorch log, traceback or pasted issue (- for stdin): each known
//	                  signature with its line, cause and fix (package graphs/diagnose), and
//	                  the plan of the call the log shows, also after "no known signature"
//	                  (which is followed by what the codes cover and what they do not,
//	                  one line each, then by "the traceback on line N ends before its
//	                  exception line: paste it to its last line …" when the text's
//	                  Python traceback stops before its "XxxError: message" line, JSON
//	                  "traceback_cut_line", and by the release read and its line, "torch
//	                  2.13 (from line 21)", or "torch: not stated in the text (…)"
//	                  when it shows none; in JSON, format
//	                  compilemode-diagnosis/2, the whole report but for the plan's
//	                  unchanged keys, which -all keeps, with "torch_source": text,
//	                  option, default or findings). Only -json (and -all with it), -torch X.Y (the release to diagnose for, over
//	                  any the log shows; one known, 2.0–2.14, as in every mode) and -python X.Y (the Python that plan runs on, over any the log
//	                  shows) combine with it; a file with no finding that reads as a Python
//	                  script with a torch.compile site gets a stderr hint, "-script FILE
//	                  plans this script" (and -script's SyntaxError on a pasted log
//	                  whose first lines are no Python, "-diagnose FILE reads a log"); a log from a release newer
//	                  than 2.14 (2.15, a 2.15 nightly) is named so and diagnosed with
//	                  the facts of the releases known; the text's width is the
//	                  terminal's or $COLUMNS (see Output), there is no width flag. A
//	                  UTF-16 or UTF-32 log is read with or without its byte-order mark,
//	                  a gzip-compressed one (train.log.gz) as zgrep reads it; zstd, xz
//	                  and bzip2 are refused with the command that decompresses them; a
//	                  file that is no text (an archive, an image, a program, a torch.save
//	                  checkpoint, a pickle, .npy, .safetensors, .pyc, other binary data)
//	                  is refused, named, exit 2. It takes one file: a second is refused.
//	                  Exit 0 when the text was read (with or without findings, and
//	                  when the call it shows raises: the block says so), 2 when it
//	                  cannot be or is empty.
//	-script FILE      a Python training script, read without Python (package
//	                  graphs/script): every torch.compile site, planned with the globals,
//	                  environment and workload the script shows (threads, pools,
//	                  backward(), kept outputs: the fields the workload flags set, each
//	                  with its line); flags given explicitly win (-set adds): a flag
//	                  naming an argument the site writes replaces it, -mode without
//	                  -options replaces the site's mode and options (torch.compile takes
//	                  one of them), -options without -mode likewise, a workload flag
//	                  given =false replaces the script's true (-outputs-kept=false),
//	                  each said in a note on the site. -env
//	                  gives the environment the script starts in, as the process's
//	                  does: the script's own os.environ[NAME] = V, .update, .pop and
//	                  del os.environ[NAME] before PyTorch reads NAME replace it, as in
//	                  Python (a note on stderr says so). The script's own reads of a variable (os.environ.get("NAME", D),
//	                  os.getenv, os.environ["NAME"]) take the value -env gives, else
//	                  the process environment's (not with -no-env), else D; its
//	                  os.environ.setdefault("NAME", V) (and if "NAME" not in
//	                  os.environ:) keeps such a value, as Python does; a -env
//	                  variable that neither the script nor PyTorch reads gets a note
//	                  on stderr. JSON format compilemode-script/3: each distinct plan once, with its
//	                  changed keys (-all: every key). The host is this machine unless
//	                  -no-env, as without -script. Exit 1 when any plan shown raises
//	                  (any mode a site may get, either side of a conditional global;
//	                  not a site labelled "not run:", which a condition decided false
//	                  keeps from running), argparse refuses the command line, or
//	                  the parent gathers the result of a worker forked after CUDA
//	                  (fork-after-cuda); one stderr line names the first cause and
//	                  its line (compilemode: exit 1: FILE:LINE: …), 2
//	                  for a file that cannot be read or parsed (line and column named)
//	                  and for a site that cannot be planned with the flags given (its
//	                  line named). What follows -- (-script train.py -- --mode
//	                  max-autotune -vv) is the script's command line, which its one
//	                  parse_args() reads as argparse does (abbreviations, counts,
//	                  joined short flags; a list argparse refuses is an argv-error
//	                  warning with its words); a file with no such call gets a note on
//	                  stderr; -- without -script exits 2.
//
// A flag that reads a file (-scenario, -schema, -diagnose, -script, and -options for
// its dict or @FILE) takes it anywhere on the line when another flag follows the flag:
// compilemode -diagnose -json run.log, -json -diagnose run.log, -diagnose run.log
// -json and -diagnose -torch 2.6 run.log all read run.log; the file is the one
// argument no flag takes. With none left (-diagnose -json) the command says "-diagnose
// needs a file (or - for standard input)"; with two, that the flag takes one; with two
// such flags and one file, to write each file after its flag (each exit 2). A file
// named like a flag is written ./-json.
//
// # Output
//
//	-json       JSON instead of text; its "format" field names the mode's form:
//	            compilemode-report/1 the plan's report (package graphs),
//	            compilemode-diagnosis/2 -diagnose's (package graphs/diagnose),
//	            compilemode-script/3 -script's (package graphs/script),
//	            compilemode-compare/2 a comparison of releases (-torch A,B); -key on
//	            one release prints its keys' report entries, an array without one
//	-all        text output lists every key, not only the changed ones; with -json,
//	            -script's and -diagnose's plans keep every key of their config
//	-key KEY    print only KEY=VALUE (Python repr), like go env VAR; repeatable (a key
//	            given twice is refused); with -json the keys' report entries as one
//	            object; in a comparison, one line per key and release, the release
//	            first (2.6 triton.cudagraphs=True; 2.6 KEY (no such key) where that
//	            release lacks it), and with -json the comparison's rows of these keys,
//	            each marked whether it differs. The exit status stays the report's (see Exit status): when it
//	            is 1, one line on stderr says what raises (compilemode: exit 1: torch
//	            2.11 would raise …; in a comparison one line per release that raises),
//	            as -keys
//	-keys       every key as KEY=VALUE, one per line, never wrapped (for grep)
//	-version    three lines: the module version (from the build information: a tag
//	            for go install …@version, "(devel)" from a checkout, with the VCS
//	            revision when the build recorded one), the Go version, the PyTorch
//	            releases known
//
// Text output wraps to the terminal's width when stdout is a terminal
// (golang.org/x/term), and to 100 columns otherwise; tables stay aligned and nothing
// is cut. -diagnose's text wraps to the terminal's width, else to $COLUMNS when it is
// set (COLUMNS=72 compilemode -diagnose run.log > report.txt), else not at all: each
// field on one line, for a file, an issue or grep; a CJK rune takes two columns.
// JSON is never wrapped. Do not depend on the text being stable; the JSON report is
// the contract. In every output, stdout and stderr, text and JSON, a control
// character, escape sequence or bidirectional override that came from a flag, a file
// or the environment is written as an escape (\x1b, \u009b, \u202e; in JSON a \u
// escape of the same string), never raw: it cannot recolour, retitle or clear the
// terminal, nor forge a line.
//
// # Exit status
//
// 0 when PyTorch would compile and run; 1 when torch.compile, importing its config, a
// global assignment or the first call on some device would raise (the report is still
// printed); 2 for unusable flags or files; every error line starts "compilemode: ".
// Flags that take one value are errors when given twice; numbers are decimal (0x2 is
// refused; spaces around them are ignored); -devices, -callers and -sizes must be 1 or
// more; -callers, -cold-start and
// -sizes are errors without the layout or -dynamic-shapes they refine. Flags one of
// which would be ignored are errors naming both: -key with -keys or -all, -keys with
// -all, -all with -json (the JSON report lists every key; with -script or -diagnose,
// -all keeps every key of each plan's config and is kept), -script with -scenario, -key or -keys, a release comparison with -script,
// -diagnose, -keys or -all, -version with any other flag, -env NAME twice. "-" is
// stdin for -scenario, -schema, -options @-, -diagnose and -script, for one of them
// in a run; for -diagnose and -script a device on stdin that is not a terminal (< /dev/zero)
// is refused as its path would be, except the null device (< /dev/null, or its path),
// which is an empty input, and a terminal gets one line saying to paste, then Ctrl-D. A file that is missing is named once ("-diagnose run.log: no such file or
// directory"), a dangling link with its target. Spaces around a release are ignored (-torch "2.6, 2.14"); a release
// given twice in a comparison (2.7,2.7.1) is an error.
package main
