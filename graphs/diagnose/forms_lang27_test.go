package diagnose_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsLang27: the classes held-out set ET (2026-12-06, texts in Chinese, Japanese,
// Korean and Russian) found unread, each with its siblings in the languages the other
// retellings cover (branch fixlang27, rows_retold_lang27.go); each positive failed before
// its class was read, and each lookalike gives no finding.
func TestFormsLang27(t *testing.T) {
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	py := diagnose.UnsupportedPython
	const triton = "import triton\n"
	ph := func(line int) form { return para(diagnose.PythonHeadersMissing, line) }
	checkForms(t, []formTest{
		// torch.compile's refusal of a Python, told in other languages.
		{"zh: troubleshooting row", "| 现象 | 检查/处理 |\n|---|---|\n| Python 3.14 上 torch.compile 报错 | 必须使用包内局部兼容适配，不要直接绕过入口导入旧 ModernBERT |\n", para(py, 3), "JiongLab/laya-snake-k3 docs/REPRODUCE.md (held-out set ET)"},
		{"zh: 在 … 下 … 报错", "在 Python 3.13 下 torch.compile 报错\n", para(py, 1), "the place first"},
		{"zh: 失败", "在 Python 3.13 下 torch.compile 失败了\n", para(py, 1), "failed"},
		{"zh: 不支持 after the place", "Python 3.13 下 torch.compile 不支持\n", para(py, 1), "not supported"},
		{"zh: compile first, 上报错", "torch.compile 在 Python 3.12 上报错，只好关掉\n", para(py, 1), "the compiler first"},
		{"zh: 不支持 Python", "torch.compile 暂不支持 Python 3.12，先用 eager\n", para(py, 1), "the Python as the object"},
		{"zh-Hant: 報錯", "在 Python 3.13 上 torch.compile 會報錯\n", para(py, 1), "Traditional characters"},
		{"zh-Hant: 不支援", "torch.compile 不支援 Python 3.12\n", para(py, 1), "Traditional characters"},
		{"ja: がエラー", "Python 3.12 で torch.compile がエラー\n", para(py, 1), "Japanese, the place first"},
		{"ja: 動かない", "Python 3.12 では torch.compile が動かない。\n", para(py, 1), "does not run"},
		{"ja: compile first", "torch.compile は Python 3.12 で動きません\n", para(py, 1), "the compiler first"},
		{"ja: 非対応", "torch.compile は Python 3.14 に非対応です。\n", para(py, 1), "not supported"},
		{"ko: 오류", "Python 3.12에서 torch.compile 오류\n", para(py, 1), "Korean"},
		{"ko: 지원되지 않습니다", "torch.compile은 Python 3.12에서 지원되지 않습니다.\n", para(py, 1), "not supported"},
		{"ko: 를 지원하지 않", "torch.compile은 Python 3.13을 지원하지 않습니다\n", para(py, 1), "the Python as the object"},
		{"ru: не работает", "torch.compile не работает на Python 3.12\n", para(py, 1), "Russian"},
		{"ru: place first", "на Python 3.13 torch.compile не поддерживается\n", para(py, 1), "the place first"},
		{"es: no funciona", "torch.compile no funciona en Python 3.12\n", para(py, 1), "Spanish"},
		{"pt: não funciona", "torch.compile não funciona no Python 3.13\n", para(py, 1), "Portuguese"},
		{"fr: ne fonctionne pas", "torch.compile ne fonctionne pas sous Python 3.12\n", para(py, 1), "French"},
		{"de: funktioniert nicht", "torch.compile funktioniert nicht unter Python 3.12\n", para(py, 1), "German"},
		{"zh lookalike: torch's own refusal", "另外 `torch 2.0.0` **不支持 Python 3.12**（本机是 3.12），必须建 Python 3.10 的 conda 环境。\n", form{Torch: "2.0"}, "no compile named (rows_retold_lang_test.go's quiet-zh-66889278375)"},
		{"zh lookalike: another library", "在 Python 3.13 下 flash-attn 报错\n", form{}, "another library"},
		{"zh lookalike: a modal", "torch.compile 在 Python 3.13 上可能报错\n", form{}, "may fail"},
		{"zh lookalike: a question", "torch.compile 在 Python 3.13 上会报错吗？\n", form{}, "a question"},
		{"zh lookalike: a condition", "如果 Python 3.14 上 torch.compile 报错，请使用兼容适配。\n", form{}, "a tip's condition"},
		{"zh lookalike: a condition, no space", "若在 Python 3.13 下 torch.compile 失败，请降级到 Python 3.12\n", form{}, "a tip's condition"},
		{"zh lookalike: support planned", "计划在 Python 3.13 上支持 torch.compile\n", form{}, "a plan"},
		{"zh lookalike: works", "Python 3.12 上 torch.compile 正常运行\n", form{}, "it works"},
		{"ja lookalike: a condition", "Python 3.12 で torch.compile がエラーになる場合は、Python 3.11 を使ってください。\n", form{}, "a condition"},
		{"ja lookalike: a question", "Python 3.12 で torch.compile はエラーになりますか？\n", form{}, "a question"},
		{"ko lookalike: a condition", "Python 3.12에서 torch.compile 오류가 발생하면 Python 3.11을 사용하세요\n", form{}, "a condition"},
		{"ru lookalike: another library", "flash-attn не работает на Python 3.13\n", form{}, "another library"},
		// the Python headers: Triton's need with its absence, and the name with an error's noun.
		{"zh-Hant: need, no sudo", "1. **`TORCH_DISABLE_NATIVE_JIT=1` 必須設** — torch 2.14 首次推論會用 gcc 現編 Triton kernel,要 `Python.h`(python3-dev),但本機無 sudo 裝不了。`run_snake.sh` 和 `gate_check.py` 都已設好;**別繞過 launcher 直接跑 `laya-snake`**,否則碰到 Triton 就報錯。\n", form{diagnose.PythonHeadersMissing, 1, diagnose.Paraphrased, "2.14"}, "yihsinhung/laya-snake-dgx README.zh-Hant.md (held-out set ET)"},
		{"zh: need, none in the container", "Triton 需要 Python.h，但容器里没有 python3-dev\n", ph(1), "Simplified"},
		{"ja: need, not installed", "Triton は Python.h が必要だが、このサーバーには python3-dev が入っていない\n", ph(1), "Japanese"},
		{"ko: need, none", "Triton은 Python.h가 필요한데 이 서버에는 python3-dev가 없다\n", ph(1), "Korean"},
		{"zh-Hant: table row", "| 狀況 | 原因 | 解決 |\n|---|---|---|\n| Triton `Python.h` 錯誤 | 沒設 `TORCH_DISABLE_NATIVE_JIT` | 用 `run_snake.sh`,別直接 `laya-snake` |\n", ph(3), "yihsinhung/laya-snake-dgx README.zh-Hant.md's FAQ row"},
		{"zh: Python.h 错误", triton + "编译 Triton kernel 时出现 Python.h 错误。\n", ph(2), "Simplified"},
		{"zh: Python.h 报错了", triton + "Triton 编译 Python.h 报错了\n", ph(2), "reported"},
		{"ja: Python.h エラーが出た", triton + "Triton で Python.h エラーが出た。\n", ph(2), "Japanese"},
		{"ko: Python.h 오류", triton + "Triton 빌드 중 Python.h 오류가 발생했다.\n", ph(2), "Korean"},
		{"en: the Triton Python.h error", "We hit the Triton Python.h error on the cluster again.\n", ph(1), "English, Triton named before"},
		{"en: got a Python.h error", triton + "After the upgrade I got a Python.h error from the launcher.\n", ph(2), "English, a verb of meeting it"},
		{"cuda.h 错误", triton + "Triton 编译时出现 cuda.h 错误\n", para(diagnose.CUDAHeadersMissing, 2), "the CUDA header"},
		{"libcuda.so エラー", triton + "Triton で libcuda.so エラーが出た\n", para(diagnose.LibcudaNotFound, 2), "the driver's library"},
		{"zh lookalike: install guide", triton + "Triton 需要安装 python3-dev（提供 Python.h）。\n", form{}, "install documentation"},
		{"ja lookalike: install guide", triton + "Triton を使うには Python.h が必要です。\n", form{}, "install documentation"},
		{"zh lookalike: FAQ heading", "### Q1: Linux 编译提示找不到 Python.h？\n**A**: 安装 Python 开发头文件：\n", form{}, "a FAQ's question with its fix, in a text that names no Triton (with Triton named, foreignNotFound reads it, as before)"},
		{"zh lookalike: a heading with the fix", triton + "## Python.h 错误的解决方法\n", form{}, "how to fix it"},
		{"ja lookalike: a heading with the fix", triton + "## Python.h エラーの対処法\n", form{}, "how to fix it"},
		{"en lookalike: a condition", triton + "If you get a Python.h error, install python3-dev.\n", form{}, "a tip's condition"},
		{"zh lookalike: a Triton tip's condition", triton + "如果 Triton 编译时找不到 Python.h，请安装 python3-dev\n", form{}, "a tip's condition (foreignNotFound's form)"},
		{"zh lookalike: but-if", triton + "Triton 需要 Python.h，但如果没有，请安装 python3-dev\n", form{}, "a condition after but"},
		{"zh lookalike: no Triton", "编译时出现 Python.h 错误。\n", form{}, "no Triton or torch in the text (another program's build)"},
	})
}

// TestReleaseFeatureLang27: a release named for the feature it brought, in the languages
// other than English (release_feature_lang.go), is no run's; the run's own release stays.
func TestReleaseFeatureLang27(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, text, want string }{
		{"zh: 提供了", "PyTorch 2.0 提供了自动计算图编译接口 [torch.compile](https://docs.pytorch.org/tutorials/intermediate/torch_compile_tutorial.html)，能够将 PyTorch 代码即时编译为优化内核，从而提升运行速度。", ""},
		{"zh: 引入了", "PyTorch 2.0 引入了 torch.compile", ""},
		{"zh: 推出了", "PyTorch 2.0 推出了 torch.compile，一行代码即可加速。", ""},
		{"zh: 新增了", "PyTorch 2.0 新增了 torch.compile", ""},
		{"zh: 的", "PyTorch 2.0 的 torch.compile 很快", ""},
		{"ja: で導入された", "PyTorch 2.0 で導入された torch.compile を使います", ""},
		{"ko: 에서 도입된", "PyTorch 2.0에서 도입된 torch.compile", ""},
		{"ru: представил", "PyTorch 2.0 представил torch.compile", ""},
		{"zh: the run's", "我用的 PyTorch 2.0 报错", "2.0"},
		{"zh: the run's, compile failed", "PyTorch 2.0 在我这里编译报错", "2.0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.text + "\n"))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if d.Torch != tt.want {
				t.Errorf("release of %q = %q (%s), want %q", tt.text, d.Torch, d.TorchFrom, tt.want)
			}
		})
	}
}
