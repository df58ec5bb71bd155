package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A legend is a markdown table whose first column its header names as patterns to
// look for in a log ("| Pattern | Meaning |"): its cells are what a reader may one day
// see, not what a run printed (holdoutR's anima_lora docs: "Patterns and what they
// mean", a row "`Re-recording function=partition_0, reason=static input data pointer
// changed`" beside "`skipping cudagraphs due to ...`"). A table of what was seen names
// its column for that ("| Symptom | Cause |", holdoutN's and holdoutW's troubleshooting
// tables, positives), and stays evidence. A message in a legend's body row gives no
// finding; the legend ends at the first line that is not a table row.

// legendHeads are the first header cells that make a table a legend, in lower case,
// markdown marks and white space around them removed.
var legendHeads = &lazyregexp.Regexp{Expr: `^(?:(?:log|grep|search|line|output)\s+)?(?:patterns?|regex(?:es|ps?)?)(?:\s+to\s+(?:watch|look|grep|search)(?:\s+for)?)?$`}

// tableRow returns line without leading white space and quote marks when it is a
// markdown table row (it starts with "|"), or nil.
func tableRow(line []byte) []byte {
	t := bytes.TrimLeft(line, " \t>")
	if len(t) == 0 || t[0] != '|' {
		return nil
	}
	return t
}

// legendHead reports whether row, a table row, is a legend's header: its first cell,
// less markdown's emphasis and code marks, is one of legendHeads.
func legendHead(row []byte) bool {
	cell, _, ok := bytes.Cut(row[1:], []byte("|"))
	if !ok {
		return false
	}
	cell = bytes.Trim(cell, " \t*_`")
	return len(cell) <= 40 && legendHeads.Match(bytes.ToLower(cell))
}

// legendState follows a text's lines through legends: whether a legend's header was
// read and no line since ended its table.
type legendState struct{ open bool }

// next reads the next window of the text (lineStart: it begins a line; a window that
// goes on a long line keeps the line's answer, cont) and reports whether it is a
// legend's body row.
func (l *legendState) next(raw []byte, lineStart, cont bool) bool {
	if !lineStart {
		return cont
	}
	row := tableRow(raw)
	switch {
	case row == nil:
		l.open = false
		return false
	case legendHead(row):
		l.open = true
		return false
	}
	return l.open
}
