package diagnose

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/modes"
)

// covers reports whether the row's releases include v.
func (s Signature) covers(v modes.Version) bool { return s.Releases.Contains(v) }

// nearest returns v when the row covers it, else the row's release nearest to v.
func (s Signature) nearest(v modes.Version) modes.Version {
	switch {
	case v.Less(s.Releases.From):
		return s.Releases.From
	case s.Releases.To.Less(v):
		return s.Releases.To
	}
	return v
}

// fixOn returns the row's fix for a log that shows release v, and a note when the row
// does not cover v: then the fix is that of the nearest release the row covers, less
// any advice to upgrade to a release the user already runs (v or older).
func (s Signature) fixOn(v modes.Version) (fix, note string) {
	at := s.nearest(v)
	fix = s.Fix
	for _, t := range s.Tailored {
		if t.Releases.Contains(at) {
			fix = t.Fix
			break
		}
	}
	if at != v {
		note = fmt.Sprintf("torch %s (from the log) is not known to print this; the nearest release "+
			"that does is %s, and the fix is that release's", v, at)
	}
	return dropUpgrades(fix, v), note
}

// reUpgrade matches a fix's alternative that advises an upgrade: "upgrade to 2.14, …".
var reUpgrade = regexp.MustCompile(`^upgrade to (\d+)\.(\d+)\b`)

// dropUpgrades removes from fix the alternatives (", or "-separated) that advise
// upgrading to release v or an older one; it returns fix unchanged if nothing else
// would be left.
func dropUpgrades(fix string, v modes.Version) string {
	parts := strings.Split(fix, ", or ")
	kept := parts[:0:0]
	for _, p := range parts {
		if m := reUpgrade.FindStringSubmatch(strings.TrimPrefix(p, "or ")); m != nil {
			major, _ := strconv.Atoi(m[1])
			minor, _ := strconv.Atoi(m[2])
			if !v.Less(modes.Version{Major: major, Minor: minor}) {
				continue
			}
		}
		kept = append(kept, p)
	}
	if len(kept) == 0 {
		return fix
	}
	return strings.Join(kept, ", or ")
}
