package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// headingRelease is a release alone on its line, a local build's tag or a nightly's date
// after it ("2.2.0", "2.5.1+cu124", "2.6.0.dev20241112+cu124").
var headingRelease = &lazyregexp.Regexp{Expr: `^v?(\d+\.\d+(?:\.\d+)?(?:\.dev\d{8})?(?:\+[0-9A-Za-z.]+)?)$`}

// waitedValue returns the value on text of the key the line before named (f.waitWhat):
// under a "### Versions" heading only a release torch has alone on the line
// (versionsHeadingValue), else waitedVersion's.
func (f *versionFinder) waitedValue(text []byte) []byte {
	if f.waitWhat == whatVersionsHeading {
		return versionsHeadingValue(text)
	}
	return waitedVersion(text)
}

// versionsHeadingValue returns the release alone on text (headingRelease) where it is
// one torch has (modes.ParseRelease, not one only near them: modes.Near), nil
// otherwise: a bare "3.1.0" under the heading is another package's (Triton's), and
// "transformers 4.40.0" names its package.
func versionsHeadingValue(text []byte) []byte {
	m := findSubmatchGated(headingRelease, bytes.TrimSpace(text))
	if m == nil {
		return nil
	}
	if v, err := modes.ParseRelease(string(m[1])); err != nil || modes.Near(v) {
		return nil
	}
	return m[1]
}
