package diagnose

import (
	"bytes"
	"regexp"
	"sync"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A releaseRow is one way people state torch's release, as data: its shape (a regular
// expression whose first group is the release), its authority (rank) and the
// prefilter's anchors for it; releaseRowDocs (release_rows_doc.go) gives each, by name,
// an example line with the release it states and where people write it that way (a
// public text, most of them in testdata/corpus). One matcher reads every row
// (versionFinder); TestReleaseRows holds each row to its example, and the doc's
// "Release phrasings" lists the shapes by rank.
type releaseRow struct {
	// name names the row (releaseRowDocs' key).
	name string
	// what names the phrasing's kind in Diagnosis.TorchFrom ("collect_env", "pin",
	// "prose", …); several rows share one.
	what string
	// literal is a substring every line the shape matches holds, tried before the
	// expression ("" for none); anchors are the prefilter's anchors (case-sensitive, 5
	// bytes or more) of which every such line holds one.
	literal string
	anchors []string
	// shape is the phrasing as a regular expression; its first group is the release,
	// unless pick chooses it (a phrasing that names two releases) or next is set.
	shape string
	rank  int
	// torchLine: the line must name torch (a shape with a bare release).
	torchLine bool
	pick      pickFunc
	// next: the shape is a key alone on its line whose value is on the next line
	// (waitedVersion reads it); gate, when set, turns away a line the shape cannot
	// match before the expression is run, and maxLen bounds the lines it is tried on.
	next   bool
	gate   func([]byte) bool
	maxLen int
	// releases, when set, maps the shape's first group to the torch release it stands
	// for (a container tag), and the matched text is masked for the other rows.
	releases map[string]string
}

// The ranks of the ways a log shows the release: what torch itself prints wins over a
// package list, which wins over a path or file name, which wins over prose.
const (
	rankLoose     = 1
	rankProse     = 2
	rankProseMove = 3 // prose that says the run moved to the release (upgraded to, a new install gave)
	rankPath      = 4
	rankPackage   = 5
	rankTorch     = 6
)

// torchAt starts a pattern's "torch" where a package's own name starts, so that another
// package whose name ends in torch ("[pip3] open-clip-torch==2.32.0" in collect_env's
// library list, vllm-project/vllm#26379) is not read as torch's release; a diff's mark
// may start the line ("-torch==2.1.0").
const torchAt = `(?:^[-+]?|[^\w.-])`

// ver is a release as torch prints it: 2.5, 2.5.1, 2.5.1+cu124, 2.9.0.dev20250723+cu128,
// 2.7.1a0+git…, 2.12.0rc1.
const ver = `(\d+\.\d+(?:\.\d+)?(?:(?:a|b|rc)\d+)?(?:\.dev\d+)?(?:\+[0-9A-Za-z.]+)?)`

// keyMark is markdown that may stand inside a key ("**PyTorch**: 2.5.1", "- `torch`
// version: 2.3.0").
const keyMark = `[*_\x60]{0,3}`

// releaseRows are the phrasings, in the order the matcher tries them on a line (a
// higher rank wins over a lower one wherever it is; within a rank the first line wins).
// whatVersionAttr is the phrasing of torch.__version__'s rows, whose value the line
// states unless it compares it (torchRange).
const whatVersionAttr = "torch.__version__"

// whatVersionsHeading is the phrasing of the next-versions-heading row, whose value is
// a bare release alone (versionsHeadingValue).
const whatVersionsHeading = "versions heading"

// whatNGCImage names the rows that read an NVIDIA NGC container's torch from its tag,
// environment or banner (release_ngc.go, the ngc-tag row).
const whatNGCImage = "NGC image"

func releaseRows() []releaseRow {
	rows := append(proseRows(), []releaseRow{
		{name: "collect-env", what: "collect_env", literal: "PyTorch version: ", anchors: []string{"PyTorch version"}, rank: rankTorch,
			shape: `PyTorch version: ` + ver},
		{name: "version-attr", what: whatVersionAttr, literal: "torch.__version__", anchors: []string{"torch.__version__"}, rank: rankTorch,
			shape: `torch\.__version__\W{0,12}?` + ver},
		// the underscores spaced, as a markdown post writes them so that GitHub does not
		// bold "version".
		{name: "version-attr-spaced", what: whatVersionAttr, literal: "__ version", anchors: []string{"__ version"}, rank: rankTorch,
			shape: versionAttrSpaced + `\W{0,12}?` + ver},
		{name: "version-attr-spaced-dot", what: whatVersionAttr, literal: "torch. __", anchors: []string{"torch. __"}, rank: rankTorch,
			shape: versionAttrSpaced + `\W{0,12}?` + ver},
		// pip list / pip freeze / conda list rows: the release at the line's end or
		// before a list's column (packageColumn); "torch 2.3.1 does not show the error"
		// is prose, which the prose rows read with their checks.
		{name: "package-list", what: "package list", literal: "torch", anchors: []string{"torch ", "torch\t"}, rank: rankPackage,
			shape: `^(?:py)?torch\s+` + ver + `(?:\s*$|\s+` + packageColumn + `)`},
		// Ultralytics' banner, which prints torch.__version__: "Ultralytics 8.3.0 🚀
		// Python-3.11.9 torch-2.5.1+cu124 CUDA:0 (…)" (ultralytics/utils/torch_utils.py
		// select_device: f"Ultralytics {__version__} 🚀 Python-{PYTHON_VERSION}
		// torch-{TORCH_VERSION} ").
		{name: "ultralytics-banner", what: "version report", literal: " torch-", anchors: []string{" torch-"}, rank: rankPackage,
			shape: `\bPython-\d+\.\d+(?:\.\d+)?\s+torch-` + ver},
		// pip's report of what it installed, the release the run has from then on.
		{name: "pip-installed", what: "pip install", literal: "Successfully installed", anchors: []string{"torch-"}, rank: rankPackage,
			shape: `Successfully installed\b.*?\b(?:py)?torch-` + ver + `(?:\s|$)`},
		// pip's "already satisfied" names the installed release in parentheses after a
		// requirement that may be a bound ("torch>=2.0 in … (2.3.0)").
		{name: "pip-satisfied", what: "pip install", literal: "already satisfied", anchors: []string{"already satisfied"}, rank: rankPackage,
			shape: `(?i)already satisfied:\s*(?:py)?torch(?:\[[\w,]+\])?(?:\s*[<>=!~]=?\s*[\w.+*]+(?:\s*,\s*[<>=!~]=?\s*[\w.+*]+)*)?\s+in\s+\S+(?:\s+\(from\s+[^)]*\))?\s+\(v?` + ver + `\)`},
		// pip's dependency conflict names the installed release after another package's
		// requirement.
		{name: "pip-conflict", what: "pip conflict", literal: "you have torch", anchors: []string{"you have torch"}, rank: rankPackage,
			shape: `\bbut you have torch ` + ver},
		{name: "pin", what: "pin", literal: "==", anchors: []string{"torch==", "Torch==", "orch =="}, rank: rankPackage,
			shape: `(?i)` + torchAt + `(?:py)?torch\s*==\s*` + ver},
		// a PEP 440 specifier that holds the requirement to one minor: "torch~=2.0.0",
		// "torch===2.0.1", "torch>=2.0,<2.1" (release_pep440.go)
		{name: "pin-one-minor", what: "pin", anchors: []string{"torch~=", "Torch~=", "orch ~=", "torch>=", "Torch>=", "orch >=", "torch===", "torch<", "orch <"}, rank: rankPackage,
			pick: pickOneMinor, shape: oneMinorSpec},
		// other tools' reports and prose keys: "Torch version : 2.4.1", "my torch version
		// is 2.0.0", "- `torch` version: 2.3.0"; transformers-cli env's "- PyTorch version
		// (GPU?): 2.5.1+cu124 (True)" and, from transformers' env.py of 2025 on, "- PyTorch
		// version (accelerator?): 2.12.1+cu130 (CUDA)" (huggingface/transformers#47321);
		// DeepSpeed's ds_report, whose keys are followed by leader dots: "torch version
		// .................... 2.0.1+cu117" (deepspeed/env_report.py). A CI matrix's list
		// after the key holds one release or several ("torch-version: ['2.5.1']",
		// "pytorch-version: [2.4.1, 2.5.1]": pickListValue).
		{name: "version-key", what: "version report", anchors: []string{"orch version", "Torch version", "TORCH version", "orch` version", "orch** version", "orch Version", "ORCH VERSION", "orch-Version", "orch-version"}, rank: rankPackage,
			pick: pickListValue,
			shape: `(?i)\b(?:py)?torch(?:[*\x60]{0,3}\s+|[*\x60]{1,3}|-)version(?:\s+is|\s+was)?(?:\s*\((?:GPU\?|accelerator\?|e\.g\.,?\s*[\d.]+)\))?(?:\s*\.{3,})?` +
				keyMark + `\s*[:=]?` + keyMark + `\s*` + keyMark + `(?:\[\s*['"]?|['"])?v?` + ver},
		// the key in Chinese, Japanese, Korean or Russian: "torch版本：2.5.1", "PyTorch版本为
		// 2.5.1", "PyTorchのバージョンは2.5.1", "torch 버전 2.5.1", "версия PyTorch: 2.5.1";
		// and English's "the version of torch is 2.5.1".
		{name: "version-key-cjk", what: "version report", anchors: []string{"版本", "バージョン", "버전", "версия"}, rank: rankPackage,
			shape: `(?i)(?:\b(?:py)?torch|파이토치|토치)` + keyMark + `\s*(?:的\s*)?(?:版本(?:号|號)?|の?バージョン|버전|версия)\s*(?:是|为|為|は|：|:|=|-)?\s*v?` + ver},
		// Chinese prose that says what torch is: "torch是2.5.1", "我用的torch是2.5.1",
		// "pytorch为2.4.0" (the copula after the name, no version key).
		{name: "prose-cjk-is", what: "prose", literal: "orch", anchors: []string{"torch是", "torch 是", "torch为", "torch 为", "torch為", "orch用的是", "orch使用的是"}, rank: rankProse,
			shape: `(?i)` + torchAt + `(?:py)?torch\s*(?:用的|使用的|的)?\s*(?:是|为|為)\s*v?` + ver},
		// the key before torch's name: "версия PyTorch: 2.5.1", "the version of torch is
		// 2.5.1" (a copula or a colon: "the latest version of pytorch 2.2.2" is prose's).
		{name: "version-of", what: "version report", anchors: []string{"версия", "ersion of"}, rank: rankPackage,
			shape: `(?i)(?:версия|\bversion\s+of)\s+(?:py)?torch` + keyMark + `\s*(?:[:：=]|\s+is|\s+was)\s*v?` + ver},
		// a joint key with torch's value first ("Torch/CUDA: 2.4.0/12.1"); not an image's
		// name, pytorch/pytorch:2.5.1-cuda12.4 (pickJointKey: a path's rank, colon-key's).
		{name: "joint-key", what: "version report", literal: "orch", anchors: []string{"orch+", "orch &", "orch/CUDA", "orch/cuda"}, rank: rankPackage, pick: pickJointKey,
			shape: `(?i)\b(?:py)?torch\s*(?:\+|&|/)\s*\w+(?:\s+versions?)?(?:\s+(?:is|are|was|were))?\s*[:=]\s*v?` + ver},
		// a markdown table's row: "| torch | 2.5.1 |", "|PyTorch version|2.5.1|", and a
		// report of a dict's keys, "| torch_version | 2.10.0+cu128 |" (an environment
		// table a script writes from its variables; a common form in the search tool's
		// code corpus, find_string "| torch_version | 2.").
		{name: "table-row", what: "table", literal: "|", anchors: []string{"orch|", "orch |", "orch*", "orch`", "rsion|", "rsion |"}, rank: rankPackage,
			shape: `(?i)\|\s*` + keyMark + `(?:py)?torch(?:[\s_]*version)?` + keyMark + `\s*\|\s*` + keyMark + `v?` + ver + keyMark + `\s*\|`},
		// a table's row whose key joins torch and another package, torch's value first:
		// "| torch / torchvision | 2.14.1+cu130 / 0.29.1+cu130 |" (holdoutJ's seedvr2x
		// environment notes).
		// Its slash form's anchors hold the cell's opening mark: "orch/" alone is in every
		// glog header of an Inductor log ("V1129 … torch/_inductor/scheduler.py:6545]"),
		// whose time reads as a release, and made each such line try every release shape
		// (BenchmarkVersusGrep: 0.35 of grep's time before, 45 with it).
		{name: "table-joint-key", what: "table", literal: "|", anchors: []string{"orch /", "orch +", "orch &",
			"| torch/", "|torch/", "| Torch/", "|Torch/", "| pytorch/", "|pytorch/", "| PyTorch/", "|PyTorch/", "*torch/", "*PyTorch/"}, rank: rankPackage,
			shape: `(?i)\|\s*` + keyMark + `(?:py)?torch\s*[/+&]\s*[A-Za-z][\w.-]*` + keyMark + `\s*\|\s*` + keyMark + `v?` + ver + keyMark + `\s*(?:/[^|]{0,40})?\|`},
		// site-packages/torch-2.5.1+cu124.dist-info, wheel names (in a URL the + is %2B),
		// conda's pkgs/pytorch-2.5.1-py3…, conda-forge's builds (pytorch-2.5.1-cuda126_py312h…,
		// pytorch-1.7.1-cpu_py38h…: ContinuumIO/anaconda-issues#12302) and conda's download
		// table ("pytorch-1.12.0 |py3.9_cuda11.6_cudnn8_0  1.19 GB", pytorch.github.io#1030).
		{name: "file-name", what: "file name", literal: "torch-", anchors: []string{"torch-"}, rank: rankPath,
			shape: `\b(?:py)?torch-` + ver + `(?:%2[Bb][0-9A-Za-z.]+)?(?:\.dist-info|\.egg-info|-cp\d|-py\d|-pypi|\.tar|\.whl|-(?:cuda\d+|cpu)_|\s+\|\s*(?:py\d|cuda\d|cpu_))`},
		// conda's plan of a change, the release after the arrow the one installed: "pytorch
		// 2.4.0-py3.11_cuda12.1_cudnn9.1.0_0 --> 2.5.1-py3.11_…" (UPDATED, DOWNGRADED),
		// "pytorch  pytorch::pytorch-1.7.1-py3.8_cuda10.2~ --> pkgs/main::pytorch-1.7.1-cpu_py38h…"
		// (SUPERSEDED; ContinuumIO/anaconda-issues#12302).
		{name: "conda-plan", what: "package list", literal: "-->", anchors: []string{" --> "}, rank: rankPackage,
			shape: `(?i)^\s*(?:py)?torch\s+(?:[\w./-]+::(?:py)?torch-)?\d+\.\d+\S*\s+-->\s+(?:[\w./-]+::(?:py)?torch-)?` + ver},
		// AMD's ROCm images, whose tag ends with the torch they hold:
		// rocm/pytorch:rocm6.1_ubuntu22.04_py3.10_pytorch_2.1.2 (ROCm/ROCm#2950),
		// rocm/pytorch:rocm6.4.4_ubuntu24.04_py3.12_pytorch_release_2.7.1; AMD's other images
		// tag theirs so too: rocm/vllm:rocm7.14.0_rdna_ubuntu24.04_py3.14_pytorch_2.11.0_vllm_0.23.0
		// (vllm-project/vllm#53891, holdoutBZ), rocm/sgl-dev, rocm/megatron-lm.
		{name: "rocm-tag", what: "image or key", literal: "rocm/", anchors: []string{"rocm/pytorch", "_pytorch_"}, rank: rankPath,
			shape: `\brocm/[\w.-]+:\S*?_pytorch_(?:release_)?v?` + ver + `(?:[_\s'"\x60]|$)`},
		// a Nix store path's package name: /nix/store/<hash>-python3.13-torch-2.7.1/…
		// (nixpkgs names a Python package's output pythonX.Y-NAME-VERSION).
		{name: "nix-store", what: "file name", literal: "torch-", anchors: []string{"-torch-"}, rank: rankPath,
			shape: `\bpython3\.\d+-torch-` + ver + `(?:[/\s'":]|$)`},
		// images and keys with a colon: pytorch/pytorch:2.5.1-cuda12.4, "torch: 2.5.1",
		// "PyTorch: 2.12.1+cu130", "**PyTorch**: 2.5.1", the value marked up after the
		// space too ("- PyTorch: `2.10.0`", pytorch/pytorch#177819's Versions list, read
		// as looser prose before, below the nightly listed under it), the key qualified as
		// the stable build's where a nightly is listed beside it ("- PyTorch stable:
		// `2.10.0`", "- PyTorch (stable): 2.10.0").
		{name: "colon-key", what: "image or key", literal: "orch", anchors: []string{"torch:", "Torch:", "TORCH:", "torch :", "Torch :", "orch*", "orch`",
			"orch stable", "orch Stable", "orch (stable", "orch (Stable"}, rank: rankPath,
			shape: `(?i)` + torchAt + `(?:py)?torch` + keyMark + stableQualifier + `\s*:` + keyMark + `\s*` + keyMark + `v?` + ver},
		// other keys: "torch_version: 2.6.0", a dict's or JSON's "'torch': '2.6.0'",
		// ARG PYTORCH_VERSION=2.5.1.
		{name: "quoted-key", what: "image or key", literal: "", anchors: []string{"torch'", "torch\""}, rank: rankPath,
			shape: `(?i)\b(?:py)?torch(?:_?version)?['"]?\s*[:=]\s*['"]` + ver},
		// A key and its value apart by white space are a TSV's or a config dump's row
		// ("torch_version<TAB>2.5.1+cu124", whose tab the reader sees as a space); a
		// shortened key ("ARG PYTORCH_VER=2.0.1", a Dockerfile's build argument,
		// PiMachineLearning/pitorch) and the variable torch's own setup.py builds a wheel
		// under ("PYTORCH_BUILD_VERSION=2.5.1", pytorch/pytorch tools/generate_torch_version.py
		// reads it).
		{name: "version-var", what: "image or key", literal: "", anchors: []string{"orch_version", "orchversion", "ORCH_VERSION", "orch_Version", "orch-version", "ORCH-VERSION",
			"ORCH_VER=", "orch_ver=", "ORCH_VER ", "orch_ver ", "ORCH_BUILD_VERSION", "orch_build_version"}, rank: rankPath,
			shape: `(?i)\b(?:py)?torch[_-]?(?:build[_-]?)?ver(?:sion)?\s*[:=]?\s*v?` + ver},
		// the project's own container named in prose.
		{name: "official-docker", what: "image or key", literal: "ocker", anchors: []string{"official docker", "Official docker", "orch docker"}, rank: rankProse,
			shape: `(?i)\b(?:official|pytorch)\s+docker\s+(?:image\s+)?v?` + ver + `\b`},
		// specs in prose or a one-line note: conda's "pytorch=2.5.1=py3.11_…", "torch@2.6.0",
		// a user agent's "PyTorch/2.6.0" ("Try torch=2.2" is advice, another run's).
		{name: "spec-pin", what: "pin", literal: "orch", anchors: []string{"torch=", "Torch=", "torch@", "PyTorch/"}, rank: rankProse,
			shape: `(?i)` + torchAt + `(?:py)?torch\s*(?:=|@|/)\s*v?` + ver},
		// prose: "PyTorch 2.11", "on torch 2.7", "torch v2.6.0".
		{name: "prose", what: "prose", literal: "orch ", anchors: []string{"torch ", "Torch "}, rank: rankProse,
			shape: torchAt + `(?:[Pp]y|[Ll]ib)?[Tt]orch\s+v?` + ver + `\b`},
		// prose without the space: "torch2.6", "PyTorch2.5.1", and a release before 2.0,
		// which the text states as the spaced prose does ("win10 + cuda11.3 +pytorch1.10.0",
		// "Ubuntu 16.04+pycharm+python3.6+pytorch1.7.1", "tested with PyTorch1.3.1": READMEs
		// through find_string "+pytorch1.", "with pytorch1."); not a package whose name
		// starts with torch's ("torchvision0.15", "pytorch3d", "torch2trt").
		{name: "prose-glued", what: "prose", literal: "orch", anchors: []string{"orch2.", "orch1.", "orch0."}, rank: rankProse,
			shape: `\b(?:[Pp]y)?[Tt]orch([0-2]\.\d{1,2}(?:\.\d+)?)\b`},
		// prose that joins the name and the release with a hyphen or parentheses: "on
		// torch-2.13", "BigVGAN SIGSEGVs on torch-2.12/aarch64", "Python(3.11)、PyTorch(2.7.0+cu126)",
		// "PyTorch（2.5.1）"; not a package named after torch ("cp-torch-2.0-original", a
		// wheel's torch-2.5.1-cp311, the file-name row's), a path's directory
		// ("/fsx/pytorch-nightly/pytorch-2.0/pytorch/aten/…", pytorch#93378's source
		// checkout), nor pip's uninstall lines (pipReplaced). An underscore joins them too
		// ("torch_2.5.1", an environment's name; branch recallC's probe).
		{name: "prose-joined", what: "prose", literal: "orch", anchors: []string{"torch-2.", "Torch-2.", "orch(2.", "orch (2.", "orch（2.", "torch_2.", "Torch_2."}, rank: rankProse,
			shape: `(?i)(?:^|[^\w./-]|` + compoundHead + `-)(?:py)?torch(?:-|_|\s*[(（])\s*v?(2\.\d{1,2}(?:\.\d+)?(?:(?:a|b|rc)\d+)?(?:\.dev\d+)?(?:\+[0-9A-Za-z.]+)?)(?:[\s,;:)）/]|$)`},
		// PyTorch's own short name with a minor: "PT 2.6", "PT2.5.1" ("PT2" alone and
		// "PT2.0" name the compile stack, as torchdynamo#2022 does, not a release).
		// Lower case and hyphenated too, as titles and labels tag a release: "[pt2.10]",
		// "pt2.10:", "pt-2.10" (intel/torch-xpu-ops' titles, holdoutL).
		{name: "prose-pt", what: "prose", literal: "", anchors: ptAnchors(), rank: rankProse,
			shape: `(?i)(?:^|[^\w.-])PT[\s-]?(2\.[1-9]\d?(?:\.\d+)?)\b`},
		// looser prose: a line that names torch and, later, a full 2.x.y release; not a
		// package named after torch ("intel-extension-for-pytorch 2.5.0",
		// "torch-geometric==2.6.1").
		{name: "prose-loose", what: "prose", literal: "orch", anchors: []string{"torch ", "Torch ", "torch.compile"}, rank: rankLoose,
			shape: `(?i)` + torchAt + `(?:py)?torch(?:$|[^\w-]).*?\b(2\.\d{1,2}\.\d+(?:\+[0-9A-Za-z.]+)?)\b`},
		// prose that says the run fails on a release: "torch.compile … fails on 2.5",
		// "broken with 2.6.0", "regressed in 2.7".
		{name: "prose-fails-on", what: "prose", literal: "orch", anchors: []string{"torch.compile", "torch ", "Torch "}, rank: rankProse,
			shape: `(?i)torch.*?\b(?:fails?|failing|failed|broken|breaks|crash(?:es|ed)?|errors?|regress(?:es|ed)?)\s+(?:on|with|in|since|after|under)\s+(?:(?:py)?torch\s*)?v?` + ver + `\b`},
		// the same when the line names a compile feature instead of torch.
		{name: "compile-fails-on", what: "prose", anchors: failAnchors(), rank: rankProse,
			shape: `(?i)\b(?:compile|inductor|dynamo|cuda\s?graphs?|cudagraph\w*|reduce-overhead|max-autotune)\b.*?` +
				`\b(?:fails?|failing|failed|broken|breaks|crash(?:es|ed)?|regress(?:es|ed)?)\s+(?:on|with|in|since|after|under)\s+v?` + ver + `\b`},
		// a bare release the run fails on, named after the failure, where the line names
		// torch or a compile feature or the sentence names a release that worked: "worked
		// in 2.0, broke in 2.1", "works on 2.4, fails on 2.5", "a regression in 2.5".
		{name: "fails-bare-after", what: "prose", anchors: failAnchors(), rank: rankProse, pick: pickFailingAfter,
			shape: `(?i)(?:\b(?:broke|breaks|broken|fails?|failed|failing|crash(?:es|ed)?|errors?(?:\s+out)?|regress(?:ed|es|ion)|stopped\s+working)|` +
				negatedRuns + `)\s+(?:again\s+)?(?:on|with|in|since|after|under)\s+(?:(?:py)?torch\s*)?` + bare},
		// the same with the message the run fails with between the failure and the
		// release: "torch.bmm on CUDA crashes with \"fatal error: Python.h\" in 2.14 when
		// python3-dev is missing" (pytorch/pytorch#196977's title, holdoutES), "fails with
		// `KeyError: 'sm_90'` on 2.9", "crashes with an AssertionError in 2.5"; the message
		// quoted (at most 160 characters) or an exception's name.
		{name: "fails-with-bare-after", what: "prose", anchors: failsWithAnchors(), rank: rankProse, pick: pickFailingAfter,
			shape: `(?i)\b(?:broke|breaks|fails?|failed|failing|crash(?:es|ed)?|errors?\s+out|errored(?:\s+out)?|dies|died|aborts?|aborted)\s+with\s+` +
				`(?:"[^"\n]{1,160}"|\x60[^\x60\n]{1,160}\x60|'[^'\n]{1,160}'|“[^”\n]{1,160}”|(?:an?\s+|the\s+)?[\w.]*(?:Error|Exception|Failure|Failed|Fault)\b)` +
				`\s+(?:again\s+)?(?:on|with|in|since|after|under)\s+(?:(?:py)?torch\s*)?` + bare},
		// a nightly named in prose: "2.13.0.dev20260518".
		{name: "nightly", what: "nightly", literal: ".dev20", anchors: []string{".dev20"}, rank: rankProse,
			shape: `\b(\d+\.\d+\.\d+\.dev\d{8}(?:\+[0-9A-Za-z.]+)?)`},
		// PyTorch's release branch a run built or failed on: "the validation job on
		// `release/2.13` fails" (pytorch/test-infra#8230); not a minor's line ("release/2.5.x")
		// nor a path under it, nor the branch a change goes to or comes from (a title's
		// "[release/2.13]" tag, a cherry-pick's: branchTarget), nor a branch a command or an
		// option picks on a line without torch ("--branch release/2.4", "git push origin
		// release/2.2": pickReleaseBranch).
		{name: "release-branch", what: "release branch", literal: "release/2.", anchors: []string{"release/2."}, rank: rankProse, pick: pickReleaseBranch,
			shape: `(?:^|[^\w/.-])release/(2\.\d{1,2})(?:$|[^\w./-])`},
		// the release tag of PyTorch's tracker issues' titles: "[release 2.11][triton] trunk /
		// linux-jammy-rocm-py3.10 / test failures" (holdoutBJ's pytorch#174313, measured
		// before); not "release 2.11" in prose.
		{name: "release-tag", what: "release branch", literal: "[release 2.", anchors: []string{"[release 2."}, rank: rankProse,
			shape: `\[release (2\.\d{1,2})\]`},
		// a build from source named in prose: "2.2.0a0+git8ac9b20".
		{name: "source-build", what: "source build", literal: "a0+git", anchors: []string{"a0+git"}, rank: rankProse,
			shape: `\b(2\.\d{1,2}\.\d+a0\+git[0-9a-f]{6,})\b`},
		// prose that says the run moved to a release, which outranks the releases it moved
		// from; the environment a text ends with ("Final env: torch 2.10.0", finalEnv). Past tense only: "upgrade to torch 2.6" is advice. A move back is read only
		// where the run's failure or output follows it ("I downgraded to torch 2.5.1 and
		// get:"; otherRun's runDespiteWords), not where it fixed the failure.
		{name: "prose-moved-to", what: "prose", literal: "orch", anchors: []string{"torch ", "Torch "}, rank: rankProseMove,
			shape: `(?i)\b(?:(?:upgraded|updated|switched|moved|bumped|migrated|downgraded|reverted|rolled\s+back|went\s+back)\s+(?:\S+\s+){0,3}?to|` +
				`after\s+(?:upgrading|updating|switching|moving|bumping|migrating|downgrading|reverting|rolling\s+back|going\s+back)\s+(?:\S+\s+){0,3}?to|` +
				`(?:gave|got)\s+me|installed|now\s+(?:on|using|running|at)|ended\s+up\s+(?:on|with|using|running)|` + finalEnv + `)\s+` +
				`(?:(?:the\s+)?(?:latest|newest|new|nightly)\s+)?(?:py)?torch\s*v?` + ver + `\b`},
		// keys whose value is on the next line: torch.__version__ (the REPL prints it on
		// the line after), pip show's "Name: torch" then "Version: 2.5.1", and a version
		// key alone on its line (an issue form's field as GitHub's page shows it, a
		// markdown key, an HTML row split after its key cell).
		{name: "next-version-attr", what: whatVersionAttr, anchors: []string{"__version__", "__ version", "torch. __"}, rank: rankTorch, next: true,
			shape: versionAttrSpaced, gate: echoesVersionAttr},
		{name: "next-pip-show", what: whatVersionAttr, anchors: []string{"Name: torch"}, rank: rankTorch, next: true,
			shape: `(?:^|[^\w.])Name:\s*torch[\s|*\x60'"}]*$`, gate: func(b []byte) bool { return bytes.Contains(b, []byte("Name:")) }},
		// pip show's output filtered to its version line: "pip show torch | grep Version"
		// then "Version: 2.5.1" (no "Name: torch" line before it; branch recallC's probe).
		{name: "next-pip-show-grep", what: whatVersionAttr, anchors: []string{"show torch"}, rank: rankTorch, next: true,
			shape: `(?i)\bpip3?\s+show\s+(?:py)?torch\s*\|\s*(?:grep|findstr|select-string)\b[^|]*\bversion\b[^|]*$`},
		{name: "next-version-key", what: "version report", anchors: []string{"orch version", "Torch version", "TORCH version", "orch Version", "torch:", "Torch:", "TORCH:", "torch :", "Torch :",
			"orch版本", "orch**版本", "orch 版本", "orch的版本"}, rank: rankPackage, next: true,
			shape: versionKeyShape,
			gate:  mayBeVersionKey, maxLen: maxKeyLine},
		// PyTorch's bug template's "### Versions" heading (.github/ISSUE_TEMPLATE/bug-report.yml,
		// whose field asks for collect_env's output), or bold "**Versions**", over a bare
		// release alone, the reporter's torch (pytorch/pytorch#119607: "### Versions" /
		// "2.2.0" / "trunk", issue 21's v36b R6); only such a release is read on the line
		// (versionsHeadingValue), not another package's.
		{name: "next-versions-heading", what: whatVersionsHeading, anchors: []string{"Versions"}, rank: rankPackage, next: true,
			shape: `^\s*(?:#{1,6}\s*[*_]{0,2}|[*_]{2})Versions[*_]{0,2}\s*:?\s*$`, maxLen: 40},
		// a lock file's package entry, the version on the line after the name: poetry.lock,
		// uv.lock and pdm.lock write [[package]] / name = "torch" / version = "2.6.0+cu124"
		// (astral-sh/uv#10693 quotes a uv.lock).
		{name: "next-lock-name", what: "lock file", anchors: []string{"name = \"torch\"", "name = \"pytorch\""}, rank: rankPackage, next: true,
			shape: `^name\s*=\s*"(?:py)?torch"\s*$`, gate: func(b []byte) bool { return bytes.HasPrefix(b, []byte("name")) }},
		// an NGC container tag whose torch NVIDIA states (ngcReleases); the tag is masked
		// so that "pytorch:24.05" is not read as a torch 24.05.
		{name: "ngc-tag", what: whatNGCImage, literal: "nvidia/pytorch:", anchors: []string{"nvidia/pytorch:"}, rank: rankPath,
			shape: `nvidia/pytorch:(\d\d\.\d\d)-py3`, releases: ngcReleases},
	}...)
	return append(append(append(append(append(append(append(append(append(rows, toolRows()...), recallBRows()...), recallGRows()...), movedIntlRows()...), recallJRows()...), ngcRows()...), jointRows()...), bareRows()...), affectedRows()...)
}

// versionKeyShape is a key that names torch's release alone on its line, whose value a
// rendered form or table puts on the next one: "Pytorch Version" / "2.10.0+cu130",
// "**Torch version:**", "<tr><td>PyTorch version</td>", a report's "PyTorch:". Before
// it only markup and a log header (keyHead) may stand: "Minimum PyTorch version" is a
// requirement's key.
const versionKeyShape = `(?i)^` + keyHead + keyMarkup + `(?:(?:py)?torch[ _]?version[\s|*_\x60]*:?|(?:py)?torch[\s*_\x60]*:|` +
	// Chinese issue templates' key: "- 你使用的**Pytorch**版本: " with "- 2.1.0" on the next
	// line (Tongjilibo/bert4torch's template, holdoutCK)
	`(?:py)?torch[\s*_\x60]*(?:的\s*)?版本[\s|*_\x60]*[:：]?)` + keyMarkup + `$`

// compoundHead is a word that may join torch's name with a hyphen in prose and keep it
// torch's: a qualifier of the build ("bundled-torch-2.10+cu128", holdoutP's myvoice
// story 18.4: the stack "portable-python310 + bundled-torch-2.10+cu128"; "portable-",
// "system-", "stock-", "nightly-") or a Python or CUDA tag an environment's name puts
// first ("py311-torch-2.5.1", "cu124-torch-2.5.1"), or the environment's kind
// ("/opt/venv-torch-2.5.1/lib/…" in a traceback's paths, "conda-torch-2.5.1"; branch
// recallG's probe). Any other word before the hyphen
// names another package whose name ends in torch ("open-clip-torch-2.32.0",
// "rotary-embedding-torch-0.5.3", "denoising-diffusion-pytorch-2.1.1"), whose release
// is its own.
const compoundHead = `\b(?:bundled|portable|embedded|system|stock|vendored|prebuilt|pre-built|installed|upstream|` +
	`official|vanilla|nightly|stable|local|default|host|custom|current|py3\d{0,2}|python3\.?\d{0,2}|cu\d{2,3}|cuda\d+(?:\.\d+)?|rocm\d+(?:\.\d+)*|v?env|conda|mamba)`

// ptAnchors are the prefilter's anchors of prose-pt: "PT" or "pt", a space, a hyphen or
// nothing, then "2." and the minor's first digit where nothing stands between.
func ptAnchors() []string {
	out := []string{"PT 2.", "pt 2.", "PT-2.", "pt-2.", "Pt 2."}
	for d := '1'; d <= '9'; d++ {
		out = append(out, "PT2."+string(d), "pt2."+string(d), "Pt2."+string(d))
	}
	return out
}

// failAnchors are the prefilter's anchors of a release a compile feature or a bare
// sentence fails on, torch unnamed ("compile(…) broken in 2.5+", "worked in 2.0, broke
// in 2.1"): each fail word's tail before each preposition and "2.".
func failAnchors() []string {
	var out []string
	for _, w := range []string{"roken", "roke", "reaks", "ails", "ailed", "ailing", "rashes", "rashed", "rror", "rrors", "egressed", "ession",
		"work", "works", "orking", "run", "runs", "unning"} {
		for _, p := range []string{" in 2.", " on 2.", " with 2.", " since 2.", " after 2."} {
			out = append(out, w+p)
		}
	}
	return out
}

// failsWithAnchors are the prefilter's anchors of fails-with-bare-after: the end of a
// quoted message or an exception's name, then the preposition and the release.
func failsWithAnchors() []string {
	var out []string
	for _, w := range []string{"\"", "`", "'", "”", "rror", "xception", "ailure", "ailed", "ault"} {
		for _, p := range []string{" in 2.", " on 2.", " with 2.", " since 2.", " after 2.", " under 2."} {
			out = append(out, w+p)
		}
	}
	return out
}

// negatedRuns is a failure said as a negated "works" or "runs" before the release it
// names: "`torch.bmm`+`torch.compile` no longer works in 2.9, but worked in 2.8"
// (pytorch/pytorch#165892's title, holdoutCC), "doesn't work on 2.5", "is not working
// with 2.6", "no longer runs on 2.7". The release after it is the one that fails.
const negatedRuns = `(?:` + notEn + `|` + notEnBare + `)\s+(?:works?|working|runs?|running)\b`

// packageColumn is the column after a release in a package list's row: conda list's
// build and channel ("pypi_0    pypi", "py3.10_cuda12.1_cudnn8.9.2_0    pytorch",
// "cuda126_generic_py312_h1 conda-forge"), pip list -v's location and installer
// ("/usr/local/lib/python3.11/site-packages pip"), an editable project's path, a
// channel name alone; a word of prose is none, in a language written without spaces
// too: "torch 2.6 には問題がありませんでしたが、2.7 に…" (torch 2.6 had no problem, but
// after 2.7 …) is prose, whose digits came after its kana (fixrel31b: it had been read as
// a package list's 2.6).
const packageColumn = `(?:[^\s\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}]*[\d_/\\]\S*|pypi|pip|conda-forge|defaults|pytorch|nvidia|<pip>)(?:\s|$)`

// versionPattern is a releaseRow compiled: its literal as bytes, its shape as an
// expression compiled on first use (shared by rows with one shape) and its index in
// releaseRows.
type versionPattern struct {
	releaseRow
	lit      []byte
	compiled *lazyShape
	row      int
}

// lazyShape is a release row's shape compiled on its first use: on the first line
// that holds the row's literal (patternsOn, tags) or that a key's gate admits, not
// with the rest of the rows on the first line that names a release (the sample log's
// first answer in the web page compiled them all for two).
type lazyShape struct {
	_     [0]func() // not comparable: no equality function in the web page
	once  sync.Once
	shape string
	re    *regexp.Regexp
	// width is the most characters a match holds (patternWidth): on a long line re runs
	// within it of lit's occurrences (nearMatches).
	width int
	// gate is what every match of re holds (nil: nothing known): re is not run on a
	// text that lacks it (nearMatches).
	gate *gate
}

// get returns l compiled, compiling it on the first call (safe for concurrent use).
func (l *lazyShape) get() *lazyShape {
	l.once.Do(func() {
		l.re, l.width = regexp.MustCompile(l.shape), maxRowSpan
		if g := newGate(l.shape); g != nil {
			l.width = g.width
			if len(g.clauses) > 0 || len(g.alts) > 0 {
				l.gate = g
			}
		}
	})
	return l
}

// re returns p's shape compiled.
func (p versionPattern) re() *regexp.Regexp { return p.compiled.get().re }

// releasePatterns are releaseRows built once (each shape compiled once, on its first
// use: lazyShape), split into the rows read on the line (patterns), the keys whose
// value is on the next line (keys) and the container tags (tags): a finder only reads
// them (a *regexp.Regexp is safe for concurrent use), and compiling them per scan cost
// each Diagnose call about 1.3 ms and 560 KB.
type releasePatterns struct {
	patterns, keys, tags []versionPattern
}

// compiledReleaseRowsValue is releaseRows compiled, built once on first use
// (compiledReleaseRows) from the constant rows and only read after: no mutable state
// (each row's lazyShape compiles under its own sync.Once).
var (
	compiledReleaseRowsOnce  sync.Once
	compiledReleaseRowsValue releasePatterns
)

func compiledReleaseRows() releasePatterns {
	compiledReleaseRowsOnce.Do(func() { compiledReleaseRowsValue = newCompiledReleaseRows() })
	return compiledReleaseRowsValue
}

// newCompiledReleaseRows builds [compiledReleaseRows]'s value.
func newCompiledReleaseRows() releasePatterns {
	var out releasePatterns
	shared := map[string]*lazyShape{}
	for i, r := range releaseRows() {
		l := shared[r.shape]
		if l == nil {
			l = &lazyShape{shape: r.shape}
			shared[r.shape] = l
		}
		p := versionPattern{releaseRow: r, lit: []byte(r.literal), compiled: l, row: i}
		switch {
		case r.next:
			out.keys = append(out.keys, p)
		case r.releases != nil:
			out.tags = append(out.tags, p)
		default:
			out.patterns = append(out.patterns, p)
		}
	}
	return out
}

// versionAnchors are the prefilter's anchors for releaseRows: every row's.
func versionAnchors() []string {
	out := append(append(append(append(append(notebookAnchors(), tableAnchors()...), sourceAnchors()...), refusedAnchors()...), fixAnchors()...), fixedEnvAnchors()...)
	seen := map[string]bool{}
	for _, r := range releaseRows() {
		for _, a := range r.anchors {
			if !seen[a] {
				seen[a] = true
				out = append(out, a)
			}
		}
	}
	return out
}

// imageName is a container image's name that a joint key's shape would take for one
// ("pytorch/pytorch:2.5.1-cuda12.4-cudnn9-devel").
var imageName = &lazyregexp.Regexp{Expr: `(?i)^(?:py)?torch\s*/\s*(?:py)?torch\b`}

// pickJointKey takes a joint key's release unless the match is an image's name, which
// the path rows read at their rank, or torch is not the key's first name ("Python /
// PyTorch / CUDA: 3.10 / 2.1.0 / 12.1": the first value is Python's; jointRows read
// the value at torch's place).
func pickJointKey(_ *otherRuns, text []byte, m []int) (int, int, verdict) {
	if matchGated(imageName, text[m[0]:]) || matchGated(jointNameBefore, text[:m[0]]) {
		return 0, 0, skip
	}
	return m[2], m[3], take
}

// jointNameBefore is a joint key's name and slash right before torch's name.
var jointNameBefore = &lazyregexp.Regexp{Expr: jointName + `\s*/\s*` + keyMark + `$`}
