package diagnose

import (
	"regexp"
	"testing"

	"github.com/compilemode/compilemode/modes"
)

// placeholder matches a placeholder left unfilled ({torch}, {op}): the planner's rows
// write them and fill them per plan; a finding must never print one.
var placeholder = regexp.MustCompile(`\{[a-z_]+\}`)

// TestNoUnfilledPlaceholders walks every row on every release (and with no release
// known) and checks that the cause, fix and note a finding prints hold no
// placeholder (usersweep: "torch {torch} has no cudagraph trees" on a 2.0 log).
func TestNoUnfilledPlaceholders(t *testing.T) {
	t.Parallel()
	for _, row := range Signatures() {
		check := func(on string, texts ...string) {
			for _, s := range texts {
				if m := placeholder.FindString(s); m != "" {
					t.Errorf("%s (%s) on %s prints %s: %q", row.Code, row.Releases, on, m, s)
				}
			}
		}
		cause, fix, note := row.texts(modes.Version{}, false, false)
		check("no release", cause, fix, note)
		for _, v := range modes.Supported() {
			cause, fix, note := row.texts(v, true, false)
			check(v.String(), cause, fix, note)
		}
	}
}
