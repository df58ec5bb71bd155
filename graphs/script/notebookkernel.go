package script

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// notebookKernel reads what a notebook's kernel metadata says that the reader does not
// otherwise follow (hostile29 N2): the Python its kernel ran, which ipykernel records
// as metadata.language_info.version, sys.version.split()[0] (ipykernel/ipkernel.py
// IPythonKernel.language_info), as "3.8" (python; "": none, or not a Python version),
// and notes for what is read as Python though it does not say so: a
// kernelspec.language or language_info.name that is not a string, a kernelspec that
// is not an object or a string that is empty, and a Python 2 kernel (every release
// planned has builds for Python 3.8 or later alone: config/pyfacts.go
// oldestPythonRows).
func notebookKernel(src string) (python string, notes []string) {
	var nb struct {
		Metadata struct {
			Kernelspec   json.RawMessage `json:"kernelspec"`
			LanguageInfo json.RawMessage `json:"language_info"`
		} `json:"metadata"`
	}
	if json.Unmarshal([]byte(strings.TrimLeft(src, " \t\r\n\ufeff")), &nb) != nil {
		return "", nil
	}
	notes = append(notes, kernelField(nb.Metadata.Kernelspec, "metadata.kernelspec", "language")...)
	notes = append(notes, kernelField(nb.Metadata.LanguageInfo, "metadata.language_info", "name")...)
	var li struct {
		Version json.RawMessage `json:"version"`
	}
	if json.Unmarshal(nb.Metadata.LanguageInfo, &li) != nil {
		return "", notes
	}
	var v string
	if json.Unmarshal(li.Version, &v) != nil {
		return "", notes
	}
	major, minor, ok := kernelVersion(v)
	switch {
	case !ok:
	case major == 2:
		notes = append(notes, fmt.Sprintf("the notebook's kernel ran Python %s (metadata.language_info.version): no torch release planned has a build for Python 2, so the plan is for a Python 3 that runs it", cut(v, 20)))
	case major == 3:
		python = fmt.Sprintf("3.%d", minor)
	}
	return python, notes
}

// kernelField is the note for field of the metadata object raw (named where) that is
// there but is not a string, or for raw itself when it is not an object; nil else.
func kernelField(raw json.RawMessage, where, field string) []string {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil {
		return []string{fmt.Sprintf("%s is %s, not an object: the notebook is read as Python", where, cut(string(raw), 40))}
	}
	f, ok := obj[field]
	if !ok || string(f) == "null" {
		return nil
	}
	var s string
	if json.Unmarshal(f, &s) != nil || strings.TrimSpace(s) == "" {
		return []string{fmt.Sprintf("%s.%s is %s, not a language's name: the notebook is read as Python", where, field, cut(string(f), 40))}
	}
	return nil
}

// kernelVersion reads "3.8.0" (or "3.8", "3.13.1+") as 3 and 8.
func kernelVersion(v string) (major, minor int, ok bool) {
	parts := strings.SplitN(strings.TrimSpace(v), ".", 3)
	if len(parts) < 2 {
		return 0, 0, false
	}
	ma, err1 := strconv.Atoi(parts[0])
	mi, err2 := strconv.Atoi(strings.TrimRightFunc(parts[1], func(r rune) bool { return r < '0' || r > '9' }))
	return ma, mi, err1 == nil && err2 == nil
}

// KernelPython is the Python a notebook's kernel ran as its metadata records it
// ("3.8": metadata.language_info.version; "" for a .py file or none recorded):
// -script names it where -python is not given and the plan's Python differs.
func (s *Script) KernelPython() string {
	if s == nil {
		return ""
	}
	return s.kernelPython
}

// KernelNotes are what a notebook's kernel metadata says that the reader reads as
// Python all the same (notebookKernel): -script says them on stderr.
func (s *Script) KernelNotes() []string {
	if s == nil {
		return nil
	}
	return s.kernelNotes
}
