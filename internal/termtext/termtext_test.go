package termtext

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEscape(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"tab\tkept", "tab\tkept"},
		{"e\x1b[2J", `e\x1b[2J`},
		{"osc\x1b]0;PWNED\x07", `osc\x1b]0;PWNED\x07`},
		{"line\nforged", `line\x0aforged`},
		{"cr\r", `cr\x0d`},
		{"del\x7f", `del\u007f`},
		{"csi\u009b2J", `csi\u009b2J`},
		{"rlo\u202egnp.exe", `rlo\u202egnp.exe`},
		{"isolate\u2066x\u2069", `isolate\u2066x\u2069`},
		{"marks\u200e\u200f\u061c", `marks\u200e\u200f\u061c`},
		{"CJK 漢字 é", "CJK 漢字 é"},
	} {
		got := Escape(tc.in)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Escape(%q) (-want +got):\n%s", tc.in, diff)
		}
		if again := Escape(got); again != got {
			t.Errorf("Escape is not idempotent on %q: %q", got, again)
		}
	}
}

// TestWriterSplitRunes: a C1 control whose two UTF-8 bytes arrive in two writes is
// escaped all the same; newlines stay.
func TestWriterSplitRunes(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	w := NewWriter(&b)
	for _, p := range [][]byte{[]byte("a\n\xc2"), []byte("\x9bb\x1b"), []byte("\n\xe2\x80"), []byte("\xae.")} {
		if n, err := w.Write(p); err != nil || n != len(p) {
			t.Fatalf("Write(%q) = %d, %v", p, n, err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("a\n\\u009bb\\x1b\n\\u202e.", b.String()); diff != "" {
		t.Error(diff)
	}
}

// TestWriterKeepsJSON: JSON written through a Writer is still JSON, with the same
// strings.
func TestWriterKeepsJSON(t *testing.T) {
	t.Parallel()
	in := map[string]string{"k": "a\x1b[2J\u009b\x7f\u202e\n\tz"}
	data, err := json.MarshalIndent(in, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := NewWriter(&b).Write(data); err != nil {
		t.Fatal(err)
	}
	if strings.IndexFunc(b.String(), func(r rune) bool { return r != '\n' && Hidden(r) }) >= 0 {
		t.Errorf("raw control left: %q", b.String())
	}
	var out map[string]string
	if err := json.Unmarshal(b.Bytes(), &out); err != nil {
		t.Fatalf("not JSON any more: %v\n%s", err, b.String())
	}
	if diff := cmp.Diff(in, out); diff != "" {
		t.Error(diff)
	}
}

func TestNilSafe(t *testing.T) {
	t.Parallel()
	var w *Writer
	if _, err := w.Write([]byte("x")); err == nil {
		t.Error("nil Writer: no error")
	}
	if err := w.Flush(); err != nil || w.Unwrap() != nil {
		t.Error("nil Writer: Flush or Unwrap")
	}
	if Underlying(NewWriter(nil)) == nil {
		t.Error("Underlying of a Writer on nil")
	}
}
