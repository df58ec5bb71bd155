package config_test

// knownMismatches lists every case of TestMeasured where the library disagrees with
// the real PyTorch build today, keyed by observation name, with a one-line reason.
// Fixing the library means deleting rows: TestMeasured fails when a row's case
// agrees again, or names no case. testdata/torch/FINDINGS.md groups them into
// classes, with the dump and key that prove each and what the library must change.
var knownMismatches = map[string]string{
	"2.6.0-debian/calls2/opt str max_autotune_gemm_backends=frozenset()":  "frozenset() is a call, not a literal: the library refuses it (the probe evaluates it without builtins, hence its NameError)",
	"2.14.1-debian/calls2/opt str max_autotune_gemm_backends=frozenset()": "frozenset() is a call, not a literal: the library refuses it (the probe evaluates it without builtins, hence its NameError)",
	"2.6.0-debian/calls3/global epilogue_fusion = [True][0]…27":           "not a literal: [True][0] is an index expression (ast.literal_eval refuses it); the command takes literals, so a script's evaluation of it cannot be written (issue 26, third probe)",
	"2.6.0-debian/calls3/kw3 recompile_limit=10**3":                       "not a literal: ** is an operator (ast.literal_eval refuses it); the command takes literals, so a script's evaluation of it cannot be written (issue 26, third probe)",
	"2.6.0-debian/calls3/kw3 recompile_limit=10**3,options-unknown":       "not a literal: ** is an operator (ast.literal_eval refuses it); the command takes literals, so a script's evaluation of it cannot be written (issue 26, third probe)",
	"2.6.0-debian/calls3/opt int unbacked_symint_fallback=2 ** 3…6":       "not a literal: ** is an operator (ast.literal_eval refuses it); the command takes literals, so a script's evaluation of it cannot be written (issue 26, third probe)",
	"2.6.0-debian/calls3/opt int unbacked_symint_fallback=True + 0…8":     "not a literal: int + int is an operator expression (ast.literal_eval accepts + only for real + imaginary); the command takes literals (issue 26, third probe)",
	"2.6.0-debian/calls3/opt int unbacked_symint_fallback=~1…2":           "not a literal: ~ is an operator (ast.literal_eval refuses it); the command takes literals (issue 26, third probe)",
	"2.14.1-debian/calls3/global epilogue_fusion = [True][0]…27":          "not a literal: [True][0] is an index expression (ast.literal_eval refuses it); the command takes literals, so a script's evaluation of it cannot be written (issue 26, third probe)",
	"2.14.1-debian/calls3/kw3 recompile_limit=10**3":                      "not a literal: ** is an operator (ast.literal_eval refuses it); the command takes literals, so a script's evaluation of it cannot be written (issue 26, third probe)",
	"2.14.1-debian/calls3/kw3 recompile_limit=10**3,options-unknown":      "not a literal: ** is an operator (ast.literal_eval refuses it); the command takes literals, so a script's evaluation of it cannot be written (issue 26, third probe)",
	"2.14.1-debian/calls3/opt int unbacked_symint_fallback=2 ** 3…6":      "not a literal: ** is an operator (ast.literal_eval refuses it); the command takes literals, so a script's evaluation of it cannot be written (issue 26, third probe)",
	"2.14.1-debian/calls3/opt int unbacked_symint_fallback=True + 0…8":    "not a literal: int + int is an operator expression (ast.literal_eval accepts + only for real + imaginary); the command takes literals (issue 26, third probe)",
	"2.14.1-debian/calls3/opt int unbacked_symint_fallback=~1…2":          "not a literal: ~ is an operator (ast.literal_eval refuses it); the command takes literals (issue 26, third probe)",
}
