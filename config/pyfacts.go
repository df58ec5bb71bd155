package config

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/modes"
)

// pythonLimit is one range of releases whose torch.compile refuses the Pythons from
// Max on, raising RuntimeError(Msg): the rows of FactCompileMaxPython,
// FactCompilePythonMessage and FactCompilePythonInOptimize, with one source.
type pythonLimit struct {
	releases   modes.Releases
	max        string // the first Python refused
	msg        string // the RuntimeError's text, byte for byte
	inOptimize bool   // raised by torch._dynamo.optimize (2.0), not first in torch.compile
	evidence   modes.Evidence
	source     string
	inferred   []int // minors in releases whose own copy was not read
}

// The copies of torch read for the Python checks. The 2.x anchors (T2.6.0, T2.7.1,
// T2.14.0) are vendored site-packages trees listed in
// testdata/reference/pytorch-facts.md §0; the docs copies are the rendered sources of
// each release's documentation in pytorch/pytorch.github.io.
const (
	srcDocs20Frame = "torch/_dynamo/eval_frame.py check_if_dynamo_supported @ 2.0 (pytorch/pytorch.github.io@fa0bf660 docs/2.0/_modules/torch/_dynamo/eval_frame.html; v2.0.1 L376-377)"
	srcDocs20Init  = "torch/__init__.py compile @ 2.0 (pytorch/pytorch.github.io@01153da6 docs/2.0/_modules/torch.html)"
	srcDocs21to23  = "torch/__init__.py compile @ 2.1, 2.2, 2.3 (pytorch/pytorch.github.io docs/2.1@0d47bdee, docs/2.2@22c3138b, docs/2.3@353b1cd9 _modules/torch.html; T2.2.2)"
)

// pythonLimits are the Python checks of torch.compile, by release. Each was read in
// the release's torch/__init__.py compile (2.0: torch/_dynamo/eval_frame.py) or,
// where no copy of a release was found, inferred from its neighbours with the PR
// that moved the limit.
func pythonLimits() []pythonLimit {
	r := modes.Minors
	return []pythonLimit{
		{r(0, 0), "3.11", "Python 3.11+ not yet supported for torch.compile", true, modes.Source,
			srcDocs20Frame + ": sys.version_info >= (3, 11) raises it, after the Windows check (\"Windows not yet supported for torch.compile\"); torch._dynamo.optimize calls it first, and " +
				srcDocs20Init + " calls optimize last, after its decorator branch and _TorchCompileInductorWrapper(mode, options, dynamic)", nil},
		{r(1, 3), "3.12", "Dynamo is not supported on Python 3.12+", false, modes.Source,
			srcDocs21to23 + ": its first statement after _log_api_usage_once, \"# Temporary until we get proper support for python 3.12\", sys.version_info >= (3, 12) raises it; reported on 2.3.1 (kyutai-labs/moshi#156)", nil},
		{r(4, 5), "3.13", "Dynamo is not supported on Python 3.13+", false, modes.Source,
			"torch/__init__.py compile: sys.version_info >= (3, 13) raises it first, read in two copies dated by content (≈2.4: fn(model: Callable), get_device_module without functools.cache; ≈2.5: fn(model: _Callable[_InputT, _RetT])); " +
				"the 2.3.1 release refused 3.12 while the nightly took it (pytorch/pytorch#129327, 2024-06), 3.13 came with 2.6 (pytorch/pytorch#144048); quoted on 2.5.1", nil},
		{r(6, 9), "3.14", "torch.compile is not supported on Python 3.14+", false, modes.Source,
			"torch/__init__.py compile @ 2.6.0 (T2.6.0), 2.7.1 (T2.7.1), 2.8.0 (RishitTandon7/Human-Detection-ML@30c96a8 venv/Lib/site-packages/torch, version.py '2.8.0+cpu'): sys.version_info >= (3, 14) raises it first (run on 2.6.0's own code with sys.version_info set to 3.14: before the decorator branch, the mode-and-options check and disable, testdata/torch/2.6.0-debian/pycheck.json); " +
				"2.9 inferred: main still had it on 2025-10-27, after the 2.9 branch cut (PINA-org/PINA#683), a report on 2.9.1 quotes it, and PR #166754 (2025-10-31) enabled 3.14", []int{9}},
		{r(10, 14), "3.15", "torch.compile is not supported on Python 3.15+", false, modes.Source,
			"torch/__init__.py compile: sys.version_info >= (3, 15) raises it first @ 2.11.0.dev20251221 (codesob/sim2real-biometrics@06a3a90 venv/Lib/site-packages/torch), release/2.13 (pytorch/test-infra#8230 quotes torch/__init__.py line 2745), 2.14.0 (T2.14.0) and 2.14.1 (the Debian chroot's torch/__init__.py; run with sys.version_info set to 3.15, testdata/torch/2.14.1-debian/pycheck.json); " +
				"2.10 and 2.12 inferred: PR #166754 (2025-10-31, before the 2.10 branch cut) enabled 3.14 (pytorch/pytorch#169875)", []int{10, 12}},
	}
}

