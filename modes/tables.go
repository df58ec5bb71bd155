package modes

import "strings"

// ModeRow is one mode's patch over a range of releases: a row of the mode table.
// Rows are listed in list_mode_options order, so the rows that hold for a release,
// taken in order, are its table.
type ModeRow struct {
	Mode     Mode
	Releases Releases
	// Patch is the mode's config patch over Releases.
	Patch Patch
	// Evidence is the best evidence for the row over its range: measured when a
	// release in it was measured, source when one was read; [ModesEvidenceOf] gives
	// each release's own, which the report and the README's mode table show.
	Evidence Evidence
	// Source names the PyTorch file and release read (or measured), and the PR that
	// dates a boundary.
	Source string
}

// on is a patch setting every key to True.
func on(keys ...string) Patch {
	p := make(Patch, len(keys))
	for i, k := range keys {
		p[i] = Option{Key: k, Literal: "True"}
	}
	return p
}

// litePatch is the "lite" mode's patch (PR #167115 "Inductor Lite Mode").
func litePatch() Patch {
	return Patch{
		{Key: "fallback_by_default", Literal: "True"},
		{Key: "selective_decompose", Literal: "True"},
		{Key: "reorder_for_peak_memory", Literal: "False"},
		{Key: "reorder_for_compute_comm_overlap", Literal: "False"},
		{Key: "triton.reorder_for_reducing_graph_partitions", Literal: "False"},
		{Key: "use_pre_grad_passes", Literal: "False"},
		{Key: "use_joint_graph_passes", Literal: "False"},
		{Key: "use_post_grad_passes", Literal: "False"},
		{Key: "use_dce", Literal: "False"},
		{Key: "allow_buffer_reuse", Literal: "False"},
	}
}

// ModeRows returns the mode table of every supported release as rows, in
// list_mode_options order. Sources: torch/_inductor/__init__.py list_mode_options in
// torch 2.2.2, 2.6.0, 2.7.1 and 2.14.0 (testdata/reference/pytorch-facts.md §0, §1.1);
// 2.11 measured (testdata/torch/2.11/torch_defaults.json, mode_table); 2.0's
// apply_mode, which hard-codes the dicts (the 2.0 documentation's rendered
// torch/__init__.py). Each call returns new rows.
func ModeRows() []ModeRow {
	const (
		// src20: 2.0 has no list_mode_options; apply_mode hard-codes each mode's dict.
		src20  = "torch/__init__.py _TorchCompileInductorWrapper.apply_mode @ 2.0 (pytorch/pytorch.github.io@01153da6 docs/2.0/_modules/torch.html)"
		read   = "torch/_inductor/__init__.py list_mode_options @ 2.2.2, 2.6.0, 2.7.1, 2.14.0; measured on 2.11"
		pre26  = "torch/_inductor/__init__.py list_mode_options @ 2.2.2; PR #98255 (2023-04) added max-autotune-no-cudagraphs, so in 2.1"
		from26 = "torch/_inductor/__init__.py list_mode_options @ 2.6.0, 2.7.1, 2.14.0; measured on 2.11; coordinate_descent_tuning from PR #136867 (merged 2024-10-10, after the 2.5 branch cut)"
	)
	return []ModeRow{
		{Default, Minors(0, 14), nil, Measured, read + "; 2.0: " + src20},
		{Lite, Minors(10, 14), litePatch(), Measured,
			"torch/_inductor/__init__.py list_mode_options @ 2.14.0; measured on 2.11; PR #167115 \"Inductor Lite Mode\" (2025-11, after the 2.9 release), hence 2.10 inferred"},
		{ReduceOverhead, Minors(0, 0), Patch{{Key: "triton.cudagraphs", Literal: "True"}, {Key: "size_asserts", Literal: "False"}}, Source, src20 + "; size_asserts from PR #94659"},
		{ReduceOverhead, Minors(1, 14), on("triton.cudagraphs"), Measured, read},
		{MaxAutotuneNoCUDAGraphs, Minors(1, 5), on("max_autotune"), Source, pre26},
		{MaxAutotuneNoCUDAGraphs, Minors(6, 14), on("max_autotune", "coordinate_descent_tuning"), Measured, from26},
		{MaxAutotune, Minors(0, 0), on("epilogue_fusion", "max_autotune", "triton.cudagraphs"), Source, src20},
		{MaxAutotune, Minors(1, 5), on("max_autotune", "triton.cudagraphs"), Source, pre26},
		{MaxAutotune, Minors(6, 14), on("max_autotune", "triton.cudagraphs", "coordinate_descent_tuning"), Measured, from26},
	}
}

