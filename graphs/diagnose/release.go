package diagnose

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/internal/lazyregexp"
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

// texts returns the row's cause, fix and note for a log that shows release v (have:
// the release is known; given: it came from Options.Torch, the command's -torch), with the planner's placeholder {torch} filled: the texts
// come from the planner's rows, which fill it per plan. It names the release the
// fix is for (v, or the nearest the row covers), else the row's releases. When v has a
// change that ends the row's code (codeFixes), the texts say that an older torch than v
// printed it and give the fix for both (fixedTexts).
func (s Signature) texts(v modes.Version, have, given bool) (cause, fix, note string) {
	fix = s.Fix
	rel := s.Releases.String()
	from := "from the log"
	if given {
		from = givenFrom // FindingsWith rewords it for a front end without flags
	}
	if have {
		fix, note = s.fixOn(v, from)
		rel = s.nearest(v).String()
	}
	fill := strings.NewReplacer("{torch}", rel)
	cause, fix = fill.Replace(s.Cause), fill.Replace(fix)
	if f, ok := s.fixedOn(v); have && ok {
		return fixedTexts(cause, fix, f, v, from)
	}
	return cause, fix, note
}

// fixOn returns the row's fix for a log that shows release v (from says where v came
// from: "from the log" or "from -torch"), and a note when the row
// does not cover v: then the fix is that of the nearest release the row covers, less
// any advice to upgrade to a release the user already runs (v or older). A release
// newer than the releases known ([modes.Newest]) gets a note that says so, and the
// newest release's fix.
func (s Signature) fixOn(v modes.Version, from string) (fix, note string) {
	at := s.nearest(v)
	fix = s.Fix
	for _, t := range s.Tailored {
		if t.Releases.Contains(at) {
			fix = t.Fix
			break
		}
	}
	switch newest := modes.Newest(); {
	case v.Less(modes.First()) && at == modes.First():
		note = fmt.Sprintf("torch %s (%s) is a development build of %s, the release it shipped as: "+
			"this finding's release facts and fix are %s's", v, from, at, at)
	case v.Less(modes.First()):
		note = fmt.Sprintf("torch %s (%s) is a development build of %s, the release it shipped as, which is "+
			"not known to print this; the nearest release that does is %s, and the fix is that release's", v, from, modes.First(), at)
	case newest.Less(v) && at == newest:
		note = fmt.Sprintf("torch %s (%s) is newer than the releases known (%s–%s): its behaviour is not in the "+
			"catalogue, so this finding's release facts and fix are %s's, the newest known, and a range of releases "+
			"said to go on (\"from %d.x\", \"or later\") is known up to %s only", v, from, modes.First(), newest, newest, newest.Major, newest)
	case newest.Less(v):
		note = fmt.Sprintf("torch %s (%s) is newer than the releases known (%s–%s), and the "+
			"releases known to print this stop at %s: the fix is that release's", v, from, modes.First(), newest, at)
	case at != v:
		note = fmt.Sprintf("torch %s (%s) is not known to print this; the nearest release "+
			"that does is %s, and the fix is that release's", v, from, at)
	}
	return dropUpgrades(fix, v), note
}

// reUpgrade matches a fix's alternative that advises an upgrade, in each way the
// rows phrase one: "upgrade to 2.14, …", "upgrade to 2.6 or later, whose …", "torch
// 2.5 or later, which compiles on Windows" (that last was kept for a log on 2.6:
// sweep finding 12).
var reUpgrade = &lazyregexp.Regexp{Expr: `^(?:upgrade to |torch )(\d+)\.(\d+)\b`}

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
