package diagnose

import "testing"

// TestJointList: a key that lists several packages joined by slashes, with their
// releases in the same order, states torch's release at torch's place (jointRows);
// torch first of two names stays the joint-key rows'. Before jointRows, a key of three
// names or with torch after another name read no release, or the first name's value
// ("Python / PyTorch / CUDA: 3.10 / …" read 3.10). A list whose values are not as many as
// its names is the other rows' (a bare release on a line naming torch), an image's name
// the path rows', and a heading with no values reads none.
func TestJointList(t *testing.T) {
	t.Parallel()
	tests := []struct{ text, want string }{
		{"| torch / CUDA / triton | 2.13.0+cu132 / 13.2 / 3.7.1 |", "2.13"}, // a measurement report's table (holdoutBR's shape)
		{"| CUDA / PyTorch | 13.0 / 2.13.0+cu130 |", "2.13"},                // code corpus id 59726017461
		{"Python / PyTorch / CUDA: 3.10 / 2.1.0 / 12.1", "2.1"},
		{"- CUDA/PyTorch: 12.4/2.6.0", "2.6"},
		{"| Python / torch / CUDA | 3.11 / 2.7.1 / 12.8 |", "2.7"},
		{"Torch/CUDA: 2.4.0/12.1", "2.4"},
		{"PyTorch/CUDA version: 2.4.1/12.4", "2.4"},
		{"| 软件栈版本要求 | Python / PyTorch / CUDA |", ""},                                        // a heading, no values (id 13246456261's shape)
		{"- Print Python / PyTorch / CUDA / GPU details", ""},                                // id 54568540426's shape
		{"CUDA / PyTorch: 12.4 / cu124", ""},                                                 // torch's place holds no release
		{"| torch / torchvision / torchaudio | 2.6.0 / 0.21.0 / 2.6.0 (CUDA 12.4) |", "2.6"}, // code corpus id 59132733504
		{"| torch / torchvision / torchaudio | `2.9.1` / `0.24.0` / `2.9.0` (pip) |", "2.9"}, // id 56720753936's shape
		{"| Python / PyTorch / CUDA | 3.10.12 / 2.6.0+cu124 / 12.4（cuDNN 90100） |", "2.6"},   // id 58741830857
		{"| pytorch-lightning / torchmetrics / tensorboard | 2.3.3 / 1.9.0 / 2.17.0 |", ""},  // id 68545058696: no torch
		{"docker pull pytorch/pytorch:2.5.1-cuda12.4-cudnn9", "2.5"},                         // an image: the path rows'
	}
	for _, tt := range tests {
		checkRunRelease(t, tt.text+"\nRuntimeError: Compiler: cl is not found.\n", tt.want)
	}
}