// pythonRows are the per-release Python facts: the default Python (FactPython), the
// oldest with builds (FactOldestPython) and torch.compile's check
// (FactCompileMaxPython, FactCompilePythonMessage, FactCompilePythonInOptimize).
func pythonRows() []FactRow {
	r := modes.Minors
	rows := []FactRow{
		{Name: FactPython, Releases: r(0, 0), Value: "3.10", Evidence: modes.Source, Source: "the newest Python 2.0's torch.compile runs on (" + srcDocs20Frame + ": 3.11+ raises); not measured"},
		{Name: FactPython, Releases: r(1, 3), Value: "3.11", Evidence: modes.Source, Source: "the newest Python these releases' torch.compile runs on (" + srcDocs21to23 + ": 3.12+ raises); not measured"},
		{Name: FactPython, Releases: r(4, 5), Value: "3.12", Evidence: modes.Source, Source: "the newest Python these releases' torch.compile runs on (torch/__init__.py compile: 3.13+ raises); not measured"},
		{Name: FactPython, Releases: r(6, 6), Value: "3.13", Evidence: modes.Measured, Source: "Debian trixie python3-torch 2.6.0+dfsg-7 runs on Python 3.13.5 (testdata/torch/2.6.0-debian/static.json python)"},
		{Name: FactPython, Releases: r(7, 9), Value: "3.13", Evidence: modes.Source, Source: "the newest Python these releases' torch.compile runs on (torch/__init__.py compile: 3.14+ raises); not measured"},
		{Name: FactPython, Releases: r(10, 10), Value: "3.14", Evidence: modes.Inferred, Source: "the newest Python 2.10's torch.compile runs on (3.15+ raises, inferred); not measured"},
		{Name: FactPython, Releases: r(11, 11), Value: "3.12", Evidence: modes.Measured, Source: "2.11.0+cu130 was measured on Python 3.12 (testdata/torch/2.11, python3.12 paths), kept so that the measured answers hold; its torch.compile runs on 3.14 too"},
		{Name: FactPython, Releases: r(12, 13), Value: "3.14", Evidence: modes.Source, Source: "the newest Python these releases' torch.compile runs on (3.15+ raises: release/2.13, pytorch/test-infra#8230); not measured"},
		{Name: FactPython, Releases: r(14, 14), Value: "3.14", Evidence: modes.Measured, Source: "Debian sid python3-torch 2.14.1+dfsg-1 runs on Python 3.14.10 (testdata/torch/2.14.1-debian/static.json python)"},
	}
	rows = append(rows, oldestPythonRows()...)
	rows = append(rows, newestPythonRows()...)
	for _, l := range pythonLimits() {
		rows = append(rows,
			FactRow{Name: FactCompileMaxPython, Releases: l.releases, Value: l.max, Evidence: l.evidence, Source: l.source},
			FactRow{Name: FactCompilePythonMessage, Releases: l.releases, Value: l.msg, Evidence: l.evidence, Source: l.source})
		if l.inOptimize {
			rows = append(rows, FactRow{Name: FactCompilePythonInOptimize, Releases: l.releases, Value: true, Evidence: l.evidence, Source: l.source})
		}
	}
	return rows
}

