package diagnose

import "testing"

// TestLocalTagRelease39a: a bare release with torch's local wheel tag (+cu117, +rocm6.1,
// +cpu, +xpu) and no torch word is torch's, alone or in a works/fails contrast (issue
// 21's v39a R1, pytorch/pytorch#116928's title, read as none before); CUDA's and a
// driver's numbers and another package's tagged release are not torch's.
func TestLocalTagRelease39a(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v39a R1", "# Mistral works on (2.0.1+cu117) but \"CUDA out of memory\" on (2.1.2+cu121)", "2.1"},
		{"OOMs on", "works on 2.0.1+cu117 but OOMs on 2.1.2+cu121", "2.1"},
		{"fine, crashes", "fine on 2.4.1+cu121, crashes on 2.5.0+cu124", "2.5"},
		{"regressed from to", "regressed from 2.3.1+cu118 to 2.4.0+cu121", "2.4"},
		{"failing first", "OOMs on 2.1.2+cu121 but works on 2.0.1+cu117", "2.1"},
		{"alone", "I am on 2.5.1+cu124 and get this", "2.5"},
		{"rocm", "the ROCm build 2.4.1+rocm6.1 hangs here", "2.4"},
		{"cpu at the end", "Environment: 2.3.1+cpu", "2.3"},
		{"xpu", "Running the XPU wheel (2.6.0+xpu) gives the same", "2.6"},
		// not torch's
		{"cuda and driver", "CUDA 12.1, driver 535.104.05", ""},
		{"torchvision", "torchvision 0.16.2+cu121, CUDA 12.1, driver 535.104", ""},
		{"torchaudio", "torchaudio 2.1.2+cu121", ""},
		{"torchaudio pin", "pip install torchaudio==2.1.2+cu121", ""},
		{"two builds, none said to fail", "compared 2.0.1+cu117 vs 2.1.2+cu121", ""},
		{"flash-attn's tag", "flash_attn-2.5.8+cu122torch2.3cxx11abiFALSE", ""},
		{"works alone", "works fine on 2.1.2+cu121", ""},
	})
}

// TestVersionPrintUnderStderr39a: a torch.__version__ print's output read where stderr
// stands between the command and it (issue 21's v39a R2,
// intel/intel-extension-for-pytorch#763, read as none before): c10's warning header and
// its indented continuation, Python's warning line and the source line under it, a
// progress bar.
func TestVersionPrintUnderStderr39a(t *testing.T) {
	t.Parallel()
	cmd := "$ python -c \"import torch; print(torch.__version__)\"\n"
	c10 := "[W109 16:42:15.529640748 OperatorEntry.cpp:155] Warning: Warning only once for all operators,  other operators may also be overridden.\n" +
		"  Overriding a previously registered kernel for the same operator and the same dispatch key\n" +
		"  dispatch key: XPU\n"
	py := "/usr/lib/python3/site-packages/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount().\n" +
		"  return torch._C._cuda_getDeviceCount() > 0\n"
	checkReleases(t, []releaseCase{
		{"v39a R2", "python -c \"import torch; import intel_extension_for_pytorch as ipex; print(torch.__version__); print(ipex.__version__)\"\n" + c10 + "2.5.1+cxx11.abi\n2.5.10+xpu", "2.5"},
		{"c10 warning", cmd + c10 + "2.6.0", "2.6"},
		{"python warning", cmd + py + "2.5.1+cu124", "2.5"},
		{"both", cmd + py + c10 + "2.7.1+cu126", "2.7"},
		{"c10 warning, two-digit month", cmd + "[W1129 17:39:03.694036672 CUDAMallocAsyncAllocator.cpp:301] Warning: expandable_segments not supported\n2.4.1", "2.4"},
		{"a progress bar", cmd + " 45%|████▌     | 9/20 [00:01<00:02,  4.50it/s]\n2.3.0", "2.3"},
		{"next line", cmd + "2.2.1", "2.2"},
		// the output is not under stderr: a line of prose ends the wait
		{"prose between", cmd + "Then I ran the model and it printed 3.1.0 as triton's\n2.5.1", ""},
	})
}

// TestKeyValueBackticked39a: a key's value in backticks ("- PyTorch: `2.10.0`", in a
// list, a bold key or a table's cell) is the key's release, not looser prose's, so a
// nightly listed next is not read over it (issue 21's v39a R3, pytorch/pytorch#177819,
// read as the nightly 2.12 before).
func TestKeyValueBackticked39a(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v39a R3", "## Versions\n\n- PyTorch: `2.10.0`\n- PyTorch nightly: `2.12.0.dev20260318`\n- Python: `3.12.13`", "2.10"},
		{"torch key, nightly", "- Torch: `2.5.1+cu124`\n- Torch nightly: `2.6.0.dev20241112`", "2.5"},
		{"nightly first", "- PyTorch nightly: `2.12.0.dev20260318`\n- PyTorch: `2.10.0`", "2.10"},
		{"version key", "- PyTorch version: `2.10.0`\n- PyTorch nightly: `2.12.0.dev20260318`", "2.10"},
		{"bold key", "* **torch**: `2.7.1`\n* nightly: `2.8.0.dev20250601`", "2.7"},
		{"bold value", "- PyTorch: **2.4.1**\n- nightly: 2.5.0.dev20240901", "2.4"},
		{"table cell", "| PyTorch | `2.10.0` |\n| PyTorch nightly | `2.12.0.dev20260318` |", "2.10"},
		{"nightly alone", "- PyTorch nightly: `2.12.0.dev20260318`", "2.12"},
		{"stable key", "- PyTorch stable: `2.10.0`\n- PyTorch nightly: `2.12.0.dev20260318`", "2.10"},
		{"stable in parentheses", "- PyTorch (stable): 2.10.0\n- PyTorch (nightly): 2.12.0.dev20260318", "2.10"},
	})
}

// TestOtherPackagesDevBuild39a: another package's dev build ("Warp 1.9.0.dev20250730
// initialized:") is no torch nightly (issue 21's v39a R6, newton-physics/newton#174,
// whose header said the log states torch 1.9); torch's own nightly is still read.
func TestOtherPackagesDevBuild39a(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v39a R6", "Warp 1.9.0.dev20250730 initialized:\n   CUDA Toolkit 12.8, Driver 12.9", ""},
		{"newton", "Newton 2.1.0.dev20250601 initialized:", ""},
		{"genesis", "[Genesis] Genesis 2.3.0.dev20250601 ready", ""},
		{"warp 2.0", "Warp 2.0.0.dev20260101 initialized:", ""},
		{"jaxlib", "jaxlib 0.4.36.dev20241201", ""},
		{"isaac lab", "Isaac Lab 1.4.0.dev20250101", ""},
		{"warp pin", "pip install warp-lang==1.9.0.dev20250730", ""},
		{"warp's kernel cache", "   Kernel cache:\n     /home/zach/.cache/warp/1.9.0.dev20250730", ""},
		// torch's
		{"torch word", "torch 2.6.0.dev20241112+cu124", "2.6"},
		{"nightly word", "reproduces on nightly 2.13.0.dev20260518", "2.13"},
		{"in parentheses", "the nightly (2.6.0.dev20241027) still crashes", "2.6"},
		{"pytorch", "PyTorch 2.12.0.dev20260318 on macOS", "2.12"},
		{"bare", "2.13.0.dev20260601 fails the same way", "2.13"},
		{"torch's directory", "/opt/wheels/torch/2.6.0.dev20241112", "2.6"},
	})
}
