package diagnose

import (
	"fmt"
	"io"

	"github.com/compilemode/compilemode/config/inputerr"
)

// guarded is the caller's reader as Read and NewTextReader read it: a count out of
// range is the reader's failure, an *inputerr.StreamError returned by every later
// Read, not a panic in bufio; in marks a panic as the reader's (Options.Read), not
// the library's (libsweep finding 2).
type guarded struct {
	fn  string
	r   io.Reader
	in  bool
	err error
}

func (g *guarded) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	g.in = true
	n, err := g.r.Read(p)
	g.in = false
	if n < 0 || n > len(p) {
		g.err = &inputerr.StreamError{Func: g.fn, Msg: fmt.Sprintf("the reader returned %d bytes for a buffer of %d", n, len(p))}
		return 0, g.err
	}
	return n, err
}