// pythonEvidence is how release v's Python check is known: source where a copy of
// the release was read, inferred where it sits between two that were.
func pythonEvidence(v modes.Version) modes.Evidence {
	for _, l := range pythonLimits() {
		if l.releases.Contains(v) {
			if slices.Contains(l.inferred, v.Minor) {
				return modes.Inferred
			}
			return l.evidence
		}
	}
	return modes.Inferred
}

// pythonCheck is torch.compile's check of the running Python ([Facts.CompileMaxPython]):
// a *CallError with its RuntimeError when res.Python is refused.
func (r *Resolver) pythonCheck(res *Result) error {
	max, err := pyver.Parse(r.facts.CompileMaxPython)
	if err != nil || res.Python.Less(max) {
		if res.gilMsg != "" {
			// The elif after the version check (gilChecks).
			return &CallError{Arg: "Python " + res.Python.String() + "t", Exc: "RuntimeError", Msg: res.gilMsg}
		}
		return nil
	}
	msg := r.facts.CompilePythonMessage
	if msg == "" {
		msg = fmt.Sprintf("torch.compile is not supported on Python %s+", max)
	}
	return &CallError{Arg: "Python " + res.Python.String(), Exc: "RuntimeError", Msg: msg}
}

// oldestPythonRows are the rows of FactOldestPython: the oldest Python a range of
// releases has builds for (wheels on PyPI, download.pytorch.org). A Python older than
// it cannot install the release, so a plan for it is of a combination that does not
// exist ([WarnPythonNoBuild]; sweep finding 30). A release's setup.py python_requires
// is not always the fact: 2.5.x's still said >=3.8.0 while no 3.8 build was published
// (pytorch/pytorch#138979, #140798). 2.4 and 2.10 to 2.13 come from a later copy of
// RELEASE.md's matrix (newerMatrix; sweep6 finding 1: 2.10 to 2.13 gave no warning for
// 3.8 and 3.9 while 2.9 and 2.14 did). Each row's Source starts with the short name
// the warning gives it, up to the first ": " (sourceCite), then the source in full.
func oldestPythonRows() []FactRow {
	r := modes.Minors
	const (
		debianMetadata = "its metadata, read in Debian's build: "
		pytorchFiles   = "download.pytorch.org's files: "
	)
	return []FactRow{
		{Name: FactOldestPython, Releases: r(0, 3), Value: "3.8", Evidence: modes.Source, Source: "pytorch/pytorch RELEASE.md: its Release Compatibility Matrix " +
			"@ aa6104e2a21e72f83ce217ea93e8e69884e22b04 gives Python \">=3.8\" for 2.0, 2.1, 2.2, 2.3"},
		{Name: FactOldestPython, Releases: r(4, 4), Value: "3.8", Evidence: modes.Source, Source: newerMatrix + "\">=3.8, <=3.12\" for 2.4"},
		{Name: FactOldestPython, Releases: r(5, 5), Value: "3.9", Evidence: modes.Source, Source: "pytorch/pytorch#138979: 2024-10-26, no cp38 file for 2.5 on " +
			"pypi.org/simple/torch; a maintainer: 3.8 is no longer supported; #140798: 2.5.1's setup.py@a8d6afb still said " +
			"python_requires >=3.8.0, an oversight: the file list is the fact"},
		{Name: FactOldestPython, Releases: r(6, 6), Value: "3.9", Evidence: modes.Measured, Source: debianMetadata + "Debian trixie python3-torch 2.6.0, PKG-INFO " +
			"(/tmp/deb/trixie, torch-2.6.0+debian.egg-info): Requires-Python: >=3.9.0, classifiers Python 3.9 to 3.13"},
		{Name: FactOldestPython, Releases: r(7, 7), Value: "3.9", Evidence: modes.Source, Source: "PyPI's files of 2.7.1: cp39 to cp313, no cp38, as socket.dev " +
			"lists them (socket.dev/pypi/package/torch/alerts/2.7.1)"},
		{Name: FactOldestPython, Releases: r(8, 8), Value: "3.9", Evidence: modes.Source, Source: pytorchFiles + "as the nvidia-cosmos cosmos-dependencies v1.2.0 " +
			"cu129_torch28/simple/torch index lists them: torch-2.8.0+cu129 for cp39 to cp313"},
		{Name: FactOldestPython, Releases: r(9, 9), Value: "3.10", Evidence: modes.Source, Source: pytorchFiles + "the same index: torch-2.9.0+cu129 from cp310; " +
			"Dao-AILab/flash-attention#2007 (torch 2.9.0 makes 3.10 the oldest)"},
		{Name: FactOldestPython, Releases: r(10, 13), Value: "3.10", Evidence: modes.Source, Source: newerMatrix + "\">=3.10\" for 2.10-2.13 (setup.py's python_requires since #163802)"},
		{Name: FactOldestPython, Releases: r(14, 14), Value: "3.10", Evidence: modes.Measured, Source: debianMetadata + "Debian sid python3-torch 2.14.1, METADATA " +
			"(/tmp/deb/sid, torch-2.14.1+debian.dist-info): Requires-Python: >=3.10, classifiers Python 3.10 to 3.15; " +
			"pytorch/pytorch#197242: 2.14 is the last release with 3.10 wheels"},
	}
}

