package script

import (
	"encoding/json"
	"strings"
)

// notebookSource returns the Python a Jupyter notebook's code cells hold, joined in
// order (sweep finding 28: a notebook was read as one dict expression, "0 compile
// sites", exit 0). ok is false when src is not a notebook: a JSON object with a
// "cells" array and an "nbformat" member. IPython's line magics and shell escapes
// (% and ! at the start of a line) become pass, indented as they were, so that the
// cells parse as Python does after IPython rewrites them; a cell magic's cell (%%)
// is left out. Line numbers count the joined code cells' lines.
func notebookSource(src string) (code string, ok bool) {
	t := strings.TrimLeft(src, " \t\r\n\ufeff")
	if !strings.HasPrefix(t, "{") || !strings.Contains(t, `"nbformat"`) {
		return "", false
	}
	var nb struct {
		Cells    []notebookCell `json:"cells"`
		Nbformat *int           `json:"nbformat"`
	}
	if err := json.Unmarshal([]byte(t), &nb); err != nil || nb.Cells == nil || nb.Nbformat == nil {
		return "", false
	}
	var b strings.Builder
	for _, c := range nb.Cells {
		if c.Type != "code" {
			continue
		}
		text := c.text()
		if strings.HasPrefix(strings.TrimSpace(text), "%%") {
			continue
		}
		for _, line := range strings.SplitAfter(text, "\n") {
			b.WriteString(magicFree(line))
		}
		if !strings.HasSuffix(text, "\n") {
			b.WriteByte('\n')
		}
	}
	return b.String(), true
}

// notebookCell is one cell; source is a string or a list of strings.
type notebookCell struct {
	Type   string          `json:"cell_type"`
	Source json.RawMessage `json:"source"`
}

func (c notebookCell) text() string {
	var s string
	if json.Unmarshal(c.Source, &s) == nil {
		return s
	}
	var parts []string
	if json.Unmarshal(c.Source, &parts) == nil {
		return strings.Join(parts, "")
	}
	return ""
}

// magicFree returns line with a line magic or shell escape replaced by pass.
func magicFree(line string) string {
	body := strings.TrimLeft(line, " \t")
	if !strings.HasPrefix(body, "%") && !strings.HasPrefix(body, "!") {
		return line
	}
	nl := ""
	if strings.HasSuffix(line, "\n") {
		nl = "\n"
	}
	return line[:len(line)-len(body)] + "pass" + nl
}
