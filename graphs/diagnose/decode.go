package diagnose

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// sniffBytes is how much of the input decoded looks at to tell a byte-order mark from
// UTF-8 that happens to start with the same bytes.
const sniffBytes = 4 << 10

// sniffAhead is how far decoded reads ahead to find the first sniffBytes that are not
// NUL after a byte-order mark: a log preallocated or cut by a crash may start with
// thousands of NUL characters, which fit every encoding (sweep8 #18).
const sniffAhead = 64 << 10

// decoded returns r as UTF-8: decoded from UTF-32 or UTF-16 when it starts with that
// encoding's byte-order mark (UTF-32's FF FE 00 00 is tried before UTF-16's FF FE,
// which it starts with), as Windows PowerShell's > writes UTF-16, or when its first
// bytes show UTF-32 or UTF-16 without a mark ([withoutBOM]). A log whose first
// bytes are FF FE but whose next bytes hold no NUL and are valid UTF-8 is read as
// UTF-8: UTF-16 text of a log always has NULs (the high bytes of ASCII), and text
// without them is not valid UTF-8 read byte by byte; nor is text whose line ends are
// no UTF-16 line ends (linesFit: Latin-1 text after "ÿþ"). Likewise a UTF-32 mark counts
// only when the units after it are Unicode scalar values, all but one in 16
// ([utf32BOM.fits]): four bytes
// of UTF-8 text are one almost never (sweep7 finding 7), so FF FE 00 00 or 00 00 FE FF
// before UTF-8 text leaves the input as UTF-8.
func decoded(r io.Reader) io.Reader {
	d, _ := decodedLen(r, -1)
	return d
}

// decodedLen is decoded for an input of n bytes still to read (-1: unknown). It also
// returns how many bytes the result holds, n where the text is read as it is (UTF-8)
// and -1 where that is not known (decoded from UTF-16 or UTF-32). A known length under
// sniffAhead sizes the buffer to hold the input whole and no more: Peek sees the same
// bytes and the same end as with sniffAhead's buffer, and a Read of a short text does
// not allocate 64 KB for it.
func decodedLen(r io.Reader, n int) (io.Reader, int) {
	size := sniffAhead
	if n >= 0 && n < sniffAhead {
		size = n + 1
	}
	br := bufio.NewReaderSize(r, size)
	ahead, _ := br.Peek(sniffAhead)
	head := ahead[:min(sniffBytes, len(ahead))]
	m32, mark32 := utf32Mark(head)
	if mark32 && m32.fits(pastZeroUnits(ahead[4:], 4)) {
		_, _ = br.Discard(len(m32.mark))
		return &unitReader{r: br, enc: encoding{unit: 4, order: m32.order}}, -1
	}
	// UTF-16's mark (also where a UTF-32 mark's units do not fit: FF FE 00 00 is
	// UTF-16's mark and a NUL character too), unless the bytes after it, past any
	// NULs they start with, are UTF-8 without NUL: UTF-16 text has NULs after them
	// (sweep8 #18: UTF-16 starting with NUL characters was read as bytes; fix8's
	// leftover: FF FE 00 before UTF-8 text was read as UTF-16).
	rest := ahead[min(2, len(ahead)):]
	switch after := pastZeroUnits(rest, 1); {
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}) && !looksUTF8(after) && linesFit(rest, binary.LittleEndian):
		_, _ = br.Discard(2)
		return &unitReader{r: br, enc: encoding{unit: 2, order: binary.LittleEndian}}, -1
	case bytes.HasPrefix(head, []byte{0xFE, 0xFF}) && !looksUTF8(after) && linesFit(rest, binary.BigEndian):
		_, _ = br.Discard(2)
		return &unitReader{r: br, enc: encoding{unit: 2, order: binary.BigEndian}}, -1
	case mark32:
		return br, n
	}
	// Without a mark, past the NUL characters a preallocated log starts with, as after
	// a mark: whole 4-byte units, which keep UTF-16's and UTF-32's alignment.
	if enc, ok := withoutBOM(pastZeroUnits(ahead, 4)); ok {
		return &unitReader{r: br, enc: enc}, -1
	}
	return br, n
}

