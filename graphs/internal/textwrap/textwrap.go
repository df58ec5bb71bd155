// Package textwrap lays out the reports' text for a terminal or a log: paragraphs
// wrapped to a width with hanging indents, and tables whose cells wrap inside their
// columns. Nothing is cut, and no word is split: a word longer than the width (a key,
// an environment variable, a path) stays whole on a line of its own. Text
// is written as termtext.Escape writes it: a control character, an escape sequence or
// a bidirectional override in a user's string shows as an escape (\x1b) instead of
// acting on the terminal, and a newline inside a paragraph or cell cannot forge a line.
package textwrap

import (
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/compilemode/compilemode/internal/termtext"
)

// minColumn is the narrowest a table column is made, in runes.
const minColumn = 8

// Printer writes wrapped text to W. Width is in runes (a rune is taken as one column);
// widths under 20 are taken as 20. The first write error is kept and later writes do
// nothing; Err returns it. A Printer is not safe for concurrent use.
type Printer struct {
	_     [0]func() // incomparable: no equality code (examples/web: Transfer size)
	W     io.Writer
	Width int
	err   error
}

// Err returns the first write error.
func (p *Printer) Err() error {
	if p == nil {
		return nil
	}
	return p.err
}

func (p *Printer) width() int { return max(p.Width, 20) }

func (p *Printer) write(s string) {
	if p == nil {
		return
	}
	if p.err == nil && p.W == nil {
		p.err = errors.New("textwrap: Printer with a nil W")
	}
	if p.err == nil {
		_, p.err = io.WriteString(p.W, s)
	}
}

// Line writes s wrapped to the width, continuation lines indented like s's own
// leading spaces.
func (p *Printer) Line(s string) {
	if p == nil {
		return
	}
	trimmed := strings.TrimLeft(s, " ")
	indent := s[:len(s)-len(trimmed)]
	p.Para(indent, indent, trimmed)
}

// Para writes s wrapped to the width: its first line after first, the others after rest.
func (p *Printer) Para(first, rest, s string) {
	if p == nil {
		return
	}
	lines := Wrap(termtext.Escape(s), p.width()-utf8.RuneCountInString(first), p.width()-utf8.RuneCountInString(rest))
	for i, l := range lines {
		prefix := rest
		if i == 0 {
			prefix = first
		}
		if l == "" {
			prefix = ""
		}
		p.write(prefix + l + "\n")
	}
}

// Wrap breaks s into lines of at most first runes (the first line) and rest runes (the
// others), at spaces; a word longer than the line is not split but takes a line of its
// own, longer than the others. Spaces inside a line are kept as they are (PyTorch's messages are quoted
// exactly); the spaces at a break are dropped. It returns one empty line for an empty s.
func Wrap(s string, first, rest int) []string {
	w := wrapper{limit: max(first, 1), rest: max(rest, 1)}
	for s != "" {
		word := strings.TrimLeft(s, " ")
		space := s[:len(s)-len(word)]
		end := strings.IndexByte(word, ' ')
		if end < 0 {
			end = len(word)
		}
		w.add(space, word[:end])
		s = word[end:]
	}
	if w.n > 0 || len(w.lines) == 0 {
		w.lines = append(w.lines, w.cur.String())
	}
	return w.lines
}

// wrapper is Wrap's state: the finished lines and the one being filled.
type wrapper struct {
	lines       []string
	cur         strings.Builder
	n           int // runes in cur
	limit, rest int // runes allowed on the current line, and on the lines after it
}

func (w *wrapper) flush() {
	w.lines = append(w.lines, w.cur.String())
	w.cur.Reset()
	w.n, w.limit = 0, w.rest
}

// add appends a word and the spaces before it, breaking the line where they do not fit.
func (w *wrapper) add(space, word string) {
	sl, wl := utf8.RuneCountInString(space), utf8.RuneCountInString(word)
	if w.n > 0 && w.n+sl+wl > w.limit {
		w.flush()
	}
	// Spaces at a break are dropped; leading spaces stay where they leave room.
	if w.n > 0 || (len(w.lines) == 0 && sl < w.limit) {
		w.cur.WriteString(space)
		w.n += sl
	}
	// A word is never split: a key, an environment variable, a path or a number
	// longer than the line stays whole on a line of its own, to be copied.
	w.cur.WriteString(word)
	w.n += wl
}

// Table is a table being collected; Flush writes it. Columns are separated by two
// spaces; when the natural widths do not fit, the widest columns are narrowed and
// their cells wrap inside them.
type Table struct {
	p      *Printer
	indent string
	rows   [][]string
}

