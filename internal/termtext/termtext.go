// Package termtext keeps user-supplied text from acting on a terminal: every rune that
// changes a terminal's output rather than showing — a C0 control (tab aside), DEL, a
// C1 control such as U+009B (CSI), a bidirectional override, isolate or mark — is
// written as a visible escape. Escape is the one function that does it; Printer-level
// and stream-level callers (the reports' text, the command's stdout and stderr) all
// use it, so that no output path differs.
package termtext

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Hidden reports whether r changes a terminal's output rather than showing: a C0
// control (tab aside), DEL, a C1 control, or a bidirectional override, isolate or
// mark (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C).
func Hidden(r rune) bool {
	return (r < 0x20 && r != '\t') || r == 0x7f || (r >= 0x80 && r <= 0x9f) ||
		(r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x200e || r == 0x200f || r == 0x061c
}

// Escape returns s with every Hidden rune (a newline included) written as a Go escape:
// \x1b for a C0 control, \u007f, \u009b, \u202e for the others. The escapes are
// printable ASCII, so Escape(Escape(s)) == Escape(s), and the \u forms are also valid
// inside a JSON string.
func Escape(s string) string {
	if strings.IndexFunc(s, Hidden) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		writeRune(&b, r, Hidden)
	}
	return b.String()
}

// writeRune writes r to b, escaped when hide says so.
func writeRune(b *strings.Builder, r rune, hide func(rune) bool) {
	switch {
	case !hide(r):
		b.WriteRune(r)
	case r < 0x20:
		fmt.Fprintf(b, "\\x%02x", r)
	default:
		fmt.Fprintf(b, "\\u%04x", r)
	}
}

// streamHidden is Hidden less the newline: a stream's lines end in one.
func streamHidden(r rune) bool { return r != '\n' && Hidden(r) }

// Writer escapes, as Escape does, every Hidden rune but the newline written through it
// to W. Text it is given holds its own line breaks; JSON holds no raw control
// character (encoding/json escapes them) and its DEL, C1 and bidirectional runes,
// which are only ever inside strings, become \u escapes that decode to the same
// string. A rune split across two writes is held until the second; Flush writes what
// is held. A Writer is not safe for concurrent use.
type Writer struct {
	W       io.Writer
	pending []byte
}

// NewWriter returns a Writer on w.
func NewWriter(w io.Writer) *Writer { return &Writer{W: w} }

// Unwrap returns the writer underneath, for a terminal check.
func (w *Writer) Unwrap() io.Writer {
	if w == nil {
		return nil
	}
	return w.W
}

// Write escapes p and writes it; it reports len(p) when the write underneath succeeds.
func (w *Writer) Write(p []byte) (int, error) {
	if w == nil || w.W == nil {
		return 0, fmt.Errorf("termtext: Write on a nil Writer")
	}
	data := append(w.pending, p...)
	w.pending = nil
	cut := len(data)
	for k := 1; k < utf8.UTFMax && k <= len(data); k++ { // an incomplete rune at the end waits
		if utf8.RuneStart(data[len(data)-k]) {
			if !utf8.FullRune(data[len(data)-k:]) {
				cut = len(data) - k
			}
			break
		}
	}
	w.pending = append([]byte(nil), data[cut:]...)
	if _, err := io.WriteString(w.W, escapeStream(data[:cut])); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes the bytes of an incomplete rune held back by Write, as they are.
func (w *Writer) Flush() error {
	if w == nil || w.W == nil || len(w.pending) == 0 {
		return nil
	}
	p := w.pending
	w.pending = nil
	_, err := w.W.Write(p)
	return err
}

// escapeStream is Escape of data with newlines kept; bytes that are not UTF-8 pass
// through as they are.
func escapeStream(data []byte) string {
	s := string(data)
	if strings.IndexFunc(s, streamHidden) < 0 {
		return s
	}
	var b strings.Builder
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && size == 1 {
			b.WriteByte(s[0])
		} else {
			writeRune(&b, r, streamHidden)
		}
		s = s[size:]
	}
	return b.String()
}

// Underlying returns the writer under any chain of writers with an Unwrap method, so
// that a terminal check sees the *os.File.
func Underlying(w io.Writer) io.Writer {
	for {
		u, ok := w.(interface{ Unwrap() io.Writer })
		if !ok {
			return w
		}
		next := u.Unwrap()
		if next == nil {
			return w
		}
		w = next
	}
}
