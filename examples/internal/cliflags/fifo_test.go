//go:build !js

package cliflags

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestOpenFifoWriters: a named pipe is read in full whether its writer comes later,
// writes in two parts, or opens, writes and closes at once as soon as a reader exists.
// The last could hang before waitForWriter read the first open instead of reopening the
// name, when the writer had come and gone between the two opens; that window is a few
// microseconds, and ten runs of this case against the old code here did not hit it (it
// hit once under load in a full test run, fix6b's report), so the case guards the
// behaviour rather than reproducing the race on demand. A hang fails a case after 20 s,
// which no correct run comes near.
func TestOpenFifoWriters(t *testing.T) {
	t.Parallel()
	writers := []struct {
		name  string
		write func(path string)
	}{
		{"at once when a reader exists", func(path string) {
			runtime.LockOSThread() // spin on a thread of its own
			defer runtime.UnlockOSThread()
			for {
				w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
				if errors.Is(err, syscall.ENXIO) { // no reader yet: try again at once
					continue
				}
				if err == nil {
					_, _ = w.Write([]byte("line 1\nline 2\n"))
					w.Close()
				}
				return
			}
		}},
		{"later, blocking", func(path string) {
			time.Sleep(100 * time.Millisecond)
			if w, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
				_, _ = w.Write([]byte("line 1\nline 2\n"))
				w.Close()
			}
		}},
		{"in two writes", func(path string) {
			if w, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
				_, _ = w.Write([]byte("line 1\n"))
				time.Sleep(50 * time.Millisecond)
				_, _ = w.Write([]byte("line 2\n"))
				w.Close()
			}
		}},
	}
	for _, tc := range writers {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "p")
			require.NoError(t, syscall.Mkfifo(path, 0o600))
			go tc.write(path)
			got := make(chan string, 1)
			go func() {
				r, err := Open(path, nil)
				if err != nil {
					got <- "error: " + err.Error()
					return
				}
				defer r.Close()
				b, err := io.ReadAll(r)
				if err != nil {
					got <- "error: " + err.Error()
					return
				}
				got <- string(b)
			}()
			select {
			case s := <-got:
				require.Equal(t, "line 1\nline 2\n", s)
			case <-time.After(20 * time.Second):
				t.Fatal("Open or its read hung")
			}
		})
	}
}
