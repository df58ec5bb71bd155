package script

import (
	"errors"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/modes"
)

// TestReadOptionsRelease: ReadWith refuses a release PlanWith refuses, with the same
// *modes.VersionError, where ReadOptions{Torch: "banana"} and "2.15" had read as no
// release silently (newuser29 F21); a Python other than 3.8 to 3.14 still reads as
// none given (TestSyntaxErrorOrderOld), as its doc now says.
func TestReadOptionsRelease(t *testing.T) {
	t.Parallel()
	const src = "import torch\nf = torch.compile(lambda x: x)\n"
	cases := []struct {
		reason        string
		torch, python string
		version, read bool // want a *modes.VersionError, a *ReadError
	}{
		{"not a release at all", "banana", "", true, false},
		{"newer than the newest known, as PlanWith refuses it", "2.15", "", true, false},
		{"a patch that never shipped", "2.6.2", "", true, false},
		{"older than torch.compile", "1.13", "", true, false},
		{"lookalike: a Python the reader has no rules for reads as none", "", "2.7", false, false},
		{"lookalike: no release given", "", "", false, false},
		{"lookalike: a release known, patch and all", "2.7.1", "3.9", false, false},
		{"lookalike: the newest known", "2.14", "3.13t", false, false},
	}
	for _, tc := range cases {
		_, err := ReadWith(strings.NewReader(src), ReadOptions{Torch: tc.torch, Python: tc.python})
		var ve *modes.VersionError
		var re *ReadError
		if errors.As(err, &ve) != tc.version || errors.As(err, &re) != tc.read || (err == nil) == (tc.version || tc.read) {
			t.Errorf("%s: ReadOptions{Torch: %q, Python: %q}: %v", tc.reason, tc.torch, tc.python, err)
		}
	}
}
