// Package graphs plans what PyTorch does with CUDA graphs for every device and thread
// of a workload — capture, partitioned capture, skip or fail — with PyTorch's own
// messages, the hazards and their fixes. The plan is plain Go data; the backend that
// captures and replays CUDA graphs on real GPUs is the cuda-tagged subpackage backend.
//
// [Check] is the library's entry point: it takes a [Scenario] (the compile call and the
// workload) and returns the whole answer as a [Report], which
// [Report.WriteText] prints for a person and encoding/json marshals as the contract
// below. examples/compilemode only turns flags into a Scenario, calls Check and prints.
//
//	rep, err := graphs.Check(&graphs.Scenario{Torch: "2.14", Mode: graphs.Ptr("reduce-overhead"),
//		Workload: graphs.Workload{Devices: 2, Threads: graphs.PerDevice}})
//	kr, ok := rep.Value("triton.cudagraphs") // value, source, evidence; kr.Bool()
//	changed := rep.Changed()                  // the keys that differ from their defaults
//
// [Ptr] fills the optional fields (Mode, Dynamic, Fullgraph). Options is Python source,
// as torch.compile's options= dict is written. The answer depends only on the
// Scenario: the environment (Env) and the machine (Host) are fields, never read from
// the process. Results are the caller's: they share nothing with the Scenario, each
// other or the library's tables. ExampleReport_Value is the design card's unit test.
//
// When PyTorch raises, rep.Exit is [Raises] and [Report.Err] names the raise as a
// *[RaiseError]: Report.Error alone holds only what raises before any device runs, not
// a device's first call.
//
// # Writing text, for each kind of input
//
// The three kinds of input (a scenario, a log, a script) each write their answer as
// text with WriteTextWidth(w, width), the one signature they share; WriteText's
// arguments differ by kind:
//
//	rep.WriteTextWidth(w, 100)  // graphs: rep.WriteText(w, graphs.TextOptions{Width: 100}) (All: every key)
//	d.WriteTextWidth(w, 100)    // diagnose: d.WriteText(w) is width diagnose.TextWidth (100); 0 does not wrap
//	p.WriteTextWidth(w, 100)    // script: p.WriteText(w, 100); p from s.PlanWith (a Script Read returns has no plans, and says so)
//
// # Scenario files
//
// [LoadScenario] reads the JSON form of a Scenario (the -scenario FILE format; json.Marshal
// of any Scenario [Check] accepts writes it, and reading it back gives an equal
// Scenario). Every field is optional; options may be a string holding a Python dict
// ("{'triton.cudagraphs': True}", as Scenario.Options holds it) or a JSON object,
// read as json.loads reads it (true is True, 1.0 a float) with four deliberate
// refusals, where json.loads accepts input that is ambiguous or not text: a key
// repeated in one object (json.loads silently keeps the last; here, as anywhere in
// the file, it is an error naming the key and its byte offset), a lone UTF-16
// surrogate escape such as "\ud800" (json.loads makes a str that is not Unicode text;
// here an error naming the offset), and a number past a float's range such as 1e400
// (json.loads makes inf, whose repr, inf, is no Python literal, so the scenario would
// not read back: write it in a Python dict string, "{'cpu_gpu_bw': 1e400}", which
// Python evaluates to inf), and NaN, Infinity and -Infinity, which are not JSON (a
// syntax error at their offset; write float('nan') in a Python dict string). A Python
// dict string keeps Python's rule instead: a
// repeated key keeps the last value, as torch.compile sees it:
//
//	{"torch": "2.11", "mode": "reduce-overhead", "set": ["triton.cudagraph_trees=False"],
//	 "env": {"PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"},
//	 "workload": {"devices": 2, "threads": "per-device", "moving_static_inputs": true}}
//
// Workload fields: devices, span_devices, threads (main, thread, per-device,
// per-thread, callers), callers, cold_start, cpu_inputs, cpu_input_name,
// mutated_inputs (none, input, static, storage), dynamic_shapes, distinct_sizes, marked_dynamic,
// moving_static_inputs, non_tensor_inputs, incompatible_op, allocator, thread_pool,
// autograd_backward, concurrent_recompiles, outputs_kept, outputs_stale, graph_breaks,
// compiled_autograd, capture_error_mode (global, thread_local, relaxed: a manual
// torch.cuda.graph capture), other_thread_work (none, device-sync, alloc,
// pageable-copy), dynamo (torch._dynamo.config KEY=VALUE, comma-separated; set entries
// named torch._dynamo.config.KEY go there too), stance (torch.compiler.set_stance's
// stance at the first call: force_eager, fail_on_recompile, …), inherit_context (the
// calling threads run in a copy of the caller's context: asyncio.to_thread, anyio)
// (see [Workload]). Field names
// are exact ("MODE" is refused: did you mean "mode"?), and each value has its field's
// JSON type ("workload.devices: want an integer 0..4096, got 2e0"). Unknown fields,
// repeated keys, trailing data, invalid UTF-8 and files over [MaxScenarioBytes] (1 MiB)
// are errors. An options object is held to literal.MaxBytes as the Python dict it
// becomes (a list of small ints grows by half: ", " for ","), and one past it is refused
// at its own offset in the file. env is the whole environment: nothing is read
// from the process. backend_callable names a callable backend (a script's
// backend=my_backend; Scenario.BackendCallable): torch.compile hands each graph to it
// without a registry lookup, so the plan is that backend's, with no Inductor keys or
// CUDA graphs. host is the machine host-dependent defaults are computed for
// ({"cpus": 8, "dir": "/work", "torch_dir": "…/site-packages/torch"}; Scenario.Host:
// left out, the fixed default of schema.Host). The allocator comes from it when the workload names none:
// PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync (from 2.11 PYTORCH_ALLOC_CONF too, the
// former winning), PYTORCH_NO_CUDA_MEMORY_CACHING=1 (internal/catalog). testdata/scenarios holds the field reports' scenarios and one
// file per run measured on 2.11.
//
// # The JSON report
//
// json.Marshal of a [Report] prints one object; these names are stable
// (format compilemode-report/1, [ReportFormat]):
//
//	{
//	 "format": "compilemode-report/1",
//	 "torch": "2.11",                      the minor release resolved for
//	 "schema": "2.11.0+cu130",             the release string of the schema used
//	 "backend": "inductor",
//	 "mode": "reduce-overhead" | null,     the mode argument as given (null: None)
//	 "exit": "compiles" | "raises",        the scenario's class (exit status 0 or 1)
//	 "error": null | {"stage": "parse" | "import" | "global" | "patch" | "compile" | "decorate" | "first-call" | "recompile" | "stance",
//	                  "exception": "RuntimeError",
//	                  "message": "<exactly what PyTorch prints after 'RuntimeError: '>",
//	                  "hint": "did you mean …?" (ours, optional), "evidence": "measured"},
//	 "config": {"KEY": {"value": V, "source": S, "changed": bool, "evidence": E}, …},
//	 "cudagraphs": {"enabled": bool, "implementation": "none" | "cudagraph_trees" | "legacy",
//	                "worker_threads": {"enabled": bool, "implementation": "…"} (optional),
//	                "devices": [{"device": 0, "thread": "main",
//	                             "outcome": "capture" | "partitioned" | "skip" | "fail",
//	                             "implementation": "…" (also "torch.cuda.graph": a hand capture),
//	                             "reason": "…",
//	                             "message": "<PyTorch's log or exception text>",
//	                             "exception": "AssertionError", "race": true,
//	                             "evidence": "measured"}]},
//	 "compile_disabled": true, "disabled_by": "TORCH_COMPILE_DISABLE=1" (only when a switch turns compilation off),
//	 "warnings": [{"code": "…", "key": "…", "message": "…", "recommendation": "…",
//	               "evidence": "…"}],
//	 "explain": "a paragraph in plain words (not stable wording; empty when PyTorch raises
//	             before any device runs)",
//	 "evidence": {"modes": "measured", "schema": "measured", "facts": "measured",
//	              "facts_build": "CPU build 2.6.0" (optional), "cuda": "measured"}
//	}
//
// config lists every key in PyTorch's order (get_config_copy). V encodes the Python
// value as the dumps do: None, bools, ints and strings as themselves, finite floats as
// numbers, lists and tuples as arrays, dicts with string keys as objects (in order),
// anything else as {"repr": "<Python repr>"}. S is default, env:NAME (the environment
// supplied the value, even when equal to the default), global, mode:NAME or options;
// changed compares with the clean-environment default (Python repr). E is measured,
// source, inferred, host or file (from a -schema file; package config, "Evidence").
// Placeholders that PyTorch fills at run time are written <like this>. When PyTorch
// raises before any device runs, error is set: stage import (importing
// torch._inductor.config with a malformed variable; config is then empty), global
// (a global assignment) or compile (torch.compile itself); config holds the layers
// applied before the failure and devices is empty. exception is the Python class
// name (RuntimeError, AttributeError,
// ValueError, AssertionError, InvalidBackend). worker_threads is set when user threads
// that compile see another verdict than the main thread (from 2.12 they do not see
// global assignments; callers of a function the main thread called first compile
// nothing unless shapes change). key, exception, message, race, recommendation, hint, worker_threads
// and compile_disabled are left out when empty. exit is raises also when the first call
// raises on some device (an outcome fail).
//
// # Warnings
//
// Report.Warnings holds resolution's warnings and the plan's, merged. Their codes are
// typed config.Code constants in one catalogue, each documented once with when it
// occurs (go doc config.Code: trees-user-thread-tls, thread-pool, allocator-incompatible,
// …); compare with them, as in w.Code == config.WarnTreesUserThreadTLS. Codes are
// stable.
//
// Every code has one trigger: the cause that raises it in every thread
// layout, and when the user meets it; the warnings are sorted in that order.
//
// # Text output
//
// [Report.WriteText] wraps every line to [TextOptions].Width columns (default
// [DefaultWidth], 100): tables keep their columns aligned and wrap inside their widest
// columns, each device's reason and PyTorch's text follow the table, nothing is cut
// and no word is split (a key, path or number longer than its line or column stays
// whole on a line of its own); PyTorch's unknown-option message, which lists every
// key, is elided in text (the JSON report holds it whole). A control character, escape
// sequence or bidirectional override in any string the text shows (a mode, a key, an
// environment variable, PyTorch's message quoting them) is written as an escape (\x1b,
// \u009b, \u202e), so that it cannot act on a terminal; the JSON report holds the
// strings as they are. Do not depend on the text being stable.
//
// # Where the facts come from
//
// The plan's outcomes and texts for 2.11 are measured (testdata/torch/2.11/
// seed_scenarios.json and measured_scenarios.json, made with
// testdata/probe/torch_truth.py); the tests reproduce every measured run, outcome and
// message. Other releases are read in their source or inferred, dated from the change
// that introduced each behaviour. The compile-time skip lines ("skipping cudagraphs due
// to …") and the order in which each release checks and joins their reasons are one
// table, graphs/internal/skips, read in the sources of 2.0 to 2.9 and 2.14 and shared
// with graphs/diagnose: when several reasons hold, 2.0 and 2.1 log the first, 2.2 logs
// every failed check in one Python list, and later releases log the lowering's reason
// alone, else a mutation alone, else the list of the rest (from 2.8, with graph_partition
// on, that list turns CUDA graphs off without a line). [Check] and [Build] are safe
// for concurrent use (tested from 64 goroutines).
//
// # Reliability
//
// Every input path — the command's flags, -options @FILE, -scenario, -schema, -env,
// -set, and the library's parsers and loaders (literal.Parse, ParseAssignment,
// ParseEnvAssignment, ParseOptions, schema.Load, strictjson.Check, [LoadScenario],
// [Check]) — runs in time linear in its size, with memory bounded by a limit checked
// before the input is parsed or stored. Past a limit the answer is a
// *inputerr.LimitError naming it and the value (wrapped in the path's own error type),
// and the command exits 2:
//
//	literal.MaxBytes            1 MiB  an options literal, a -set value, -options @FILE
//	literal.MaxDepth            64     brackets; also unary signs in a row, operators and names
//	literal.MaxIntDigits        4300   digits of a decimal int literal (Python's own limit)
//	literal.MaxNonDecimalDigits 4300   digits of a hex, octal or binary int literal
//	schema.MaxKeyParts          32     dotted parts of a -set key (a global) or a schema key
//	strictjson.MaxDepth         64     objects and arrays together, in a scenario or schema
//	config.MaxEnvEntries        4096   environment variables of one request
//	schema.MaxBytes             16 MiB a schema file
//	MaxScenarioBytes            1 MiB  a scenario file
//	MaxNameBytes                4 KiB  each name field of a Scenario: mode, backend, torch, python, host dirs, workload names
//	MaxDevices                  4096   workload devices, and callers
//	MaxDeviceThreads            16384  devices × callers under threads per-thread; devices × devices under span_devices
//	MaxDistinctSizes            2^20   distinct input sizes
//
// Text is held to one rule everywhere: a NUL byte, invalid UTF-8 and a lone UTF-16
// surrogate escape are refused with their byte offset (and line and column in a file),
// as is a UTF-8 byte order mark at the start of a file or literal (Python refuses it
// too); control characters are accepted where Python accepts them (inside string
// literals and values) and refused where it refuses them. One input is the exception:
// the log that -diagnose (package graphs/diagnose) reads. A log carries anything, so a
// NUL, invalid UTF-8, a byte order mark and binary junk in it are read, not refused, and
// a message next to them is still found (diagnose's TestReadLenient). A path that is neither a
// regular file nor a pipe (a device, a directory) is refused before it is opened for
// reading; a pipe is read as stdin is (a named one that -diagnose or -script reads waits
// for its writer, as cat does; one that -scenario, -schema or -options @FILE reads and no
// program writes reads as empty).
// Every single-valued flag may be given once; a second occurrence is an error naming
// both values. A Scenario's fields are checked by the same code whether they come from
// a file, a program or the command's flags. No exported function or method panics on
// nil or zero arguments or receivers (a test lists every one with go/doc).
//
// Measured on the shared 2-core development machine under load (go test -bench
// InputPaths -benchtime 3x in config and graphs; time per call). Time per byte stays
// within the noise from 1 KB to 1 MB; Check's 25 ms floor is building the release's
// resolver. The inputs of the hostile table stay within a second of CPU and 200 MB
// allocated. The heaviest are literals of half a million items, each item a token, a
// node and a value: the command parses -options once (in Check), and a 1 MB options
// list of ints ({'x': [1,1,…]}) takes 0.5–0.55 s of CPU, 133 MB allocated and 137 MB
// peak RSS, measured on the shared machine (load average 4–14; tuples, lists of lists,
// of dicts and of strings 0.3–0.75 s, 71–130 MB allocated, 98–117 MB RSS; a 1 MB
// scenario list 0.4–0.9 s and 138 MB). Before 2026-12-02 the command parsed -options
// twice, each parse 440 MB (slices grown by a quarter at a time), then 200 MB: 1.1–1.3
// s, 236 MB RSS.
//
//	path                            1 KB       100 KB     1 MB
//	literal.Parse             0.36 ms    28 ms      364 ms
//	strictjson.Check          0.05 ms    1.3 ms     67 ms
//	config.ParseAssignment          0.04 ms    0.14 ms    3.7 ms
//	config.ParseEnvAssignment       0.002 ms   0.07 ms    1.2 ms
//	config.UnknownOptionError.Hint  0.05 ms    1.5 ms     40 ms
//	LoadScenario                    0.12 ms    2.7 ms     112 ms
//	Check (options of that size)    26 ms      24 ms      470 ms
package graphs
