package modes

import "fmt"

// Each table below names its source. Anchors are the vendored site-packages copies
// listed in shared/reference/pytorch-facts.md §0 (T2.2.2, T2.6.0, T2.7.1, T2.14.0);
// 2.11 is measured (testdata/torch/2.11/torch_defaults.json, mode_table).

func on(keys ...string) Patch {
	p := make(Patch, len(keys))
	for i, k := range keys {
		p[i] = Option{Key: k, Literal: "True"}
	}
	return p
}

// 2.1–2.5: four modes. Source: torch/_inductor/__init__.py list_mode_options in
// T2.2.2; max-autotune-no-cudagraphs is PR #98255 (2023-04), so in 2.1.
func tableV21() []Entry {
	return []Entry{
		{Default, nil},
		{ReduceOverhead, on("triton.cudagraphs")},
		{MaxAutotuneNoCUDAGraphs, on("max_autotune")},
		{MaxAutotune, on("max_autotune", "triton.cudagraphs")},
	}
}

// 2.6–2.9: both max-autotune modes add coordinate_descent_tuning. Source: T2.6.0,
// T2.7.1; PR #136867 (merged 2024-10-10, after the 2.5 branch cut).
func tableV26() []Entry {
	return []Entry{
		{Default, nil},
		{ReduceOverhead, on("triton.cudagraphs")},
		{MaxAutotuneNoCUDAGraphs, on("max_autotune", "coordinate_descent_tuning")},
		{MaxAutotune, on("max_autotune", "triton.cudagraphs", "coordinate_descent_tuning")},
	}
}

// 2.10+: "lite" between default and reduce-overhead. Measured on 2.11; source T2.14.0;
// PR #167115 "Inductor Lite Mode" (2025-11, after the 2.9 release), hence 2.10 inferred.
func tableV210() []Entry {
	lite := Patch{
		{"fallback_by_default", "True"},
		{"selective_decompose", "True"},
		{"reorder_for_peak_memory", "False"},
		{"reorder_for_compute_comm_overlap", "False"},
		{"triton.reorder_for_reducing_graph_partitions", "False"},
		{"use_pre_grad_passes", "False"},
		{"use_joint_graph_passes", "False"},
		{"use_post_grad_passes", "False"},
		{"use_dce", "False"},
		{"allow_buffer_reuse", "False"},
	}
	return []Entry{
		{Default, nil},
		{Lite, lite},
		{ReduceOverhead, on("triton.cudagraphs")},
		{MaxAutotuneNoCUDAGraphs, on("max_autotune", "coordinate_descent_tuning")},
		{MaxAutotune, on("max_autotune", "triton.cudagraphs", "coordinate_descent_tuning")},
	}
}

// applyModeOrder is the hard-coded list in apply_mode's message, 2.1–2.6.
// Source: torch/__init__.py _TorchCompileInductorWrapper.apply_mode, T2.2.2 and T2.6.0.
func applyModeOrder() []Mode {
	return []Mode{Default, ReduceOverhead, MaxAutotune, MaxAutotuneNoCUDAGraphs}
}

// For returns the built-in mode table of release v (any patch or local tag of it
// resolves to its minor). It returns a *VersionError for an unsupported release.
// Each call returns a fresh Table.
func For(v Version) (*Table, error) {
	if v.Less(First()) || Last().Less(v) {
		return nil, &VersionError{Input: v.String(), Supported: Supported(), Reason: "is not supported"}
	}
	t := &Table{Torch: v, Site: ListModeOptions}
	switch {
	case v.Minor <= 5:
		t.Entries = tableV21()
	case v.Minor <= 9:
		t.Entries = tableV26()
	default:
		t.Entries = tableV210()
	}
	if v.Minor <= 6 {
		t.Site = ApplyMode
		t.ApplyModeOrder = applyModeOrder()
	}
	t.Evidence, t.SourceNote = tableEvidence(v)
	return t, nil
}

func tableEvidence(v Version) (Evidence, string) {
	switch v.Minor {
	case 11:
		return Measured, "printed by torch 2.11.0+cu130: list_mode_options() and torch.compile errors"
	case 2:
		return Source, "torch/_inductor/__init__.py and torch/__init__.py of torch 2.2.2 (anchor T2.2.2)"
	case 6:
		return Source, "torch/_inductor/__init__.py and torch/__init__.py of torch 2.6.0 (anchor T2.6.0)"
	case 7:
		return Source, "torch/_inductor/__init__.py and torch/__init__.py of torch 2.7.1 (anchor T2.7.1)"
	case 14:
		return Source, "torch/_inductor/__init__.py and torch/__init__.py of torch 2.14.0 (anchor T2.14.0)"
	case 1, 3, 4, 5:
		return Inferred, fmt.Sprintf("2.%d: as read in 2.2.2; PR #98255 (2023-04) and PR #136867 (2024-10) bound it", v.Minor)
	case 8, 9:
		return Inferred, fmt.Sprintf("2.%d: as read in 2.7.1; lite (PR #167115, 2025-11) came later", v.Minor)
	default: // 10, 12, 13
		return Inferred, fmt.Sprintf("2.%d: between the 2.11 measurement and 2.14 source; lite from PR #167115 (2025-11)", v.Minor)
	}
}
