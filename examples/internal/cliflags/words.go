package cliflags

import "github.com/compilemode/compilemode/config/inputerr"

// UserWords removes Go package prefixes from an error message, as the command words
// its errors (and the web page, which prints the command's text): [inputerr.UserWords].
func UserWords(msg string) string { return inputerr.UserWords(msg) }
