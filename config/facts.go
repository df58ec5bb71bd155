package config

import "github.com/compilemode/compilemode/modes"

// TypeCheck is how apply_options checks an option's value.
type TypeCheck string

const (
	// ExactType: type(value) is type(current value) (2.1–2.5). Source: torch/__init__.py
	// apply_options in the 2.1-era copy and T2.2.2.
	ExactType TypeCheck = "exact-type"
	// IsInstance: isinstance(value, config.get_type(key)), skipped for generic
	// annotations (typing.get_origin is not None) (2.6+). Source: T2.6.0, T2.7.1,
	// T2.14.0; measured on 2.11.
	IsInstance TypeCheck = "isinstance"
)

// Facts are the behaviours of one release that resolution and planning depend on,
// beyond its schema and mode table. Facts are values; each field's comment names its
// source.
type Facts struct {
	Torch modes.Version
	// TypeCheck is apply_options' type check.
	TypeCheck TypeCheck
	// DropsGenericOptions: 2.6 stores an option only inside the non-generic branch, so
	// options whose annotation is generic (Optional[int], Literal[…], list[…]) are
	// silently dropped. Source: T2.6.0 torch/__init__.py apply_options.
	DropsGenericOptions bool
	// GlobalsPerThread: from 2.12 user overrides (torch._inductor.config.X = V) are
	// per-thread ContextVars, so worker threads see defaults. Source: T2.14.0
	// torch/utils/_config_module.py; unsloth PR #7019 dates it to 2.12.
	GlobalsPerThread bool
	// PerThreadTrees: cudagraph trees initialise their thread-local state lazily in any
	// thread (PR #184357 "Fix cudagraph trees in Python threads"). Source: T2.14.0
	// cudagraph_trees.py; 2.11 measured without it; 2.13 inferred without it (issue
	// #123177 still reproduced on 2.13.0.dev20260518).
	PerThreadTrees bool
	// CUDAGraphsBackendTrees: backend="cudagraphs" uses cudagraph trees (2.3+; issue
	// #122371 closed 2024-04 "switched to cudagraph trees"); before, CudaGraphModule
	// with no thread-local state. Source: T2.2.2, T2.6.0 torch/_dynamo/backends/cudagraphs.py.
	CUDAGraphsBackendTrees bool
	// CUDAGraphsBackendTakesKwargs: backend="cudagraphs" accepts mode=/options= and
	// ignores them with a warning (2.14); before, its __call__ takes two arguments, so
	// torch.compile(backend="cudagraphs", mode=...) fails with a TypeError at the first
	// call. Source: T2.6.0 and T2.14.0 torch/_dynamo/backends/cudagraphs.py (behaviour inferred).
	CUDAGraphsBackendTakesKwargs bool
	// SkipMessagePrefixed: "skipping cudagraphs due to …" messages come from
	// cudagraph_utils helpers (2.6+), with the doubled prefix for device reasons;
	// before, compile_fx logs the Python list of reasons. Source: T2.2.2, T2.6.0.
	SkipMessagePrefixed bool
	// MessagefulLegacyAsserts: the legacy implementation's data_ptr assert carries a
	// message (2.14); up to 2.11 (measured) it is a bare AssertionError.
	MessagefulLegacyAsserts bool
	// CompileOptions are the options torch.compile takes out of the dict itself, after
	// the mode/options check and before the Inductor wrapper sees it: guard_filter_fn
	// from 2.8 (PyTorch 2.8 documentation; ComfyUI issue #11457: 2.9 compiles, 2.7
	// raises "Unexpected optimization option guard_filter_fn"; measured accepted on 2.11,
	// testdata/torch/2.11/measured_scenarios.json opts_guard_filter_fn), use_aoti in 2.14
	// (T2.14.0 torch/__init__.py; earlier releases not read).
	CompileOptions []string
	// Backends are the backend names torch.compile accepts besides "inductor":
	// torch._dynamo.list_backends(exclude_tags=()) measured on 2.11; other releases are
	// given the same list (inferred).
	Backends []string
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

// optionSince returns the first release whose torch.compile accepts an option that is
// not an Inductor config key, for the hint of an UnknownOptionError on older releases.
func optionSince(key string) (modes.Version, bool) {
	switch key {
	case "guard_filter_fn":
		return modes.Version{Major: 2, Minor: 8}, true
	case "use_aoti":
		return modes.Version{Major: 2, Minor: 14}, true
	}
	return modes.Version{}, false
}

func compileOptions(v modes.Version) []string {
	var out []string
	for _, k := range []string{"guard_filter_fn", "use_aoti"} {
		if since, _ := optionSince(k); v.AtLeast(since) {
			out = append(out, k)
		}
	}
	return out
}

// FactsFor returns the facts of release v. v must be supported (see modes.ParseVersion).
func FactsFor(v modes.Version) Facts {
	return Facts{
		Torch:                        v,
		TypeCheck:                    map[bool]TypeCheck{true: IsInstance, false: ExactType}[v.AtLeast(modes.Version{Major: 2, Minor: 6})],
		DropsGenericOptions:          v == modes.Version{Major: 2, Minor: 6},
		GlobalsPerThread:             v.AtLeast(modes.Version{Major: 2, Minor: 12}),
		PerThreadTrees:               v.AtLeast(modes.Version{Major: 2, Minor: 14}),
		CUDAGraphsBackendTrees:       v.AtLeast(modes.Version{Major: 2, Minor: 3}),
		CUDAGraphsBackendTakesKwargs: v.AtLeast(modes.Version{Major: 2, Minor: 14}),
		SkipMessagePrefixed:          v.AtLeast(modes.Version{Major: 2, Minor: 6}),
		MessagefulLegacyAsserts:      v.AtLeast(modes.Version{Major: 2, Minor: 14}),
		CompileOptions:               compileOptions(v),
		Backends:                     backends211(),
	}
}

// EvidenceFor returns how a behaviour of release v is known when it was measured on
// 2.11 (measured) and read in the anchors 2.2, 2.6, 2.7 and 2.14 (source); any other
// release is bracketed by those (inferred).
func EvidenceFor(v modes.Version) modes.Evidence {
	switch v.Minor {
	case 11:
		return modes.Measured
	case 2, 6, 7, 14:
		return modes.Source
	}
	return modes.Inferred
}
