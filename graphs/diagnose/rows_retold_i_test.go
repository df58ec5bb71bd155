package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestQuotedFragmentsTable: each fragment is inside its base, makes a row (its base is a
// row of PyTorch's own text), and is in no literal of a code its base's rows do not have
// (the pool check's text is two codes', told apart by their Requires), so that a fragment
// read names its message.
func TestQuotedFragmentsTable(t *testing.T) {
	rows := Signatures()
	for _, f := range quotedFragments {
		require.Contains(t, f.base, f.fragment, "fragment of its base")
		codes := map[Code]bool{}
		made := 0
		for _, r := range rows {
			if r.Literal == f.base && !r.Paraphrase && !r.Cropped {
				codes[r.Code] = true
			}
			if r.Literal == f.fragment && r.Cropped && r.Pattern == fragmentPattern(f.fragment) {
				made++
			}
		}
		require.NotEmpty(t, codes, "base %q is a row", f.base)
		require.Positive(t, made, "fragment %q makes a row", f.fragment)
		for _, r := range rows {
			if !codes[r.Code] && !r.Paraphrase && strings.Contains(r.Literal, f.fragment) {
				t.Errorf("fragment %q is in %s's literal %q too", f.fragment, r.Code, r.Literal)
			}
		}
	}
}
