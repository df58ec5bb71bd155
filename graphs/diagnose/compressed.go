package diagnose

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
)

// CompressedError is Read's error for a log compressed in a format Read does not
// decompress (zstd, xz, bzip2): the whole input is that format's stream, which read as
// text would give no finding and look like a clean log (sweep3 finding 8). Tool is the
// command that decompresses it to standard output.
type CompressedError struct {
	Format, Tool string
}

func (e *CompressedError) Error() string {
	if e == nil {
		return "diagnose: <nil *CompressedError>"
	}
	return fmt.Sprintf("diagnose: the input is %s-compressed: decompress it first (%s FILE | compilemode -diagnose -)", e.Format, e.Tool)
}

// compressions are the formats a log arrives compressed in, by their magic numbers
// (RFC 1952 for gzip; the zstd, xz and bzip2 formats' own headers). gzip, the one
// logrotate and most CI systems write, is decompressed as zgrep does; the others are
// refused with a CompressedError.
var compressions = []struct {
	magic        []byte
	format, tool string
}{
	{[]byte{0x1f, 0x8b}, "gzip", "zcat"},
	{[]byte{0x28, 0xb5, 0x2f, 0xfd}, "zstd", "zstdcat"},
	{[]byte{0xfd, '7', 'z', 'X', 'Z', 0}, "xz", "xzcat"},
	{[]byte("BZh"), "bzip2", "bzcat"},
}

// decompressed returns r's text: a gzip stream decompressed (every member of it, as
// gzip -d does), r itself for anything that is not a compressed stream, and a
// *CompressedError for another format. bzip2's "BZh" must be followed by its block
// size digit and block magic to count, so a log that starts with the letters BZh is text.
func decompressed(r io.Reader) (io.Reader, error) {
	br := bufio.NewReader(r)
	head, _ := br.Peek(10)
	for _, c := range compressions {
		if !bytes.HasPrefix(head, c.magic) {
			continue
		}
		switch {
		case c.format == "bzip2" && !(len(head) >= 10 && head[3] >= '1' && head[3] <= '9' && bytes.Equal(head[4:10], []byte{0x31, 0x41, 0x59, 0x26, 0x53, 0x59})):
			continue
		case c.format == "gzip" && (len(head) < 3 || head[2] != 8):
			continue // gzip's only compression method is deflate (8)
		case c.format != "gzip":
			return nil, &CompressedError{Format: c.format, Tool: c.tool}
		}
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, &ReadError{Line: 1, Err: fmt.Errorf("gzip: %w", err)}
		}
		return zr, nil
	}
	return br, nil
}