// newerMatrix is the later copy of pytorch/pytorch RELEASE.md's Release Compatibility
// Matrix, with rows 1.12 to 2.13 and a release cadence to 2.16 (the search tool's code
// corpus, found by the text "| 2.10 | >=3.10"; its commit is not named there): its
// rows for 2.0 to 2.3 and 2.6 to 2.9 agree with the other rows' sources.
const newerMatrix = "pytorch/pytorch RELEASE.md: its Release Compatibility Matrix (a copy to 2.13) gives Python "

// newestPythonRows are the rows of FactNewestPython: the newest Python a range of
// releases has builds for. A newer Python cannot install the release either (sweep3
// finding 9: -torch 2.4 -python 3.13 and -torch 2.0 -python 3.12 were planned as if
// they ran). Left out: 2.13, whose matrix row names 3.15 (experimental), newer than
// the Pythons planned, and 2.14 (its Debian metadata lists classifiers to 3.15).
// The form of each Source is oldestPythonRows'.
func newestPythonRows() []FactRow {
	r := modes.Minors
	const matrix = "pytorch/pytorch RELEASE.md: its Release Compatibility Matrix @ aa6104e2a21e72f83ce217ea93e8e69884e22b04 gives "
	return []FactRow{
		{Name: FactNewestPython, Releases: r(0, 1), Value: "3.11", Evidence: modes.Source, Source: matrix + "Python \">=3.8, <=3.11\" for 2.0 and 2.1"},
		{Name: FactNewestPython, Releases: r(2, 3), Value: "3.12", Evidence: modes.Source, Source: matrix + "Python \">=3.8, <=3.11, (3.12 experimental)\" for 2.2 and 2.3: 3.12 builds, experimental"},
		{Name: FactNewestPython, Releases: r(4, 4), Value: "3.12", Evidence: modes.Source, Source: newerMatrix + "\">=3.8, <=3.12\" for 2.4"},
		{Name: FactNewestPython, Releases: r(5, 5), Value: "3.13", Evidence: modes.Source, Source: newerMatrix + "\"<=3.12, (3.13 experimental)\" for 2.5"},
		{Name: FactNewestPython, Releases: r(6, 6), Value: "3.13", Evidence: modes.Measured, Source: "its metadata, read in Debian's build: Debian trixie python3-torch 2.6.0, PKG-INFO " +
			"(/tmp/deb/trixie, torch-2.6.0+debian.egg-info): classifiers Python 3.9 to 3.13"},
		{Name: FactNewestPython, Releases: r(7, 7), Value: "3.13", Evidence: modes.Source, Source: "PyPI's files of 2.7.1: cp39 to cp313, as socket.dev lists them (socket.dev/pypi/package/torch/alerts/2.7.1)"},
		{Name: FactNewestPython, Releases: r(8, 8), Value: "3.13", Evidence: modes.Source, Source: "download.pytorch.org's files: as the nvidia-cosmos cosmos-dependencies v1.2.0 " +
			"cu129_torch28/simple/torch index lists them: torch-2.8.0+cu129 for cp39 to cp313"},
		{Name: FactNewestPython, Releases: r(9, 12), Value: "3.14", Evidence: modes.Source, Source: newerMatrix + "\"<=(3.14, 3.14t experimental)\" for 2.9-2.12"},
	}
}

