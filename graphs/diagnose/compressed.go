package diagnose

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
)

// CompressedError is Read's error for a log compressed in a format Read does not
// decompress (zstd, xz, bzip2): the whole input is that format's stream, which read as
// text would give no finding and look like a clean log. Tool is the command that
// decompresses it to standard output. The message's command says FILE where the file's
// name goes: Read reads a stream and knows no name; the compilemode command puts in
// the name it was given, shell-quoted (nufix24 #2).
type CompressedError struct {
	Format, Tool string
}

func (e *CompressedError) Error() string {
	if e == nil {
		return "diagnose: <nil *CompressedError>"
	}
	return fmt.Sprintf("diagnose: the input is %s-compressed: decompress it first (%s FILE | compilemode -diagnose -)", e.Format, e.Tool)
}

// NotTextError is Read's error for an input that is a file of another kind than text
// (an archive, an image, a program, a PDF), told by its magic number: read as text it
// would give "no known signature" and look like a clean log, or give findings from the
// strings a program holds. Format names the kind; Hint says how to get the log's text,
// its command saying FILE where the file's name goes (as CompressedError's).
type NotTextError struct {
	Format, Hint string
}

func (e *NotTextError) Error() string {
	if e == nil {
		return "diagnose: <nil *NotTextError>"
	}
	return fmt.Sprintf("diagnose: the input is %s, not a text log: %s", e.Format, e.Hint)
}

// CutHeaderError is Read's error for an input that ends inside the header of a
// compressed stream or another kind of file, the whole input a part of it short of
// what that header takes (a download or copy cut after a few bytes). Kind names the
// format ("a gzip stream", "a zip archive"), Bytes how many bytes the input holds and
// Header how many that header takes at least; Header 0 for a gzip header cut inside
// its optional fields (a file name, comment or extra field), Bytes 0 too where the
// input is longer than the bytes looked at (4 KiB). errors.Is(err,
// io.ErrUnexpectedEOF) holds.
type CutHeaderError struct {
	Kind          string
	Bytes, Header int
}

func (e *CutHeaderError) Error() string {
	if e == nil {
		return "diagnose: <nil *CutHeaderError>"
	}
	size := ""
	switch {
	case e.Bytes > 0 && e.Header > 0:
		size = fmt.Sprintf(" (it holds %d bytes; the header takes %d or more)", e.Bytes, e.Header)
	case e.Bytes > 0:
		size = fmt.Sprintf(" (it holds %d bytes, which end inside the header's optional fields: a file name, comment or extra field)", e.Bytes)
	}
	return fmt.Sprintf("diagnose: the input is %s cut inside its header%s: the file is cut short; copy or download it again", e.Kind, size)
}

// Unwrap returns io.ErrUnexpectedEOF.
func (e *CutHeaderError) Unwrap() error { return io.ErrUnexpectedEOF }

// gzipHeader is the size of a gzip member's fixed header (RFC 1952 §2.3: ID1, ID2, CM,
// FLG, MTIME, XFL, OS), before any optional field.
const gzipHeader = 10

// cutHeader returns a *CutHeaderError when head, the whole input (shorter than the bytes
// decompressed peeks), is a part of a magic number or of gzip's fixed header, 2 bytes
// or more, short of the whole (compressions, notText) and holds a byte that is no
// printable ASCII: "PK" or "GIF8" alone stay text. bzip2's header is all printable.
func cutHeader(head []byte) error {
	if len(head) < 2 || !bytes.ContainsFunc(head, func(r rune) bool { return r < ' ' || r > '~' }) {
		return nil
	}
	if bytes.HasPrefix(head, []byte(gzipMagic)) && len(head) < gzipHeader && (len(head) == 2 || head[2] == gzipDeflate) {
		return &CutHeaderError{Kind: "a gzip stream", Bytes: len(head), Header: gzipHeader}
	}
	for _, c := range compressions {
		if len(head) < len(c.magic) && bytes.HasPrefix(c.magic, head) {
			return &CutHeaderError{Kind: streamKind(c.format), Bytes: len(head), Header: len(c.magic)}
		}
	}
	for _, r := range notText {
		if len(head) < len(r.magic) && strings.HasPrefix(r.magic, string(head)) {
			return &CutHeaderError{Kind: r.format, Bytes: len(head), Header: len(r.magic)}
		}
	}
	return nil
}

// streamKind is a compressed format's stream, with its article.
func streamKind(format string) string {
	if strings.HasPrefix(format, "x") {
		return "an " + format + " stream"
	}
	return "a " + format + " stream"
}

