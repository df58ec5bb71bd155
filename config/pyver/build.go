package pyver

import (
	"strconv"
	"strings"
)

// Build is a Python as -python names it: its release, its patch release when given,
// and whether it is a free-threaded build ("3.13t": CPython built with
// --disable-gil, sysconfig's Py_GIL_DISABLED, PEP 703).
type Build struct {
	Version
	// Patch is the patch release ("3.13.3t": 3); meaningful only when PatchGiven.
	Patch int
	// PatchGiven reports whether the input names a patch release.
	PatchGiven bool
	// FreeThreaded reports a free-threaded build (the "t" suffix).
	FreeThreaded bool
}

// String is the Python as it was named: "3.13", "3.13t", "3.13.3t".
func (b Build) String() string {
	s := b.Version.String()
	if b.PatchGiven {
		s += "." + strconv.Itoa(b.Patch)
	}
	if b.FreeThreaded {
		s += "t"
	}
	return s
}

// ParseBuild reads a Python as [Parse] does, with an optional "t" suffix naming a
// free-threaded build ("3.13t", "3.14t", "3.13.3t"; CPython's own name for the
// interpreter, python3.13t). It keeps the patch release, which [Parse] drops. It
// returns an *Error for anything else.
func ParseBuild(s string) (Build, error) {
	t := strings.TrimSpace(s)
	ft := strings.HasSuffix(t, "t")
	t = strings.TrimSuffix(t, "t")
	v, err := Parse(t)
	if err != nil {
		return Build{}, &Error{Input: s, Msg: "want MAJOR.MINOR, e.g. 3.13, or a free-threaded build, e.g. 3.13t"}
	}
	b := Build{Version: v, FreeThreaded: ft}
	if parts := strings.Split(t, "."); len(parts) == 3 {
		p, err := strconv.Atoi(parts[2])
		if err != nil || p < 0 || p > 99 {
			return Build{}, &Error{Input: s, Msg: "want MAJOR.MINOR[.PATCH][t], e.g. 3.13.3t"}
		}
		b.Patch, b.PatchGiven = p, true
	}
	return b, nil
}
