package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldLcuda: libcuda-not-found told by the linker's -lcuda in a report's words
// and in other linkers' (held-out set EW's vllm-project/vllm#12865, "meet -lcuda error",
// and its siblings; rows_retold_lcuda.go), beside Triton, torch.compile, a JIT build or an
// LLM engine's run. Each positive failed before the retelling was read, and each
// lookalike gives no finding.
func TestFormsRetoldLcuda(t *testing.T) {
	t.Parallel()
	para := func(line int) form { return form{diagnose.LibcudaNotFound, line, diagnose.Paraphrased, ""} }
	const serve = "(ds-vllm) root@node1:~# vllm serve /root/sdb2/DeepSeek-R1-Distill-Qwen-32B --tensor-parallel-size 2 --enforce-eager\n"
	const inductor = "  File \"/opt/conda/lib/python3.11/site-packages/torch/_inductor/codecache.py\", line 2009, in load\n"
	checkForms(t, []formTest{
		// an error's noun after the option.
		{"meet -lcuda error, a vLLM serve log", "# [Bug]: run deepseek-32B with vllm0.7.2 meet -lcuda error\n\n" + serve, para(1), "vllm-project/vllm#12865's title (holdoutEW)"},
		{"Triton: -lcuda error when compiling kernels", "Triton: -lcuda error when compiling kernels on the new node\n", para(1), "Triton on the line"},
		{"a -lcuda link error", "We hit a -lcuda link error on the first step.\n" + inductor, para(1), "a link's kind before the noun; Inductor's frame"},
		{"-lcuda linking error under torch.compile", "torch.compile dies with a `-lcuda` linking error in the container\n", para(1), "backticks, linking"},
		{"-lcuda 报错", "vllm serve 启动后 -lcuda 报错\n", para(1), "Chinese: the engine's serving command on the line"},
		{"### -lcuda 에러", "### -lcuda 에러\n\nvLLM이 기본적으로 torch.compile()을 사용해 CUDA 커널 최적화 시도\n", para(1), "a Korean vLLM deployment note's heading (code corpus)"},
		{"-lcuda エラー", "Triton のカーネルで -lcuda エラー\n", para(1), "Japanese"},
		// a word that it is not found after it.
		{"CUDA 库链接错误 (-lcuda not found)", "3.  **核心阻塞问题：CUDA 库链接错误 (`-lcuda not found`)**\n    *   这导致了 `torch._dynamo.exc.BackendCompilerFailed` 错误，训练无法进行。\n", para(1), "a Chinese training log (code corpus)"},
		{"lcuda not found, no dash", "Triton kernels: the link stops with lcuda not found\n", para(1), "the dash left out, the link named"},
		{"ld: -lcuda not found, vLLM", "vllm serve dies at start-up, ld: -lcuda not found\n", para(1), "ld named"},
		{"-lcuda could not be found", "(EngineCore pid=412) the linker said -lcuda could not be found\n", para(1), "the engine's worker prefix"},
		// a failure to find it before it.
		{"ld: cannot find lcuda, no dash", "/usr/bin/ld: cannot find lcuda\n" + inductor, para(1), "GNU ld's words, the dash left out"},
		{"cannot find the CUDA runtime library -lcuda", "The error indicates that the linker /usr/bin/ld cannot find the CUDA runtime library -lcuda.\n(WorkerDict pid=3382) INFO model_runner_base.py:120]\n", para(1), "rllm-org/rllm#40's summary"},
		{"find cannot- lcuda", "find cannot- lcuda\nyou can run `ldconfig -p|grep cuda` (torch.compile)\n", para(1), "pytorch/pytorch#94585's comment"},
		{"unable to find -lcuda", "Triton JIT: unable to find -lcuda during the link\n", para(1), "a JIT build"},
		{"unable to find -lcuda, flashinfer's", "flashinfer JIT: unable to find -lcuda during the link\n", form{}, "a kernel library's own link (corpus README, round 36)"},
		// missing -lcuda after a failure.
		{"failed: FlashInfer JIT missing -lcuda", "## 2026-09-08 — Probe 335977 failed: FlashInfer JIT missing -lcuda, fixing per user diagnosis\n", form{}, "a job log (code corpus): FlashInfer's own link (corpus README, round 36)"},
		{"failed: JIT missing -lcuda", "## 2026-09-08 — Probe 335977 failed: Triton JIT missing -lcuda, fixing per user diagnosis\n", para(1), "the job log's form with Triton's JIT"},
		// other languages, ld's own Chinese.
		{"ld: 找不到 -lcuda", "/usr/bin/ld: 找不到 -lcuda: 没有那个文件或目录\ncollect2: error: ld returned 1 exit status\n" + inductor, para(1), "GNU ld in the zh_CN locale"},
		{"triton 编译失败 | 找不到 -lcuda", "| 4 | triton 编译失败 | `找不到 -lcuda` | §3.4.3 |\n", para(1), "a Chinese troubleshooting table (code corpus)"},
		{"-lcuda が見つかりません", "Triton の起動時に -lcuda が見つかりません\n", para(1), "Japanese"},
		{"ld in Russian", "/usr/bin/ld: невозможно найти -lcuda: Нет такого файла или каталога\n" + inductor, para(1), "GNU ld in the ru locale"},
		{"ld in Spanish", "/usr/bin/ld: no se puede encontrar -lcuda\ncollect2: error: ld returned 1 exit status\n" + inductor, para(1), "GNU ld in the es locale"},
		// another linker's words.
		{"ld: library not found for -lcuda", "ld: library not found for -lcuda\nclang: error: linker command failed with exit code 1\n  File \"/usr/lib/python3/site-packages/triton/runtime/build.py\", line 50\n", para(1), "Apple ld64's wording"},
		// lookalikes.
		{"no context", "# run the model and meet -lcuda error\n\nmake: *** [Makefile:12: app] Error 1\n", form{}, "a plain build: no Triton, compile, JIT or engine word"},
		{"-lcuda not found in a tiny-cuda-nn build", "#### Troubleshooting\n\n- `-lcuda not found`\n  - Solution: `ln -s {cuda directory}/lib/stubs/libcuda.so {cuda directory}/lib/libcuda.so`\npip install git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch\n", form{}, "a setup build's note (nerfstudio's), no Triton"},
		{"LDFLAGS with -lcuda", "LDFLAGS += -lcuda -lcudart  # Triton needs -lcuda to resolve cuModuleLoad\n", form{}, "a build that works; a rule"},
		{"add -lcuda to fix the error", "nvcc main.cu -o main; add -lcuda to fix the error about cuModuleLoad\n", form{}, "advice in a plain CUDA C build"},
		{"add -lcuda advice beside Triton", "For Triton's launcher, add -lcuda to fix the undefined cuLaunchKernel error.\n", form{}, "advice: no error's noun right after the option"},
		{"cannot find -lcudart", "/usr/bin/ld: cannot find -lcudart\n" + inductor, form{}, "the CUDA runtime, another library"},
		{"-lcublas not found", "Triton build: -lcublas not found\n", form{}, "another library"},
		{"-lcudnn error", "torch.compile: -lcudnn error in the extension build\n", form{}, "another library"},
		{"CMake's find_library", "find_library(CUDA_DRIVER_LIBRARY cuda PATHS /usr/local/cuda/lib64/stubs) # Triton\n", form{}, "CMake, no -lcuda"},
		{"Korean: -lcuda needed here", "    ↓ Triton / CUDA 코드 생성\n    ↓ C++ 컴파일러 (g++, nvcc)  ← 여기서 -lcuda 필요\n", form{}, "a rule: -lcuda is needed"},
		{"llcuda issues", "- **llcuda Python package**: See [llcuda issues](https://github.com/waqasm86/llcuda/issues) (Triton)\n", form{}, "llcuda, a package's name"},
		{"a condition", "If -lcuda is not found, set TRITON_LIBCUDA_PATH to the driver's directory.\n", form{}, "a hint's condition"},
		{"missing -lcuda in a list of mistakes", "Hand-typed nvcc commands lead to inconsistent flags (wrong -arch, missing -lcuda, wrong CUDA_HOME path) for the Triton benchmarks.\n", form{}, "no failure told"},
		{"-lcuda not found under which c++'s failure", "**에러 메시지:**\n```\nsubprocess.CalledProcessError: Command '['which', 'c++']' returned non-zero exit status 1\nCUDA runtime error: -lcuda not found\n```\n- vLLM이 기본적으로 torch.compile()을 사용해 CUDA 커널 최적화 시도\n", form{}, "holdoutBR's Korean vLLM notes: no link's word; no compiler was found, so no link ran"},
		{"a script's echoed hint", "      if grep -q \"cannot find -lcuda\" \"$log_file\"; then\n        echo \"Hint: FlashInfer JIT link failed with missing -lcuda.\"\n", form{}, "holdoutCT's SGLang setup script: the words in a string of code (stringKept)"},
		{"ld in Japanese, a plain CUDA build", "全ての `.cu` のコンパイルが通った後、リンクだけが失敗する。\n/usr/bin/ld: -lcuda が見つかりません\ncollect2: error: ld returned 1 exit status\n", form{}, "a build's notes in the code corpus: no Triton, compile, JIT or engine word"},
		{"a question with no failure", "Does Triton link its launcher with -lcuda or with -l:libcuda.so.1?\n", form{}, "a question"},
	})
}
