package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// A package manager's report of the change it made to an environment states the
// release it installed: uv's " + torch==2.6.0" (after its " - torch==2.5.1"), pip's
// "Successfully installed torch-2.6.0" (after its "Successfully uninstalled torch-2.5.1")
// and conda's plan "pytorch 2.5.1-py3… --> 2.6.0-py3…" (issue 21's v38a 26 class,
// branch fixrel39). A text that shows two such changes (an install, then an upgrade or
// a revert) leaves the environment on the later one's release, as a later install command
// does (release_installed.go: installReport is read as a pinned install of torch, with
// the same verdicts: output between the two that fails and never passes keeps the
// earlier). A report of the release the process runs printed after such a change (a
// version key, "Torch version: 2.6.0", or a script's "torch: 2.6.0+cu124") is the run's
// over the change's (printedAfterInstall).
var (
	// uvAdded is uv's line for a package it installed, a diff's added pin too (pinMark's
	// "+": astral-sh/uv crates/uv/src/commands/pip/loggers.rs, DefaultInstallLogger).
	uvAdded = &lazyregexp.Regexp{Expr: `(?i)^\s*\+\s?(?:py)?torch\s*==\s*v?\d`}
	// pipInstalledTorch is pip's "Successfully installed …" naming torch among the packages
	// (pip/_internal/commands/install.py's "Successfully installed %s").
	pipInstalledTorch = &lazyregexp.Regexp{Expr: `Successfully installed\b.*?(?:^|\s)(?:py)?torch-v?\d`}
	// condaPlanTorch is conda's plan of a change of torch ("pytorch  2.5.1-py3.11_… -->
	// 2.6.0-py3.11_…", the conda-plan row's shape).
	condaPlanTorch = &lazyregexp.Regexp{Expr: `(?i)^\s*(?:py)?torch\s+\S+\s+-->\s+\S`}
	// printedKey is a line that is a print of torch's release as a key and its value:
	// "torch: 2.6.0+cu124", "PyTorch: 2.6.0" (a script's f"torch: {torch.__version__}"),
	// read after an install report as the run's (printedAfterInstall).
	printedKey = &lazyregexp.Regexp{Expr: `(?i)^[\s>*_\x60-]{0,4}(?:py)?torch[*_\x60]{0,2}\s*:\s*[*_\x60]{0,2}v?\d+\.\d+`}
)

// installReport reports whether text is a package manager's report of a change that
// installed torch (uvAdded, pipInstalledTorch, condaPlanTorch).
func installReport(text []byte) bool {
	return matchGated(uvAdded, text) || matchGated(pipInstalledTorch, text) || matchGated(condaPlanTorch, text)
}

// printedAfterInstall reports whether a release of the rank and phrasing on text is a
// print of the release the process runs (a version key, printedKey), taken over an
// install report's found before it (f.installed): the environment the run has after
// the change.
func (f *versionFinder) printedAfterInstall(rank int, what string, text []byte) bool {
	if !f.installed {
		return false
	}
	switch {
	case what == "version report" && rank == rankPackage:
		return true
	case what == "image or key" && rank == rankPath:
		return matchGated(printedKey, text)
	}
	return false
}
