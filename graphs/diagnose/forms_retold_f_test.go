package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldF: failures named in short form as a troubleshooting heading or item
// labelled an error ("### 2.2 Error: `triton not found`", "### 2.1 Error: `cl not
// found`", holdoutAB's reasoning-from-scratch notes) where the text names torch.compile or
// Inductor, Triton said to lack triton_key (holdoutAB's unsloth known issues), and the
// trees' thread-local state told with its crash (holdoutAD's hexo_rl commit); an
// unlabelled heading (torch's FLOP counter warning, another library's import) and a text
// that names no compile stay quiet (branch recallF).
func TestFormsRetoldF(t *testing.T) {
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	inductor := "\n(triton is required by TorchInductor for CUDA kernel compilation.)\n"
	checkForms(t, []formTest{
		{"heading: Error: triton not found", "### 2.2 Error: `triton not found` (when using CUDA)\n\nInstall triton-windows." + inductor, para(diagnose.TritonMissing, 1), "holdoutAB's notes"},
		{"heading: Error: cl not found", "### 2.1 Error: `cl not found`\n\nInstall Visual Studio Build Tools." + inductor, para(diagnose.CXXCompilerMissing, 1), "holdoutAB's notes"},
		{"item: bold Error, cl.exe", "- **Error:** cl.exe not found\n- torch.compile needs MSVC on Windows\n", para(diagnose.CXXCompilerMissing, 1), "a list item"},
		{"item: Problem, Triton missing", "1. Problem: Triton is missing\n   torch.compile falls over on Windows\n", para(diagnose.TritonMissing, 1), "a numbered item"},
		{"heading: Issue, compiler not found", "## Issue: C++ compiler not found\nRun torch.compile from the developer prompt.\n", para(diagnose.CXXCompilerMissing, 1), "a compiler named in words"},
		{"known issue: lacks triton_key", "- **ROCm / triton_key**: LoRA backward can crash under `torch.compile` if Triton lacks `triton_key`.\n", para(diagnose.TritonMissing, 1), "holdoutAB's unsloth known issues"},
		{"known issue: doesn't have triton_key", "The installed Triton doesn't have triton_key, so Inductor's cache key fails.\n", para(diagnose.TritonMissing, 1), "a sibling"},
		{"tls: tree managers stored in TLS, wrapped", "reduce-overhead mode records CUDA graphs on the InferenceServer thread.\nThe backward runs on the main thread. CUDA graph tree managers\nare stored in thread-local-storage, so the main thread hits a missing TLS\nkey and crashes with AssertionError in cudagraph_trees.py.\n", para(diagnose.TreesUserThreadTLS, 3), "holdoutAD's hexo_rl commit (routed)"},
		{"tls: missing TLS key first", "With torch.compile(mode=\"reduce-overhead\") the worker thread has a missing TLS key and asserts.\n", para(diagnose.TreesUserThreadTLS, 1), "the key first"},
		{"tls: zh", "cudagraph trees 的状态保存在线程局部存储中，第二个线程调用时触发 AssertionError（torch.compile reduce-overhead）\n", para(diagnose.TreesUserThreadTLS, 1), "Chinese"},
		{"tls: ja", "CUDA graph のツリーはスレッドローカルに保存されるため、別スレッドから呼ぶとアサーションで落ちる (torch.compile)\n", para(diagnose.TreesUserThreadTLS, 1), "Japanese"},
		{"mode+options: cannot both be set", "## Error: mode and options cannot both be set (torch.compile)\n", para(diagnose.ModeAndOptions, 1), "a heading"},
		{"mode+options: can't both be given", "torch.compile: mode and options can't both be given\n", para(diagnose.ModeAndOptions, 1), "prose"},
		{"backend: heading", "## Error: `Invalid backend` when calling torch.compile(backend=\"tensorrt\")\n", para(diagnose.InvalidBackend, 1), "a heading"},
		{"cjk: threads zh", "reduce-overhead 在多线程下报 AssertionError\n", para(diagnose.TreesUserThreadTLS, 1), "Chinese"},
		{"cjk: threads ja", "reduce-overhead はスレッドでは動かない (AssertionError)\n", para(diagnose.TreesUserThreadTLS, 1), "Japanese"},
		{"cjk: threads, then another assert's repr", "torch.compile(m, mode=\"reduce-overhead\")\noiXed fastXpath of cudagraphs スレッドロXカル AssertionError('data_ptrX== new_inputs[idx].data_ptr() different deviXes\n", form{},
			"hostile28's P1: the trees' assert is bare, an AssertionError('…') is another assert's message"},
		{"cjk: thread-local, then another assert's repr", "torch.compile(m, mode=\"reduce-overhead\")\nスレッドローカル AssertionError('expected a tensor')\n", form{}, "the same after the storage's word"},
		{"cjk: threads ja, AssertionError at the end", "cudagraphs を別スレッドで呼ぶと AssertionError\n", para(diagnose.TreesUserThreadTLS, 1), "the class alone at the line's end (a sibling that stays)"},
		{"cjk: triton zh", "## 常见问题：找不到 Triton（torch.compile 报错）\n", para(diagnose.TritonMissing, 1), "Chinese"},
		{"cjk: triton ja", "Triton がインストールされていないため torch.compile が失敗する\n", para(diagnose.TritonMissing, 1), "Japanese"},
		{"cjk: triton ko", "Triton이 설치되어 있지 않아서 torch.compile 이 실패합니다\n", para(diagnose.TritonMissing, 1), "Korean"},
		{"cjk: skip cpu zh", "CUDAGraph 被跳过：因为有 CPU 设备上的张量 (torch.compile reduce-overhead)\n", para(diagnose.SkipCPUDevice, 1), "Chinese"},
		{"cjk: skip mutated zh", "输入被原地修改，所以 cudagraph 被跳过了\n", para(diagnose.SkipMutatedInputs, 1), "Chinese, the reason first"},
		{"cjk: skip cpu ja", "CUDA graph が CPU テンソルのためスキップされた\n", para(diagnose.SkipCPUDevice, 1), "Japanese"},
		{"rerecord: zh", "CUDA graph 每一步都重新录制（动态形状），torch.compile reduce-overhead\n", para(diagnose.DynamicShapeRerecord, 1), "Chinese"},
		{"rerecord: zh, shapes first", "因为形状变化，cudagraph 每次都重新捕获\n", para(diagnose.DynamicShapeRerecord, 1), "Chinese, the cause first"},
		{"rerecord: ja", "形状が変わるたびに CUDA graph を再キャプチャしている\n", para(diagnose.DynamicShapeRerecord, 1), "Japanese"},
		{"rerecord: heading, parentheses", "### Problem: CUDA graphs re-recorded on every step (dynamic shapes)\n", para(diagnose.DynamicShapeRerecord, 1), "the shapes in parentheses"},
		// Quiet.
		{"rerecord: no shapes", "CUDA graph 每一步都重新录制，原因未知\n", form{}, "no shapes named"},
		{"cjk: triton, no compile", "找不到 Triton，先安装 triton-windows\n", form{}, "no torch.compile or Inductor in the text"},
		{"cjk: threads, no assert", "reduce-overhead 在多线程下更慢\n", form{}, "no failure"},
		{"cjk: skip, a rule", "如果输入被修改，cudagraph 会被跳过\n", form{}, "a rule: 会被, will be"},
		{"backend: process group", "Error: Invalid backend specified for process group\ntorch.compile is not used here\n", form{}, "torch.distributed's words"},
		{"backend: sdpa", "### \"Invalid backend\" Error (FIXED)\n**Problem**: PyTorch's `scaled_dot_product_attention` would fail with \"Invalid backend\" error.\nWe also use torch.compile.\n", form{}, "holdoutJ's stock-prediction notes: SDPA's backend"},
		{"backend: sdpa labelled", "Error: Invalid backend when calling F.scaled_dot_product_attention (torch.compile is off)\n", form{}, "the line names no compile call before"},
		{"mode+options: a rule", "mode and options can be combined in a config file\n", form{}, "no refusal"},
		{"tls: Transport Layer Security", "The client has a missing TLS key and the handshake crashes.\n", form{}, "no CUDA graphs or torch.compile in the text"},
		{"tls: documentation, no crash", "CUDA graph tree managers are stored in thread-local storage (torch.compile).\n", form{}, "how the trees work, no failure"},
		{"heading: unlabelled, flop counter", "### Triton not found\nSuppress FLOP counter warning on systems without Triton.\nWe also use torch.compile.\n", form{}, "torch's FLOP counter warning (a README in the code corpus)"},
		{"heading: unlabelled, other library", "### Triton Not Found (Linux)\n\n**Error**: `ModuleNotFoundError: No module named 'triton'`\n", form{}, "AutoAWQ's import (a README in the code corpus)"},
		{"heading: no compile named", "### Error: `cl not found`\nInstall Visual Studio.\n", form{}, "no torch.compile or Inductor in the text"},
		{"heading: another cl", "Error: WebACL not found\nthen torch.compile ran\n", form{}, "a word that ends in cl"},
	})
}
