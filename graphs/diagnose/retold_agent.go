package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// compilerFinds reports whether lit, the literal of a C++ compiler's retelling in other
// languages (foreignRetold), is on line where the compiler is the one that does not find
// something: Chinese puts what is not found and who does not find it before the same
// verb, and an object after "找不到" or "未找到" makes the name the finder ("Dynamo编译器
// 找不到正确的CUDA库文件", the Dynamo compiler cannot find the right CUDA library:
// holdoutBF's MaskLLM note, whose failure is libcuda's). The compiler missing ends its
// clause at the verb ("C++编译器找不到", "cl 编译器找不到，请安装 …", "g++ 编译器找不到了").
// A check after the match (retoldUnreported), not in the row's pattern: a pattern that
// fails runs again on every occurrence of its nine literals (TestDenseLineBounded).
func compilerFinds(line, lit []byte) bool {
	for rest := line; ; {
		at := bytes.Index(rest, lit)
		if at < 0 {
			return false
		}
		rest = rest[at+len(lit):]
		if finderAfter.Match(rest) {
			return true
		}
	}
}

// finderAfter is a verb of finding (findVerbsAfter) right after a compiler's name, then
// an object: a letter, a digit or an ideograph before any punctuation or particle.
var finderAfter = &lazyregexp.Regexp{Expr: `^\W?\s?(?:` + findVerbsAfter + `)\s*[^\s\pP了啊呢吗]`}
