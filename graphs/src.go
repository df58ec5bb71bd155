//go:build !compilemode_nosources

package graphs

// src is a row's Source as written (src_nosources.go: "" for the web page).
func src(s string) string { return s }

// prose is a row's text for its reader as written: a Rule's or a trigger's Condition,
// a Dynamo key's Effect (src_nosources.go: "" for the web page).
func prose(s string) string { return s }