// linesFit reports whether b, the start of the text after a UTF-16 mark (up to
// sniffAhead bytes), has its line ends where UTF-16 text has them: a line feed or
// carriage return among its code units in order's byte order, or no such byte at all
// (a first line longer than b).
// Text of one byte a character (Latin-1, Windows-1252, UTF-8 with a stray byte) that
// starts with FF FE or FE FF, "ÿþ" in Latin-1 (sweep9 #19), has its line ends as the
// bytes 0A or 0D next to a byte of text, which make no such unit: read as UTF-16 it
// was characters of every script and no line, no finding.
func linesFit(b []byte, order binary.ByteOrder) bool {
	if bytes.IndexByte(b, '\n') < 0 && bytes.IndexByte(b, '\r') < 0 {
		return true
	}
	for ; len(b) >= 2; b = b[2:] {
		if u := order.Uint16(b); u == '\n' || u == '\r' {
			return true
		}
	}
	return false
}

// pastZeroUnits returns up to sniffBytes of b after the whole n-byte units of NULs it
// starts with.
func pastZeroUnits(b []byte, n int) []byte {
	i := 0
	for i+n <= len(b) && bytes.Count(b[i:i+n], []byte{0}) == n {
		i += n
	}
	return b[i:min(len(b), i+sniffBytes)]
}

// encoding is UTF-32 (unit 4) or UTF-16 (unit 2) in a byte order.
type encoding struct {
	_     [0]func() // incomparable: no equality code (examples/web: Transfer size)
	unit  int
	order binary.ByteOrder
}

// utf32BOM is one of UTF-32's byte-order marks with the byte order of the code units
// that follow it.
type utf32BOM struct {
	mark  string
	order binary.ByteOrder
}

// utf32Marks are UTF-32's byte-order marks, FF FE 00 00 little-endian and 00 00 FE FF
// big-endian (https://www.unicode.org/faq/utf_bom.html#bom4, the table of marks).
var utf32Marks = []utf32BOM{
	{"\xFF\xFE\x00\x00", binary.LittleEndian},
	{"\x00\x00\xFE\xFF", binary.BigEndian},
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

// fits reports whether the whole code units of b, in m's byte order, are Unicode
// scalar values (at most U+10FFFF, not a surrogate), as UTF-32 text's units are, all
// but at most one in 16: a stray unit that is none (read as U+FFFD) leaves the text
// UTF-32 (sweep8: one hid the whole log), while UTF-8 text, which has no NUL, is
// almost never one.
func (m utf32BOM) fits(b []byte) bool {
	units, bad := 0, 0
	for ; len(b) >= 4; b = b[4:] {
		units++
		if !utf8.ValidRune(rune(int32(m.order.Uint32(b)))) {
			bad++
		}
	}
	return bad*16 <= units
}

// withoutBOM returns the encoding of head when it is UTF-32 or UTF-16 text without a
// byte-order mark (as some editors and Python's open(..., "w", encoding="utf-16-le")
// write it), ok false otherwise. A log is mostly ASCII, so such text has NUL as the high
// bytes of nearly every code unit: UTF-16LE a NUL at nearly every odd offset and at
// almost no even one (BE the reverse), UTF-32LE at offsets 1, 2 and 3 of nearly
// every unit. UTF-8 text has no NUL, or a few (a NUL run is skipped before head), so
// it is never taken for either: a few NULs all on one side are UTF-16 only where
// nulParity finds no UTF-8 text and finds UTF-16 text.
func withoutBOM(head []byte) (encoding, bool) {
	if len(head) < 16 {
		return encoding{}, false
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
			return l.enc, true
		}
	}
	return nulParity(head)
}

// minParityNULs is how many NULs, all on one side, nulParity wants: a few lines' ends.
const minParityNULs = 4

