package script

import (
	"os"
	"testing"
)

func BenchmarkTmpBig(b *testing.B) {
	src, _ := os.ReadFile("/tmp/big.py")
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		if _, _, err := parseSource("big.py", src); err != nil {
			b.Fatal(err)
		}
	}
}
