//go:build compilemode_nosources

package config

// src is "": a program built with -tags compilemode_nosources carries no Source of
// [FactRows]' rows but the Python ones (pythonRows, oldestPythonRows: a warning cites
// those), which no code of the module reads (they say where each fact was read, for
// the reader of the table and for FactRows' callers). The web page is built so; this
// package is inlined there, so each call is folded to "" and its text is not linked
// (examples/web's Transfer size).
func src(string) string { return "" }
