package diagnose_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// A logShape writes about size bytes of one kind of log that has made Read slow or
// large: the shapes BenchmarkShapes reads side by side with grep -F -f.
type logShape struct {
	name string
	gen  func(b *bytes.Buffer, size int)
}

// rareText is the rare-hit log's text, as writeRareLog writes it.
func rareText(b *bytes.Buffer, size int, sep byte) {
	for i := 0; b.Len() < size; i++ {
		line := rareLines[i%len(rareLines)]
		if i%rareEvery == rareEvery-1 {
			line = rareHit
		}
		b.WriteString(line[:len(line)-1])
		b.WriteByte(sep)
	}
}

// literalPieces returns the first third of each signature's literal that is long
// enough to be cut (a near miss: its anchor and none of the rest).
func literalStarts() []string {
	var out []string
	for _, s := range diagnose.Signatures() {
		if len(s.Literal) >= 36 {
			out = append(out, s.Literal[:len(s.Literal)/3])
		}
	}
	return out
}

// messageHeads returns each signature's literal whole and its head: the words of its
// first half (its first half where it has no space within it), each literal once. ASCII
// literals only, as the user's log was: grep -F in a UTF-8 locale reads a text with
// other bytes at about 1 MB/s of CPU (with LC_ALL=C some 300 MB/s), which would make the
// ratio to it look small.
func messageHeads() []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range diagnose.Signatures() {
		lit := strings.TrimSpace(s.Literal)
		if lit == "" || seen[lit] || !isASCII(lit) {
			continue
		}
		seen[lit] = true
		head := lit[:len(lit)/2]
		if sp := strings.LastIndexByte(head, ' '); sp > 0 {
			head = head[:sp]
		}
		out = append(out, lit)
		if head = strings.TrimSpace(head); head != "" && head != lit {
			out = append(out, head)
		}
	}
	return out
}

// isASCII reports whether s is ASCII only.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// nearMissLine writes BenchmarkNearMissLine's one line (nearMisses): each literal of
// testdata/wordings-by-release.tsv less its last character, sorted, joined by spaces, to
// size bytes or more. It panics where the table cannot be read.
func nearMissLine(b *bytes.Buffer, size int) {
	data, err := os.ReadFile("testdata/wordings-by-release.tsv")
	if err != nil {
		panic(err)
	}
	var lits []string
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Split(l, "\t"); len(f) > 2 && !strings.HasPrefix(l, "#") && len(f[1]) > 1 {
			lits = append(lits, f[1][:len(f[1])-1])
		}
	}
	slices.Sort(lits)
	lits = slices.Compact(lits)
	for i := 0; b.Len() < size; i++ {
		b.WriteString(lits[i%len(lits)] + " ")
	}
}

// changedLine writes BenchmarkNearMissLine's changed line (changedLiterals): every
// row's literal with its middle character changed to X, joined by spaces, to size bytes
// or more.
func changedLine(b *bytes.Buffer, size int) {
	sigs := diagnose.Signatures()
	for i := 0; b.Len() < size; i++ {
		lit := []byte(sigs[i%len(sigs)].Literal)
		if m := len(lit) / 2; m < len(lit) && lit[m] < 0x80 && lit[m] != ' ' {
			lit[m] = 'X'
		}
		b.Write(lit)
		b.WriteByte(' ')
	}
}

