package diagnose

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The corpus's texts, its manifest and its lines are read once per test binary and
// shared by every test that reads them all (testdata/test-cost.txt: a dozen tests had
// each read and split the 3,700 texts, and the per-line sweeps ran their checks on
// every copy of a line the texts repeat). The shared values are read only.

// sharedFile is one file of a shared glob as it is on disk.
type sharedFile struct {
	path string
	data []byte
}

// readShared reads every file glob names, in the order filepath.Glob gives them.
func readShared(glob string) ([]sharedFile, error) {
	paths, err := filepath.Glob(glob)
	if err != nil {
		return nil, err
	}
	out := make([]sharedFile, 0, len(paths))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		out = append(out, sharedFile{p, data})
	}
	return out, nil
}

// corpusFilesOnce and logFilesOnce are the texts under testdata/corpus/texts and
// testdata/logs.
var (
	corpusFilesOnce = sync.OnceValues(func() ([]sharedFile, error) { return readShared("testdata/corpus/texts/*") })
	logFilesOnce    = sync.OnceValues(func() ([]sharedFile, error) { return readShared("testdata/logs/*") })
)

// corpusFiles returns the corpus's texts (testdata/corpus/texts), read once; it fails
// the test where they cannot be read or there are none.
func corpusFiles(t testing.TB) []sharedFile {
	t.Helper()
	files, err := corpusFilesOnce()
	if err != nil || len(files) == 0 {
		t.Fatalf("testdata/corpus/texts: %d texts, %v", len(files), err)
	}
	return files
}

// corpusAndLogFiles returns the corpus's texts and then testdata/logs's, read once.
func corpusAndLogFiles(t testing.TB) []sharedFile {
	t.Helper()
	logs, err := logFilesOnce()
	if err != nil || len(logs) == 0 {
		t.Fatalf("testdata/logs: %d logs, %v", len(logs), err)
	}
	files := corpusFiles(t)
	return append(files[:len(files):len(files)], logs...)
}

// sharedLine is a line of the corpus's texts, with the first text that holds it.
type sharedLine struct {
	path string
	line []byte
}

// corpusLinesOnce are the distinct lines of the corpus's texts (split at "\n"), in
// the order they first occur: some 63,000 of 105,000 (2026-12-07).
var corpusLinesOnce = sync.OnceValues(func() ([]sharedLine, error) {
	files, err := corpusFilesOnce()
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []sharedLine
	for _, f := range files {
		for _, line := range bytes.Split(f.data, []byte("\n")) {
			if !seen[string(line)] {
				seen[string(line)] = true
				out = append(out, sharedLine{f.path, line})
			}
		}
	}
	return out, nil
})

// corpusLines returns the distinct lines of the corpus's texts, each with the first
// text that holds it: a check of a line alone gives the same answer on each of its
// copies. Under the race detector it returns one line in raceStride (raceKeeps): the
// sweeps over the lines run in one goroutine, where the detector finds nothing and
// costs some ten times the CPU; README's test command runs them whole without it.
func corpusLines(t testing.TB) []sharedLine {
	t.Helper()
	lines, err := corpusLinesOnce()
	if err != nil || len(lines) == 0 {
		t.Fatalf("testdata/corpus/texts: %d lines, %v", len(lines), err)
	}
	if !raceEnabled {
		return lines
	}
	var kept []sharedLine
	for i, l := range lines {
		if raceKeeps(i) {
			kept = append(kept, l)
		}
	}
	return kept
}

// manifestOnce are the rows of testdata/corpus/manifest.tsv, each split at its tabs:
// every line but empty ones and comments ("#").
var manifestOnce = sync.OnceValues(func() ([][]string, error) {
	b, err := os.ReadFile(filepath.Join("testdata", "corpus", "manifest.tsv"))
	if err != nil {
		return nil, err
	}
	var out [][]string
	for line := range strings.Lines(string(b)) {
		line = strings.TrimSuffix(line, "\n")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, strings.Split(line, "\t"))
	}
	return out, nil
})

// ManifestRows returns manifestOnce's rows for the package's external tests (read
// only); it fails the test where the manifest cannot be read.
func ManifestRows(t testing.TB) [][]string {
	t.Helper()
	rows, err := manifestOnce()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TextRead is Read's answer to one text: its diagnosis or its error (that of reading
// the file too).
type TextRead struct {
	D   *Diagnosis
	Err error
}

// textReadsOnce are Read's answers to every file under testdata/corpus/texts and
// testdata/logs by path, each text diagnosed once per test binary for every test that
// reads them all (TestCorpus, TestEveryCode, TestHeadCropGuarded's whole texts).
var textReadsOnce = sync.OnceValues(func() (map[string]TextRead, error) {
	out := map[string]TextRead{}
	for _, files := range []func() ([]sharedFile, error){corpusFilesOnce, logFilesOnce} {
		fs, err := files()
		if err != nil {
			return nil, err
		}
		for _, f := range fs {
			d, err := Read(bytes.NewReader(f.data))
			out[f.path] = TextRead{d, err}
		}
	}
	return out, nil
})

// TextReads returns textReadsOnce's answers (read only); it fails the test where the
// texts cannot be read.
func TextReads(t testing.TB) map[string]TextRead {
	t.Helper()
	reads, err := textReadsOnce()
	if err != nil || len(reads) == 0 {
		t.Fatalf("no text under testdata/logs or testdata/corpus/texts: %v", err)
	}
	return reads
}

// corpusByNameOnce are the corpus's texts by name (the manifest's first field: the file
// name without ".txt").
var corpusByNameOnce = sync.OnceValues(func() (map[string][]byte, error) {
	files, err := corpusFilesOnce()
	out := map[string][]byte{}
	for _, f := range files {
		if name, ok := strings.CutSuffix(filepath.Base(f.path), ".txt"); ok {
			out[name] = f.data
		}
	}
	return out, err
})

// corpusText returns the text of the manifest's row name, read once; it fails the test
// where there is none.
func corpusText(t testing.TB, name string) []byte {
	t.Helper()
	texts, err := corpusByNameOnce()
	text, ok := texts[name]
	if err != nil || !ok {
		t.Fatalf("testdata/corpus/texts/%s.txt: none (%v)", name, err)
	}
	return text
}
