package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// Two builds of the run named together, a release and a nightly ("validated … across
// two torch builds (NGC 2.10.0a0 and pip nightly 2.12.0.dev20260408)", holdoutS's
// Chimeraforge report 126, whose other line says "Reproduces on torch 2.10 and 2.12
// nightly"; "It crashes on both 2.5.1 and the nightly 2.6.0.dev20241112"; "on stable
// (2.5.1) and nightly (2.6.0.dev20241112)"; "with torch 2.6.0.dev20241112 and 2.5.1"):
// the run fails on both, and the release is the stable one, whichever comes first, as a
// bare release beside the nightly channel is ("OOMing on current 2.6 and nightly",
// "on nightly and 2.5.1": bareRows). Its facts are those of a release the user can
// install again, and the plan is made for it; a nightly alone, or named apart from a
// release, stays the run's. The list shares the nightly's verdict: "tested on 2.5.1 and
// 2.6.0.dev20241112" is another run's either way.

// buildListGap is the text between two releases of one list: a closing mark, "and", a
// comma, "&", "/" or "+", and the words that name a build before the second ("pip
// nightly", "the NGC", "torch").
var buildListGap = &lazyregexp.Regexp{Expr: `(?i)^[\s)\]\x60'"*_]*(?:,|\band\b|&|/|\+)[\s(\[\x60'"*_]*` +
	`(?:(?:both|the|a|an|pip|conda|uv|torch|pytorch|pt|stable|latest|current|nightly|ngc|nvidia|build|builds|wheel|release|version)[\s(\[\x60'"*_:]+)*$`}

// listedBuild is a release as a list names it: a version with an optional
// pre-release tag and local version, not a nightly's.
var listedBuild = &lazyregexp.Regexp{Expr: `(?:^|[^\w.+-])v?(\d+\.\d+(?:\.\d+)?(?:(?:a|b|rc)\d+)?(?:\+[0-9A-Za-z.]+)?)(?:[^\w.+-]|\.(?:[^\d\w]|$)|$)`}

// buildListSpan is how far before or after a nightly a release of its list is looked for.
const buildListSpan = 80

// stableBeside returns the span of the release that a list names beside the nightly at
// text[lo:hi], when there is one: of the same major and within typoMargin minors of the
// nightly's, not another package's (foreignRelease), joined to it by buildListGap.
func stableBeside(text []byte, lo, hi int) (int, int, bool) {
	if !bytes.Contains(text[lo:hi], []byte(".dev")) {
		return 0, 0, false
	}
	from := max(0, lo-buildListSpan)
	var best []int
	for _, m := range findAllSubmatchIndexGated(listedBuild, text[from:lo], -1) {
		m[2], m[3] = m[2]+from, m[3]+from
		if matchGated(buildListGap, text[m[3]:lo]) {
			best = m
		}
	}
	if best == nil {
		to := min(len(text), hi+buildListSpan)
		if m := findSubmatchIndexGated(listedBuild, text[hi:to]); m != nil && matchGated(buildListGap, text[hi:hi+m[2]]) {
			best = []int{0, 0, m[2] + hi, m[3] + hi}
		}
	}
	if best == nil || !sameLine(text[best[2]:best[3]], text[lo:hi]) || foreignRelease(text[:best[2]]) {
		return 0, 0, false
	}
	return best[2], best[3], true
}

// sameLine reports whether release a is of the line of nightly b: the same major, a
// minor within typoMargin of b's ("CUDA 12.4 and nightly 2.6.0.dev…" names no torch).
func sameLine(a, b []byte) bool {
	va, err1 := statedMinor(string(a))
	vb, err2 := statedMinor(string(b))
	return err1 == nil && err2 == nil && va.Major == vb.Major && va.Minor <= vb.Minor && vb.Minor-va.Minor <= typoMargin
}

