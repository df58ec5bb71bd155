package diagnose_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestKnownLenSameAnswer: a reader that tells its length (strings.Reader, bytes.Reader,
// bytes.Buffer), whose short text Read buffers by that length, gets the answer, or the
// error, that the same bytes get from a reader that does not tell it: texts of the test
// logs, lines without their end at and around the sniff's and a window's size, a
// byte-order mark, gzip, and nothing.
func TestKnownLenSameAnswer(t *testing.T) {
	t.Parallel()
	const m = "RuntimeError: CUDA error: operation not permitted when stream is capturing"
	texts := map[string]string{
		"empty":     "",
		"one byte":  "x",
		"no end":    m,
		"utf16":     "\xff\xfe" + string(utf16le(m+"\n")),
		"gzip":      gzipped(t, m+"\n"),
		"nul first": "\x00\x00" + m + "\n",
	}
	for _, n := range []int{diagnose.WindowBytes - 1, diagnose.WindowBytes, diagnose.WindowBytes + 1} {
		pad := strings.Repeat("x ", n)[:n-len(m)-1]
		texts[fmt.Sprintf("%d bytes, no end", n)] = pad + " " + m
		texts[fmt.Sprintf("%d bytes, an end", n)] = pad + "\n" + m[:len(m)-1] + "\n"
	}
	logs, err := filepath.Glob("testdata/logs/*")
	if err != nil || len(logs) < 3 {
		t.Fatalf("test logs: %v (%d)", err, len(logs))
	}
	for _, f := range logs[:3] {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts[f] = string(b)
	}
	for name, text := range texts {
		want := answer(t, struct{ io.Reader }{strings.NewReader(text)})
		for kind, r := range map[string]io.Reader{
			"strings.Reader": strings.NewReader(text),
			"bytes.Reader":   bytes.NewReader([]byte(text)),
			"bytes.Buffer":   bytes.NewBufferString(text),
		} {
			if kind != "strings.Reader" && len(text) > 4<<10 {
				continue // the three types take the same path: the long texts once
			}
			if diff := cmp.Diff(want, answer(t, r)); diff != "" {
				t.Errorf("%s from a %s (-unknown length +known):\n%s", name, kind, diff)
			}
		}
	}
}

// answer is Read's diagnosis of r as text, or its error.
func answer(t *testing.T, r io.Reader) string {
	t.Helper()
	d, err := diagnose.Read(r)
	if err != nil {
		return "error: " + err.Error()
	}
	var b bytes.Buffer
	if err := d.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// utf16le is s in UTF-16, little-endian (ASCII only).
func utf16le(s string) []byte {
	var out []byte
	for i := 0; i < len(s); i++ {
		out = append(out, s[i], 0)
	}
	return out
}

// gzipped is s compressed with gzip.
func gzipped(t *testing.T, s string) string {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := w.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