var logShapes = []logShape{
	// the rare-hit training log (BenchmarkVersusGrep's).
	{"rare", func(b *bytes.Buffer, size int) { rareText(b, size, '\n') }},
	// that log from torchrun: "[rankN]:" on every line, a device anchor (sweep finding 8:
	// every line was cleaned and matched, 30-60x grep -F's time).
	{"torchrun", func(b *bytes.Buffer, size int) {
		for i := 0; b.Len() < size; i++ {
			line := rareLines[i%len(rareLines)]
			if i%rareEvery == rareEvery-1 {
				line = rareHit
			}
			fmt.Fprintf(b, "[rank%d]:%s", i%8, line)
		}
	}},
	// stock warnings with no call and no finding but the rare one: torch._dynamo's
	// recompile-limit warning, Inductor's TF32 UserWarning and its warnings.warn( line, each
	// holding context anchors (hostile21's D1: 116 MB read in 171 s of CPU, since a
	// context's anchor was "torch.", and every line ran its expression).
	{"stock-warnings", func(b *bytes.Buffer, size int) {
		stock := []string{
			"W1205 21:22:33.123000 4242 torch/_dynamo/convert_frame.py:906] [0/8] torch._dynamo hit config.recompile_limit (8)\n",
			"/opt/conda/lib/python3.11/site-packages/torch/_inductor/compile_fx.py:236: UserWarning: TensorFloat32 tensor cores for " +
				"float32 matrix multiplication available but not enabled. Consider setting `torch.set_float32_matmul_precision('high')` " +
				"for better performance.\n",
			"  warnings.warn(\n",
		}
		for i := 0; b.Len() < size; i++ {
			line := stock[i%len(stock)]
			if i%rareEvery == rareEvery-1 {
				line = rareHit
			}
			b.WriteString(line)
		}
	}},
	// torch._dynamo's recompile-limit warning whole, as convert_frame.py logs it (the
	// corpus's thunder2682_recompile_limit.txt: its function:, last reason: and two advice
	// lines under one glog header), Inductor's TF32 UserWarning and a step line (hostile28's
	// P2: 200 MB in 5.8 times grep -F's CPU time; the "last reason: … size mismatch" line
	// ran skip-unknown-reason's checks, and each glog and warning line naming a .py file the
	// listing header's expressions).
	{"recompile-warnings", func(b *bytes.Buffer, size int) {
		glog := "W1206 16:00:00.123000 4242 torch/_dynamo/convert_frame.py:1016] [0/8] "
		block := []string{
			glog + "torch._dynamo hit config.recompile_limit (8)\n",
			glog + "   function: 'forward' (/srv/app/model.py:88)\n",
			glog + "   last reason: 0/7: tensor 'L['x']' size mismatch at index 0. expected 7, actual 8\n",
			glog + "To log all recompilation reasons, use TORCH_LOGS=\"recompiles\".\n",
			glog + "To diagnose recompilation issues, see https://pytorch.org/docs/main/torch.compiler_troubleshooting.html.\n",
			"/opt/conda/lib/python3.11/site-packages/torch/_inductor/compile_fx.py:236: UserWarning: TensorFloat32 tensor cores for " +
				"float32 matrix multiplication available but not enabled. Consider setting `torch.set_float32_matmul_precision('high')` " +
				"for better performance.\n",
			"  warnings.warn(\n",
			"step 1234 loss 2.3456 lr 0.0003\n",
		}
		for i := 0; b.Len() < size; i++ {
			line := block[i%len(block)]
			if i%rareEvery == rareEvery-1 {
				line = rareHit
			}
			b.WriteString(line)
		}
	}},
	// the TF32 hint alone, with its warnings.warn( line: a path that names a .py file on
	// every other line.
	{"tf32-hint", func(b *bytes.Buffer, size int) {
		for i := 0; b.Len() < size; i++ {
			switch {
			case i%rareEvery == rareEvery-1:
				b.WriteString(rareHit)
			case i%2 == 0:
				b.WriteString("/opt/conda/lib/python3.11/site-packages/torch/_inductor/compile_fx.py:236: UserWarning: TensorFloat32 tensor " +
					"cores for float32 matrix multiplication available but not enabled. Consider setting " +
					"`torch.set_float32_matmul_precision('high')` for better performance.\n")
			default:
				b.WriteString("  warnings.warn(\n")
			}
		}
	}},
	// that log as one line (a progress bar's carriage returns, a log joined by a
	// collector): read in 64 KB windows.
	{"one-line", func(b *bytes.Buffer, size int) { rareText(b, size, ' ') }},
	// that log in lines of 100 KB.
	{"long-lines", func(b *bytes.Buffer, size int) {
		rareText(b, size, ' ')
		for i := 100 << 10; i < b.Len(); i += 100 << 10 {
			b.Bytes()[i] = '\n'
		}
	}},
	// every line has words that anchor rows, none a message: cudagraph, skipping,
	// torch.compile, mode, options, triton, thread, errors.
	{"near-miss", func(b *bytes.Buffer, size int) {
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(b, "[rank%d]: step %d torch.compile( mode=%q options skipping cudagraphs due to the triton thread errors assert torch._inductor PyTorch version\n",
				i%8, i, "max-autotune")
		}
	}},
	// near-miss lines of 64 KB and more: the dense single-line shape.
	{"near-miss-long", func(b *bytes.Buffer, size int) {
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(b, "step %d torch.compile( mode options skipping cudagraphs due to the triton thread errors assert torch._inductor; ", i)
			if i%1000 == 999 {
				b.WriteByte('\n')
			}
		}
	}},
	// one line of near misses of every message (BenchmarkNearMissLine's: each literal of
	// wordings-by-release.tsv less its last character), and of every row's literal with
	// its middle character changed (hostile28's P1: 17-24 s of CPU a MB).
	{"near-miss-line", func(b *bytes.Buffer, size int) { nearMissLine(b, size) }},
	{"near-miss-line-changed", func(b *bytes.Buffer, size int) { changedLine(b, size) }},
	// every line a message's head or the whole message, then a number that changes (the
	// user's nearmiss_lines.txt of 2026-12-06: 200,000 such lines of nine messages read in
	// 5.7 s of CPU against grep -F's 0.02 s): each line holds an anchor of some row, and
	// no line is met again, so no memo answers it.
	{"near-miss-lines", func(b *bytes.Buffer, size int) {
		heads := messageHeads()
		for i := 0; b.Len() < size; i++ {
			h := heads[i%len(heads)]
			if c := h[len(h)-1]; c == '=' || c == '(' || c == ':' {
				fmt.Fprintf(b, "%s%d\n", h, i)
			} else {
				fmt.Fprintf(b, "%s %d\n", h, i)
			}
		}
	}},
	// every line holds the first third of a long literal (a candidate for the exact,
	// quoted, wrapped and cut matches) and no more of it.
	{"candidates", func(b *bytes.Buffer, size int) {
		starts := literalStarts()
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(b, "W1129 17:07:56.133000 608 train.py:%d] %s zz step %d done\n", i%1000, starts[i%len(starts)], i)
		}
	}},
	// every line holds the first third of every long literal: hundreds of anchors a line.
	{"many-anchors", func(b *bytes.Buffer, size int) {
		line := strings.Join(literalStarts(), " zz ") + "\n"
		for b.Len() < size {
			b.WriteString(line)
		}
	}},
	// every line one signature's literal, all signatures in turn: many findings.
	{"many-findings", func(b *bytes.Buffer, size int) {
		sigs := diagnose.Signatures()
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(b, "W1129 17:07:56.133000 608 x.py:%d] %s\n", i%1000, sigs[i%len(sigs)].Literal)
		}
	}},
	// one skip line on every line: one finding, counted millions of times.
	{"repeated", func(b *bytes.Buffer, size int) {
		for b.Len() < size {
			b.WriteString(rareHit)
		}
	}},
	// re-recording: a symint key line on every line.
	{"symint", func(b *bytes.Buffer, size int) {
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(b, "I1129 17:07:56.133000 608 torch/_inductor/cudagraph_trees.py:2130] [0/%d] Recording cudagraph tree for symint key %d\n", i%8, i)
		}
	}},
	// prose wrapped at 72 columns with no blank line, messages broken over lines.
	{"wrapped", func(b *bytes.Buffer, size int) {
		sigs := diagnose.Signatures()
		var para bytes.Buffer
		for i := 0; b.Len() < size; i++ {
			para.Reset()
			fmt.Fprintf(&para, "While training step %d the compiler said %s and then the run went on with the torch thread errors assert. ",
				i, sigs[i%len(sigs)].Literal)
			words := strings.Fields(para.String())
			col := 0
			for _, w := range words {
				if col+len(w) > 72 {
					b.WriteByte('\n')
					col = 0
				}
				b.WriteString(w)
				b.WriteByte(' ')
				col += len(w) + 1
			}
		}
		b.WriteByte('\n')
	}},
	// Lines that state a release, every one of them (newuser28's finding 13: each such
	// line ran the release finder's rows and some hundred expressions that decide whether
	// the release is another run's, 3-16 s of CPU a MB): a pytest run whose every line
	// carries the torch it ran on, each line another test; "ok [torch …]" and "torch CUDA
	// 13.4" on every line; a title of the corpus's t6 (torchtitan#3944) repeated; pip's
	// freeze of a collect_env report repeated; collect_env's report repeated.
	{"release-pytest", func(b *bytes.Buffer, size int) {
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(b, "tests/test_x.py::test_a%d PASSED [torch 2.14.0+cu130]\n", i)
		}
	}},
	{"release-ok", func(b *bytes.Buffer, size int) { repeatLines(b, size, []string{"ok [torch 2.14.0+cu130]"}) }},
	{"release-cuda", func(b *bytes.Buffer, size int) { repeatLines(b, size, []string{"torch CUDA 13.4"}) }},
	{"release-title", func(b *bytes.Buffer, size int) {
		repeatLines(b, size, []string{"# `RuntimeError: Attempting to use a closed pool` on DeepSeek-v3-16b torchtitan on Blackwell + torch nightly + CUDA 13.4"})
	}},
	{"release-pip-freeze", func(b *bytes.Buffer, size int) { repeatLines(b, size, pipFreeze()) }},
	{"release-collect-env", func(b *bytes.Buffer, size int) {
		block := append(corpusLines(collectEnvText, "PyTorch version:"), "", "Versions of relevant libraries:")
		for _, l := range pipFreeze() {
			block = append(block, "[pip3] "+l)
		}
		repeatLines(b, size, block)
	}},
	// An ordinary training log (hostile29's T2, 100 MB read in 3.3-4.1 times grep -F's
	// CPU): Python logging's line, a tqdm bar, torchrun's "[rankK]:" step line, a glog
	// line of a C++ trainer, wandb's metrics line, in turn, each with its own numbers; a
	// signature every rareEvery lines.
	{"training-mix", func(b *bytes.Buffer, size int) {
		for i := 0; b.Len() < size; i++ {
			if i%rareEvery == rareEvery-1 {
				b.WriteString(rareHit)
				continue
			}
			trainingMixLine(b, i)
		}
	}},
	// A realistic training log (diagnose.TrainingLog): logging, tqdm bars with carriage returns,
	// "[rankK]:" steps, glog, wandb and JSON metric lines, long lines, PyTorch's warnings
	// that are no finding, one finding in a traceback at the end (the tester's 100 MB
	// log: 3.1-3.2 times grep -F's CPU).
	{"training-log", diagnose.TrainingLog},
	// A training log that tags each line with its environment, the numbers differing
	// from line to line (hostile29's T1: 990 KB in 2.65-2.8 s of CPU, 88 times grep -F's).
	{"release-env-tag", func(b *bytes.Buffer, size int) {
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(b, "epoch %d step %d loss %.4f lr %.2e (torch 2.6.0+cu124, cuda 12.4, python 3.11)\n",
				i/1000, i, float64(i*7919%10000)/10000, float64(i*104729%1000+1)/1000)
		}
	}},
	// millions of short lines.
	{"short-lines", func(b *bytes.Buffer, size int) {
		for i := 0; b.Len() < size; i++ {
			b.WriteString("ok " + strconv.Itoa(i%100) + "\n")
		}
	}},
	// Inductor's skip of CUDA graphs on every line, as a multi-rank run that warns at
	// every compile logs it (issue 21: "[rank0]:W1203 … cudagraph_trees.py:2374]
	// skipping cudagraphs due to skipping cudagraphs due to cpu device (arg3_1). Found
	// from :", 50 MB read in 143 s of CPU; the same with mutated inputs five to ten times
	// faster), each line's time and thread its own; and the bare skip line repeated
	// (denseSkipShapes).
	{"dense-skip-mutated", func(b *bytes.Buffer, size int) { denseSkip(b, size, "mutated inputs (1 instances)") }},
	{"dense-skip-cpu", func(b *bytes.Buffer, size int) { denseSkip(b, size, "skipping cudagraphs due to cpu device (arg3_1)") }},
	{"dense-skip-cpu-bare", func(b *bytes.Buffer, size int) {
		repeatLines(b, size, []string{"skipping cudagraphs due to cpu device (arg3_1)"})
	}},
	{"dense-skip-devices", func(b *bytes.Buffer, size int) { denseSkip(b, size, "multiple devices: cuda:0, cpu") }},
	{"dense-skip-non-tensor", func(b *bytes.Buffer, size int) { denseSkip(b, size, "non-Tensor inputs") }},
	{"dense-skip-incompatible", func(b *bytes.Buffer, size int) { denseSkip(b, size, "incompatible ops") }},
	// Long hostile lines (longLineShapes).
	{"json-line", jsonLine},
	{"base64-line", base64Line},
	{"notebook-line", notebookLine},
	{"skip-prefix-line", skipPrefixLine},
}

