package inputerr

import (
	"errors"
	"fmt"
	"io"
	"reflect"
)

// MaxEmptyReads is how many reads in a row may return no bytes and no error before
// [ReadAll] gives up with io.ErrNoProgress (bufio's limit): a reader that returns
// (0, nil) forever must not hang the library.
const MaxEmptyReads = 100

// StreamError reports a reader or writer that broke io.Reader's or io.Writer's
// contract: it returned a count out of range, made no progress, or panicked. The
// library returns it instead of hanging or panicking.
type StreamError struct {
	Func string // the function that read or wrote, e.g. "LoadScenario"
	Msg  string // what the reader or writer did, e.g. "the reader panicked: …"
	Err  error  // io.ErrNoProgress for a reader that made no progress, else nil
}

func (e *StreamError) Error() string {
	if e == nil {
		return "config: <nil *StreamError>"
	}
	return fmt.Sprintf("config: %s: %s", e.Func, e.Msg)
}

// Unwrap returns io.ErrNoProgress for a reader that made no progress, or nil.
func (e *StreamError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// IsNil reports whether v is nil or an interface holding a nil pointer, map, slice,
// channel or function (a typed nil such as (*strings.Reader)(nil)), whose methods
// would panic.
func IsNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Chan, reflect.Func, reflect.Interface:
		return rv.IsNil()
	}
	return false
}

// ReadAll reads r to its end, at most max+1 bytes (so that a caller can tell "more
// than max"), for function fn (named in errors). It never hangs or panics: a nil or
// typed-nil r is a *ZeroError; a count outside [0, len(buf)], more than MaxEmptyReads
// empty reads in a row and a panic in Read are a *StreamError; another read error is
// returned as it is.
func ReadAll(fn string, r io.Reader, max int64) (data []byte, err error) {
	if IsNil(r) {
		return nil, &ZeroError{Func: fn, Arg: "r (the reader)"}
	}
	defer func() {
		if p := recover(); p != nil {
			data, err = nil, &StreamError{Func: fn, Msg: fmt.Sprintf("the reader panicked: %v", p)}
		}
	}()
	buf := make([]byte, 32<<10)
	empty := 0
	for int64(len(data)) <= max {
		want := min(int64(len(buf)), max+1-int64(len(data)))
		n, rerr := r.Read(buf[:want])
		if n < 0 || int64(n) > want {
			return nil, &StreamError{Func: fn, Msg: fmt.Sprintf("the reader returned %d bytes for a buffer of %d", n, want)}
		}
		data = append(data, buf[:n]...)
		switch {
		case errors.Is(rerr, io.EOF):
			return data, nil
		case rerr != nil:
			return nil, rerr
		case n == 0:
			if empty++; empty >= MaxEmptyReads {
				return nil, &StreamError{Func: fn, Msg: fmt.Sprintf("the reader returned no bytes and no error %d times in a row", empty), Err: io.ErrNoProgress}
			}
		default:
			empty = 0
		}
	}
	return data, nil
}

// Writer returns w guarded for the library's text writers: a nil or typed-nil w is a
// *ZeroError (for fn), and the returned writer turns a panic in w.Write or a count
// out of range into an error instead of passing it on.
func Writer(fn string, w io.Writer) (io.Writer, error) {
	if IsNil(w) {
		return nil, &ZeroError{Func: fn, Arg: "w (the writer)"}
	}
	return &safeWriter{fn: fn, w: w}, nil
}

type safeWriter struct {
	fn string
	w  io.Writer
}

func (s *safeWriter) Write(p []byte) (n int, err error) {
	defer func() {
		if r := recover(); r != nil {
			n, err = 0, &StreamError{Func: s.fn, Msg: fmt.Sprintf("the writer panicked: %v", r)}
		}
	}()
	n, err = s.w.Write(p)
	if n < 0 || n > len(p) {
		return 0, &StreamError{Func: s.fn, Msg: fmt.Sprintf("the writer returned %d for %d bytes", n, len(p))}
	}
	if n < len(p) && err == nil {
		err = io.ErrShortWrite
	}
	return n, err
}

// Reader returns r guarded for a reader the library streams instead of reading
// whole (diagnose reads a log line by line): a count outside [0, len(p)], more than
// MaxEmptyReads empty reads in a row and a panic in Read become a *StreamError for
// fn, as in ReadAll, and that error is returned by every later Read. A nil or
// typed-nil r reads as a *ZeroError.
func Reader(fn string, r io.Reader) io.Reader {
	if IsNil(r) {
		return &safeReader{err: &ZeroError{Func: fn, Arg: "r (the reader)"}}
	}
	return &safeReader{fn: fn, r: r}
}

type safeReader struct {
	fn    string
	r     io.Reader
	empty int
	err   error // the contract broken, once
}

func (s *safeReader) Read(p []byte) (n int, err error) {
	if s.err != nil {
		return 0, s.err
	}
	defer func() {
		if v := recover(); v != nil {
			s.err = &StreamError{Func: s.fn, Msg: fmt.Sprintf("the reader panicked: %v", v)}
			n, err = 0, s.err
		}
	}()
	n, err = s.r.Read(p)
	switch {
	case n < 0 || n > len(p):
		s.err = &StreamError{Func: s.fn, Msg: fmt.Sprintf("the reader returned %d bytes for a buffer of %d", n, len(p))}
		return 0, s.err
	case n > 0 || err != nil || len(p) == 0:
		s.empty = 0
	default:
		if s.empty++; s.empty >= MaxEmptyReads {
			s.err = &StreamError{Func: s.fn, Msg: fmt.Sprintf("the reader returned no bytes and no error %d times in a row", s.empty), Err: io.ErrNoProgress}
			return 0, s.err
		}
	}
	return n, err
}
