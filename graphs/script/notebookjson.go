package script

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// A file that claims to be a notebook but is not one nbformat reads (sweep6 finding
// 5: a notebook cut short by a crashed save, one whose cells are numbers, one nested
// 10,000 deep were read as Python: a tokenizer's "'{' was never closed", or "0
// compile sites" and exit 0) is refused with the JSON error and where it is. A file
// claims to be a notebook when its name ends in .ipynb, or, unless its name ends in
// .py or .pyw (Python's: WarningNotebookJSON), when its text is a JSON object that
// names "nbformat" or starts with a "cells" member (no Python script is such a dict
// display alone). nbformat's own reader (nbformat.reads, json.loads
// then its v4 schema: cells is an array of objects, nbformat an integer) refuses
// all three.

// claimsNotebook reports whether the file name, with text t (leading space and BOM
// trimmed), claims to be a notebook.
func claimsNotebook(name, t string) bool {
	if strings.HasSuffix(strings.ToLower(name), ".ipynb") {
		return true
	}
	if isPyName(name) { // Python runs it as Python (WarningNotebookJSON)
		return false
	}
	return holdsNotebookJSON(t)
}

// isPyName reports whether name ends in Python's own .py or .pyw.
func isPyName(name string) bool {
	n := strings.ToLower(name)
	return strings.HasSuffix(n, ".py") || strings.HasSuffix(n, ".pyw")
}

// holdsNotebookJSON reports whether t (leading space and BOM trimmed) is a JSON
// object that names "nbformat" or starts with a "cells" member.
func holdsNotebookJSON(t string) bool {
	if !strings.HasPrefix(t, "{") {
		return false
	}
	first := strings.TrimLeft(t[1:], " \t\r\n")
	return strings.Contains(t, `"nbformat"`) || strings.HasPrefix(first, `"cells"`)
}

// notebookJSONError is the *SyntaxError for a file that claims to be a notebook
// (claimsNotebook) but is not one: err is what decoding t said (nil: it decoded but
// lacks nbformat's members), lead the bytes trimmed before t in src. The byte named
// is 0-based (the position's line and column count from 1, the column in
// characters): the last byte the JSON decoder read, the character it refused, the
// end of a scalar of the wrong type or the bracket that opens a wrong array or object,
// or the end of a file cut short.
func notebookJSONError(name, src string, lead int, err error) *SyntaxError {
	off, what := int64(0), `no "nbformat" member and "cells" array (nbformat 4) or "worksheets" (nbformat 3)`
	switch e := err.(type) {
	case *json.SyntaxError:
		off, what = e.Offset-1, strings.TrimPrefix(e.Error(), "json: ") // Offset: the bytes read, the bad one included
		switch {
		case e.Offset >= int64(len(src)-lead):
			off, what = int64(len(src)-lead), "the JSON ends before its value is complete (cut short?)"
		case strings.HasSuffix(what, "exceeded max depth"): // encoding/json's limit, 10,000
			what = "nested deeper than a JSON reader takes (10,000 levels)"
		}
	case *json.UnmarshalTypeError:
		off, what = e.Offset-1, fmt.Sprintf("%q holds a JSON %s where nbformat has %s", e.Field, e.Value, nbWants(e.Type.Kind()))
		if e.Field == "" {
			what = "the notebook is a JSON " + e.Value + ", not an object"
		}
	}
	if strings.TrimSpace(src) == "" {
		what = "an empty file"
	}
	off = max(off, 0)
	line, col := lineCol(src, lead+int(off))
	return &SyntaxError{File: name, Line: line, Col: col,
		Msg: fmt.Sprintf("not a valid notebook (JSON error at byte %d): %s; jupyter refuses it as well (nbformat.reads)", lead+int(off), what)}
}

// nbWants names what nbformat's schema puts where a notebook member of Go kind k is
// decoded: a cell is an object, cells an array, nbformat an integer.
func nbWants(k reflect.Kind) string {
	switch k {
	case reflect.Struct:
		return "an object (a cell)"
	case reflect.Slice:
		return "an array of cells"
	case reflect.Int, reflect.Pointer:
		return "an integer"
	}
	return "another type"
}

// lineCol is the 1-based line and column (in characters) of byte offset off in src.
func lineCol(src string, off int) (line, col int) {
	off = min(max(off, 0), len(src))
	before := src[:off]
	nl := strings.LastIndexByte(before, '\n')
	return strings.Count(before, "\n") + 1, len([]rune(before[nl+1:])) + 1
}
