package diagnose

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// nbCell writes a code cell of a notebook's JSON with the given outputs' text lines (a
// stream output) and source lines, in Jupyter's key order (outputs before source) or in
// Colab's (source first).
func nbCell(outputs, source []string, colab bool) string {
	q := func(lines []string, indent string) string {
		var b strings.Builder
		for i, l := range lines {
			b.WriteString(indent + `"` + strings.ReplaceAll(l, `"`, `\"`))
			if i < len(lines)-1 {
				b.WriteString(`\n",` + "\n")
			} else {
				b.WriteString(`"` + "\n")
			}
		}
		return b.String()
	}
	out := "   \"outputs\": [\n    {\n     \"name\": \"stdout\",\n     \"output_type\": \"stream\",\n     \"text\": [\n" + q(outputs, "      ") + "     ]\n    }\n   ],\n"
	if len(outputs) == 0 {
		out = "   \"outputs\": [],\n"
	}
	src := "   \"source\": [\n" + q(source, "    ") + "   ]\n"
	if colab {
		return "  {\n   \"cell_type\": \"code\",\n" + src[:len(src)-1] + ",\n   \"metadata\": {\n    \"colab\": {\n     \"base_uri\": \"https://localhost:8080/\"\n    },\n    \"outputId\": \"1f0e2a\"\n   },\n   \"execution_count\": 2,\n" + strings.TrimSuffix(out, ",\n") + "\n  },\n"
	}
	return "  {\n   \"cell_type\": \"code\",\n   \"execution_count\": 1,\n   \"metadata\": {},\n" + out + src + "  },\n"
}

// nbMessage is a later cell whose stderr holds a skip message, so that the text has a
// finding whose release is read.
const nbMessage = "  {\n   \"cell_type\": \"code\",\n   \"outputs\": [\n    {\n     \"name\": \"stderr\",\n     \"output_type\": \"stream\",\n     \"text\": [\n      \"skipping cudagraphs due to mutated inputs (2 instances). Found from : \\n\"\n     ]\n    }\n   ],\n   \"source\": [\n    \"y = compiled(x)\"\n   ]\n  }\n"

// TestNotebookRelease: a notebook read as its JSON prints torch.__version__ with the
// value above the print (Jupyter writes a cell's outputs before its source) or some
// lines below it (Colab writes the source first); both were read as no release (the
// value is not on the line after the print). A value of another cell, a print of
// another package, and a release in the source are not the run's.
func TestNotebookRelease(t *testing.T) {
	t.Parallel()
	print := []string{"import torch", "print(torch.__version__)", "print(torch.version.cuda)"}
	tests := []struct{ name, text, want string }{
		{"jupyter-print", nbCell([]string{"2.10.0+cu128", "12.8"}, print, false), "2.10"},
		{"colab-print", nbCell([]string{"2.3.1+cu121", "12.1"}, print, true), "2.3"},
		{"jupyter-print-others", nbCell([]string{"2.9.0+cu126", "GPU is available!", "Using GPU:Tesla T4"}, []string{"import torch", "print(torch.__version__)", "", "if torch.cuda.is_available():", "    print(\"GPU is available!\")"}, false), "2.9"},
		{"jupyter-value-and-more", nbCell([]string{"2.6.0+cu124 True"}, []string{"print(torch.__version__, torch.cuda.is_available())"}, false), "2.6"},
		{"execute-result", "  {\n   \"cell_type\": \"code\",\n   \"outputs\": [\n    {\n     \"data\": {\n      \"text/plain\": [\n       \"'2.5.1+cu124'\"\n      ]\n     },\n     \"output_type\": \"execute_result\"\n    }\n   ],\n   \"source\": [\n    \"import torch\\n\",\n    \"torch.__version__\"\n   ]\n  },\n", "2.5"},
		{"pip-show-output", nbCell([]string{"Name: torch", "Version: 2.4.1", "Summary: Tensors and Dynamic neural networks"}, []string{"!pip show torch"}, false), "2.4"},
		{"shell-print", nbCell([]string{"2.5.1+cu124"}, []string{`!python -c "import torch; print(torch.__version__)"`}, false), "2.5"},
		// not the run's release
		{"other-package", nbCell([]string{"2.1.0"}, []string{"import triton", "print(triton.__version__)"}, false), ""},
		{"value-of-another-cell", nbCell([]string{"2.5 GB"}, []string{"print(mem)"}, false) + nbCell(nil, print, false), ""},
		{"colab-source-release", nbCell(nil, []string{"print(torch.__version__)", "x = 2.5"}, true), ""},
		{"colab-next-cell", nbCell(nil, []string{"print(torch.__version__)"}, true) + nbCell([]string{"2.5 GB"}, []string{"print(mem)"}, true), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			text := "{\n \"cells\": [\n" + tt.text + nbMessage + " ]\n}\n"
			d, err := Read(strings.NewReader(text))
			require.NoError(t, err)
			require.NotEmpty(t, d.Findings, "the skip message is found")
			if diff := cmp.Diff(tt.want, d.Torch); diff != "" {
				t.Errorf("release (-want +got):\n%s\n%s", diff, text)
			}
		})
	}
}
