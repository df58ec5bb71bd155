package diagnose

import "strconv"

// toolRows are other tools' reports of the torch they run on, under their own keys
// (branch release, 2026-12-03, second pass):
//
//   - xFormers' warning when its build does not match the torch it runs on, whose "(you
//     have …)" is torch.__version__ and whose first release is the one xFormers was built
//     for, another run's (facebookresearch/xformers xformers/_cpp_lib.py,
//     xFormersInvalidLibException: "xFormers was built for:\n    PyTorch {} with CUDA {}
//     (you have {})"; pasted in xformers#1121 and #1250, vLLM's Ray workers print it on one
//     line);
//   - python -m xformers.info, whose "pytorch.version:" is torch.__version__
//     (xformers/info.py print_info: features["pytorch.version"] = torch.__version__;
//     xformers#859 pastes it);
//   - AWS's Deep Learning Containers, whose pytorch-training and pytorch-inference tags
//     (and Hugging Face's huggingface-pytorch-… on them) start with the torch they hold
//     (aws/deep-learning-containers' release notes: v1.26-pt-sagemaker-1.13.1-inf-cpu-py39
//     publishes pytorch-inference:1.13.1-cpu-py39-ubuntu20.04-sagemaker with
//     torch==1.13.1+cpu, v1.0-hf-tgi-0.9.3-pt-2.0.1-inf-gpu-py39
//     huggingface-pytorch-tgi-inference:2.0.1-tgi0.9.3-gpu-py39-… with torch==2.0.1);
//   - RunPod's images, whose newer tags squeeze the release into "torch" and its digits
//     (runpod's containers README, generated: "### CUDA 12.4.1: - Torch 2.4.0: … -
//     runpod/pytorch:0.7.0-dev-cu1241-torch240-ubuntu2204", the search tool's code
//     corpus; branch recallC's probe): runpodReleases maps the digits back.
func toolRows() []releaseRow {
	return []releaseRow{
		{name: "xformers-you-have", what: "version report", literal: "you have", anchors: []string{"(you have "}, rank: rankTorch,
			shape: `\bPyTorch\s+\S+\s+with\s+CUDA\s+\S+\s+\(you\s+have\s+` + ver + `\)`},
		{name: "xformers-info", what: "version report", literal: ".version", anchors: []string{"pytorch.version", "PyTorch.version"}, rank: rankTorch,
			shape: `(?i)(?:^|[^\w.])pytorch\.version['"]?\s*[:=]\s*['"]?` + ver},
		{name: "aws-dlc-tag", what: "image or key", literal: "pytorch-", anchors: []string{"pytorch-training", "pytorch-inference", "pytorch-tgi-inference", "pytorch-trcomp-training"}, rank: rankPath,
			shape: `\bpytorch-(?:training|inference|tgi-inference|trcomp-training)(?:-[a-z]+)?:` + ver + `-`},
		{name: "runpod-tag", what: "image or key", literal: "runpod/pytorch:", anchors: []string{"runpod/pytorch:"}, rank: rankPath,
			shape: `\brunpod/pytorch:\S*?-torch(2\d{2,3})(?:-|$|\s)`, releases: runpodReleases()},
	}
}

// runpodReleases maps RunPod's squeezed "torch240" digits to the release: 2, the minor
// and the patch, for the minors 0 to 14 (torch2100 is 2.10.0) and the patches 0 to 9.
func runpodReleases() map[string]string {
	out := map[string]string{}
	for minor := 0; minor <= 14; minor++ {
		for patch := 0; patch <= 9; patch++ {
			out["2"+strconv.Itoa(minor)+strconv.Itoa(patch)] = "2." + strconv.Itoa(minor) + "." + strconv.Itoa(patch)
		}
	}
	return out
}