// notText are the kinds of file that are not a log, by the magic number each starts
// with (its format's own specification: PKWARE's APPNOTE.TXT 4.3.7 and 4.3.16, PNG
// §5.2, JPEG (ITU T.81) B.1.1.3 SOI with a marker after it, GIF89a §17, the ELF gABI's
// e_ident, Mach-O's mach-o/loader.h MH_MAGIC_64 and MH_CIGAM_64, PDF (ISO 32000-1)
// §7.5.2, 7z's 7zFormat.txt signature header, WebAssembly's binary format §5.5.16,
// pickle's PROTO opcode (pickleFormat), NumPy's .npy format (numpy/lib/format.py
// MAGIC_PREFIX, NEP 1), binaryText for other binary data).
// inGzip is the same check on what a gzip stream holds, plus gzip itself: a log
// compressed twice.
var notText = []struct {
	magic, format, hint string
}{
	{"PK\x03\x04", "a zip archive", "extract the log from it first (unzip -p FILE | compilemode -diagnose -)"},
	{"PK\x05\x06", "an empty zip archive", "it holds no file"},
	{"\x89PNG\r\n\x1a\n", "a PNG image", "give the log's text, not a picture of it"},
	{"\xFF\xD8\xFF", "a JPEG image", "give the log's text, not a picture of it"},
	{"GIF87a", "a GIF image", "give the log's text, not a picture of it"},
	{"GIF89a", "a GIF image", "give the log's text, not a picture of it"},
	{"\x7fELF", "an ELF program or library", "give the log that the program printed, not the program"},
	{"\xCF\xFA\xED\xFE", "a Mach-O program or library", "give the log that the program printed, not the program"},
	{"\xFE\xED\xFA\xCF", "a Mach-O program or library", "give the log that the program printed, not the program"},
	{"%PDF-", "a PDF document", "copy its text out first (pdftotext FILE - | compilemode -diagnose -)"},
	{"7z\xBC\xAF\x27\x1C", "a 7z archive", "extract the log from it first (7z x -so FILE | compilemode -diagnose -)"},
	{"\x00asm", "a WebAssembly module", "give the log that the program printed, not the program"},
	{"\x80\x02", pickleFormat, savedHint},
	{"\x80\x03", pickleFormat, savedHint},
	{"\x80\x04", pickleFormat, savedHint},
	{"\x80\x05", pickleFormat, savedHint},
	{"\x93NUMPY", "a NumPy array file (.npy)", "give the log that the program printed, not saved data"},
}

// A Python pickle of protocol 2 to 5 starts with the PROTO opcode, the byte 0x80, and
// the protocol's number (CPython Lib/pickle.py: PROTO = b'\x80', written first by
// _Pickler.dump for protocol 2 and up). torch.save wrote one before PyTorch 1.6, and
// still does with _use_new_zipfile_serialization=False (torch/serialization.py
// _legacy_save, DEFAULT_PROTOCOL 2; measured on 2.14.1: testdata/torch_save_2.14.1.txt,
// b'\x80\x02'). Protocols 0 and 1 start with printable opcodes
// and are left to the binary check (binaryText). No UTF-8 text starts with 0x80, a
// continuation byte.
const (
	pickleFormat = "a Python pickle (pickle.dump, or torch.save's format before PyTorch 1.6)"
	savedHint    = "give the log that the program printed, not a saved model or tensor"
)

// notTextShapes are the kinds of file told by more than a prefix of fixed bytes, tried
// before notText's rows (a PyTorch checkpoint before the zip archive it is).
var notTextShapes = []struct {
	is           func(head []byte) bool
	format, hint string
}{
	{torchZip, "a PyTorch checkpoint (torch.save's zip)", savedHint},
	{compiledPython, "a compiled Python file (.pyc)", "give the log that the program printed, not the program"},
	{safetensors, "a safetensors file", savedHint},
	{tarArchive, "a tar archive", "extract the log from it first (tar -xOf FILE | compilemode -diagnose -; tar -xzOf for .tar.gz)"},
}

// zipNameLenAt and zipNameAt are where a zip's local file header holds the length of
// its entry's name (2 bytes, little-endian) and the name (PKWARE's APPNOTE.TXT 4.3.7:
// signature 4 bytes, then 22 bytes of version, flags, method, time, date, CRC and
// sizes, then the name's length at 26 and the extra field's at 28).
const (
	zipNameLenAt = 26
	zipNameAt    = 30
)

// torchZip reports whether head is a zip whose first entry is named "data.pkl" or
// ends with "/data.pkl" ("archive/data.pkl"): torch.save's format since PyTorch 1.6,
// whose first record is the pickle of the object saved (torch/serialization.py _save,
// zip_file.write_record("data.pkl", ...), the writer naming it under the archive's
// folder, caffe2/serialize/inline_container.cc; measured on 2.14.1: the first entry is
// "archive/data.pkl", testdata/torch_save_2.14.1.txt). A name longer than the bytes peeked
// leaves it a zip archive.
func torchZip(head []byte) bool {
	if !bytes.HasPrefix(head, []byte("PK\x03\x04")) || len(head) < zipNameAt {
		return false
	}
	n := int(binary.LittleEndian.Uint16(head[zipNameLenAt:]))
	if len(head) < zipNameAt+n {
		return false
	}
	name := string(head[zipNameAt : zipNameAt+n])
	return name == "data.pkl" || strings.HasSuffix(name, "/data.pkl")
}

