package diagnose

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/modes"
)

// Widths of the text output, in terminal columns: a rune takes one column, an East
// Asian wide or fullwidth rune (CJK) two.
const (
	// TextWidth is the most columns a line of [Diagnosis.WriteText] takes.
	TextWidth = 100
	// MinTextWidth is the narrowest width [Diagnosis.WriteTextWidth] wraps to: a
	// narrower one is taken as MinTextWidth (the terminal then folds the lines) rather
	// than printing a word per line.
	MinTextWidth = 40
)

// NoSignature is the line WriteText writes first for a log without findings.
const NoSignature = "no known signature: this log matches none of compilemode's diagnosis codes"

// ScopeCovers and ScopeLacks are the lines WriteText writes after NoSignature: what
// the catalogue's codes cover ([Codes]) and the failures it has no code for, those a
// text most often shows when it matches none (the corpus's texts without a code: the
// package doc's "Corpus"), so that a Triton/ptxas or compile-worker failure that matches
// none is told whether it was looked for.
const (
	ScopeCovers = "the codes cover CUDA graphs, torch.compile's arguments and config, and the toolchain Inductor needs"
	ScopeLacks  = "none covers graph breaks, recompile limits, Triton or ptxas errors, OOM or compile-worker pools"
)

// Hints are the words a diagnosis's text uses for what its front end offers besides
// the text: how to read the text for one release, where a release given for the text
// came from, and where the rest of the report is. The command's, [CommandHints], name
// its flags; the web page names its release selector and its JSON view. An empty
// Torch or Whole is left out; an empty Given is "given".
type Hints struct {
	// Torch ends the release's line of a text with findings that states no release:
	// "-torch X.Y sets one".
	Torch string
	// Given says where a release given for the text ([Options.Torch]) came from, in
	// the release's line ("torch 2.6 (from -torch)") and in a finding's fix or note
	// that names the release ([Diagnosis.FindingsWith]): "from -torch".
	Given string
	// Whole ends the heading of the plan of the call the log shows: "-json has the
	// report with the changed keys, -json -all every key" (the JSON's plan holds the
	// config keys that differ from their defaults unless [Options.AllKeys] is set).
	Whole string
}

// givenFrom is how a finding's texts name a release [Options.Torch] gave, as the
// command's hints word it (CommandHints' Given); FindingsWith rewords it.
const givenFrom = "from -torch"

// CommandHints returns the command's hints (examples/compilemode): its -torch, -json
// and -all flags. [Diagnosis.WriteText], [Diagnosis.HeadLines] and [Diagnosis.PlanLines]
// use them.
func CommandHints() Hints {
	return Hints{Torch: "-torch X.Y sets one", Given: givenFrom, Whole: "-json has the report with the changed keys, -json -all every key"}
}

// FindingsWith returns d's findings with their fixes and notes worded with the hints
// h: where the release came from is h.Given where [Options.Torch] gave it (the
// command's "(from -torch)" in a finding's note that the release is not known to print
// it, or that it has the fix). d's own findings are left as they are (the JSON holds
// the command's words). A nil d has none.
func (d *Diagnosis) FindingsWith(h Hints) []Finding {
	if d == nil {
		return nil
	}
	out := slices.Clone(d.Findings)
	if d.Torch == "" || d.TorchLine != 0 || h.givenWords() == givenFrom {
		return out
	}
	from := strings.NewReplacer("("+givenFrom+")", "("+h.givenWords()+")")
	for i := range out {
		out[i].Fix, out[i].Note = from.Replace(out[i].Fix), from.Replace(out[i].Note)
	}
	return out
}

// givenWords returns h.Given, "given" where it is empty.
func (h Hints) givenWords() string {
	if h.Given == "" {
		return "given"
	}
	return h.Given
}

// WriteText writes the diagnosis as [Diagnosis.WriteTextWidth] does, at TextWidth
// columns. It returns an *inputerr.ZeroError for a nil d or w.
func (d *Diagnosis) WriteText(w io.Writer) error {
	return d.writeText("diagnose.Diagnosis.WriteText", w, TextWidth)
}