// denseSkip writes Inductor's skip line for reason on every line, to size bytes or more,
// under a glog header whose time, thread and rank change from line to line (so that no
// memo of lines met again answers it), with trees' "Found from :" after it.
func denseSkip(b *bytes.Buffer, size int, reason string) {
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(b, "[rank%d]:W1203 10:%02d:%02d.%06d %d torch/_inductor/cudagraph_trees.py:2374] skipping cudagraphs due to %s. Found from : \n",
			i%8, i/60%60, i%60, i*7919%1000000, 140000+i%1000, reason)
	}
}

// denseSkipShapes are the shapes of one skip line on every line (denseSkip), the first
// the mutated inputs' skip, the one TestDenseHitWork holds the others to.
var denseSkipShapes = []string{"dense-skip-mutated", "dense-skip-cpu", "dense-skip-cpu-bare", "dense-skip-devices",
	"dense-skip-non-tensor", "dense-skip-incompatible"}

// TestDenseHitWork: a log whose every line is one skip message costs about the same
// work a line (diagnose.ReadWork) whatever the skip's reason, within denseBound of the
// mutated inputs' (issue 21: a line of the cpu device's cost six to ten times one of
// the mutated inputs', since the retelling's rows that read PyTorch's own cpu line ran
// their whole pattern, sixteen alternatives, at every hit), and each finds its code.
func TestDenseHitWork(t *testing.T) {
	t.Parallel()
	const size, denseBound = 64 << 10, 2.0
	perLine := map[string]float64{}
	for _, name := range denseSkipShapes {
		i := slices.IndexFunc(logShapes, func(sh logShape) bool { return sh.name == name })
		if i < 0 {
			t.Fatalf("no shape %s", name)
		}
		var b bytes.Buffer
		logShapes[i].gen(&b, size)
		w, err := diagnose.ReadWork(b.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		perLine[name] = float64(w) / float64(bytes.Count(b.Bytes(), []byte("\n")))
		d, err := diagnose.Read(bytes.NewReader(b.Bytes()))
		if err != nil || len(d.Findings) != 1 {
			t.Errorf("%s: findings %+v, %v: want one", name, d.Findings, err)
		}
	}
	base := perLine[denseSkipShapes[0]]
	for _, name := range denseSkipShapes[1:] {
		t.Logf("%s: work %.0f a line, %s's %.0f", name, perLine[name], denseSkipShapes[0], base)
		if perLine[name] > denseBound*base {
			t.Errorf("%s: work %.0f a line, more than %v times %s's %.0f", name, perLine[name], denseBound, denseSkipShapes[0], base)
		}
	}
}

// longLineShapes are the shapes of one line of hundreds of KB or more: a JSON logger's
// records minified on one line (each naming torch's release and a mode), a base64 blob,
// a notebook's output saved as one JSON string (its line ends escaped), every record a
// progress bar with a skip message, and "skipping cudagraphs due to " repeated with no
// reason (a log joined by a collector). TestShapesLinear and TestLongHostileLines read
// them.
var longLineShapes = []string{"json-line", "base64-line", "notebook-line", "skip-prefix-line"}

// jsonLine writes a JSON list of log records on one line, to size bytes or more.
func jsonLine(b *bytes.Buffer, size int) {
	b.WriteByte('[')
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(b, `{"ts":%d,"level":"INFO","msg":"step %d loss %.4f","torch":"2.5.1","mode":"max-autotune","cudagraphs":true}`,
			1733500000+i, i, float64(i*7919%10000)/10000)
	}
	b.WriteByte(']')
}

