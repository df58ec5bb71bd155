package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// ngcReleases are NVIDIA's PyTorch container tags (nvcr.io/nvidia/pytorch:YY.MM-py3)
// and the torch each is built from, as NVIDIA states it, each row with where it is
// stated:
//
//   - "rel": the container's release notes ("PyTorch container image version 25.12 is
//     based on 2.10.0a0+b4e4ee81d3", docs.nvidia.com/deeplearning/frameworks/
//     pytorch-release-notes/rel-25-12.html);
//   - "banner": the container's own start-up banner, "NVIDIA Release 23.09 (build
//     69180607)" then "PyTorch Version 2.1.0a0+32f93b1", pasted after a "docker run …
//     nvcr.io/nvidia/pytorch:YY.MM-py3" in public logs (the search tool's code corpus;
//     its file ids are named where no repository was shown);
//   - "jetson": NVIDIA's PyTorch for Jetson release table (docs.nvidia.com/deeplearning/
//     frameworks/install-pytorch-jetson-platform-release-notes/), whose rows pair a torch
//     build with the framework container and wheel of the same month ("2.2.0a0+81ea7a4 |
//     23.12, 24.01 | 23.12, 24.01"), as a Jetson install guide copies it (code corpus
//     file 57453254569), and the wheels it links, whose names carry the month as a
//     local-version suffix (developer.download.nvidia.com/compute/redist/jp/v60dp/pytorch/
//     torch-2.2.0a0+6a974be.nv23.11-cp310-cp310-linux_aarch64.whl; …/jp/v51/pytorch/
//     torch-1.14.0a0+44dac51c.nv23.01-…whl; …/jp/v511/pytorch/torch-2.0.0+nv23.05-…whl);
//   - "megatron-cn": a Megatron Core guide's table of nvcr.io/nvidia/pytorch:24.02-py3 to
//     24.10-py3 and their torch, "taken from NVIDIA's site" (rel-24-10.html; code corpus
//     file 13148618456);
//   - "triton": NVIDIA's Triton Inference Server compatibility matrix (docs.nvidia.com/
//     deeplearning/triton-inference-server/user-guide/docs/introduction/
//     compatibility.html, with its archived copies for 2.53.0 and 2.54.0), whose
//     trtllm-python-py3 rows name the torch of the PyTorch container they were taken
//     from by its suffix ("2.4.0a0+07cecf4168.nv24.5");
//   - "env": the container's environment dumped, NVIDIA_PYTORCH_VERSION beside
//     PYTORCH_BUILD_VERSION (a docker history's "ENV PYTORCH_BUILD_VERSION=2.9.0a0+145a3a7
//     … NVIDIA_PYTORCH_VERSION=25.10", code corpus 66000781593; vLLM's collect_env
//     "PYTORCH_BUILD_VERSION=2.1.0a0+32f93b1 … NVIDIA_PYTORCH_VERSION=23.10",
//     16983329648), or torch.__version__ printed inside it
//     ("singularity exec pytorch_25.08-py3.sif python -c 'import torch; print(torch.__version__)'"
//     then 2.8.0a0+34c6371d24.nv25.08, 61415356879; "nvcr.io/nvidia/pytorch:25.11-py3 …
//     torch 2.10.0a0+b558c986e8.nv25.11", 67086094405).
//
// The values keep the release and its pre-release tag only (the web page's byte
// budget); each row's comment gives the build as its source states it.
//
// A tag no source names (22.02, 22.08, 25.07, 26.01, 26.02, 26.04–26.06, 26.08 on) is
// not guessed from its neighbours: it states no release. The 22.xx tags state a release
// older than 2.0, which blocks weaker phrasings as any such release does; 22.12, 23.01
// and 23.02 are the 1.14 line, 2.0's development builds (twoZeroLine).
var ngcReleases = map[string]string{
	"22.01": "1.11.0a0", // 1.11.0a0+bfe5ad28; jetson (wheel 22.01)
	"22.03": "1.12.0a0", // 1.12.0a0+2c916ef; jetson (wheel)
	"22.04": "1.12.0a0", // 1.12.0a0+bd13bc66; jetson (wheel)
	"22.05": "1.12.0a0", // 1.12.0a0+8a1a93a9; jetson (container and wheel)
	"22.06": "1.13.0a0", // 1.13.0a0+340c412; jetson (container and wheel)
	"22.07": "1.13.0a0", // 1.13.0a0+08820cb; jetson (container and wheel)
	"22.09": "1.13.0a0", // 1.13.0a0+d0d6b1f; jetson (wheel 22.09, 22.10)
	"22.10": "1.13.0a0", // 1.13.0a0+d0d6b1f; jetson
	"22.11": "1.13.0a0", // 1.13.0a0+936e930; jetson (wheel)
	"22.12": "1.14.0a0", // 1.14.0a0+410ce96; banner "NVIDIA Release 22.12 (build 49968248) / PyTorch Version 1.14.0a0+410ce96" (19878368445, 57175615875)
	"23.01": "1.14.0a0", // 1.14.0a0+44dac51c; jetson (wheel nv23.01)
	"23.02": "1.14.0a0", // 1.14.0a0+44dac51c; jetson (wheel nv23.02)
	"23.03": "2.0.0a0",  // 2.0.0a0+8aa34602; jetson (wheel nv23.03)
	"23.04": "2.1.0a0",  // 2.1.0a0+fe05266f; Megatron-LM tools/retro README ("nvcr.io/nvidia/pytorch:23.04-py3 … PyTorch 2.1.0a0+fe05266f", 876869255); the Jetson wheel of this commit says 2.0.0a0
	"23.05": "2.0.0",    // 2.0.0; jetson (wheel torch-2.0.0+nv23.05)
	"23.06": "2.1.0a0",  // 2.1.0a0+41361538; jetson (wheel nv23.06)
	"23.07": "2.1.0a0",  // 2.1.0a0+b5021ba; banner "NVIDIA Release 23.07 (build 63867923) / PyTorch Version 2.1.0a0+b5021ba" (1977443566)
	"23.08": "2.1.0a0",  // 2.1.0a0+29c30b1; vllm-project/vllm issue "docker image based nvcr.io/nvidia/pytorch:23.08-py3 … pytorch 2.1.0a0+29c30b1" (30750500477)
	"23.09": "2.1.0a0",  // 2.1.0a0+32f93b1; banner "NVIDIA Release 23.09 (build 69180607) / PyTorch Version 2.1.0a0+32f93b1" (30054071720)
	"23.10": "2.1.0a0",  // 2.1.0a0+32f93b1; env (16983329648)
	"23.11": "2.2.0a0",  // 2.2.0a0+6a974bec; jetson (container and wheel); env NVIDIA_PYTORCH_VERSION '23.11' beside PYTORCH_VERSION '2.2.0a0+6a974be' (53121279627)
	"23.12": "2.2.0a0",  // 2.2.0a0+81ea7a4; jetson (container 23.12, 24.01)
	"24.01": "2.2.0a0",  // 2.2.0a0+81ea7a4; jetson; wheel nv24.01
	"24.02": "2.3.0a0",  // 2.3.0a0+ebedce2; jetson; megatron-cn
	"24.03": "2.3.0a0",  // 2.3.0a0+40ec155e58; jetson; megatron-cn; triton (nv24.3)
	"24.04": "2.3.0a0",  // 2.3.0a0+6ddf5cf85e; jetson; megatron-cn
	"24.05": "2.4.0a0",  // 2.4.0a0+07cecf4168; jetson; megatron-cn; triton (nv24.5)
	"24.06": "2.4.0a0",  // 2.4.0a0+f70bd71a48; jetson; megatron-cn
	"24.07": "2.4.0a0",  // 2.4.0a0+3bcc3cddb5; jetson; megatron-cn; triton (nv24.7)
	"24.08": "2.5.0a0",  // 2.5.0a0+872d972e41; jetson; megatron-cn; wheel nv24.08
	"24.09": "2.5.0a0",  // 2.5.0a0+b465a5843b; jetson; megatron-cn
	"24.10": "2.5.0a0",  // 2.5.0a0+e000cf0ad9; jetson; megatron-cn; triton (nv24.10)
	"24.11": "2.6.0a0",  // 2.6.0a0+df5bbc09d1; jetson; triton (nv24.11)
	"24.12": "2.6.0a0",  // 2.6.0a0+df5bbc09d1; jetson
	"25.01": "2.6.0a0",  // 2.6.0a0+ecf3bae40a; jetson; triton (nv25.1)
	"25.02": "2.7.0a0",  // 2.7.0a0+6c54963f75; jetson
	"25.03": "2.7.0a0",  // 2.7.0a0+7c8ec84dab; jetson
	"25.04": "2.7.0a0",  // 2.7.0a0+79aa17489c; jetson; triton (nv25.4)
	"25.05": "2.8.0a0",  // 2.8.0a0+5228986c39; jetson; triton (nv25.5)
	"25.06": "2.8.0a0",  // 2.8.0a0+5228986c39; jetson; triton (nv25.6)
	"25.08": "2.8.0a0",  // 2.8.0a0+34c6371d24; env (torch.__version__ in pytorch_25.08-py3.sif, 61415356879)
	"25.09": "2.9.0a0",  // 2.9.0a0+50eac81; banner "NVIDIA Release 25.09 (build 210907838) / PyTorch Version 2.9.0a0+50eac81" (15061462311)
	"25.10": "2.9.0a0",  // 2.9.0a0+145a3a7bda; env (66000781593); triton (nv25.10)
	"25.11": "2.10.0a0", // 2.10.0a0+b558c986e8; env (67086094405)
	"25.12": "2.10.0a0", // 2.10.0a0+b4e4ee81d3; rel-25-12
	"26.03": "2.11.0a0", // 2.11.0a0+a6c236b; banner "NVIDIA Release 26.03 (build 286725636) / PyTorch Version 2.11.0a0+a6c236b" (66134426634)
	"26.07": "2.13.0a0", // 2.13.0a0+9186a08; env (a docker history's "ENV PYTORCH_BUILD_VERSION=2.13.0a0+9186a08 … NVIDIA_PYTORCH_VERSION=26.07", 65919298071)
}

