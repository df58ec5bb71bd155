//go:build !js

package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/modes"
)

// TestReleaseRows: each phrasing row's example states its release by that row: read
// line by line, the release found is the example's and the row that gave it is the row
// itself (so that an example another row reads first shows as a row that is not tested).
// Each row names a source, and its anchors are ones the prefilter takes.
func TestReleaseRows(t *testing.T) {
	t.Parallel()
	rows := releaseRows()
	require.Len(t, releaseRowDocs, len(rows), "a doc for each row and a row for each doc")
	for i, row := range rows {
		doc, ok := releaseRowDocs[row.name]
		require.True(t, ok, "row %d (%s) has no doc", i, row.name)
		r := struct {
			releaseRow
			releaseRowDoc
		}{row, doc}
		require.NotEmpty(t, r.example, "row %d (%s) has no example", i, r.name)
		require.NotEmpty(t, r.source, "row %d (%s): %q has no source", i, r.name, r.example)
		require.NotEmpty(t, r.anchors, "row %d (%s): %q has no anchor", i, r.name, r.example)
		for _, a := range r.anchors {
			require.GreaterOrEqual(t, len(a), minAnchor, "row %d (%s): anchor %q", i, r.name, a)
		}
		f := newVersionFinder()
		for n, l := range strings.Split(r.example, "\n") {
			f.window([]byte(l), n+1)
		}
		got := ""
		if v, ok := f.best(); ok {
			got = v.String()
		}
		if got != r.want || f.row != i {
			t.Errorf("row %d (%s): %q gives %q by row %d, want %q by row %d", i, r.name, r.example, got, f.row, r.want, i)
		}
		if r.want != "" {
			if _, err := modes.ParseVersion(r.want); err != nil {
				t.Errorf("row %d: want %q: %v", i, r.want, err)
			}
		}
	}
}

