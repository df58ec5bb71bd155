package script

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
)

// bigScript returns a script of at least lines lines, shaped like real ones: the
// testdata scripts repeated, each copy's defs renamed.
func bigScript(tb testing.TB, lines int) []byte {
	tb.Helper()
	var parts []string
	for _, f := range []string{"hf_trainer", "gpt_fast_generate", "diffusers_pipeline", "threadpool_server", "forms"} {
		b, err := os.ReadFile("testdata/scripts/" + f + ".py")
		if err != nil {
			tb.Fatal(err)
		}
		parts = append(parts, string(b))
	}
	var b strings.Builder
	n := 0
	for i := 0; n < lines; i++ {
		p := parts[i%len(parts)]
		p = strings.ReplaceAll(p, "def main(", fmt.Sprintf("def main%d(", i))
		b.WriteString(p)
		b.WriteString("\n")
		n += strings.Count(p, "\n") + 1
	}
	return []byte(b.String())
}

// BenchmarkRead20k reads a 20,000-line script; the budget is 100 ms on one core
// (go test -bench Read20k -cpu 1). It also reports the process's CPU time per read
// (cpu-ms/op), which a loaded machine does not inflate as it does wall time.
func BenchmarkRead20k(b *testing.B) {
	src := bigScript(b, 20000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	start := cpuTime()
	n := 0
	for b.Loop() {
		if _, err := readBytes("big.py", src); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(n)/1e6, "cpu-ms/op")
}

// cpuTime returns the user and system CPU time of the process so far, in ns.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