// SiteRow says where torch.compile refuses an unknown mode over a range of releases.
type SiteRow struct {
	Site     UnknownModeSite
	Releases Releases
	// Order is the hard-coded order apply_mode lists the modes in (Site ApplyMode).
	Order    []Mode
	Evidence Evidence
	Source   string
}

// SiteRows returns where each supported release refuses an unknown mode. Each call
// returns new rows.
func SiteRows() []SiteRow {
	return []SiteRow{
		{ApplyMode, Minors(0, 0), []Mode{Default, ReduceOverhead, MaxAutotune}, Source,
			"torch/__init__.py _TorchCompileInductorWrapper.apply_mode @ 2.0 (pytorch/pytorch.github.io@01153da6 docs/2.0/_modules/torch.html): \"Unrecognized mode={mode}, should be one of: default, reduce-overhead, max-autotune\""},
		{ApplyMode, Minors(1, 6), []Mode{Default, ReduceOverhead, MaxAutotune, MaxAutotuneNoCUDAGraphs}, Source,
			"torch/__init__.py _TorchCompileInductorWrapper.apply_mode @ 2.1-era pytorch/pytorch@dc098c44, 2.2.2 and 2.6.0 (testdata/reference/pytorch-facts.md §2.3)"},
		{ListModeOptions, Minors(7, 14), nil, Measured,
			"torch/_inductor/__init__.py list_mode_options @ 2.7.1 and 2.14.0; measured on 2.11 (testdata/reference/pytorch-facts.md §1.3, §2.3)"},
	}
}

// SiteReleases returns the releases over which torch.compile refuses an unknown mode
// at site: from the first to the last release of site's rows of [SiteRows] (apply_mode
// has two, 2.0 and 2.1–2.6, which differ in the modes they list), or the zero Releases
// (no release) when no row names it.
func SiteReleases(site UnknownModeSite) Releases {
	var out Releases
	for _, r := range SiteRows() {
		if r.Site != site {
			continue
		}
		if !out.Valid() {
			out = r.Releases
			continue
		}
		if r.Releases.From.Less(out.From) {
			out.From = r.Releases.From
		}
		if out.To.Less(r.Releases.To) {
			out.To = r.Releases.To
		}
	}
	return out
}

// For returns the built-in mode table of release v (any patch or local tag of it
// resolves to its minor), built from [ModeRows], [SiteRows] and [ReleaseRows]. It
// returns a *VersionError for an unsupported release. Each call returns a fresh Table.
func For(v Version) (*Table, error) {
	rel, ok := releaseRow(v)
	if !ok {
		if _, err := ParseVersion(v.String()); err != nil {
			return nil, err // the release words as every entry point's
		}
		return nil, &VersionError{Input: v.String(), Supported: Supported(), Reason: "has no mode table", Kind: VersionNotRelease}
	}
	t := &Table{Torch: v, Evidence: ModesEvidenceOf(v), SourceNote: strings.ReplaceAll(rel.Note, "{release}", v.String())}
	for _, r := range ModeRows() {
		if r.Releases.Contains(v) {
			t.Entries = append(t.Entries, Entry{Mode: r.Mode, Patch: r.Patch})
		}
	}
	for _, r := range SiteRows() {
		if r.Releases.Contains(v) {
			t.Site, t.ApplyModeOrder = r.Site, r.Order
		}
	}
	return t, nil
}