// ngcMonthRE is an NGC container's YY.MM, the shapes' first group: a year from 2017
// on, a month 01–12; ngcMonth is one with nothing numeric after it (23.11 is no prefix
// of 23.11.1).
const (
	ngcMonthRE = `((?:1[7-9]|2\d)\.(?:0[1-9]|1[0-2]))`
	ngcMonth   = ngcMonthRE + `(?:[^.\d]|\.\D|\.?$)`
)

// ngcRows are the other ways people name an NGC PyTorch container than its image
// reference (ngc-tag), each mapped through ngcReleases (branch recallC, 2026-12-03;
// holdoutW's "Image: nvcr.io/nvidia/pytorch:23.11-py3", whose tag the table lacked):
//
//   - the image without its registry, or as a file or directory: "pytorch:24.05-py3",
//     Apptainer's "pytorch_25.08-py3.sif", TWCC's "pytorch-22.02-py3", enroot's
//     "pytorch-ngc-22.12"; the "-py3" or "ngc" is NVIDIA's, no other image of torch has
//     it (pytorch/pytorch's tags are "2.5.1-cuda12.4-cudnn9-runtime");
//   - the container's environment: NVIDIA_PYTORCH_VERSION=YY.MM alone on its line (an
//     env dump, docker inspect's "Env"), in a Dockerfile's ENV or ARG (docker history)
//     or copied into os.environ (the minifier's repro copies the run's environment); not
//     after "export" or before a command on its line, where a script sets it outside the
//     container to steer a library (allenai/OLMo's conda scripts "export
//     NVIDIA_PYTORCH_VERSION=24.03");
//   - the banner's "NVIDIA Release 25.09" after PyTorch's name on its line ("| PyTorch |
//     NVIDIA Release 25.09 |", "PyTorch: NVIDIA Release 25.09"; an MLPerf system
//     description's "PyTorch NVIDIA Release 26.04"): vLLM's and Triton's containers print
//     the same banner under their own names;
//   - prose: "NGC 24.05", "NGC PyTorch 24.05", "NVIDIA PyTorch 24.05", "PyTorch NGC 24.05",
//     "PyTorch container 24.05", "the 24.05 PyTorch container", "24.05 NGC container"
//     (prose's other-run checks apply: "works on NGC 24.05" is another run's), on a line
//     that names no other NGC container (ngcOtherProduct: NGC's TensorFlow, NeMo, Triton,
//     vLLM … 24.05 ship other builds); its anchors are NGC's name before the month or a
//     container word, as a line that names PyTorch before a space ("NVIDIA PyTorch
//     24.05", "the 24.05 PyTorch container") holds "torch " already (package-list's).
func ngcRows() []releaseRow {
	return []releaseRow{
		{name: "ngc-image-short", what: whatNGCImage, literal: "ytorch", gate: ngcImageGate, anchors: []string{"pytorch:2", "pytorch_2", "pytorch-2", "pytorch-ngc-"}, rank: rankPath,
			shape: `(?i)(?:^|[^\w./-])pytorch(?:[:_-]|-ngc-)` + ngcMonthRE + `(?:-py3\b|[^\w.-]|$)`, releases: ngcReleases},
		{name: "ngc-env", what: whatNGCImage, literal: "NVIDIA_PYTORCH_VERSION", anchors: []string{"NVIDIA_PYTORCH_VERSION"}, rank: rankPath,
			shape: `(?:^\s*["']?|\b(?:ENV|ARG)\s(?:.*\s)?|environ\[\s*["'])NVIDIA_PYTORCH_VERSION(?:["']\s*\])?\s*[=:]\s*["']?` + ngcMonthTail, releases: ngcReleases},
		{name: "ngc-banner", what: whatNGCImage, literal: "NVIDIA Release", anchors: []string{"NVIDIA Release"}, rank: rankPath,
			shape: `(?i)\bpytorch\b[\s*_|:\x60-]{0,8}(?:version[\s*_|:\x60-]{0,6})?NVIDIA\s+Release\s+` + ngcMonth, releases: ngcReleases},
		{name: "ngc-prose", what: "prose", literal: "", anchors: []string{"NGC 2", "NGC c", "NGC C", "NGC d", "ngc 2", "NGC-2"}, rank: rankProse,
			shape: ngcProse, releases: ngcReleases, gate: ngcProseGate},
	}
}

