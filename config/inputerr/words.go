package inputerr

import (
	"strings"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// ModulePackages returns the names of the module's packages whose prefix may stand in an
// error message ("graphs: ", "config: "), a new slice each call. Every package of the
// module is listed (examples/compilemode's TestNoPackagePrefix walks them).
func ModulePackages() []string {
	return []string{"graphs", "modes", "config", "literal", "schema", "strictjson", "inputerr",
		"pyver", "script", "pytoken", "diagnose", "catalog", "textwrap", "backend", "kernels", "cliflags", "drafter", "answer", "readme", "termtext", "linediff", "skips", "lazyregexp", "textpack", "caseruns", "smallgzip", "wasmdata", "exactname", "globalstate"}
}

// pkgPrefix matches a package's error prefix inside a message: at its start, after ": "
// or after "(".
var pkgPrefix = &lazyregexp.Regexp{Expr: `(^|: |\()(` + strings.Join(ModulePackages(), "|") + `): `}

// UserWords returns msg without the Go package prefixes an error chain stacked
// ("graphs: scenario options: config: bad literal …" → "scenario options: bad literal
// …"), as the command, the web page and -script's plans word errors for people who gave
// flags or a file, not Go calls.
func UserWords(msg string) string {
	for {
		next := pkgPrefix.ReplaceAllString(msg, "$1")
		if next == msg {
			return msg
		}
		msg = next
	}
}
