// Package config resolves torch.compile's mode and options, torch._inductor.config
// globals and TORCHINDUCTOR_* variables into the effective Inductor config, exactly as
// a given PyTorch release does, with the source of every value. It also predicts the
// error torch.compile raises, with PyTorch's exception type and exact message.
//
// Package config is resolution only. What it resolves comes from packages below it,
// each with one job, imported one way (inputerr ← literal, strictjson ← schema ←
// config): [literal] reads Python literals and constant expressions into values (as a
// script evaluates them: 2 ** 3, 'a' + 'b', [True][0], by the Python's version),
// [strictjson] checks JSON
// files, [schema] reads the schema file format (keys, defaults, environment rules,
// modes) and holds the built-in schemas, and [inputerr] holds the error types of bad
// input.
//
// # Precedence
//
// For each key, the effective value is the first of these that applies (PyTorch's
// own order, torch/utils/_config_module.py: "alias → env_name_force → user_override
// → env_name_default → justknob → default"; the per-compile patch is a user override
// that compile_fx applies with config.patch around the compile):
//
//  1. env_name_force: a Config(env_name_force=V) key whose variable is set, e.g.
//     triton.cudagraph_or_error ← TORCHINDUCTOR_CUDAGRAPH_OR_ERROR. It beats
//     everything below, the per-compile patch included. Source "env:V".
//  2. the per-compile patch: the mode's table entry (source "mode:NAME") or the
//     options dict (source "options"). torch.compile accepts one or the other, never
//     both, and the patch beats globals and the environment's defaults.
//  3. global assignments, torch._inductor.config.KEY = VALUE before compiling, in
//     order, the last one winning (source "global"). From 2.12 they are per thread.
//     config.patch(...) blocks around torch.compile ([Patch]) set user overrides
//     too, after the globals (source "patch"), with config.patch's own argument
//     checks and ConfigPatch.__enter__'s AttributeError for an unknown key.
//  4. the default, which for keys with an environment rule is computed from the
//     environment when torch._inductor.config is imported (source "env:V" when a
//     variable supplied it, even if equal to the clean default; "default" otherwise),
//     e.g. triton.cudagraphs is True only when TORCHINDUCTOR_CUDAGRAPHS is exactly "1".
//
// # Validation
//
// Resolution stops at the first error, in PyTorch's order: the import-time error of a
// malformed variable ([schema.EnvError]: ValueError, AssertionError), then global
// assignments ([GlobalError]: AttributeError), then torch.compile's checks: mode and
// options both given ([ErrModeAndOptions]), an unknown mode (*modes.UnknownModeError),
// options that are not a dict ([OptionsShapeError]), an unknown option
// ([UnknownOptionError]) and an option of the wrong type ([OptionTypeError]). Warnings
// are collected, all of them.
//
// A global of the wrong type is accepted (PyTorch does not check globals), with the
// warning global-wrong-type. torch.compile's checks, release by release: mode and
// options both given fail on "is not None" (mode="default", options={} raises; mode=""
// means default from 2.7; options={} alone is fine); the unknown-option message lists
// every key in order; the type check is isinstance from 2.6 (True is an int, an int is
// not a float, generic annotations such as Optional[int] are not checked), the exact
// type up to 2.5, and 2.6 silently drops generic-typed options (warning option-dropped).
// "-" in option keys becomes "_". Unknown modes, keys and globals come with a "did you
// mean" hint ([Hinter]) beside PyTorch's unchanged message.
//
// # Python
//
// The Python that runs PyTorch is part of the answer (Request.Python; by default
// the one each release was measured on, [Facts.Python]: 3.13 for 2.6, 3.12 for
// 2.11, 3.14 for 2.14; for a release not measured, the newest its torch.compile
// runs on: 3.10 for 2.0, 3.11 for 2.1-2.3, 3.12 for 2.4-2.5). Package pyver holds its semantics as data generated from
// each Python's own unicodedata: how int(), float() and str.upper() read a
// variable (ASCII-only stripping, one sign, 4,300 digits, Unicode digits and full
// case mappings by Unicode version), how repr() escapes a str ([Result.Repr]), and
// its exception texts (3.13's AttributeError wording, 3.14's unhashable wording).
// torch.compile itself refuses the Pythons from [Facts.CompileMaxPython] on, each
// release in its own words ([Facts.CompilePythonMessage]; 2.0 raises it from
// torch._dynamo.optimize, after the mode and options are checked,
// [Facts.CompilePythonInOptimize]). A Python older than the oldest the release has
// builds for ([Facts.OldestPython]) or newer than the newest ([Facts.NewestPython]),
// where a source gives them, gets python-no-build: that torch cannot be installed there. The Windows checks of 2.0-2.4 are not
// modelled: a request has no platform, and Linux is assumed.
//
// # Stages
//
// Result.Stage says when the error is raised: parse (Python reading or evaluating
// the call's text: a *literal.Error carries Python's exception, NameError,
// SyntaxError, ZeroDivisionError, TypeError…), import, global, patch, compile,
// decorate (the decorator form, Request.Decorator) or first-call (Request.FirstCall:
// with Request.Graph, a guard_filter_fn option that is not callable,
// [Facts.FirstCallCallsGuardFilter]).
//
// # Evidence
//
// Every value, error text and warning says how it is known ([modes.Evidence]):
// measured (printed by that release: 2.11.0+cu130 on H200s, testdata/torch/2.11),
// source (read in the release's own files: 2.2, 2.6, 2.7, 2.14), inferred (bracketed
// between those, dated from the pull request that introduced the change) or host (a
// default computed for Request.Host as PyTorch computes it: compile_threads is
// min(32, CPUs); cpp.cxx comes from CXX; the cutlass_dir paths lie inside the torch
// install, <torch>/../third_party/cutlass/), or file (read from a schema file the
// caller gave, [NewResolverFromSchema]: the file's claim, never labelled measured).
// Nothing is read from the machine the
// library runs on: the zero schema.Host is a fixed default (schema.DefaultCPUs, 32,
// and the schema's own paths), so a request has one answer everywhere.
//
// # Releases without their own schema
//
// 2.2, 2.6, 2.7, 2.11 and 2.14 have their own key list, embedded from
// config/schema/torch-<release>.json (format: config/schema/FORMAT.md). The others
// borrow the nearest: 2.0 uses 2.2's keys less triton.cudagraph_trees (its own file,
// torch-2.0.json), 2.1 and 2.3–2.5 use 2.2's keys, 2.8–2.9 2.7's, 2.10 and 2.12
// 2.11's, 2.13 2.14's; their mode tables and behaviours ([Facts]: type checks, thread
// semantics, messages) are their own. Everything they report carries evidence
// inferred, and an option or global that the borrowed older list lacks but the next
// release read has gives the warning uncertain-key instead of an error (likewise a
// variable: uncertain-env-var). Where a copy of a borrowing release's config.py was
// read, its environment rules are its own (schema.EnvRows): 2.4 and 2.5 read
// TORCHINDUCTOR_CUDAGRAPHS and the TORCHINDUCTOR_CPP_* variables of the cpp keys, 2.3
// to 2.5 TORCHINDUCTOR_CPP_WRAPPER, and 2.3 is known not to read the former
// (env-var-other-release).
//
// # Your own PyTorch
//
// config/dump_schema.py (standard library plus torch) writes a release's mode table and
// every key with its type, default and environment rule:
//
//	python3 config/dump_schema.py -o my-torch.json   # in your environment, about 12 s
//	compilemode -schema my-torch.json -mode reduce-overhead
//
// [schema.Load] reads such a file and [NewResolverFromSchema] resolves against it, with
// evidence file ([modes.File]): the file's claims are not checked, so a value or mode
// table it holds is never labelled measured. Its mode table goes through apply_options'
// type check as the built-in ones do (a mode setting triton.cudagraphs='yes' raises
// RuntimeError: Unexpected type of attr). If variables the config reads are set, the script re-runs itself
// without them and names them in made_by. --from-dumps DIR builds the file from dumps
// like testdata/torch/2.11 and checks every environment rule against the measured
// effects; --from-source DIR --version X.Y.Z reads a release's config.py and
// __init__.py without importing torch (how the 2.2, 2.6, 2.7 and 2.14 files were made).
// The built-in 2.11 schema is such a file, written on the GPU machine's PyTorch
// 2.11.0+cu130 (testdata/torch/2.11/schema_live.json); the tests check it against the
// raw dumps key by key.
//
// # Warnings
//
// Resolution's warnings ([Warning]; package graphs adds the plan's). Every code is a
// typed [Code] constant, documented once in one catalogue for the whole module
// (go doc config.Code; [Codes] lists them in order). Codes are stable; new ones are
// added at the end. Each warning carries its fix in Recommendation, and, as data set
// where the fix is written, whether that fix advises running without CUDA graphs by
// the mode (AdvisesNoCUDAGraphs, out of the JSON form). -script's warnings
// about reading a script (env-after-import, framework-compile, …) are graphs/script's
// Warning… constants.
//
// The environment traps (WarnEnvSwitchMisread, WarnNoCUDAGraphsModeCaptures,
// WarnEnvVarOtherRelease, WarnEnvVarMisspelled, and mode-overrides-global for a variable) are
// rows of one table, each citing its source.
//
// # Bad input
//
// Every bad input gets a typed error that names the offending key or value, never a
// panic: literals have a byte offset ([literal.Error]), a size limit ([literal.MaxBytes],
// 1 MiB) and a nesting limit ([literal.MaxDepth], 64); names other than None, True, False
// and Python's builtins are refused as Python refuses them (NameError: name 'false' is
// not defined, with "did you mean False?"; a scenario file's options object is JSON, read
// as json.loads reads it but for a repeated key, a lone surrogate escape, a number past a
// float's range and NaN or Infinity, which are refused: package graphs, "Scenario
// files"); constant expressions are evaluated with Python's semantics and errors, an int
// past [literal.MaxIntBits] or a sequence past [literal.MaxSeqLen] refused (9 ** 9 ** 9
// never hangs); comprehensions, f-strings and the common pure builtins (len, sorted, str,
// int and float of a number; int and float of a str only with a Python: ParseOptionsFor)
// are evaluated as package literal says, while lambdas, other calls and attributes are
// refused as not evaluated; duplicate dict keys keep the last value, as in Python. Schema
// files are size-limited ([schema.MaxBytes]) and strictly checked.
//
// # Concurrency and performance
//
// A [Resolver] is immutable and safe for concurrent use (tested from 64 goroutines
// under -race); building one parses the release's schema, so keep it. A [Result] shares
// the clean defaults and records only the keys some layer set, and only the rules that
// read a variable that is set run. BenchmarkResolve (2.11, a mode, two globals, 41
// variables) took 7.7 µs, 6.7 KB and 50 allocations per op on a 2-core CI machine
// before the environment traps; with them it makes 57 allocations (8.2 KB). PyTorch's
// own _TorchCompileInductorWrapper construction for the same work takes about 1–2.5 ms
// (testdata/torch/2.11/resolve_vs_torch.txt; examples/bench/anchor_torch.py).
//
//	go test ./config -run XXX -bench 'Resolve|ParseLiteral' -benchmem
package config
