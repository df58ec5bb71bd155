//go:build linux

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// TestDiagnoseTerminalWidth: on a terminal (a pseudo-terminal of 72 columns here),
// -diagnose wraps to the terminal's width, over $COLUMNS.
func TestDiagnoseTerminalWidth(t *testing.T) {
	t.Parallel()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer master.Close()
	if err := unix.IoctlSetPointerInt(int(master.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetInt(int(master.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Skipf("ptsname: %v", err)
	}
	slave, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open pts: %v", err)
	}
	require.NoError(t, unix.IoctlSetWinsize(int(slave.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: 72}))
	logPath := filepath.Join(t.TempDir(), "run.log")
	require.NoError(t, os.WriteFile(logPath, []byte("RuntimeError: Detected 1 tensor(s) in the cudagraph pool not tracked as outputs. All live allocations must be tracked for correctness.\n"), 0o644))
	var stderr strings.Builder
	output := make(chan string)
	go func() {
		data, _ := io.ReadAll(master) // ends with EIO once the slave is closed
		output <- string(data)
	}()
	code := runIn([]string{"-diagnose", logPath}, strings.NewReader(""), slave, &stderr, func() []string { return []string{"COLUMNS=200"} })
	require.NoError(t, slave.Close())
	out := strings.ReplaceAll(<-output, "\r\n", "\n")
	require.Equal(t, 0, code, stderr.String())
	require.Contains(t, out, "trees-untracked-pool-tensors")
	checkWidth(t, "pty", out, 72)
	require.Greater(t, strings.Count(out, "\n         "), 0, "the cause wraps at 72 columns")
}