// sourceCite is the short name of a row's source: its Source up to the first ": ".
func sourceCite(source string) string {
	cite, _, _ := strings.Cut(source, ": ")
	return cite
}

// factRow returns the row of fact name that holds for release v (a fact that is not
// a list has at most one).
func factRow(name string, v modes.Version) (FactRow, bool) {
	for _, row := range factRows {
		if row.Name == name && row.Releases.Contains(v) {
			return row, true
		}
	}
	return FactRow{}, false
}

// pythonBuildWarning is WarnPythonNoBuild when py is older than the oldest Python the
// release has builds for ([Facts.OldestPython]) or newer than the newest
// ([Facts.NewestPython]).
func (r *Resolver) pythonBuildWarning(res *Result, py pyver.Version) {
	for _, end := range []struct {
		fact, value, word string
		outside           func(limit pyver.Version) bool
	}{
		{FactOldestPython, r.facts.OldestPython, "oldest", func(limit pyver.Version) bool { return py.Less(limit) }},
		{FactNewestPython, r.facts.NewestPython, "newest", func(limit pyver.Version) bool { return limit.Less(py) }},
	} {
		row, ok := factRow(end.fact, r.facts.Torch)
		limit, err := pyver.Parse(end.value)
		if !ok || err != nil || !end.outside(limit) {
			continue
		}
		res.Warnings = append(res.Warnings, Warning{
			Code:           WarnPythonNoBuild,
			Message:        fmt.Sprintf("torch %s has no build for Python %s: its %s Python is %s (%s), so this combination cannot be installed; the plan shows what that torch would do", r.facts.Torch, py, end.word, end.value, sourceCite(row.Source)),
			Recommendation: pythonBuildFix(r.facts, end.word, py),
			Evidence:       row.Evidence,
		})
	}
}

// pythonBuildFix is python-no-build's recommendation for the end (oldest or newest) py
// falls outside.
func pythonBuildFix(f Facts, end string, py pyver.Version) string {
	if end == "oldest" {
		return fmt.Sprintf("plan with the Python you run (-python %s or newer for torch %s), or a release that has a build for Python %s", f.OldestPython, f.Torch, py)
	}
	return fmt.Sprintf("plan with the Python you run (-python %s or older for torch %s), or a release that has a build for Python %s", f.NewestPython, f.Torch, py)
}

// gilCheck is one range of releases' check of a free-threaded Python
// (sysconfig.get_config_var("Py_GIL_DISABLED") == 1) in torch/__init__.py compile and
// torch/_dynamo/eval_frame.py check_if_dynamo_supported: the elif after the Python
// version check, so a Python that check refuses gets its message first (sweep5
// finding 18).
type gilCheck struct {
	releases modes.Releases
	below    int    // the check raises below 3.13.below, passes from it; 0: it raises for every free-threaded Python
	msg      string // the RuntimeError's text, byte for byte
	source   string
	inferred []int // minors in releases whose own copy was not read
}

