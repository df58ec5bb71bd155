package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"golang.org/x/term"

	"github.com/compilemode/compilemode/examples/internal/cliflags"
)

// errStdinDevice refuses a device on stdin that is not a terminal.
var errStdinDevice = errors.New("stdin is a device, not a file or a pipe: give a file's name, or pipe the text in")

// checkStdin checks what "-" (stdin) would read for -diagnose or -script before it is
// read: a device that is not a terminal (`< /dev/zero`, `< /dev/urandom`) is refused,
// as the same device named by its path is (sweep7 finding 8: `-diagnose - < /dev/zero`
// read until killed), and a terminal gets one line on stderr saying what the command
// waits for (a paste, then Ctrl-D), since it would otherwise wait in silence. The null
// device (`< /dev/null`) reads as an empty input, as an empty file does (fix brief 29,
// finding 5: it was refused as "a device"). Anything else (a file, a pipe, a reader
// that is not an *os.File) passes unchanged.
func checkStdin(flagName string, stdin io.Reader, stderr io.Writer) error {
	f, ok := stdin.(*os.File)
	if !ok {
		return nil
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&fs.ModeCharDevice == 0 || cliflags.IsNullDevice(f) {
		return nil // a file, a pipe, or /dev/null, which reads as an empty input
	}
	if term.IsTerminal(int(f.Fd())) {
		fmt.Fprintf(stderr, "compilemode: -%s -: reading from the terminal: paste the text, then press Ctrl-D on a line of its own\n", flagName)
		return nil
	}
	return errStdinDevice
}
