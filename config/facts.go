package config

import (
	"fmt"
	"slices"

	"github.com/compilemode/compilemode/modes"
)

// TypeCheck is how apply_options checks an option's value.
type TypeCheck string

const (
	// ExactType: type(value) is type(current value) (2.1–2.5). Source: torch/__init__.py
	// apply_options @ 2.1-era pytorch/pytorch@dc098c44 and torch 2.2.2
	// (testdata/reference/pytorch-facts.md §2.4).
	ExactType TypeCheck = "exact-type"
	// IsInstance: isinstance(value, config.get_type(key)), skipped for generic
	// annotations (typing.get_origin is not None) (2.6+). Source: torch/__init__.py
	// apply_options @ 2.6.0, 2.7.1, 2.14.0; measured on 2.11.
	IsInstance TypeCheck = "isinstance"
)

// Facts are the behaviours of one release that resolution and planning depend on,
// beyond its schema and mode table. Facts are values, computed by [FactsFor] from
// [FactRows]; each fact's releases, evidence and source are in its rows.
type Facts struct {
	Torch modes.Version
	// TypeCheck is apply_options' type check.
	TypeCheck TypeCheck
	// DropsGenericOptions: apply_options stores an option only inside the non-generic
	// branch, so options whose annotation is generic (Optional[int], Literal[…],
	// list[…]) are silently dropped (2.6).
	DropsGenericOptions bool
	// GlobalsPerThread: user overrides (torch._inductor.config.X = V) are per-thread
	// ContextVars, so worker threads see defaults (2.12+).
	GlobalsPerThread bool
	// PerThreadTrees: cudagraph trees initialise their thread-local state lazily in any
	// thread (2.14+, PR #184357).
	PerThreadTrees bool
	// CUDAGraphsBackendTrees: backend="cudagraphs" uses cudagraph trees (2.3+); before,
	// CudaGraphModule with no thread-local state.
	CUDAGraphsBackendTrees bool
	// CUDAGraphsBackendTakesKwargs: backend="cudagraphs" accepts mode=/options= and
	// ignores them with a warning (2.14); before, its __call__ takes two arguments, so
	// torch.compile(backend="cudagraphs", mode=...) fails with a TypeError at the first
	// call.
	CUDAGraphsBackendTakesKwargs bool
	// OtherBackendGetsModeOptions: torch.compile wraps a backend other than Inductor in
	// _TorchCompileWrapper, which passes a truthy mode and options to it as keyword
	// arguments (2.1+); 2.0 hands such a backend to Dynamo as it is, so mode and options
	// are dropped without a check.
	OtherBackendGetsModeOptions bool
	// SkipMessagePrefixed: "skipping cudagraphs due to …" messages come from
	// cudagraph_utils helpers (2.6+), with the doubled prefix for device reasons;
	// before, compile_fx logs the Python list of reasons.
	SkipMessagePrefixed bool
	// MessagefulLegacyAsserts: the legacy implementation's data_ptr assert carries a
	// message (2.14); up to 2.11 (measured) it is a bare AssertionError.
	MessagefulLegacyAsserts bool
	// FirstCallCallsGuardFilter: the first call of a function whose capture makes a
	// graph calls a truthy guard_filter_fn option when Dynamo builds the guards
	// (torch/_dynamo/guards.py: "if guard_filter_fn:" then calls it), so one that is
	// not callable raises InternalTorchDynamoError "TypeError: 'int' object is not
	// callable" then (2.8+, with the option).
	FirstCallCallsGuardFilter bool
	// FirstCallValidatesOverrides: Dynamo validates TORCH_COMPILE_OVERRIDE_BACKENDS
	// and TORCH_COMPILE_OVERRIDE_INDUCTOR_CONFIGS when it converts the first frame
	// (the first call), raising ValueError for an unknown backend or key (2.14).
	FirstCallValidatesOverrides bool
	// CompileOptions are the options torch.compile takes out of the dict itself, after
	// the mode/options check and before the Inductor wrapper sees it (guard_filter_fn
	// from 2.8, use_aoti in 2.14).
	CompileOptions []string
	// Backends are the backend names torch.compile accepts besides "inductor":
	// torch._dynamo.list_backends(exclude_tags=()).
	Backends []string
	// ListedBackends is torch._dynamo.list_backends(): the backends without the
	// debug and experimental tags, the names InvalidBackend suggests from.
	ListedBackends []string
	// InvalidBackendSuggests: InvalidBackend's text is "Invalid backend: 'x'. See …"
	// or, when difflib.get_close_matches(x, list_backends(), n=2) finds names,
	// "Invalid backend: 'x', did you mean: 'y'? See …" (2.14); before, "Invalid
	// backend: 'x', see …" with no suggestion.
	InvalidBackendSuggests bool
	// InvalidBackendKeyError: an unregistered backend name reaches the registry's dict
	// lookup unchecked, so torch.compile raises KeyError: 'x' (2.0) instead of
	// InvalidBackend.
	InvalidBackendKeyError bool
	// AOTIWrapperPatch is what a truthy use_aoti option adds to the per-compile patch,
	// after the user's options, as "key=literal": it selects
	// _TorchCompileAOTInductorWrapper, which sets these keys (2.14).
	AOTIWrapperPatch []string
	// AliasKeys are the keys declared Config(alias=TARGET), as "key=TARGET" with
	// TARGET's full dotted name: a global assignment to one is accepted and writes
	// through to TARGET; they are not options (get_config_copy leaves them out).
	AliasKeys []string
	// BackendNoneIsDefault: backend=None is get_default_backend(), Inductor (2.14);
	// before, torch.compile wraps None as a non-Inductor backend it does not validate
	// (_TorchCompileWrapper(None): lookup_backend passes non-strings through).
	BackendNoneIsDefault bool
	// BisectBackend: a non-empty TORCH_BISECT_BACKEND replaces torch.compile's backend
	// argument, whatever it was, before the backend is looked up (the compiler
	// bisector, torch/_inductor/compiler_bisector.py get_backend).
	BisectBackend bool
	// CompileKwargs are the keyword arguments torch.compile takes besides mode,
	// options and backend (fullgraph, dynamic, disable; name, recompile_limit, ... on
	// later releases). Empty when not read: any name is then accepted.
	CompileKwargs []string
	// Python is the default of Request.Python: the Python the release was measured on
	// (Debian trixie's 3.13 for 2.6.0, the GPU machine's 3.12 for 2.11, Debian sid's
	// 3.14 for 2.14.1), and for a release not measured the newest Python its
	// torch.compile runs on (3.10 for 2.0).
	Python string
	// CompileMaxPython is the first Python torch.compile refuses: from it on,
	// torch.compile raises RuntimeError(CompilePythonMessage) ("" when not known).
	CompileMaxPython string
	// CompilePythonMessage is that RuntimeError's text, which changed across releases
	// ("Python 3.11+ not yet supported for torch.compile" on 2.0, "Dynamo is not
	// supported on Python 3.12+" on 2.1-2.3, "torch.compile is not supported on
	// Python 3.14+" from 2.6).
	CompilePythonMessage string
	// CompileDisableTruthy: TORCH_COMPILE_DISABLE is read by its truth value
	// (torch._dynamo.config.disable is the variable's string), so any non-empty value
	// turns torch.compile off, "0" and "false" included (2.0-2.7); from 2.8 only
	// exactly "1" does (pytorch#149840).
	CompileDisableTruthy bool
	// CompilePythonInOptimize: the Python check is torch._dynamo.optimize's
	// (check_if_dynamo_supported, 2.0), run after torch.compile built its backend
	// wrapper, so a bad mode or option is reported first, and the decorator form
	// raises when the decorator is applied; from 2.1 it is torch.compile's first
	// statement, before its decorator branch.
	CompilePythonInOptimize bool
	// InputMutationSupportDefault is the default of
	// triton.cudagraph_support_input_mutation outside fbcode: True from 2.5, so that
	// cudagraph trees check a mutated input at their first call instead of skipping CUDA
	// graphs at compile time; False in 2.4; before 2.4 the key does not exist and the
	// check is the compile-time one, as with False. [Result.SupportInputMutation] reads it
	// where the schema a release uses lacks the key (2.3 to 2.5 borrow 2.2's).
	InputMutationSupportDefault bool
	// OldestPython is the oldest Python the release has builds for (wheels on PyPI,
	// download.pytorch.org): an older one cannot install it ([WarnPythonNoBuild]); ""
	// where no source gives it (2.4, 2.10-2.13).
	OldestPython string
	// NewestPython is the newest Python the release has builds for: a newer one cannot
	// install it ([WarnPythonNoBuild]); "" where no source gives it (2.4, 2.5, 2.9-2.14).
	NewestPython string
}

