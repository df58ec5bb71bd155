package diagnose_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// FuzzRead checks that Read never panics or fails on text from a reader that does not
// fail, and that its output stays bounded: at most one finding per code, quotes of at
// most MaxQuoteRunes runes, text lines of at most TextWidth runes, and at a width
// chosen from the input's length, lines of at most that many terminal columns.
func FuzzRead(f *testing.F) {
	for _, seed := range []string{
		"assert torch._C._is_key_in_tls(attr_name)\n",
		"[rank3]:> \x1b[31mskipping cudagraphs due to ['mutated inputs']\x1b[0m\r\n",
		"x = torch.compile(m, mode=\"reduce-overhead\", options={'a': (1, 2)}\n",
		"torch.__version__\n'2.5.1'\ncudagraph_trees=False\n",
		"\x1b]0;title\x07PyTorch version: 2.14.0\nUnrecognized mode=, should be one of: x\n",
		"\xff\xfe\x00\x00R\x00\x00\x00\n\x00\x00\x00",
		"\xff\xfeRuntimeError: CUDA error: capturing stream has unjoined work\n",
		"\x1b]8;;x RuntimeError: Either mode or options can be specified, but both\ncan't be specified at the same time.\n",
		"Name: torch\nVersion: 2.5.1\n| `skipping cudagraphs due to cpu device` |\n\a\u009b\u202e\n",
		"$ TORCHINDUCTOR_FX_GRAPH_CACHE=0 python t.py\ntorch._inductor.config.fx_graph_cache = True\n",
		"recording cudagraph tree for symint key 1\nrecording cudagraph tree for symint key 2\nrecording cudagraph tree for symint key 3\n",
		// Values cut short (cut_value.go) and hypotheticals (absent.go), branch recallF.
		"{\"symptom\": \"RuntimeError: accessing tensor output of CUDAGraphs\", 'a': '\\'',\n7,x,Error: operation not permitted when\t\"\n",
		"- If\n  \"skipping cudagraphs due to cpu device\" appears\n「operation not permitted when stream is capturing」が出たら\n",
		// Release prose of the day's rules (hostile2): moves, downgrades, regressions,
		// pins, cut lines and invisible characters, repeated and interleaved.
		"I upgraded torch from 2.4 to 2.5, then downgraded torch 2.6.0->2.5.1; a regression between 2.3 and 2.4. upgraded from 2.4 to upgraded from to 2.\n",
		"requires torch==2.4.0, but you have torch 2.5.1\nSuccessfully installed torch-2.3.0\nPyTorch Lightning 2.4.0 torch-tensorrt 2.5.0 after updating to 2.7\n",
		"E   RuntimeError: Cannot find a working triton installation. Either the package is not ins\n",
		"\u200b\u2060\ufeff\u00ad2.\u200b5 torch\u200b2.6\u202e Cannot find a working triton\u200b installation\n",
		"[rank0]: [W1202 12:00:00.000 init.cpp:1] Not enough SMs to use max_autotune_gemm mode\n",
		"错误：RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture. If you need this call to be captured 全角全角全角全角全角全角全角全角全角全角\n",
		// JSON lines (splitLine): escapes of every kind, cut ones, a surrogate pair and a
		// lone one; lone carriage returns; escapes that cut an anchor.
		`{"log":"Name: torch\n","stream":"stderr"}` + "\n" + `{"log":"Version: 2.6.0\n"}` + "\n" + `{"e":"x\"\t\u003c\ud83d\ude00\ud800\u12\\n\`,
		"step 1\r step 2\rRuntimeError: CUDA error: capturing stream has unj\r\r\n",
		"\x1b[1;31mKeyError\x1b[0m:\x1b[1m 'k'\x1b[22m\n\x1b]8;;\x1b[",
		// fix10: controls a terminal shows nothing for, Latin-1 after FF FE, a gzip
		// header cut short.
		"skipping cudagraphs due\x07\x00\x7f to cpu\v device\u0085\u202e\u2066\x1b]0;t\n",
		"\xff\xfer\xe9sum\xe9\r\nskipping cudagraphs due to cpu device\xe9\n",
		"\x1f\x8b\x08\x00",
		// Tracebacks cut before their exception line (traceback.go): a rank's, a
		// notebook's escaped ANSI codes, a chain, an exception group's bars.
		"[rank1]: Traceback (most recent call last):\n[rank1]:   File \"t.py\", line 3, in <module>\n[rank0]: RuntimeError: x\n\"\\u001b[0;31mKeyError\\u001b[0m  Traceback (most recent call last)\",\n\"File \\u001b[0;32m/x.py:4\\u001b\n",
		"Traceback (most recent call last):\n  File \"a\", line 1, in f\nE: x\n\nDuring handling of the above exception, another exception occurred:\n\n  + Exception Group Traceback (most recent call last):\n  |   File \"b\", line 2, in g\n----> 2\n\\e[",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		d, err := diagnose.Read(strings.NewReader(in))
		var cut *diagnose.CutHeaderError
		if errors.Is(err, diagnose.ErrEmpty) || errors.As(err, &cut) {
			return // white space, or escape sequences that clean to nothing; a header cut short
		}
		if err != nil {
			t.Fatalf("Read: %v", err)
		}
		if len(d.Findings) > len(diagnose.Codes()) {
			t.Fatalf("%d findings, more than codes", len(d.Findings))
		}
		for _, f := range d.Findings {
			if n := utf8.RuneCountInString(f.Quote); n > diagnose.MaxQuoteRunes || f.Line < 1 {
				t.Fatalf("finding %+v: quote of %d runes", f, n)
			}
		}
		var out bytes.Buffer
		if err := d.WriteText(&out); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(out.String(), "\n") {
			// a word longer than the width (an escaped environment value in a plan
			// error, testdata/fuzz/FuzzRead/d4c030fb2decab3f) is one line of its own, as
			// WriteTextWidth's check below allows
			if utf8.RuneCountInString(line) > diagnose.TextWidth && !oneLongWord(line) {
				t.Fatalf("text line too wide: %q", line)
			}
		}
		width := diagnose.MinTextWidth + len(in)%80
		out.Reset()
		if err := d.WriteTextWidth(&out, width); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(out.String(), "\n") {
			if termColumns(line) > width && !oneLongWord(line) {
				t.Fatalf("text line wider than %d columns: %q", width, line)
			}
		}
	})
}

// oneLongWord reports whether a line is a field's label or indentation and one word:
// WriteTextWidth never splits a word, so a word longer than the width takes a line of
// its own, wider than the width (its doc; FuzzRead found "importlib.metadata.requires(\"torch\")"
// of triton-missing's fix at width 40).
func oneLongWord(line string) bool {
	fs := strings.Fields(line)
	if len(fs) == 0 {
		return false
	}
	switch head := strings.TrimSpace(strings.TrimSuffix(line, fs[len(fs)-1])); head {
	case "", "|", "cause:", "fix:", "note:":
		return true
	}
	return false
}
