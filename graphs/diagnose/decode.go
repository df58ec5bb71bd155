package diagnose

import (
	"bufio"
	"bytes"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/transform"
)

// sniffBytes is how much of the input decoded looks at to tell a byte-order mark from
// UTF-8 that happens to start with the same bytes.
const sniffBytes = 4 << 10

// decoded returns r as UTF-8: decoded from UTF-32 or UTF-16 when it starts with that
// encoding's byte-order mark (UTF-32's FF FE 00 00 is tried before UTF-16's FF FE,
// which it starts with), as Windows PowerShell's > writes UTF-16. A log whose first
// bytes are FF FE but whose next bytes hold no NUL and are valid UTF-8 is read as
// UTF-8: UTF-16 text of a log always has NULs (the high bytes of ASCII), and text
// without them is not valid UTF-8 read byte by byte.
func decoded(r io.Reader) io.Reader {
	br := bufio.NewReaderSize(r, sniffBytes)
	head, _ := br.Peek(sniffBytes)
	var enc encoding.Encoding
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE, 0, 0}):
		enc = utf32.UTF32(utf32.LittleEndian, utf32.ExpectBOM)
	case bytes.HasPrefix(head, []byte{0, 0, 0xFE, 0xFF}):
		enc = utf32.UTF32(utf32.BigEndian, utf32.ExpectBOM)
	case (bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF})) && !looksUTF8(head[2:]):
		enc = unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM)
	default:
		return br
	}
	return transform.NewReader(br, enc.NewDecoder())
}

// looksUTF8 reports whether b (the start of an input, maybe cut inside a rune) has no
// NUL and is valid UTF-8.
func looksUTF8(b []byte) bool {
	if len(b) == 0 || bytes.IndexByte(b, 0) >= 0 {
		return false
	}
	for cut := 0; cut < utf8.UTFMax && len(b) > 0; cut++ {
		if utf8.Valid(b) {
			return true
		}
		b = b[:len(b)-1]
	}
	return false
}
