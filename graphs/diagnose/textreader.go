package diagnose

import (
	"io"

	"github.com/compilemode/compilemode/config/inputerr"
)

// NewTextReader returns the text [Read] reads from r: a gzip stream decompressed, and
// UTF-16 or UTF-32 (with or without a byte-order mark) decoded to UTF-8, by the same
// code and rules as Read. It returns the *CompressedError Read returns for a log
// compressed otherwise, the *NotTextError it returns for a file that is not text (by
// its magic number, or binary data by its control bytes), a *CutHeaderError for an
// input that ends inside a gzip header, a *ReadError for a corrupt gzip header and an
// *inputerr.ZeroError for a nil r; the text's Read returns an *inputerr.StreamError
// when r breaks io.Reader's contract (a count out of range, no progress, a panic),
// and never panics. The web page (examples/web) shows a file's text
// with it, so that the text shown is the text diagnosed.
func NewTextReader(r io.Reader) (io.Reader, error) {
	if inputerr.IsNil(r) {
		return nil, &inputerr.ZeroError{Func: "diagnose.NewTextReader", Arg: "r (the reader)"}
	}
	r, err := decompressed(guard("diagnose.NewTextReader", r))
	if err != nil {
		return nil, err
	}
	d, _, err := decodedText(r, -1)
	return d, err
}
