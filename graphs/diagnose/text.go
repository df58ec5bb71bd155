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
	w, err := inputerr.Writer("diagnose.Diagnosis.WriteText", w) // nil, typed nil, a panic, a bad count: an error
	if err != nil {
		return err
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
	_, err = io.WriteString(w, b.String())
	return err
}

// matchNote says, after a finding's code, how its text was found when not exactly.
var matchNote = map[Match]string{
	Wrapped:     " (text wrapped over several lines)",
	Quoted:      " (text quoted or retyped: found without marks, spacing or case)",
	Paraphrased: " (the message retold in other words, not PyTorch's text)",
	Planned:     " (from planning the call and environment the log shows)",
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

// hidden reports whether r changes a terminal's output rather than showing: a C0
// control (tab aside), DEL, a C1 control such as U+009B (CSI), or a bidirectional
// override or isolate such as U+202E.
func hidden(r rune) bool {
	return (r < 0x20 && r != '\t') || r == 0x7f || (r >= 0x80 && r <= 0x9f) ||
		(r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x200e || r == 0x200f || r == 0x061c
}

// escapeControls returns s with every hidden rune written as a Go escape (\x07,
// \u009b, \u202e), so that a quote of a log line prints as text.
func escapeControls(s string) string {
	if strings.IndexFunc(s, hidden) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case !hidden(r):
			b.WriteRune(r)
		case r < 0x80:
			fmt.Fprintf(&b, "\\x%02x", r)
		default:
			fmt.Fprintf(&b, "\\u%04x", r)
		}
	}
	return b.String()
}