// The names of the facts, as [FactRow.Name] spells them: the [Facts] field each row
// sets.
const (
	FactTypeCheck                    = "TypeCheck"
	FactDropsGenericOptions          = "DropsGenericOptions"
	FactGlobalsPerThread             = "GlobalsPerThread"
	FactPerThreadTrees               = "PerThreadTrees"
	FactCUDAGraphsBackendTrees       = "CUDAGraphsBackendTrees"
	FactCUDAGraphsBackendTakesKwargs = "CUDAGraphsBackendTakesKwargs"
	FactOtherBackendGetsModeOptions  = "OtherBackendGetsModeOptions"
	FactSkipMessagePrefixed          = "SkipMessagePrefixed"
	FactMessagefulLegacyAsserts      = "MessagefulLegacyAsserts"
	FactFirstCallCallsGuardFilter    = "FirstCallCallsGuardFilter"
	FactFirstCallValidatesOverrides  = "FirstCallValidatesOverrides"
	FactCompileOptions               = "CompileOptions"
	FactBackends                     = "Backends"
	FactListedBackends               = "ListedBackends"
	FactInvalidBackendSuggests       = "InvalidBackendSuggests"
	FactInvalidBackendKeyError       = "InvalidBackendKeyError"
	FactAOTIWrapperPatch             = "AOTIWrapperPatch"
	FactAliasKeys                    = "AliasKeys"
	FactBackendNoneIsDefault         = "BackendNoneIsDefault"
	FactPython                       = "Python"
	FactCompileKwargs                = "CompileKwargs"
	FactBisectBackend                = "BisectBackend"
	FactCompileMaxPython             = "CompileMaxPython"
	FactCompilePythonMessage         = "CompilePythonMessage"
	FactCompilePythonInOptimize      = "CompilePythonInOptimize"
	FactInputMutationSupportDefault  = "InputMutationSupportDefault"
	FactOldestPython                 = "OldestPython"
	FactCompileDisableTruthy         = "CompileDisableTruthy"
	FactNewestPython                 = "NewestPython"
)

