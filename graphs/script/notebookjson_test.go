package script

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNotebookDamaged: a file that claims to be a notebook (a name ending in .ipynb,
// or a JSON object naming "nbformat" or starting with "cells") that nbformat would
// not read is refused with the JSON error and its byte offset (sweep6 finding 5:
// read as Python, a tokenizer's error or "0 compile sites", exit 0); a good notebook,
// and a Python file that merely mentions nbformat, are read.
func TestNotebookDamaged(t *testing.T) {
	t.Parallel()
	good := `{"cells": [{"cell_type": "code", "metadata": {}, "source": ["import torch\n", "m = torch.compile(f)\n"]}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
	cases := []struct {
		name, file, src string
		want            string // the error's position and message ("" read)
	}{
		{"truncated (a crashed save)", "nb.ipynb", good[:60],
			"1:61: not a valid notebook (JSON error at byte 60): the JSON ends before its value is complete (cut short?)"},
		{"truncated, second line", "nb.ipynb", "{\n \"cells\": [\n  {\"cell_type\": \"code\"",
			"3:23: not a valid notebook (JSON error at byte 36): the JSON ends before its value is complete (cut short?)"},
		{"cells are numbers", "nb.ipynb", `{"cells": [1,2,3], "nbformat": 4}`,
			`1:12: not a valid notebook (JSON error at byte 11): "cells" holds a JSON number where nbformat has an object (a cell)`},
		{"cells an object", "nb.ipynb", `{"cells": {}, "nbformat": 4}`,
			`1:11: not a valid notebook (JSON error at byte 10): "cells" holds a JSON object where nbformat has an array of cells`},
		{"nbformat a string", "nb.ipynb", `{"cells": [], "nbformat": "4"}`,
			`1:29: not a valid notebook (JSON error at byte 28): "nbformat" holds a JSON string where nbformat has an integer`},
		{"too deep", "nb.ipynb", `{"cells": ` + strings.Repeat("[", 10001),
			"1:10010: not a valid notebook (JSON error at byte 10009): nested deeper than a JSON reader takes (10,000 levels)"},
		{"no nbformat member", "nb.ipynb", `{"cells": []}`,
			`1:1: not a valid notebook (JSON error at byte 0): no "nbformat" member and "cells" array (nbformat 4) or "worksheets" (nbformat 3)`},
		{"Python named .ipynb", "nb.ipynb", "import torch\nm = torch.compile(f)\n",
			"1:1: not a valid notebook (JSON error at byte 0): invalid character 'i' looking for beginning of value"},
		{"empty", "nb.IPYNB", "", "1:1: not a valid notebook (JSON error at byte 0): an empty file"},
		{"an array", "nb.ipynb", `[{"cells": []}]`, "1:1: not a valid notebook (JSON error at byte 0): the notebook is a JSON array, not an object"},
		{"stdin, truncated", "<stdin>", "\ufeff " + good[:60],
			"1:63: not a valid notebook (JSON error at byte 64): the JSON ends before its value is complete (cut short?)"},
		{"stdin, starts with cells", "<stdin>", `{ "cells": [[[`,
			"1:15: not a valid notebook (JSON error at byte 14): the JSON ends before its value is complete (cut short?)"},
		{"good", "nb.ipynb", good, ""},
		{"good on stdin", "<stdin>", good, ""},
		{"a Python dict display", "f.py", "{'cells': 1}\n", ""},
		{"Python mentioning nbformat", "f.py", "import json\nd = {\"nbformat\": 4}\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := readBytes(tc.file, []byte(tc.src))
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			var se *SyntaxError
			require.True(t, errors.As(err, &se), "%v", err)
			require.Equal(t, tc.want+"; jupyter refuses it as well (nbformat.reads)",
				strings.TrimPrefix(se.Error(), "script: "+tc.file+":"))
		})
	}
}

// FuzzNotebookDamaged: whatever a .ipynb holds, reading it never panics and any
// error is a *SyntaxError with a position inside the file.
func FuzzNotebookDamaged(f *testing.F) {
	for _, s := range []string{
		`{"cells": [1,2,3], "nbformat": 4}`,
		`{"cells": [{"cell_type": "code", "source": "import torch\nm = torch.compile(f)"}], "nbformat": 4}`,
		`{"cells": [[[[`,
		`{"worksheets": [{"cells": [{"cell_type": "code", "input": 3}]}], "nbformat": 3}`,
		"\ufeff\n{\"nbformat\": 4, \"cells\": [{\"source\": [\"é\n\", 1]}]",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		_, err := readBytes("f.ipynb", src)
		if err == nil {
			return
		}
		var e *SyntaxError
		if !errors.As(err, &e) || e.Line < 1 || e.Col < 1 || e.Line > strings.Count(string(src), "\n")+1 {
			t.Fatalf("Read error %v is not a *SyntaxError with a position in the file", err)
		}
	})
}
