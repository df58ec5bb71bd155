package script

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/inputerr"
)

type stuckReader struct{}

func (stuckReader) Read([]byte) (int, error) { return 0, nil }

type panicReader struct{}

func (panicReader) Read([]byte) (int, error) { panic("boom") }

type countReader struct{ n int }

func (c countReader) Read(p []byte) (int, error) { return c.n, nil }

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

// TestReadBadReaders: every reader failure is an error, never a panic or a hang.
func TestReadBadReaders(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, reason string
		r            io.Reader
		want         error // matched with errors.Is, or nil for "a *ReadError"
		stream       bool  // the *ReadError wraps an *inputerr.StreamError
	}{
		{"stuck", "(0, nil) forever gives up after inputerr.MaxEmptyReads", stuckReader{}, io.ErrNoProgress, true},
		{"panic", "a panicking reader", panicReader{}, nil, true},
		{"negative", "a negative count", countReader{-1}, nil, true},
		{"too-many", "a count past the buffer", countReader{1 << 30}, nil, true},
		{"error", "the reader's own error is kept", errReader{}, nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := ReadNamed("r.py", tc.r)
			var re *ReadError
			if !errors.As(err, &re) || re.File != "r.py" {
				t.Fatalf("ReadNamed(%s) = %v, want a *ReadError naming r.py (%s)", tc.name, err, tc.reason)
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("ReadNamed(%s) = %v, want %v (%s)", tc.name, err, tc.want, tc.reason)
			}
			var se *inputerr.StreamError
			if got := errors.As(err, &se); got != tc.stream {
				t.Errorf("ReadNamed(%s) = %v: wraps a *inputerr.StreamError %v, want %v (%s)", tc.name, err, got, tc.stream, tc.reason)
			}
		})
	}
	var z *inputerr.ZeroError
	if _, err := Read(nil); !errors.As(err, &z) {
		t.Errorf("Read(nil) = %v, want a *inputerr.ZeroError", err)
	}
	if _, err := ReadNamed("r.py", (*strings.Reader)(nil)); !errors.As(err, &z) {
		t.Errorf("ReadNamed(typed nil) = %v, want a *inputerr.ZeroError (its Read would panic)", err)
	}
	big := io.LimitReader(zeros{}, MaxSourceBytes+1)
	var se *SyntaxError
	if _, err := Read(big); !errors.As(err, &se) {
		t.Errorf("Read(MaxSourceBytes+1) = %v, want a *SyntaxError", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// TestWriteTextBadWriter: a typed-nil writer is an error, not a panic.
func TestWriteTextBadWriter(t *testing.T) {
	t.Parallel()
	s, err := Read(strings.NewReader("import torch\nm = torch.compile(f)\n"))
	if err != nil {
		t.Fatal(err)
	}
	var w *strings.Builder
	if err := s.WriteText(w, 0); err == nil {
		t.Errorf("WriteText(typed nil) = nil, want an error")
	}
}
