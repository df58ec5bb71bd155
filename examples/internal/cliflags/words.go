package cliflags

import (
	"regexp"
	"strings"
)

// ModulePackages are the names of the module's packages that may prefix an error.
// Every package of the module is listed (examples/compilemode's TestNoPackagePrefix
// walks them).
var ModulePackages = []string{"graphs", "modes", "config", "literal", "schema", "strictjson", "inputerr",
	"pyver", "script", "pytoken", "diagnose", "catalog", "textwrap", "backend", "kernels", "cliflags", "drafter", "answer", "readme", "termtext", "linediff", "skips"}

// pkgPrefix matches a Go package's error prefix inside a message ("graphs: ",
// "config: "): the user gave flags or a file, not Go calls.
var pkgPrefix = regexp.MustCompile(`(^|: |\()(` + strings.Join(ModulePackages, "|") + `): `)

// UserWords removes Go package prefixes from an error message, as the command words
// its errors (and the web page, which prints the command's text).
func UserWords(msg string) string {
	for {
		next := pkgPrefix.ReplaceAllString(msg, "$1")
		if next == msg {
			return msg
		}
		msg = next
	}
}
