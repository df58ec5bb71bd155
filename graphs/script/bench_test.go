package script

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/compilemode/compilemode/graphs"
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

// TestMain lets a benchmark run this test binary as the reading process:
// COMPILEMODE_READ_FILE=PATH reads and plans that file, prints nothing, and exits.
func TestMain(m *testing.M) {
	if f := os.Getenv("COMPILEMODE_READ_FILE"); f != "" {
		os.Exit(readAndPlan(f))
	}
	os.Exit(m.Run())
}

// readAndPlan is what -script does with a file, without printing: read it and plan
// every site. It returns the exit status.
func readAndPlan(path string) int {
	f, err := os.Open(path)
	if err != nil {
		return 2
	}
	defer f.Close()
	s, err := ReadNamed(path, f)
	if err != nil {
		return 2
	}
	p, err := s.Planned(graphs.Scenario{}, nil)
	if err != nil {
		return 2
	}
	if _, err := p.MarshalJSON(); err != nil {
		return 2
	}
	return 0
}

// BenchmarkVsCPython compares, process to process, reading and planning a 20,000-line
// script (this test binary re-run as the reader) with CPython's ast.parse of the same
// file (python3 -c …), run alternately in one run. It reports go/cpython, the ratio of
// the median wall times (the target is at most 1), and prints both medians.
func BenchmarkVsCPython(b *testing.B) {
	py, err := exec.LookPath("python3")
	if err != nil {
		b.Skip("no python3")
	}
	path := filepath.Join(b.TempDir(), "big.py")
	if err := os.WriteFile(path, bigScript(b, 20000), 0o644); err != nil {
		b.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	goCmd := func() *exec.Cmd {
		c := exec.Command(self)
		c.Env = append(os.Environ(), "COMPILEMODE_READ_FILE="+path)
		return c
	}
	pyCmd := func() *exec.Cmd {
		return exec.Command(py, "-c", "import ast, sys; ast.parse(open(sys.argv[1], 'rb').read())", path)
	}
	var goTimes, pyTimes []time.Duration
	for b.Loop() {
		goTimes = append(goTimes, timeRun(b, goCmd()))
		pyTimes = append(pyTimes, timeRun(b, pyCmd()))
	}
	g, p := median(goTimes), median(pyTimes)
	b.ReportMetric(float64(g)/float64(p), "go/cpython")
	b.Logf("20,000 lines, median of %d: compilemode read+plan %v, CPython ast.parse %v, ratio %.2f", len(goTimes), g, p, float64(g)/float64(p))
}

func timeRun(b *testing.B, c *exec.Cmd) time.Duration {
	start := time.Now()
	if out, err := c.CombinedOutput(); err != nil {
		b.Fatalf("%v: %v\n%s", c.Args, err, out)
	}
	return time.Since(start)
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
