package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/compilemode/compilemode/examples/internal/cliflags"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/graphs/script"
	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// Hints that the input was meant for the other reader (newuser28 #9): a training
// script given to -diagnose gets only "no known signature", and a pasted issue or log
// given to -script only its SyntaxError. Each is one stderr line after the answer,
// which it leaves as it is (the exit status too); an input that is not plainly the
// other kind gets none.

// hintSyntaxLines is how far into a file a SyntaxError is taken for the sign of a text
// that is no Python at all (an issue's title, a log's first line: CPython stops on line
// 1 of pytorch/pytorch#185546's text; the -script reader, on line 8), not a script's
// typo further down.
const hintSyntaxLines = 10

// keeper is a reader that keeps the first cliflags.HintBytes bytes read through it.
type keeper struct {
	r    io.Reader
	kept bytes.Buffer
	over bool // more than cliflags.HintBytes were read
}

func (k *keeper) Read(p []byte) (int, error) {
	n, err := k.r.Read(p)
	if room := cliflags.HintBytes - k.kept.Len(); n > room {
		k.kept.Write(p[:max(room, 0)])
		k.over = true
	} else {
		k.kept.Write(p[:n])
	}
	return n, err
}

// whole returns the bytes read, all of them; false when there were more than
// cliflags.HintBytes.
func (k *keeper) whole() ([]byte, bool) {
	return k.kept.Bytes(), !k.over
}

// scriptHint is the hint for a text -diagnose found nothing in that reads as Python
// with a torch.compile site (cliflags.ReadsAsScript and ScriptHint, which the web
// page's Log tab says too), "" for any other: "-script train.py plans this script".
func scriptHint(d *diagnose.Diagnosis, k *keeper, file string) string {
	if data, ok := k.whole(); !ok || !cliflags.ReadsAsScript(d, data, file) {
		return ""
	}
	return cliflags.ScriptHint("-script " + hintName(file))
}

// reLogLine matches what a traceback or a log shows: a traceback's header, or an
// exception and its message ("RuntimeError: …", quoted in an issue's prose too:
// "`RuntimeError: Attempting to use a closed pool`", "InductorError: CalledProcessError:
// …"), which Python code has only inside a string.
var reLogLine = &lazyregexp.Regexp{Expr: `(?m)^Traceback \(most recent call last\)|\b[A-Z]\w*(?:Error|Exception): \S`}

// diagnoseHint is the hint for a file -script refused with err, a SyntaxError within
// its first hintSyntaxLines lines, that holds a traceback or a log (an exception's
// line, a traceback, or a message -diagnose knows), "" for any other: "-diagnose
// issue.txt reads a log".
func diagnoseHint(err error, k *keeper, file string) string {
	var se *script.SyntaxError
	data, ok := k.whole()
	if !errors.As(err, &se) || !ok || se.Line > hintSyntaxLines && !headRefused(data) {
		return ""
	}
	if !reLogLine.Match(data) {
		d, err := diagnose.Read(bytes.NewReader(data))
		if err != nil || len(d.Findings) == 0 {
			return ""
		}
	}
	return fmt.Sprintf("hint: this holds a traceback or a log, not Python: -diagnose %s reads a log", hintName(file))
}

// headRefused reports whether the first hintSyntaxLines lines of data are no
// Python on their own: a SyntaxError among them that cutting the text there does not
// make (an open bracket, a string or a block the next lines would finish). CPython
// reports a tokenizer error on a later line over its parser's error on line 1
// (newuser29 finding 26: vllm-project/vllm#48503's text, its title line no Python, is
// line 14's "invalid decimal literal" in `11.4.0-1ubuntu1`), so a pasted issue's
// SyntaxError may come from far below its first lines.
func headRefused(data []byte) bool {
	head := data
	for i, n := 0, 0; i < len(data); i++ {
		if data[i] == '\n' {
			if n++; n == hintSyntaxLines {
				head = data[:i+1]
				break
			}
		}
	}
	_, err := script.ReadWith(bytes.NewReader(head), script.ReadOptions{})
	var se *script.SyntaxError
	return errors.As(err, &se) && se.Line <= hintSyntaxLines && !reCutShort.MatchString(se.Msg)
}

// reCutShort matches the SyntaxErrors that cutting a text short can make: what the
// lines after the cut would close or continue.
var reCutShort = &lazyregexp.Regexp{Expr: `never closed|unterminated triple-quoted|unexpected EOF|expected an indented block`}

// hintName is file as a hint's command names it: "-" for stdin (the same input
// given again), else shell-quoted.
func hintName(file string) string {
	if file == "-" {
		return "-"
	}
	return shellQuote(file)
}
