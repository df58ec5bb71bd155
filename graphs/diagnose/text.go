package diagnose

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/graphs/internal/textwrap"
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
		wrap(&b, fmt.Sprintf("line %d: %s%s", f.Line, f.Code, matchNote[f.Match]), "", "    ")
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

// matchNote says, after a finding's code, how its text was found when not exactly.
var matchNote = map[Match]string{
	Wrapped: " (text wrapped over several lines)",
	Quoted:  " (text quoted or retyped: found without marks, spacing or case)",
}

// wrap writes text after first (then after rest on continuation lines), its runs of
// white space made one space, breaking at spaces (textwrap.Wrap) so that no line
// exceeds TextWidth runes. An empty text still writes first and a newline.
func wrap(b *strings.Builder, text, first, rest string) {
	lines := textwrap.Wrap(strings.Join(strings.Fields(text), " "),
		TextWidth-utf8.RuneCountInString(first), TextWidth-utf8.RuneCountInString(rest))
	for i, l := range lines {
		prefix := rest
		if i == 0 {
			prefix = first
		}
		b.WriteString(prefix + l + "\n")
	}
}
