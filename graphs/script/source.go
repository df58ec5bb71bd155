package script

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unsafe"

	"github.com/compilemode/compilemode/config/inputerr"
)

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

// readSource reads at most MaxSourceBytes+1 bytes from r with inputerr.ReadAll (the
// module's one bounded reader: a nil or typed-nil r, a reader that makes no progress,
// returns a count out of range or panics are errors), for function fn. The string
// shares the bytes read (no second copy of up to 16 MiB): nothing else holds them.
// tooLarge reports more than MaxSourceBytes.
func readSource(fn string, r io.Reader) (src string, tooLarge bool, err error) {
	b, err := inputerr.ReadAll(fn, r, MaxSourceBytes)
	if err != nil || len(b) == 0 {
		return "", false, err
	}
	if len(b) > MaxSourceBytes {
		return "", true, nil
	}
	return unsafe.String(&b[0], len(b)), false, nil
}

// Read reads the script r yields, named "<input>" in positions and errors; see
// [ReadNamed].
func Read(r io.Reader) (*Script, error) {
	return readNamed("script.Read", "<input>", r)
}

// ReadNamed reads the script r yields, named name in site labels, positions and
// errors. It returns an *inputerr.ZeroError for a nil or typed-nil r, a *ReadError when r
// fails (its own error, or an *inputerr.StreamError: no progress after 100 empty
// reads, a count out of range, a panic), and a
// *SyntaxError when Python would reject the source, or it is larger than
// MaxSourceBytes (Line 0: the whole file) or nested deeper than the reader's limits.
//
// Nothing is run. Execution order is inferred as follows:
//  1. module-level statements run in file order; every block of an if, try, for, while,
//     with or match runs, once (what runs only under a guard is marked conditional);
//  2. a def's body runs at the first call by its bare name found in code that runs
//     (followed up to 32 calls deep), and a class's __init__ (its bases' when it has
//     none; else a dataclass's __post_init__) at the first C(…) of a class C of the
//     file, and a method at the first obj.m(…) of a name bound to such a C(…)
//     (srv = Server(); srv.setup()); a def never called so runs after the module: first
//     the defs handed to a thread, a process or a pool, under the guards of the
//     start, then the others, in file order;
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
	return readNamedEnv(fn, name, r, readIn{})
}

// readNamedEnv is readNamed with the environment given to ReadWith (nil: none).
func readNamedEnv(fn, name string, r io.Reader, in readIn) (s *Script, err error) {
	src, tooLarge, err := readSource(fn, r)
	var z *inputerr.ZeroError
	if errors.As(err, &z) {
		return nil, err
	}
	if tooLarge {
		return nil, &SyntaxError{File: name, Msg: tooLargeMsg() + notebookSizeHint(name)}
	}
	if err != nil {
		return nil, &ReadError{File: name, Err: err}
	}
	defer func() {
		if p := recover(); p != nil {
			s, err = nil, fmt.Errorf("script: internal error reading %s: %v", name, p)
		}
	}()
	code, skipped, starts, nb, err := notebookSource(name, src)
	if err != nil {
		return nil, err
	}
	if !nb {
		return readPython(name, src, in)
	}
	return readNotebook(name, src, code, skipped, starts, in)
}

// readPython reads a file that is not a notebook, with a notebook-json warning for a
// .py holding a notebook's JSON (WarningNotebookJSON).
func readPython(name, src string, in readIn) (*Script, error) {
	s, err := readTextEnv(name, src, in)
	if err == nil && isPyName(name) && holdsNotebookJSON(strings.TrimLeft(src, " \t\r\n\ufeff")) {
		s.Warnings = append(s.Warnings, Warning{Line: 1, Code: WarningNotebookJSON,
			Message: "this .py holds a notebook's JSON: Python runs it as one dict expression, so nothing of it compiles (a null in it raises NameError); name it .ipynb to read its code cells"})
	}
	return s, err
}

// readNotebook reads a notebook src, whose code cells joined are code (notebookSource).
func readNotebook(name, src, code string, skipped []string, starts []cellStart, in readIn) (*Script, error) {
	if err := notebookLanguageError(name, src); err != nil {
		return nil, err
	}
	kernel := in.argv == nil
	if kernel {
		in.argv = kernelArgv
	}
	s, err := readTextEnv(name+" (code cells)", code, in)
	var se *SyntaxError
	if errors.As(err, &se) {
		if c, at := cellOf(starts, se.Line); c > 0 {
			se.Msg += fmt.Sprintf(" (code cell %d, line %d)", c, at)
		}
	}
	if err != nil {
		return s, err
	}
	s.cells = starts
	s.kernelPython, s.kernelNotes = notebookKernel(src)
	if kernel {
		// No arguments were given: the kernel's are said only where a parse_args or a
		// command-line library refuses them (the argv-error), not as unread (hostile29 N1).
		s.argvUnread = ""
		kernelArgvNote(s)
	}
	if len(skipped) > 0 {
		s.Warnings = append(s.Warnings, Warning{Line: 1, Code: WarningCellNotRead,
			Message: fmt.Sprintf("%s not read: a cell magic that does not run its body as Python in this kernel; a torch.compile there is not planned", strings.Join(skipped, ", "))})
	}
	return s, nil
}

// notebookSizeHint says, for a notebook (a name ending in .ipynb) over MaxSourceBytes,
// why and what to do (sweep2 finding 16: a 2-line notebook whose saved output held a
// 20 MB image was refused with no hint): the bound is on the file, whose saved
// outputs (plots, images) are most of its bytes and are not read, so clearing them or
// exporting the code cells brings it under. "" for other names.
func notebookSizeHint(name string) string {
	if !strings.HasSuffix(strings.ToLower(name), ".ipynb") {
		return ""
	}
	base := name
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	return fmt.Sprintf(" (the whole notebook, its saved outputs included, which the reader skips): clear them (jupyter nbconvert --clear-output --inplace %s) or export its code (jupyter nbconvert --to script %s) and read that", base, base)
}
