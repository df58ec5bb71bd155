package modes

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a PyTorch release line, major.minor. Patch releases and local tags
// (2.7.1, 2.11.0+cu130) resolve to their minor: every fact this module encodes is
// kept per minor release.
type Version struct {
	Major, Minor int
}

// String returns "major.minor", the form the JSON contract uses for "torch".
func (v Version) String() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// Less reports whether v is an earlier release than w.
func (v Version) Less(w Version) bool {
	if v.Major != w.Major {
		return v.Major < w.Major
	}
	return v.Minor < w.Minor
}

// AtLeast reports whether v is w or a later release.
func (v Version) AtLeast(w Version) bool { return !v.Less(w) }

// DefaultRelease returns the release answered when none is given, 2.11: the one the
// library measured on a GPU (evidence "measured"). It is the default of every API that
// takes a version (graphs.Scenario.Torch "", the command's -torch). It is not the
// newest supported release: that is [Newest].
func DefaultRelease() Version { return Version{2, 11} }

// Newest returns the newest supported release, 2.14.
func Newest() Version { return Version{2, 14} }

// First returns the oldest supported release, 2.0: the first with torch.compile. Its
// modes are the ones _TorchCompileInductorWrapper.apply_mode hard-codes (read in the
// 2.0 documentation's rendered torch/__init__.py); list_mode_options and
// max-autotune-no-cudagraphs came in 2.1 (PR #95824, #98255).
func First() Version { return Version{2, 0} }

// Latest returns [DefaultRelease] (2.11), which is not the newest release.
//
// Deprecated: the name misled (2.14 is newer); use [DefaultRelease], or [Newest] for
// the newest supported release. Kept for one release.
func Latest() Version { return DefaultRelease() }

// Last returns [Newest] (2.14).
//
// Deprecated: use [Newest]. Kept for one release.
func Last() Version { return Newest() }

// Supported returns the supported releases, oldest first.
func Supported() []Version {
	var out []Version
	for m := First().Minor; m <= Newest().Minor; m++ {
		out = append(out, Version{2, m})
	}
	return out
}

// VersionError reports a torch release that an entry point does not take: the one
// error of every entry point that takes a release (graphs.Scenario.Torch, the command's
// -torch, diagnose's Options.Torch and ParseTorch, -script's plans), with the same words
// in each. Kind says what the input is (no version, older than torch.compile, newer than
// the releases known, no release torch has or is near) and Reason says it in words,
// with "did you mean 2.3?" where Suggest is set. Its text has no package prefix: each
// entry point wraps it with its own context ("graphs: scenario torch: …", "diagnose:
// Options.Torch: …", "-torch: …"); errors.As finds it through them.
type VersionError struct {
	Input     string      // the string as given
	Supported []Version   // the releases that are supported
	Reason    string      // why it was refused, in words ("is older than torch.compile, which came in 2.0")
	Kind      VersionKind // what the input is
	// Release is the release Input names where Kind is VersionNewer (2.15), the zero
	// Version otherwise.
	Release Version
	// Suggest is the known release Input may be, typed without its dot ("2.31": 2.3,
	// where 2.3.1 exists), or the minor of a patch that never shipped ("2.6.2": 2.6),
	// the zero Version when none.
	Suggest Version
	// Unshipped reports that Input is a final release of a known minor whose patch
	// never shipped ("2.6.2": 2.6 ended at 2.6.0; [LastPatch]); Suggest is the minor.
	Unshipped bool
}

func (e *VersionError) Error() string {
	if e == nil {
		return "modes: <nil *VersionError>"
	}
	names := make([]string, len(e.Supported))
	for i, v := range e.Supported {
		names[i] = v.String()
	}
	return fmt.Sprintf("torch version %q %s; supported: %s", e.Input, e.Reason, strings.Join(names, ", "))
}

// versionParts returns the major and minor numbers of a torch.__version__ form: 2.11,
// 2.7.1, 2.11.0+cu130, and the pre-releases 2.13.0.dev20260518, 2.11.0a0+gitabc,
// 2.12.0rc1 (numbers without leading zeros); ok is false for any other text. It is
// the expression
//
//	^(0|[1-9]\d*)\.(0|[1-9]\d*)(?:\.(0|[1-9]\d*))?(?:[-_.]?(?:a|b|rc)\d+)?(?:\.dev\d+)?(?:\+[0-9A-Za-z.]+)?$
//
// read by hand (TestVersionParts checks it against the expression): every call's
// first answer parses a release, and the web page's worker would otherwise compile
// the regular-expression engine's code for it (examples/web's Budgets).
func versionParts(t string) (major, minor string, ok bool) {
	major, t, ok = number(t)
	if !ok || !strings.HasPrefix(t, ".") {
		return "", "", false
	}
	if minor, t, ok = number(t[1:]); !ok {
		return "", "", false
	}
	if strings.HasPrefix(t, ".") && len(t) > 1 && isDigit(t[1]) { // .PATCH
		if _, t, ok = number(t[1:]); !ok {
			return "", "", false
		}
	}
	if t, ok = preAndDev(t); !ok {
		return "", "", false
	}
	if rest, found := strings.CutPrefix(t, "+"); found { // +LOCAL
		if rest == "" || strings.TrimLeft(rest, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.") != "" {
			return "", "", false
		}
		t = ""
	}
	return major, minor, t == ""
}

// preAndDev cuts versionParts' optional pre-release (a0, b1, rc1, after an optional
// separator: PEP 440's pre-release separators ".", "-" and "_", which normalise
// "2.11.0-rc1" to 2.11.0rc1, read so from a log and, since hostile29 K2, from -torch) and
// .devN from the start of t; ok is false for a marker without its number.
func preAndDev(t string) (rest string, ok bool) {
	if len(t) > 1 && strings.ContainsRune("-_.", rune(t[0])) && strings.ContainsRune("abr", rune(t[1])) {
		t = t[1:]
	}
	for _, pre := range []string{"a", "b", "rc"} {
		if r, found := strings.CutPrefix(t, pre); found {
			if t = strings.TrimLeft(r, "0123456789"); len(t) == len(r) {
				return "", false
			}
			break
		}
	}
	if r, found := strings.CutPrefix(t, ".dev"); found {
		if t = strings.TrimLeft(r, "0123456789"); len(t) == len(r) {
			return "", false
		}
	}
	return t, true
}

// number cuts a decimal number without leading zeros (0, 7, 11) from the start of s.
func number(s string) (n, rest string, ok bool) {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i == 0 || i > 1 && s[0] == '0' {
		return "", s, false
	}
	return s[:i], s[i:], true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// ParseVersion parses "2.11", "2.7.1", "2.11.0+cu130" or "2.13.0.dev20260518" into
// its minor release. It returns a *VersionError for malformed input and for releases
// outside [First(), Newest()], whose Kind and Reason say what the input is (as
// [ParseRelease], which takes a near newer release, says it).
func ParseVersion(s string) (Version, error) {
	t := strings.TrimSpace(s)
	majorText, minorText, ok := versionParts(t)
	if ok {
		major, err1 := strconv.Atoi(majorText)
		minor, err2 := strconv.Atoi(minorText)
		if v := (Version{major, minor}); err1 == nil && err2 == nil && v.AtLeast(First()) && !Newest().Less(v) {
			if e := unshipped(s, t[len(majorText)+1+len(minorText):], v); e != nil {
				return Version{}, e
			}
			return v, nil
		}
	}
	return Version{}, refused(s, t)
}
