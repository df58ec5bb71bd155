package diagnose

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
//     huggingface-pytorch-tgi-inference:2.0.1-tgi0.9.3-gpu-py39-… with torch==2.0.1).
func toolRows() []releaseRow {
	return []releaseRow{
		{name: "xformers-you-have", what: "version report", literal: "you have", anchors: []string{"(you have "}, rank: rankTorch,
			shape: `\bPyTorch\s+\S+\s+with\s+CUDA\s+\S+\s+\(you\s+have\s+` + ver + `\)`},
		{name: "xformers-info", what: "version report", literal: ".version", anchors: []string{"pytorch.version", "PyTorch.version"}, rank: rankTorch,
			shape: `(?i)(?:^|[^\w.])pytorch\.version['"]?\s*[:=]\s*['"]?` + ver},
		{name: "aws-dlc-tag", what: "image or key", literal: "pytorch-", anchors: []string{"pytorch-training", "pytorch-inference", "pytorch-tgi-inference", "pytorch-trcomp-training"}, rank: rankPath,
			shape: `\bpytorch-(?:training|inference|tgi-inference|trcomp-training)(?:-[a-z]+)?:` + ver + `-`},
	}
}
