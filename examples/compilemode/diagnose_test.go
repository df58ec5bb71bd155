package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

func TestDiagnoseFlag(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	logPath := filepath.Join(dir, "run.log")
	require.NoError(t, os.WriteFile(logPath, []byte("PyTorch version: 2.11.0+cu130\r\n[rank1]: Traceback (most recent call last):\r\n[rank1]:   File \"x.py\", line 3, in get_obj\r\n[rank1]:     assert torch._C._is_key_in_tls(attr_name)\r\n[rank1]: AssertionError\r\n"), 0o644))
	empty := filepath.Join(dir, "empty.log")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	// sweep6 finding 4: no signature, but the call pasted raises as written: the text
	// shows its plan, and the exit is still 0 (the log was read; the doc's -diagnose).
	pasted := filepath.Join(dir, "pasted.log")
	require.NoError(t, os.WriteFile(pasted, []byte("torch 2.11.0\nmodel = torch.compile(model, mode=\"reduce-overhead\", options={\"max_autotune\": True})\n"), 0o644))
	dangling := filepath.Join(dir, "dangling.log")
	require.NoError(t, os.Symlink("/nonexistent/target.log", dangling))
	tests := []struct {
		name string
		args []string
		code int
		out  string // stdout (exit 0) or stderr must contain it
	}{
		{"text", []string{"-diagnose", logPath}, 0, "line 4: trees-user-thread-tls"},
		{"json", []string{"-diagnose", logPath, "-json"}, 0, `"format": "compilemode-diagnosis/2"`},
		// inputfix23 #3: the release read follows "no known signature"
		{"no signature, the call raises", []string{"-diagnose", pasted}, 0, "no known signature: this log matches none of compilemode's diagnosis codes\n" +
			diagnose.ScopeCovers + "\n" + diagnose.ScopeLacks + "\ntorch 2.11 (from line 1)\n\n" +
			"plan of the call the log shows (torch 2.11, backend inductor, mode=\"reduce-overhead\", options={\"max_autotune\": True}; -json has the report with the changed keys, -json -all every key):\n" +
			"  torch.compile raises (measured): RuntimeError: Either mode or options can be specified"},
		{"empty", []string{"-diagnose", empty}, 2, "empty.log"},
		// sweep7 finding 15: the name once, not again inside "stat NAME: …"; a dangling
		// link names what it points to.
		{"missing", []string{"-diagnose", filepath.Join(dir, "nope")}, 2, "-diagnose " + filepath.Join(dir, "nope") + ": no such file or directory\n"},
		{"dangling link", []string{"-diagnose", dangling}, 2, ": a symbolic link to /nonexistent/target.log, which does not exist\n"},
		{"directory", []string{"-diagnose", dir}, 2, "a directory"},
		{"fifo whose writer starts later", []string{"-diagnose", laterWriter(t, fifo, logPath)}, 0, "line 4: trees-user-thread-tls"},
		{"process substitution", []string{"-diagnose", pipeOf(t, logPath)}, 0, "line 4: trees-user-thread-tls"},
		{"with workload flag", []string{"-diagnose", logPath, "-devices", "2"}, 2, "-devices does not apply"},
		{"torch overrides the log", []string{"-diagnose", logPath, "-json", "-torch", "2.6"}, 0, `"torch_from": "option"`},
		{"torch unsupported", []string{"-diagnose", logPath, "-torch", "9.9"}, 2, `torch version "9.9"`},
		// sweep8 #8: -python sets the Python the plan of the call runs on, as -torch sets
		// the release (it was refused: "-python does not apply to it").
		{"python for the plan", []string{"-diagnose", pasted, "-python", "3.9"}, 0, "(torch 2.11, Python 3.9, backend inductor"},
		{"python free-threaded", []string{"-diagnose", pasted, "-python", "3.13t", "-torch", "2.6"}, 0, "torch.compile is not supported on Python built with GIL disabled"},
		{"python json", []string{"-diagnose", pasted, "-python", "3.12", "-json"}, 0, `"python_from": "option"`},
		{"python unsupported", []string{"-diagnose", pasted, "-python", "3.99"}, 2, `-python: Python "3.99"`},
		{"python empty", []string{"-diagnose", pasted, "-python", ""}, 2, "-python: empty version"},
		// fix brief 31, finding 1: a release newer than known is refused as every mode
		// refuses it (it had been taken here alone and planned on 2.14: sweep7 finding 12
		// had chosen that before PyPI listed 2.15); a log that states it is read.
		{"torch newer than known", []string{"-diagnose", logPath, "-torch", "2.15"}, 2,
			`-torch: torch version "2.15" is newer than the newest release known, 2.14`},
		{"torch other than the log's", []string{"-diagnose", logPath, "-torch", "2.14"}, 0, "torch 2.14 (from -torch; line 1 states 2.11)\n"},
		{"file name with controls", []string{"-diagnose", filepath.Join(dir, "a\nb\x1b[31m")}, 2, `a\nb\x1b[31m`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runPlan(t, nil, tc.args...)
			require.Equal(t, tc.code, code, "stdout %s stderr %s", out, stderr)
			got := out
			if code != 0 {
				got = stderr
			}
			require.Contains(t, got, tc.out)
		})
	}
	out, _, _ := runPlan(t, nil, "-diagnose", logPath, "-json")
	var d struct {
		Torch    string `json:"torch"`
		Findings []struct {
			Code string `json:"code"`
			Line int    `json:"line"`
		} `json:"findings"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &d))
	require.Equal(t, "2.11", d.Torch)
	require.Len(t, d.Findings, 1)
	require.True(t, strings.HasPrefix(d.Findings[0].Code, "trees-"))
}

// pipeOf returns /dev/fd/N of a pipe that a goroutine fills with the file's bytes, as
// bash's <(cat path) hands it over (sweep finding 7: -diagnose <(kubectl logs pod)).
func pipeOf(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	r, w, err := os.Pipe()
	require.NoError(t, err)
	t.Cleanup(func() { r.Close() })
	go func() {
		w.Write(data)
		w.Close()
	}()
	return fmt.Sprintf("/dev/fd/%d", r.Fd())
}

// TestDiagnoseWidth: -diagnose's text (not a terminal here) wraps to $COLUMNS when it
// is a positive number (at least 40), else not at all; JSON is never wrapped.
func TestDiagnoseWidth(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	logPath := filepath.Join(dir, "run.log")
	require.NoError(t, os.WriteFile(logPath, []byte("PyTorch version: 2.11.0+cu130\nRuntimeError: Detected 1 tensor(s) in the cudagraph pool not tracked as outputs. All live allocations must be tracked for correctness.\n"), 0o644))
	flat, _, code := runPlan(t, nil, "-diagnose", logPath)
	require.Equal(t, 0, code)
	for _, line := range strings.Split(flat, "\n") {
		require.False(t, strings.HasPrefix(line, "         "), "unwrapped output has no continuation lines: %q", line)
	}
	jsonFlat, _, _ := runPlan(t, nil, "-diagnose", logPath, "-json")
	for _, tc := range []struct {
		columns string
		width   int // 0: not wrapped
	}{{"60", 60}, {"20", 40}, {"132", 132}, {"abc", 0}, {"-5", 0}, {"", 0}} {
		env := []string{"COLUMNS=" + tc.columns}
		out, _, code := runPlan(t, env, "-diagnose", logPath)
		require.Equal(t, 0, code)
		if tc.width == 0 {
			require.Equal(t, flat, out, "COLUMNS=%q", tc.columns)
		} else {
			checkWidth(t, "COLUMNS="+tc.columns, out, tc.width)
			require.Greater(t, strings.Count(out, "\n"), strings.Count(flat, "\n"), "COLUMNS=%q wraps", tc.columns)
			require.Equal(t, words(flat), words(out), "COLUMNS=%q keeps every word", tc.columns)
		}
		jsonOut, _, _ := runPlan(t, env, "-diagnose", logPath, "-json")
		require.Equal(t, jsonFlat, jsonOut, "JSON is never wrapped (COLUMNS=%q)", tc.columns)
	}
}

// words returns text's words run together, without the quote's "|" continuation
// marks (a word longer than a line is split across lines).
func words(text string) string {
	var ws []string
	for _, w := range strings.Fields(text) {
		if w != "|" {
			ws = append(ws, w)
		}
	}
	return strings.Join(ws, "")
}

// laterWriter starts writing the file at from into the named pipe fifo a moment from
// now, as `kubectl logs -f pod > fifo` started after the reader (sweep finding 5), and
// returns fifo.
func laterWriter(t *testing.T, fifo, from string) string {
	t.Helper()
	data, err := os.ReadFile(from)
	require.NoError(t, err)
	go func() {
		time.Sleep(300 * time.Millisecond) // the reader opens first
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer w.Close()
		_, _ = w.Write(data)
	}()
	return fifo
}
