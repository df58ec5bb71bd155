//go:build !js

package diagnose

import (
	"io"

	"github.com/compilemode/compilemode/config/inputerr"
)

// guard returns r as Read and NewTextReader read it (inputerr.Reader): a count out of
// range, no progress or a panic in r's Read is the reader's failure, an
// *inputerr.StreamError, not a panic in bufio nor an internal error (libsweep finding
// 2). The web page's build (GOOS=js) reads only its own in-memory text and leaves the
// guard out (readguard_js.go): the bytes it would take are the page's budget.
func guard(fn string, r io.Reader) io.Reader { return inputerr.Reader(fn, r) }
