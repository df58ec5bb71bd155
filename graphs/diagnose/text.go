package diagnose

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/compilemode/compilemode/config/inputerr"
)

// TextWidth is the most columns (runes) a line of [Diagnosis.WriteText] takes.
const TextWidth = 100

// NoSignature is the one line WriteText writes for a log without findings.
const NoSignature = "no known signature: this log matches none of compilemode's diagnosis codes"

// WriteText writes one block per finding — its code and line, the quoted line, the
// cause, the fix and any note — blocks separated by a blank line, after one line
// "torch 2.14 (from line 3)" when the log shows the release (and only then), every line at most TextWidth
// runes (prose is wrapped at spaces, never cut; a word longer than a line is split
// across lines). For a diagnosis without findings it writes NoSignature. Do not depend
// on this output being stable. It returns an *inputerr.ZeroError for a nil d or w.
func (d *Diagnosis) WriteText(w io.Writer) error {
	if d == nil {
		return &inputerr.ZeroError{Func: "diagnose.Diagnosis.WriteText", Arg: "the *Diagnosis (read one with Read)"}
	}
	if w == nil {
		return &inputerr.ZeroError{Func: "diagnose.Diagnosis.WriteText", Arg: "w (the writer)"}
	}
	var b strings.Builder
	if len(d.Findings) == 0 {
		b.WriteString(NoSignature + "\n")
	} else if d.Torch != "" {
		fmt.Fprintf(&b, "torch %s (from line %d)\n\n", d.Torch, d.TorchLine)
	}
	for i, f := range d.Findings {
		if i > 0 {
			b.WriteString("\n")
		}
		wrap(&b, fmt.Sprintf("line %d: %s", f.Line, f.Code), "", "    ")
		wrap(&b, f.Quote, "  | ", "  | ")
		wrap(&b, f.Cause, "  cause: ", "         ")
		wrap(&b, f.Fix, "  fix: ", "       ")
		if f.Note != "" {
			wrap(&b, f.Note, "  note: ", "        ")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// wrap writes text after first (then after rest on continuation lines), breaking at
// spaces so that no line exceeds TextWidth runes.
func wrap(b *strings.Builder, text, first, rest string) {
	prefix := first
	line := 0 // runes on the current line after the prefix
	width := TextWidth - utf8.RuneCountInString(prefix)
	b.WriteString(prefix)
	for _, word := range strings.Fields(text) {
		for word != "" {
			n := utf8.RuneCountInString(word)
			switch {
			case line > 0 && line+1+n <= width:
				b.WriteString(" " + word)
				line += 1 + n
				word = ""
			case line == 0 && n <= width:
				b.WriteString(word)
				line = n
				word = ""
			case line > 0:
				prefix, line = rest, 0
				width = TextWidth - utf8.RuneCountInString(prefix)
				b.WriteString("\n" + prefix)
			default: // a word longer than a line: split it
				head, tail := splitRunes(word, width)
				b.WriteString(head)
				word = tail
				prefix, line = rest, 0
				width = TextWidth - utf8.RuneCountInString(prefix)
				b.WriteString("\n" + prefix)
			}
		}
	}
	b.WriteString("\n")
}

func splitRunes(s string, n int) (string, string) {
	i := 0
	for pos := range s {
		if i == n {
			return s[:pos], s[pos:]
		}
		i++
	}
	return s, ""
}