// otherRunTarget: a release named as what another tool or package acts on, not as the
// run's (holdoutW's mstar install guide: "nvcc 13.x rejects torch 2.9's
// ATen/core/List_inl.h under C++17", a toolchain's rule about a release's headers): a
// toolchain or package that rejects or refuses it, pins it, ships or bundles it, is
// built or compiled against or for it ("flash-attn wheels for torch 2.5", "xformers
// 0.0.28 is built for torch 2.5.1", as xFormers' own "built for PyTorch 2.2.0+cu121 …
// (you have 2.3.0+cu121)" whose first release is not the run's), is compatible or
// incompatible with it, supports, targets, expects or matches it ("torchvision 0.20
// matches torch 2.5"). Read in the clause before the release, as otherRunState is;
// "pinned" and "built with" are left out: "I pinned torch 2.4", "the image was built
// with torch 2.4" are often the writer's own run. A failure said of the release itself
// ("torch 2.9's headers do not compile with nvcc 13") is the run's.
var otherRunTarget = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:rejects|rejected|refuses|refused|pins|pinning|ships(?:\s+with)?|shipped\s+with|bundles|bundled\s+with|vendors|` +
	`(?:built|compiled|prebuilt|pre-built)\s+(?:against|for)|(?:wheels?|binar(?:y|ies)|builds)\s+(?:built\s+)?for|` +
	`(?:in)?compatible\s+with|not\s+compatible\s+with|supports|targets|targeting|expects|matches|depends\s+on))` +
	`(?:\s+[\x60'"]?(?:(?:the|a)\s+)?(?:py)?torch\s*(?:==?\s*)?)?(?:version\s*)?v?$`}

// environmentShips: the environment the run is in said to ship or bundle torch ("The
// dustynv container ships with PyTorch 2.4.0", gc_jetson_friction_point_inductor_config_pt240;
// "the image bundles torch 2.5.1", "the AMI ships PyTorch 2.3"; an image by its name,
// "`vastai/pytorch:latest` ships with PyTorch 2.5.1 + CUDA 12.1 pre-installed", a setup
// note in the code corpus) states the run's release, as "comes with" and "provides" do:
// otherRunTarget's ships and bundles are another package's ("Triton 3.6 ships with
// PyTorch 2.11", "vLLM v0.19.0 ships with PyTorch 2.10", notes in the code corpus). The
// environment's noun within two words before the verb, or an image's name right before it.
var environmentShips = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:container|image|docker|ami|dlc|environment|env|venv|runtime|colab|kaggle|vm|` +
	`instance|jetpack|l4t|distro|notebook|machine|node|pod|server|cluster|sandbox|platform|system)s?\s+(?:\S+\s+){0,2}?|` +
	`[\w.-]+/[\w.-]+:[\w.-]+[\x60'"]?\s+)` +
	`(?:ships|shipped|bundles|bundled)(?:\s+with)?(?:\s+[\x60'"]?(?:(?:the|a)\s+)?(?:py)?torch\s*(?:==?\s*)?)?(?:version\s*)?v?$`}

// listNext is the text after a release that a list's next release follows: a CI
// matrix's "pytorch-version: [2.4.1, 2.5.1]", "torch: ['2.4', '2.5']".
var listNext = &lazyregexp.Regexp{Expr: `^['"]?\s*,\s*['"]?v?\d+\.\d+`}

// pickListValue takes a key's release unless a list after the key holds another:
// several releases a CI matrix runs on state no single run (ambiguous: none of the line
// is taken), as a table's torch column of several builds states none (release_table.go);
// so does a support list (keyList), and a minimum is no release (keyMinimum, a minimum's
// key: minimumKeyed).
func pickListValue(_ *otherRuns, text []byte, m []int) (int, int, verdict) {
	switch after := text[m[3]:]; {
	case matchGated(listNext, after) || matchGated(keyList, after):
		return 0, 0, ambiguous
	case matchGated(keyMinimum, after) || minimumKeyed(text, m[2]):
		return 0, 0, skip // a minimum: "PyTorch version: 2.0+", "Minimum torch version: 2.1"
	case inTransition(text, m[2], m[3]):
		return 0, 0, skip // a move's first release ("Torch version: 2.5.1 -> 2.6.0"), which the move's rows read
	}
	return m[2], m[3], take
}
