package diagnose

import (
	"bufio"
	"bytes"
	"encoding/binary"
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
// which it starts with), as Windows PowerShell's > writes UTF-16, or when its first
// bytes show UTF-32 or UTF-16 without a mark ([withoutBOM]). A log whose first
// bytes are FF FE but whose next bytes hold no NUL and are valid UTF-8 is read as
// UTF-8: UTF-16 text of a log always has NULs (the high bytes of ASCII), and text
// without them is not valid UTF-8 read byte by byte. Likewise a UTF-32 mark counts
// only when the units after it are Unicode scalar values ([utf32BOM.fits]): four bytes
// of UTF-8 text are one almost never (sweep7 finding 7), so FF FE 00 00 or 00 00 FE FF
// before UTF-8 text leaves the input as UTF-8.
func decoded(r io.Reader) io.Reader {
	br := bufio.NewReaderSize(r, sniffBytes)
	head, _ := br.Peek(sniffBytes)
	var enc encoding.Encoding
	if m, ok := utf32Mark(head); ok {
		if !m.fits(head[4:]) {
			return br
		}
		return transform.NewReader(br, m.enc.NewDecoder())
	}
	switch {
	case (bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF})) && !looksUTF8(head[2:]):
		enc = unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM)
	default:
		if enc = withoutBOM(head); enc == nil {
			return br
		}
	}
	return transform.NewReader(br, enc.NewDecoder())
}

// utf32BOM is one of UTF-32's byte-order marks with the byte order of the code units
// that follow it.
type utf32BOM struct {
	mark  string
	order binary.ByteOrder
	enc   encoding.Encoding
}

// utf32Marks are UTF-32's byte-order marks, FF FE 00 00 little-endian and 00 00 FE FF
// big-endian (https://www.unicode.org/faq/utf_bom.html#bom4, the table of marks).
var utf32Marks = []utf32BOM{
	{"\xFF\xFE\x00\x00", binary.LittleEndian, utf32.UTF32(utf32.LittleEndian, utf32.ExpectBOM)},
	{"\x00\x00\xFE\xFF", binary.BigEndian, utf32.UTF32(utf32.BigEndian, utf32.ExpectBOM)},
}

// utf32Mark returns the row of utf32Marks that head starts with.
func utf32Mark(head []byte) (utf32BOM, bool) {
	for _, m := range utf32Marks {
		if bytes.HasPrefix(head, []byte(m.mark)) {
			return m, true
		}
	}
	return utf32BOM{}, false
}

// fits reports whether every whole code unit of b, in m's byte order, is a Unicode
// scalar value (at most U+10FFFF, not a surrogate), as UTF-32 text's units are.
func (m utf32BOM) fits(b []byte) bool {
	for ; len(b) >= 4; b = b[4:] {
		if !utf8.ValidRune(rune(int32(m.order.Uint32(b)))) {
			return false
		}
	}
	return true
}

// withoutBOM returns the encoding of head when it is UTF-32 or UTF-16 text without a
// byte-order mark (as some editors and Python's open(..., "w", encoding="utf-16-le")
// write it), else nil. A log is mostly ASCII, so such text has NUL as the high
// bytes of nearly every code unit: UTF-16LE a NUL at nearly every odd offset and at
// almost no even one (BE the reverse), UTF-32LE at offsets 1, 2 and 3 of nearly
// every unit. UTF-8 text has no NUL at all, so it is never taken for either.
func withoutBOM(head []byte) encoding.Encoding {
	if len(head) < 16 {
		return nil
	}
	var zeros [4]int // NULs at each offset modulo 4
	n := len(head) &^ 3
	for i := range n {
		if head[i] == 0 {
			zeros[i%4]++
		}
	}
	units := n / 4 // code units of UTF-32 at each offset; of UTF-16, twice as many
	for _, l := range bomlessLayouts {
		if l.matches(zeros, units) {
			return l.enc
		}
	}
	return nil
}

// bomless is a layout of NULs that marks text without a byte-order mark: for each
// offset modulo 4, 'm' when most code units have a NUL there (7 in 8 or more), 'f'
// when few do (1 in 8 or fewer).
type bomless struct {
	nuls string
	enc  encoding.Encoding
}

// bomlessLayouts are the layouts withoutBOM knows, UTF-32 first (its layouts would
// otherwise be half read as UTF-16).
var bomlessLayouts = []bomless{
	{"fmmm", utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM)},
	{"mmmf", utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM)},
	{"fmfm", unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)},
	{"mfmf", unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)},
}

// matches reports whether the NUL counts at each offset (zeros, over units code
// units) fit the layout.
func (l bomless) matches(zeros [4]int, units int) bool {
	for i, c := range l.nuls {
		z := zeros[i]
		if c == 'm' && z*8 < units*7 || c == 'f' && z*8 > units {
			return false
		}
	}
	return true
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
