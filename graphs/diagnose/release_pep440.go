package diagnose

import (
	"bytes"
	"strconv"
)

// PEP 440's version specifiers (packaging.python.org, "Version specifiers") that hold a
// requirement to one minor release of torch state that minor as plainly as a pin does:
// the compatible release "torch~=2.0.0" (">=2.0.0, ==2.0.*": a Modal image's
// .pip_install("torch~=2.0.0"), ga_neg_modal_image_comment_py311), arbitrary equality
// "torch===2.0.1", and a range whose bounds are within one minor, "torch>=2.0,<2.1" or
// ">=2.0.1,<2.0.5". A compatible release of two parts ("torch~=2.0": >=2.0, ==2.*) and a
// range over more than one minor (">=2.0,<2.2", a lone ">=2.5") name no release of the
// run (torchRange). The wildcard "torch==2.0.*" is the pin row's (its release is read
// before the ".*").

// oneMinorSpec is the pin-one-minor row's shape: group 1 a compatible release of three
// parts or more, group 2 an arbitrary equality, groups 3 and 4 a range's lower and upper
// bound (in either order: groups 6 and 5).
const oneMinorSpec = `(?i)` + torchAt + `(?:py)?torch\s*(?:` +
	`~=\s*v?(\d+\.\d+\.\d+)` +
	`|===\s*v?(\d+\.\d+(?:\.\d+)?)` +
	`|>=?\s*v?(\d+\.\d+(?:\.\d+)?)\s*,\s*<\s*v?(\d+\.\d+(?:\.\d+)?)` +
	`|<\s*v?(\d+\.\d+(?:\.\d+)?)\s*,\s*>=?\s*v?(\d+\.\d+(?:\.\d+)?)` +
	`)(?:[^\w.*]|$)`

// pickOneMinor takes the release a match of oneMinorSpec holds to one minor: the
// compatible release's or the arbitrary equality's, or a range's lower bound where its
// upper bound is in the same minor or is the next minor's first release ("<2.1",
// "<2.1.0"); a wider range is skipped, and so is one that a row of otherRows makes another
// run's (the pin row asks them through otherRun, whose bound rule a range would meet).
func pickOneMinor(_ *otherRuns, text []byte, m []int) (lo, hi int, v verdict) {
	lo, hi, v = oneMinorOf(text, m)
	if v == take {
		if s := newReleaseSite(text, lo, hi); s.otherRow(stageNamed) >= 0 {
			v = skip // "Same bump as #85 (torch>=2.13.0,<2.14, lock regenerated)"
		}
	}
	return lo, hi, v
}

// oneMinorOf is pickOneMinor without the words around the match.
func oneMinorOf(text []byte, m []int) (lo, hi int, v verdict) {
	for g := 1; g <= 2; g++ {
		if m[2*g] >= 0 {
			return m[2*g], m[2*g+1], take
		}
	}
	low, up := 3, 4
	if m[2*low] < 0 {
		low, up = 6, 5
	}
	lo, hi = m[2*low], m[2*low+1]
	if oneMinorRange(text[lo:hi], text[m[2*up]:m[2*up+1]]) {
		return lo, hi, take
	}
	return lo, hi, skip
}

// oneMinorRange reports whether the releases from low up to (not with) up are of one
// minor: up is low's minor with a later patch, or the next minor's first release.
func oneMinorRange(low, up []byte) bool {
	a, b := versionParts(low), versionParts(up)
	if a[0] != b[0] || a[0] < 0 {
		return false
	}
	return b[1] == a[1] && b[2] > max(a[2], 0) || b[1] == a[1]+1 && b[2] <= 0
}

// versionParts returns the major, minor and patch of "X.Y" or "X.Y.Z" (-1 for a part
// that is not there or not a number).
func versionParts(v []byte) [3]int {
	out := [3]int{-1, -1, -1}
	for i, p := range bytes.SplitN(v, []byte("."), 3) {
		if n, err := strconv.Atoi(string(p)); err == nil {
			out[i] = n
		}
	}
	return out
}
