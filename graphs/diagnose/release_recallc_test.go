package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRecallCReleases: the release classes of branch recallC (2026-12-03), each read
// through Read above a message so that the prefilter's anchors are tested too: NVIDIA's
// PyTorch containers named every way (holdoutW's "Image: nvcr.io/nvidia/pytorch:23.11-py3",
// whose tag the table lacked), with the siblings that must read nothing. Each case
// marked new failed before its fix.
func TestRecallCReleases(t *testing.T) {
	t.Parallel()
	for _, tt := range recallCCases {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := Read(strings.NewReader(tt.text + "\nRuntimeError: CUDA error: capturing stream has unjoined work\n"))
			require.NoError(t, err)
			require.Equal(t, tt.want, d.Torch, "%q (%s)", tt.text, tt.reason)
		})
	}
}

var recallCCases = []struct{ name, text, want, reason string }{
	// every NGC tag a source names (ngcReleases), through the image reference
	{"ngc-2311", "#   Image: nvcr.io/nvidia/pytorch:23.11-py3", "2.2", "new: holdoutW's alpha0422 scripts"},
	{"ngc-2212", "FROM nvcr.io/nvidia/pytorch:22.12-py3", "1.14", "new: 1.14.0a0+410ce96, the 1.14 line"},
	{"ngc-2207", "FROM nvcr.io/nvidia/pytorch:22.07-py3", "", "new: 1.13.0a0, older than 2.0: no release, weaker phrasings blocked"},
	{"ngc-2207-blocks", "FROM nvcr.io/nvidia/pytorch:22.07-py3\nit fails with torch 2.1", "", "new: the container's 1.13 blocks prose"},
	{"ngc-2307", "docker run --gpus all -it nvcr.io/nvidia/pytorch:23.07-py3", "2.1", "new"},
	{"ngc-2308", "- docker image based nvcr.io/nvidia/pytorch:23.08-py3", "2.1", "new"},
	{"ngc-2312", "FROM nvcr.io/nvidia/pytorch:23.12-py3", "2.2", "new"},
	{"ngc-2402", "FROM nvcr.io/nvidia/pytorch:24.02-py3", "2.3", "new"},
	{"ngc-2406", "FROM nvcr.io/nvidia/pytorch:24.06-py3", "2.4", "new"},
	{"ngc-2409", "FROM nvcr.io/nvidia/pytorch:24.09-py3", "2.5", "new"},
	{"ngc-2412", "FROM nvcr.io/nvidia/pytorch:24.12-py3", "2.6", "new"},
	{"ngc-2502", "FROM nvcr.io/nvidia/pytorch:25.02-py3", "2.7", "new"},
	{"ngc-2508", "FROM nvcr.io/nvidia/pytorch:25.08-py3", "2.8", "new"},
	{"ngc-2509", "FROM nvcr.io/nvidia/pytorch:25.09-py3", "2.9", "new"},
	{"ngc-2511", "FROM nvcr.io/nvidia/pytorch:25.11-py3", "2.10", "new"},
	{"ngc-2603", "FROM nvcr.io/nvidia/pytorch:26.03-py3", "2.11", "new"},
	{"ngc-2607", "FROM nvcr.io/nvidia/pytorch:26.07-py3", "2.13", "new"},
	{"ngc-2507-unknown", "FROM nvcr.io/nvidia/pytorch:25.07-py3", "", "no source read names 25.07's torch"},
	{"ngc-2601-unknown", "FROM nvcr.io/nvidia/pytorch:26.01-py3", "", "nor 26.01's"},
	{"ngc-igpu", "nvcr.io/nvidia/pytorch:24.05-py3-igpu", "2.4", "the iGPU variant of the tag"},
	// the image without its registry, as a file or a directory
	{"short-tag", "docker pull pytorch:24.05-py3", "2.4", "new"},
	{"sif", "singularity exec pytorch_25.08-py3.sif python train.py", "2.8", "new: Apptainer's image file"},
	{"twcc-name", "- [pytorch-24.02-py3](https://docs.nvidia.com/deeplearning/frameworks/pytorch-release-notes/rel-24-02.html)", "2.3", "new"},
	{"enroot", "kinghorn@trp64:~$ enroot start --rw pytorch-ngc-24.01", "2.2", "new: enroot's container name"},
	{"official-image", "FROM pytorch/pytorch:2.5.1-cuda12.4-cudnn9-runtime", "2.5", "pytorch/pytorch's tag, read as before"},
	{"compound-not-ngc", "pip install pytorch-2.5.1", "2.5", "a compound's release (recallB), no container's"},
	// the container's environment
	{"env-dump", "    NVIDIA_PYTORCH_VERSION=23.10", "2.1", "new: vLLM's collect_env lists the environment"},
	{"env-docker-history", "ENV PYTORCH_BUILD_VERSION=2.9.0a0+145a3a7 PYTORCH_VERSION=2.9.0a0+145a3a7 PYTORCH_BUILD_NUMBER=0 NVIDIA_PYTORCH_VERSION=25.10", "2.9", "read before by the key rows"},
	{"env-arg", "ARG NVIDIA_PYTORCH_VERSION=26.07", "2.13", "new"},
	{"env-environ", "os.environ['NVIDIA_PYTORCH_VERSION'] = '23.11'", "2.2", "new: the minifier's repro copies the environment"},
	{"env-inspect", `        "NVIDIA_PYTORCH_VERSION=24.05",`, "2.4", "new: docker inspect's Env list"},
	{"env-export", "export NVIDIA_PYTORCH_VERSION=24.03", "", "a script sets it outside the container (allenai/OLMo's conda scripts)"},
	{"env-command", "CUDA_VISIBLE_DEVICES=0 NVIDIA_PYTORCH_VERSION=25.06 python study/nondeterminism_probe.py", "", "set for one command"},
	{"env-empty", `export NVIDIA_PYTORCH_VERSION=""`, "", "emptied"},
	// the banner's release after PyTorch's name
	{"banner-table", "| PyTorch | NVIDIA Release 25.09 |", "2.9", "new: an MLPerf system table"},
	{"banner-key", "PyTorch:     NVIDIA Release 25.09", "2.9", "new"},
	{"banner-prose", "- **Framework**: PyTorch NVIDIA Release 24.09; NeMo Framework NVIDIA Release 24.09", "2.5", "new"},
	{"banner-vllm", "NVIDIA Release 26.01 (build 257596323)\nvLLM Version 0.13.0+faa43dbf", "", "vLLM's container prints the same banner"},
	{"banner-version", "NVIDIA Release 23.07 (build 63867923)\nPyTorch Version 2.1.0a0+b5021ba", "2.1", "the banner's next line, read before"},
	// prose
	{"prose-ngc", "Using NGC 24.05 on an H100", "2.4", "new"},
	{"prose-ngc-pytorch", "NGC PyTorch 24.05 container", "2.4", "new"},
	{"prose-nvidia-pytorch", "NVIDIA PyTorch 24.05", "2.4", "new"},
	{"prose-nvidias", "NVIDIA's PyTorch 23.11 image", "2.2", "new"},
	{"prose-pytorch-ngc", "PyTorch NGC 24.05", "2.4", "new"},
	{"prose-pytorch-container", "PyTorch container version 24.05", "2.4", "new"},
	{"prose-month-first", "Running in the 24.05 PyTorch container", "2.4", "new"},
	{"prose-tested", "Tested in the 24.05 PyTorch container", "", "a release tested is another run's in prose (release_other.go), a container too"},
	{"prose-month-ngc-container", "the 24.05 NGC container crashes", "2.4", "new"},
	{"prose-modal", "**Contexte** : premier test Modal, A100 80 GB, image NGC 24.10 **avec** `add_python=\"3.11\"`.", "2.5", "new: holdoutI1's dsai2026 run log"},
	{"prose-works", "it works on NGC 24.05", "", "another run's by prose's checks"},
	{"prose-requires", "requires NGC 24.05 or later", "", "a bound"},
	{"prose-tensorflow", "NGC TensorFlow 24.05", "", "another NGC container"},
	{"prose-nemo", "NGC 24.05 NeMo container", "", "another NGC container on the line"},
	{"prose-nemo-first", "NeMo container 24.05", "", "NeMo's, no PyTorch or NGC named"},
	{"prose-ubuntu", "Ubuntu 22.04 image", "", "Ubuntu's YY.MM"},
	{"prose-ubuntu-pytorch", "Ubuntu 22.04 with PyTorch 2.1", "2.1", "torch's own release"},
	{"prose-month-alone", "we met on 24.05 at noon", "", "a month alone"},
	// two builds of the run named together: the release over the nightly (release_builds.go)
	{"builds-ngc-nightly", "validated across two torch builds (NGC 2.10.0a0 and pip nightly 2.12.0.dev20260408). Baseline", "2.10", "new: holdoutS's chimeraforge tr126"},
	{"builds-both", "It crashes on both 2.5.1 and the nightly 2.6.0.dev20241112", "2.5", "new"},
	{"builds-nightly-first", "crashes with torch 2.6.0.dev20241112 and 2.5.1", "2.5", "new: the release after the nightly"},
	{"builds-parenthesised", "on stable (2.5.1) and nightly (2.6.0.dev20241112)", "2.5", "new"},
	{"builds-bare-channel", "Reproduces on torch 2.10 and 2.12 nightly", "2.10", "read before: a bare release beside the channel"},
	{"builds-nightly-alone", "It fails on 2.6.0.dev20241112", "2.6", "a nightly alone is the run's"},
	{"builds-tested", "tested on 2.5.1 and 2.6.0.dev20241112", "", "both tested: the list shares the verdict"},
	{"builds-worked-then", "It worked on 2.5.1 but the nightly 2.6.0.dev20241112 crashes", "2.6", "the release that worked is another run's; no list"},
	{"builds-cuda", "Python 3.11 and torch 2.6.0.dev20241112 crash", "2.6", "Python's release is no torch's"},
	{"builds-triton-after", "torch 2.6.0.dev20241112, triton 3.1.0", "2.6", "another package's release after the nightly"},
	// a release named as what another tool or package acts on (otherRunTarget)
	{"target-rejects", "One thing it cannot work around: nvcc 13.x rejects torch 2.9's ``ATen/core/List_inl.h`` under C++17", "", "new: holdoutW's mstar install guide"},
	{"target-toolchain-rejects", "the CUDA 12.8 toolchain rejects torch 2.9 headers", "", "new"},
	{"target-msvc", "MSVC rejects torch 2.7's c10 headers", "", "new"},
	{"target-built-against", "flash-attn was built against torch 2.3", "", "new: a build's target"},
	{"target-built-for", "xformers 0.0.28 is built for torch 2.5.1", "", "new"},
	{"target-wheels-for", "flash-attn wheels for torch 2.5", "", "new"},
	{"target-prebuilt-wheels", "prebuilt wheels for torch 2.5 and CUDA 12.4", "", "new"},
	{"target-pins", "vLLM 0.6 pins torch 2.4.0", "", "new"},
	{"target-pins-pin", "vLLM 0.6.3 pins torch==2.4.0", "", "new: a pin after another package's pins"},
	{"target-incompatible", "flash-attn is incompatible with torch 2.6", "", "new"},
	{"target-ships-with", "Triton 3.2 ships with torch 2.6", "", "new"},
	{"target-matches", "torchvision 0.20 matches torch 2.5", "", "new"},
	{"target-requires", "xformers requires torch>=2.4", "", "a bound, as before"},
	{"target-you-have", "vllm 0.6.3 requires torch==2.4.0, but you have torch 2.5.1 which is incompatible.", "2.5", "pip's conflict, as before"},
	{"target-own-fails", "torch 2.9's ATen headers do not compile with nvcc 13", "2.9", "a failure said of the release: the run's"},
	{"target-fails-to-compile", "gcc 14 fails to compile torch 2.9's headers", "2.9", "a build failure on the run's release"},
	{"target-pinned", "I pinned torch 2.4.0 and it fails", "2.4", "the writer's own pin"},
	{"target-built-with", "the image was built with torch 2.4 and compile crashes", "2.4", "the writer's image"},
	{"target-my-incompatible", "my torch 2.6 is incompatible with flash-attn", "2.6", "the writer's torch, named first"},
	// probes of fresh phrasings (branch recallC's fourth class)
	{"local-tag-installed", "I have 2.5.1+cu124 installed", "2.5", "new: torch's local build tag, torch unnamed"},
	{"local-tag-key", "Installed: 2.5.1+cu124", "2.5", "new"},
	{"local-tag-rocm", "ROCm build 2.5.0+rocm6.2 crashes", "2.5", "new"},
	{"local-tag-cpu", "It fails with 2.5.1+cpu.", "2.5", "new"},
	{"local-tag-torchvision", "torchvision 0.20.1+cu124", "", "torchvision's 0.x"},
	{"local-tag-flash-attn", "flash_attn 2.7.4.post1+cu12torch2.5cxx11abiFALSE", "", "flash-attn's wheel tag is no torch build"},
	{"local-tag-works", "works fine on 2.5.1+cu124", "", "another run's"},
	{"ko-transliterated-key", "파이토치 버전: 2.5.1", "2.5", "new: PyTorch transliterated in Korean"},
	{"ko-transliterated-torch", "토치 버전 2.5.1", "2.5", "new"},
	{"matrix-one", "matrix:\n  torch-version: ['2.5.1']", "2.5", "new: a CI matrix's one release"},
	{"matrix-several", "pytorch-version: [2.4.1, 2.5.1]", "", "new: several releases a matrix runs on state no run (read 2.4 before)"},
	{"runpod-squeezed", "FROM runpod/pytorch:0.7.0-dev-cu1241-torch240-ubuntu2204", "2.4", "new: RunPod's squeezed tag"},
	{"runpod-2100", "image: runpod/pytorch:1.0.2-cu1281-torch2100-ubuntu2404", "2.10", "new: two digits of minor"},
	{"runpod-versioned", "FROM runpod/pytorch:2.4.0-py3.11-cuda12.4.1-devel-ubuntu22.04", "2.4", "read before"},
	{"rc-wheel", "when testing 2.6.0 RC wheel in a plain docker", "2.6", "new: holdoutY's pytorch#150442, a release candidate, torch unnamed"},
	{"rc-minor", "with the 2.6 RC", "2.6", "new"},
	{"rc-words", "Using the 2.6.0 release candidate", "2.6", "new"},
	{"rc-words-first", "release candidate 2.6.0", "2.6", "new"},
	{"rc-works", "it works with the 2.6 RC", "", "another run's"},
	{"rc-triton", "the triton 2.1.0 RC crashes", "", "Triton's RC"},
	{"rc-suffix", "torch==2.6.0rc1", "2.6", "read before"},
	{"underscore-joined", "conda activate torch_2.5.1 && python train.py", "2.5", "new: an environment's name"},
	{"underscore-module", "from my_torch_2 import x", "", "no release"},
	{"pip-show-grep", "$ pip show torch | grep Version\nVersion: 2.5.1", "2.5", "new: pip show filtered to its version line"},
	{"pip-show-grep-i", "pip3 show torch | grep -i version\nVersion: 2.6.0+cu124", "2.6", "new"},
	{"pip-show-other", "pip show triton | grep Version\nVersion: 3.1.0", "", "another package"},
	{"matrix-several-quoted", `torch-version: ["2.4.1", "2.5.1"]`, "", "likewise"},
}