// FactRow is one per-release fact: over Releases, the [Facts] field Name holds Value.
// A list-valued fact (CompileOptions, Backends) gathers every row that holds for a
// release, in row order; any other fact is stated by at most one row per release, and
// a release no row covers keeps the field's zero value.
type FactRow struct {
	_ [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	// Name is the Facts field the row sets (FactTypeCheck, …).
	Name     string
	Releases modes.Releases
	// Value is a bool, a TypeCheck, a string (one item of a list-valued fact) or a
	// []string, matching the field.
	Value any
	// Evidence is the best evidence for the row over its range: measured when a
	// release in it was measured, source when one was read (see [EvidenceFor] for each
	// release's own).
	Evidence modes.Evidence
	// Source names the PyTorch file and release, the PR or issue, or the file under
	// testdata/ the row comes from.
	Source string
}

// FactRows returns every per-release fact as rows. Each call returns new rows.
func FactRows() []FactRow {
	r := modes.Minors
	const (
		applyOptions = "torch/__init__.py _TorchCompileInductorWrapper.apply_options"
		cgBackend    = "torch/_dynamo/backends/cudagraphs.py"
	)
	return append([]FactRow{
		{Name: FactTypeCheck, Releases: r(0, 5), Value: ExactType, Evidence: modes.Source, Source: src(applyOptions + " @ 2.0 (pytorch/pytorch.github.io@01153da6 docs/2.0/_modules/torch.html), 2.1-era pytorch/pytorch@dc098c44 and 2.2.2 (testdata/reference/pytorch-facts.md §2.4)")},
		{Name: FactTypeCheck, Releases: r(6, 14), Value: IsInstance, Evidence: modes.Measured, Source: src(applyOptions + " @ 2.6.0, 2.7.1, 2.14.0; measured on 2.11 (testdata/reference/pytorch-facts.md §2.4)")},

		{Name: FactDropsGenericOptions, Releases: r(0, 5), Value: false, Evidence: modes.Source, Source: src(applyOptions + " @ 2.0 (docs/2.0/_modules/torch.html) and 2.2.2 store every option that passes the exact type check (testdata/reference/pytorch-facts.md §2.4)")},
		{Name: FactDropsGenericOptions, Releases: r(6, 6), Value: true, Evidence: modes.Source, Source: src(applyOptions + " @ 2.6.0: the store sits in the non-generic branch (testdata/reference/pytorch-facts.md §2.4)")},
		{Name: FactDropsGenericOptions, Releases: r(7, 14), Value: false, Evidence: modes.Measured, Source: src(applyOptions + " @ 2.7.1, 2.14.0 stores generic options unchecked; measured on 2.11 (testdata/reference/pytorch-facts.md §2.4)")},

		{Name: FactGlobalsPerThread, Releases: r(0, 11), Value: false, Evidence: modes.Source, Source: src("torch/utils/_config_module.py @ 2.7.1: user overrides are process-global; unsloth PR #7019: \"torch 2.11 and earlier stored them process-globally\" (testdata/reference/pytorch-facts.md §3.3)")},
		{Name: FactGlobalsPerThread, Releases: r(12, 14), Value: true, Evidence: modes.Source, Source: src("torch/utils/_config_module.py @ 2.14.0: user_override is a ContextVar; unsloth PR #7019 dates it to 2.12 (testdata/reference/pytorch-facts.md §3.3)")},

		{Name: FactPerThreadTrees, Releases: r(0, 13), Value: false, Evidence: modes.Measured, Source: src("torch/_inductor/cudagraph_trees.py @ 2.2.2, 2.6.0, 2.7.1; measured on 2.11 (issue #123177); issue #123177 still reproduced on 2.13.0.dev20260518 (testdata/reference/pytorch-facts.md §5.1)")},
		{Name: FactPerThreadTrees, Releases: r(14, 14), Value: true, Evidence: modes.Source, Source: src("torch/_inductor/cudagraph_trees.py @ 2.14.0: PR #184357 \"Fix cudagraph trees in Python threads\" (testdata/reference/pytorch-facts.md §5.2)")},

		{Name: FactCUDAGraphsBackendTrees, Releases: r(0, 2), Value: false, Evidence: modes.Source, Source: src(cgBackend + " @ 2.2.2: CudaGraphModule, no thread-local state (testdata/reference/pytorch-facts.md §5.3)")},
		{Name: FactCUDAGraphsBackendTrees, Releases: r(3, 14), Value: true, Evidence: modes.Source, Source: src(cgBackend + " @ 2.6.0; issue #122371 closed 2024-04 \"switched to cudagraph trees\" (testdata/reference/pytorch-facts.md §5.3)")},

		{Name: FactCUDAGraphsBackendTakesKwargs, Releases: r(0, 13), Value: false, Evidence: modes.Source, Source: src(cgBackend + " @ 2.6.0: __call__(model, inputs) takes two arguments (behaviour inferred; testdata/reference/pytorch-facts.md §2.5); 2.0's torch.compile passes no mode or options to a backend other than inductor (docs/2.0/_modules/torch.html)")},
		{Name: FactCUDAGraphsBackendTakesKwargs, Releases: r(14, 14), Value: true, Evidence: modes.Source, Source: src(cgBackend + " @ 2.14.0: __call__(model, inputs, **kwargs) logs and ignores them (testdata/reference/pytorch-facts.md §2.5)")},
		{Name: FactOtherBackendGetsModeOptions, Releases: r(0, 0), Value: false, Evidence: modes.Source, Source: src("torch/__init__.py compile @ 2.0 (pytorch/pytorch.github.io@01153da6 docs/2.0/_modules/torch.html): only backend == \"inductor\" is wrapped (_TorchCompileInductorWrapper); any other backend goes to torch._dynamo.optimize unwrapped")},
		{Name: FactOtherBackendGetsModeOptions, Releases: r(1, 14), Value: true, Evidence: modes.Measured, Source: src("torch/__init__.py _TorchCompileWrapper (2.1+); measured on 2.6.0 and 2.14.1 (testdata/torch/2.6.0-debian/static.json, testdata/torch/2.14.1-debian/static.json: backend='cudagraphs' with mode or options)")},

		{Name: FactSkipMessagePrefixed, Releases: r(0, 5), Value: false, Evidence: modes.Source, Source: src("torch/_inductor/compile_fx.py @ 2.2.2 logs the list of reasons (testdata/reference/pytorch-facts.md §4.2)")},
		{Name: FactSkipMessagePrefixed, Releases: r(6, 14), Value: true, Evidence: modes.Source, Source: src("torch/_inductor/cudagraph_utils.py @ 2.6.0, 2.7.1, 2.14.0 (testdata/reference/pytorch-facts.md §4.2)")},

		{Name: FactMessagefulLegacyAsserts, Releases: r(0, 13), Value: false, Evidence: modes.Measured, Source: src("torch/_inductor/compile_fx.py cudagraphify_impl @ 2.2.2, 2.6.0, 2.7.1: a bare assert; measured on 2.11 (testdata/reference/pytorch-facts.md §4.6)")},
		{Name: FactMessagefulLegacyAsserts, Releases: r(14, 14), Value: true, Evidence: modes.Source, Source: src("torch/_inductor/compile_fx.py cudagraphify_impl @ 2.14.0 (testdata/reference/pytorch-facts.md §4.6)")},

		{Name: FactFirstCallCallsGuardFilter, Releases: r(0, 7), Value: false, Evidence: modes.Source, Source: src("guard_filter_fn is no torch.compile option before 2.8 (FactCompileOptions): torch.compile raises first")},
		{Name: FactFirstCallCallsGuardFilter, Releases: r(8, 13), Value: true, Evidence: modes.Inferred, Source: src("inferred from 2.14.1: the option reaches CheckFunctionManager (torch/_dynamo/guards.py), which calls it when truthy; the option exists from 2.8")},
		{Name: FactFirstCallCallsGuardFilter, Releases: r(14, 14), Value: true, Evidence: modes.Measured, Source: src("torch/_dynamo/guards.py @ 2.14.1 (\"if guard_filter_fn:\"); measured on 2.14.1: def f(x): return x + 1, backend='eager', options={'guard_filter_fn': 1} raises at the first call, [] {} None do not (testdata/torch/2.14.1-debian/COMMANDS.md, first-call)")},

		{Name: FactFirstCallValidatesOverrides, Releases: r(0, 13), Value: false, Evidence: modes.Inferred, Source: src("torch/_dynamo/graph_id_filter.py is absent from 2.6.0 (read) and present in 2.14.1 (read); the releases between are not read")},
		{Name: FactFirstCallValidatesOverrides, Releases: r(14, 14), Value: true, Evidence: modes.Measured, Source: src("torch/_dynamo/convert_frame.py, graph_id_filter.py @ 2.14.1; measured on 2.14.1 (testdata/torch/2.14.1-debian/calls7.json)")},

		{Name: FactCompileOptions, Releases: r(8, 14), Value: "guard_filter_fn", Evidence: modes.Measured, Source: src("PyTorch 2.8 documentation; ComfyUI issue #11457 (2.9 compiles, 2.7 raises \"Unexpected optimization option guard_filter_fn\"); measured on 2.11 (testdata/torch/2.11/measured_scenarios.json opts_guard_filter_fn)")},
		{Name: FactCompileOptions, Releases: r(14, 14), Value: "use_aoti", Evidence: modes.Source, Source: src("torch/__init__.py compile @ 2.14.0 pops it (earlier releases not read; testdata/reference/pytorch-facts.md §2.1)")},

		{Name: FactAOTIWrapperPatch, Releases: r(14, 14), Value: []string{"cpp_wrapper=True", "aot_inductor.package=True"}, Evidence: modes.Measured, Source: src("torch/__init__.py _TorchCompileAOTInductorWrapper @ 2.14.0; measured on 2.14.1 (testdata/torch/2.14.1-debian/static.json calls[\"options=use_aoti-True\"].result.patch, calls[\"options=use_aoti-1+max_autotune\"])")},

		{Name: FactAliasKeys, Releases: r(11, 14), Value: []string{"use_static_triton_launcher=torch._inductor.config.use_static_cuda_launcher", "strict_static_triton_launcher=torch._inductor.config.strict_static_cuda_launcher"}, Evidence: modes.Measured, Source: src("torch/_inductor/config.py Config(alias=...) @ 2.11 (testdata/torch/2.11/torch_facts.json); measured on 2.14.1 (testdata/torch/2.14.1-debian/static.json alias_keys, calls[\"alias global use_static_triton_launcher\"]); earlier releases not read")},
		{Name: FactAliasKeys, Releases: r(11, 14), Value: "force_disable_caches=torch.compiler.config.force_disable_caches", Evidence: modes.Measured, Source: src("torch/_inductor/config.py force_disable_caches: Config(alias=\"torch.compiler.config.force_disable_caches\") @ 2.11 (testdata/torch/2.11/torch_facts.json; not among 2.11's 543 keys, config/schema/torch-2.11.json); measured on 2.14.1 (testdata/torch/2.14.1-debian/static.json alias_keys, calls[\"alias global force_disable_caches\"]); a key of its own on 2.6 and 2.7 (their schemas); 2.8-2.10 not read")},

		{Name: FactBackends, Releases: r(0, 6), Value: backends26(), Evidence: modes.Measured, Source: src("torch._dynamo.list_backends(exclude_tags=()) measured on 2.6.0 (testdata/torch/2.6.0-debian/static.json backends.list_backends_all; onnxrt is registered without onnxruntime: calls[\"backend='onnxrt'\"]); 2.0-2.5 are given 2.6's list (inferred)")},
		{Name: FactBackends, Releases: r(7, 14), Value: backends211(), Evidence: modes.Measured, Source: src("torch._dynamo.list_backends(exclude_tags=()) measured on 2.11.0+cu130 (testdata/torch/2.11/backends.json) and 2.14.1 (testdata/torch/2.14.1-debian/static.json backends.list_backends_all, the same list); 2.7-2.10 and 2.12-2.13 are given it (inferred)")},

		{Name: FactListedBackends, Releases: r(0, 6), Value: []string{"cudagraphs", "inductor", "onnxrt", "openxla", "tvm"}, Evidence: modes.Measured, Source: src("torch._dynamo.list_backends() measured on 2.6.0 (testdata/torch/2.6.0-debian/static.json backends.list_backends); 2.0-2.5 inferred")},
		{Name: FactListedBackends, Releases: r(7, 14), Value: []string{"cudagraphs", "inductor", "openxla", "tvm"}, Evidence: modes.Measured, Source: src("torch._dynamo.list_backends() measured on 2.11.0+cu130 (testdata/torch/2.11/backends.json list_backends) and 2.14.1 (testdata/torch/2.14.1-debian/static.json backends.list_backends); 2.7-2.10, 2.12-2.13 inferred")},

		{Name: FactInvalidBackendSuggests, Releases: r(0, 13), Value: false, Evidence: modes.Measured, Source: src("torch/_dynamo/backends/registry.py lookup_backend: \"Invalid backend: 'x', see …\" measured on 2.6.0 (testdata/torch/2.6.0-debian/static.json calls[\"backend='bogus'\"]) and 2.11 (testdata/torch/2.11/backends.json compile_backend); 2.12-2.13 inferred")},
		{Name: FactInvalidBackendSuggests, Releases: r(14, 14), Value: true, Evidence: modes.Measured, Source: src("torch/_dynamo/backends/registry.py lookup_backend: difflib.get_close_matches over list_backends(), n=2; measured on 2.14.1 (testdata/torch/2.14.1-debian/static.json calls[\"backend='inducto'\"], calls[\"backend='bogus'\"])")},

		{Name: FactInvalidBackendKeyError, Releases: r(0, 0), Value: true, Evidence: modes.Source, Source: src("torch/_dynamo/backends/registry.py lookup_backend @ 2.0.0: after the lazy imports, compiler_fn = _BACKENDS[compiler_fn] with no membership check (read in the 2.0.0 wheel's files, IPCristian/Proiect-Simulare@8bf22d3 venv/Lib/site-packages/torch; graphs/diagnose/testdata/wordings/sources.tsv); holdoutW's w_hidet166 shows KeyError: 'hidet' on 2.0")},
		{Name: FactInvalidBackendKeyError, Releases: r(1, 14), Value: false, Evidence: modes.Source, Source: src("torch/_dynamo/backends/registry.py lookup_backend @ 2.1.0: raises InvalidBackend(name=compiler_fn) before the lookup (read in the 2.1.0 wheel's files, graphs/diagnose/testdata/wordings/sources.tsv); measured InvalidBackend on 2.6.0, 2.11, 2.14.1 (FactInvalidBackendSuggests)")},

		{Name: FactBackendNoneIsDefault, Releases: r(1, 13), Value: false, Evidence: modes.Measured, Source: src("torch/__init__.py compile: backend=None builds _TorchCompileWrapper(None), accepted without validation; measured on 2.6.0 (testdata/torch/2.6.0-debian/static.json calls[\"backend=None\"].result.wrapper); 2.1-2.5 and 2.7-2.13 inferred (the release that changed it is not known)")},

		{Name: FactCompileKwargs, Releases: r(0, 1), Value: []string{"fullgraph", "dynamic", "disable"}, Evidence: modes.Source, Source: src("torch.compile's signature (model=None, *, fullgraph=False, dynamic=…, backend='inductor', mode=None, options=None, disable=False) as each release's reference page gives it (pytorch.org/docs/2.0/generated/torch.compile.html, pytorch.org/docs/2.1/generated/torch.compile.html)")},
		{Name: FactCompileKwargs, Releases: r(13, 13), Value: []string{"fullgraph", "dynamic", "name", "disable", "shapes_spec"}, Evidence: modes.Source, Source: src("torch.compile's signature (…, options=None, name=None, disable=False, shapes_spec=None) as the release's reference page gives it (docs.pytorch.org/docs/2.13/generated/torch.compile.html): no recompile_limit, isolate_recompiles or dynamic_shapes, which 2.14.1 has and shapes_spec it lacks")},
		{Name: FactCompileKwargs, Releases: r(6, 6), Value: []string{"fullgraph", "dynamic", "disable"}, Evidence: modes.Measured, Source: src("torch/__init__.py compile @ 2.6.0 signature (model, *, fullgraph, dynamic, backend, mode, options, disable); measured on 2.6.0 (testdata/torch/2.6.0-debian/calls2.json \"name='f'\", \"recompile_limit=1\")")},
		{Name: FactCompileKwargs, Releases: r(14, 14), Value: []string{"fullgraph", "dynamic", "name", "disable", "recompile_limit", "isolate_recompiles", "dynamic_shapes"}, Evidence: modes.Measured, Source: src("torch/__init__.py compile @ 2.14.1 signature; measured on 2.14.1 (testdata/torch/2.14.1-debian/calls2.json)")},

		{Name: FactCompileDisableTruthy, Releases: r(0, 7), Value: true, Evidence: modes.Measured, Source: src("torch/_dynamo/config.py disable = os.environ.get(\"TORCH_COMPILE_DISABLE\", False), tested by truth value (convert_frame.py: \"or config.disable\") @ 2.2.2, 2.6.0, 2.7.1 (testdata/reference/pytorch-facts.md §0's copies) and the 2.0-era copies of the code corpus; measured on 2.6.0 (Debian chroot): TORCH_COMPILE_DISABLE=0 gives disable == '0' and a counting backend is never called (sweep3 finding 1; pytorch#149840, reported on 2.8.0.dev)")},
		{Name: FactCompileDisableTruthy, Releases: r(8, 14), Value: false, Evidence: modes.Measured, Source: src("torch/_dynamo/config.py disable = os.environ.get(\"TORCH_COMPILE_DISABLE\", \"0\") == \"1\" since the fix of pytorch#149840 (2025-03-24, after 2.7's branch; absent @ 2.7.1); measured on 2.14.1 (Debian chroot: TORCH_COMPILE_DISABLE=0 gives False, the backend is called) and 2.11 (testdata/torch/2.11 ro_compile_disable_env)")},
		{Name: FactBisectBackend, Releases: r(6, 14), Value: true, Evidence: modes.Measured, Source: src("torch/__init__.py compile @ 2.6.0, 2.14.1: \"if bisect_backend := CompilerBisector.get_backend(): backend = bisect_backend\"; measured on both (calls2.json \"env BISECT_BACKEND=…\"); 2.7-2.13 inferred")},

		{Name: FactInputMutationSupportDefault, Releases: r(0, 3), Value: false, Evidence: modes.Source, Source: src("no triton.cudagraph_support_input_mutation key: torch/_inductor/config.py @ 2.2.2 (config/schema/torch-2.2.json) and 2.3.0; PR #124754 added it (2024-04-23, after 2.3's branch cut); mutated inputs are checked at compile time (torch/_inductor/cudagraph_utils.py check_for_mutation @ 2.3.0)")},
		{Name: FactInputMutationSupportDefault, Releases: r(4, 4), Value: false, Evidence: modes.Source, Source: src("torch/_inductor/config.py:643 @ 2.4.0: cudagraph_support_input_mutation = False")},
		{Name: FactInputMutationSupportDefault, Releases: r(5, 14), Value: true, Evidence: modes.Measured, Source: src("torch/_inductor/config.py:849 @ 2.5.1 (\"False if is_fbcode() else True\"); default True in config/schema/torch-2.6.json, torch-2.7.json, torch-2.14.json (read) and torch-2.11.json (measured on 2.11: ro_mut_input, captured)")},

		{Name: FactBackendNoneIsDefault, Releases: r(14, 14), Value: true, Evidence: modes.Measured, Source: src("torch/__init__.py compile: None is get_default_backend(), Inductor; measured on 2.14.1 (testdata/torch/2.14.1-debian/static.json calls[\"backend=None\"]: _TorchCompileInductorWrapper, empty patch)")},
	}, pythonRows()...)
}

// backends211 is torch._dynamo.list_backends(exclude_tags=()) on 2.11.0+cu130
// (testdata/torch/2.11/backends.json).
func backends211() []string {
	return []string{"aot_eager", "aot_eager_decomp_partition", "aot_eager_decomp_partition_crossref",
		"aot_eager_decomp_partition_with_mode", "aot_eager_default_partitioner", "aot_ts", "cudagraphs",
		"dynamo_accuracy_minifier_backend", "dynamo_minifier_backend", "eager", "eager_debug", "eager_noexcept",
		"inductor", "invoke_subgraph", "non_leaf_compile_error_TESTING_ONLY", "openxla", "openxla_eval",
		"pre_dispatch_eager", "relu_accuracy_error_TESTING_ONLY", "relu_compile_error_TESTING_ONLY",
		"relu_runtime_error_TESTING_ONLY", "ts", "tvm"}
}

// backends26 is torch._dynamo.list_backends(exclude_tags=()) on 2.6.0
// (testdata/torch/2.6.0-debian/static.json backends.list_backends_all).
func backends26() []string {
	return []string{"aot_eager", "aot_eager_decomp_partition", "aot_eager_decomp_partition_crossref",
		"aot_eager_default_partitioner", "aot_ts", "cudagraphs",
		"dynamo_accuracy_minifier_backend", "dynamo_minifier_backend", "eager", "eager_debug", "eager_noexcept",
		"inductor", "non_leaf_compile_error_TESTING_ONLY", "onnxrt", "openxla", "openxla_eval",
		"pre_dispatch_eager", "relu_accuracy_error_TESTING_ONLY", "relu_compile_error_TESTING_ONLY",
		"relu_runtime_error_TESTING_ONLY", "ts", "tvm"}
}

// factFields names each Facts field a row may set, with a pointer to it (a table
// searched in order: a map literal built on every call, for every row FactsFor
// applies, had been a fifth of a log's first answer in the web page).
var factFields = []struct {
	name string
	ptr  func(*Facts) any
}{
	{FactTypeCheck, func(f *Facts) any { return &f.TypeCheck }},
	{FactDropsGenericOptions, func(f *Facts) any { return &f.DropsGenericOptions }},
	{FactGlobalsPerThread, func(f *Facts) any { return &f.GlobalsPerThread }},
	{FactPerThreadTrees, func(f *Facts) any { return &f.PerThreadTrees }},
	{FactCUDAGraphsBackendTrees, func(f *Facts) any { return &f.CUDAGraphsBackendTrees }},
	{FactCUDAGraphsBackendTakesKwargs, func(f *Facts) any { return &f.CUDAGraphsBackendTakesKwargs }},
	{FactOtherBackendGetsModeOptions, func(f *Facts) any { return &f.OtherBackendGetsModeOptions }},
	{FactSkipMessagePrefixed, func(f *Facts) any { return &f.SkipMessagePrefixed }},
	{FactMessagefulLegacyAsserts, func(f *Facts) any { return &f.MessagefulLegacyAsserts }},
	{FactFirstCallCallsGuardFilter, func(f *Facts) any { return &f.FirstCallCallsGuardFilter }},
	{FactFirstCallValidatesOverrides, func(f *Facts) any { return &f.FirstCallValidatesOverrides }},
	{FactCompileOptions, func(f *Facts) any { return &f.CompileOptions }},
	{FactBackends, func(f *Facts) any { return &f.Backends }},
	{FactListedBackends, func(f *Facts) any { return &f.ListedBackends }},
	{FactAliasKeys, func(f *Facts) any { return &f.AliasKeys }},
	{FactAOTIWrapperPatch, func(f *Facts) any { return &f.AOTIWrapperPatch }},
	{FactInvalidBackendSuggests, func(f *Facts) any { return &f.InvalidBackendSuggests }},
	{FactInvalidBackendKeyError, func(f *Facts) any { return &f.InvalidBackendKeyError }},
	{FactBackendNoneIsDefault, func(f *Facts) any { return &f.BackendNoneIsDefault }},
	{FactPython, func(f *Facts) any { return &f.Python }},
	{FactCompileKwargs, func(f *Facts) any { return &f.CompileKwargs }},
	{FactBisectBackend, func(f *Facts) any { return &f.BisectBackend }},
	{FactCompileMaxPython, func(f *Facts) any { return &f.CompileMaxPython }},
	{FactCompilePythonMessage, func(f *Facts) any { return &f.CompilePythonMessage }},
	{FactCompilePythonInOptimize, func(f *Facts) any { return &f.CompilePythonInOptimize }},
	{FactInputMutationSupportDefault, func(f *Facts) any { return &f.InputMutationSupportDefault }},
	{FactOldestPython, func(f *Facts) any { return &f.OldestPython }},
	{FactCompileDisableTruthy, func(f *Facts) any { return &f.CompileDisableTruthy }},
	{FactNewestPython, func(f *Facts) any { return &f.NewestPython }},
}

// field returns a pointer to the Facts field a row names, or nil.
func (f *Facts) field(name string) any {
	for _, ff := range factFields {
		if ff.name == name {
			return ff.ptr(f)
		}
	}
	return nil
}

// apply sets the field row names to row's value; it returns an error when the row
// names no field or its value does not fit the field.
func (f *Facts) apply(row FactRow) error {
	ok := false
	switch p := f.field(row.Name).(type) {
	case *bool:
		*p, ok = row.Value.(bool)
	case *TypeCheck:
		*p, ok = row.Value.(TypeCheck)
	case *string:
		*p, ok = row.Value.(string)
	case *[]string:
		ok = appendValue(p, row.Value)
	}
	if !ok {
		return fmt.Errorf("config: fact row %s (%s): value %#v does not fit the field", row.Name, row.Releases, row.Value)
	}
	return nil
}

// appendValue appends a string or the items of a []string to *list.
func appendValue(list *[]string, v any) bool {
	switch x := v.(type) {
	case string:
		*list = append(*list, x)
	case []string:
		*list = append(*list, x...)
	default:
		return false
	}
	return true
}

// FactsFor returns the facts of release v, walking [FactRows]. v must be supported
// (see modes.ParseVersion); for any other release no row holds and every fact is its
// zero value.
func FactsFor(v modes.Version) Facts {
	f := Facts{Torch: v}
	for _, row := range FactRows() {
		if row.Releases.Contains(v) {
			_ = f.apply(row) // TestFactRows checks that every row fits its field
		}
	}
	return f
}

// factRows are [FactRows], built once for [FactReleases]; they are only read.
var factRows = FactRows()

// FactReleases returns the releases over which fact name holds value: the Releases of
// the first row of [FactRows] with that name and value (a Value of the same type and
// contents), so that a planner row or diagnose signature bound by the fact takes its
// releases from the fact's row rather than restating them. It returns the zero
// Releases, which holds no supported release, when no row matches.
func FactReleases(name string, value any) modes.Releases {
	for _, row := range factRows {
		if row.Name == name && factValueEqual(row.Value, value) {
			return row.Releases
		}
	}
	return modes.Releases{}
}

// factValueEqual reports whether a row's Value and value are of the same type and
// contents, as reflect.DeepEqual does for a Value's types (a bool, a TypeCheck, a
// string or a []string), without reflection: reflect.DeepEqual was the only use of it
// the web page's WebAssembly kept (examples/web's Transfer size). A row's Value of
// another type is compared with ==, which cannot panic on a bool, TypeCheck or string:
// two interfaces of different dynamic types are unequal.
func factValueEqual(rowValue, value any) bool {
	switch v := rowValue.(type) {
	case []string:
		w, ok := value.([]string)
		return ok && (v == nil) == (w == nil) && slices.Equal(v, w)
	case bool, TypeCheck, string:
		return rowValue == value
	}
	return false
}

// optionSince returns the first release whose torch.compile accepts an option that is
// not an Inductor config key, for the hint of an UnknownOptionError on older releases.
func optionSince(key string) (modes.Version, bool) {
	for _, row := range FactRows() {
		if row.Name == FactCompileOptions && row.Value == key {
			return row.Releases.From, true
		}
	}
	return modes.Version{}, false
}

// EvidenceFor returns how a behaviour of release v is known: measured on 2.11,
// source for the anchors 2.2, 2.6, 2.7 and 2.14, inferred for any other release
// (bracketed by those). It is modes.EvidenceOf, from modes.ReleaseRows.
func EvidenceFor(v modes.Version) modes.Evidence { return modes.EvidenceOf(v) }