// nulParity returns UTF-16 without a mark for text that starts outside ASCII (Chinese:
// few code units have a NUL): LE where head's NULs fall at odd offsets, BE where they
// fall at even ones, minParityNULs or more of them and at most one in eight on the
// other side (a unit outside ASCII whose low byte is 0, such as U+4E00 or a low
// surrogate), where head read so is text ([fitsUTF16]) (sweep7 finding 14: 50 lines
// of Chinese before the message, "no known signature"). A head that is UTF-8 text
// with NULs in it ([utf8WithNULs]) is none: a log whose lines repeat at an even length,
// one NUL in each, has its NULs all on one side (nulparity23: 40 lines of 28 bytes,
// read as UTF-16, lost the message after them).
func nulParity(head []byte) (encoding, bool) {
	var side [2]int
	for i, c := range head {
		if c == 0 {
			side[i%2]++
		}
	}
	for s, order := range []binary.ByteOrder{binary.BigEndian, binary.LittleEndian} {
		if n := side[s]; n >= minParityNULs && side[1-s]*8 <= n && !utf8WithNULs(head) && fitsUTF16(head, order) {
			return encoding{unit: 2, order: order}, true
		}
	}
	return encoding{}, false
}

// utf8WithNULs reports whether b (the start of an input, maybe cut inside a rune) is
// valid UTF-8 whose characters other than NUL are text, all but at most one in eight
// ([isText]): a log with NULs in it. UTF-16 text that nulParity reads is almost never
// valid UTF-8: the bytes of its units outside ASCII (Chinese, kana, Latin-1) form
// continuation bytes without a lead, or a lead without its continuation bytes, and
// UTF-16 text of ASCII alone, which is valid, has NULs at nearly every other byte
// (bomlessLayouts) before nulParity looks.
func utf8WithNULs(b []byte) bool {
	if !validUTF8(b) {
		return false
	}
	var t textTally
	for _, r := range string(b) {
		t.add(r)
	}
	return t.runes > 0 && t.mostlyText()
}

// fitsUTF16 reports whether b read as UTF-16 in order's byte order is text: its
// surrogates paired (pairedSurrogates), its line ends, where it has any, UTF-16 line
// ends (linesFit: a line feed or carriage return next to a byte of text is none, as
// in Latin-1 text with NULs), and its characters other than NUL text, all but at most
// one in eight (utf16Text).
func fitsUTF16(b []byte, order binary.ByteOrder) bool {
	return pairedSurrogates(b, order) && linesFit(b, order) && utf16Text(b, order)
}

// utf16Text reports whether b's characters read as UTF-16 in order's byte order, NUL
// aside, are text ([isText]), all but at most one in eight: Chinese, kana, ASCII, not
// private-use, unassigned or control characters.
func utf16Text(b []byte, order binary.ByteOrder) bool {
	var t textTally
	for ; len(b) >= 2; b = b[2:] {
		r := rune(order.Uint16(b))
		if utf16.IsSurrogate(r) && len(b) >= 4 {
			r = utf16.DecodeRune(r, rune(order.Uint16(b[2:])))
			b = b[2:]
		}
		t.add(r)
	}
	return t.mostlyText()
}

// textTally counts characters other than NUL and those of them that are text
// ([isText]), for utf8WithNULs and utf16Text, which both want all but at most one in
// eight to be text.
type textTally struct{ runes, text int }

// add counts r unless it is NUL.
func (t *textTally) add(r rune) {
	if r == 0 {
		return
	}
	t.runes++
	if isText(r) {
		t.text++
	}
}

// mostlyText reports whether all but at most one in eight of the characters counted are
// text (true when none was counted).
func (t textTally) mostlyText() bool { return (t.runes-t.text)*8 <= t.runes }

// isText reports whether r is a character of text: graphic (a letter, mark, number,
// punctuation, symbol or space of any script: unicode.IsPrint leaves out spaces other
// than U+0020, such as the ideographic space U+3000 of Chinese and Japanese text) or
// one of textControls.
func isText(r rune) bool {
	return unicode.IsGraphic(r) || r < utf8.RuneSelf && strings.IndexByte(textControls, byte(r)) >= 0
}

