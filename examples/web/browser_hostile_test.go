package main

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestBrowserInputs: what a page reads from a link or a file is bounded and decoded as
// the command reads it (sweep findings 15 and 16).
func TestBrowserInputs(t *testing.T) {
	s, ctx, _ := browserTest(t, 1280, 900)

	t.Run("a link that inflates past 16 MiB is refused", func(t *testing.T) {
		// 17 MiB of log deflate to about 17 KB: the link a stranger can share.
		state := `{"v":1,"tab":"log","log":"` + strings.Repeat("a", 17<<20) + `"}`
		var z bytes.Buffer
		w, err := flate.NewWriter(&z, flate.BestCompression)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(state)); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		link := s.url + "#z=" + base64.RawURLEncoding.EncodeToString(z.Bytes())
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		if _, err := open(tab, link); err != nil {
			t.Fatalf("opening the link: %v", err)
		}
		got, err := text(tab, "status")
		if err != nil || !strings.Contains(got, "could not be read") {
			t.Errorf("status %q (err %v), want the link refused", got, err)
		}
		if n, err := eval[int](tab, `document.getElementById("log").value.length`); err != nil || n != 0 {
			t.Errorf("the log area holds %d characters (err %v), want none of the link's", n, err)
		}
	})

	src, err := os.ReadFile(realLog)
	if err != nil {
		t.Fatal(err)
	}
	powershell, err := os.ReadFile("testdata/powershell_utf16.log")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		encode func(string) []byte
	}{
		// The sweep's log as PowerShell's > wrote it: the page read it with doubled line
		// numbers ("line 25" where the command says "line 13").
		{"PowerShell (sweep finding 15)", func(string) []byte { return powershell }},
		{"UTF-16LE with a BOM and CRLF (PowerShell's >)", func(s string) []byte {
			return utf16le(strings.ReplaceAll(s, "\n", "\r\n"), true)
		}},
		{"UTF-16LE without a BOM", func(s string) []byte { return utf16le(s, false) }},
		{"UTF-32BE with a BOM", func(s string) []byte {
			out := []byte{0, 0, 0xFE, 0xFF}
			for _, r := range s {
				out = binary.BigEndian.AppendUint32(out, uint32(r))
			}
			return out
		}},
	} {
		t.Run("a dropped "+tc.name+" log reads as the command reads it", func(t *testing.T) {
			data := tc.encode(string(src))
			path := filepath.Join(t.TempDir(), "run.log")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			d, err := diagnose.Read(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if err := d.WriteText(&want); err != nil {
				t.Fatal(err)
			}
			tab, cancel := chromedp.NewContext(ctx)
			defer cancel()
			if _, err := open(tab, s.url); err != nil {
				t.Fatal(err)
			}
			if _, err := eval[bool](tab, `document.getElementById("tab-log").click(), window.t_ready()`); err != nil {
				t.Fatal(err)
			}
			if err := dropFile(tab, "log", path); err != nil {
				t.Fatal(err)
			}
			got, err := text(tab, "answer-text")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want.String(), got); diff != "" {
				t.Errorf("the page's answer differs from the command's (-want +got):\n%s", diff)
			}
		})
	}
}

// utf16le encodes s as UTF-16LE, with a byte-order mark when bom.
func utf16le(s string, bom bool) []byte {
	var out []byte
	if bom {
		out = []byte{0xFF, 0xFE}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		out = binary.LittleEndian.AppendUint16(out, u)
	}
	return out
}
