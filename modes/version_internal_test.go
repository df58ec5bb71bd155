package modes

import (
	"regexp"
	"testing"
)

// versionExpr is the expression versionParts reads by hand: its specification.
var versionExpr = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)(?:\.(0|[1-9]\d*))?(?:[-_.]?(?:a|b|rc)\d+)?(?:\.dev\d+)?(?:\+[0-9A-Za-z.]+)?$`)

// TestVersionParts: versionParts accepts exactly what versionExpr matches, with the
// same major and minor, on every sequence of up to five pieces of versions (numbers
// with and without leading zeros, separators, pre-release and local tags, and
// characters none of them allows).
func TestVersionParts(t *testing.T) {
	t.Parallel()
	pieces := []string{"0", "2", "11", "01", ".", "a", "b", "rc", "r", "dev", ".dev", "+", "cu130", "x", "-", "_", " "}
	var walk func(s string, depth int)
	checked := 0
	walk = func(s string, depth int) {
		checked++
		major, minor, ok := versionParts(s)
		m := versionExpr.FindStringSubmatch(s)
		if ok != (m != nil) || ok && (major != m[1] || minor != m[2]) {
			t.Errorf("versionParts(%q) = %q, %q, %v; the expression matches %q", s, major, minor, ok, m)
		}
		if depth == 0 {
			return
		}
		for _, p := range pieces {
			walk(s+p, depth-1)
		}
	}
	walk("", 5)
	for _, s := range []string{"2.11", "2.7.1", "2.11.0+cu130", "2.13.0.dev20260518", "2.11.0a0+gitabc", "2.12.0rc1", "2.11.0a0.dev1+x.y",
		"2.11.0-rc1", "2.11.0.rc1", "2.11.0_rc1"} { // PEP 440's pre-release separators (hostile29 K2: -torch 2.11.0-rc1 was refused, a log's read)
		if _, _, ok := versionParts(s); !ok {
			t.Errorf("versionParts(%q) refused a torch.__version__ form", s)
		}
	}
	t.Logf("%d strings checked", checked)
}
