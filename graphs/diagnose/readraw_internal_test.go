package diagnose

import (
	"bytes"
	"encoding/json"
	"fmt"
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

// TestReadRawSkipsFindings reads the same texts with every step on every line
// (Options.everyStep) and holds Read's diagnosis to the one it gives with readRaw's
// skips: findings, releases, plans and counts, as JSON writes them, or the same error.
// The corpus's and the logs' answers with the skips are TextReads's, read once per test
// binary and shared with TestCorpus and TestEveryCode (it had read each text twice
// itself: testdata/test-cost.txt); trainingLog's and the byte classes' are read here.
func TestReadRawSkipsFindings(t *testing.T) {
	t.Parallel()
	if _, err := compiledTable(); err != nil {
		t.Fatal(err) // else each read's error would be the same on both sides
	}
	shared := TextReads(t)
	for name, text := range readRawTexts(t) {
		skips, ok := shared[name]
		if !ok {
			skips = readWith(Options{}, text)
		}
		if diff := readDiff(readWith(Options{everyStep: true}, text), skips); diff != "" {
			t.Errorf("%s: Read with readRaw's skips (-every step +skips):\n%s", name, diff)
		}
	}
}

// readWith is o's Read of text.
func readWith(o Options, text []byte) TextRead {
	d, err := o.Read(bytes.NewReader(text))
	return TextRead{d, err}
}

// readDiff is how b's answer differs from a's: their errors, then their diagnoses as
// JSON; "" when they are the same.
func readDiff(a, b TextRead) string {
	if diff := cmp.Diff(fmt.Sprint(a.Err), fmt.Sprint(b.Err)); diff != "" {
		return diff
	}
	ja, errA := json.MarshalIndent(a.D, "", " ")
	jb, errB := json.MarshalIndent(b.D, "", " ")
	if errA != nil || errB != nil {
		return fmt.Sprintf("JSON: %v, %v", errA, errB)
	}
	return cmp.Diff(string(ja), string(jb))
}