// WriteTextWidth writes one block per finding — its code and line (with "(61 times,
// last line 80412)" when its texts are on more than one line, "(2 times, first line 1,
// last line 15)" when the line shown, the best occurrence (Finding.Line), is not the
// first), how the text was found when not exactly (Finding.Match), the quoted line,
// a line "from /app/model.py:88 in forward: self.kv_cache[:, :T] = k" for each of its
// Culprits, the cause, the fix and any note — blocks separated by a blank line, after one line
// "torch 2.14 (from line 3)" when the log shows the release, or "torch 2.14 (from
// -torch)" when Options.Torch gave it (the command's -torch flag). Every
// line takes at most width terminal columns (a CJK rune takes two): prose is wrapped
// at spaces, never cut, and never splits a word: one longer than a line (a path, a
// key) takes a line of its own, longer than the width, except East Asian wide text,
// which has no spaces and is broken between its runes. A width
// of 0 or less does not wrap: each field is one line, as a file or a pipe that
// re-wraps it wants; a width under MinTextWidth is taken as MinTextWidth. After the
// findings, when the log shows a torch.compile call (Recovered), a block "plan of the
// call the log shows (…)" gives what PyTorch does with it: the error it raises, or
// each device and thread's outcome (capture, skip, fail); -json has the whole
// report. For a diagnosis without findings it writes NoSignature, ScopeCovers and
// ScopeLacks (what the codes cover and what they do not), then, when the text's
// traceback is cut before its exception line (TracebackCut), "the traceback on line N
// ends before its exception line: paste it to its last line (the "XxxError: message"
// line), which names the failure", then the release's line as for findings (the
// log's, -torch's, one older than torch.compile that the log states: "torch 2.13 (from
// line 21)", or "torch: not stated in the text (…)" for a log that states none),
// then that block when the log shows a call (a pasted call that raises as written is
// worth saying even when no signature matched). Do not depend on this output
// being stable. It returns an *inputerr.ZeroError for a nil d or w.
func (d *Diagnosis) WriteTextWidth(w io.Writer, width int) error {
	return d.writeText("diagnose.Diagnosis.WriteTextWidth", w, width)
}

func (d *Diagnosis) writeText(fn string, w io.Writer, width int) error {
	if d == nil {
		return &inputerr.ZeroError{Func: fn, Arg: "the *Diagnosis (read one with Read)", Nil: true} // a zero Diagnosis is written: no finding
	}
	w, err := inputerr.Writer(fn, w) // nil, typed nil, a panic, a bad count: an error
	if err != nil {
		return err
	}
	if width > 0 {
		width = max(width, MinTextWidth)
	}
	var b strings.Builder
	head := d.HeadLines()
	for i, l := range head {
		wrap(&b, width, l, "", "")
		if i == 0 && d.GzipCutAfter > 0 || i == len(head)-1 && len(d.Findings) > 0 {
			b.WriteString("\n")
		}
	}
	for i, f := range d.Findings {
		if i > 0 {
			b.WriteString("\n")
		}
		wrap(&b, width, f.Head(), "", "    ")
		wrap(&b, width, f.Quote, "  | ", "  | ")
		for _, c := range f.Culprits {
			wrap(&b, width, "from "+c.text(), "  ", "    ")
		}
		wrap(&b, width, f.Cause, "  cause: ", "         ")
		wrap(&b, width, f.Fix, "  fix: ", "       ")
		if f.Note != "" {
			wrap(&b, width, f.Note, "  note: ", "        ")
		}
	}
	d.writePlan(&b, width) // with or without findings (sweep6 finding 4)
	_, err = io.WriteString(w, b.String())
	return err
}

// HeadLines returns the lines [Diagnosis.WriteText] writes before the findings, each
// whole (unwrapped): that the gzip stream ends early (GzipCutAfter), then, for a text
// without findings, NoSignature, the catalogue's scope (ScopeCovers, ScopeLacks) and
// that its traceback is cut before its exception line (TracebackCut), then the
// release's line: the log's ("torch 2.14 (from line 3)"), -torch's, or, for a log that
// states none, "torch: not stated in the text (…)", with findings or without. The web
// page's readable view shows these lines as [Diagnosis.HeadLinesWith] words them with
// its own hints. A nil d has none.
func (d *Diagnosis) HeadLines() []string {
	return d.HeadLinesWith(CommandHints())
}