// pycHeader is the size of a .pyc file's header since Python 3.7 (PEP 552: the magic
// number, a flags word and two more words), pycFlagsAt where its flags word is.
const (
	pycHeader  = 16
	pycFlagsAt = 4
)

// compiledPython reports whether head is a .pyc file of Python 3.7 or later: its
// magic number, a 2-byte little-endian release number then "\r\n" (CPython
// Lib/importlib/_bootstrap_external.py MAGIC_NUMBER: 3495 for 3.11, numbered from
// 3000 for Python 3000 up; taken here as 3000 to 4095), then PEP 552's 4-byte
// little-endian flags word, of which only the two low bits are defined (_classify_pyc
// rejects any other). A text that starts with two characters and a line end ("OK")
// has no such number: its second byte is printable.
func compiledPython(head []byte) bool {
	if len(head) < pycHeader || string(head[2:4]) != "\r\n" {
		return false
	}
	release := binary.LittleEndian.Uint16(head)
	return release >= 3000 && release <= 4095 && binary.LittleEndian.Uint32(head[pycFlagsAt:]) <= 3
}

// safetensorsMaxHeader is the most bytes a safetensors header may take (the format's
// README: "the header is limited to 100MB"); safetensorsJSON is where that header, a
// JSON object, starts.
const (
	safetensorsMaxHeader = 100_000_000
	safetensorsJSON      = 8
)

// safetensors reports whether head is a safetensors file: an 8-byte little-endian
// count of the header's bytes, then the header, a JSON object that starts '{"'
// (huggingface/safetensors README, "Format"). Eight bytes of text read as such a count
// are far over the 100 MB limit: their high byte alone is 0x20 or more.
func safetensors(head []byte) bool {
	if len(head) < safetensorsJSON+2 || string(head[safetensorsJSON:safetensorsJSON+2]) != `{"` {
		return false
	}
	n := binary.LittleEndian.Uint64(head)
	return n >= 2 && n <= safetensorsMaxHeader
}

// tarArchive reports whether head is a tar archive (tarMagicAt).
func tarArchive(head []byte) bool {
	return len(head) >= tarMagicEnd && bytes.HasPrefix(head[tarMagicAt:], []byte("ustar"))
}

// gzipTwice is the row checked only inside a gzip stream.
var gzipTwice = struct{ magic, format, hint string }{gzipMagic + string(rune(gzipDeflate)), "gzip-compressed twice", "decompress it twice (zcat FILE | zcat | compilemode -diagnose -)"}

// refuseNotText returns a *NotTextError when head has one of notTextShapes' shapes or
// starts with one of notText's magic numbers (or, inGzip, with gzip's own), else nil.
func refuseNotText(head []byte, inGzip bool) error {
	for _, s := range notTextShapes {
		if s.is(head) {
			return &NotTextError{Format: s.format, Hint: s.hint}
		}
	}
	rows := notText
	if inGzip {
		rows = append(rows[:len(rows):len(rows)], gzipTwice)
	}
	for _, r := range rows {
		if bytes.HasPrefix(head, []byte(r.magic)) {
			return &NotTextError{Format: r.format, Hint: r.hint}
		}
	}
	return nil
}

// A tar archive's first header holds "ustar" at offset 257 (POSIX.1-2001 pax and
// ustar, GNU tar's "ustar  "): read as text, its members ran together with their
// headers and their line numbers were one log's (hostile21's D2). tarMagicEnd is how
// far the check peeks.
const (
	tarMagicAt  = 257
	tarMagicEnd = tarMagicAt + 5
)

// gzipMagic is gzip's ID1 and ID2 bytes, and gzipDeflate its only compression method
// (CM), the byte after them (RFC 1952 §2.3.1).
const (
	gzipMagic   = "\x1f\x8b"
	gzipDeflate = 8
)

// compressions are the formats a log arrives compressed in, by their magic numbers
// (RFC 1952 for gzip; the zstd, xz and bzip2 formats' own headers). gzip, the one
// logrotate and most CI systems write, is decompressed as zgrep does; the others are
// refused with a CompressedError.
var compressions = []struct {
	magic        []byte
	format, tool string
}{
	{[]byte(gzipMagic), "gzip", "zcat"},
	{[]byte{0x28, 0xb5, 0x2f, 0xfd}, "zstd", "zstdcat"},
	{[]byte{0xfd, '7', 'z', 'X', 'Z', 0}, "xz", "xzcat"},
	{[]byte("BZh"), "bzip2", "bzcat"},
}

