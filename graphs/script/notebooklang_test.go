package script

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNotebookLanguage: a notebook whose kernel is not Python is refused with that
// reason (sweep4 finding 14), whatever its cells parse as; Python ones, and those that
// say no language, are read.
func TestNotebookLanguage(t *testing.T) {
	t.Parallel()
	const cells = `"cells": [{"cell_type": "code", "metadata": {}, "source": ["x <- torch_randn(2)\n"]}], "nbformat": 4, "nbformat_minor": 5`
	cases := []struct {
		name, meta string
		want       string // the error's message ("" read)
	}{
		{"julia", `{"kernelspec": {"name": "julia-1.9", "language": "julia"}}`, `a notebook whose kernel's language is "julia" (metadata.kernelspec.language), not Python: -script reads Python notebooks only`},
		{"R", `{"kernelspec": {"language": "R"}, "language_info": {"name": "R"}}`, `a notebook whose kernel's language is "R" (metadata.kernelspec.language), not Python: -script reads Python notebooks only`},
		{"language_info only", `{"language_info": {"name": "scala"}}`, `a notebook whose kernel's language is "scala" (metadata.language_info.name), not Python: -script reads Python notebooks only`},
		{"python", `{"kernelspec": {"language": "python"}, "language_info": {"name": "python"}}`, ""},
		{"python3", `{"kernelspec": {"language": "Python3"}}`, ""},
		{"none", `{}`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := `{"metadata": ` + tc.meta + `, ` + cells + `}`
			_, err := readBytes("n.ipynb", []byte(src))
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			var se *SyntaxError
			require.True(t, errors.As(err, &se), "%v", err)
			require.Equal(t, tc.want, se.Msg)
		})
	}
}