// HeadLinesWith returns [Diagnosis.HeadLines] worded with the hints h: the page's
// readable view names its own controls, not the command's flags.
func (d *Diagnosis) HeadLinesWith(h Hints) []string {
	if d == nil {
		return nil
	}
	var out []string
	if d.GzipCutAfter > 0 {
		out = append(out, fmt.Sprintf("the gzip stream ends early, after line %d (the file is cut short): what follows is read from the lines before", d.GzipCutAfter))
	}
	if len(d.Findings) == 0 {
		out = append(out, NoSignature, ScopeCovers, ScopeLacks)
		if d.TracebackCut > 0 {
			out = append(out, fmt.Sprintf("the traceback on line %d ends before its exception line: paste it to its last line (the \"XxxError: message\" line), which names the failure", d.TracebackCut))
		}
	}
	return append(out, d.torchHeader(h))
}

// Head is the finding's first line as [Diagnosis.WriteText] writes it, unwrapped: its
// line, how often its texts occurred, its code and how its text was found when not
// exactly ("line 8 (2 times, last line 15): overwritten-output (text wrapped over
// several lines)").
func (f Finding) Head() string {
	return fmt.Sprintf("line %d%s: %s%s", f.Line, repeats(f), f.Code, matchNote[f.Match])
}

// repeats says how often a finding's texts occurred, when more than once: " (61 times,
// last line 80412)" (sweep finding 17: the count was only in the JSON), and " (2 times,
// first line 1, last line 15)" where the line shown is not the first (Finding.Line).
func repeats(f Finding) string {
	if f.Count <= 1 {
		return ""
	}
	if f.FirstLine > 0 && f.FirstLine < f.Line {
		return fmt.Sprintf(" (%d times, first line %d, last line %d)", f.Count, f.FirstLine, max(f.LastLine, f.Line))
	}
	if f.LastLine > f.Line {
		return fmt.Sprintf(" (%d times, last line %d)", f.Count, f.LastLine)
	}
	return fmt.Sprintf(" (%d times)", f.Count)
}

// matchNote says, after a finding's code, how its text was found when not exactly.
var matchNote = map[Match]string{
	Wrapped:     " (text wrapped over several lines)",
	Quoted:      " (text quoted or retyped: found without marks, spacing or case)",
	Truncated:   " (text cut short or cropped: found by what is left of PyTorch's message)",
	Paraphrased: " (the message retold in other words, not PyTorch's text)",
	Planned:     " (from planning the call and environment the log shows)",
}

// wrap writes text after first (then after rest on continuation lines), its runs of
// white space made one space, breaking at spaces so that no line takes more than width
// columns (none when width is 0 or less). An empty text still writes first and a
// newline.
func wrap(b *strings.Builder, width int, text, first, rest string) {
	text = strings.Join(strings.Fields(text), " ")
	if width <= 0 {
		b.WriteString(first + text + "\n")
		return
	}
	lines := wrapColumns(text, width-columns(first), width-columns(rest))
	for i, l := range lines {
		prefix := rest
		if i == 0 {
			prefix = first
		}
		b.WriteString(prefix + l + "\n")
	}
}

// runeColumns is how many terminal columns r takes: two for an East Asian wide or
// fullwidth rune, one otherwise.
func runeColumns(r rune) int {
	if unicode.Is(wideRunes, r) {
		return 2
	}
	return 1
}

// columns is how many terminal columns s takes.
func columns(s string) int {
	n := 0
	for _, r := range s {
		n += runeColumns(r)
	}
	return n
}

// wrapColumns breaks text (words separated by one space) into lines of at most first
// columns (the first line) and rest columns (the others), at spaces. A word longer
// than a line (a path, a key, an environment variable) stays whole on a line of its
// own, to be copied; only one holding East Asian wide text, which has no spaces
// between its words, is broken between runes. It returns one empty line for an empty
// text.
func wrapColumns(text string, first, rest int) []string {
	limit := max(first, 2)
	var lines []string
	var line strings.Builder
	used := 0
	flush := func() {
		lines = append(lines, line.String())
		line.Reset()
		used, limit = 0, max(rest, 2)
	}
	for _, word := range strings.Split(text, " ") {
		n := columns(word)
		if used > 0 && used+1+n > limit {
			flush()
		}
		if used > 0 {
			line.WriteByte(' ')
			used++
		}
		if n == len([]rune(word)) { // no wide rune: never split
			line.WriteString(word)
			used += n
			continue
		}
		for _, r := range word {
			c := runeColumns(r)
			if used+c > limit && used > 0 {
				flush()
			}
			line.WriteRune(r)
			used += c
		}
	}
	return append(lines, line.String())
}

