package diagnose_test

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

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

// rareLines is a training log where a signature is rare: progress lines, TORCH_LOGS
// lines without a signature, a traceback frame and prose, with one skip line every
// rareEvery lines.
var rareLines = []string{
	"step 1200 loss=0.4123 lr=3e-4 tokens/s=81234 grad_norm=0.98 mem=61.2GiB elapsed=00:41:07\n",
	"V1129 17:07:54.740000 602 torch/_inductor/scheduler.py:6545] [0/0] [__cudagraphs] Created 1 graph partitions: 1 cudagraphable, 0 non-cudagraphable\n",
	"  File \"/opt/venv/lib/python3.12/site-packages/transformers/models/llama/modeling_llama.py\", line 494, in forward\n",
	"epoch 3 | batch 811/5000 | data 0.002s | fwd 0.031s | bwd 0.062s | opt 0.004s | throughput 1731 samples/s\n",
	"INFO 2026-11-29 17:07:55,799 trainer.py:211 checkpoint saved to /scratch/run42/ckpt-0000811.pt (3.2 GB)\n",
}

const rareEvery = 10000

var rareHit = "W1129 17:07:56.133000 608 torch/_inductor/cudagraph_utils.py:207] [__cudagraphs] skipping cudagraphs due to mutated inputs (1 instances)\n"

// writeRareLog writes size bytes of the rare-hit log to path and returns the number of
// skip lines in it.
func writeRareLog(tb testing.TB, path string, size int) int {
	tb.Helper()
	var b bytes.Buffer
	hits := 0
	for i := 0; b.Len() < size; i++ {
		if i%rareEvery == rareEvery-1 {
			b.WriteString(rareHit)
			hits++
			continue
		}
		b.WriteString(rareLines[i%len(rareLines)])
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		tb.Fatal(err)
	}
	return hits
}

// BenchmarkVersusGrep reads a 100 MB training log with rare hits with Read and with
// grep -F -f (the prefilter's anchors, from Anchors) in the same run, and reports both
// speeds and their ratio (Read's time over grep's). Skipped without grep.
func BenchmarkVersusGrep(b *testing.B) {
	grep, err := exec.LookPath("grep")
	if err != nil {
		b.Skip("no grep")
	}
	const size = 100 << 20
	dir := b.TempDir()
	logPath, anchorsPath := filepath.Join(dir, "train.log"), filepath.Join(dir, "anchors")
	writeRareLog(b, logPath, size)
	anchors, err := diagnose.Anchors()
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(anchorsPath, []byte(strings.Join(anchors, "\n")+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(size)
	var readTime, grepTime time.Duration
	for b.Loop() {
		start := time.Now()
		cmd := exec.Command(grep, "-F", "-c", "-f", anchorsPath, logPath)
		if out, err := cmd.Output(); err != nil && len(out) == 0 {
			b.Fatalf("grep: %v", err)
		}
		grepTime += time.Since(start)
		start = time.Now()
		f, err := os.Open(logPath)
		if err != nil {
			b.Fatal(err)
		}
		d, err := diagnose.Read(f)
		f.Close()
		if err != nil || len(d.Findings) != 1 {
			b.Fatalf("Read = %+v, %v", d, err)
		}
		readTime += time.Since(start)
	}
	mbps := func(d time.Duration) float64 { return float64(b.N) * size / (1 << 20) / d.Seconds() }
	b.ReportMetric(mbps(readTime), "read-MB/s")
	b.ReportMetric(mbps(grepTime), "grep-MB/s")
	b.ReportMetric(readTime.Seconds()/grepTime.Seconds(), "ratio")
}
