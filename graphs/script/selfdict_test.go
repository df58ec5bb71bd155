package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSelfReferentialDictLookup: a name rebound to a dict display that reads its own
// items (unseen9 w11: RLinf's obs = {"images": [obs["main_images"]], "states":
// obs["states"]}) is read without recursing forever (the stack overflowed before:
// literalCands followed the lookup before testing its depth); each sibling form reads
// and plans its site, and the lookalikes keep their values.
func TestSelfReferentialDictLookup(t *testing.T) {
	t.Parallel()
	const site = "m = torch.compile(f, mode=MODE)\n"
	cases := []struct {
		name, reason, src, mode string
		want                    []string // the modes planned (nil: not checked)
	}{
		{"list-item", "unseen9 w11: the display's item is a list holding a lookup of the name itself",
			"obs = {\"images\": [obs[\"main_images\"]], \"states\": obs[\"states\"]}\n", `obs["images"]`, nil},
		{"plain-item", "an item that is the lookup itself, by subscript",
			"d = {\"mode\": d[\"mode\"]}\n", `d["mode"]`, nil},
		{"get-item", "the same by .get, with a default",
			"d = {\"mode\": d.get(\"mode\", \"default\")}\n", `d.get("mode")`, nil},
		{"if-else-item", "an item that is a conditional over the lookup",
			"d = {\"mode\": d[\"mode\"] if c else \"reduce-overhead\"}\n", `d["mode"]`, nil},
		{"two-names", "two displays that read each other's items",
			"a = {\"mode\": b[\"mode\"]}\nb = {\"mode\": a[\"mode\"]}\n", `a["mode"]`, nil},
		{"lookalike-plain", "a display of literals keeps its item",
			"d = {\"mode\": \"reduce-overhead\"}\n", `d["mode"]`, []string{"reduce-overhead"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import torch\n" + tc.src + strings.ReplaceAll(site, "MODE", tc.mode)
			s, err := ReadWith(strings.NewReader(src), ReadOptions{Name: "t.py", Torch: "2.11"})
			require.NoError(t, err, tc.reason)
			require.Len(t, s.Sites, 1, tc.reason)
			if tc.want != nil {
				var got []string
				for _, m := range s.Sites[0].Modes(nil) {
					if m != nil {
						got = append(got, *m)
					}
				}
				require.Equal(t, tc.want, got, tc.reason)
			}
		})
	}
}
