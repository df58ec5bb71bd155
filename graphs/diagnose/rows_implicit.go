package diagnose

import (
	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/modes"
)

// Implicit errors: a catalogue code's failure that reaches the user not as a message
// PyTorch formats but as Python's own exception raised on the code's path (a dict
// lookup's KeyError). Python's text alone says little ("KeyError: 'hidet'" is any
// missing key), so each row holds a guard: the raising frame or its source line, or a key
// that only that path looks up.

// backendLookup is the evidence that a KeyError came from torch 2.0's backend registry
// lookup: lookup_backend's frame (torch/_dynamo/backends/registry.py in 2.0.0,
// torch/_dynamo/eval_frame.py in the nightlies before it) or the line Python prints
// under it, "compiler_fn = _BACKENDS[compiler_fn]" (BACKENDS in the nightlies), which is
// short enough to survive a terminal's wrapping where the frame is not; or the key
// "torch_dynamo_backends" itself. On Python before 3.10, 2.0's entry-point lookup, which
// lookup_backend calls for a name not registered, indexes entry_points() by the group's
// name, absent when no installed package declares a torch_dynamo_backends entry point:
// the KeyError then names the group, not the backend, and nothing else of torch looks
// that key up.
const backendLookup = `BACKENDS\[compiler_fn\]|registry\.py\\?", line \d+, in lookup_backend\b|` +
	`eval_frame\.py\\?", line \d+, in lookup_backend\b|KeyError(?:: |\()'torch_dynamo_backends'`

// backendKeyError is the KeyError line of that lookup: the backend name quoted.
const backendKeyError = `KeyError: '[^'\s]*'(?:[^\w']|$)`

// implicitRows: Python's own exceptions on the path of a catalogue code.
func implicitRows() []Signature {
	// The releases whose registry lookup raises the bare KeyError are the planner's fact
	// (config.FactInvalidBackendKeyError: registry.py lookup_backend @ 2.0.0 and 2.1.0,
	// sourced there), not restated here.
	const registry20 = "config.FactInvalidBackendKeyError (torch/_dynamo/backends/registry.py lookup_backend: " +
		"\"compiler_fn = _BACKENDS[compiler_fn]\" unchecked @ 2.0.0, InvalidBackend raised first @ 2.1.0 to 2.4.0, " +
		"testdata/wordings/sources.tsv)"
	cause := "torch 2.0 looks the backend name up in its registry without checking it, so a name " +
		"that is not registered (misspelt, or a plugin's backend whose package did not register it) " +
		"fails as Python's bare KeyError naming it (on Python 3.8 or 3.9 with no package declaring a " +
		"torch_dynamo_backends entry point, naming that group: the entry-point lookup indexes " +
		"entry_points() by it); from 2.1 the same mistake raises InvalidBackend"
	fix := "pass a name exactly as torch._dynamo.list_backends() prints it, such as \"inductor\" " +
		"(the default); for a plugin's backend, import the plugin's package (or install it so that " +
		"it registers the torch_dynamo_backends entry point) before torch.compile, or pass the " +
		"plugin's compiler function itself as backend="
	return []Signature{
		{
			Code: InvalidBackend, Literal: "KeyError: '", Pattern: backendKeyError,
			Requires: backendLookup,
			Releases: config.FactReleases(config.FactInvalidBackendKeyError, true),
			Cause:    cause,
			Fix:      fix,
			Evidence: modes.Source,
			Source: registry20 + "; _lazy_import_entry_point @ 2.0.0: \"backend_eps[group_name]\" under " +
				"\"if sys.version_info < (3, 10)\", group_name = \"torch_dynamo_backends\" (\"backend_eps.get(group_name, " +
				"())\" @ 2.1.0 to 2.4.0)" + "; the nightlies before 2.0 (torch/_dynamo/eval_frame.py lookup_backend, " +
				"\"compiler_fn = BACKENDS[compiler_fn]\"): hidet-org/hidet#166 (reported with 2.0.0+cu116)",
			Decisive: "the KeyError line, under lookup_backend's frame",
		},
		{
			// AOTInductor's C++ build of a model: its runtime headers include cuda.h, which
			// pip's torch wheels do not ship (holdoutY's pytorch#150442: "…/torch/include/
			// torch/csrc/inductor/aoti_runtime/device_utils.h:14:10: fatal error: cuda.h: No
			// such file or directory" in a docker image without the CUDA toolkit). The Triton
			// launcher's row (rows_build.go) wants a Triton or compile line; this one wants
			// AOTInductor's, which a user's own nvcc project does not show.
			Code: CUDAHeadersMissing, Literal: "cuda.h: No such file or directory",
			Requires: `aoti_runtime|AOTInductor|_aot_inductor`,
			Releases: modes.Minors(2, 14),
			Cause: "AOTInductor compiles the exported model's C++ with the system's compiler, and its " +
				"runtime headers (torch/csrc/inductor/aoti_runtime) include cuda.h, which torch's wheels do " +
				"not ship: no CUDA toolkit headers were found where it compiled",
			Fix: "install the CUDA toolkit's headers matching torch's CUDA (the toolkit, or its cuda-cudart " +
				"development package) where AOTInductor compiles, or set CUDA_HOME to a toolkit whose include " +
				"holds cuda.h",
			Evidence: modes.Source,
			Source: "torch/include/torch/csrc/inductor/aoti_runtime/device_utils.h \"#include <cuda.h>\" in the " +
				"wheels of testdata/wordings/sources.tsv @ 2.2.2 to 2.9.0 (absent @ 2.1.2; 2.10 to 2.14 inferred); " +
				"pytorch/pytorch#150442 (2.6.0 RC, test_aot_inductor_package)",
			Decisive: "the compiler's fatal error; another line shows AOTInductor",
		},
	}
}
