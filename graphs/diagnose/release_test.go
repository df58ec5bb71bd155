package diagnose

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/modes"
)

// TestFixOnEveryRelease: on every supported release, every row's fix advises no upgrade
// to that release or an older one, and a note is given exactly when the row does not
// cover the release.
func TestFixOnEveryRelease(t *testing.T) {
	t.Parallel()
	upgrade := regexp.MustCompile(`upgrade to 2\.(\d+)`)
	for i, s := range Signatures() {
		for _, v := range modes.Supported() {
			fix, note := s.fixOn(v)
			for _, m := range upgrade.FindAllStringSubmatch(fix, -1) {
				if minor, _ := strconv.Atoi(m[1]); minor <= v.Minor {
					t.Errorf("row %d (%s) on %s: fix advises %q: %s", i, s.Code, v, m[0], fix)
				}
			}
			if (note != "") == s.covers(v) {
				t.Errorf("row %d (%s) on %s: note %q, covers %v", i, s.Code, v, note, s.covers(v))
			}
			if note != "" && !strings.Contains(note, "nearest release that does is "+s.nearest(v).String()) {
				t.Errorf("row %d (%s) on %s: note %q lacks the nearest release", i, s.Code, v, note)
			}
		}
	}
}

func TestDropUpgrades(t *testing.T) {
	t.Parallel()
	v := modes.Version{Major: 2, Minor: 14}
	for _, tt := range []struct{ in, want string }{
		{"a, or upgrade to 2.14, whose x (PR #1), or b; c", "a, or b; c"},
		{"upgrade to 2.8 or later (accepted on 2.11), or drop it", "drop it"},
		{"a, or upgrade to 2.15 (new)", "a, or upgrade to 2.15 (new)"},
		{"upgrade to 2.14", "upgrade to 2.14"}, // nothing else would be left
	} {
		if got := dropUpgrades(tt.in, v); got != tt.want {
			t.Errorf("dropUpgrades(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
