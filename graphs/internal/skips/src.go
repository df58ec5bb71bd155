//go:build !compilemode_nosources

package skips

// src is a row's Source as written. Built with -tags compilemode_nosources (the web
// page, examples/web, which shows no row's source and compiles this package with
// inlining), it is "" and the texts are left out (src_nosources.go).
func src(s string) string { return s }
