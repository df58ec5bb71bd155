package diagnose_test

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/graphs/diagnose"
)

type readFn func(p []byte) (int, error)

func (f readFn) Read(p []byte) (int, error) { return f(p) }

// brokenReaders break io.Reader's contract, each once the text "line one\n" (when
// given) has been read: a count past the buffer, a negative count, a panic, and no
// bytes and no error forever.
func brokenReaders() []struct {
	name string
	make func() io.Reader
	want string // in the StreamError's message
} {
	after := func(first string, then readFn) func() io.Reader {
		return func() io.Reader {
			done := first == ""
			return readFn(func(p []byte) (int, error) {
				if !done {
					done = true
					return copy(p, first), nil
				}
				return then(p)
			})
		}
	}
	return []struct {
		name string
		make func() io.Reader
		want string
	}{
		{"count past the buffer", after("", func(p []byte) (int, error) { return len(p) + 10, nil }), "bytes for a buffer of"},
		{"negative count", after("", func(p []byte) (int, error) { return -1, nil }), "returned -1 bytes"},
		{"panic", after("", func(p []byte) (int, error) { panic("boom") }), "the reader panicked: boom"},
		{"panic after a line", after("line one\n", func(p []byte) (int, error) { panic("late") }), "the reader panicked: late"},
		{"count past the buffer after a line", after("line one\n", func(p []byte) (int, error) { return len(p) + 1, nil }), "bytes for a buffer of"},
		{"no progress", after("", func(p []byte) (int, error) { return 0, nil }), "no bytes and no error"},
	}
}

// TestReadBrokenReader: a reader that breaks io.Reader's contract is the reader's
// failure, as for script.ReadNamed and graphs.LoadScenario: Read returns a *ReadError
// wrapping an *inputerr.StreamError that says what the reader did, and NewTextReader
// neither panics nor hangs (libsweep finding 2: NewTextReader panicked, and Read
// answered "diagnose: internal error: …", an untyped error that blamed the library).
func TestReadBrokenReader(t *testing.T) {
	for _, c := range brokenReaders() {
		t.Run(c.name, func(t *testing.T) {
			_, err := diagnose.Read(c.make())
			var re *diagnose.ReadError
			var se *inputerr.StreamError
			if !errors.As(err, &re) || !errors.As(err, &se) || !strings.Contains(se.Msg, c.want) {
				t.Fatalf("Read: want a *ReadError wrapping a *inputerr.StreamError (%q), got %T %v", c.want, err, err)
			}
			if strings.Contains(err.Error(), "internal error") {
				t.Errorf("Read: %v", err)
			}
			got := make(chan error, 1)
			go func() {
				defer func() {
					if p := recover(); p != nil {
						got <- fmt.Errorf("panic: %v", p)
					}
				}()
				tr, err := diagnose.NewTextReader(c.make())
				if err == nil {
					_, err = io.ReadAll(tr)
				}
				got <- err
			}()
			select {
			case err := <-got:
				if !errors.As(err, &se) || !strings.Contains(se.Msg, c.want) {
					t.Fatalf("NewTextReader: want an *inputerr.StreamError (%q), got %T %v", c.want, err, err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("NewTextReader: reading its text did not end")
			}
		})
	}
}
