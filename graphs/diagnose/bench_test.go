package diagnose_test

import (
	"io"
	"runtime"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// logReader yields n bytes of a realistic log without holding it: TORCH_LOGS lines,
// rank prefixes, a traceback, ANSI colours; every sampleEvery bytes it samples the heap.
type logReader struct {
	left, sinceSample int64
	pos               int
	peak              uint64
}

const sampleEvery = 4 << 20

var benchLines = []string{
	"[rank0]:V1129 17:07:54.740000 602 torch/_inductor/scheduler.py:6545] [0/0] [__cudagraphs] Created 1 graph partitions: 1 cudagraphable, 0 non-cudagraphable\n",
	"[rank1]:\x1b[32mstep 1200 loss=0.4123 lr=3e-4 tokens/s=81234\x1b[0m\n",
	"  File \"/opt/torch/.venv/lib/python3.12/site-packages/torch/_inductor/cudagraph_trees.py\", line 494, in cudagraphify\n",
	"W1129 17:07:56.133000 608 torch/_inductor/cudagraph_utils.py:207] [__cudagraphs] skipping cudagraphs due to mutated inputs (1 instances)\n",
	"> some prose pasted from an issue, describing what happened and when it happened\n",
}

func (r *logReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && r.left > 0 {
		line := benchLines[r.pos%len(benchLines)]
		if len(line) > len(p)-n {
			break
		}
		copy(p[n:], line)
		n += len(line)
		r.left -= int64(len(line))
		r.pos++
	}
	if n == 0 { // p smaller than a line
		line := benchLines[r.pos%len(benchLines)]
		n = copy(p, line[:min(len(p), len(line))])
		r.left -= int64(n)
	}
	r.sinceSample += int64(n)
	if r.sinceSample >= sampleEvery {
		r.sinceSample = 0
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		r.peak = max(r.peak, ms.HeapInuse)
	}
	return n, nil
}

// BenchmarkRead100MB reads 100 MB of generated log per iteration and reports MB/s
// and the peak heap in use while reading (sampled every 4 MB).
func BenchmarkRead100MB(b *testing.B) {
	const size = 100 << 20
	b.SetBytes(size)
	var peak uint64
	for b.Loop() {
		r := &logReader{left: size}
		d, err := diagnose.Read(r)
		if err != nil || len(d.Findings) != 1 {
			b.Fatalf("Read = %+v, %v", d, err)
		}
		peak = max(peak, r.peak)
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}
