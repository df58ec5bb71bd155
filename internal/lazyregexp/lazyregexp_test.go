package lazyregexp

import (
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNew: a lazy expression answers as regexp.MustCompile's does, and its String is
// its source.
func TestNew(t *testing.T) {
	t.Parallel()
	const expr = `(\w+)=(\d+)`
	lazy, eager := New(expr), regexp.MustCompile(expr)
	const in = "a=1 b=22 c"
	if lazy.String() != expr {
		t.Errorf("String() = %q, want %q", lazy.String(), expr)
	}
	for _, tc := range []struct {
		name      string
		got, want any
	}{
		{"MatchString", lazy.MatchString(in), eager.MatchString(in)},
		{"FindStringSubmatch", lazy.FindStringSubmatch(in), eager.FindStringSubmatch(in)},
		{"FindAllSubmatchIndex", lazy.FindAllSubmatchIndex([]byte(in), -1), eager.FindAllSubmatchIndex([]byte(in), -1)},
		{"ReplaceAllString", lazy.ReplaceAllString(in, "$2"), eager.ReplaceAllString(in, "$2")},
		{"Regexp", lazy.Regexp().String(), eager.String()},
	} {
		if diff := cmp.Diff(tc.want, tc.got); diff != "" {
			t.Errorf("%s mismatch (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestNewInTest: in a test binary a bad expression panics at New, as
// regexp.MustCompile at initialisation did.
func TestNewInTest(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Error("New(`(`) did not panic in a test binary")
		}
	}()
	New(`(`)
}