// base64Line writes size bytes or more of base64 (of bytes drawn from a fixed seed) on
// one line.
func base64Line(b *bytes.Buffer, size int) {
	r := rand.New(rand.NewPCG(7, 8))
	raw := make([]byte, size*3/4+3)
	for i := range raw {
		raw[i] = byte(r.Uint32())
	}
	b.WriteString(base64.StdEncoding.EncodeToString(raw))
}

// notebookLine writes a notebook's output as one JSON string, its line ends escaped:
// progress bars, each with torch.compile's mode and the mutated-inputs skip.
func notebookLine(b *bytes.Buffer, size int) {
	b.WriteString(`{"output_type":"stream","name":"stderr","text":"`)
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(b, `Epoch %d: 100%%|##########| 50/50 [00:0%d<00:00, torch.compile mode=max-autotune skipping cudagraphs due to mutated inputs (2 instances)]\n`,
			i, i%9)
	}
	b.WriteString(`"}`)
}

// skipPrefixLine writes "skipping cudagraphs due to " over and over on one line, to size
// bytes or more (10^6 times is 27 MB).
func skipPrefixLine(b *bytes.Buffer, size int) {
	for b.Len() < size {
		b.WriteString("skipping cudagraphs due to ")
	}
}

// TestShapesLinear: the work Read does (diagnose.ReadWork: the bytes its readers and
// patterns ran over, an operation count, not a time) grows in proportion to the input
// for every logShape, the long hostile lines among them: four times the bytes, at most
// linearBound times the work (work that grows with the square of a line's length, or
// with the product of the sites and the warnings, gives 16). A shape whose lines hold
// no anchor but a device's or a library path's does none of that work (the prefilter's
// one pass over its bytes is not counted).
func TestShapesLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("reads every shape at 64 KB and 256 KB")
	}
	t.Parallel()
	const small, linearBound = 64 << 10, 4.5
	for _, sh := range logShapes {
		t.Run(sh.name, func(t *testing.T) {
			var work [2]int
			var size [2]int
			for i, n := range []int{small, 4 * small} {
				var b bytes.Buffer
				sh.gen(&b, n)
				w, err := diagnose.ReadWork(b.Bytes())
				if err != nil {
					t.Fatal(err)
				}
				work[i], size[i] = w, b.Len()
			}
			// per byte of input, so that a shape whose text overshoots its size does not count
			ratio := (float64(work[1]) / float64(size[1])) / (float64(max(work[0], 1)) / float64(size[0])) * 4
			t.Logf("work %d on %d bytes, %d on %d: %.2f times for 4 times the bytes", work[0], size[0], work[1], size[1], ratio)
			if work[1] > 0 && ratio > linearBound {
				t.Errorf("work grew %.2f times for 4 times the bytes (%d on %d bytes, %d on %d), want at most %v",
					ratio, work[0], size[0], work[1], size[1], linearBound)
			}
		})
	}
}

