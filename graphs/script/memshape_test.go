package script

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// memShapes are the sources of usersweep item 5: the shortest statements up to the
// size limit, and one call with millions of arguments.
var memShapes = []struct {
	name string
	src  func() string
}{
	{"2.7M-short-statements", func() string { return strings.Repeat("y = 1\n", 2700000) }},
	{"one-call-2.7M-args", func() string { return "f(" + strings.Repeat("1,", 2700000) + ")\n" }},
	{"one-list-2.7M-items", func() string { return "x = [" + strings.Repeat("a,", 2700000) + "]\n" }},
}

// BenchmarkReadShapes reports the peak heap (sampled every 5 ms) of Read per source
// byte (peak-B/B) and in all (peak-MB) for each of memShapes; PERF.md keeps the
// numbers.
func BenchmarkReadShapes(b *testing.B) {
	for _, sh := range memShapes {
		b.Run(sh.name, func(b *testing.B) {
			src := sh.src()
			var peak uint64
			for b.Loop() {
				peak = peakHeap(b, func() {
					if _, err := Read(strings.NewReader(src)); err != nil {
						b.Fatal(err)
					}
				})
			}
			b.ReportMetric(float64(peak)/float64(len(src)), "peak-B/B")
			b.ReportMetric(float64(peak)/1e6, "peak-MB")
		})
	}
}

// peakHeap runs f and returns the largest heap in use above the start, sampled
// every 5 ms.
func peakHeap(b *testing.B, f func()) uint64 {
	b.Helper()
	runtime.GC()
	var m0 runtime.MemStats
	runtime.ReadMemStats(&m0)
	done := make(chan struct{})
	sampled := make(chan uint64)
	go func() {
		var max uint64
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapInuse > max {
				max = m.HeapInuse
			}
			select {
			case <-done:
				sampled <- max
				return
			case <-t.C:
			}
		}
	}()
	f()
	close(done)
	return <-sampled - m0.HeapInuse
}
