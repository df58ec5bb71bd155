package graphs

import (
	"slices"
	"testing"

	"github.com/compilemode/compilemode/config"
)

// TestEveryHazardCodeDocumented: every warning code the planner can raise is a
// constant of the one catalogue, config.Code (issue 23).
func TestEveryHazardCodeDocumented(t *testing.T) {
	t.Parallel()
	codes := config.Codes()
	for _, h := range Hazards() {
		if !slices.Contains(codes, config.Code(h.Code)) {
			t.Errorf("warning code %s is not in the catalogue (config/codes.go)", h.Code)
		}
	}
}
