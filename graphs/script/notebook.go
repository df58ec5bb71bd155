package script

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// notebookSource returns the Python a Jupyter notebook's code cells hold, joined in
// order (sweep finding 28: a notebook was read as one dict expression, "0 compile
// sites", exit 0). ok is false when src is not a notebook: a JSON object with a
// "cells" array (nbformat 4) or "worksheets" of cells with "input" (nbformat 3), and
// an "nbformat" member. The IPython syntax that IPython rewrites into get_ipython()
// calls before Python sees a cell (IPython.core.inputtransformer2, read with IPython
// 8.12.3's TransformerManager.transform_cell) is replaced so that the cell parses as
// it then does: %env NAME=VALUE and %set_env become the os.environ assignment they
// make (envmagic.go); any other line magic or shell escape (% and ! at the start of a line) and a
// help request (obj?, obj??, ?obj) become pass, indented as they were; the value of
// x = !cmd or x = %magic becomes None. A cell magic whose body is Python run in this
// kernel (pythonCellMagics) keeps its body, its %% line becoming pass; any other
// cell magic's cell (%%bash, %%writefile, %%html, %%python in a subprocess) is left
// out and listed in skipped (sweep2 finding 5: a %%time cell was dropped whole, "0
// compile sites", exit 0). Line numbers count the joined code cells' lines; starts
// maps them back to "code cell N, line L", which the text's site labels and a
// SyntaxError's message add.
// A file that claims to be a notebook and is not one (claimsNotebook) is err, a
// *SyntaxError naming the JSON error and its position (sweep6 finding 5).
func notebookSource(name, src string) (code string, skipped []string, starts []cellStart, ok bool, err error) {
	cells, ok, err := notebookCells(name, src)
	if !ok {
		return "", nil, nil, false, err
	}
	var b strings.Builder
	n, line := 0, 1
	for _, c := range cells {
		if c.Type != "code" {
			continue
		}
		n++
		text := c.text()
		if magic, ok := cellMagic(text); ok && !pythonCellMagics.has(magic) {
			skipped = append(skipped, fmt.Sprintf("code cell %d (%%%%%s)", n, magic))
			continue
		} else if ok {
			text = strings.Replace(text, "%%", "pass #", 1) // the magic's line; its body is Python
		}
		starts = append(starts, cellStart{line: line, cell: n})
		for _, l := range strings.SplitAfter(text, "\n") {
			b.WriteString(magicFree(l))
		}
		if !strings.HasSuffix(text, "\n") {
			b.WriteByte('\n')
			line++
		}
		line += strings.Count(text, "\n")
	}
	return b.String(), skipped, starts, true, nil
}

// notebookCells returns a notebook's cells, in order, and whether src (named name)
// is one; err when it claims to be one and is not (notebookJSONError).
func notebookCells(name, src string) ([]notebookCell, bool, error) {
	t := strings.TrimLeft(src, " \t\r\n\ufeff")
	if !claimsNotebook(name, t) {
		return nil, false, nil
	}
	if e := notebookEncodingError(name, src); e != nil {
		return nil, false, e
	}
	lead := len(src) - len(t)
	var nb struct {
		Cells      []notebookCell `json:"cells"`
		Worksheets []struct {
			Cells []notebookCell `json:"cells"`
		} `json:"worksheets"`
		Nbformat *int `json:"nbformat"`
	}
	if err := json.Unmarshal([]byte(t), &nb); err != nil || nb.Nbformat == nil || nb.Cells == nil && nb.Worksheets == nil {
		return nil, false, notebookJSONError(name, src, lead, err)
	}
	if e := notebookVersionError(name, src, *nb.Nbformat); e != nil {
		return nil, false, e
	}
	if *nb.Nbformat == 4 {
		if e := notebookCellError(name, src, lead, t, nb.Cells); e != nil {
			return nil, false, e
		}
	}
	cells := nb.Cells
	for _, w := range nb.Worksheets {
		cells = append(cells, w.Cells...)
	}
	return cells, true, nil
}

// cellStart is where a code cell starts in the joined code: its first line there,
// and its number among the notebook's code cells.
type cellStart struct {
	line, cell int
}

