package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestOptionsPastLimit: an options value nested past literal.MaxDepth, at any depth
// past it (sweep finding 3: 65 levels were refused naming the limit, 69 planned as
// options {} with exit 0), in the call or as an item, is not planned: the site's
// PlanError names the limit, without Go package prefixes.
func TestOptionsPastLimit(t *testing.T) {
	t.Parallel()
	nest := func(n int) string { return "{'a': " + strings.Repeat("{'b': ", n) + "1" + strings.Repeat("}", n) + "}" }
	for _, tc := range []struct {
		name, src string
		limited   bool
	}{
		{"2", "import torch\nm = torch.compile(f, options=" + nest(2) + ")\n", false},
		{"64", "import torch\nm = torch.compile(f, options=" + nest(64) + ")\n", true},
		{"69", "import torch\nm = torch.compile(f, options=" + nest(69) + ")\n", true},
		{"150", "import torch\nm = torch.compile(f, options=" + nest(150) + ")\n", true},
		{"item", "import torch\nm = torch.compile(f, options={'x': use, 'a': " + nest(80) + "})\n", true},
		{"name", "import torch\no = " + nest(90) + "\nm = torch.compile(f, options=o)\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := planSource(t, tc.src)
			st := p.Sites[0]
			if !tc.limited {
				require.Empty(t, st.PlanError)
				require.Equal(t, graphs.Raises, p.Exit())
				return
			}
			require.Contains(t, st.PlanError, "limit literal.MaxDepth = 64", "notes %q", st.Notes)
			require.NotContains(t, st.PlanError, "graphs: ")
			require.NotContains(t, st.PlanError, "config: ")
		})
	}
}