// trainingMixLine writes line i of the training-mix shape: a logging line, a tqdm bar, a
// torchrun step line, a glog line and a wandb line, in turn.
func trainingMixLine(b *bytes.Buffer, i int) {
	switch i % 5 {
	case 0:
		fmt.Fprintf(b, "[2026-12-06 10:%02d:%02d,%03d] INFO train.py:%d: epoch %d step %d loss %.4f grad_norm %.3f\n",
			i/60%60, i%60, i%1000, i%900, i/100000, i, float64(i*7919%10000)/10000, float64(i*104729%3000)/1000)
	case 1:
		pct := i % 101
		fmt.Fprintf(b, "%d%%|%-30s| %d/100000 [01:%02d<02:00, %.2fit/s]\n", pct, strings.Repeat("#", pct*30/100), i%100000, i%60,
			float64(i*31%1000)/100)
	case 2:
		fmt.Fprintf(b, "[rank%d]: step %d tokens/s %d mem %.2fGB\n", i%8, i, i*7919%100000, float64(i*104729%8000)/100)
	case 3:
		fmt.Fprintf(b, "I1206 10:00:%02d.%06d %d trainer.cc:%d] checkpoint shard %d written to /mnt/ckpt/step_%d/shard.pt\n",
			i%60, i%1000000, 1000+i%9000, i%900, i%64, i)
	default:
		fmt.Fprintf(b, "wandb: logging metrics step=%d lr=%.2e val_loss=%.4f\n", i, float64(i*104729%1000+1)/1000,
			float64(i*7919%10000)/10000)
	}
}

