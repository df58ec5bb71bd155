package diagnose

import (
	"strings"
	"testing"
)

// TestFixSectionRelease: a release in an instruction a fix's section prescribes (an
// install, a pin, a wheel, a torch that prints itself after the fix) is not the run's
// where the text states the run's elsewhere (release_fixsection.go), and an environment
// said to ship torch states the run's (environmentShips). Each "want" of the first group
// was read otherwise on main at 391fddc9 (the fix's release, or none); the second group
// reads as before: an instruction with no other release, an install in no fix's section,
// a section another label or a heading closed, another package that ships torch.
func TestFixSectionRelease(t *testing.T) {
	t.Parallel()
	tests := []releaseCase{
		// a fix's instruction, the run's release stated elsewhere
		{"jetson friction point", "**Problem:** The dustynv container ships with PyTorch 2.4.0. Latest Unsloth requires features from PyTorch 2.8+.\n\n**Fix:** Upgrade PyTorch:\n```bash\nexport PIP_INDEX_URL=https://pypi.jetson-ai-lab.io/jp6/cu126\npip install torch==2.8.0 torchvision==0.23.0\n```", "2.4"},
		{"solution heading", "I'm on torch 2.3.1 and get this.\n\n## Solution\n```\npip install --upgrade torch==2.6.0\n```", "2.3"},
		{"workaround label, environment above", "Environment: PyTorch 2.5.1, CUDA 12.4\n\nWorkaround:\n    uv pip install torch==2.7.1", "2.5"},
		{"a bash comment in the fence keeps the section", "Running torch 2.4.0.\n**Fix:**\n```bash\n# upgrade torch\npip install torch==2.6.0\n```", "2.4"},
		{"the fixed torch prints itself", "I use PyTorch 2.4.0.\n### Fix\n```\n$ pip install -U torch==2.6.0\n$ python -c 'import torch; print(torch.__version__)'\n2.6.0\n```", "2.4"},
		{"a wheel on the label's line", "Our box has torch 2.3.0.\n**Workaround:** pip install https://download.pytorch.org/whl/cu121/torch-2.5.1%2Bcu121-cp310-cp310-linux_x86_64.whl", "2.3"},
		{"zh: 解决方案", "环境：PyTorch 2.4.0\n解决方案：\npip install torch==2.6.0", "2.4"},
		{"ja: 解決策", "PyTorch 2.4.0 を使っています。\n解決策：\npip install torch==2.6.0", "2.4"},
		// an environment that ships torch
		{"the container ships with", "The dustynv container ships with PyTorch 2.4.0.", "2.4"},
		{"the image bundles", "the image bundles torch 2.5.1", "2.5"},
		{"the AMI ships", "The AMI ships PyTorch 2.3.0 and CUDA 12.1.", "2.3"},
		{"an image by its name", "**Base image contents:** `vastai/pytorch:latest` ships with PyTorch 2.5.1 + CUDA 12.1 pre-installed", "2.5"},
		// as before
		{"a fix's instruction, no other release", "**Fix:**\npip install torch==2.8.0", "2.8"},
		{"an install in no fix's section", "We use PyTorch 2.4.0 in the notebook.\n## Setup\npip install torch==2.8.0", "2.8"},
		{"a heading closes the section", "It broke after a while.\n## Workaround\nSet use_static_cuda_launcher=False.\n## Versions\ntorch==2.9.1", "2.9"},
		{"a bold label closes the section", "**Fix:** set the flag before compiling.\n\n**Environment:**\n- torch==2.9.1\n- CUDA 12.8", "2.9"},
		{"the section ends after its lines", "Torch 2.4.0 here.\n**Fix:** set the flag.\n" + strings.Repeat("a line of the log\n", 35) + "torch==2.9.1", "2.9"},
		{"a change's issue reference opens no section", "Upgrading to PyTorch 2.4 crashes here.\nFixes: #12345\n\npip install torch==2.5.1", "2.5"},
		{"another package ships torch", "Triton 3.6 ships with PyTorch 2.11 and already supports sm_120.", ""},
		{"an engine ships torch", "vLLM v0.19.0 ships with PyTorch 2.10 compiled against CUDA 12.9.", ""},
		{"a package bundles torch", "xformers 0.0.28 bundles torch 2.5.1", ""},
	}
	checkReleases(t, tests)
}
