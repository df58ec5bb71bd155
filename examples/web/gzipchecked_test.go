package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"testing"

	"github.com/compilemode/compilemode/examples/web/internal/smallgzip"
)

// TestGzipChecked: what the handler sends decodes to the file with compress/gzip,
// whether the encoder's stream is whole, cut, corrupt or empty (then compress/gzip's
// own stream goes out).
func TestGzipChecked(t *testing.T) {
	data := bytes.Repeat([]byte("skipping cudagraphs due to cpu device (arg2_1)\n"), 500)
	good := smallgzip.Gzip(data)
	encoders := map[string]func([]byte) []byte{
		"smallgzip": smallgzip.Gzip,
		"cut":       func([]byte) []byte { return good[:len(good)/2] },
		"corrupt":   func([]byte) []byte { b := bytes.Clone(good); b[len(b)/2] ^= 0xff; return b },
		"empty":     func([]byte) []byte { return nil },
	}
	for name, enc := range encoders {
		gz, err := gzipChecked(data, enc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatalf("%s: the stream sent is no gzip: %v", name, err)
		}
		back, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(back, data) {
			t.Errorf("%s: the stream sent reads back as %d bytes (%v), want the file's %d", name, len(back), err, len(data))
		}
		if name == "smallgzip" && !bytes.Equal(gz, good) {
			t.Errorf("smallgzip: a whole stream was replaced")
		}
	}
}
