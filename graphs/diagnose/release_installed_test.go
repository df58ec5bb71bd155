package diagnose

import (
	"testing"
)

// TestInstalledReplaces: a base image's torch replaced by a later install of torch in
// the same Dockerfile or script, and the later of two installs of torch (branch
// fixrel27, release_installed.go). Each "fails on main" case read the image's or the
// first install's release before; the lookalikes keep theirs.
func TestInstalledReplaces(t *testing.T) {
	t.Parallel()
	const (
		dlc  = "FROM 763104351884.dkr.ecr.us-east-1.amazonaws.com/pytorch-inference:2.1.0-gpu-py310-cu118-ubuntu20.04-sagemaker\n"
		hub  = "FROM pytorch/pytorch:2.1.0-cuda11.8-cudnn8-runtime\n"
		ngc  = "FROM nvcr.io/nvidia/pytorch:24.01-py3\n"
		rocm = "FROM rocm/pytorch:rocm6.1_ubuntu22.04_py3.10_pytorch_2.1.2\n"
		pod  = "FROM runpod/pytorch:0.7.0-dev-cu1241-torch240-ubuntu2204\n"
	)
	tests := []releaseCase{
		// an install that names torch after the image: no release from the image (each failed on main)
		{"dlc-python-m-pip", dlc + "RUN python -m pip install torch torch-tensorrt tensorrt --extra-index-url https://download.pytorch.org/whl/cu118\n", ""},
		{"hub-pip-U", hub + "RUN pip install -U torch\n", ""},
		{"hub-pip-upgrade", hub + "RUN pip install --upgrade torch torchvision\n", ""},
		{"ngc-uv-pip", ngc + "RUN uv pip install --system torch\n", ""},
		{"rocm-conda", rocm + "RUN conda install -y pytorch torchvision -c pytorch\n", ""},
		{"runpod-pip3", pod + "RUN pip3 install --no-cache-dir torch\n", ""},
		{"hub-continued", hub + "RUN pip install --no-cache-dir \\\n    torch \\\n    torchvision\n", ""},
		{"hub-after-and", hub + "RUN apt-get update && pip install --pre torch --index-url https://download.pytorch.org/whl/nightly/cu121\n", ""},
		{"hub-mount-sudo", hub + "RUN --mount=type=cache,target=/root/.cache/pip sudo -H pip install \"torch>=2.3\"\n", ""},
		{"apptainer", "Bootstrap: docker\nFrom: nvcr.io/nvidia/pytorch:24.01-py3\n%post\n    pip install -U torch\n", ""},
		{"hub-pin-conda", hub + "RUN conda install -y pytorch=2.3.1 -c pytorch\n", "2.3"},
		{"hub-wheel", hub + "RUN pip install https://download.pytorch.org/whl/cu121/torch-2.3.1%2Bcu121-cp310-cp310-linux_x86_64.whl\n", "2.3"},
		{"prose-before-stays", "Title: torch 2.3.1 fails with torch_tensorrt\n" + hub + "RUN pip install -U torch\n", "2.3"},
		// a pinned install after the image (read before, kept)
		{"dlc-pinned", dlc + "RUN pip install torch==2.3.1 torch-tensorrt==2.3.0\n", "2.3"},
		// lookalikes: the image stays
		{"other-packages", dlc + "RUN python -m pip install torch-tensorrt tensorrt --extra-index-url https://download.pytorch.org/whl/cu118\n", "2.1"},
		{"torchvision-only", hub + "RUN pip install torchvision torchaudio\n", "2.1"},
		{"requirements-file", hub + "RUN pip install -r requirements.txt\n", "2.1"},
		{"commented", hub + "# RUN pip install -U torch\n", "2.1"},
		{"uninstall", hub + "RUN pip uninstall -y torch\n", "2.1"},
		{"prose-rule", hub + "Do not pip install torch in this image, it ships one.\n", "2.1"},
		{"conda-channel-only", hub + "RUN conda install -y -c pytorch magma-cuda121\n", "2.1"},
		{"install-before-from", "FROM python:3.10 AS deps\nRUN pip install -U torch\n" + hub + "COPY --from=deps /wheels /wheels\n", "2.1"},
		{"torch-named-package", hub + "RUN pip install open-clip-torch rotary-embedding-torch\n", "2.1"},
		// two installs that pin torch: the failing run's (each failed on main)
		{"checklist-lead-in", "* In 2.10, the check passed:\n```\npip install torch==2.10.0 --index-url https://download.pytorch.org/whl/test/cu130\npython bench.py\npass\n```\n\n* While it fails in 2.11 RC\n```\npip install torch==2.11.0 --index-url https://download.pytorch.org/whl/test/cu130\npython bench.py\n", "2.11"},
		{"sequence", "$ pip install torch==2.4.1\n$ pip install torch==2.5.1\n$ python repro.py\nRuntimeError: boom\n", "2.5"},
		{"sequence-uv", "uv pip install torch==2.4.1\nuv pip install torch==2.5.1\n", "2.5"},
		{"passed-then-fails-lead", "Works:\n```\npip3 install torch==2.6.0\n```\nFails:\n```\npip3 install torch==2.7.0\n```\n", "2.7"},
		{"lead-in-zh", "2.10 通过：\n```\npip install torch==2.10.0\n```\n2.11 RC 失败：\n```\npip install torch==2.11.0\n```\n", "2.11"},
		// lookalikes: the earlier install stays
		{"lead-in-zh-passes", "2.11 RC 失败：\n```\npip install torch==2.11.0\n```\n2.10 通过：\n```\npip install torch==2.10.0\n```\n", "2.11"},
		{"lead-in-passes", "* It fails in 2.11 RC:\n```\npip install torch==2.11.0\npython bench.py\nfail_accuracy\n```\n* In 2.10, the check passed:\n```\npip install torch==2.10.0\npython bench.py\npass\n```\n", "2.11"},
		{"output-fails", "$ pip install torch==2.11.0\n$ python bench.py\nfail_accuracy\n$ pip install torch==2.10.0\n$ python bench.py\npass\n", "2.11"},
		{"output-fails-zh-traditional", "$ pip install torch==2.11.0\n$ python bench.py\n程式崩潰\n$ pip install torch==2.10.0\n$ python bench.py\n正常\n", "2.11"}, // 崩潰 is failedZh's, not in installFail's own list before (failedCJK)
		{"later-works-comment", "pip install torch==2.5.1  # fails\npip install torch==2.4.1  # works\n", "2.5"},
		{"same-release-twice", "pip install torch==2.5.1\npython a.py\npip install torch==2.5.1 torchvision\n", "2.5"},
		{"requirements-lines", "torch==2.4.1\ntorch==2.5.1\n", "2.4"},
		{"later-unpinned", "pip install torch==2.4.1\npip install -U torch\n", "2.4"},
		{"later-another-way", "```bash\n# 1) same version, older CUDA build\nuv pip install torch==2.9.1 --index-url https://download.pytorch.org/whl/cu126\n\n# 2) if 2.9.1 is not published for cu126, take the newest cu126 build\nuv pip install torch==2.8.0 --index-url https://download.pytorch.org/whl/cu126\n```\n", "2.9"},
		{"advice", "pip install torch==2.5.1\nCould you try: pip install torch==2.6.0\n", "2.5"},
	}
	checkReleases(t, tests)
}

