package script

import (
	"encoding/json"
	"fmt"
	"strings"
)

// A notebook that decodes but that nbformat would not read as one (hostile28 N1, N2):
//   - a "nbformat" other than 1 to 4: nbformat.reads raises NBFormatError("Unsupported
//     nbformat version 5") (nbformat/reader.py: versions 1-4);
//   - an nbformat 4 cell with no "cell_type", or whose "source" is missing or not a
//     string or a list of strings (nbformat/v4/nbformat.v4.schema.json: every cell
//     requires cell_type and source, "multiline_string"): such a cell was dropped
//     silently ("no torch.compile site found", exit 0), where nbformat's validator
//     refuses the notebook and nothing says whether the cell is code;
//   - a UTF-16 file: Jupyter reads a notebook as UTF-8 (jupyter_server's
//     FileContentsManager reads it with encoding="utf-8"), and the JSON decoder's
//     "invalid character 'ÿ'" did not say why.

// notebookVersionError is the error for a notebook whose nbformat is not one
// nbformat reads (nil: it is), at the "nbformat" member.
func notebookVersionError(name, src string, v int) *SyntaxError {
	if v >= 1 && v <= 4 {
		return nil
	}
	line, col := lineCol(src, max(strings.LastIndex(src, `"nbformat"`), 0))
	return &SyntaxError{File: name, Line: line, Col: col,
		Msg: fmt.Sprintf(`not a valid notebook: "nbformat": %d, where nbformat reads versions 1 to 4 (nbformat.reads raises "Unsupported nbformat version %d")`, v, v)}
}

// notebookCellError is the error for the first cell of an nbformat 4 notebook (its
// JSON t, after lead bytes of src) that the schema refuses for a missing cell_type or
// a source that is not text (nil: none).
func notebookCellError(name, src string, lead int, t string, cells []notebookCell) *SyntaxError {
	for i, c := range cells {
		what := ""
		switch {
		case c.Type == "":
			what = `has no "cell_type"`
		case c.Source == nil:
			what = `has no "source"`
		case !isMultiline(c.Source):
			what = fmt.Sprintf(`has a "source" that is %s`, jsonKind(c.Source))
		default:
			continue
		}
		line, col := lineCol(src, lead+cellOffset(t, i))
		return &SyntaxError{File: name, Line: line, Col: col,
			Msg: fmt.Sprintf(`not a valid notebook: its cell %d (counting every cell) %s; nbformat's v4 schema requires of every cell a "cell_type" and a "source" that is a string or a list of strings (nbformat.validate refuses it), so what the cell runs is unknown`, i+1, what)}
	}
	return nil
}

// isMultiline reports whether raw is nbformat's multiline_string: a string or a list
// of strings.
func isMultiline(raw json.RawMessage) bool {
	var s string
	if json.Unmarshal(raw, &s) == nil && strings.HasPrefix(strings.TrimSpace(string(raw)), `"`) {
		return true
	}
	var parts []*string // a null in the list is a nil
	if !strings.HasPrefix(strings.TrimSpace(string(raw)), "[") || json.Unmarshal(raw, &parts) != nil {
		return false
	}
	for _, p := range parts {
		if p == nil {
			return false
		}
	}
	return true
}

// jsonKind names the JSON kind of raw: null, a number, an object, …
func jsonKind(raw json.RawMessage) string {
	r := strings.TrimSpace(string(raw))
	switch {
	case r == "null":
		return "null"
	case r == "true" || r == "false":
		return "a boolean"
	case strings.HasPrefix(r, "{"):
		return "an object"
	case strings.HasPrefix(r, "["):
		return "a list holding other than strings"
	}
	return "a number"
}

// cellOffset returns the byte offset in t of the notebook's cell i (0: not found):
// the cells' raw texts follow one another in the "cells" array.
func cellOffset(t string, i int) int {
	var nb struct {
		Cells []json.RawMessage `json:"cells"`
	}
	if json.Unmarshal([]byte(t), &nb) != nil || i >= len(nb.Cells) {
		return 0
	}
	at := strings.Index(t, `"cells"`)
	if at < 0 {
		return 0
	}
	for j := 0; j <= i; j++ {
		k := strings.Index(t[at:], string(nb.Cells[j]))
		if k < 0 {
			return 0
		}
		at += k
		if j < i {
			at += len(nb.Cells[j])
		}
	}
	return at
}

// notebookEncodingError is the error for a .ipynb file in UTF-16 or UTF-32, with or
// without a byte-order mark (nil: not such a file).
func notebookEncodingError(name, src string) *SyntaxError {
	enc := ""
	switch {
	case strings.HasPrefix(src, "\xff\xfe\x00\x00"):
		enc = "UTF-32 (byte-order mark FF FE 00 00)"
	case strings.HasPrefix(src, "\x00\x00\xfe\xff"):
		enc = "UTF-32 (byte-order mark 00 00 FE FF)"
	case strings.HasPrefix(src, "\xff\xfe"):
		enc = "UTF-16 (byte-order mark FF FE)"
	case strings.HasPrefix(src, "\xfe\xff"):
		enc = "UTF-16 (byte-order mark FE FF)"
	case len(src) >= 2 && src[0] == '{' && src[1] == 0:
		enc = "UTF-16 (little-endian, no byte-order mark)"
	case len(src) >= 2 && src[0] == 0 && src[1] == '{':
		enc = "UTF-16 (big-endian, no byte-order mark)"
	default:
		return nil
	}
	return &SyntaxError{File: name, Line: 1, Col: 1,
		Msg: fmt.Sprintf("not a valid notebook: the file is %s, where Jupyter reads a notebook as UTF-8: save it as UTF-8", enc)}
}

// kernelArgv is sys.argv[1:] in a notebook's kernel: Jupyter starts it with its
// kernelspec's argv, python -m ipykernel_launcher -f {connection_file}
// (ipykernel/kernelspec.py make_ipkernel_cmd), the connection file being
// kernel-<id>.json in Jupyter's runtime directory. So a notebook's parse_args() with
// no list reads -f and that path: argparse exits "unrecognized arguments: -f …"
// (SystemExit, status 2) unless the parser has a -f option (or parse_known_args, or a
// list given: parse_args(args=[])). newuser28 finding 10: a notebook was planned as if
// run as a script with no arguments. A command line given (ReadOptions.Argv, -script
// FILE -- …) is read instead.
var kernelArgv = []string{"-f", "…/jupyter/runtime/kernel-<id>.json"}

// kernelArgvNote says, in the argv-error warning of a notebook read with
// kernelArgv, that the arguments are the kernel's.
func kernelArgvNote(s *Script) {
	for i, w := range s.Warnings {
		switch {
		case w.Code != WarningArgvError:
		case strings.HasPrefix(w.Message, "parse_args"):
			s.Warnings[i].Message += "; in a notebook, sys.argv is the kernel's (ipykernel_launcher.py -f …/kernel-<id>.json): give parse_args a list (parse_args(args=[])) or use parse_known_args()"
		default: // a command-line library's (cliStopped)
			s.Warnings[i].Message += "; in a notebook, sys.argv is the kernel's (ipykernel_launcher.py -f …/kernel-<id>.json): call the def itself, not the command-line library"
		}
	}
}