// collectEnvText and pipListText are corpus texts with torch's collect_env report
// (torch/utils/collect_env.py's "PyTorch version: …" block; its "Versions of relevant
// libraries:" lists pip's packages as "[pip3] name==version").
const (
	collectEnvText = "bk_neg_pt111983_reply_wsl2_libtorch_cuda_so_collect_env_20.txt"
	pipListText    = "dm_neg_pt179418_index_add_bf16_fallback_decomp_pip3_nightly212.txt"
)

// corpusLines returns the lines of the corpus text name from the first that starts with
// from to the text's end (none where the text cannot be read).
func corpusLines(name, from string) []string {
	b, err := os.ReadFile(filepath.Join("testdata", "corpus", "texts", name))
	if err != nil {
		return nil
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, from) {
			return lines[i:]
		}
	}
	return nil
}

// pipFreeze is pipListText's pip packages as pip freeze prints them ("torch==2.12.0.dev…").
func pipFreeze() []string {
	var out []string
	for _, l := range corpusLines(pipListText, "[pip3] ") {
		if name, ok := strings.CutPrefix(l, "[pip3] "); ok {
			out = append(out, name)
		}
	}
	return out
}

// repeatLines writes lines, one a line, over and over until b holds size bytes.
func repeatLines(b *bytes.Buffer, size int, lines []string) {
	if len(lines) == 0 {
		lines = []string{""}
	}
	for i := 0; b.Len() < size; i++ {
		b.WriteString(lines[i%len(lines)])
		b.WriteByte('\n')
	}
}