// ngcMonthTail is ngcMonth where the value must end the line or be followed by another
// variable (an env dump on one line) or a closing quote.
const ngcMonthTail = ngcMonthRE + `["']?(?:\s*[\],;]?\s*$|\s+[A-Z][A-Z0-9_]*=)`

// ngcProse is the prose of ngcRows: NGC's name or NVIDIA's PyTorch before the month
// ("NGC 24.05", "NVIDIA PyTorch container 24.05"), PyTorch's NGC, container or image
// before it ("PyTorch NGC 24.05", "PyTorch container 24.05"), or the month alone before a
// PyTorch or NGC container or image ("the 24.05 PyTorch container"), which
// ngcProseTaken requires of a month the first two do not name.
const ngcProse = `(?i)(?:` +
	`\b(?:NGC|NVIDIA(?:['’]s)?(?:\s+NGC)?\s+PyTorch)(?:\s+(?:PyTorch|NGC|docker|container|image))*(?:\s+(?:version|tag|release))?(?:\s*:\s*|\s+)v?` +
	`|\bPyTorch\s+(?:NGC|container|image|docker\s+(?:container|image))(?:\s+(?:container|image))?(?:\s+(?:version|tag|release))?(?:\s*:\s*|\s+)v?` +
	`|\b)` + ngcMonth

