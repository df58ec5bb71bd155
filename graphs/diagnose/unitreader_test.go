package diagnose

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
	xencoding "golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/transform"
)

// xtextDecoded is decoded as it was written with golang.org/x/text's decoders behind
// a transform.Reader, which unitReader replaces: the reference the tests hold it to.
func xtextDecoded(r io.Reader) io.Reader {
	br := bufio.NewReaderSize(r, sniffBytes)
	head, _ := br.Peek(sniffBytes)
	if m, ok := utf32Mark(head); ok {
		if !m.fits(head[4:]) {
			return br
		}
		order := utf32.LittleEndian
		if m.order.Uint16([]byte{0, 1}) == 1 {
			order = utf32.BigEndian
		}
		return transform.NewReader(br, utf32.UTF32(order, utf32.ExpectBOM).NewDecoder())
	}
	var enc xencoding.Encoding
	switch {
	case (bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF})) && !looksUTF8(head[2:]):
		enc = unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM)
	default:
		e, ok := withoutBOM(head)
		if !ok {
			return br
		}
		big := e.order.Uint16([]byte{0, 1}) == 1
		switch {
		case e.unit == 4 && big:
			enc = utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM)
		case e.unit == 4:
			enc = utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM)
		case big:
			enc = unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)
		default:
			enc = unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)
		}
	}
	return transform.NewReader(br, enc.NewDecoder())
}

var errBroken = errors.New("broken pipe")

// readers are the ways the tests hand an input over: whole, a byte at a time, half of
// each read, and cut by an error after its bytes.
var readers = []struct {
	name string
	wrap func([]byte) io.Reader
}{
	{"whole", func(b []byte) io.Reader { return bytes.NewReader(b) }},
	{"one byte", func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) }},
	{"half", func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) }},
	{"error after", func(b []byte) io.Reader { return io.MultiReader(bytes.NewReader(b), iotest.ErrReader(errBroken)) }},
	{"data with EOF", func(b []byte) io.Reader { return iotest.DataErrReader(bytes.NewReader(b)) }},
}

// sameAsXText fails the test when decoded reads in differently from xtextDecoded.
func sameAsXText(t *testing.T, in []byte) {
	t.Helper()
	for _, rd := range readers {
		want, wantErr := io.ReadAll(xtextDecoded(rd.wrap(in)))
		got, gotErr := io.ReadAll(decoded(rd.wrap(in)))
		require.Equal(t, wantErr, gotErr, "%s: %q", rd.name, in)
		require.True(t, bytes.Equal(want, got), "%s: %q\nx/text %q\ngot    %q", rd.name, in, want, got)
	}
}

func utf16le(s string) []byte {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r), byte(r>>8))
	}
	return b
}

func TestUnitReaderLikeXText(t *testing.T) {
	long := strings.Repeat("torch._dynamo hit config.recompile_limit (8)\n", 200) // past a 4096-byte read
	for _, tc := range []struct {
		reason string
		in     []byte
	}{
		{"UTF-16LE with its mark", append([]byte{0xFF, 0xFE}, utf16le("a\nb\n")...)},
		{"UTF-16BE with its mark", []byte{0xFE, 0xFF, 0, 'a', 0, '\n', 0xD8, 0x3D, 0xDE, 0x00}},
		{"a pair, a lone first half, a lone second half, two second halves", append([]byte{0xFF, 0xFE}, 'a', 0, 0x3D, 0xD8, 0x00, 0xDE, 0x3D, 0xD8, 'b', 0, 0x00, 0xDE, 'c', 0, 0x00, 0xDC, 0x00, 0xDC)},
		{"a first half at the end", append([]byte{0xFF, 0xFE}, 'a', 0, 0x3D, 0xD8)},
		{"a first half and one byte at the end", append([]byte{0xFF, 0xFE}, 'a', 0, 0x3D, 0xD8, 'x')},
		{"an odd byte at the end", append([]byte{0xFF, 0xFE}, 'a', 0, 'b')},
		{"long UTF-16LE", append([]byte{0xFF, 0xFE}, utf16le(long)...)},
		{"UTF-32LE with its mark", []byte{0xFF, 0xFE, 0, 0, 'a', 0, 0, 0, 0x00, 0xF6, 0x01, 0, '\n', 0, 0, 0}},
		{"UTF-32BE with its mark, a surrogate and bytes short of a unit", []byte{0, 0, 0xFE, 0xFF, 0, 0, 0, 'a', 0, 0, 0xD8, 0x00, 0, 0, 0, '\n', 0, 0}},
		{"UTF-16LE without a mark", utf16le(long)},
		{"UTF-16BE without a mark", func() []byte {
			b := utf16le(long)
			for i := 0; i+1 < len(b); i += 2 {
				b[i], b[i+1] = b[i+1], b[i]
			}
			return b
		}()},
		{"UTF-32LE without a mark", func() []byte {
			var b []byte
			for _, r := range long {
				b = append(b, byte(r), 0, 0, 0)
			}
			return append(b, 'x', 0)
		}()},
		{"UTF-8", []byte(long)},
		{"empty", nil},
	} {
		t.Run(tc.reason, func(t *testing.T) { sameAsXText(t, tc.in) })
	}
}

// FuzzUnitReader: decoded reads any input as x/text's decoders did, however it is
// handed over.
func FuzzUnitReader(f *testing.F) {
	f.Add([]byte{0xFF, 0xFE, 'a', 0, 0x3D, 0xD8, 0x00, 0xDE}, uint8(0))
	f.Add([]byte{0, 0, 0xFE, 0xFF, 0, 0, 0, 'a', 0, 0}, uint8(0))
	f.Add(utf16le("torch._dynamo hit config.recompile_limit\n"), uint8(0))
	f.Fuzz(func(t *testing.T, in []byte, prefix uint8) {
		heads := [][]byte{nil, {0xFF, 0xFE}, {0xFE, 0xFF}, {0xFF, 0xFE, 0, 0}, {0, 0, 0xFE, 0xFF}}
		in = append(append([]byte(nil), heads[int(prefix)%len(heads)]...), in...)
		sameAsXText(t, in)
	})
}
