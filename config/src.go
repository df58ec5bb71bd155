//go:build !compilemode_nosources

package config

// src is a row's Source as written (src_nosources.go: "" for the web page).
func src(s string) string { return s }
