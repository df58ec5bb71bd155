package script

import (
	"strings"
	"testing"
)

// TestNotebookKernel: a notebook's kernel metadata that the reader reads as Python
// all the same, or whose Python the plan does not take, is said (notebookKernel;
// hostile29 N2): the Python language_info.version records (3.8 from 3.8.0; Python 2
// noted), a kernelspec.language that is no name (42, "", a list for kernelspec).
// Lookalikes: a plain python3 kernel and a .py file say nothing.
func TestNotebookKernel(t *testing.T) {
	t.Parallel()
	const cells = `"cells": [{"cell_type": "code", "metadata": {}, "source": "import torch\nm = torch.compile(torch.nn.Linear(2, 2))\n", "outputs": [], "execution_count": null}], "nbformat": 4, "nbformat_minor": 5`
	nb := func(meta string) string { return `{"metadata": ` + meta + `, ` + cells + `}` }
	cases := []struct {
		name, reason, src string
		python, note      string // "": none
	}{
		{"py38", "language_info.version 3.8.0: the kernel's Python", nb(`{"kernelspec": {"name": "python3"}, "language_info": {"name": "python", "version": "3.8.0"}}`), "3.8", ""},
		{"py2", "a Python 2 kernel is noted", nb(`{"kernelspec": {"name": "python2", "language": "python"}, "language_info": {"name": "python", "version": "2.7.18"}}`), "", "ran Python 2.7.18"},
		{"lang-num", "kernelspec.language 42", nb(`{"kernelspec": {"name": "python3", "language": 42}}`), "", "metadata.kernelspec.language is 42, not a language's name"},
		{"lang-empty", "kernelspec.language empty", nb(`{"kernelspec": {"name": "", "language": ""}}`), "", "metadata.kernelspec.language is \"\""},
		{"spec-list", "kernelspec a list", nb(`{"kernelspec": ["python"]}`), "", "metadata.kernelspec is [\"python\"], not an object"},
		{"python3", "lookalike: a python3 kernel with no version says nothing", nb(`{"kernelspec": {"name": "python3", "language": "python"}}`), "", ""},
		{"no-metadata", "lookalike: empty metadata", nb(`{}`), "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(c.src), ReadOptions{Name: "t.ipynb"})
			if err != nil {
				t.Fatal(err)
			}
			if got := s.KernelPython(); got != c.python {
				t.Errorf("KernelPython %q, want %q (%s)", got, c.python, c.reason)
			}
			notes := strings.Join(s.KernelNotes(), "\n")
			if c.note == "" && notes != "" || !strings.Contains(notes, c.note) {
				t.Errorf("KernelNotes %q, want %q (%s)", notes, c.note, c.reason)
			}
		})
	}
	s, err := ReadWith(strings.NewReader("import torch\n"), ReadOptions{Name: "t.py"})
	if err != nil || s.KernelPython() != "" || s.KernelNotes() != nil {
		t.Errorf("a .py file: %v %q %q", err, s.KernelPython(), s.KernelNotes())
	}
	if (*Script)(nil).KernelPython() != "" || (*Script)(nil).KernelNotes() != nil {
		t.Error("nil Script")
	}
}
