package main

import (
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/examples/internal/cliflags"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/internal/termtext"
)

// diagnose answers -diagnose FILE: the findings in the text and the plan of the call
// the text shows (with or without findings). -torch X.Y diagnoses for that release
// over any the text shows; -python X.Y plans that call on that Python over any the
// text shows. The text is wrapped to diagnoseWidth. Exit 0 when the text
// was read (also when that call raises), 2 when it cannot be.
func (c *cli) diagnose(stdin io.Reader, stdout, stderr io.Writer, environ func() []string) int {
	opts, ok := c.diagnoseOptions(stderr)
	if !ok {
		return 2
	}
	name := printable(c.diagnoseFile.Value)
	r, err := cliflags.Open(c.diagnoseFile.Value, stdin)
	if err == nil && c.diagnoseFile.Value == "-" {
		err = checkStdin("diagnose", stdin, stderr)
	}
	if err != nil {
		failf(stderr, "-diagnose %s: %s", name, printable(userWords(err.Error())))
		return 2
	}
	defer r.Close()
	k := &keeper{r: r}
	d, err := opts.Read(k)
	if pe := (*pyver.Error)(nil); errors.As(err, &pe) {
		failf(stderr, "-python: %s", printable(userWords(err.Error())))
		return 2
	}
	if err != nil {
		failf(stderr, "-diagnose %s: %s", name, printable(readFailure(err, c.diagnoseFile.Value)))
		return 2
	}
	if err := c.printDiagnosis(stdout, d, environ); err != nil {
		failf(stderr, "%v", err)
		return 2
	}
	if hint := scriptHint(d, k, c.diagnoseFile.Value); hint != "" {
		failf(stderr, "%s", hint)
	}
	return 0
}

// printDiagnosis writes d as -json asks, else as text wrapped to diagnoseWidth.
func (c *cli) printDiagnosis(stdout io.Writer, d *diagnose.Diagnosis, environ func() []string) error {
	if c.asJSON {
		data, err := json.MarshalIndent(d, "", " ")
		if err == nil {
			_, err = stdout.Write(append(data, '\n'))
		}
		return err
	}
	return d.WriteTextWidth(stdout, diagnoseWidth(stdout, environ))
}

// diagnoseOptions checks the flags -diagnose takes with it (-json, -all with -json,
// -torch, -python) and returns the options they give; false, with the refusal
// written, when a flag does not apply or a value is unusable.
func (c *cli) diagnoseOptions(stderr io.Writer) (diagnose.Options, bool) {
	var opts diagnose.Options
	for name := range c.given {
		if name != "diagnose" && name != "json" && name != "torch" && name != "python" && name != "all" {
			failf(stderr, "-diagnose reads a log; -%s does not apply to it", name)
			return opts, false
		}
	}
	// newuser28 #6: the JSON's plan carries its changed keys, as -script's plans do;
	// -all keeps every key there. The text lists no key.
	if c.given["all"] && !c.given["json"] {
		failf(stderr, "-diagnose's text lists no keys: -all, with -json, keeps every key of the plan's config in the JSON")
		return opts, false
	}
	opts.AllKeys = c.all
	if c.given["torch"] {
		if _, err := diagnose.ParseTorch(c.compile.Torch.Value); err != nil {
			failf(stderr, "-torch: %s", printable(userWords(err.Error())))
			return opts, false
		}
		opts.Torch = c.compile.Torch.Value
	}
	if c.given["python"] {
		if c.compile.Python.Value == "" {
			failf(stderr, "-python: empty version (give one such as 3.12, or leave the flag out)")
			return opts, false
		}
		opts.Python = c.compile.Python.Value
	}
	return opts, true
}

// diagnoseWidth is the width -diagnose wraps its text to: the terminal's width when
// stdout is a terminal (at least minWidth), else $COLUMNS when it is a positive number,
// else 0, which does not wrap: a file or a pipe gets each field on one line, for an
// issue, an editor or grep to wrap or search as they do.
func diagnoseWidth(stdout io.Writer, environ func() []string) int {
	if cols, ok := terminalWidth(stdout); ok {
		return cols
	}
	if environ == nil {
		return 0
	}
	for _, kv := range environ() {
		if v, ok := strings.CutPrefix(kv, "COLUMNS="); ok {
			if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n > 0 {
				return max(n, minWidth)
			}
		}
	}
	return 0
}

// readFailure words Read's error err for the file named file ("-" for stdin). The
// command that gets a compressed or archived log's text out ([diagnose.CompressedError],
// [diagnose.NotTextError]) says FILE where the file goes, Read knowing no name; for a
// named file it names that file, shell-quoted where it needs it: "xzcat u5_base.log.xz |
// compilemode -diagnose -" (nufix24 #2). Stdin keeps FILE.
func readFailure(err error, file string) string {
	msg := userWords(err.Error())
	if file == "-" {
		return msg
	}
	var ce *diagnose.CompressedError
	var ne *diagnose.NotTextError
	switch {
	case errors.As(err, &ce) && ce != nil:
		return strings.Replace(msg, ce.Tool+" FILE ", ce.Tool+" "+shellQuote(file)+" ", 1)
	case errors.As(err, &ne) && ne != nil && ne.Hint != "":
		return strings.Replace(msg, ne.Hint, strings.ReplaceAll(ne.Hint, " FILE ", " "+shellQuote(file)+" "), 1)
	}
	return msg
}

// shellQuote returns name as a POSIX shell word that names the file: as it is when it
// holds only characters no shell reads specially, else in single quotes, a single
// quote in it ended, escaped and begun again; a name that starts with "-" gets "./"
// before it, so that no command takes it for an option.
func shellQuote(name string) string {
	if strings.HasPrefix(name, "-") {
		name = "./" + name
	}
	if name != "" && strings.IndexFunc(name, func(r rune) bool { return !shellSafe(r) }) < 0 {
		return name
	}
	return "'" + strings.ReplaceAll(name, "'", `'\''`) + "'"
}

// shellSafe reports whether r stands for itself anywhere in a POSIX shell word.
func shellSafe(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-+.,/:@%=", r)
}

// printable returns s as it can be printed to a terminal: unchanged when it holds no
// control character (C0, DEL, C1) and no bidirectional override, else Go-quoted, so
// that a file name with a newline or ESC cannot forge output lines or colours.
func printable(s string) string {
	if strings.IndexFunc(s, termtext.Hidden) >= 0 {
		return strconv.QuoteToASCII(s)
	}
	return s
}