// pairedSurrogates reports whether every high surrogate among b's UTF-16 code units, in
// order's byte order, is followed by a low one and every low one follows a high one (b
// may end inside a pair).
func pairedSurrogates(b []byte, order binary.ByteOrder) bool {
	high := false
	for ; len(b) >= 2; b = b[2:] {
		u := order.Uint16(b)
		low := u >= 0xDC00 && u <= 0xDFFF
		if high != low {
			return false
		}
		high = u >= 0xD800 && u <= 0xDBFF
	}
	return true
}

// bomless is a layout of NULs that marks text without a byte-order mark: for each
// offset modulo 4, 'm' when most code units have a NUL there (7 in 8 or more), 'f'
// when few do (1 in 8 or fewer).
type bomless struct {
	nuls string
	enc  encoding
}

// bomlessLayouts are the layouts withoutBOM knows, UTF-32 first (its layouts would
// otherwise be half read as UTF-16).
var bomlessLayouts = []bomless{
	{"fmmm", encoding{unit: 4, order: binary.LittleEndian}},
	{"mmmf", encoding{unit: 4, order: binary.BigEndian}},
	{"fmfm", encoding{unit: 2, order: binary.LittleEndian}},
	{"mfmf", encoding{unit: 2, order: binary.BigEndian}},
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
	return len(b) > 0 && bytes.IndexByte(b, 0) < 0 && validUTF8(b)
}

// validUTF8 reports whether b, but for up to utf8.UTFMax-1 bytes at its end (a rune
// the sniffed head cut), is valid UTF-8.
func validUTF8(b []byte) bool {
	for cut := 0; cut < utf8.UTFMax && len(b) > 0; cut++ {
		if utf8.Valid(b) {
			return true
		}
		b = b[:len(b)-1]
	}
	return false
}

// unitReader reads UTF-16 or UTF-32 text (its byte-order mark, if any, already read) as
// UTF-8, as golang.org/x/text's decoders behind a transform.Reader read it, which it
// replaces in the web page (examples/web's Transfer size): each code unit that is not
// a Unicode scalar value, and a UTF-16 surrogate not followed by a second half,
// becomes U+FFFD, as do the bytes short of a whole unit at the end of the input; a
// second half followed by another takes both for one U+FFFD (x/text
// encoding/unicode's utf16Decoder). A read error other than io.EOF ends the text,
// without the bytes short of a unit, and is returned after it. TestUnitReaderLikeXText
// and FuzzUnitReader hold it to x/text, however the input is handed over.
type unitReader struct {
	r   io.Reader
	enc encoding
	buf [4096]byte
	src []byte // undecoded bytes, at the start of buf
	out []byte // decoded text not yet returned
	all []byte // out's array, reused
	err error  // the source's error, once it returned one
}

func (u *unitReader) Read(p []byte) (int, error) {
	for len(u.out) == 0 {
		if u.err != nil {
			return 0, u.err
		}
		n, err := u.r.Read(u.buf[len(u.src):])
		u.src = u.buf[:len(u.src)+n]
		u.err = err
		u.out = u.all[:0]
		used := u.decode(err == io.EOF)
		u.all = u.out
		if err != nil && err != io.EOF {
			used = len(u.src) // the bytes short of a unit are dropped
		}
		u.src = u.buf[:copy(u.buf[:], u.src[used:])]
	}
	n := copy(p, u.out)
	u.out = u.out[n:]
	return n, nil
}

// decode appends the text of u.src's whole code units to u.out, and at the end of the
// input (atEOF) of the bytes left too, and returns how many bytes it used.
func (u *unitReader) decode(atEOF bool) int {
	src, i := u.src, 0
	for i < len(src) {
		r, size := u.rune(src[i:], atEOF)
		if size == 0 {
			break
		}
		u.out = utf8.AppendRune(u.out, r)
		i += size
	}
	return i
}

// rune returns the character at the start of b and the bytes it takes, 0 when b
// holds too few bytes to tell (more may come: not atEOF).
func (u *unitReader) rune(b []byte, atEOF bool) (rune, int) {
	n := u.enc.unit
	switch {
	case len(b) < n && atEOF:
		return utf8.RuneError, len(b)
	case len(b) < n:
		return 0, 0
	case n == 4:
		return scalar(rune(u.enc.order.Uint32(b))), 4
	}
	r := rune(u.enc.order.Uint16(b))
	if !utf16.IsSurrogate(r) {
		return r, 2
	}
	if len(b) < 4 {
		if !atEOF {
			return 0, 0
		}
		return utf8.RuneError, 2
	}
	if next := rune(u.enc.order.Uint16(b[2:])); 0xDC00 <= next && next <= 0xDFFF {
		return utf16.DecodeRune(r, next), 4 // U+FFFD unless r is a first half
	}
	return utf8.RuneError, 2
}

