package diagnose

import (
	"bytes"
)

// A table whose header names a torch column states the release in that column of its
// rows: a markdown table ("| GPU | PyTorch | CUDA |" / "| A10G | 2.9.1+cu130 | 13.0 |"),
// a CSV of results ("model,torch,mode,status,error"; a TSV's tabs reach the reader as
// spaces, cleanLine). tableColumn follows
// one such table from its header: where every row that holds a release in the column
// holds the same one, that release is the run's (a table of one platform, a results
// table of one environment); a compatibility matrix, whose rows name several releases,
// states none, and neither does a cell that is no release alone ("≥ 2.7.0", "35.1 us").
// Seen in the search tool's code corpus (find_string "| PyTorch | CUDA |": platform
// summaries, compatibility matrices, benchmark tables whose "PyTorch" column is a
// runtime's time).

// tableColumn is what versionFinder keeps of the table it reads.
type tableColumn struct {
	sep      byte   // the cells' separator: '|' or ',' (0: no table)
	cells    int    // the header's cells
	col      int    // the torch column
	rows     int    // the rows read
	value    []byte // the release of the first row that holds one
	line     int    // its line
	text     []byte // its row
	conflict bool   // another row holds another release
}

// maxTableRows bounds the rows a table is followed for.
const maxTableRows = 64

// tableAnchors are the prefilter's anchors of a CSV's header with a torch column (a
// markdown header's "orch |" and "orch|" are the table-row release row's).
func tableAnchors() []string {
	// no anchor holds a line end (grep -f, which BenchmarkVersusGrep runs with the
	// anchors, reads one pattern a line)
	return []string{",torch,", ",pytorch,", ",PyTorch,", ",torch_version", ",pytorch_version", "pt_version"}
}

// tableHeads are the header cells that name the torch column, in lower case.
var tableHeads = nameSet{
	"torch", "pytorch", "torch version", "pytorch version",
	"torch_version", "pytorch_version", "torch.__version__",
	// PyTorch's short name, as a results table's script names its column:
	// "|pt_version |model_name |compile_mode |…" (younesbelkada/hf-torch-compile-benchmark,
	// holdoutP, whose rows hold 2.0.0+cu118 and a 2.1.0 nightly)
	"pt_version", "pt version",
}

// splitCells returns the cells of text separated by sep: a markdown row's outer bars
// dropped; a CSV's quoted cell ("…, …") kept whole.
func splitCells(text []byte, sep byte) [][]byte {
	t := bytes.TrimSpace(text)
	if sep == '|' {
		if len(t) < 2 || t[0] != '|' || t[len(t)-1] != '|' {
			return nil
		}
		t = t[1 : len(t)-1]
	}
	var cells [][]byte
	quoted, start := false, 0
	for i := 0; i <= len(t); i++ {
		switch {
		case i == len(t) || (t[i] == sep && !quoted):
			cells = append(cells, t[start:i])
			start = i + 1
		case t[i] == '"' && sep == ',':
			quoted = !quoted
		}
	}
	return cells
}

// cellText returns a cell without white space, markdown's emphasis and code marks, and
// a CSV's quotes around it.
func cellText(c []byte) []byte {
	return bytes.Trim(bytes.TrimSpace(c), "*`\" ")
}

// tableHeader returns the separator, the cells and the torch column of text, a table's
// header: two cells or more, one of them naming torch (tableHeads), none a release.
func tableHeader(text []byte) (sep byte, cells [][]byte, col int, ok bool) {
	for _, sep := range []byte{'|', ','} {
		if bytes.IndexByte(text, sep) < 0 {
			continue
		}
		cells := splitCells(text, sep)
		if len(cells) < 2 {
			continue
		}
		col = -1
		for i, c := range cells {
			switch t := cellText(c); {
			case tableHeads.has(string(bytes.ToLower(t))):
				if col >= 0 {
					return 0, nil, 0, false
				}
				col = i
			case hasRelease(t):
				return 0, nil, 0, false
			}
		}
		if col >= 0 {
			return sep, cells, col, true
		}
	}
	return 0, nil, 0, false
}

// tableLine reads text, the line after a table's header or a line that may be one. It
// returns text with the torch column's cell blanked where text is a row of the table:
// that cell is the table's to state (tableEnd), so that a row of a table whose rows
// disagree does not state its release to the other rows (a 2.1.0 nightly's row under
// 2.0.0's, holdoutP's benchmark table, had been read as the nightly's prose).
func (f *versionFinder) tableLine(text []byte, line int) []byte {
	t := &f.table
	if t.sep == 0 {
		if sep, cells, col, ok := tableHeader(text); ok {
			*t = tableColumn{sep: sep, cells: len(cells), col: col}
		}
		return text
	}
	if t.sep == '|' && matchGated(betweenKeyAndValue, text) {
		return text // the rule under a markdown header
	}
	cells := splitCells(text, t.sep)
	if len(cells) != t.cells || t.rows >= maxTableRows {
		f.tableEnd()
		if sep, cells, col, ok := tableHeader(text); ok {
			*t = tableColumn{sep: sep, cells: len(cells), col: col}
		}
		return text
	}
	t.rows++
	m := findSubmatchGated(bareVersion, cellText(cells[t.col]))
	switch {
	case m == nil:
		return text
	case t.value == nil:
		t.value, t.line, t.text = append([]byte(nil), m[1]...), line, append([]byte(nil), text...)
	case !sameMinor(t.value, m[1]):
		t.conflict = true
	}
	return blankCell(text, cells[t.col])
}

// blankCell returns a copy of text with cell, a subslice of it, replaced by spaces.
func blankCell(text, cell []byte) []byte {
	out := append([]byte(nil), text...)
	off := cap(text) - cap(cell)
	if off < 0 || off+len(cell) > len(out) {
		return text
	}
	for i := off; i < off+len(cell); i++ {
		out[i] = ' '
	}
	return out
}

// tableEnd offers the release of the table read, where its rows agree, and forgets it.
func (f *versionFinder) tableEnd() {
	t := f.table
	f.table = tableColumn{}
	if t.value != nil && !t.conflict {
		f.offer(t.value, rankPackage, t.line, t.text, "table", -1)
	}
}

// sameMinor reports whether two releases are of one minor (2.5.1 and 2.5.1+cu124).
func sameMinor(a, b []byte) bool {
	va, ea := statedMinor(string(a))
	vb, eb := statedMinor(string(b))
	if ea != nil || eb != nil {
		return bytes.Equal(a, b)
	}
	return va == vb
}
