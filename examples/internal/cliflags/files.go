package cliflags

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/compilemode/compilemode/config/inputerr"
)

// ReadFile reads the file a flag names (-scenario, -schema, -options @FILE), refusing
// before it reads a byte anything that is neither a regular file nor a pipe (a device,
// which may never end; a directory; a socket) and a file over limit bytes (a
// *inputerr.LimitError naming limitName; a pipe's limit is checked as it is read). A
// pipe is read as stdin is: bash's process substitution (-options @<(…)) hands over a
// pipe whose writer is running; the open does not block (O_NONBLOCK), so a named pipe
// that no program writes reads as empty instead of blocking forever (sweep finding 7;
// a log or script, read by [Open], waits for its writer instead).
// The opened file is checked again, so a file swapped for a device between the two
// checks is refused too. Errors name the flag.
//
// The name "-" is stdin, as for [Open]: ReadFile has none and refuses it; use
// [ReadInput].
func ReadFile(flagName, name string, limit int64, limitName string) ([]byte, error) {
	return ReadInput(flagName, name, nil, limit, limitName)
}

// ReadInput is [ReadFile] with the name "-" read from stdin (at most limit bytes, a
// *inputerr.LimitError past them). A nil stdin refuses "-".
func ReadInput(flagName, name string, stdin io.Reader, limit int64, limitName string) ([]byte, error) {
	fail := func(err error) ([]byte, error) {
		return nil, fmt.Errorf("-%s %s: %w", flagName, inputerr.Cut(name, 200), err)
	}
	var f io.Reader
	if name == "-" {
		if stdin == nil {
			return fail(errors.New("this program does not read stdin: give a file name"))
		}
		f = stdin
	} else if nullName(name) {
		f = strings.NewReader("") // the null device reads as empty: an empty input, not a device's refusal
	} else {
		file, err := openRegular(name, func(m fs.FileMode, size int64) error { return regular(m, size, limit, limitName) })
		if err != nil {
			return fail(err)
		}
		defer file.Close()
		f = file
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return fail(err)
	}
	if int64(len(data)) > limit {
		return fail(&inputerr.LimitError{Limit: limitName, Max: limit, Got: int64(len(data)), What: "the file's length in bytes"})
	}
	return data, nil
}

// Open opens the file an input flag names (-diagnose, -script) for reading, or
// returns stdin for "-", with ReadFile's checks but no size limit: anything that is
// neither a regular file nor a pipe is refused before it is opened, and the opened
// file is checked again. A pipe (`-diagnose <(kubectl logs pod)`) is read as stdin is,
// and a named pipe waits for its writer as every Unix reader does (`mkfifo p;
// compilemode -diagnose p` with `kubectl logs -f pod > p` started later: sweep finding
// 5 had it read as "empty input" at once): the non-blocking open that checked what it
// is is read until its writer has written (waitForWriter). The caller closes what it returns (closing
// stdin's does nothing). Errors do not name the flag; a nil stdin reads as empty.
func Open(name string, stdin io.Reader) (io.ReadCloser, error) {
	if name == "-" {
		if stdin == nil {
			stdin = strings.NewReader("")
		}
		return io.NopCloser(stdin), nil
	}
	if nullName(name) {
		return io.NopCloser(strings.NewReader("")), nil // read as an empty input (IsNullDevice)
	}
	f, err := openRegular(name, func(m fs.FileMode, _ int64) error { return notRegular(m) })
	if err != nil {
		return nil, err
	}
	return waitForWriter(name, f)
}