// decompressed returns r's text: a gzip stream decompressed (every member of it, as
// gzip -d does), r itself for anything that is not a compressed stream, a
// *CompressedError for another format, and a *NotTextError for a kind of file that is
// not text (notText), the whole input's or the gzip stream's. bzip2's "BZh" must be followed by its block
// size digit and block magic to count, so a log that starts with the letters BZh is text.
func decompressed(r io.Reader) (io.Reader, error) {
	br := bufio.NewReader(r)
	head, _ := br.Peek(tarMagicEnd)
	if err := refuseNotText(head, false); err != nil {
		return nil, err
	}
	head = head[:min(len(head), gzipHeader)]
	if len(head) < gzipHeader {
		if err := cutHeader(head); err != nil {
			return nil, err
		}
	}
	for _, c := range compressions {
		if !bytes.HasPrefix(head, c.magic) {
			continue
		}
		switch {
		case c.format == "bzip2" && !(len(head) >= 10 && head[3] >= '1' && head[3] <= '9' && bytes.Equal(head[4:10], []byte{0x31, 0x41, 0x59, 0x26, 0x53, 0x59})):
			continue
		case c.format == "gzip" && (len(head) < 3 || head[2] != gzipDeflate):
			continue
		case c.format != "gzip":
			return nil, &CompressedError{Format: c.format, Tool: c.tool}
		}
		return gunzipped(br)
	}
	return br, nil
}

// gunzipped returns the text of the gzip stream br holds (cutStream), refused where it
// is no text (refuseNotText).
func gunzipped(br *bufio.Reader) (io.Reader, error) {
	whole, _ := br.Peek(br.Size()) // the whole input, when it is shorter than this
	zr, err := gzip.NewReader(br)
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) && len(whole) < br.Size():
		return nil, &CutHeaderError{Kind: "a gzip stream", Bytes: len(whole)}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, &CutHeaderError{Kind: "a gzip stream"}
	case err != nil:
		return nil, &ReadError{Line: 1, Err: fmt.Errorf("gzip: %w", err)}
	}
	zr.Multistream(false)
	inner := &cutStream{}
	inner.Reader = bufio.NewReader(readFunc(func(p []byte) (int, error) {
		for {
			n, err := zr.Read(p)
			switch {
			case err == io.EOF && n > 0:
				return n, nil // the member's end: the next Read goes on to the next member
			case err == io.EOF:
				// A whole member ended, its CRC and length checked: the next one, if any.
				if err = nextMember(zr, br); err == nil {
					continue
				}
			}
			return n, inner.worded(err)
		}
	}))
	head, _ := inner.Peek(tarMagicEnd)
	if err := refuseNotText(head, true); err != nil {
		return nil, err
	}
	return inner, nil
}

// nextMember starts the gzip member that follows a whole one in br, as gzip -d reads
// every member: io.EOF at the end of the input, and also before bytes that are no
// gzip member, trailing garbage, which gzip -d ignores ("decompression OK, trailing
// garbage ignored"; sweep8 #12: it was called a cut stream).
func nextMember(zr *gzip.Reader, br *bufio.Reader) error {
	if head, _ := br.Peek(len(gzipMagic)); string(head) != gzipMagic {
		return io.EOF
	}
	if err := zr.Reset(br); err != nil {
		return err
	}
	zr.Multistream(false)
	return nil
}

// cutStream is a gzip'd log's text; cut says its stream ended before the end gzip
// marks (a truncated file), where the text ends as zcat's does (sweep7 finding 13:
// "reading line 3: unexpected EOF", no word of gzip, no finding of the lines read).
type cutStream struct {
	_ [0]func() // incomparable: no equality code (examples/web: Transfer size)
	*bufio.Reader
	cut bool
}

// worded is the gzip reader's error as the text's reader returns it: a stream that
// ends early is the end of the text (cut notes it), gzip's own errors as they are
// (they say "gzip:"; sweep8 #12: "gzip: gzip: invalid checksum"), others with "gzip:".
func (c *cutStream) worded(err error) error {
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		c.cut = true
		return io.EOF
	case err == nil || err == io.EOF || errors.Is(err, gzip.ErrChecksum) || errors.Is(err, gzip.ErrHeader):
		return err
	}
	return fmt.Errorf("gzip: %w", err)
}

// readFunc is a Read method as an io.Reader. decompressed hands the gzip reader on as
// its method value, not as the *gzip.Reader: a *gzip.Reader in an interface keeps the
// methods of its Header's time.Time, formatting and parsing, in the web page's
// WebAssembly (examples/web's Transfer size).
type readFunc func([]byte) (int, error)

func (f readFunc) Read(p []byte) (int, error) { return f(p) }
