package graphs

import (
	"os"
	"regexp"
	"testing"
)

// TestEveryHazardCodeDocumented: every warning code the planner can raise is in the
// catalogue of this package's doc (or config's, for codes config also raises).
func TestEveryHazardCodeDocumented(t *testing.T) {
	t.Parallel()
	var docs string
	for _, f := range []string{"doc.go", "../config/doc.go"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs += string(data)
	}
	for _, h := range Hazards() {
		if !regexp.MustCompile(`(?m)^//\s+` + "`?" + regexp.QuoteMeta(h.Code) + "`?" + `\s`).MatchString(docs) {
			t.Errorf("warning code %s is not in the catalogue (graphs/doc.go, \"The plan's warnings\")", h.Code)
		}
	}
}
