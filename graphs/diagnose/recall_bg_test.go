package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDynamicWarnedRetold: the dynamic-shape warning said to have been given, with its
// mechanism or its two remedies, is dynamic-shape-rerecord (dynamicWarnedRetold); the
// mechanism alone (documentation, a network per input size), the remedies as a hint
// under a condition, and another program's graphs give none. Siblings of holdoutBG's
// two misses (measured before), and real lines of the code corpus (ids).
func TestDynamicWarnedRetold(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"warned, separate graph per size", "Inductor warned that it records a separate CUDA graph for each distinct input shape.", DynamicShapeRerecord},
		{"warning, new cudagraph per size", "The compile log has a warning: a new cudagraph for every distinct input size, 14 so far.", DynamicShapeRerecord},
		{"warning's remedies", "The warning suggests padding inputs to fixed shapes or cudagraph_skip_dynamic_graphs=True.", DynamicShapeRerecord},
		{"remedies, key first", "Its warning names cudagraph_skip_dynamic_graphs=True, or padding the batch.", DynamicShapeRerecord},
		{"advice after a warning", "On this warning, pad the batch or set cudagraph_skip_dynamic_graphs=True.", ""},
		{"mechanism alone (pytorch/pytorch#131387)", "CUDAGraph trees record a new cudagraph for every distinct input size.", ""},
		{"another program's network (id 23195310263)", "            # create a network for each distinct input size", ""},
		{"a hint under a condition", "If you see the warning, pad inputs to a few fixed shapes or set cudagraph_skip_dynamic_graphs=True.", ""},
		{"the key alone", "torch._inductor.config.triton.cudagraph_skip_dynamic_graphs = True  # no warning here", ""},
	})
}

// TestCudaLibRetold: triton-windows' missing cuda.lib retold (MSVC's "cannot open input
// file 'cuda.lib'"), and libcuda.so with "missing" before it, beside Triton or torch,
// are libcuda-not-found; cuda.lib named with no failure, or with no Triton or torch,
// gives none.
func TestCudaLibRetold(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"missing before, code span", "Setting CUDA_PATH for Triton fixed the missing `cuda.lib` failure.", LibcudaNotFound},
		{"not found after", "torch.compile on Windows: cuda.lib not found", LibcudaNotFound},
		{"cannot find", "Triton cannot find cuda.lib on this machine", LibcudaNotFound},
		{"libcuda.so, missing before", "torch.compile died on the missing libcuda.so in the container", LibcudaNotFound},
		{"no failure", "Triton links the launcher against cuda.lib from CUDA_PATH.", ""},
		{"no Triton or torch", "The Rust build failed: cuda.lib not found", ""},
	})
}

// TestKeywordLine: a post's keyword or tag line lists releases as topics, no run's
// (keywordLine), and a release named the newest out is no run's (latestIs): holdoutBG's
// two efsotr posts read 2.8 and 2.0 (then 2.7) before; and PyTorch's release branch a
// run is on is its release (release-branch: holdoutBH's test-infra#8230 read none).
func TestKeywordLine(t *testing.T) {
	t.Parallel()
	tests := []struct{ text, want string }{
		{"**Keywords**: PyTorch 2.8, PyTorch 2.9, PyTorch 2.10, NCCL", ""},
		{"Tags: torch.compile, PyTorch 2.0, pt2, max-autotune", ""},
		{"关键词：PyTorch 2.0，torch.compile", ""},
		{"tags: [pytorch]\nI run PyTorch 2.8 and it crashes", "2.8"},
		{"Environment: PyTorch 2.8, CUDA 12.8", "2.8"},
		{"As of June 2025, the latest version is torch 2.7.1.", ""},
		{"最新版本是 PyTorch 2.7，本文介绍 torch.compile。", ""},
		{"I'm on the latest version, torch 2.7.1, and compile crashes.", "2.7"},
		{"# [release/2.13] Skip torch.compile smoke test for Python 3.15", ""}, // the branch a change goes to (branchTarget)
		{"The job on `release/2.6` fails in the smoke test", "2.6"},
		{"lightning's release/2.5.x branch", ""},
		{"see .github/workflows/release/2.6/build.yml", ""},
		{"# [release 2.11][triton] trunk / linux-jammy-rocm-py3.10 / test failures", "2.11"},
		{"the release 2.11 notes list it", ""},
	}
	for _, tt := range tests {
		checkRunRelease(t, tt.text, tt.want)
	}
}

// checkRunRelease checks the run's release Read takes from text (Diagnosis.Torch).
func checkRunRelease(t *testing.T, text, want string) {
	t.Helper()
	d, err := Read(strings.NewReader(text + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Torch != want {
		t.Errorf("release of %q = %q, want %q", text, d.Torch, want)
	}
}

// statedRelease is the release Read takes from text, the run's or, before 2.0, the one
// stated (Diagnosis.StatedTorch), and the phrasing it came from.
func statedRelease(t *testing.T, name, text string) (string, string) {
	t.Helper()
	d, err := Read(strings.NewReader(text + "\n"))
	require.NoError(t, err, name)
	if d.Torch == "" {
		return d.StatedTorch, d.TorchFrom
	}
	return d.Torch, d.TorchFrom
}
