package diagnose_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestRepeatsInText: the text says how often a finding's texts occurred and the last
// line, as the JSON's count and last_line do (sweep finding 17: 61 skip lines over eight
// ranks read as one "line 5291").
func TestRepeatsInText(t *testing.T) {
	t.Parallel()
	const msg = "skipping cudagraphs due to mutated inputs (1 instances)\n"
	tests := []struct {
		name, log, want string
	}{
		{"three", msg + "foo\n[rank1]: " + msg + "bar\n" + msg, "line 1 (3 times, last line 5): skip-mutated-inputs\n"},
		{"once", "foo\n" + msg, "line 2: skip-mutated-inputs\n"},
	}
	for _, tt := range tests {
		d, err := diagnose.Read(strings.NewReader(tt.log))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := d.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(b.String(), "\n")
		if diff := cmp.Diff(tt.want, first+"\n"); diff != "" {
			t.Errorf("%s: first line mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}
