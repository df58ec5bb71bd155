package script

import (
	"errors"
	"strings"
	"testing"
)

// TestNotebookRefusedAsNbformat: a notebook nbformat would not read (hostile28 N1,
// N2) is refused naming why, where it was read (a cell with no cell_type, or a
// numeric or null source, dropped silently: "no torch.compile site found", exit 0;
// nbformat 5 and 99 read as 4) or refused with a decoder's words (UTF-16: "invalid
// character 'ÿ'").
func TestNotebookRefusedAsNbformat(t *testing.T) {
	t.Parallel()
	const site = `"import torch\n", "m = torch.compile(f, mode='reduce-overhead')\n"`
	nb := func(cell string, v string) string {
		return `{"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# t"}, ` + cell + `], "metadata": {}, "nbformat": ` + v + `, "nbformat_minor": 5}`
	}
	cases := []struct {
		name, reason, src string
		want              string // the error's "line:col: message" start ("": read, with sites sites)
		sites             int
	}{
		{"no-cell-type", "N1: a cell without cell_type", nb(`{"metadata": {}, "source": [`+site+`]}`, "4"),
			`1:72: not a valid notebook: its cell 2 (counting every cell) has no "cell_type"`, 0},
		{"source-number", "N1: a source that is a number", nb(`{"cell_type": "code", "metadata": {}, "source": 42}`, "4"),
			`1:72: not a valid notebook: its cell 2 (counting every cell) has a "source" that is a number`, 0},
		{"source-null", "N1: a null source", nb(`{"cell_type": "code", "metadata": {}, "source": null}`, "4"),
			`1:72: not a valid notebook: its cell 2 (counting every cell) has a "source" that is null`, 0},
		{"source-null-item", "a null in the list of lines", nb(`{"cell_type": "code", "metadata": {}, "source": ["x = 1\n", null]}`, "4"),
			`1:72: not a valid notebook: its cell 2 (counting every cell) has a "source" that is a list holding other than strings`, 0},
		{"no-source", "a cell without source", nb(`{"cell_type": "code", "metadata": {}}`, "4"),
			`1:72: not a valid notebook: its cell 2 (counting every cell) has no "source"`, 0},
		{"nbformat-5", "N1: nbformat.reads: Unsupported nbformat version 5", nb(`{"cell_type": "code", "metadata": {}, "source": [`+site+`]}`, "5"),
			`1:208: not a valid notebook: "nbformat": 5, where nbformat reads versions 1 to 4 (nbformat.reads raises "Unsupported nbformat version 5")`, 0},
		{"nbformat-99", "N1", nb(`{"cell_type": "code", "metadata": {}, "source": [`+site+`]}`, "99"),
			`1:208: not a valid notebook: "nbformat": 99`, 0},
		{"utf16", "N2: UTF-16 with its mark", "\xff\xfe{\x00\"\x00", `1:1: not a valid notebook: the file is UTF-16 (byte-order mark FF FE), where Jupyter reads a notebook as UTF-8`, 0},
		{"utf16-be-nomark", "N2: UTF-16 big-endian without a mark", "\x00{\x00\"", `1:1: not a valid notebook: the file is UTF-16 (big-endian, no byte-order mark)`, 0},
		// Lookalikes, read.
		{"good", "a code cell with a list source", nb(`{"cell_type": "code", "metadata": {}, "source": [`+site+`]}`, "4"), "", 1},
		{"string-source", "a source that is one string", nb(`{"cell_type": "code", "metadata": {}, "source": "import torch\nm = torch.compile(f)\n"}`, "4"), "", 1},
		{"null-in-text", "the word null inside a line is text", nb(`{"cell_type": "code", "metadata": {}, "source": ["import torch  # null\n", "m = torch.compile(f)\n"]}`, "4"), "", 1},
		{"v3", "nbformat 3 code cells have input, not source", `{"worksheets": [{"cells": [{"cell_type": "code", "input": [` + site + `]}]}], "metadata": {}, "nbformat": 3, "nbformat_minor": 0}`, "", 1},
		{"utf8-bom", "a UTF-8 mark is read", "\ufeff" + nb(`{"cell_type": "code", "metadata": {}, "source": [`+site+`]}`, "4"), "", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("nb.ipynb", []byte(tc.src))
			if tc.want == "" {
				if err != nil || len(s.Sites) != tc.sites {
					t.Fatalf("read: %v, want %d sites (%s)", err, tc.sites, tc.reason)
				}
				return
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("read: %v, want a *SyntaxError (%s)", err, tc.reason)
			}
			if got := strings.TrimPrefix(se.Error(), "script: nb.ipynb:"); !strings.HasPrefix(got, tc.want) {
				t.Errorf("error %q, want %q… (%s)", got, tc.want, tc.reason)
			}
		})
	}
}

