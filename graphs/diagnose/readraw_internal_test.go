package diagnose

import (
	"bytes"
	"slices"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
)

// TestLookalikeLeads holds lookalikeLead to lookalikes: every rune the replacer replaces
// and every key of its pairs starts as lookalikeLead takes it, so that normalize, which
// returns a line lookalikeLead refuses as it is, replaces what the replacer would; a
// tqdm bar's blocks and shades are refused.
func TestLookalikeLeads(t *testing.T) {
	t.Parallel()
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xd800 && r < 0xe000 {
			continue // surrogates: no UTF-8
		}
		if s := string(r); lookalikes.Replace(s) != s && !lookalikeLead([]byte(s)) {
			t.Errorf("U+%04X is replaced, and lookalikeLead refuses it", r)
		}
	}
	pairs := slices.Concat(lookalikePairs(), fullWidthASCII(), controlLookalikes())
	for i := 0; i < len(pairs); i += 2 {
		if !lookalikeLead([]byte(pairs[i])) {
			t.Errorf("lookalikeLead refuses the key %+q", pairs[i])
		}
	}
	for _, bar := range []string{"Epoch 3:  45%|██████████████████▌                     | 450/1000", "train/loss ▁▂▃▄▅▆▇█", "⭐️ 🚀 ✓ ✗"} {
		if lookalikeLead([]byte(bar)) {
			t.Errorf("lookalikeLead(%q) = true, want false", bar)
		}
	}
}

// readRawTexts returns the texts TestReadRawSkips and TestReadRawSkipsFindings read:
// every text of testdata/corpus/texts and testdata/logs as it is on disk, 4 MB of
// trainingLog, and lines that hold each class of byteClass.
func readRawTexts(t *testing.T) map[string][]byte {
	t.Helper()
	texts := map[string][]byte{}
	for _, f := range corpusAndLogFiles(t) { // read once (corpus_shared_test.go)
		texts[f.path] = f.data
	}
	if len(texts) < 2000 {
		t.Fatalf("read %d texts; the corpus holds more than 2,000", len(texts))
	}
	var b bytes.Buffer
	trainingLog(&b, 4<<20)
	texts["trainingLog"] = b.Bytes()
	texts["classes"] = []byte("a\x07b skipping cudagraphs due\x0b to cpu device\n" +
		"\x1b[31mRuntimeError\x1b[0m: x \xc2\x9b1m y \x9b1m z\n" +
		"<b>skipping</b> cudagraphs due to mutated inputs\\_x &amp; &#39;a&#39; \\u0027q\\u0027\n" +
		"skipping\u00a0cudagraphs due to ‘mutated’ inputs ＂x＂ │ ok\u061c\n" +
		"mu\b\bmutated inputs\x7f \xc2\x85 end\r\n")
	return texts
}

// TestReadRawSkips holds readRaw's skips to its steps: on every line of the corpus, the
// logs, trainingLog and lines with each class of byte, readRaw makes the same raw and
// orig with its steps skipped where byteClasses finds no byte they read as with every
// step run on every line.
func TestReadRawSkips(t *testing.T) {
	t.Parallel()
	fast, every := &scanner{}, &scanner{everyStep: true}
	var a, b ringLine
	lines := 0
	for name, text := range readRawTexts(t) {
		for n, line := range bytes.SplitAfter(text, []byte("\n")) {
			a.raw, a.orig = append(a.raw[:0], line...), a.orig[:0]
			b.raw, b.orig = append(b.raw[:0], line...), b.orig[:0]
			fast.readRaw(&a)
			every.readRaw(&b)
			lines++
			if !bytes.Equal(a.raw, b.raw) || !bytes.Equal(a.orig, b.orig) {
				t.Errorf("%s:%d: readRaw = %q, %q; with every step %q, %q", name, n+1, a.raw, a.orig, b.raw, b.orig)
			}
		}
	}
	t.Logf("%d lines", lines)
}

// TestReadRawSkipsFindings reads the same texts with readRaw's skips and with every step
// on every line: the findings are the same.
func TestReadRawSkipsFindings(t *testing.T) {
	t.Parallel()
	tab, err := compiledTable()
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range readRawTexts(t) {
		var got [2][]Finding
		for k, every := range []bool{false, true} {
			s := scannerOn(tab)
			s.everyStep = every
			if err := s.scan(bytes.NewReader(text)); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			got[k] = s.diagnosis().Findings
		}
		if diff := cmp.Diff(got[1], got[0]); diff != "" {
			t.Errorf("%s: findings with readRaw's skips (-every step +skips):\n%s", name, diff)
		}
	}
}
