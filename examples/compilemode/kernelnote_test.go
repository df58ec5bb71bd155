package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestKernelNote: -script says on stderr what a notebook's kernel metadata records
// that the plan does not follow (kernelNote; hostile29 N2): a kernel Python other
// than the one planned, with the -python that plans on it, unless -python is given;
// a Python 2 kernel; a kernelspec.language that is no name. Lookalike: a notebook
// with no version recorded says nothing.
func TestKernelNote(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const cells = `"cells": [{"cell_type": "code", "metadata": {}, "source": "import torch\nm = torch.compile(torch.nn.Linear(2, 2).cuda())\n", "outputs": [], "execution_count": null}], "nbformat": 4, "nbformat_minor": 5`
	write := func(name, meta string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(`{"metadata": `+meta+`, `+cells+`}`), 0o644))
		return p
	}
	py38 := write("py38.ipynb", `{"kernelspec": {"name": "python3"}, "language_info": {"name": "python", "version": "3.8.0"}}`)
	py2 := write("py2.ipynb", `{"language_info": {"name": "python", "version": "2.7.18"}}`)
	num := write("num.ipynb", `{"kernelspec": {"name": "python3", "language": 42}}`)
	plain := write("plain.ipynb", `{"kernelspec": {"name": "python3", "language": "python"}}`)
	cases := []struct {
		name, reason string
		args         []string
		note         string // "": no kernel note
	}{
		{"py38", "the kernel's 3.8 is not the plan's", []string{"-torch", "2.11", "-script", py38}, "the notebook's kernel ran Python 3.8 (metadata.language_info.version); the plan is for Python 3.12, the release's default: give -python 3.8"},
		{"py38-given", "-python given: no note", []string{"-torch", "2.11", "-python", "3.8", "-script", py38}, ""},
		{"py2", "a Python 2 kernel", []string{"-script", py2}, "ran Python 2.7.18"},
		{"lang-num", "language 42", []string{"-script", num}, "metadata.kernelspec.language is 42"},
		{"plain", "lookalike: no version recorded", []string{"-script", plain}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, stderr, _ := runPlan(t, nil, c.args...)
			has := strings.Contains(stderr, "kernel ran Python") || strings.Contains(stderr, "metadata.kernelspec")
			if c.note == "" && has || !strings.Contains(stderr, c.note) {
				t.Errorf("stderr %q, want %q (%s)", stderr, c.note, c.reason)
			}
		})
	}
}
