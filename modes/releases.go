package modes

import "fmt"

// Releases is an inclusive range of minor releases, From through To. Every row of
// this module's tables (modes, mode-check sites, how a release is known, and package
// config's per-release facts) holds for one Releases.
type Releases struct {
	From, To Version
}

// Minors returns the releases 2.from through 2.to.
func Minors(from, to int) Releases {
	return Releases{From: Version{2, from}, To: Version{2, to}}
}

// Contains reports whether v is in the range.
func (r Releases) Contains(v Version) bool { return v.AtLeast(r.From) && !r.To.Less(v) }

// Overlaps reports whether r and o have a release in common.
func (r Releases) Overlaps(o Releases) bool { return !r.To.Less(o.From) && !o.To.Less(r.From) }

// Intersect returns the releases r and o have in common; when they have none, the
// result is not [Releases.Valid] (To is before From) and contains no release.
func (r Releases) Intersect(o Releases) Releases {
	out := r
	if out.From.Less(o.From) {
		out.From = o.From
	}
	if o.To.Less(out.To) {
		out.To = o.To
	}
	return out
}

// Valid reports whether the range is well formed: From is not after To and both are
// supported releases.
func (r Releases) Valid() bool {
	return !r.To.Less(r.From) && r.From.AtLeast(First()) && !Newest().Less(r.To)
}

// String returns "2.6" for one release and "2.6–2.9" for several.
func (r Releases) String() string {
	if r.From == r.To {
		return r.From.String()
	}
	return fmt.Sprintf("%s–%s", r.From, r.To)
}

// ReleaseRow says how one range of releases is known: the evidence of its static
// facts (the config schema and defaults, the mode table, the environment's effects,
// torch.compile's argument errors, the backend list) and of its CUDA behaviour.
type ReleaseRow struct {
	_        [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	Releases Releases
	// Evidence is measured, source or inferred: how the release's behaviour is known,
	// its CUDA behaviour (graph capture, cudagraph trees, skips) in particular.
	Evidence Evidence
	// Note is the mode table's source note; "{release}" stands for the release.
	Note string
	// Static is how the static facts are known when that differs from Evidence (""
	// means the same): measured on a CPU build, where no CUDA behaviour shows.
	Static Evidence
	// StaticBuild names the build the static facts were measured on, when Static is
	// set ("Debian CPU build 2.6.0").
	StaticBuild string
	// Modes is how the mode table is known when that differs from the static facts
	// ("" means the same): 2.0's was read in its torch/__init__.py (apply_mode
	// hard-codes it) while its other static facts are inferred.
	Modes Evidence
}

// ReleaseRows returns how each supported release is known, oldest first: measured on
// 2.11; read in the anchors 2.2.2, 2.6.0, 2.7.1 and 2.14.0 (the copies listed in
// testdata/reference/pytorch-facts.md §0, tagged T2.2.2, T2.6.0, T2.7.1, T2.14.0);
// inferred for every other release, from the nearest release read and the PRs that
// bound each change. 2.0 is inferred but for its mode table: only its
// torch/__init__.py was read (its mode rows are source). Each call returns a new slice.
func ReleaseRows() []ReleaseRow {
	const (
		early = "{release}: as read in 2.2.2; PR #98255 (2023-04) and PR #136867 (2024-10) bound it"
		mid   = "{release}: as read in 2.7.1; lite (PR #167115, 2025-11) came later"
		late  = "{release}: between the 2.11 measurement and 2.14 source; lite from PR #167115 (2025-11)"
		files = "torch/_inductor/__init__.py and torch/__init__.py of torch "
		// docs20 is torch/__init__.py of the 2.0 release as its documentation renders it.
		docs20 = "{release}: torch/__init__.py as rendered in the 2.0 documentation (pytorch/pytorch.github.io@01153da6 docs/2.0/_modules/torch.html): apply_mode, apply_options and compile; no copy of 2.0's torch/_inductor/config.py, compile_fx.py or cudagraph_trees.py was read, so its keys and CUDA behaviour are 2.1's and 2.2.2's (inferred)"
	)
	return []ReleaseRow{
		{Releases: Minors(0, 0), Evidence: Inferred, Note: docs20, Modes: Source},
		{Releases: Minors(1, 1), Evidence: Inferred, Note: early},
		{Releases: Minors(2, 2), Evidence: Source, Note: files + "2.2.2 (anchor T2.2.2)"},
		{Releases: Minors(3, 5), Evidence: Inferred, Note: early},
		{Releases: Minors(6, 6), Evidence: Source, Note: files + "2.6.0 (anchor T2.6.0); measured on Debian's CPU build 2.6.0 (testdata/torch/2.6.0-debian)", Static: Measured, StaticBuild: "Debian CPU build 2.6.0"},
		{Releases: Minors(7, 7), Evidence: Source, Note: files + "2.7.1 (anchor T2.7.1)"},
		{Releases: Minors(8, 9), Evidence: Inferred, Note: mid},
		{Releases: Minors(10, 10), Evidence: Inferred, Note: late},
		{Releases: Minors(11, 11), Evidence: Measured, Note: "printed by torch 2.11.0+cu130: list_mode_options() and torch.compile errors"},
		{Releases: Minors(12, 13), Evidence: Inferred, Note: late},
		{Releases: Minors(14, 14), Evidence: Source, Note: files + "2.14.0 (anchor T2.14.0); measured on Debian's CPU build 2.14.1 (testdata/torch/2.14.1-debian)", Static: Measured, StaticBuild: "Debian CPU build 2.14.1"},
	}
}

// releaseRow returns the row that holds for v.
func releaseRow(v Version) (ReleaseRow, bool) {
	for _, r := range ReleaseRows() {
		if r.Releases.Contains(v) {
			return r, true
		}
	}
	return ReleaseRow{}, false
}

// StaticEvidenceOf returns how the static facts of release v are known (the config
// schema and defaults, the mode table, the environment's effects, torch.compile's
// argument errors, the backend list): measured on 2.6 and 2.14 (Debian CPU builds)
// and 2.11, else as [EvidenceOf].
func StaticEvidenceOf(v Version) Evidence {
	if r, ok := releaseRow(v); ok && r.Static != "" {
		return r.Static
	}
	return EvidenceOf(v)
}

// ModesEvidenceOf returns how the mode table of release v is known (what the report
// labels "modes" and the README's mode table lists per release): measured on 2.6 and
// 2.14 (Debian CPU builds) and 2.11, source on 2.0, 2.2 and 2.7, inferred on the
// others and outside the supported range.
func ModesEvidenceOf(v Version) Evidence {
	if r, ok := releaseRow(v); ok && r.Modes != "" {
		return r.Modes
	}
	return StaticEvidenceOf(v)
}

// EvidenceOf returns how the behaviours of release v are known: measured (2.11),
// source (2.2, 2.6, 2.7, 2.14) or inferred (every other release, and any release
// outside the supported range).
func EvidenceOf(v Version) Evidence {
	if r, ok := releaseRow(v); ok {
		return r.Evidence
	}
	return Inferred
}
