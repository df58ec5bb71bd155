package script

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/compilemode/compilemode/config/inputerr"
)

// maxEmptyReads bounds how many reads in a row may return no byte and no error
// before readSource gives up (io.ErrNoProgress), as bufio.Reader does.
const maxEmptyReads = 100

// readChunk is how many bytes readSource asks for at a time.
const readChunk = 64 << 10

// ReadError reports a script whose reader failed: an error, a count out of range,
// no progress, or a panic. Err is what went wrong.
type ReadError struct {
	File string // the name given to ReadNamed ("<input>" for Read)
	Err  error
}

func (e *ReadError) Error() string {
	if e == nil {
		return "script: <nil *ReadError>"
	}
	return fmt.Sprintf("script: reading %s: %v", e.File, e.Err)
}

// Unwrap returns Err.
func (e *ReadError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// errTooLarge is readSource's error for more than MaxSourceBytes.
var errTooLarge = fmt.Errorf("larger than %d bytes", MaxSourceBytes)

// readSource reads at most MaxSourceBytes+1 bytes from r into one string (no second
// copy: strings.Builder hands its buffer over). It survives readers that make no
// progress, return a count out of range, or panic (typed nil pointers included): each
// is an error. More than MaxSourceBytes is errTooLarge.
func readSource(r io.Reader) (src string, err error) {
	defer func() {
		if p := recover(); p != nil {
			src, err = "", fmt.Errorf("the reader panicked: %v", p)
		}
	}()
	var b strings.Builder
	buf := make([]byte, readChunk)
	empty := 0
	for {
		n, rerr := r.Read(buf)
		if n < 0 || n > len(buf) {
			return "", fmt.Errorf("the reader returned %d bytes for a buffer of %d", n, len(buf))
		}
		if b.Len()+n > MaxSourceBytes {
			return "", errTooLarge
		}
		b.Write(buf[:n])
		switch {
		case errors.Is(rerr, io.EOF):
			return b.String(), nil
		case rerr != nil:
			return "", rerr
		case n == 0:
			if empty++; empty >= maxEmptyReads {
				return "", io.ErrNoProgress
			}
		default:
			empty = 0
		}
	}
}

// Read reads the script r yields, named "<input>" in positions and errors; see
// [ReadNamed].
func Read(r io.Reader) (*Script, error) {
	return readNamed("script.Read", "<input>", r)
}

// ReadNamed reads the script r yields, named name in site labels, positions and
// errors. It returns an *inputerr.ZeroError for a nil r, a *ReadError when r fails
// (an error, no progress after 100 empty reads, a count out of range, a panic), and a
// *SyntaxError when Python would reject the source, or it is larger than
// MaxSourceBytes or nested deeper than the reader's limits.
//
// Nothing is run. Execution order is inferred as follows:
//  1. module-level statements run in file order; every block of an if, try, for, while,
//     with or match runs, once (what runs only under a guard is marked conditional);
//  2. a def's body runs at the first call by its bare name found in code that runs
//     (followed up to 32 calls deep); a def never called so, methods included, runs
//     after the module, in file order;
//  3. within a statement, the calls run innermost first, then its assignment;
//  4. a decorator, @torch.compile included, runs where its def is.
//
// Each site sees the globals and environment set before it in that order;
// config.patch globals apply only to the sites inside the with block or decorated def.
//
// An empty r is a valid script, as for Python: the Script has no sites. ReadNamed is
// safe for concurrent use.
func ReadNamed(name string, r io.Reader) (*Script, error) {
	return readNamed("script.ReadNamed", name, r)
}

func readNamed(fn, name string, r io.Reader) (s *Script, err error) {
	if r == nil {
		return nil, &inputerr.ZeroError{Func: fn, Arg: "r (the reader)"}
	}
	src, err := readSource(r)
	if errors.Is(err, errTooLarge) {
		return nil, &SyntaxError{File: name, Line: 1, Col: 1, Msg: err.Error()}
	}
	if err != nil {
		return nil, &ReadError{File: name, Err: err}
	}
	defer func() {
		if p := recover(); p != nil {
			s, err = nil, fmt.Errorf("script: internal error reading %s: %v", name, p)
		}
	}()
	return readText(name, src)
}
