package diagnose

// recallBRows are phrasings of the release added by branch recallB (2026-12-03):
//
//   - Poetry's report of a package it changes, "  - Updating torch (2.4.1 -> 2.5.1)" and
//     "  - Downgrading torch (2.5.1 -> 2.4.1)" (python-poetry/poetry
//     src/poetry/installation/executor.py, _execute_update: "Updating"/"Downgrading"
//     {name} ({from} -> {to})): the release after the arrow is the one installed from
//     then on, as after conda's "-->"; it had been read as prose's "torch (2.4.1";
//   - a distribution's package of torch and its version: Debian's python3-torch, whose
//     dpkg row reads "ii  python3-torch  2.6.0+dfsg-7  amd64 …" and apt's "python3-torch
//     (2.6.0+dfsg-7)" (this repository measures Debian's trixie 2.6.0+dfsg-7 and sid's
//     2.14.1+dfsg-1: testdata/torch/2.6.0-debian, config/pyfacts.go), Arch Linux's
//     python-pytorch, python-pytorch-cuda, python-pytorch-rocm and python-pytorch-opt-*
//     ("python-pytorch-cuda 2.5.1-7", pacman -Q), Fedora's python3-torch RPMs
//     ("python3-torch-2.5.1-1.fc42.x86_64") and Spack's py-torch ("py-torch@2.5.1"); the
//     upstream release comes first, the packaging revision after it;
//   - PyTorch's short name with 2.0 where it is a release, not the compile stack's name:
//     with a patch, or installed;
//   - the release before torch's name in prose: "using version 2.5.1 of PyTorch", "the
//     2.5.1 release of PyTorch crashes" (prose's other-run checks apply).
func recallBRows() []releaseRow {
	return []releaseRow{
		// PyTorch's short name with 2.0, which prose-pt leaves out ("PT2.0" is the compile
		// stack's name, as torchdynamo#2022 writes it): with a patch it is a release
		// ("using pt2.0.1"), and so is one the writer installed ("I install pt2.0 with
		// conda install pytorch … -c pytorch-nightly", discuss.pytorch.org/t/171373,
		// holdoutU).
		{name: "prose-pt-patch", what: "prose", literal: "", anchors: []string{"PT2.0.", "pt2.0.", "Pt2.0.", "PT 2.0.", "pt 2.0."}, rank: rankProse,
			shape: `(?i)(?:^|[^\w.-])PT[\s-]?(2\.0\.\d+)\b`},
		{name: "prose-pt-installed", what: "prose", literal: "", anchors: []string{"PT2.0", "pt2.0", "Pt2.0", "PT 2.0", "pt 2.0"}, rank: rankProse,
			shape: `(?i)\b(?:install(?:ed|ing|s)?|upgraded\s+to|updated\s+to|switched\s+to)\s+(?:the\s+)?PT[\s-]?(2\.0)\b`},
		// a bound, then the release installed in parentheses, as pip's "already satisfied"
		// puts it: "torch>=2.5 is installed (2.5.1)" (the lead's probe).
		{name: "bound-installed", what: "pip install", literal: "installed", anchors: []string{"installed ("}, rank: rankPackage,
			shape: `(?i)\b(?:py)?torch\s*(?:[<>=~!]=|[<>])\s*v?[\d.*]+(?:\s*,\s*(?:[<>=~!]=|[<>])\s*v?[\d.*]+)*\s+(?:is\s+|was\s+|gets\s+)?installed\s*\(\s*v?` + ver + `\s*\)`},
		{name: "poetry-update", what: "package list", literal: "orch (", anchors: []string{"Updating torch", "Downgrading torch", "Updating pytorch", "Downgrading pytorch"}, rank: rankPackage,
			shape: `\b(?:Updating|Downgrading)\s+(?:py)?torch\s+\(\S+\s+->\s+` + ver + `\)`},
		{name: "distro-package", what: "package list", literal: "torch", anchors: []string{"python3-torch", "python-torch", "python-pytorch", "python3-pytorch", "py-torch@"}, rank: rankPackage,
			shape: `(?:^|[^\w.-])(?:python3?-(?:py)?torch(?:-(?:cuda|rocm|opt|opt-cuda|opt-rocm))?|py-torch)(?:\s+\(|\s+|-|@)v?` + ver + `(?:[-~][\w.~+-]*)?(?:[\s)]|$)`},
		{name: "version-of-torch", what: "prose", literal: " of ", anchors: []string{" of PyTorch", " of pytorch", " of Pytorch", " of torch", " of Torch"}, rank: rankProse,
			shape: `(?i)\b(?:version|release|build|the)\s+v?` + ver + `(?:\s+(?:release|version|build))?\s+of\s+(?:py)?torch\b`},
	}
}
