package graphs

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// scenarioOf builds a scenario file of about n bytes whose options dict holds
// unknown keys (the whole dict is parsed; resolution stops at the first key).
func scenarioOf(n int) string {
	var b strings.Builder
	b.WriteString(`{"torch": "2.11", "options": {`)
	for i := 0; b.Len() < n-60; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `"key_%d": [%d, "v", null]`, i, i)
	}
	b.WriteString(`}, "workload": {"devices": 2}}`)
	return b.String()
}

// BenchmarkInputPaths measures LoadScenario and Check at 1 KB, 100 KB and 1 MB: time
// per byte must stay flat. The numbers are in the package doc, "Reliability".
func BenchmarkInputPaths(b *testing.B) {
	for _, sz := range []struct {
		name string
		n    int
	}{{"1KB", 1 << 10}, {"100KB", 100 << 10}, {"1MB", 1<<20 - 64}} {
		src := scenarioOf(sz.n)
		b.Run("LoadScenario/"+sz.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := LoadScenario("bench", strings.NewReader(src)); err != nil {
					b.Fatal(err)
				}
			}
		})
		sc, err := LoadScenario("bench", bytes.NewReader([]byte(src)))
		if err != nil {
			b.Fatal(err)
		}
		b.Run("Check/"+sz.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Check(sc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
