package script

import (
	"strings"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// The host the plans are for: the tool plans CUDA on Linux, so a guard that tests the
// host platform is read as it is on Linux (Python's values there: sys.platform
// "linux", os.name "posix", platform.system() "Linux"; docs.python.org/3/library/
// sys.html#sys.platform, os.html#os.name, platform.html#platform.system).
var linuxValues = map[string]string{
	"sys.platform":      "linux",
	"os.name":           "posix",
	"platform.system()": "Linux",
}

// PlannedPlatform names the platform host-platform guards are read for.
const PlannedPlatform = "Linux"

var (
	platformCompare  = &lazyregexp.Regexp{Expr: `^(sys\.platform|os\.name|platform\.system\(\))\s*(==|!=)\s*(?:'([^'\\]*)'|"([^"\\]*)")$`}
	platformCompareL = &lazyregexp.Regexp{Expr: `^(?:'([^'\\]*)'|"([^"\\]*)")\s*(==|!=)\s*(sys\.platform|os\.name|platform\.system\(\))$`}
	platformPrefix   = &lazyregexp.Regexp{Expr: `^(not\s+)?sys\.platform\.startswith\(\s*(?:'([^'\\]*)'|"([^"\\]*)")\s*\)$`}
)

// platformTruth returns the value a guard's condition has on Linux when it tests the
// host platform (sys.platform == "win32", os.name != "nt", platform.system() ==
// "Windows", sys.platform.startswith("darwin"), not sys.platform.startswith(…)),
// and whether it is one.
func platformTruth(cond string) (value, ok bool) {
	cond = strings.TrimSpace(cond)
	for strings.HasPrefix(cond, "(") && strings.HasSuffix(cond, ")") {
		cond = strings.TrimSpace(cond[1 : len(cond)-1])
	}
	if m := platformCompare.FindStringSubmatch(cond); m != nil {
		return (linuxValues[m[1]] == m[3]+m[4]) == (m[2] == "=="), true
	}
	if m := platformCompareL.FindStringSubmatch(cond); m != nil {
		return (linuxValues[m[4]] == m[1]+m[2]) == (m[3] == "=="), true
	}
	if m := platformPrefix.FindStringSubmatch(cond); m != nil {
		return strings.HasPrefix(linuxValues["sys.platform"], m[2]+m[3]) == (m[1] == ""), true
	}
	return false, false
}