// ngcOtherProduct names another NGC container whose YY.MM tags ship other builds
// than the PyTorch container's of the month.
var ngcOtherProduct = &lazyregexp.Regexp{Expr: `(?i)\b(?:tensorflow|tf[12]?|nemo|triton(?:server)?|tritonserver|vllm|sglang|tensorrt[-_ ]?llm|trt[-_ ]?llm|jax|paxml|mxnet|paddle\w*|dgl|pyg|modulus|merlin|rapids|dali|riva|clara|cuda[-_ ]?dl|hpc[-_ ]?sdk|nvhpc)\b`}

// ngcContainerAfter is the text after a month that names a PyTorch or NGC container or
// image: "24.05 PyTorch container", "23.11-py3 NGC image", "24.05 NGC PyTorch container".
var ngcContainerAfter = &lazyregexp.Regexp{Expr: `(?i)^(?:-py3)?\s+(?:NGC(?:\s+PyTorch)?|(?:NVIDIA(?:['’]s)?\s+)?PyTorch(?:\s+NGC)?)\s+(?:docker\s+)?(?:containers?|images?)\b`}

// ngcProseGate admits a line the prose row may match: a release's digits and a word
// of NGC, NVIDIA, a container or an image.
func ngcProseGate(text []byte) bool {
	if !hasRelease(text) {
		return false
	}
	low := bytes.ToLower(text)
	return bytes.Contains(low, []byte("ngc")) || bytes.Contains(low, []byte("nvidia")) || bytes.Contains(low, []byte("container")) || bytes.Contains(low, []byte("image"))
}

// ngcProseTaken reports whether a prose row's month at m (a match of ngcProse on text)
// is the run's container: stated with NGC's or PyTorch's name, before it or, for a month
// alone, after it as a PyTorch or NGC container or image (ngcContainerAfter); on a line
// that names no other NGC container; not another run's by prose's checks nor a
// requirement.
func ngcProseTaken(o *otherRuns, p versionPattern, text []byte, m []int) bool {
	return (m[2] > m[0] || matchGated(ngcContainerAfter, text[m[3]:])) && !matchGated(ngcOtherProduct, text) && !notTheRuns(o, p, text, m[2], m[3]) && !requirement(text[:m[0]])
}

// ngcImageGate admits a line where "pytorch" is followed by ':', '_' or '-' and a
// digit or "ngc-": the image rows' regular expression is not run on every line that
// names pytorch.
func ngcImageGate(text []byte) bool {
	for rest := text; ; {
		i := bytes.Index(rest, []byte("ytorch"))
		if i < 0 {
			return false
		}
		rest = rest[i+len("ytorch"):]
		if len(rest) > 1 && (rest[0] == ':' || rest[0] == '_' || rest[0] == '-') && (isDigit(rest[1]) || bytes.HasPrefix(rest[1:], []byte("ngc-"))) {
			return true
		}
	}
}
