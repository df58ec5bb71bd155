package diagnose

import (
	"bytes"
)

// A Jupyter notebook read as its JSON (an .ipynb file) prints torch.__version__ in a
// cell whose output is not on the line after the print: nbformat's writer sorts a
// cell's keys (jupyter/nbformat nbformat/v4/nbjson.py, JSONWriter.writes:
// sort_keys=True, indent=1, the multi-line strings split into one array element per
// line), so a code cell's "outputs" stand before its "source", the value printed lines
// above the print; Colab writes "source" first and "outputs" after "metadata", the
// value some lines below it. notebookCell follows one cell at a time, from its
// "cell_type" key: the first output string that may hold a release is kept until the
// source names torch.__version__ in a print (or as the cell's last expression, whose
// execute_result "text/plain" is the value's repr, "'2.3.1+cu121'"); a print whose
// output is still to come waits for it, within the cell.

// notebookCell is what versionFinder keeps of the notebook cell it reads.
type notebookCell struct {
	on      bool   // a notebook's JSON: a "cell_type" key was read
	section []byte // the cell's key last read: "outputs" or "source"
	out     []byte // the cell's first output string that holds a release, decoded
	outLine int    // its line
	wait    int    // the line of a print of torch.__version__ whose output is to come (0: none)
	slot    int    // the print's field of torch.__version__ (printSlot)
	row     int    // the version-attr key row that read the print
}

// notebookWaitLines bounds how far below its print a Colab cell's output is taken: the
// cell's metadata and the output's keys stand between (about a dozen lines).
const notebookWaitLines = 60

// notebookAnchors are the prefilter's anchors of a notebook's lines: the cell's keys and
// an output string that starts with a release (a print's "2.3.1+cu121\n", an
// execute_result's "'2.3.1+cu121'"; every supported release is 2.x), five bytes each
// as the prefilter's shortest anchors are ("\"2.5." and "\"2.14" for the strings).
func notebookAnchors() []string {
	out := []string{`"cell_type"`, `"outputs"`, `"source"`}
	for d := '0'; d <= '9'; d++ {
		out = append(out, `"2.`+string(d)+`.`, `"2.1`+string(d), `"'2.`+string(d))
	}
	return out
}

// notebookKey returns the key that text, a line of a notebook's JSON, opens a cell or one
// of its sections with ("cell_type", "outputs", "source"), nil for none.
func notebookKey(text []byte) []byte {
	t := bytes.TrimSpace(text)
	for _, k := range []string{"cell_type", "outputs", "source"} {
		if bytes.HasPrefix(t, []byte(`"`+k+`"`)) && bytes.HasPrefix(bytes.TrimLeft(t[len(k)+2:], " \t"), []byte(":")) {
			return t[1 : len(k)+1]
		}
	}
	return nil
}

// jsonElement returns the decoded string that text, a line of JSON, holds alone (an
// array's element, "2.3.1+cu121\n",), its trailing line end dropped; false for another
// line. nbformat writes every multi-line string of a cell, its source and its outputs'
// text, as an array of its lines (nbformat/v4/rwbase.py split_lines), each on a line
// of its own (indent=1).
func jsonElement(text []byte) ([]byte, bool) {
	t := bytes.TrimSuffix(bytes.TrimSpace(text), []byte(","))
	if len(t) < 2 || t[0] != '"' || t[len(t)-1] != '"' {
		return nil, false
	}
	if !stringEndsAt(t, len(t)-1) {
		// a quote inside: a key and its value, or a string whose escaped quotes
		// the reader decoded ("!python -c "import torch; print(torch.__version__)"")
		if bytes.Contains(t, []byte(`":`)) {
			return nil, false
		}
		return bytes.TrimSuffix(t[1:len(t)-1], []byte(`\n`)), true
	}
	s := unescapeJSON(nil, t[1:len(t)-1])
	return bytes.TrimRight(s, "\r\n"), true
}

// stringEndsAt reports whether the JSON string that t opens at 0 ends at byte end: no
// quote before it is unescaped.
func stringEndsAt(t []byte, end int) bool {
	for i := 1; i < end; i++ {
		switch t[i] {
		case '\\':
			i++
		case '"':
			return false
		}
	}
	return true
}

// printsVersionAttr reports whether s, a line of a cell's source, prints
// torch.__version__ or is it alone (the cell's value), and the print's field of it.
func printsVersionAttr(s []byte) (slot int, ok bool) {
	t := bytes.TrimSpace(s)
	if bytes.Equal(t, []byte("torch.__version__")) {
		return 0, true
	}
	for _, m := range printCall.FindAllSubmatch(t, 4) {
		if namesVersionAttr(m[1]) {
			return printSlot(t), true
		}
	}
	return 0, false
}

// notebookLine reads text, a line of a notebook's JSON, for the cell's printed
// release; it reports whether the line was a notebook's key or print (no other row
// reads it), and returns the string an array's element holds, which the other rows
// read in its place ("Name: torch" / "Version: 2.4.1", pip show's output, as it printed).
func (f *versionFinder) notebookLine(text []byte, line int) (bool, []byte) {
	if k := notebookKey(text); k != nil {
		if string(k) == "cell_type" {
			f.nb = notebookCell{on: true}
		}
		f.nb.section = append(f.nb.section[:0], k...)
		return true, nil
	}
	if !f.nb.on {
		return false, nil
	}
	if f.nb.wait > 0 && line-f.nb.wait > notebookWaitLines {
		f.nb.wait = 0
	}
	s, ok := jsonElement(text)
	if !ok {
		return false, nil
	}
	switch string(f.nb.section) {
	case "outputs":
		return f.notebookOutput(s, line, text), s
	case "source":
		return f.notebookSource(s, line), s
	}
	return false, s
}

// notebookOutput takes the release a print in the cell's source waits for from s, an
// output string, or keeps s for a print the source has still to show. The line is left
// to the other rows too ("torch 2.3.1" printed is a package list's row).
func (f *versionFinder) notebookOutput(s []byte, line int, text []byte) bool {
	if !hasRelease(s) {
		return false
	}
	if f.nb.wait > 0 {
		if v := f.nb.printed(s); v != nil {
			f.nb.wait = 0
			f.offer(v, rankTorch, line, text, whatVersionAttr, f.nb.row)
		}
		return false
	}
	if f.nb.out == nil {
		f.nb.out, f.nb.outLine = append([]byte(nil), s...), line
	}
	return false
}

// notebookSource reads s, a line of the cell's source: a print of torch.__version__
// takes the output kept before it, or waits for the output below it.
func (f *versionFinder) notebookSource(s []byte, line int) bool {
	slot, ok := printsVersionAttr(s)
	if !ok {
		return false
	}
	f.nb.slot, f.nb.row = slot, f.versionAttrRow()
	if f.nb.out != nil {
		if v := f.nb.printed(f.nb.out); v != nil {
			f.offer(v, rankTorch, f.nb.outLine, f.nb.out, whatVersionAttr, f.nb.row)
		}
		return true
	}
	f.nb.wait = line
	return true
}

// printed returns the release the print's output s shows: its field of
// torch.__version__, or the value waitedVersion reads.
func (c *notebookCell) printed(s []byte) []byte {
	if c.slot > 0 {
		return slotVersion(s, c.slot)
	}
	return waitedVersion(s)
}

// versionAttrRow returns the index in releaseRows of the key row of torch.__version__.
func (f *versionFinder) versionAttrRow() int {
	for _, p := range f.rows.keys {
		if p.what == whatVersionAttr {
			return p.row
		}
	}
	return -1
}