// Table starts a table with the given header, each line starting with indent.
func (p *Printer) Table(indent string, header ...string) *Table {
	if p == nil {
		return nil
	}
	return &Table{p: p, indent: indent, rows: [][]string{escapeAll(append([]string(nil), header...))}}
}

// Row adds a row; missing cells are empty, extra cells are ignored. On a nil or
// zero Table it does nothing.
func (t *Table) Row(cells ...string) {
	if t == nil || len(t.rows) == 0 {
		return
	}
	row := make([]string, len(t.rows[0]))
	copy(row, cells)
	t.rows = append(t.rows, escapeAll(row))
}

// escapeAll escapes each cell in place (termtext.Escape) and returns cells.
func escapeAll(cells []string) []string {
	for i, c := range cells {
		cells[i] = termtext.Escape(c)
	}
	return cells
}

// Flush writes the table; a nil or zero Table (one not made by Printer.Table) writes
// nothing. A word wider than its column is not split: it is written whole from its
// column on, on a line of its own, and the row's later cells continue on the next
// line, aligned.
func (t *Table) Flush() {
	if t == nil || t.p == nil || len(t.rows) == 0 {
		return
	}
	widths := t.widths()
	for _, row := range t.rows {
		cells := make([][]string, len(row))
		height := 1
		for c, cell := range row {
			cells[c] = Wrap(cell, widths[c], widths[c])
			height = max(height, len(cells[c]))
		}
		for l := 0; l < height; l++ {
			segs := make([]string, len(cells))
			for c := range cells {
				if l < len(cells[c]) {
					segs[c] = cells[c][l]
				}
			}
			t.writeSegments(segs, widths)
		}
	}
}

// writeSegments writes one line of a row (segs, one per column), or several when a
// segment is wider than its column: the line ends after that segment, and the cells
// after it follow on the next line.
func (t *Table) writeSegments(segs []string, widths []int) {
	for {
		over := -1
		for c, s := range segs {
			if utf8.RuneCountInString(s) > widths[c] {
				over = c
				break
			}
		}
		if over < 0 {
			t.p.write(t.line(segs, widths) + "\n")
			return
		}
		t.p.write(t.line(segs[:over+1], widths) + "\n")
		rest := false
		for c := range segs {
			if c <= over {
				segs[c] = ""
			} else if segs[c] != "" {
				rest = true
			}
		}
		if !rest {
			return
		}
	}
}

// line renders a line of a row from its segments, one per column (the first
// len(segs) columns).
func (t *Table) line(segs []string, widths []int) string {
	var b strings.Builder
	b.WriteString(t.indent)
	for c, s := range segs {
		b.WriteString(s)
		if c < len(segs)-1 {
			b.WriteString(strings.Repeat(" ", max(widths[c]-utf8.RuneCountInString(s), 0)+2))
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// widths returns each column's width: its natural width, the widest narrowed one rune
// at a time until the table fits, first no column below its longest word (so that
// words stay in their columns), then, when the table still does not fit, no column
// below minColumn (a longer word is then written past its column, on a line of its
// own: see Flush).
func (t *Table) widths() []int {
	n := len(t.rows[0])
	w, floor := make([]int, n), make([]int, n)
	for _, row := range t.rows {
		for c, cell := range row {
			w[c] = max(w[c], utf8.RuneCountInString(cell))
			floor[c] = max(floor[c], longestWord(cell))
		}
	}
	for c := range floor {
		floor[c] = min(w[c], max(floor[c], minColumn))
	}
	avail := t.p.width() - utf8.RuneCountInString(t.indent) - 2*(n-1)
	narrow(w, floor, avail)
	for c := range floor {
		floor[c] = min(w[c], minColumn)
	}
	narrow(w, floor, avail)
	return w
}

// narrow narrows the widest column of w, one rune at a time, until the widths sum to
// avail or every column is at its floor.
func narrow(w, floor []int, avail int) {
	for sum(w) > avail {
		widest := -1
		for c := range w {
			if w[c] > floor[c] && (widest < 0 || w[c] >= w[widest]) {
				widest = c
			}
		}
		if widest < 0 {
			return
		}
		w[widest]--
	}
}

// longestWord is the length in runes of the longest space-separated word of s.
func longestWord(s string) int {
	n := 0
	for _, f := range strings.Split(s, " ") {
		n = max(n, utf8.RuneCountInString(f))
	}
	return n
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}