// waitForWriter returns f, or, where f is a named pipe, f once a writer has written to
// it: f is read until it yields a byte, and while it reads as ended (no writer has the
// pipe open yet) it is read again after writerPoll. Holding f open is what lets a writer
// open the pipe, and what it writes waits in the pipe until f reads it, so a writer that
// opens, writes and closes at once is read in full. (Reopening the name blocking, as
// this did before, hung when the writer had come and gone between the two opens: the
// fifo case of examples/compilemode's TestDiagnoseFlag under load, fix6b's report,
// 2026-12-03.) A writer that opens and closes without writing is waited for, as no
// writer is. On js (nonBlock 0) f is returned as it is.
func waitForWriter(name string, f *os.File) (io.ReadCloser, error) {
	m, _, err := statFile(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	if m&fs.ModeNamedPipe == 0 || nonBlock == 0 {
		return f, nil
	}
	var first [1]byte
	for {
		n, err := f.Read(first[:])
		if n == 1 {
			return primed{Reader: io.MultiReader(bytes.NewReader(first[:]), f), Closer: f}, nil
		}
		if err != nil && !errors.Is(err, io.EOF) {
			f.Close()
			return nil, fmt.Errorf("%s: %w", inputerr.Cut(name, 200), err)
		}
		time.Sleep(writerPoll)
	}
}

// writerPoll is how long waitForWriter waits before it reads a named pipe that no writer
// has open again.
const writerPoll = 20 * time.Millisecond

// primed is a pipe's file with the byte waitForWriter read put back in front.
type primed struct {
	io.Reader
	io.Closer
}

// openRegular opens name without blocking, after check passes on what the name holds
// and again on the opened file, so that a file swapped for a pipe between the two is
// refused too.
// (statName, openRead and statFile are the operating system's: stat.go, stat_js.go.)
func openRegular(name string, check func(m fs.FileMode, size int64) error) (*os.File, error) {
	if name == "" {
		return nil, fmt.Errorf("empty file name")
	}
	m, size, err := statName(name)
	if err != nil {
		return nil, statError(name, err)
	}
	if err := check(m, size); err != nil {
		return nil, err
	}
	f, err := openRead(name)
	if err != nil {
		return nil, err
	}
	if m, size, err = statFile(f); err == nil {
		err = check(m, size)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// statError is err, from os.Stat(name), without the operation and the name that the
// caller's message already gives ("stat x.log: no such file or directory" was printed
// after "-diagnose x.log:", sweep7 finding 15), and for a symbolic link whose target is
// missing it names the target: "a symbolic link to /nonexistent, which does not exist".
func statError(name string, err error) error {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err
	}
	if errors.Is(err, fs.ErrNotExist) {
		if target, lerr := os.Readlink(name); lerr == nil {
			return fmt.Errorf("a symbolic link to %s, which does not exist", inputerr.Cut(target, 200))
		}
	}
	return pe.Err
}

// regular refuses a file that is neither a regular one nor a pipe, or is over limit
// bytes.
func regular(m fs.FileMode, size, limit int64, limitName string) error {
	if err := notRegular(m); err != nil {
		return err
	}
	if m.IsRegular() && size > limit {
		return &inputerr.LimitError{Limit: limitName, Max: limit, Got: size, What: "the file's length in bytes"}
	}
	return nil
}

// notRegular says what m is when it is neither a regular file nor a pipe (anonymous,
// as /dev/fd/N of bash's <(…), or named), or returns nil.
func notRegular(m fs.FileMode) error {
	if m.IsRegular() || m&fs.ModeNamedPipe != 0 {
		return nil
	}
	kind := "not a regular file"
	switch {
	case m.IsDir():
		kind = "a directory, not a file"
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		kind = "a device, not a regular file"
	case m&fs.ModeSocket != 0:
		kind = "a socket, not a regular file"
	}
	return errors.New(kind)
}

// onceValue makes a flag single-valued: a second occurrence is an error that names
// both values, instead of the last one winning silently.
type onceValue struct {
	flag.Value
	first string
	set   bool
}

// Set sets the flag, or fails when it was already given.
func (o *onceValue) Set(s string) error {
	if o.set {
		return fmt.Errorf("given twice (first %q, then %q): give it once", inputerr.Cut(o.first, 40), inputerr.Cut(s, 40))
	}
	if err := o.Value.Set(s); err != nil {
		return err
	}
	o.first, o.set = s, true
	return nil
}

// IsBoolFlag reports whether the wrapped flag is a bool flag (-json, not -json=true).
func (o *onceValue) IsBoolFlag() bool {
	b, ok := o.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// singleValued wraps every flag of fs except the repeatable ones (List: -set, -env)
// so that giving it twice is an error, and returns the function that puts the
// original values back (flag.PrintDefaults reads their types).
func singleValued(fs *flag.FlagSet) (restore func()) {
	orig := map[*flag.Flag]flag.Value{}
	fs.VisitAll(func(f *flag.Flag) {
		if _, repeatable := f.Value.(*List); repeatable {
			return
		}
		orig[f] = f.Value
		f.Value = &onceValue{Value: f.Value}
	})
	return func() {
		for f, v := range orig {
			f.Value = v
		}
	}
}
