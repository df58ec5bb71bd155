package modes

import (
	"fmt"
	"strconv"
	"strings"
)

// VersionKind says why a [VersionError]'s input is refused: the kind of text it is.
// Its values are stable: the JSON of diagnose's stated releases carries them.
type VersionKind string

// The kinds of a refused release.
const (
	// VersionNotParsed: no MAJOR.MINOR[.PATCH][+LOCAL] ("x", "2", "v2.11", "2.011").
	VersionNotParsed VersionKind = "not-a-version"
	// VersionOlder: a release before torch.compile, which came in 2.0 (1.13, 0.4).
	VersionOlder VersionKind = "older"
	// VersionNewer: a release newer than the releases known ([Newest]) but near them
	// (nearMargin: 2.15 to 2.17, or 3.0 to 3.2). [ParseVersion], the rule of every
	// release a person gives (-torch, graphs.Check, diagnose's Options.Torch, -script's
	// plans, the web page's selectors), refuses it: nothing about it is known, so no
	// answer may be planned on it. [ParseRelease], the rule of a release a text states,
	// takes it: a log of a 2.15 run is that run's, its facts noted as 2.14's.
	VersionNewer VersionKind = "newer"
	// VersionNotRelease: no release torch has or is near: a minor or a major too far past
	// the newest (2.18, 2.99, 3.5, 10.0), or numbers past any release's
	// (2.999999999999999999999). A two-digit minor that is a known release typed without
	// its dot ("2.31": 2.3.1) is this kind too, with [VersionError.Suggest] set.
	VersionNotRelease VersionKind = "not-a-release"
)

// nearMargin is how many releases past the newest known a release may be and still be
// read as a newer one (2.15 to 2.17 after 2.14, or 3.0 to 3.2 if the major changes): a
// year of releases ("Typically, PyTorch has three minor releases a year",
// pytorch/pytorch README.md). A minor past it is a release typed without the dot between
// its minor and its patch (typedWithoutDot), or none.
const nearMargin = 3

// ParseRelease parses a torch release as a text states one (a log's collect_env, pip
// list or torch.__version__): a supported release ([ParseVersion]), or one newer than
// the newest known but near it (2.15 to 2.17, or 3.0 to 3.2: a year of releases),
// returned as itself, for the run that states it runs it (PyPI lists torch 2.15.0 of
// 2026-10). A release a person gives is read by [ParseVersion], which refuses a newer
// one with the same *VersionError (Kind VersionNewer): nothing about it is known, so
// no entry point plans on it. Anything else is a *VersionError whose Kind says what
// it is: older than torch.compile (1.13), not a release torch has or is near (2.18,
// 2.99, 10.0), with the release it may be typed without its dot ("2.31": did you mean
// 2.3?), a patch that never shipped (2.6.2), or no version.
func ParseRelease(s string) (Version, error) {
	v, err := ParseVersion(s)
	if ve, ok := err.(*VersionError); ok && ve.Kind == VersionNewer {
		return ve.Release, nil
	}
	return v, err
}

// Near reports whether v is newer than the releases known but near them, as
// [ParseRelease] takes it: 2.15 to 2.17, or 3.0 to 3.2.
func Near(v Version) bool {
	n := Newest()
	switch v.Major {
	case n.Major:
		return n.Minor < v.Minor && v.Minor <= n.Minor+nearMargin
	case n.Major + 1:
		return v.Minor < nearMargin
	}
	return false
}

// refused is the *VersionError for t (s trimmed), which ParseVersion does not take:
// its kind, its reason in words and, for a release typed without its dot, the release
// it may be.
func refused(s, t string) *VersionError {
	e := &VersionError{Input: s, Supported: Supported()}
	majorText, minorText, ok := versionParts(t)
	if t == "" {
		// one wording for every entry point: -torch "" had been "empty release" for a
		// plan and -script, and "is not a version" for -diagnose (hostile29 K1)
		e.Kind, e.Reason = VersionNotParsed, "is empty: give a release such as 2.11, or leave -torch out for the default"
		return e
	}
	if !ok {
		e.Kind, e.Reason = VersionNotParsed, "is not a version (want MAJOR.MINOR[.PATCH][+LOCAL])"
		return e
	}
	major, err1 := strconv.Atoi(majorText)
	minor, err2 := strconv.Atoi(minorText)
	v := Version{major, minor}
	switch {
	case err1 != nil || err2 != nil:
		e.Kind, e.Reason = VersionNotRelease, "is not a release torch has or is near: its numbers are past any release's"
	case v.Less(First()):
		e.Kind, e.Reason = VersionOlder, fmt.Sprintf("is older than torch.compile, which came in %s", First())
	case Near(v):
		e.Kind, e.Release = VersionNewer, v
		e.Reason = newerReason()
	default:
		patched := strings.HasPrefix(t[len(majorText)+1+len(minorText):], ".")
		e.Kind, e.Reason = VersionNotRelease, notNear(v, minorText, patched)
		if !patched {
			e.Suggest, _ = typedWithoutDot(major, minorText)
		}
	}
	return e
}

