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
	cell, _, ok := firstCell(row)
	return ok && len(cell) <= 40 && legendHeads.Match(bytes.ToLower(cell))
}

// firstCell returns row's first cell (row, a table row, starts at its "|"), less
// markdown's emphasis and code marks and white space, the rest of the row after the
// cell's "|", and whether the cell closes.
func firstCell(row []byte) (cell, rest []byte, ok bool) {
	cell, rest, ok = bytes.Cut(row[1:], []byte("|"))
	return bytes.Trim(cell, " \t*_`"), rest, ok
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
	return l.open || configDocRow(row)
}

// A configuration's documentation table lists each key with the message it governs:
// "| `triton.cudagraph_support_input_mutation` | 全局配置 | 开源构建 `True` | … | 警告
// `skipping cudagraphs due to mutated inputs` |" (a Chinese guide to Inductor's
// cudagraph settings, validation passages of 2026-12-06: v28 neg/09, v27 neg/12). A
// row whose first cell names Inductor config keys alone (configKeyCell: no "=" value,
// which a run's row sets) and that holds no run's status (runStatus: "❌", "failed")
// is such a row: its messages are what the key makes Inductor print, not what a run
// printed. A table of runs ("| `triton.cudagraphs=True` | ❌ failed | `…` |") stays a
// report.

// configKeyCell is a first cell of Inductor config keys, one or more, less markdown's
// marks: triton.…, torch._inductor.config.…, TORCHINDUCTOR_… (torch/_inductor/config.py
// reads its environment variables so).
// A key after the first may be a plain name ("`TORCHINDUCTOR_COMPILE_THREADS` /
// `compile_threads`").
var configKeyCell = &lazyregexp.Regexp{Expr: `^(?:(?:(?:torch\._inductor\.|inductor\.|inductor_)?config\.)?triton\.\w+|torch\._inductor\.config\.[\w.]+|TORCHINDUCTOR_\w+)` +
	`(?:[\s\x60*]*(?:/|,|、)[\s\x60*]*[A-Za-z_][\w.]*)*$`}

// runStatus is a run's status in a table's row.
var runStatus = &lazyregexp.Regexp{Expr: `❌|✅|✗|✓|✔|✘|(?i:\b(?:failed|passed|crashed|fail|pass)\b)`}

// configDocRow reports whether row, a table row, is a configuration's documentation
// row (the comment above).
func configDocRow(row []byte) bool {
	cell, rest, ok := firstCell(row)
	if !ok || len(rest) == 0 {
		return false
	}
	return len(cell) <= 200 && configKeyCell.Match(cell) && !runStatus.Match(row)
}