// gilChecks are the releases' checks of a free-threaded Python. 2.0 to 2.5 have none
// (the texts are absent from their copies: graphs/diagnose/testdata/wordings-by-release.tsv),
// and their version checks refuse 3.13 and later, every free-threaded Python, first.
func gilChecks() []gilCheck {
	r := modes.Minors
	return []gilCheck{
		{r(6, 7), 0, "torch.compile is not supported on Python built with GIL disabled",
			"torch/__init__.py compile @ 2.6.0 (the Debian chroot's, L2525, beside torch/_dynamo/eval_frame.py check_if_dynamo_supported) and @ 2.7.1 (graphs/diagnose/testdata/wordings-by-release.tsv)", nil},
		{r(8, 14), 3, "torch.compile is not supported on Python < 3.13.3 built with GIL disabled. Please use Python 3.13.3+.",
			"torch/__init__.py compile @ 2.8.0, 2.9.0, 2.9.1 (graphs/diagnose/testdata/wordings-by-release.tsv) and @ 2.14.1 (the Debian chroot's, L3183: only for sys.version_info < (3, 13, 3)); 2.10 to 2.13 inferred: no copy read, between 2.9.1 and 2.14.1, which agree", []int{10, 11, 12, 13}},
	}
}

// FreeThreadedError reports a free-threaded Python for which what the release's
// torch.compile does is not known: its check of the build passes (or the patch
// release that decides it is not given), and nothing after that check was read or
// measured on such a build. The plan is refused rather than guessed.
type FreeThreadedError struct {
	Torch  modes.Version
	Python string // as named: "3.14t"
	Reason string
}

func (e *FreeThreadedError) Error() string {
	if e == nil {
		return "config: <nil *FreeThreadedError>"
	}
	return fmt.Sprintf("config: free-threaded Python %s on torch %s: %s", e.Python, e.Torch, e.Reason)
}

// freeThreaded applies the release's check of a free-threaded Python req names to
// res: the RuntimeError torch.compile raises after its version check (res.gilMsg), or
// a *FreeThreadedError where the outcome is not known. A Python the version check
// refuses needs neither: that check raises first.
func (r *Resolver) freeThreaded(res *Result, req Request) error {
	if !req.FreeThreaded {
		return nil
	}
	name := pyver.Build{Version: res.Python, FreeThreaded: true}
	if req.PythonPatch != nil {
		name.Patch, name.PatchGiven = *req.PythonPatch, true
	}
	v := r.facts.Torch
	if res.Python.Less(pyver.Version{Major: 3, Minor: 13}) {
		return &FreeThreadedError{Torch: v, Python: name.String(), Reason: "CPython has free-threaded builds from 3.13 (PEP 703; What's New In Python 3.13, \"Free-threaded CPython\")"}
	}
	if max, err := pyver.Parse(r.facts.CompileMaxPython); err == nil && !res.Python.Less(max) {
		return nil // the version check raises first
	}
	for _, g := range gilChecks() {
		if !g.releases.Contains(v) {
			continue
		}
		switch {
		case g.below == 0 || res.Python == (pyver.Version{Major: 3, Minor: 13}) && name.PatchGiven && name.Patch < g.below:
			res.gilMsg = g.msg
			return nil
		case res.Python == (pyver.Version{Major: 3, Minor: 13}) && !name.PatchGiven:
			return &FreeThreadedError{Torch: v, Python: name.String(), Reason: fmt.Sprintf("the patch release decides: torch.compile raises RuntimeError(\"%s\") on 3.13.0t to 3.13.%dt and passes that check from 3.13.%dt (torch/__init__.py compile); give it, e.g. -python 3.13.%dt", g.msg, g.below-1, g.below, g.below-1)}
		}
		return &FreeThreadedError{Torch: v, Python: name.String(), Reason: fmt.Sprintf("torch.compile's check of a free-threaded build passes here (it raises only before 3.13.%d: torch/__init__.py compile), and what torch.compile does after it on such a build was neither read nor measured, so it is not planned; -python %s plans the build with the GIL", g.below, res.Python)}
	}
	return &FreeThreadedError{Torch: v, Python: name.String(), Reason: "no copy of this release's torch.compile was read for a check of a free-threaded build, so it is not planned"}
}

// gilEvidence is how release v's check of a free-threaded Python is known.
func gilEvidence(v modes.Version) modes.Evidence {
	for _, g := range gilChecks() {
		if g.releases.Contains(v) && !slices.Contains(g.inferred, v.Minor) {
			return modes.Source
		}
	}
	return modes.Inferred
}
