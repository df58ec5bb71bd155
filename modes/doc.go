// Package modes holds torch.compile's mode table for every supported PyTorch release:
// which Inductor config patch each mode name stands for, in PyTorch's order, and how
// an unknown mode is refused. It is pure data with no I/O; package config applies the
// patches.
//
// [For] returns the table of a release; [Table.Resolve] looks a mode up in it as
// torch.compile does (case- and punctuation-exact: "REDUCE-OVERHEAD" and
// "reduce_overhead" are unknown, measured on 2.11; "" means default from 2.7);
// [Parse] and [Options] do the same on [DefaultRelease], 2.11 (the release measured;
// [Newest] is 2.14).
// [ParseVersion] accepts torch.__version__ forms (2.11, 2.7.1, 2.11.0+cu130,
// 2.13.0.dev20260518, 2.12.0rc1, and 2.12.0-rc1 with PEP 440's pre-release separators)
// and returns the minor release; [Supported] lists
// 2.0 to 2.14: it is the rule of every release a person gives. [ParseRelease], the rule
// of a release a text states, also takes a newer release near the known ones (2.15 to
// 2.17, 3.0 to 3.2), which ParseVersion refuses as newer than the newest known. Both
// refuse anything else with a [VersionError] whose Kind says what it is (older than
// torch.compile, newer than the releases known, not a release torch has or is near, a
// patch that never shipped, not a version): the one error, in the same words, of every
// entry point that takes a release.
//
// # The tables
//
//	2.0        no list_mode_options: apply_mode hard-codes reduce-overhead
//	           {triton.cudagraphs, size_asserts=False} and max-autotune {epilogue_fusion,
//	           max_autotune, triton.cudagraphs}
//	2.1–2.5    default {}; reduce-overhead {triton.cudagraphs}; max-autotune-no-cudagraphs
//	           {max_autotune}; max-autotune {max_autotune, triton.cudagraphs}
//	2.6–2.9    both max-autotune modes add coordinate_descent_tuning (PR #136867)
//	2.10–2.14  lite, between default and reduce-overhead: ten keys
//	           (fallback_by_default, selective_decompose, passes and buffer reuse off;
//	           PR #167115)
//
// Every patch sets its keys to True except lite's eight False keys and 2.0's
// size_asserts. No mode sets
// triton.cudagraphs to False: max-autotune-no-cudagraphs only leaves it alone, so a
// TORCHINDUCTOR_CUDAGRAPHS=1 environment or a global keeps CUDA graphs on (package
// config warns: no-cudagraphs-mode-captures). 2.0–2.6 refuse an unknown mode in
// apply_mode with a hard-coded list (2.0's names three modes); later releases in
// list_mode_options.
//
// # Evidence
//
// Each table says how it is known ([Evidence], [ModesEvidenceOf]): measured for 2.11
// (list_mode_options() printed by 2.11.0+cu130, testdata/torch/2.11/torch_defaults.json)
// and for 2.6 and 2.14 (printed by Debian's CPU builds 2.6.0 and 2.14.1); source for 2.2
// and 2.7 (torch/_inductor/__init__.py and torch/__init__.py of those releases) and
// 2.0 (its torch/__init__.py as the 2.0 documentation renders it; the rest of 2.0 is
// inferred); inferred for the others, bounded by the pull requests above. A [ModeRow]'s
// Evidence is the best over its range; the README's mode table lists each release's.
package modes
