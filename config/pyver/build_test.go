package pyver

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseBuild: free-threaded builds are named with a "t" suffix (sweep5 finding
// 18: -python 3.13t was refused).
func TestParseBuild(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want Build
		ok   bool
	}{
		{"3.13", Build{Version: Version{3, 13}}, true},
		{"3.13t", Build{Version: Version{3, 13}, FreeThreaded: true}, true},
		{" 3.14t ", Build{Version: Version{3, 14}, FreeThreaded: true}, true},
		{"3.13.3t", Build{Version: Version{3, 13}, Patch: 3, PatchGiven: true, FreeThreaded: true}, true},
		{"3.13.2", Build{Version: Version{3, 13}, Patch: 2, PatchGiven: true}, true},
		{"3.13tt", Build{}, false},
		{"t", Build{}, false},
		{"3.t", Build{}, false},
		{"3.13.xt", Build{}, false},
	}
	for _, tc := range cases {
		got, err := ParseBuild(tc.in)
		var pe *Error
		if (err == nil) != tc.ok || (err != nil && !errors.As(err, &pe)) {
			t.Errorf("ParseBuild(%q) error %v, want ok %v", tc.in, err, tc.ok)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("ParseBuild(%q) (-want +got):\n%s", tc.in, diff)
		}
		if tc.ok && got.String() != trimmed(tc.in) {
			t.Errorf("ParseBuild(%q).String() = %q", tc.in, got.String())
		}
	}
}

func trimmed(s string) string {
	for len(s) > 0 && s[0] == ' ' {
		s = s[1:]
	}
	for len(s) > 0 && s[len(s)-1] == ' ' {
		s = s[:len(s)-1]
	}
	return s
}

// FuzzParseBuild: no input panics, and what parses prints back as a Python name that
// parses to the same Build.
func FuzzParseBuild(f *testing.F) {
	for _, s := range []string{"3.13", "3.13t", "3.13.3t", "3.t", "t", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBuild(s)
		if err != nil {
			return
		}
		again, err := ParseBuild(b.String())
		if err != nil || again != b {
			t.Fatalf("ParseBuild(%q) = %+v, whose String %q parses to %+v, %v", s, b, b.String(), again, err)
		}
	})
}