// TestReleasePhrasings: the ways people state torch's release, each read through Read
// above a message (so the prefilter's anchors are tested too): the release read, or none
// where the text states a bound, a requirement or no release, and for some the phrasing's
// kind (its authority). The cases marked new were not read (or read at a weaker rank)
// before the phrasing rows of issue 21's release work (branch rows).
func TestReleasePhrasings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text, want string
		from             string // the phrasing's kind (Diagnosis.TorchFrom), when checked
	}{
		// what torch prints
		{"collect-env", "PyTorch version: 2.7.1+cu128", "2.7", ""},
		{"collect-env-source-build", "PyTorch version: 2.2.0a0+git8ac9b20", "2.2", ""},
		{"collect-env-nightly", "PyTorch version: 2.6.0.dev20241112+cu124", "2.6", ""},
		{"repl-next-line", ">>> import torch\n>>> torch.__version__\n'2.4.0'", "2.4", ""},
		{"ipython-next-line", "In [2]: torch.__version__\nOut[2]: '2.1.0+cu121'", "2.1", ""},
		{"python-c-next-line", "$ python -c \"import torch; print(torch.__version__)\"\n2.4.0+cu121", "2.4", ""},
		{"print-comment", "print(torch.__version__)  # 2.1.0", "2.1", ""},
		{"pip-show", "Name: torch\nVersion: 2.3.0", "2.3", ""},
		// holdoutI1: a comparison is code's bound; another package's pin after a key is not its value; a Nix store path
		{"attr-compared", "- if torch.__version__ >= \"2.0\":", "", ""},
		{"attr-compared-less", "if torch.__version__ < '2.1':", "", ""},
		{"key-then-list", "libs version infor, PyTorch:\n```markdown\nnumpy==1.26.4\ntorch==2.7.0+cu126\n```", "2.7", "pin"},
		{"nix-store", "  File \"/nix/store/0abc-python3.13-torch-2.7.1/lib/python3.13/site-packages/torch/_inductor/lowering.py\", line 3", "2.7", "file name"},
		// package lists, pins and reports
		{"pip-list", "torch                     2.9.0.dev20250723+cu128", "2.9", ""},
		{"conda-list", "pytorch                   2.1.0           py3.10_cuda12.1_cudnn8.9.2_0    pytorch", "2.1", ""},
		{"conda-list-pypi", "torch                     2.3.0                    pypi_0    pypi", "2.3", ""},
		{"collect-env-pip3", "[pip3] torch==2.3.0", "2.3", ""},
		{"collect-env-conda", "[conda] pytorch                   2.3.0           py3.11_cuda12.1_cudnn8.9.2_0    pytorch", "2.3", ""},
		{"pin", "torch==2.5.1", "2.5", ""},
		{"pin-marker", "torch==2.1.0+cu121 ; platform_system == \"Linux\"", "2.1", ""},
		{"pin-quoted", "dependencies = [\"torch==2.5.1\"]", "2.5", ""},
		{"conda-pin", "conda install pytorch==2.1.0 torchvision==0.16.0 -c pytorch", "2.1", "pin"}, // new: prose before
		{"pin-capital", "PyTorch==2.1.0", "2.1", "pin"},                                            // new: prose before
		{"pip-install-pin", "pip install torch==2.3.0 --index-url https://download.pytorch.org/whl/cu121", "2.3", ""},
		{"bound-ge", "torch>=2.5.1", "", ""},
		{"bound-range", "torch>=2.1,<2.5", "", ""},
		{"bound-compatible", "torch~=2.4.0", "2.4", "pin"}, // PEP 440: >=2.4.0, ==2.4.* (one minor)
		{"bound-compatible-minor", "torch~=2.4", "", ""},   // >=2.4, ==2.*
		{"pip-install-compatible", "pip install torch~=2.0.0", "2.0", "pin"},
		{"modal-compatible", `        "torch~=2.0.0",`, "2.0", "pin"},
		{"compatible-spaced", "torch ~= 2.3.1", "2.3", "pin"},
		{"arbitrary-equality", "torch===2.0.1", "2.0", "pin"},
		{"wildcard-pin", "torch==2.0.*", "2.0", "pin"},
		{"range-one-minor", "torch>=2.0,<2.1", "2.0", "pin"},
		{"range-one-minor-spaced", "torch >= 2.0.1, < 2.1.0", "2.0", "pin"},
		{"range-patches", "torch>=2.0.1,<2.0.5", "2.0", "pin"},
		{"range-reversed", "torch<2.1,>=2.0", "2.0", "pin"},
		{"range-two-minors", "torch>=2.0,<2.2", "", ""},
		{"range-next-patch", "torch>=2.0,<2.1.1", "", ""},
		{"range-other-package", "vllm 0.2.0 requires torch>=2.0,<2.1, but you have torch 2.3.1", "2.3", ""},
		{"bound-pep508", "torch (>=2.4.0)", "", ""},
		{"poetry-exact", "torch = \"2.5.1\"", "2.5", ""},
		{"poetry-table", "torch = { version = \"2.5.1\", source = \"pytorch-cu124\" }", "2.5", ""},
		{"poetry-caret", "torch = \"^2.1.0\"", "", ""},
		{"poetry-tilde", "torch = \"~2.5.1\"", "", ""},
		{"pip-installed", "Successfully installed torch-2.5.1", "2.5", ""},
		{"pip-satisfied-bound", "Requirement already satisfied: torch>=2.0 in ./venv/lib/python3.11/site-packages (2.3.0)", "2.3", ""},      // new
		{"pip-satisfied-from", "Requirement already satisfied: torch in /usr/lib/python3/dist-packages (from xformers) (2.3.0)", "2.3", ""}, // new
		{"pip-satisfied-extras", "Requirement already satisfied: torch[opt-einsum]>=2.1 in /opt/conda/lib/python3.11/site-packages (2.4.1+cu121)", "2.4", ""}, // new
		{"version-report", "Torch version : 2.4.1", "2.4", ""},
		{"hf-env", "- PyTorch version (GPU?): 2.5.1+cu124 (True)", "2.5", "version report"}, // new: loose prose before
		{"lightning-env", "- PyTorch Version (e.g., 1.0): 2.1.0", "2.1", "version report"},  // new: loose prose before
		{"bracketed", "• PyTorch version: [2.4.0]", "2.4", "version report"},                // new: loose prose before
		{"code-key", "- `torch` version: 2.3.0", "2.3", ""},                                 // new
		{"bold-key", "**PyTorch**: 2.5.1", "2.5", ""},                                       // new
		{"bold-version-key", "- **PyTorch Version:** 2.7.0+cu128", "2.7", "version report"}, // new: prose before
		{"comfy-log", "Total VRAM 24564 MB, total RAM 64000 MB\npytorch version: 2.3.1+cu121", "2.3", ""},
		{"webui-footer", "version: v1.10.1  •  python: 3.10.11  •  torch: 2.1.2+cu121  •  xformers: 0.0.23.post1", "2.1", ""},
		{"key-next-line", "Pytorch Version\n2.10.0+cu130", "2.10", ""},
		{"key-fence-value", "PyTorch Version\n\n```\n2.5.1\n```", "2.5", "version report"},       // new
		{"key-table-rule-value", "| Torch version |\n|---|\n| 2.5.1 |", "2.5", "version report"}, // new
		{"issue-form-heading", "### PyTorch version\n\n2.5.1+cu124", "2.5", "version report"},
		{"version-attr-computed", "torch_ver = [int(x) for x in torch.__version__.split(\".\")[:2]]\nassert torch_ver >= [2, 0], \"Requires PyTorch >= 2.0\"", "", ""}, // holdoutCU's ROCm blog: no echo
		{"version-attr-assigned", "v = torch.__version__\n2.5.1", "", ""},                                                                                              // an assignment prints nothing
		{"zh-key-next-line", "- 你使用的**Pytorch**版本: \n- 2.1.0", "2.1", "version report"},                                                                                // holdoutCK's bert4torch#159 template
		{"zh-key", "PyTorch版本为2.5.1", "2.5", ""},                                                                                                                       // new
		{"zh-key-no-space", "torch版本2.5.1", "2.5", ""},                                                                                                                 // new
		{"zh-key-colon", "pytorch版本：2.5.1", "2.5", ""},                                                                                                                 // new
		{"ja-key", "PyTorchのバージョンは2.5.1です", "2.5", ""},                                                                                                                 // new
		{"ko-key", "torch 버전 2.5.1 에서 발생", "2.5", "version report"},                                                                                                    // new
		{"ru-key", "версия PyTorch: 2.5.1", "2.5", "version report"},                                                                                                   // new
		{"version-of", "The version of torch is 2.5.1", "2.5", "version report"},                                                                                       // new
		{"joint-key-bare", "Torch/CUDA: 2.4.0/12.1", "2.4", ""},                                                                                                        // new
		{"joint-key-plus", "torch+cuda: 2.4.0+cu121", "2.4", ""},                                                                                                       // new
		{"table-row", "| torch | 2.5.1+cu124 | pypi |", "2.5", ""},
		{"table-row-tight", "|torch|2.5.1|", "2.5", "table"},      // new
		{"table-bold", "| **PyTorch** | 2.5.1 |", "2.5", "table"}, // new
		{"table-dict-key", "| torch_version | 2.10.0+cu128 |", "2.10", "table"},
		{"table-dict-key-py", "| pytorch_version | `2.5.1` |", "2.5", "table"},
		{"env-arg", "ARG PYTORCH_VERSION=2.5.1", "2.5", ""}, // new
		{"env-var", "TORCH_VERSION=2.5.1", "2.5", ""},       // new
		{"env-yaml", "PYTORCH_VERSION: 2.5.1", "2.5", ""},   // new
		{"json-key", `  "torch": "2.6.0",`, "2.6", ""},
		// file names and images
		{"wheel", "torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl", "2.1", ""},
		{"wheel-download", "Downloading torch-2.1.0-cp310-cp310-manylinux1_x86_64.whl (670.2 MB)", "2.1", ""},
		{"wheel-url", "torch @ https://download.pytorch.org/whl/cu121/torch-2.3.0%2Bcu121-cp311-cp311-linux_x86_64.whl", "2.3", ""},
		{"dist-info", "/usr/local/lib/python3.10/site-packages/torch-2.1.0.dist-info", "2.1", ""},
		{"site-packages-frames", "File \"/opt/conda/lib/python3.10/site-packages/torch/_dynamo/eval_frame.py\"", "", ""},
		{"docker-tag", "FROM pytorch/pytorch:2.1.0-cuda12.1-cudnn8-runtime", "2.1", ""},
		{"docker-tag-ghcr", "ghcr.io/pytorch/pytorch-nightly:2.6.0.dev20241112-cuda12.4-cudnn9-devel", "2.6", ""},
		{"ngc-2401", "FROM nvcr.io/nvidia/pytorch:24.01-py3", "2.2", ""},                  // new
		{"ngc-2306", "nvcr.io/nvidia/pytorch:23.06-py3", "2.1", ""},                       // new
		{"ngc-2408", "docker run --gpus all nvcr.io/nvidia/pytorch:24.08-py3", "2.5", ""}, // new
		{"ngc-2405", "nvcr.io/nvidia/pytorch:24.05-py3", "2.4", "NGC image"},
		{"ngc-unknown", "nvcr.io/nvidia/pytorch:25.07-py3", "", ""},
		{"nv-wheel", "torch-2.2.0a0+81ea7a4.nv24.01-cp310-cp310-linux_aarch64.whl", "2.2", ""},
		// prose
		{"prose", "on torch 2.7", "2.7", ""},
		{"prose-pt", "I use PT 2.1 for this", "2.1", ""},
		{"prose-glued", "with PyTorch2.3 installed", "2.3", ""},
		{"prose-title", "[BUG] torch.compile reduce-overhead crash (torch 2.5.1)", "2.5", ""},
		{"prose-nightly", "2.13.0.dev20260518+cu130", "2.13", ""},
		{"prose-source-build", "I built pytorch from source at 2.2.0a0+git8ac9b20", "2.2", ""}, // new
		{"prose-zh", "在 torch 2.7 上出现这个错误", "2.7", ""},
		{"prose-ja", "PyTorch 2.4 で発生します", "2.4", ""},
		{"prose-de", "Das passiert mit PyTorch 2.5", "2.5", ""},
		{"prose-ru", "Ошибка на torch 2.5", "2.5", ""},
		{"after-upgrading", "after upgrading to 2.5 this crashes", "2.5", ""},
		{"worked-broke", "worked in 2.0, broke in 2.1", "2.1", ""},                          // new
		{"worked-broke-with", "It worked with 2.4, broke with 2.5", "2.5", ""},              // new
		{"works-fails", "works on 2.4, fails on 2.5", "2.5", ""},                            // new
		{"fine-but-broke", "It was fine with 2.4.1, but broke in 2.5.0", "2.5", ""},         // new
		{"torch-worked-broke", "it worked in torch 2.3, broke in 2.4", "2.4", ""},           // new
		{"broken-in-pytorch", "Hmm, something must be broken in Pytorch 2.5.0.", "2.5", ""}, // lovely-tensors#24
		{"fails-bare-alone", "the build fails on 2.5", "", ""},
		{"ipex-package", "intel-extension-for-pytorch 2.5.0", "", ""}, // new: read as torch's before
		{"geometric-pin", "torch-geometric==2.6.1", "", ""},           // new: read as torch's before
		{"diff-minus-pin", "-torch==2.1.0", "2.1", "pin"},             // new: loose prose before
		{"wheel-url-encoded", "Downloading https://download.pytorch.org/whl/cu121/torch-2.4.0%2Bcu121-cp311-cp311-linux_x86_64.whl (780.5 MB)", "2.4", "file name"}, // new: loose prose before
		{"numpy-broke", "numpy 2.0 broke in 2.1 of our tool", "", ""},
		// sweep2 finding 18: a release newer than the releases known is the run's
		{"newer-pin", "torch==2.15.0", "2.15", "pin"},
		{"newer-nightly-pin", "torch==2.15.0.dev20261201+cu130", "2.15", "pin"},
		{"newer-collect-env", "PyTorch version: 2.16.0+cu130", "2.16", "collect_env"},
		{"newer-pip-list", "torch 2.15.1", "2.15", "package list"},
		{"newer-major", "torch==3.0.0", "3.0", "pin"},
		{"newer-prose", "I'm on torch 2.15 and compile crashes", "2.15", "prose"},
		{"major-past-3", "torch==4.0.0", "", ""},
		{"older-blocks-newer", "my torch version is 1.13.1 and later pytorch 2.15.0", "", ""},
		// pip's, uv's and conda's other outputs, lock files, images (sweep2 #19's siblings)
		{"uv-removed-added", " - torch==2.5.1\n + torch==2.6.0", "2.6", "pin"},
		{"uv-added-alone", " + torch==2.6.0+cu124", "2.6", "pin"},
		{"diff-pin-bump", "-torch==2.1.0\n+torch==2.2.0", "2.2", "pin"},
		{"yaml-list-minus", "dependencies:\n  - torch==2.4.0\n  - torchvision==0.19.0", "2.4", "pin"},
		{"pip-found-existing", "Found existing installation: torch 2.4.0", "", ""},
		{"pip-found-existing-then-prose", "    Found existing installation: torch 2.4.0\nI am on torch 2.5.1 now", "2.5", "prose"},
		{"pip-uninstalling", "    Uninstalling torch-2.4.0:\n      Successfully uninstalled torch-2.4.0", "", ""},
		{"pip-collecting", "Collecting torch==2.5.1 (from -r requirements.txt (line 1))", "2.5", "pin"},
		{"pip-collecting-bound", "Collecting torch>=2.0", "", ""},
		{"conda-updated", "  pytorch                    2.4.0-py3.11_cuda12.1_cudnn9.1.0_0 --> 2.5.1-py3.11_cuda12.4_cudnn9.1.0_0", "2.5", "package list"},
		{"conda-superseded", "  pytorch            pytorch::pytorch-2.4.1-py3.8_cuda10.2~ --> pkgs/main::pytorch-2.5.1-cpu_py38h6a09485_0", "2.5", "package list"},
		{"conda-forge-build", "conda-forge/linux-64::pytorch-2.5.1-cuda126_py312h1763f6d_303", "2.5", "file name"},
		{"conda-download-table", "    pytorch-2.1.0              |py3.9_cuda11.8_cudnn8_0        1.19 GB  pytorch", "2.1", "file name"},
		{"conda-cuda-row", "pytorch-cuda               12.4                 hc786d27_7    pytorch", "", ""},
		{"uv-lock", "[[package]]\nname = \"torch\"\nversion = \"2.6.0+cu124\"\nsource = { registry = \"https://download.pytorch.org/whl/cu124\" }", "2.6", "lock file"},
		{"poetry-lock-other", "[[package]]\nname = \"torchvision\"\nversion = \"0.21.0\"", "", ""},
		{"rocm-image", "FROM rocm/pytorch:rocm6.4.4_ubuntu24.04_py3.12_pytorch_release_2.7.1", "2.7", "image or key"},
		{"rocm-image-old", "rocm/pytorch:rocm6.1_ubuntu22.04_py3.10_pytorch_2.1.2", "2.1", "image or key"},
		{"docker-image-rank", "FROM pytorch/pytorch:2.1.0-cuda12.1-cudnn8-runtime\nRUN pip install torch==2.5.1", "2.5", "pin"},
		{"ipex-image", "intel/intel-extension-for-pytorch:2.5.10-xpu", "", ""},
		{"xpu-build", "torch==2.7.0+xpu", "2.7", "pin"},
		{"rocm-build", "PyTorch version: 2.5.1+rocm6.2", "2.5", "collect_env"},
		{"print-version-output", "$ python -c \"import torch; print(torch.__version__)\"\n2.6.0+cu124", "2.6", ""},
		{"lookalike-torchaudio", "torchaudio                2.5.1", "", ""},
		{"lookalike-triton", "Successfully installed triton-3.1.0", "", ""},
		{"lookalike-lightning", "lightning==2.4.0", "", ""},
		{"lookalike-transformers", "transformers==4.46.1", "", ""},
		{"lookalike-cuda", "CUDA Version: 12.4", "", ""},
		{"lookalike-python", "Python 3.11.9", "", ""},
		{"lookalike-driver", "Driver Version: 550.54.15", "", ""},
		{"hf-env-accelerator", "- PyTorch version (accelerator?): 2.12.1+cu130 (CUDA)", "2.12", "version report"}, // transformers#47321
		{"print-version-and-cuda", "$ python -c \"import torch; print(torch.__version__, torch.cuda.is_available())\"\n2.5.1+cu124 True", "2.5", "torch.__version__"},
		{"print-version-and-cuda-version", ">>> print(torch.__version__, torch.version.cuda)\n2.5.1+cu124 12.4", "2.5", "torch.__version__"},
		{"repl-cuda-version", ">>> torch.version.cuda\n'12.4'", "", ""},
		{"key-then-prose", "PyTorch version\n2.5.1 was what we had before the upgrade", "", ""},
		{"prose-hyphen", "BigVGAN SIGSEGVs on torch-2.12/aarch64 only", "2.12", "prose"},
		{"prose-hyphen-patch", "with torch-2.5.1 on Windows the compile fails", "2.5", "prose"},
		{"prose-paren", "所有实验均在 Python(3.11)、 PyTorch(2.7.0+cu126)以及Nvidia GeForce RTX 3080 环境下实现", "2.7", "prose"},
		{"prose-paren-bound", "- Python3.10.0, pytorch(2.2.0 or higher), numpy(1.24.3 or higher)", "", ""},
		{"path-dir-hyphen", "UserWarning: The CUDA Graph is empty. (Triggered internally at /fsx/pytorch-nightly/pytorch-2.0/pytorch/aten/src/ATen/cuda/CUDAGraph.cpp:191.)", "", ""}, // pytorch#93378
		{"path-hyphen", "  File \"/home/u/cp-torch-2.0-original/det3d/train.py\", line 3", "", ""},
		{"pip-uninstalling-then-prose", "    Uninstalling torch-2.4.0:\n      Successfully uninstalled torch-2.4.0\nthe compile on torch-2.5.1 fails", "2.5", "prose"},
		{"ultralytics-banner", "Ultralytics 8.3.40 🚀 Python-3.11.9 torch-2.5.1+cu124 CUDA:0 (NVIDIA GeForce RTX 4090, 24210MiB)", "2.5", "version report"},
		{"ds-report", "torch install path ............... ['/opt/conda/lib/python3.8/site-packages/torch']\ntorch version .................... 2.0.1+cu117\ndeepspeed info ................... 0.10.0, unknown, unknown", "2.0", "version report"},
		{"ds-report-cuda", "torch cuda version ............... 11.7\nnvcc version ..................... 11.3", "", ""},
		{"key-then-python", "- PyTorch: 2.x (check `torch.__version__`)\n- Python: 3.12.3", "", ""}, // holdoutC1's chronos results
		// prose wrapped between torch's name and its release (release_wrap.go, holdoutBU)
		{"prose-wrapped", "the compile crashes on torch\n   2.12 with this model", "2.12", "prose"},
		{"prose-wrapped-pytorch", "We hit the assert with PyTorch\n2.6.0+cu124 on four GPUs.", "2.6", "prose"},
		{"prose-wrapped-dotted-name", "torch.compile fails on torch\n2.9 here", "2.9", "prose"},
		{"prose-wrapped-working-run", "It works on PyTorch\n2.5 but not here.", "", ""},
		{"prose-wrapped-api-history", "torch.compile() only grew the recompile_limit kwarg in torch\n2.13; on older torch it raised", "", ""}, // quack b24c4b5
		{"prose-wrapped-key-alone", "Pytorch Version\n2.10.0+cu130", "2.10", ""},
		{"prose-wrapped-not-adjacent", "the compile crashes on torch\n\n2.12 was released", "", ""},
		{"api-history-added", "These options were added in PyTorch 2.8.0, so passing them fails", "", ""},
		{"rocm-vllm-image", "Observed on `rocm/vllm:rocm7.14.0_rdna_ubuntu24.04_py3.14_pytorch_2.11.0_vllm_0.23.0` (vLLM 0.23.0)", "2.11", "image or key"},
		{"rocm-sgl-image", "docker pull rocm/sgl-dev:v0.5.2-rocm700-mi30x_pytorch_2.8.0", "2.8", "image or key"},
		// a release named in a skip list's comment as the condition under which tests break
		// (release_skiplist.go, ga_neg_nix_skiplist_comment_dynamo_py313), and the run's release beside it
		{"skiplist-or", "    # OR torch.compile tests broken on torch 2.5 + rocm", "", ""},
		{"skiplist-tests-fail", "// these tests fail on torch 2.4, skip them", "", ""},
		{"skiplist-also", "# also flaky with torch==2.3.1", "", ""},
		{"skiplist-tests-hang", "  # distributed tests hang under PyTorch 2.6", "", ""},
		{"comment-repro-fails", "# fails on torch 2.5.1 with the error below", "2.5", "prose"},
		{"comment-compile-broken", "# torch.compile is broken on torch 2.5 here", "2.5", "prose"},
		{"prose-tests-broken", "Many tests broken on torch 2.5 + rocm after the upgrade", "2.5", "prose"},
		{"prose-or", "OR torch.compile tests broken on torch 2.5 + rocm", "2.5", "prose"},
		// a release named as the one that brought a feature (holdoutBY)
		{"feature-ja", "PyTorch 2.0の本命機能!torch.compileで性能向上の壁を突破する", "", ""},
		{"feature-ko", "torch.compile은 PyTorch 2.0에서 도입된 기능으로, 코드를 컴파일하여 실행 속도를 높이는 것이 목적이에요.", "", ""},
		{"feature-zh", "torch.compile 是 PyTorch 2.0 中引入的新功能", "", ""},
		{"feature-en", "PyTorch 2.0's headline feature is torch.compile", "", ""},
		{"feature-en-introduced", "PyTorch 2.0 introduced torch.compile, and it fails here", "", ""},
		{"run-ja", "PyTorch 2.5で torch.compile がエラーになります", "2.5", "prose"},
		{"api-history-grew-one-line", "torch.compile() only grew the per-wrapper recompile_limit kwarg in torch 2.13; older torch raised", "", ""},
	}
	for _, tt := range tests {
		d, err := Read(strings.NewReader(tt.text + "\n\n    assert torch._C._is_key_in_tls(attr_name)\n"))
		require.NoError(t, err, tt.name)
		if d.Torch != tt.want || (tt.from != "" && d.TorchFrom != tt.from) {
			t.Errorf("%s: release of %q = %q (%s), want %q (%s)", tt.name, tt.text, d.Torch, d.TorchFrom, tt.want, tt.from)
		}
	}
}