// TestNotebookJSONNamedPy: a .py file holding a notebook's JSON is read as Python, as
// Python runs it (hostile28 N3: its cells were planned), with a notebook-json
// warning; the same JSON named .ipynb or given on standard input is a notebook.
func TestNotebookJSONNamedPy(t *testing.T) {
	t.Parallel()
	const nb = `{"cells": [{"cell_type": "code", "metadata": {}, "source": ["import torch\n", "m = torch.compile(f, mode='reduce-overhead')\n"]}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
	cases := []struct {
		name, file, src string
		sites           int
		warned          bool
	}{
		{"py", "nbjson.py", nb, 0, true},
		{"pyw", "NB.PYW", nb, 0, true},
		{"ipynb", "nb.ipynb", nb, 1, false},
		{"stdin", "<stdin>", nb, 1, false},
		{"json", "nb.json", nb, 1, false},
		{"py-dict", "f.py", "d = {\"nbformat\": 4}\n", 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes(tc.file, []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			warned := false
			for _, w := range s.Warnings {
				warned = warned || w.Code == WarningNotebookJSON
			}
			if len(s.Sites) != tc.sites || warned != tc.warned {
				t.Errorf("%s: %d sites, notebook-json %v; want %d, %v", tc.file, len(s.Sites), warned, tc.sites, tc.warned)
			}
		})
	}
}

// TestNotebookKernelArgv: a notebook's parse_args() with no list reads the kernel's
// argv, -f and its connection file (newuser28 finding 10: planned as a script with no
// arguments): argparse exits there, unless the parser has -f, the call is
// parse_known_args or is given a list, or a command line is given.
func TestNotebookKernelArgv(t *testing.T) {
	t.Parallel()
	const head = "import argparse, torch\np = argparse.ArgumentParser()\np.add_argument('--mode', default='reduce-overhead')\n"
	const tail = "m = torch.compile(f, mode=a.mode)\n"
	cases := []struct {
		name, reason, code string
		argv               []string
		refused            bool
	}{
		{"parse-args", "the kernel's -f: unrecognized arguments", head + "a = p.parse_args()\n" + tail, nil, true},
		{"own-f", "a parser with -f takes the connection file", head + "p.add_argument('-f')\na = p.parse_args()\n" + tail, nil, false},
		{"known", "parse_known_args leaves -f over", head + "a, _ = p.parse_known_args()\n" + tail, nil, false},
		{"list", "a list given is read instead", head + "a = p.parse_args(args=[])\n" + tail, nil, false},
		{"cli", "a command line given is read instead", head + "a = p.parse_args()\n" + tail, []string{"--mode", "max-autotune"}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := `{"cells": [{"cell_type": "code", "metadata": {}, "source": ` + jsonString(tc.code) + `}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
			s, err := ReadWith(strings.NewReader(src), ReadOptions{Name: "nb.ipynb", Argv: tc.argv})
			if err != nil {
				t.Fatal(err)
			}
			refused := false
			for _, w := range s.Warnings {
				if w.Code == WarningArgvError {
					refused = true
					if !strings.Contains(w.Message, "unrecognized arguments: -f") || !strings.Contains(w.Message, "sys.argv is the kernel's") {
						t.Errorf("argv-error %q: want argparse's words and the kernel's argv (%s)", w.Message, tc.reason)
					}
				}
			}
			if refused != tc.refused {
				t.Errorf("argv-error %v, want %v (%s)", refused, tc.refused, tc.reason)
			}
		})
	}
}

func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