// newerReason is the reason a release newer than the newest known is refused where a
// person gives one: it names the newest release known and what to do (give it, whose
// facts may not hold on the newer one; a log that states the newer one is read as its
// run's all the same, ParseRelease).
func newerReason() string {
	n := Newest()
	return fmt.Sprintf("is newer than the newest release known, %s (the releases known are %s–%s): nothing about it is "+
		"known yet, so nothing is answered for it; give %s for the newest facts known, which may not hold on it "+
		"(a log that states it is still read as its run's)", n, First(), n, n)
}

// unshipped returns the *VersionError for a final release of minor v whose patch never
// shipped ("2.6.2", "2.11.3+cu128": [LastPatch] gives the minor's last), rest being the
// text after the minor (".2+cu128"); nil for any other: no patch, a patch that shipped,
// a minor whose patches may go on (2.13, 2.14), or a pre-release or development build
// (2.6.1rc1, 2.13.0.dev…, 2.6.0a0+git…), whose version is the branch's, not a
// release's. Kind VersionNotRelease, with Suggest the minor, as a release typed without
// its dot: a log's reader reads the minor (fix brief 31, finding 2).
func unshipped(s, rest string, v Version) *VersionError {
	last, ended := LastPatch(v)
	if !ended || !strings.HasPrefix(rest, ".") {
		return nil
	}
	patch, after, ok := number(rest[1:])
	if !ok || after != "" && !strings.HasPrefix(after, "+") {
		return nil
	}
	if p, err := strconv.Atoi(patch); err == nil && p <= last {
		return nil
	}
	return &VersionError{Input: s, Supported: Supported(), Kind: VersionNotRelease, Suggest: v, Unshipped: true,
		Reason: fmt.Sprintf("is not a release torch has: %s; did you mean %s?", PatchesEnded(v), v)}
}

// notNear is the reason a well-formed release past the newest known is no release torch
// has or is near (Near is false): a future release that far ahead is not known yet. A
// two-digit minor, no patch after it, that is a release typed without its dot names
// that release ("did you mean 2.3 (2.3.1 typed without its dot)?"); one whose patch
// never existed says so ("2.18" is no 2.1.8: 2.1 ended at 2.1.2), so only a release that
// exists is suggested (fix brief 29, finding 2).
func notNear(v Version, minor string, patched bool) string {
	newest := Newest()
	taken := fmt.Sprintf("(a log that states a newer one is read up to %d.%d, or %d.%d)", newest.Major, newest.Minor+nearMargin, newest.Major+1, nearMargin-1)
	if v.Major != newest.Major {
		return "is not a release torch has or is near: a future release that far ahead is not known yet " + taken
	}
	why := fmt.Sprintf("is not a release torch has or is near: a minor more than %d past the newest, %s, "+
		"would be a future release, not known yet %s", nearMargin, newest, taken)
	if patched {
		return why
	}
	if s, ok := typedWithoutDot(v.Major, minor); ok {
		return why + fmt.Sprintf("; did you mean %s (%s.%s typed without its dot)?", s, s, minor[1:])
	}
	if s, ok := dotless(v.Major, minor); ok {
		last, _ := LastPatch(s)
		why += fmt.Sprintf("; nor is it %s.%s typed without its dot: %s ended at %s.%d", s, minor[1:], s, s, last)
	}
	return why
}

// typedWithoutDot reads a two-digit minor past nearMargin, no patch after it, as the
// release typed without its dot ("torch=2.31+cu121" for 2.3.1, holdoutO's
// woct0rdho/triton-windows#89; "torch==2.51", "2.41+cu121"): its first digit is the
// minor and its second the patch, when that patch release exists ([LastPatch]: "2.18"
// is no 2.1.8, as 2.1 ended at 2.1.2; fix brief 29, finding 2); any other such minor is
// no release.
func typedWithoutDot(major int, minor string) (Version, bool) {
	v, ok := dotless(major, minor)
	if !ok {
		return Version{}, false
	}
	if last, ended := LastPatch(v); ended && int(minor[1]-'0') > last {
		return Version{}, false
	}
	return v, true
}

// dotless returns the known release whose minor is the first digit of a two-digit
// minor, whether or not the second digit is one of its patches (typedWithoutDot).
func dotless(major int, minor string) (Version, bool) {
	if len(minor) != 2 {
		return Version{}, false
	}
	v := Version{Major: major, Minor: int(minor[0] - '0')}
	if v.Less(First()) || Newest().Less(v) {
		return Version{}, false
	}
	return v, true
}