// cellOf returns the code cell that joined line is in, and its line there (0, 0:
// not a notebook's).
func cellOf(starts []cellStart, line int) (cell, at int) {
	i := sort.Search(len(starts), func(i int) bool { return starts[i].line > line }) - 1
	if i < 0 {
		return 0, 0
	}
	return starts[i].cell, line - starts[i].line + 1
}

// pythonCellMagics are IPython's cell magics that run their body as Python in the
// kernel (IPython/core/magics/execution.py, ExecutionMagics, 8.12.3): %%time,
// %%capture and %%prun in the user's namespace (measured with IPython 8.12.3: a name
// the body binds is there after the cell), %%timeit in a timer function's own (the
// body runs, and raises as it does; the names it binds do not stay), %%debug under
// the debugger.
var pythonCellMagics = nameSet{"time", "timeit", "capture", "prun", "debug"}

// cellMagic returns the name of the cell magic a cell starts with (%%time …), when it
// does: IPython reads %% only on the cell's first line that is not blank.
func cellMagic(text string) (string, bool) {
	body := strings.TrimLeft(text, " \t\r\n")
	if !strings.HasPrefix(body, "%%") {
		return "", false
	}
	name := body[2:]
	if i := strings.IndexAny(name, " \t\r\n"); i >= 0 {
		name = name[:i]
	}
	return name, true
}

// notebookCell is one cell; its source (nbformat 4) or input (nbformat 3) is a
// string or a list of strings.
type notebookCell struct {
	Type   string          `json:"cell_type"`
	Source json.RawMessage `json:"source"`
	Input  json.RawMessage `json:"input"`
}

func (c notebookCell) text() string {
	raw := c.Source
	if raw == nil {
		raw = c.Input
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []string
	if json.Unmarshal(raw, &parts) == nil {
		return strings.Join(parts, "")
	}
	return ""
}

// magicFree returns line with a line magic, shell escape or help request replaced by
// pass, and the value of x = !cmd or x = %magic by None.
func magicFree(line string) string {
	body := strings.TrimLeft(line, " \t")
	nl := ""
	if strings.HasSuffix(line, "\n") {
		nl = "\n"
	}
	if py, ok := envMagicLine(strings.TrimSuffix(body, "\n")); ok {
		return line[:len(line)-len(body)] + py + nl // %env NAME=VALUE sets it (envmagic.go)
	}
	if strings.HasPrefix(body, "%") || strings.HasPrefix(body, "!") || isHelpLine(body) {
		return line[:len(line)-len(body)] + "pass" + nl
	}
	if i := magicValue(body); i >= 0 {
		return line[:len(line)-len(body)] + body[:i] + "None" + nl
	}
	return line
}

// isHelpLine reports whether a line is IPython's help request: a dotted name
// followed by ? or ??, or preceded by ? (torch.compile?, ?torch.compile).
func isHelpLine(body string) bool {
	b := strings.TrimRight(body, " \t\r\n")
	switch {
	case strings.HasPrefix(b, "?"):
		b = strings.TrimLeft(b, "?")
	case strings.HasSuffix(b, "?"):
		b = strings.TrimRight(b, "?")
	default:
		return false
	}
	if b == "" {
		return false
	}
	for i := 0; i < len(b); i++ {
		if !isIdentByte(b[i]) && b[i] != '.' && b[i] != '*' {
			return false
		}
	}
	return true
}

// magicValue returns where the value of x = !cmd or x = %magic starts (-1: not such a
// line): names, commas and spaces, one =, then ! or %.
func magicValue(body string) int {
	eq := strings.IndexByte(body, '=')
	if eq <= 0 || eq+1 >= len(body) || body[eq+1] == '=' || !targetBytes(body[:eq]) {
		return -1
	}
	v := eq + 1 + len(body[eq+1:]) - len(strings.TrimLeft(body[eq+1:], " \t"))
	if v < len(body) && (body[v] == '!' || body[v] == '%') && !strings.HasPrefix(body[v+1:], "=") {
		return v
	}
	return -1
}

// targetBytes reports whether t holds only what assignment targets of names do:
// names, dots, commas and spaces.
func targetBytes(t string) bool {
	for i := 0; i < len(t); i++ {
		if c := t[i]; !isIdentByte(c) && c != ',' && c != ' ' && c != '\t' && c != '.' {
			return false
		}
	}
	return true
}