// TestParseInstall holds parseInstall to the commands it reads.
func TestParseInstall(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text          string
		cont          bool
		torch, pinned bool
	}{
		{"RUN python -m pip install torch torch-tensorrt", false, true, false},
		{"!pip install -q torch==2.3.1", false, true, true},
		{"%pip install torch", false, true, false},
		{"(venv) $ pip install 'torch[opt-einsum]>=2.3'", false, true, false},
		{"PIP_NO_CACHE_DIR=1 /opt/conda/bin/pip install torch@https://example.com/t.whl", false, true, false},
		{"conda install pytorch::pytorch=2.3.1 -c pytorch", false, true, true},
		{"uv add torch", false, true, false},
		{"    torch==2.3.1 \\", true, true, true},
		{"    torchvision", true, false, false},
		{"pip install torchvision; pip install torch", false, true, false},
		{"echo pip install torch", false, false, false},
		{"pip download torch", false, false, false},
		{"pip install -c pytorch numpy", false, false, false},
		{"conda install -c pytorch -n pytorch numpy", false, false, false},
		{"python -c 'import torch'", false, false, false},
		{"import torch", false, false, false},
	}
	for _, tt := range tests {
		got := parseInstall([]byte(tt.text), tt.cont)
		if got.torch != tt.torch || got.pinned != tt.pinned {
			t.Errorf("parseInstall(%q, %v) = torch %v pinned %v, want %v %v", tt.text, tt.cont, got.torch, got.pinned, tt.torch, tt.pinned)
		}
	}
}