// torchHeader is the line before the findings that names the release they are read for
// and where it comes from, or says that the log states none (with h's hint on how to
// read it for one).
func (d *Diagnosis) torchHeader(h Hints) string {
	var from []string
	switch {
	case d.Torch == "" && d.StatedTorch != "":
		return d.noReleaseHeader()
	case d.Torch == "":
		return notStated(len(d.Findings) > 0, h)
	case d.TorchLine == 0: // Options.Torch: no line of the log
		from = append(from, h.givenWords())
		if d.StatedTorch != "" {
			from = append(from, fmt.Sprintf("line %d states %s%s", d.StatedTorchLine, d.StatedTorch, statedKindWords(d.StatedTorchKind)))
		}
	default:
		from = append(from, fmt.Sprintf("from line %d", d.TorchLine))
	}
	if also := d.alsoWords(); also != "" {
		from = append(from, also)
	}
	if d.TorchNoSuchPatch != "" {
		from = append(from, noSuchPatchWords(d.TorchNoSuchPatch, d.Torch))
	}
	switch {
	case d.TorchNewer:
		from = append(from, fmt.Sprintf("newer than the releases known, %s–%s: causes and fixes are theirs", modes.First(), modes.Newest()))
	case d.TorchShippedAs != "":
		from = append(from, fmt.Sprintf("a development build of %s, the release it shipped as: causes and fixes are %s's",
			d.TorchShippedAs, d.TorchShippedAs))
	}
	return fmt.Sprintf("torch %s (%s)", d.Torch, strings.Join(from, "; "))
}

// noSuchPatchWords is the header's clause for a stated release whose patch never shipped,
// read as its minor torch: "2.6.2 is no release: 2.6's patch releases ended at 2.6.0;
// read as 2.6".
func noSuchPatchWords(stated, torch string) string {
	v, err := modes.ParseVersion(torch)
	ended := modes.PatchesEnded(v)
	if err != nil || ended == "" {
		return stated + " is no release: read as " + torch
	}
	return fmt.Sprintf("%s is no release: %s; read as %s", stated, ended, torch)
}

// noReleaseHeader is the header of a log that states only a release that is no release
// for the findings (StatedTorch, of StatedTorchKind), in one shape for both kinds
// (hostile29 K3: the older one's had read like a release read, "torch 1.13 (from line
// 1; …"): one older than torch.compile ("torch: line 1 states torch 1.13, older than
// torch.compile, which came in 2.0: read as none"), or none torch has or is near, by
// -torch's rule ("torch: line 1 states torch 2.99, not a release torch has: read as
// none"; hostile28 R1, R2: 2.99 had been taken as a newer release, 10.0 said older);
// and the other releases it states.
func (d *Diagnosis) noReleaseHeader() string {
	also := ""
	if a := d.alsoWords(); a != "" {
		also = "; " + a
	}
	kind := statedKindWords(d.StatedTorchKind)
	if d.StatedTorchKind == modes.VersionOlder {
		kind += fmt.Sprintf(", which came in %s", modes.First())
	}
	return fmt.Sprintf("torch: line %d states torch %s%s: read as none%s", d.StatedTorchLine, d.StatedTorch, kind, also)
}

// statedKindWords is the clause after a stated release that is no release for the
// findings: ", older than torch.compile" or ", not a release torch has"; "" for any
// other.
func statedKindWords(k modes.VersionKind) string {
	switch k {
	case modes.VersionOlder:
		return ", older than torch.compile"
	case modes.VersionNotRelease:
		return ", not a release torch has"
	}
	return ""
}

// notStated is the release's line of a text that states none. With findings it says
// what their fixes are for: a row's fix without a release is the one that works on
// every release that prints its text (Signature.Fix; a release's own, Tailored, needs
// the release), and a planner's finding's is its release's (newuser21 #7: "upgrade to
// 2.14" had read as an answer that assumed a release; newuser28 #2: the line then said
// "each fix names its releases", which most fixes do not). Without findings there is
// no fix to speak of.
func notStated(findings bool, h Hints) string {
	if !findings {
		return "torch: not stated in the text"
	}
	words := "each fix is for all releases that print it"
	if h.Torch != "" {
		words += "; " + h.Torch
	}
	return "torch: not stated in the text (" + words + ")"
}
