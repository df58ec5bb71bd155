package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReleaseSweep15: branch rel15's sweep of real texts (the search tool's code corpus
// id in each name; none in testdata/corpus) that state a run's release in shapes the
// corpus has few of (a Dockerfile's FROM, a conda environment.yml, a pip line continued,
// uv.lock, pdm and poetry.lock entries, pip-compile's output, pip show on Windows,
// python -c's print of torch.__version__, a version key in Chinese, Japanese, Russian or
// Spanish, a benchmark's "PyTorch-version:", "after upgrading to"), and texts that state
// none but hold CUDA's, the driver's, Triton's, Transformers', pandas', TensorFlow's or a
// kernel's numbers, a minimum or a support list. Measured with the binary at 50689dcb, 6
// of the 102 sweep cases and 12 of the 15 key cases after them failed before: a
// commented-out FROM line ("# FROM pytorch/pytorch:2.0.1…" above the FROM in use), a
// conda wildcard
// ("pytorch=2.2.*" fixes the minor), and a version key whose value is a minimum
// ("PyTorch version: 2.0+", "2.0+推荐", "2.0 以上") or a list ("2.1/2.2/2.5/2.6/2.7"),
// and "no longer" before a change, not a failure ("After upgrading to Pytorch 2.7.1,
// Pytorch no longer lays out the function arguments …", taken for a fix).
func TestReleaseSweep15(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, text, want string }{
		{"docker-from/id20322972964", "FROM pytorch/pytorch:2.5.1-cuda12.4-cudnn9-devel\n\n# System dependencies\nRUN apt-get update && apt-get install -y --no-install-recommends \\", "2.5"},
		{"docker-from-zh/id53397612064", "#### 4.1.1 方案 A/B 基础镜像\n\n```dockerfile\n# 基于 PyTorch 官方镜像，避免自行安装 CUDA 依赖\nFROM pytorch/pytorch:2.5.1-cuda12.4-cudnn9-runtime\n\nWORKDIR /app\n\n# 预安装推理框架\nRUN pip install --no-cache-dir \\\n    transformers \\\n    safetensors", "2.5"},
		{"docker-multistage/id10086489379", "# 构建项目\nRUN npm run build\n\n# STAGE 2\nFROM pytorch/pytorch:2.2.2-cuda12.1-cudnn8-runtime\n\nCOPY --chown=root:root . /root/server", "2.2"},
		{"docker-commented-older/id48336890014", "# This is a potassium-standard dockerfile, compatible with Banana\n# Must use a Cuda version 11+\n# FROM pytorch/pytorch:2.0.1-cuda11.7-cudnn8-devel\nFROM pytorch/pytorch:1.11.0-cuda11.3-cudnn8-runtime\n\nARG TEST_BUILD_ARG", "1.11"},
		{"docker-from-as/id56203228324", "ENTRYPOINT [\"python\", \"/app/evomax_runner.py\"]\nCMD [\"--help\"]\n\nFROM pytorch/pytorch:2.6.0-cuda12.4-cudnn9-runtime AS gpu\n\nENV DEBIAN_FRONTEND=noninteractive \\\n    PIP_NO_CACHE_DIR=1 \\", "2.6"},
		{"conda-export/id51819924516", "  - python=3.10.12=h955ad1f_0\n  - python-dateutil=2.8.2=pyhd3eb1b0_0\n  - python-tzdata=2023.3=pyhd3eb1b0_0\n  - python-xxhash=2.0.2=py310h5eee18b_1\n  - pytorch=2.0.1=py3.10_cuda11.7_cudnn8.5.0_0\n  - pytorch-cuda=11.7=h778d358_5\n  - pytorch-mutex=1.0=cuda\n  - pytz=2022.7=py310h06a4308_0", "2.0"},
		{"conda-env-exact/id418351461", "# environment.yml with exact versions\nname: ml-research\nchannels:\n  - pytorch\n  - nvidia\n  - conda-forge\n  - defaults\ndependencies:\n  - python=3.10.12\n  - pytorch=2.1.0\n  - torchvision=0.16.0\n  - torchaudio=2.1.0\n  - pytorch-cuda=12.1\n  - numpy=1.24.3\n  - pandas=2.0.3\n  - scikit-learn=1.3.0\n  - pip:\n    - wandb==0", "2.1"},
		{"conda-env-zh/id69255701960", "dependencies:\n  - python=3.10\n  - numpy=1.24\n  - pandas=2.0\n  - scikit-learn=1.3\n  - matplotlib=3.7\n  - jupyter=1.0\n  - pytorch=2.0\n  - pytorch-cuda=11.8\n  - pip\n  - pip:\n    - transformers==4.30\n    - datasets==2.13\n```\n\n### 场景 3: 微服务部署", "2.0"},
		{"conda-env-nested/id36452509881", "dependencies:\n        - python=3.11.5\n        - pip=23.2.1\n        - accelerate=0.22.0\n        - cudatoolkit=11.8\n        - transformers=4.33.1\n        - pytorch=2.0.1\n        - torchvision=0.15.2\n        - torchaudio=2.0.2\n        - pytorch-cuda=11.8\n        - scikit-learn=1.2.2\n        - evaluate=0.4.0", "2.0"},
		{"conda-env-thai/id54813583715", "e: dip_env\nchannels:\n  - pytorch\n  - conda-forge\n  - defaults\ndependencies:\n  - python=3.10.12\n  - numpy=1.24.3\n  - matplotlib=3.7.1\n  - opencv=4.6.0\n  - pytorch=2.0.1\n  - torchvision=0.15.2\n  - cpuonly\n  - pip\n  - pip:\n    - ultralytics==8.0.196\n    - mediapipe==0.10.7\n```\n\nจากนั้นรันคำสั่ง:", "2.0"},
		{"conda-env-img2img/id44326599801", "Example `environment.yml`:\n\n```yaml\nname: pytorch-img2img\nchannels:\n  - pytorch\n  - conda-forge\n  - nvidia\ndependencies:\n  - python=3.11\n  - pytorch=2.4.0\n  - torchvision=0.19.0\n  - pytorch-cuda=12.1\n  - numpy=1.24.3", "2.4"},
		{"conda-env-wildcard/id56377648490", "name: oag-cae\nchannels:\n  - pytorch\n  - nvidia\n  - conda-forge\n\ndependencies:\n  # --- core ---\n  - python=3.9\n\n  # --- pytorch ---\n  - pytorch=2.2.*\n  - torchvision=0.17.*\n  - torchaudio=2.2.*\n  - pytorch-cuda=11.8", "2.2"},
		{"pip-continued-pt/id6668616467", "#    Isso vai sobrescrever a versão alpha que veio na imagem, nos dando um ambiente previsível.\nRUN pip install --no-cache-dir \\\n    torch==2.3.1 \\\n    torchvision==0.18.1 \\\n    torchaudio==2.3.1 \\\n    --index-url https://download.pytorch.org/whl/cpu", "2.3"},
		{"pip-continued-cpu/id53689836511", "# Using the official PyTorch CPU index avoids downloading the 2.5 GB CUDA build\nRUN pip install \\\n    torch==2.3.1 \\\n    torchaudio==2.3.1 \\\n    --index-url https://download.pytorch.org/whl/cpu \\\n    --no-cache-dir", "2.3"},
		{"uv-lock/id9168465404", "Relevant part of `uv.lock`:\n```\n[[package]]\nname = \"torch\"\nversion = \"2.6.0\"\nsource = { registry = \"https://download.pytorch.org/whl/cpu\" }\nresolution-markers = [", "2.6"},
		{"uv-lock-local/id57592991141", "dependencies = [{ name = \"torch\" }, { name = \"xgrammar\" }]\n\n[[package]]\nname = \"torch\"\nversion = \"2.10.0+cu126\"\nsource = { registry = \"https://download.pytorch.org/whl/cu126\" }\n\n[[package]]\nname = \"xgrammar\"", "2.10"},
		{"pip-show-win-comment/id28219222643", "Check pytorch version\n```\npip show torch\n# Name: torch\n# Version: 2.11.0.dev20260209+cu130\n# Summary: Tensors and Dynamic neural networks in Python with strong GPU acceleration\n# Home-page: https://pytorch.org\n# Author:\n# Author-email: PyTorch Team <packages@pytorch.org>\n# License: BSD-3-Clause\n# Location: C:\\Users\\Jeffrey\\AppData\\Local\\Programs\\Python\\Python313\\Lib\\site-packages", "2.11"},
		{"pip-show-win-lower/id32590901945", "pip show torch\n# Name: torch\n# Version: 2.3.0\n# Summary: Tensors and Dynamic neural networks in Python with strong GPU acceleration\n# Home-page: https://pytorch.org/\n# Author: PyTorch Team\n# Author-email: packages@pytorch.org\n# License: BSD-3\n# Location: c:\\users\\luede\\miniconda3\\envs\\openmmlab\\lib\\site-packages", "2.3"},
		{"pip-show-bars/id45991220332", "Also I am using Python 3.10.11 for this. It is more stable then the newer version. Other package versions I am using. Below:\nName: numpy | Version: 1.26.4 | Summary: Fundamental package for array computing in Python\nName: torch | Version: 2.2.2+cu121 | Summary: Tensors and Dynamic neural networks in Python with strong GPU acceleration\nName: transformers | Version: 4.54.0 | Summary: State-of-the-art Machine Learning for JAX, PyTorch and TensorFlow", "2.2"},
		{"ja-key-out/id56288579412", "**出力例：**\n```\nPyTorch バージョン: 2.0.1\nTransformers バージョン: 4.30.0\nGPU 利用可能: True\nデバイス: cuda\n```", "2.0"},
		{"ja-check/id17513903343", "Python 3.10.12\n✓ Python バージョン OK\n✓ numpy: 2.1.2\n✓ torch: 2.7.1+cu118\n✓ torchvision: 0.22.1+cu118\n✓ torchaudio: 2.7.1+cu118\n\n=== PyTorch GPU チェック ===\nPyTorch バージョン: 2.7.1+cu118\n✓ CUDA 利用可能", "2.7"},
		{"ja-jetson/id47583562435", "#  python3 check_torch.py\n\n=== PyTorch CUDA テスト ===\nPyTorch バージョン: 2.4.0\nOpenCV バージョン: 4.11.0\nJetPack 6.2.1 (L4T R36.4.4) 環境での動作確認\nCUDA利用可能: True", "2.4"},
		{"ru-key/id12976148323", "PS C:\\Users\\darya\\Documents\\alignment-methods> python check_verl.py\n✅ VERL импортировалась успешно!\nВерсия PyTorch: 2.8.0+cpu\nВерсия Transformers: 4.57.1\n✅ Основные модули verl доступны.", "2.8"},
		{"zh-key-emoji/id23247991006", "### 系统要求\n- 🖥️ 操作系统：Linux\n- 🐍 Python版本：3.12+（推荐）\n- ⚡ CUDA版本：12.8\n- 🔥 PyTorch版本：2.7.1\n- 🎮 GPU：支持CUDA的NVIDIA显卡", "2.7"},
		{"zh-key-dot/id14996552917", "1. 核心环境配置\n\n   · Python版本：3.11。13\n\n   · Pytorch版本：2.2.1\n\n   · Transformers版本：4.33.1\n\n   · Peft版本：0.5.0", "2.2"},
		{"zh-key-cpu/id56709811866", "## 环境及配置\n\n本地环境：python 3.10.1\n\npyTorch版本：2.11.0+cpu\n\n额外库安装：", "2.11"},
		{"zh-key-star/id28440530843", "## 环境信息\n\n* Python版本： 3.10.11\n* Pytorch版本：2.1.1+cu121\n* 英伟达驱动版本：546.01\n* CUDA版本：12.3\n* 开发工具： PyCharm + Vscode", "2.1"},
		{"zh-key-list/id66651115208", "## 环境配置\n\n- Python版本：3.10.14\n- PyTorch版本：2.2.1+cu121\n- CUDA版本：12.1\n- cuDNN版本：8.x", "2.2"},
		{"zh-key-npu/id55249466688", "- CANN版本：9.0.0\n- 驱动版本：25.5.0\n- Python版本：3.12.9\n- PyTorch版本：2.7.1+cpu\n- torch_npu版本：2.7.1.post2.dev20251226\n- 测试设备：CPU", "2.7"},
		{"py-c-nightly-ja/id49619446777", "チェック\n\n```\npython -c \"import torch; print(torch.__version__)\"\n2.8.0.dev20250603+cu128\n```\n\n```\npython -c \"import torchvision; print(torchvision.__version__)\"\n0.23.0.dev20250603+cu128\n```", "2.8"},
		{"py-c-evidence/id14379565977", "**Evidence:**\n```\n$ python -c \"import torch; print(torch.__version__)\"\n2.8.0+cpu\n\n$ nvidia-smi\nNVIDIA GeForce RTX 3070 (8GB VRAM) detected\n```", "2.8"},
		{"py-c-inline-pipshow/id60487517686", "python -V: Python 3.11.5\nNumPy >= 1.24\nScikit-learn >= 1.3\nNetworkX >= 3.0\npip show torch\nName: torch Version: 2.4.0+cu121\npython -c \"import torch; print(torch.__version__)\"\n2.4.0+cu121", "2.4"},
		{"py-c-conda-path/id55351927971", "`JuniperCascor1` is on regular Python 3.13 with torch\n2.11.0 and imports cleanly:\n\n```bash\n$ /opt/miniforge3/envs/JuniperCascor1/bin/python -c \"import torch; print(torch.__version__)\"\n2.11.0+cu130\n```", "2.11"},
		{"py-c-ko/id53642915993", "# 직접 확인하면 정상\n$ ~/ai-env/bin/python -c \"import torch; print(torch.__version__)\"\n2.10.0+cu130\n```", "2.10"},
		{"py-c-win-uninstall/id11146027531", "(pythonEnv) C:\\>python -c \"import torch; print(torch.__version__)\"\n2.4.0+cpu\n\n(pythonEnv) C:\\>pip uninstall torch torchvision torchaudio\nSuccessfully uninstalled torch-2.4.0\nSuccessfully uninstalled torchvision-0.19.0\nSuccessfully uninstalled torchaudio-2.4.0\n\n(pythonEnv) C:\\>pip install torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu121\nLooking in indexes: https://download.pytorch.org/whl/cu121\nSuccessfully installed torch-2.4.0+cu121 torchaudio-2.4.0+cu121 torchvision-0.19.0+cu121\n(output)      \nPyTorch version: 2.4.0+cu121\nCUDA available: True", "2.4"},
		{"py-c-pipenv-zh/id32212437022", "我们可以确认一下在这个虚拟环境下可以使用torch：\n\n```\n(torchshare) ubuntu@VM-128-7-ubuntu:~/lili/proj1$ pipenv run python -c \"import torch;print(torch.__version__)\"\n2.1.2+cu121\n```", "2.1"},
		{"py-c-python3/id69555183783", "## Environment Check\n\n```bash\n$ python3 --version\nPython 3.10.11\n\n$ python3 -c \"import torch; print(torch.__version__)\"\n2.13.0\n\n$ python3 -c \"import torchvision; print(torchvision.__version__)\"\n0.28.0", "2.13"},
		{"py-c-win-py/id55638370879", "ModuleNotFoundError: No module named 'lightning'\nModuleNotFoundError: No module named 'pytorch_lightning'\n\npy -c \"import torch; print(torch.__version__)\"\n2.7.1+cpu\n```\n\nThe missing packages are declared in `backend/requirements.txt`:\n\n```text\ntorch>=2.1.0\npytorch-forecasting>=1.0.0\nlightning>=2.0.0\n```", "2.7"},
		{"after-upgrading-rocm/id25010050918", "# Fix Verification: Model Installation Error Resolution (PyTorch 2.3.1)\n\n## Issue Reported\n```\nafter upgrading to pytorch 2.3.1 rocm 5.7\nand installing sdxl we get this error on install now", "2.3"},
		{"after-upgrading-plus/id61464673198", "**Codebase Version**: v3.3.0\n**PyTorch**: 2.5.0+cu124\n**mamba-ssm**: 2.2.5\n**Status**: Post-Dependency Upgrade Analysis\n\n---\n\n## Executive Summary\n\nAfter upgrading to PyTorch 2.5.0 + mamba-ssm 2.2.5, the V3 dual-stream architecture requires **mandatory gradient sanitization**", "2.5"},
		{"after-upgrading-bug/id21527554938", "We encountered a frustrating bug when loading saved model checkpoints after upgrading to PyTorch 2.6. The new version changed the default value of the weights_only parameter", "2.6"},
		{"after-upgrading-docstring/id4154874883", "        \"\"\"Marks inputs for the compiled function as parameters, buffers, or arguments.\n\n        After upgrading to Pytorch 2.7.1, Pytorch no longer lays out the function arguments in the order of parameters, then buffers, then arguments.", "2.7"},
		{"list-with-triton/id63623493741", "The main tested software versions are listed in [`requirements.txt`](requirements.txt):\n\n- Python 3.10\n- PyTorch 2.5.1\n- torchvision 0.20.1\n- torchaudio 2.5.1\n- Triton 3.1.0\n- timm 1.0.11\n- transformers 4.48.0", "2.5"},
		{"line-with-triton/id67313582571", "- Python 3.11.10, Torch 2.5.1+cu124, Triton 3.1.0, Ninja 1.11.1.1, CUDA 12.4, the pinned source assets, executable public proxy, and one compiled `minference_index_cuda` extension were present.", "2.5"},
		{"expected-output/id52237840116", "Expected output on H100:\n```\nPyTorch 2.6.0\nCUDA 12.8\nGPU: NVIDIA H100 80GB HBM3\nSM: (9, 0)\nTriton 3.1.0\nFlashMLA OK", "2.6"},
		{"main-packages/id46268117531", "Main packages:\n- python 3.11.x\n- torch 2.5.1\n- transformers 4.46.2\n- numpy 2.1.3\n- faiss-gpu 1.9.0", "2.5"},
		{"core-deps-bold/id1590604046", "### Core Dependencies\n- **PyTorch 2.6.0** - Deep learning framework\n- **Torchaudio 2.6.0** - Audio processing\n- **Transformers 4.46.3** - Hugging Face transformers", "2.6"},
		{"env-cell/id61467003791", "| Environment | Conda env **ESM_cambrian** (Python 3.10, PyTorch 2.6, transformers 4.46, esm 3.1.3) |", "2.6"},
		{"neg-nvidia-smi/id1844595288", "and in console B:\n```\n$ nvidia-smi\nTue Oct  8 09:49:34 2024\n+-----------------------------------------------------------------------------------------+\n| NVIDIA-SMI 550.90.12              Driver Version: 550.90.12      CUDA Version: 12.4     |\n|-----------------------------------------+------------------------+----------------------+\n| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |", ""},
		{"neg-nvidia-smi-open/id42527437218", "to see if the `nvidia-driver-550-open` would show in `nvidia-smi`.\n\n```shell\nnvidia-smi\n\nSun Nov 24 13:35:06 2024       \n+-----------------------------------------------------------------------------------------+\n| NVIDIA-SMI 550.127.05             Driver Version: 550.127.05     CUDA Version: 12.4     |", ""},
		{"neg-cmake-gcc-smi/id47252351223", "- `cmake --version`: cmake version 3.27.9\n- `g++ --version`: g++ (Ubuntu 9.4.0-1ubuntu1~20.04.2) 9.4.0\n- `nvidia-smi`: NVIDIA-SMI 550.54.14         /      Driver Version: 550.54.14   /   CUDA Version: 12.4", ""},
		{"neg-driver-max/id34141666293", "    - _Minimum NVIDIA driver version: 452 (API 11.8)_\n    - _Maximum NVIDIA driver version: 550 (API 12.4). Newer drivers are unstable and may not work._\n    - _Minimum CRIU version: 3.0_", ""},
		{"neg-driver-expect/id25048043793", "### 2. Test nvidia-smi:\n```bash\nnvidia-smi\n```\nShould display:\n- GPU: NVIDIA GeForce RTX 3060 Mobile\n- Driver Version: 550.163.01\n- CUDA Version: 12.0", ""},
		{"neg-triton-vi/id61371689916", "## Troubleshooting\n\n- Triton kernel (`triton_tree_attn.py`) phải khớp phiên bản triton 3.1.0.\n- Các kernel tăng tốc phải tương thích với CUDA/GPU và có sẵn trong wheelhouse", ""},
		{"neg-triton-zh-doc/id1932055222", "\"\"\"\nFlash Attention 的简化实现\n兼容 Triton 3.1.0 版本\n\nFlash Attention 是一种内存高效的注意力机制实现", ""},
		{"neg-triton-win/id15084141276", "def check_cuda_re_triton():\n    \"\"\"\n    Checks whether the files required by Triton 3.1.0 are present in the relative paths.\n    This mirrors where the windows_utils.py script within the Triton library will look for them.\n    \"\"\"", ""},
		{"neg-triton-blackwell-zh/id59493217071", "- 在 Ada (sm_89) / Hopper (sm_90) 上额外启用 FP8 权重缓存（`torch.float8_e4m3fn`），`tl.dot` 走 FP8 张量核；在 Blackwell (sm_10x/12x) 与 Ampere (sm_80) 上自动回退 BF16，因为 Triton 3.1.0 在 Blackwell 上未实现 `tl.float8e4nv` 的类型转换 lowering。", ""},
		{"neg-transformers-zh/id63422355581", "- 服务器一度因 transformers 5.10 API 重构无法加载 Trainer → 后退到 transformers 4.46.3 + huggingface_hub 0.26.5", ""},
		{"neg-transformers-patch-zh/id56396288186", "# 兼容性补丁: qwen_tts 基于 transformers 4.46, 其中 check_model_inputs 是装饰器工厂\n# @check_model_inputs()。transformers 4.57 中它仍是装饰器工厂但行为略有不同", ""},
		{"neg-transformers-two/id70307852471", "settings the pinned tokenizer gives `[128000, 128000, ...]` (checked\n2026-10-03 on transformers 4.46.0 and 5.18.0, 156 of 156 texts). Their\nlibrary versions are not pinned, and their pipeline was not run here.", ""},
		{"neg-triton-cupy/id70127712291", "    \"RELEASED 2026-09-01 on the GPU host GPU 3 (verified physically empty before the \"\n    \"run), NVIDIA RTX A6000, cc 8.6, Triton 3.1.0 / CuPy 13.5.1, under the 'keep' \"", ""},
		{"neg-zh-min/id66763591417", "1. **运行环境约束**: Python ≥ 3.6, PyTorch ≥ 1.7, torchvision 必须与 PyTorch 版本严格匹配, 推荐从 pytorch.org 一同安装以保证兼容性。\n2. **源码编译依赖**: gcc & g++ ≥ 5.4 为必需", ""},
		{"neg-ja-bat/id39116396261", "REM Python バージョン（ 3.13.2/3.12.9/3.11.9/3.10.11 ）\nset \"PYTHON_VERSION=3.11.9\"\n\nREM PyTorch バージョンの指定\nREM 1: インストールしない\nREM 2: CPU版をインストール\nREM 3: CUDA 11.8用をインストール\nREM 4: CUDA 12.4用をインストール\nREM 5: CUDA 12.6用をインストール\nset \"PYTORCH_OPTION=1\"", ""},
		{"neg-ru-cpu/id4797847285", "# 3. Установить зависимости (CPU-версия PyTorch)\npip install torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cpu\npip install pandas matplotlib opencv-python tqdm requests", ""},
		{"neg-smi-test/id60810534918", "            return_value=SimpleNamespace(\n                returncode=0,\n                stdout=\"Driver Version: 550.78    CUDA Version: 12.4\\n\",\n                stderr=\"\",\n            ),", ""},
		{"neg-zh-min-check/id17982356467", "- 🖱️ **CUDA 11.6+**：需要安装兼容的CUDA版本\n- 🈯 **PyTorch 2.0+**：使用最新版本获得最佳性能\n\n## 🔧 常见问题\n\n### 🚨 训练失败？\n\n```\n✅ 检查CUDA版本：11.6+\n✅ 检查PyTorch版本：2.0+\n✅ 检查显存使用：使用optimize命令优化\n```", ""},
		{"neg-zh-support-list/id52465194967", "- 仅支持PyTorch框架。\n- 支持PyTorch版本：2.1/2.2/2.5/2.6/2.7\n\n## 分级可视化操作指导", ""},
		{"neg-ru-pip-pre/id61296589733", "Убедитесь, что установлена CUDA-версия PyTorch, а не CPU:\n```powershell\npip uninstall torch torchvision torchaudio -y\npip install --pre torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu128", ""},
		{"neg-zh-install-compat/id55699263982", "**问题**: `RuntimeError: CUDA error: no kernel image is available`\n\n**解决方案**:\n```bash\n# 检查 CUDA 版本\nnvidia-smi\n\n# 安装兼容的 PyTorch 版本\npip install torch --index-url https://download.pytorch.org/whl/cu121\n```", ""},
		{"es-key/id25912126628", "### 9.5  Compatibilidad CUDA y PyTorch\n- Se verificó e instaló PyTorch con soporte CUDA\n- Versión de CUDA: 12.8\n- Versión de PyTorch: 2.7.0+cu128\n- GPU detectada y utilizada automáticamente", "2.7"},
		{"es-key-minimum/id61419552497", "1. Versión de PyTorch y Configuración del Dispositivo\nVersión de PyTorch: 2.0+ (verificada dinámicamente en tiempo de ejecución).\n\nDetección de Dispositivo: El pipeline detecta automáticamente el hardware disponible mediante:", ""},
		{"neg-im-on-kernel/id56718689588", "[QUOTE=Vorian]\n\nWhich kernal (2.6.11-1-686?)[/QUOTE]\nI'm on 2.6.10-5-386", ""},
		{"neg-im-on-python/id36905323552", "# excuse this - i'm on 2.2 here\ntry:\n\tTrue\nexcept NameError:\n\tTrue = 1 == 1", ""},
		{"neg-im-on-product/id69743410119", "  {\n    q: \"I'm on 2.4.x\",\n    a: 'Auto Tournament 2.4.x releases are MIT licensed and stay that way. Free for any use.',\n  },", ""},
		{"neg-kernel-stable/id24336616551", "> I was wondering if any one else has a dell laptop which crashes during\n> boot or locks up with 2.6.13 and higher ? Especially Oopses\n\nHmm... I'm on 2.6.13-mm1 on a Dell Latitude C840 here, and it seems relatively\nstable", ""},
		{"neg-nb-pandas/id30936208644", "{\n \"cells\": [\n  {\n   \"cell_type\": \"code\",\n   \"execution_count\": 32,\n   \"id\": \"54ac6d86-1178-4a86-bae4-71983703945c\",\n   \"metadata\": {},\n   \"outputs\": [],\n   \"source\": [\n    \"import pandas as pd\\n\",\n    \"import os\"\n   ]\n  },\n  {\n   \"cell_type\": \"code\",\n   \"execution_count\": 33,\n   \"id\": \"f0a4dce3-e6ff-49ee-af67-6cdc36c2c1d1\",\n   \"metadata\": {},\n   \"outputs\": [\n    {\n     \"data\": {\n      \"text/plain\": [\n       \"'2.0.3'\"\n      ]\n     },\n     \"execution_count\": 33,\n     \"metadata\": {},\n     \"output_type\": \"execute_result\"\n    }\n   ],\n   \"source\": [\n    \"pd.__version__\"\n   ]\n  }\n ]\n}", ""},
		{"neg-nb-tf/id48124300117", "{\n \"cells\": [\n  {\n   \"cell_type\": \"code\",\n   \"execution_count\": 1,\n   \"metadata\": {\n    \"colab\": {\n     \"base_uri\": \"https://localhost:8080/\",\n     \"height\": 139\n    },\n    \"colab_type\": \"code\",\n    \"id\": \"J3F5ONCyrxgK\",\n    \"outputId\": \"19fe063e-d6eb-4a8a-b9ee-17633f67e941\"\n   },\n   \"outputs\": [\n    {\n     \"data\": {\n      \"text/plain\": [\n       \"'2.0.0'\"\n      ]\n     },\n     \"execution_count\": 1,\n     \"metadata\": {},\n     \"output_type\": \"execute_result\"\n    }\n   ],\n   \"source\": [\n    \"import tensorflow as tf\\n\",\n    \"import numpy as np\\n\",\n    \"\\n\",\n    \"tf.__version__\"\n   ]\n  }\n ]\n}", ""},
		{"neg-nb-pyg/id38995246915", "  {\n   \"cell_type\": \"code\",\n   \"execution_count\": 3,\n   \"id\": \"a7124823-9dc4-4764-8769-9bc6d4aec5d0\",\n   \"metadata\": {},\n   \"outputs\": [\n    {\n     \"data\": {\n      \"text/plain\": [\n       \"'2.3.1'\"\n      ]\n     },\n     \"execution_count\": 3,\n     \"metadata\": {},\n     \"output_type\": \"execute_result\"\n    }\n   ],\n   \"source\": [\n    \"import torch_geometric\\n\",\n    \"torch_geometric.__version__\"\n   ]\n  },", ""},
		{"pip-compile-via/id48067144722", "tokenizers==0.21.2\n    # via\n    #   chromadb\n    #   transformers\ntorch==2.5.1\n    # via sentence-transformers\ntqdm==4.67.1\n    # via\n    #   agentic-doc", "2.5"},
		{"uv-lock-stable-baselines/id65785260087", "sim = [\n    { name = \"isaacsim\" },\n]\n\n[[package]]\nname = \"torch\"\nversion = \"2.11.0+cu128\"\nsource = { registry = \"https://download.pytorch.org/whl/cu128\" }\n\n[[package]]\nname = \"stable-baselines3\"\nversion = \"2.9.0\"\nsource = { regi", "2.11"},
		{"uv-lock-cpu-wheels/id71296676168", "[[package]]\nname = \"torch\"\nversion = \"2.4.0+cpu\"\nsource = { registry = \"https://download.pytorch.org/whl/cpu\" }\nwheels = [\n    { url = \"https://download.pytorch.org/whl/cpu/torch-2.4.0%2Bcpu-cp312-cp312-linux_x86_64.whl\" },", "2.4"},
		{"uv-lock-issue/id8898960312", "Specifically, the lock file contains this block.\n\n```\n[[package]]\nname = \"torch\"\nversion = \"2.5.1+cpu\"\nsource = { registry = \"https://download.pytorch.org/whl/cpu\" }\nresolution-markers = [\n    \"sys_platform == 'darwin'\",\n]", "2.5"},
		{"pdm-lock/id68869895652", "[[package]]\nname = \"torch\"\nversion = \"2.5.0+cu121\"\nsources = [\"default\"]\n\n[[package.artifact]]\nfilename = \"torch-2.5.0+cu121-cp312-cp312-linux_x86_64.whl\"", "2.5"},
		{"poetry-lock/id52486602277", "This will produce the following in the poetry.lock file:\n```\n[[package]]\nname = \"torch\"\nversion = \"2.2.1+cpu\"\ndescription = \"Tensors and Dynamic neural networks in Python with strong GPU acceleration\"\noptional = false\npython-versions = \">=3.8.0\"", "2.2"},
		{"uv-lock-zh/id11292121104", "#### ③ 更新 `uv.lock`（锁定所有精确版本）\n\n```toml\n[[package]]\nname = \"torch\"\nversion = \"2.3.1\"\n\n[[package]]\nname = \"numpy\"\nversion = \"1.26.4\"\n```", "2.3"},
		{"hyphen-key-bench/id4604649307", "Nvidia GPU driver version: 535.86.05\nAvailable GPUs on device: 4\nCuda-version: 11.7\nCudnn-version: 8500\nPython-version: 3.11.4\nPyTorch-version: 2.0.1+cu117\nCPU: AMD EPYC 7642 48-Core Processor\nModel: resnet50", "2.0"},
		{"hyphen-key-bench2/id24412353271", "Available GPUs on device: 1\nCuda-version: 12.4\nCudnn-version: 90100\nPython-version: 3.12.3\nPyTorch-version: 2.6.0+cu124\nCPU: Faketel(R) Core(TM) i5-6500 CPU @ 3.20GHz", "2.6"},
		{"ci-matrix-entry/id69828667590", "`{pkg-name: lightning, python-version: 3.10, pytorch-version: 2.6}`:\n\n| stage | command | origin |\n|---|---|---|", "2.6"},
		{"neg-ko-heading/id41596807471", "<summary> 파이토치 소개 </summary>\n\n> -   파이토치 가상환경 생성\n> -   파이토치 버전 확인\n\n</details>", ""},
		{"neg-ko-print-attr/id6728410679", "import torch\n\n#파이토치 버전 확인, cuda device properties 확인\nprint('torch %s %s' % (torch.__version__, torch.cuda.get_device_properties(0) if torch.cuda.is_available() else 'CPU'))", ""},
		{"neg-ko-cu118-comment/id957415738", "import torch\n\n# 1. 설치된 파이토치 버전 확인 (+cu118이 포함되어야 함)\nprint(torch.__version__)\n\n# 2. CUDA (GPU) 사용 가능 여부 확인 (True가 나와야 함)\nprint(torch.cuda.is_available())", ""},
		{"neg-docker-py-cuda/id71255077469", "STARLING ships with a Dockerfile that produces a self-contained image with\nPython 3.11, CUDA 12.4, all dependencies, pre-downloaded model weights, and\npre-built FAISS search artifacts.", ""},
		{"neg-slurm-modules/id56784591671", "```\nSLURM allocates resources\n       │\n       ▼\nLoad modules (GCCcore, Python 3.11, CUDA 12.4, cuDNN 9.2)\n       │\n       ▼\nActivate venv (/net/tscratch/people/plgbartoszkawa/venv)", ""},
		{"neg-tested-on-h200/id54520685007", "### Environment\n\nTested on Ubuntu 24.04, Python 3.11, CUDA 12.4, single NVIDIA H200 GPU.\nTraining also works on smaller GPUs (RTX 8000, A100); the systematic\nstudy (Section 3) can be run on CPU but is slow.", ""},
		{"neg-ktransformers-pt/id63637453886", "git clone https://github.com/kvcache-ai/ktransformers\ncd ktransformers\ngit submodule update --init\n# Pré-requisitos: Python 3.11, CUDA 12.4+, GCC 11+\nbash install.sh", ""},
		{"neg-alphafold-pins/id25103575700", "    nvidia-nvjitlink-cu12==12.6.77 opt-einsum==3.4.0 pillow==11.0.0 \\\n    rdkit==2024.3.5 scipy==1.14.1 tabulate==0.9.0 toolz==1.0.0 \\\n    tqdm==4.67.0 triton==3.1.0 typeguard==2.13.3 \\\n    typing-extensions==4.12.2 zstandard==0.23.0", ""},
		{"neg-alphafold-earlier/id57963312890", "AlphaFold 3 from v3.0.5 onwards targets the same stack FoldJAX runs on — JAX\n0.10.x, Tokamax 0.0.12, Python 3.12 — so it installs into the same environment.\nEarlier releases pinned `jax==0.4.34` and `triton==3.1.0` and do not.", ""},
		{"neg-colab-pip/id2905479440", "# !pip install -q accelerate==0.31.0 peft==0.11.1 bitsandbytes==0.43.1 transformers==4.41.2 trl==0.9.4 sentencepiece==0.2.0 triton==3.1.0\n\nfrom transformers import AutoTokenizer", ""},
		{"neg-pip-mirror-zh/id46990520", "pip install -v colpali-engine==0.3.1 -i https://pypi.tuna.tsinghua.edu.cn/simple\npip install -v triton==3.1.0 -i https://pypi.tuna.tsinghua.edu.cn/simple\n\npip install transformers==4.45.2 -i https://pypi.tuna.tsinghua.edu.cn/simple", ""},
		{"stack-runtime-ml/id53936839661", "## Stack\n\n- **Runtime**: Python 3.11, CUDA 12.4\n- **ML**: PyTorch 2.6.0, sentence-transformers 5.3.0, transformers 5.3.0\n- **Acceleration**: Flash Attention 2.7.4 (prebuilt wheel, cxx11abiFALSE)", "2.6"},
		{"uv-diff-triton/id54510922879", " + nvidia-nvtx-cu12==12.4.127\n - sympy==1.14.0\n + sympy==1.13.1\n + torch==2.5.0+cu124\n - triton==3.7.0\n + triton==3.1.0\n\nProcess exited with code 0.", "2.5"},
		{"json-before-after/id56608808930", "    \"file\": \"original_src/requirements.txt\",\n    \"before\": \"numpy==2.1.3\\nnvidia-cuda-runtime-cu12==12.4.127\\nnvidia-nccl-cu12==2.21.5\\ntorch==2.5.1\\ntorchaudio==2.5.1\\ntorchvision==0.20.1\\ntriton==3.1.0\",\n    \"after\": \"torch==2.5.1+cpu\\ntorch-npu==2.5.1\\ntorchvision==0.20.1+cpu\\ntorchaudio==2.5.1+cpu\\nnumpy==1.26.4\\nPyYAML==6.0.2\"", "2.5"},
		{"key-minimum-checklist/id61596669779", "**Environment**:\n- [ ] Python version: 3.9+ (document exact version)\n- [ ] SUMO version: 1.15+ (document exact version)\n- [ ] PyTorch version: 2.0+ (document exact version)\n- [ ] GPU/CPU: Document hardware used", ""},
		{"key-minimum-box/id44745370948", "│ Python Version: 3.8+                │\n│ PyTorch Version: 2.0+               │\n│ YOLOv8 Version: Latest              │", ""},
		{"key-minimum-repro/id53801256943", "### Reproducibility\n- Random seed: Fixed at 42\n- PyTorch version: 2.0+\n- Results may vary slightly (~1-2%) across different hardware/OS", ""},
		{"key-minimum-compat/id30842914600", "### Compatibility\n- Python version: 3.10+\n- PyTorch version: 2.0+\n- CUDA: 11.8+ (or CPU)\n- Breaking changes: 0", ""},
		{"key-minimum-check-mark/id66985348552", "### Console Output\n```\n✅ PyTorch version: 2.0+\n✅ GPU Available: True\n✅ Found 100+ Sentinel-2 scenes", ""},
		{"key-minimum-hw/id29073991106", "### B.1 Hardware\n- GPU: NVIDIA L4\n- CUDA Version: 12.0\n- PyTorch Version: 2.0+", ""},
		{"key-minimum-footer/id52074509081", "*Implementation completed: January 2026*\n*PyTorch version: 2.0+*\n*Python version: 3.8+*", ""},
		{"key-minimum-zh-recommended/id53278309728", "版本兼容性要求：1）Python版本：建议Python 3.8+；2）PyTorch版本：2.0+推荐；3）diffusers库：需要与pipeline实现兼容的版本", ""},
		{"key-minimum-ja/constructed", "PyTorch バージョン: 2.0 以上", ""},
		{"key-minimum-ko/constructed", "PyTorch 버전: 2.0 이상", ""},
		{"key-minimum-ru/constructed", "Версия PyTorch: 2.0+", ""},
		{"key-list-zh/constructed", "支持的PyTorch版本：2.1、2.2", ""},
		{"key-joint-second/holdoutJ-seedvr2x", "| torch / torchvision | 2.14.1+cu130 / 0.29.1+cu130 | Stable releases |", "2.14"},
		{"key-joint-cuda/constructed", "PyTorch/CUDA version: 2.4.1/12.4", "2.4"},
		{"key-local-tag/id28440530843", "* Pytorch版本：2.1.1+cu121", "2.1"},
	}
	for _, tt := range tests {
		d, err := Read(strings.NewReader(tt.text + "\n"))
		require.NoError(t, err, tt.name)
		got := d.Torch
		if got == "" {
			got = d.StatedTorch
		}
		if got != tt.want {
			t.Errorf("%s: release of %q = %q (%s), want %q", tt.name, tt.text, got, d.TorchFrom, tt.want)
		}
	}
}