// writeShape writes shape sh of size bytes to path and returns its size; with
// DIAGNOSE_SHAPE_KEEP set, a file already there is kept (so that two builds read the same
// logs, though the shapes made of the signatures differ between them).
func writeShape(b *testing.B, sh logShape, path string, size int) int {
	if st, err := os.Stat(path); err == nil && os.Getenv("DIAGNOSE_SHAPE_KEEP") != "" {
		return int(st.Size())
	}
	var buf bytes.Buffer
	sh.gen(&buf, size)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	return buf.Len()
}

// shapeFileEnv names the file TestShapeChild reads (set only by BenchmarkShapes).
const shapeFileEnv = "DIAGNOSE_SHAPE_FILE"

// TestShapeChild is BenchmarkShapes' child process: it reads the file shapeFileEnv
// names with Read and prints the nanoseconds Read took and the findings. Without the
// variable it does nothing.
func TestShapeChild(t *testing.T) {
	path := os.Getenv(shapeFileEnv)
	if path == "" {
		t.Skip("BenchmarkShapes' child")
	}
	if _, err := diagnose.Anchors(); err != nil { // the table, outside the time
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cpu0 := cpuTime()
	start := time.Now()
	d, err := diagnose.Read(f)
	took, cpu := time.Since(start), cpuTime()-cpu0
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("\nSHAPE %d %d %d\n", took.Nanoseconds(), cpu.Nanoseconds(), len(d.Findings))
}

// cpuTime is the user and system time this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// childRun runs args and returns its output, its wall and CPU (user and system) time
// and its peak resident set (0 without GNU time, /usr/bin/time: the rusage of a child
// that Go starts counts the parent's pages it shared before exec).
func childRun(tb testing.TB, env []string, args ...string) (out []byte, wall, cpu time.Duration, rssMB float64) {
	tb.Helper()
	usage := filepath.Join(tb.TempDir(), "usage")
	if _, err := os.Stat("/usr/bin/time"); err == nil {
		args = append([]string{"/usr/bin/time", "-f", "%M", "-o", usage}, args...)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = env
	start := time.Now()
	out, err := cmd.Output()
	wall = time.Since(start)
	if err != nil && (cmd.ProcessState == nil || cmd.ProcessState.ExitCode() > 1) {
		tb.Fatalf("%v: %v\n%s", cmd.Args, err, out)
	}
	// wait4's rusage counts the children a process waited for: time's counts the
	// command's.
	cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if b, err := os.ReadFile(usage); err == nil {
		// "Command exited with non-zero status 1" may come first.
		f := strings.Fields(string(b))
		kb, _ := strconv.Atoi(f[len(f)-1])
		rssMB = float64(kb) / 1024
	}
	return out, wall, cpu, rssMB
}

// BenchmarkShapes writes each logShape (DIAGNOSE_SHAPE_MB megabytes, 32 by default,
// in DIAGNOSE_SHAPE_DIR when set, to keep them; see writeShape) and reads it with Read in a child process (this test binary, TestShapeChild) and
// with grep -F -c -f on the prefilter's anchors, in the same run; it reports both
// speeds, their ratio (Read's time over grep's; cpu-ratio, the same of CPU time, which
// a loaded machine disturbs less, and the speeds in CPU time) and both peak resident sets. Read's time is Read's
// own (the child's start and the table's compilation left out); grep's is its whole
// run. Skipped without grep.
func BenchmarkShapes(b *testing.B) {
	grep, err := exec.LookPath("grep")
	if err != nil {
		b.Skip("no grep")
	}
	size := 32 << 20
	if mb, err := strconv.Atoi(os.Getenv("DIAGNOSE_SHAPE_MB")); err == nil && mb > 0 {
		size = mb << 20
	}
	dir := os.Getenv("DIAGNOSE_SHAPE_DIR") // to keep the logs
	if dir == "" {
		dir = b.TempDir()
	}
	anchorsPath := filepath.Join(dir, "anchors")
	anchors, err := diagnose.Anchors()
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(anchorsPath, []byte(strings.Join(anchors, "\n")+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, sh := range logShapes {
		b.Run(sh.name, func(b *testing.B) {
			logPath := filepath.Join(dir, sh.name+".log")
			n := writeShape(b, sh, logPath, size)
			b.SetBytes(int64(n))
			var readTime, grepTime, readCPU, grepCPU time.Duration
			var readRSS, grepRSS float64
			for b.Loop() {
				_, took, cpu, rss := childRun(b, os.Environ(), grep, "-F", "-c", "-f", anchorsPath, logPath)
				grepTime, grepCPU, grepRSS = grepTime+took, grepCPU+cpu, max(grepRSS, rss)
				out, _, _, rss := childRun(b, append(os.Environ(), shapeFileEnv+"="+logPath),
					os.Args[0], "-test.run=^TestShapeChild$", "-test.count=1")
				var ns, cpuNs int64
				var findings int
				at := bytes.Index(out, []byte("SHAPE "))
				if at < 0 {
					b.Fatalf("child: %s", out)
				}
				if _, err := fmt.Sscanf(string(out[at:]), "SHAPE %d %d %d", &ns, &cpuNs, &findings); err != nil {
					b.Fatalf("child: %v: %s", err, out)
				}
				readTime, readCPU, readRSS = readTime+time.Duration(ns), readCPU+time.Duration(cpuNs), max(readRSS, rss)
			}
			mbps := func(d time.Duration) float64 { return float64(b.N) * float64(n) / (1 << 20) / d.Seconds() }
			b.ReportMetric(mbps(readTime), "read-MB/s")
			b.ReportMetric(mbps(readCPU), "read-cpu-MB/s")
			b.ReportMetric(mbps(grepCPU), "grep-cpu-MB/s")
			b.ReportMetric(mbps(grepTime), "grep-MB/s")
			b.ReportMetric(readTime.Seconds()/grepTime.Seconds(), "ratio")
			b.ReportMetric(readCPU.Seconds()/grepCPU.Seconds(), "cpu-ratio")
			b.ReportMetric(readRSS, "read-RSS-MB")
			b.ReportMetric(grepRSS, "grep-RSS-MB")
		})
	}
}

// TestLongHostileLines: each long hostile line (longLineShapes) of 2 MB, and "skipping
// cudagraphs due to " repeated 10^6 times (27 MB), is read without error or panic, in
// bounded quotes, and a message on the line after it is found there.
func TestLongHostileLines(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 33 MB")
	}
	t.Parallel()
	const after = "RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.\n"
	for _, name := range longLineShapes {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			i := slices.IndexFunc(logShapes, func(sh logShape) bool { return sh.name == name })
			if i < 0 {
				t.Fatalf("no shape %s", name)
			}
			size := 2 << 20
			if name == "skip-prefix-line" {
				size = 1e6 * len("skipping cudagraphs due to ")
			}
			var b bytes.Buffer
			logShapes[i].gen(&b, size)
			b.WriteString("\n" + after)
			d, err := diagnose.Read(bytes.NewReader(b.Bytes()))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if !slices.ContainsFunc(d.Findings, func(f diagnose.Finding) bool { return f.Line == 2 && f.Code == diagnose.ModeAndOptions }) {
				t.Errorf("findings %+v: want mode-and-options on line 2", d.Findings)
			}
			for _, f := range d.Findings {
				if n := utf8.RuneCountInString(f.Quote); n > diagnose.MaxQuoteRunes {
					t.Errorf("%s: quote of %d runes, want at most %d", f.Code, n, diagnose.MaxQuoteRunes)
				}
			}
		})
	}
}
