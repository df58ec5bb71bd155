// Package textwrap lays out the reports' text for a terminal or a log: paragraphs
// wrapped to a width with hanging indents, and tables whose cells wrap inside their
// columns. Nothing is cut: a word longer than the width is broken across lines.
package textwrap

import (
	"errors"
	"io"
	"strings"
	"unicode/utf8"
)

// minColumn is the narrowest a table column is made, in runes.
const minColumn = 8

// Printer writes wrapped text to W. Width is in runes (a rune is taken as one column);
// widths under 20 are taken as 20. The first write error is kept and later writes do
// nothing; Err returns it. A Printer is not safe for concurrent use.
type Printer struct {
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
	lines := Wrap(s, p.width()-utf8.RuneCountInString(first), p.width()-utf8.RuneCountInString(rest))
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
// others), at spaces where it can and inside a word where the word is longer than the
// line. Spaces inside a line are kept as they are (PyTorch's messages are quoted
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
	for wl > w.limit-w.n && w.limit-w.n > 0 {
		head, tail := splitRunes(word, w.limit-w.n)
		w.cur.WriteString(head)
		w.flush()
		word, wl = tail, wl-utf8.RuneCountInString(head)
	}
	w.cur.WriteString(word)
	w.n += wl
}

// splitRunes splits s after n runes (n ≥ 1).
func splitRunes(s string, n int) (string, string) {
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i], s[i:]
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
	return &Table{p: p, indent: indent, rows: [][]string{header}}
}

// Row adds a row; missing cells are empty, extra cells are ignored. On a nil or
// zero Table it does nothing.
func (t *Table) Row(cells ...string) {
	if t == nil || len(t.rows) == 0 {
		return
	}
	row := make([]string, len(t.rows[0]))
	copy(row, cells)
	t.rows = append(t.rows, row)
}

// Flush writes the table; a nil or zero Table (one not made by Printer.Table) writes
// nothing.
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
			t.p.write(t.line(cells, widths, l) + "\n")
		}
	}
}

// line renders line l of a row whose cells are already wrapped.
func (t *Table) line(cells [][]string, widths []int, l int) string {
	var b strings.Builder
	b.WriteString(t.indent)
	for c := range cells {
		s := ""
		if l < len(cells[c]) {
			s = cells[c][l]
		}
		b.WriteString(s)
		if c < len(cells)-1 {
			b.WriteString(strings.Repeat(" ", widths[c]-utf8.RuneCountInString(s)+2))
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// widths returns each column's width: its natural width, the widest narrowed one rune
// at a time until the table fits (no column below minColumn).
func (t *Table) widths() []int {
	n := len(t.rows[0])
	w := make([]int, n)
	for _, row := range t.rows {
		for c, cell := range row {
			w[c] = max(w[c], utf8.RuneCountInString(cell))
		}
	}
	avail := t.p.width() - utf8.RuneCountInString(t.indent) - 2*(n-1)
	for sum(w) > avail {
		widest := 0
		for c := range w {
			if w[c] >= w[widest] {
				widest = c
			}
		}
		if w[widest] <= minColumn {
			break
		}
		w[widest]--
	}
	return w
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}
