package script

import (
	"encoding/json"
	"fmt"
	"strings"
)

// A notebook says its kernel's language (sweep4 finding 14: a Julia notebook gave a
// Python SyntaxError at a cell position, an R one a silent "no torch.compile site"):
// nbformat's metadata.kernelspec.language and metadata.language_info.name (the
// nbformat v4 schema, nbformat/v4/nbformat.v4.schema.json: kernelspec {name,
// display_name, language}, language_info {name, …}). One that is not Python is
// refused with that reason.

// notebookLanguageError returns the error for a notebook src whose kernel is not
// Python (nil: Python, or no language given, read as Python).
func notebookLanguageError(name, src string) error {
	var nb struct {
		Metadata struct {
			Kernelspec struct {
				Language string `json:"language"`
			} `json:"kernelspec"`
			LanguageInfo struct {
				Name string `json:"name"`
			} `json:"language_info"`
		} `json:"metadata"`
	}
	t := strings.TrimLeft(src, " \t\r\n\ufeff")
	if json.Unmarshal([]byte(t), &nb) != nil {
		return nil
	}
	for _, f := range []struct{ lang, field string }{
		{nb.Metadata.Kernelspec.Language, "metadata.kernelspec.language"},
		{nb.Metadata.LanguageInfo.Name, "metadata.language_info.name"},
	} {
		l := strings.ToLower(strings.TrimSpace(f.lang))
		if l == "" || strings.HasPrefix(l, "python") || strings.HasPrefix(l, "ipython") {
			continue
		}
		return &SyntaxError{File: name, Line: 1, Col: 1,
			Msg: fmt.Sprintf("a notebook whose kernel's language is %q (%s), not Python: -script reads Python notebooks only", cut(f.lang, 40), f.field)}
	}
	return nil
}
