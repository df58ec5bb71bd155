//go:build compilemode_nosources

package skips

// src is "": a program built with -tags compilemode_nosources carries no row's Source
// (no code reads it: it says where each wording and order was read, for the reader
// of rows.go and its tests). The web page is built so, with this package inlined, so
// that each call is folded to "" and its text is not linked (1.7 KB of the page
// gzipped: examples/web's Transfer size).
func src(string) string { return "" }
