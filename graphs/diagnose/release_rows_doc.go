//go:build !js

package diagnose

// releaseRowDocs gives each row of releaseRows, by name, an example line that states
// the release want its way and where people write it so (source: a public text, most of
// them in testdata/corpus). TestReleaseRows holds each row to its example. They are
// left out of the web page's build (GOOS=js), which has no use for them and a
// transfer budget they would take about 4.6 KB of.
// releaseRowDoc is a row's example and source.
type releaseRowDoc struct {
	example, want, source string
}

var releaseRowDocs = map[string]releaseRowDoc{
	"move-from-to": {
		example: "I had a regression just upgrading the pytorch docker image from 2.1.2 to 2.2.0. I was testing compiling", want: "2.2",
		source: "https://github.com/pytorch/pytorch/issues/118865"},
	"move-arrow": {
		example: "torch 2.6.0->2.5.1", want: "2.5",
		source: "https://github.com/ByteDance-Seed/Bagel/issues/201 (a comment under the error, whose run is 2.6's: the failure told only before the move is on the release moved from, versionFinder.moveBack)"},
	"move-verb-to": {
		example: "Upgrading torch 2.4 to 2.11 gives:", want: "2.11",
		source: "https://github.com/pytorch/pytorch/issues/145220 (\"after upgrading to PyTorch 2.6.0 from 2.5.1\"); sweep finding 6 of this repository"},
	"move-to-from": {
		example: "There is an issue with tracing after upgrading to PyTorch 2.6.0 from 2.5.1.", want: "2.6",
		source: "https://github.com/pytorch/pytorch/issues/145220; branch fixrel29's brief (\"I downgraded to torch 2.5.1 from 2.6.0 and get:\", read as none before)"},
	"move-from-to-bare": {
		example: "After downgrading from 2.14.0 to 2.11.0 I get:", want: "2.11",
		source: "branch fixrel29's brief (holdoutEX's move misreads: \"After downgrading from torch 2.14.0 to 2.11.0 I get:\"), torch unnamed as moved-to-bare's \"after upgrading to 2.5\" (https://github.com/pytorch/pytorch/issues/133571)"},
	"replaced-with": {
		example: "pip deps for Florence (timm) silently replaced torch 2.6.0+cu124 with 2.12.1+cpu", want: "2.12",
		source: "search tool code corpus id 55382148568 (a project's incident notes); branch rel15"},
	"uninstalled-installed": {
		example: "a bare `uv run` silently uninstalled torch 2.10.0+cu130 and installed 2.13.0+cu130", want: "2.13",
		source: "search tool code corpus id 62397144310 (a setup script's comment, there cut over two lines); branch rel15"},
	"regression-between": {
		example: "Regressions detected in TorchInductor between 2.9 RC vs 2.8", want: "2.9",
		source: "https://github.com/pytorch/pytorch/issues/163670"},
	"moved-to-bare": {
		example: "It worked on PyTorch 2.4, but after upgrading to 2.5 it crashes", want: "2.5",
		source: "https://github.com/pytorch/pytorch/issues/133571 (\"Errors with torch.compile after upgrading to 2.4.0\")"},
	"moved-to-bare-de": {
		example: "Funktionierte mit torch 2.4, seit dem Upgrade auf 2.6 kommt:", want: "2.6",
		source: "moved-to-bare's sibling in German prose; fixrel31's open phrasings (session 31: it had read 2.4, the release that worked)"},
	"moved-to-bare-ja": {
		example: "torch 2.6 には問題がありませんでしたが、2.7 にアップグレードした後に失敗します", want: "2.7",
		source: "moved-to-bare's sibling in Japanese prose; fixrel31's open phrasings (session 31: it had read 2.6 as a package list)"},
	"moved-to-bare-zh": {
		example: "torch 2.6 没问题，升级到 2.7 后报错", want: "2.7",
		source: "moved-to-bare's sibling in Chinese prose, the Japanese phrasing's (fixrel31b)"},
	"fails-bare-before": {
		example: "Torch 2.9 compiles, Torch 2.7 fails.", want: "2.7",
		source: "https://github.com/Comfy-Org/ComfyUI/issues/11457"},
	"fails-since": {
		example: "Since 2.6, torch.compile crashes with this", want: "2.6",
		source: "sweep finding 6 of this repository (\"Since 2.6, torch.compile crashes\"); https://github.com/pytorch/pytorch/issues/140419 (\"after upgrading to torch 2.5.1 from 2.4.1 it started to fail\")"},
	"collect-env": {
		example: "PyTorch version: 2.7.1+cu128", want: "2.7",
		source: "https://github.com/pytorch/pytorch/issues/122192 (python -m torch.utils.collect_env)"},
	"version-attr": {
		example: ">>> torch.__version__ '2.5.1+cu124'", want: "2.5",
		source: "https://github.com/pytorch/pytorch/issues/109451 (\">>> torch.__version__\" with the value beside or below)"},
	"version-attr-spaced": {
		example: "print(torch. __ version __ ) 2.5.1+cu124", want: "2.5",
		source: "https://github.com/chengzeyi/Comfy-WaveSpeed/issues/7"},
	"version-attr-spaced-dot": {
		example: "torch. __version__ = 2.6.0", want: "2.6",
		source: "https://github.com/chengzeyi/Comfy-WaveSpeed/issues/7"},
	"package-list": {
		example: "torch                     2.9.0.dev20250723+cu128", want: "2.9",
		source: "https://github.com/meta-pytorch/gpt-fast/issues/232 (pip list); conda list: https://github.com/pytorch/pytorch/issues/95445"},
	"pip-installed": {
		example: "Successfully installed torch-2.3.0 torchaudio-2.3.0", want: "2.3",
		source: "https://github.com/2noise/ChatTTS/issues/133"},
	"pip-satisfied": {
		example: "Requirement already satisfied: torch>=2.0 in ./venv/lib/python3.11/site-packages (2.3.0)", want: "2.3",
		source: "https://huggingface.co/spaces/zmbfeng/text_to_speech_sync_video/blob/main/Wav2Lip/%3D1.7 (\"Requirement already satisfied: torch in /usr/local/lib/python3.10/dist-packages (2.1.0+cu121)\")"},
	"pip-conflict": {
		example: "vllm 0.6.3 requires torch==2.4.0, but you have torch 2.5.1 which is incompatible.", want: "2.5",
		source: "pypa/pip src/pip/_internal/commands/install.py (the conflict warning \"… requires …, but you have …\")"},
	"pin": {
		example: "[pip3] torch==2.8.0+cu128", want: "2.8",
		source: "https://github.com/vllm-project/vllm/issues/26379 (collect_env's library list); requirements files"},
	"pin-one-minor": {
		example: "        \"torch~=2.0.0\",", want: "2.0",
		source: "a Modal image's .pip_install(…) list (the search tool's code corpus, file id 15467709275); PEP 440's compatible release (\"~=2.0.0\" is \">=2.0.0, ==2.0.*\"), arbitrary equality and exclusive bounds (packaging.python.org, Version specifiers)"},
	"version-key": {
		example: "- PyTorch version (GPU?): 2.1.2+cu121 (True)", want: "2.1",
		source: "https://github.com/huggingface/transformers/issues/31645 (transformers-cli env); https://github.com/facebookresearch/sapiens/issues/141 (\"Torch version : 2.4.1\"); https://github.com/kijai/ComfyUI-WanVideoWrapper/issues/1154 (\"- **PyTorch Version:** 2.7.0+cu128\"); https://github.com/huggingface/transformers/issues/47321 (\"- PyTorch version (accelerator?): 2.12.1+cu130 (CUDA)\", transformers' env.py); DeepSpeed's ds_report (deepspeed/env_report.py: \"torch version .................... 2.0.1+cu117\", as dsj96/peft's README pastes it)"},
	"version-key-cjk": {
		example: "PyTorch版本为2.5.1", want: "2.5",
		source: "https://blog.gitcode.com/c2e9c417d33ba975caea5b1388706045.html (\"- PyTorch版本:2.6.0.dev20241230+cu126\")"},
	"prose-cjk-is": {
		example: "我用的torch是2.5.1，报错如下", want: "2.5",
		source: "Chinese prose (\"torch是2.5.1\"), found by branch release's phrasing sweep (2026-12-03); the copula form of version-key-cjk's \"torch版本是2.5.1\""},
	"version-of": {
		example: "The version of torch is 2.5.1", want: "2.5",
		source: "READMEs in the search tool's code corpus (\"the version of torch is 2.5.0+cu121, the version of torchvision is 0.20.0+cu121\")"},
	"joint-key": {
		example: "Pytorch+CUDA versions = 2.0.1+cu118", want: "2.0",
		source: "https://github.com/lyn-rgb/FreeU_Diffusers/issues/5"},
	"table-row": {
		example: "|torch|2.5.1|", want: "2.5",
		source: "https://github.com/microsoft/onnxruntime/blob/0b269f02c11082ca362bea652e60f788aa7d9bfe/onnxruntime/python/tools/transformers/models/stable_diffusion/README.md (\"| torch | 2.0.0.dev20230220+cu117 |\")"},
	"table-joint-key": {
		example: "| torch / torchvision | 2.14.1+cu130 / 0.29.1+cu130 |", want: "2.14",
		source: "https://github.com/hekmon/seedvr2x/blob/146c656f00dadea2031ee5acab425a7604d37641/docs/environment.md (holdoutJ)"},
	"joint-list": {
		example: "Python / PyTorch / CUDA: 3.10 / 2.1.0 / 12.1", want: "2.1",
		source: "a joint key with torch among several names, the sibling of joint-key's \"Torch/CUDA: 2.4.0/12.1\" " +
			"(TestJointList); before these rows the line read Python's 3.10"},
	"table-joint-list": {
		example: "| CUDA / PyTorch | 13.0 / 2.13.0+cu130 |", want: "2.13",
		source: "a benchmark's comparison environment in the search tool's code corpus (id 59726017461); " +
			"holdoutBR's Applio report (\"| torch / CUDA / triton | 2.13.0+cu132 / 13.2 / 3.7.1 |\", measured before)"},
	"file-name": {
		example: "Using cached torch-2.5.1-cp311-cp311-manylinux1_x86_64.whl (906.4 MB)", want: "2.5",
		source: "https://github.com/kyutai-labs/moshi/issues/156 (torch-2.3.1+cu121-cp312-cp312-linux_x86_64.whl); https://github.com/pytorch/pytorch/issues/130249 (Downloading …/torch-2.6.0.dev20241104-cp313-none-macosx_11_0_arm64.whl)"},
	"nix-store": {
		example: "/nix/store/0abc-python3.13-torch-2.7.1/lib/python3.13/site-packages/torch/_inductor/lowering.py", want: "2.7",
		source: "https://github.com/NixOS/nixpkgs/pull/432046 (a traceback's frames under /nix/store/…-python3.13-torch-2.7.1/; holdoutI1)"},
	"conda-plan": {
		example: "  pytorch                    2.4.0-py3.11_cuda12.1_cudnn9.1.0_0 --> 2.5.1-py3.11_cuda12.4_cudnn9.1.0_0", want: "2.5",
		source: "https://github.com/ContinuumIO/anaconda-issues/issues/12302 (\"pytorch  pytorch::pytorch-1.7.1-py3.8_cuda10.2~ --> pkgs/main::pytorch-1.7.1-cpu_py38h6a09485_0\", conda's SUPERSEDED plan)"},
	"rocm-tag": {
		example: "docker run -it rocm/pytorch:rocm6.1_ubuntu22.04_py3.10_pytorch_2.1.2 python", want: "2.1",
		source: "https://github.com/ROCm/ROCm/issues/2950 (\"Failure on: rocm/pytorch:rocm6.1_ubuntu22.04_py3.10_pytorch_2.1.2\"); Dockerfiles FROM rocm/pytorch:rocm6.4.4_ubuntu24.04_py3.12_pytorch_release_2.7.1 in the search tool's code corpus"},
	"colon-key": {
		example: "version: v1.10.1  •  python: 3.10.11  •  torch: 2.1.2+cu121", want: "2.1",
		source: "https://github.com/shenduldh/ComfyUI-Lightning/issues/3 (\"torch:2.5.1\"); https://github.com/triton-inference-server/server/issues/8877 (\"PyTorch: 2.12.1+cu130\"); https://github.com/pytorch/pytorch/issues/118865 (pytorch/pytorch:2.2.0-cuda12.1-cudnn8-runtime)"},
	"affected-key": {
		example: "Apple M5 Pro, 48GB, macOS 26.4. Affected: torch 2.12.0. Verified fixed:", want: "2.12",
		source: "testdata/corpus ha_neg_mps_memory_growth_torch2120_nightly213 (an investigation's \"## Environment\"); \"Affected: torch 2.11.0+cu128\" in bug write-ups in the search tool's code corpus (id 53131631186)"},
	"quoted-key": {
		example: `  "torch": "2.6.0",`, want: "2.6",
		source: "JSON environment records in the search tool's code corpus (a run's expected_runtime: \"torch\": \"2.2.0a0+81ea7a4\")"},
	"version-var": {
		example: "ARG PYTORCH_VERSION=2.5.1", want: "2.5",
		source: "https://github.com/jonghwanhyeon/dockerfiles/blob/HEAD/ml/torch.Dockerfile (ARG TORCH_VERSION=1.11.0); Dockerfiles with ARG PYTORCH_VERSION=2.x in the search tool's code corpus"},
	"official-docker": {
		example: "Same issue on the official docker 2.1.0 image", want: "2.1",
		source: "https://github.com/pytorch/pytorch/issues/107960"},
	"spec-pin": {
		example: "  - pytorch=2.5.1=py3.11_cuda12.4_cudnn9.1.0_0", want: "2.5",
		source: "https://github.com/huggingface/transformers/issues/37908 (\"torch=2.6.0+cu124\"); https://github.com/karpathy/autoresearch/pull/232 (\"torch= 2.9.1+cu128\")"},
	"prose": {
		example: "[Bug] TritonMissing with FramePackSampler on Windows (PyTorch 2.7.0, RTX 5070)", want: "2.7",
		source: "https://github.com/ShmuelRonen/ComfyUI-FramePackWrapper_Plus/issues/6"},
	"prose-glued": {
		example: "Error when using torch.compile with Pytorch2.3", want: "2.3",
		source: "https://github.com/pytorch/pytorch/issues/90831 (\"with Pytorch2.0\"); READMEs in the search tool's code corpus for a release before 2.0 (\"win10 + cuda11.3 +pytorch1.10.0\", \"with pytorch1.10.0\")"},
	"prose-joined": {
		example: "所有实验均在 Python(3.11)、 PyTorch(2.7.0+cu126)以及Nvidia GeForce RTX 3080 环境下实现", want: "2.7",
		source: "READMEs and notes in the search tool's code corpus (\"PyTorch(2.7.0+cu126)\", \"BigVGAN SIGSEGVs on torch-2.12/aarch64\", \"run twice on torch-2.9 / vLLM-0.16 runtimes\")"},
	"ultralytics-banner": {
		example: "Ultralytics 8.3.40 🚀 Python-3.11.9 torch-2.5.1+cu124 CUDA:0 (NVIDIA GeForce RTX 4090, 24210MiB)", want: "2.5",
		source: "ultralytics/ultralytics ultralytics/utils/torch_utils.py select_device (f\"Ultralytics {__version__} 🚀 Python-{PYTHON_VERSION} torch-{TORCH_VERSION} \")"},
	"prose-pt": {
		example: "Since PT 2.6 the skip is logged", want: "2.6",
		source: "https://github.com/intel/torch-xpu-ops/issues/1836 (\"got fail_to_run with PT2.8\")"},
	"prose-loose": {
		example: "torch.compile after upgrading the container: 2.4.0", want: "2.4",
		source: "https://github.com/pytorch/pytorch/issues/104918"},
	"prose-fails-on": {
		example: "torch.compile with reduce-overhead fails on 2.5", want: "2.5",
		source: "https://github.com/Comfy-Org/ComfyUI/issues/6866 (\"flux torch compilation broken again on 2.6.0\")"},
	"compile-fails-on": {
		example: "DistributedDataParallel with compile(..., mode=\"max-autotune\") broken in 2.5+", want: "2.5",
		source: "https://github.com/pytorch/pytorch/issues/140395"},
	"fails-bare-after": {
		example: "worked in 2.0, broke in 2.1", want: "2.1",
		source: "https://github.com/LLM-QC/AdversariaLLM/issues/36 (\"raises an Error in Pytorch 2.6.0\"); https://github.com/xl0/lovely-tensors/issues/24 (\"something must be broken in Pytorch 2.5.0\")"},
	"fails-with-bare-after": {
		example: `torch.bmm on CUDA crashes with "fatal error: Python.h" in 2.14 when python3-dev is missing`, want: "2.14",
		source: "https://github.com/pytorch/pytorch/issues/196977's title (holdoutES, measured before)"},
	"release-branch": {
		example: "The validation job on `release/2.13` fails in the smoke test", want: "2.13",
		source: "pytorch/test-infra#8230's body (holdoutBH); its title's \"[release/2.13]\" tag, the branch the change goes to, is no run's (branchTarget)"},
	"release-tag": {
		example: "# [release 2.11][triton] trunk / linux-jammy-rocm-py3.10 / test failures", want: "2.11",
		source: "pytorch/pytorch's release tracker issues titled \"[release 2.N] …\" (holdoutBJ's #174313, measured before)"},
	"bare-local-tag": {
		example: "# Mistral works on (2.0.1+cu117) but \"CUDA out of memory\" on (2.1.2+cu121)", want: "2.1",
		source: "https://github.com/pytorch/pytorch/issues/116928's title (issue 21's v39a R1); torch's wheels' local tags, download.pytorch.org/whl/{cu121,rocm6.1,cpu,xpu}"},
	"nightly": {
		example: "reproduced on 2.13.0.dev20260518+cu130 as well", want: "2.13",
		source: "https://github.com/pytorch/pytorch/issues/123177 (\"PyTorch nightly (`2.13.0.dev20260518+cu130`)\")"},
	"source-build": {
		example: "I built it from source at 2.2.0a0+git8ac9b20", want: "2.2",
		source: "https://github.com/pytorch/pytorch/issues/109451 ('2.1.0a0+git6d20b39', a build from source)"},
	"prose-moved-to": {
		example: "This was with a Pytorch 2.8 setup. I did a new install which gave me PyTorch 2.9.1", want: "2.9",
		source: "https://github.com/kijai/ComfyUI-KJNodes/issues/496"},
	"next-version-attr": {
		example: ">>> torch.__version__\n'2.4.0'", want: "2.4",
		source: "https://github.com/chengzeyi/Comfy-WaveSpeed/issues/7 (python -c \"import torch; print(torch. __ version __ )\", the value below)"},
	"next-pip-show": {
		example: "Name: torch\nVersion: 2.3.0", want: "2.3",
		source: "pypa/pip src/pip/_internal/commands/show.py (pip show torch: \"Name: torch\" then \"Version: 2.5.1\", pasted so in issues)"},
	"next-versions-heading": {
		example: "### Versions\n2.2.0\ntrunk", want: "2.2",
		source: "https://github.com/pytorch/pytorch/issues/119607 (its Versions section holds the release alone; pytorch/pytorch .github/ISSUE_TEMPLATE/bug-report.yml names the field Versions)"},
	"next-lock-name": {
		example: "[[package]]\nname = \"torch\"\nversion = \"2.6.0+cu124\"", want: "2.6",
		source: "https://github.com/astral-sh/uv/issues/10693 (a uv.lock's [[package]] entries: name = \"…\", version = \"…\"); poetry.lock and pdm.lock write the same keys"},
	"next-pip-show-grep": {
		example: "$ pip show torch | grep Version\nVersion: 2.5.1", want: "2.5",
		source: "pypa/pip src/pip/_internal/commands/show.py (pip show's \"Version: …\" line), filtered by grep; branch recallC's probe"},
	"next-version-key": {
		example: "Pytorch Version\n2.10.0+cu130", want: "2.10",
		source: "https://github.com/Comfy-Org/ComfyUI/issues/13136 (System Info)"},
	"ngc-tag": {
		example: "FROM nvcr.io/nvidia/pytorch:24.01-py3", want: "2.2",
		source: "https://github.com/ByteDance-Seed/Triton-distributed/releases/tag/experimental (\"container tag: nvcr.io/nvidia/pytorch:25.04-py3\")"},
	"ngc-image-short": {
		example: "singularity exec pytorch_25.08-py3.sif python train.py", want: "2.8",
		source: "a TWCC guide's \"singularity exec pytorch_25.08-py3.sif python -c 'import torch; print(torch.__version__)'\" then 2.8.0a0+34c6371d24.nv25.08 (the search tool's code corpus, file 61415356879); enroot's \"enroot start --rw pytorch-ngc-22.12\" (19878368445)"},
	"ngc-env": {
		example: "    NVIDIA_PYTORCH_VERSION=23.10", want: "2.1",
		source: "a vLLM collect_env's environment variables, \"PYTORCH_BUILD_VERSION=2.1.0a0+32f93b1\" and \"NVIDIA_PYTORCH_VERSION=23.10\" (the search tool's code corpus, file 16983329648)"},
	"ngc-banner": {
		example: "| PyTorch | NVIDIA Release 25.09 |", want: "2.9",
		source: "an MLPerf run's system table, \"| PyTorch | NVIDIA Release 25.09 |\" (the search tool's code corpus, file 60991496124); the container's banner \"== PyTorch ==\" / \"NVIDIA Release 25.09 (build 210907838)\" (15061462311)"},
	"ngc-prose": {
		example: "Running in the 24.05 PyTorch container from NGC", want: "2.4",
		source: "holdoutW's w_alpha0422_* texts (\"Image: nvcr.io/nvidia/pytorch:23.11-py3\"), said in prose as \"NGC 24.05\", \"NVIDIA PyTorch 24.05\" (branch recallC's brief)"},
	"bare-and-nightly": {
		example: "With 24G vram I cannot even use the above size of 1GB without OOMing on current 2.6 and nightly.", want: "2.6",
		source: "https://github.com/pytorch/pytorch/issues/148165 (holdoutM's open miss)"},
	"nightly-and-bare": {
		example: "It OOMs on nightly and 2.5.1", want: "2.5",
		source: "https://github.com/pytorch/pytorch/issues/148165's phrasing (\"on current 2.6 and nightly\") in the other order"},
	"bare-channel-word": {
		example: "The compile still OOMs on 2.6 nightly", want: "2.6",
		source: "https://github.com/pytorch/pytorch/issues/148165's phrasing (\"on current 2.6 and nightly\") with the channel after the release alone"},
	"bare-current": {
		example: "torch.compile fails on the latest stable 2.2", want: "2.2",
		source: "https://github.com/kohya-ss/sd-scripts/issues/1125 (\"I tried using both torch 2.1 and the latest stable 2.2, both give the following error\")"},
	"issue-exists-on": {
		example: "Hi, I can confirm this issue existing in v2.11.0. I believe it has been fixed in nightly", want: "2.11",
		source: "https://github.com/pytorch/pytorch/issues/181366"},
	"checked-on": {
		example: "It seems to crash. I verified in 2.12 and 2.11. The traceback (reprod in google colab) is", want: "2.12",
		source: "https://github.com/pytorch/pytorch/issues/193693 (holdoutDT)"},
	"xformers-you-have": {
		example: "    PyTorch 2.4.1+cu124 with CUDA 1204 (you have 2.5.0+cu124)", want: "2.5",
		source: "facebookresearch/xformers xformers/_cpp_lib.py (xFormersInvalidLibException); https://github.com/facebookresearch/xformers/issues/1121, https://github.com/facebookresearch/xformers/issues/1250"},
	"xformers-info": {
		example: "pytorch.version:                                   2.0.1+cu118", want: "2.0",
		source: "facebookresearch/xformers xformers/info.py (print_info); https://github.com/facebookresearch/xformers/issues/859 (python -m xformers.info)"},
	"runpod-tag": {
		example: "FROM runpod/pytorch:0.7.0-dev-cu1241-torch240-ubuntu2204", want: "2.4",
		source: "runpod's containers README in the search tool's code corpus (\"Torch 2.4.0: … runpod/pytorch:0.7.0-dev-cu1241-torch240-ubuntu2004\"); branch recallC's probe"},
	"aws-dlc-tag": {
		example: "FROM 763104351884.dkr.ecr.us-east-1.amazonaws.com/pytorch-training:2.5.1-gpu-py311-cu124-ubuntu22.04-sagemaker", want: "2.5",
		source: "https://github.com/aws/deep-learning-containers/releases/tag/v1.26-pt-sagemaker-1.13.1-inf-cpu-py39 (pytorch-inference:1.13.1-cpu-py39-… holds torch==1.13.1+cpu); https://github.com/aws/deep-learning-containers/releases/tag/v1.0-hf-tgi-0.9.3-pt-2.0.1-inf-gpu-py39 (huggingface-pytorch-tgi-inference:2.0.1-tgi0.9.3-… holds torch==2.0.1)"},
	"bare-run-on": {
		example: "Running on 2.1.0, [this commit](https://github.com/pytorch/pytorch/commit/f89af601833f5e755a10596733b0834f6161e206) seems to introduce a strange error", want: "2.1",
		source: "https://github.com/pytorch/pytorch/issues/110779 (holdoutO)"},
	"bare-status-fails": {
		example: "- 2.4: fine\n- 2.5: broken", want: "2.5",
		source: "https://github.com/Chennesxu/triton-turing/issues/24 (holdoutO: \"**PyTorch 2.10** (pins Triton 3.6): works.\" / \"**PyTorch 2.4** (pins Triton 3.0): fails.\"), the same list with the releases bare"},
	"but-not-on": {
		example: "Works with torch 2.4.1 but not with 2.5.0", want: "2.5",
		source: "pytorch/pytorch#97008's title (\"PyTorch 2.0 torch.compile works on CPU but not GPU\"), the contrast of two releases instead of two devices (branch release's phrasing sweep)"},
	"introduced-in": {
		example: "This bug was introduced in torch 2.5", want: "2.5",
		source: "the failure's release against otherRun's \"introduced\" (\"PyTorch 2.0 introduced torch.compile\", a feature's release; branch release's phrasing sweep)"},
	"first-bad": {
		example: "Last good version: 2.3.1\nFirst bad version: 2.4.0", want: "2.4",
		source: "a bisection's report, the sibling of \"Last known good: torch 2.3.1\" (release_other.go; testdata/corpus/README.md, \"Release phrasings and new codes\": left open there)"},
	"poetry-update": {
		example: "  - Updating torch (2.4.1 -> 2.5.1)", want: "2.5",
		source: "python-poetry/poetry src/poetry/installation/executor.py (_execute_update: Updating/Downgrading {name} ({from} -> {to})); branch recallB's phrasing sweep"},
	"distro-package": {
		example: "ii  python3-torch  2.6.0+dfsg-7  amd64  Tensors and Dynamic neural networks in Python", want: "2.6",
		source: "Debian trixie's python3-torch 2.6.0+dfsg-7, measured in this repository (testdata/torch/2.6.0-debian, config/pyfacts.go); Arch Linux's python-pytorch-cuda, Fedora's python3-torch, Spack's py-torch name the package the same way"},
	"next-lock-name-yaml": {
		example: "- name: pytorch\n  version: 2.5.1\n  manager: conda", want: "2.5",
		source: "conda/conda-lock tests/test-explicit-toposorted/conda-lock.yml (- name: … / version: …); conda/rattler test-data/conda-lock/v4/pypi-matplotlib-lock.yml (pixi's kind / name / version entries)"},
	"version-of-torch-intl": {
		example: "con la versión 2.5.1 de PyTorch el compile falla", want: "2.5",
		source: "the release before torch's name in French, Spanish, Portuguese, Italian, German and Russian prose, version-of-torch's sibling; branch recallG's phrasing probe"},
	"version-of-torch-cjk": {
		example: "使用 2.5.1 版本的 PyTorch 时报错", want: "2.5",
		source: "the release before torch's name in Chinese (版本的) and Japanese (版の, バージョンの) prose, version-of-torch's sibling; branch recallG's phrasing probe"},
	"moved-torch-to": {
		example: "# because pip upgraded torch to 2.10 but left torchvision at 0.19 — Unsloth refused to import", want: "2.10",
		source: "a Hugging Face Space's Dockerfile comment (\"Odyssey Station\", found by branch recallJ, 2026-12-03); \"SAM2 upgraded torch to 2.11+cu130, breaking CUDA\" in a project's status notes"},
	"move-arrow-bare": {
		example: "[Regression 2.5 -> 2.6] reduce-overhead fails", want: "2.6",
		source: "a bare move by its numbers in a title (the sibling of move-arrow's \"torch 2.6.0->2.5.1\", ByteDance-Seed/Bagel#201); branch recallG's phrasing probe"},
	"move-zh": {
		example: "从 torch 2.4 升级到 2.5 后 torch.compile 报错", want: "2.5",
		source: "a move between two releases in Chinese prose (从 X 升级到 Y), the sibling of move-from-to; branch recallG's phrasing probe"},
	"move-ja": {
		example: "torch を 2.5 から 2.4 にダウングレードしたら直った", want: "2.5",
		source: "a move between two releases in Japanese prose (X から Y にアップデート/ダウングレード), the sibling of move-from-to; branch recallG's phrasing probe"},
	"version-of-torch": {
		example: "using version 2.5.1 of PyTorch", want: "2.5",
		source: "the release before torch's name, the sibling of \"the version of torch is 2.5.1\" (version-of); branch recallB's phrasing sweep"},
	"prose-pt-patch": {
		example: "using pt2.0.1 and cuda 11.8", want: "2.0",
		source: "prose-pt's sibling with 2.0 and a patch (\"PT2.0\" alone is the compile stack's name); branch recallB"},
	"prose-pt-installed": {
		example: "I install pt2.0 with conda install pytorch torchvision torchaudio pytorch-cuda=11.7 -c pytorch-nightly", want: "2.0",
		source: "https://discuss.pytorch.org/t/171373 (holdoutU's u_neg_discuss171373, routed by the lead)"},
	"bound-installed": {
		example: "torch>=2.5 is installed (2.5.1)", want: "2.5",
		source: "the lead's probe of 75 phrasings (2026-12-03), the sibling of pip's \"Requirement already satisfied: torch>=2.0 in … (2.3.0)\""},
}
