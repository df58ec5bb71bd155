package diagnose

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTorchFromDocumented: Diagnosis.TorchFrom's doc comment names every phrasing kind a
// release row gives (releaseRows' what), the source rows' "source checkout" and
// Options.Torch's "option": the JSON field's values are documented where it is declared.
func TestTorchFromDocumented(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("read.go")
	require.NoError(t, err)
	doc := regexp.MustCompile(`(?s)// TorchText is that line.*?TorchFrom string`).Find(src)
	require.NotNil(t, doc)
	text := strings.Join(strings.Fields(strings.ReplaceAll(string(doc), "\t// ", " ")), " ")
	kinds := map[string]bool{"source checkout": true, "option": true}
	for _, r := range releaseRows() {
		kinds[r.what] = true
	}
	for k := range kinds {
		if !strings.Contains(text, `"`+k+`"`) {
			t.Errorf("Diagnosis.TorchFrom's doc does not name %q", k)
		}
	}
}
