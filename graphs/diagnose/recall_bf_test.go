package diagnose

import "testing"

// TestCompilerAsAgent: a compiler's name before "找不到" with an object after it is the
// one that cannot find something (agentNotFound), not a compiler that is missing; the
// compiler missing, with the verb ending its clause, stays read.
func TestCompilerAsAgent(t *testing.T) {
	t.Parallel()
	const ctx = "torch.compile 报错：\n"
	checkFirstCodes(t, []codeCase{
		{"agent, object after", ctx + "Dynamo编译器找不到正确的CUDA库文件，特别是libcuda.so。", ""},
		{"agent, object after a space", ctx + "C++ 编译器找不到 torch 的库路径", ""},
		{"missing, end of line", ctx + "C++编译器找不到", CXXCompilerMissing},
		{"missing, comma", ctx + "cl 编译器找不到，请安装 Visual Studio", CXXCompilerMissing},
		{"missing, 了", ctx + "g++ 编译器找不到了", CXXCompilerMissing},
		{"missing, before", ctx + "找不到 cl 编译器", CXXCompilerMissing},
		{"missing, German", "torch.compile: C++-Compiler nicht gefunden", CXXCompilerMissing},
	})
}
