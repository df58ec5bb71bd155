package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// The AttrsDescriptor ImportError of 2.6's hints.py under a newer Triton.
const (
	attrsCC = "ImportError: cannot import name 'AttrsDescriptor' from 'triton.compiler.compiler' (G:\\env\\lib\\site-packages\\triton\\compiler\\compiler.py)"
	attrsBC = "ImportError: cannot import name 'AttrsDescriptor' from 'triton.backends.compiler' (/venv/lib/python3.11/site-packages/triton/backends/compiler.py)"
)

// TestFormsCompileTold: the AttrsDescriptor ImportError pasted alone with torch.compile
// told only in words or by a program's switch (compileTold: "torch compilation", "torch
// comp", --compile, compile=True, トーチのコンパイル, torch 编译) is triton-missing
// (hc_wan2gp1263_pinokio_attrsdescriptor_compiler); a program's own import with no compile
// (Unsloth's patches, ae_neg_tritonwin177_attrsdescriptor_import_unsloth_pt26), building
// Triton itself (编译 alone) and a bare "compile" stay quiet.
func TestFormsCompileTold(t *testing.T) {
	tm := func(line int) form { return form{diagnose.TritonMissing, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"told: hc wan2gp1263", "Nothing works. I started seeing this message:\n\n" + attrsCC + "\n\nWhat should I do?\n\n" +
			"Last I heard was that torch compilation just wasn't working at all, so I just turned it off.\n" +
			"DBM said the gains from torch comp weren't worth it anyway\n", tm(3), "hc_wan2gp1263_pinokio_attrsdescriptor_compiler"},
		{"told: torch compile", attrsBC + "\nThis only happens when I enable torch compile in the settings.\n", tm(1), "torch compile"},
		{"told: Torch compile title", "# Torch Compile fails\n" + attrsCC + "\n", tm(2), "Torch Compile in a title"},
		{"told: --compile flag", "python generate.py --compile --prompt \"hi\"\n" + attrsCC + "\n", tm(2), "a --compile flag"},
		{"told: compile=True", "pipe = load(model, compile=True)\n" + attrsCC + "\n", tm(2), "compile=True"},
		{"told: torch_compile option", "args.torch_compile = True\n" + attrsBC + "\n", tm(2), "a torch_compile option"},
		{"told: compiled the model", "It crashed once I compiled the model:\n" + attrsCC + "\n", tm(2), "compiled the model"},
		{"told: ja", "トーチのコンパイルを有効にすると次のエラー:\n" + attrsCC + "\n", tm(2), "トーチのコンパイル"},
		{"told: zh", "开启 torch 编译后报错：\n" + attrsCC + "\n", tm(2), "torch 编译"},
		{"told: ko", "torch 컴파일을 켜면 이 오류가 납니다:\n" + attrsBC + "\n", tm(2), "torch 컴파일"},
		{"quiet: no compile", "Crash occurs during Unsloth startup patches:\n" + attrsCC + "\n", form{}, "ae_neg_tritonwin177: a program's own import"},
		{"quiet: building triton", "Triton项目编译后运行报错：\n" + attrsCC + "\n", form{}, "编译 alone: building Triton"},
		{"quiet: compile alone", "I compile my own kernels with triton.compile and get\n" + attrsCC + "\n", form{}, "a bare compile"},
		{"quiet: pip --compile-bytecode", "uv pip install --compile-bytecode triton==3.3.0\n" + attrsCC + "\n", form{}, "--compile-bytecode is no torch.compile"},
	})
}