// scalar returns r, or U+FFFD when r is not a Unicode scalar value.
func scalar(r rune) rune {
	if !utf8.ValidRune(r) {
		return utf8.RuneError
	}
	return r
}

// decodedText is decodedLen refused where the text is binary data (binaryText): a
// *NotTextError.
func decodedText(r io.Reader, n int) (io.Reader, int, error) {
	d, out := decodedLen(r, n)
	if err := binaryText(textHead(d)); err != nil {
		return nil, 0, err
	}
	return d, out, nil
}

// textHead returns up to sniffBytes of the text d, a reader decodedLen returned,
// starts with, decoded, from the bytes decodedLen peeked: it reads nothing more, so a
// read error is left for the scan to meet.
func textHead(d io.Reader) []byte {
	switch d := d.(type) {
	case *bufio.Reader:
		b, _ := d.Peek(min(sniffBytes, d.Buffered()))
		return b
	case *unitReader:
		br, ok := d.r.(*bufio.Reader)
		if !ok {
			return nil
		}
		raw, _ := br.Peek(min(br.Buffered(), 4*sniffBytes)) // UTF-32: 4 bytes a character
		text, _ := io.ReadAll(io.LimitReader(&unitReader{r: bytes.NewReader(raw), enc: d.enc}, sniffBytes))
		return text
	}
	return nil
}

// textControls are the C0 control characters a text log holds: tab, line feed,
// vertical tab, form feed and carriage return (white space), bell, backspace (progress
// bars, terminal output) and escape (ANSI colours). NUL is neither counted nor taken
// for binary: a log preallocated or cut by a crash holds runs of NUL (sweep8 #18), and
// EmptyError reports an input of NULs alone.
const textControls = "\t\n\v\f\r\a\b\x1b"

// Thresholds of binaryText: at least binaryMinControls control bytes, and at least one
// in binaryShare of the bytes that are not NUL. Measured (TestBinaryThreshold): random
// bytes hold 24 such values of the 255 that are not NUL, 9.4 % (the first 4 KiB of the
// test's 200 KB: 8.7 %); none of the 2,697 files of testdata/corpus/texts and
// testdata/logs holds one. One in 32 (3.1 %) is a third of random data's share, and lets a log hold
// a stray control byte on every line of 32 bytes or more (a terminal's shift-in
// after each coloured line); four keeps a short text with a stray byte or two a log.
const (
	binaryMinControls = 4
	binaryShare       = 32
)

// binaryText returns a *NotTextError when head, the start of the decoded text (after
// UTF-16 or UTF-32 is decoded: UTF-16 Chinese has such bytes in its code units, none
// in its text), holds control bytes that no text log has (C0 controls other than
// textControls and NUL, and DEL) over binaryText's thresholds: a pickle, a tensor, a
// program, random bytes, which read as text gave "no known signature" and exit 0.
func binaryText(head []byte) error {
	controls, chars := binaryControls(head)
	if controls < binaryMinControls || controls*binaryShare < chars {
		return nil
	}
	return &NotTextError{
		Format: fmt.Sprintf("binary data (%d of its first %d bytes that are not NUL are control bytes, which no text log holds)", controls, chars),
		Hint:   "give the text the program printed (its log file, or its output copied from the terminal)",
	}
}

// binaryControls returns how many of b's bytes are control bytes no text log holds
// (binaryText), and how many are not NUL.
func binaryControls(b []byte) (controls, chars int) {
	for _, c := range b {
		if c == 0 {
			continue
		}
		chars++
		if c == 0x7f || c < ' ' && strings.IndexByte(textControls, c) < 0 {
			controls++
		}
	}
	return controls, chars
}
