package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOutsideDictItems: a dict the file does not build (a parameter, an attribute of
// another file's class, a call's result) whose items the file sets by str key, or
// updates with a display, before passing it as options= is partly known: those items
// are planned and said, the rest is named as not followed (unseen8 w03: torchtitan's
// FlexAttention.inductor_configs["max_autotune"] = False and
// ["coordinate_descent_tuning"] = False before options=FlexAttention.inductor_configs
// were "not followed" as a whole). A key that is no str literal adds nothing known.
func TestOutsideDictItems(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		known     string // the note naming the dict's known items ("": none)
		cudagraph bool   // triton.cudagraphs=True planned
	}{
		{"class attribute of another file",
			"import torch\nfrom lib import FlexAttention\nFlexAttention.inductor_configs[\"max_autotune\"] = False\nFlexAttention.inductor_configs[\"coordinate_descent_tuning\"] = False\nc = torch.compile(f, options=FlexAttention.inductor_configs)\n",
			"options `FlexAttention.inductor_configs` is a dict not built in this file, changed at line 3, 4: {'max_autotune': False, 'coordinate_descent_tuning': False}", false},
		{"parameter",
			"import torch\ndef build(f, opts):\n    opts[\"triton.cudagraphs\"] = True\n    return torch.compile(f, options=opts)\n",
			"options `opts` is a dict not built in this file, changed at line 3: {'triton.cudagraphs': True}", true},
		{"update with a display",
			"import torch\nfrom lib import get\nopts = get()\nopts.update({\"triton.cudagraphs\": True})\nc = torch.compile(f, options=opts)\n",
			"options `opts` is a dict not built in this file, changed at line 4: {'triton.cudagraphs': True}", true},
		{"key not a literal",
			"import torch\nfrom lib import get, KEY\nopts = get()\nopts[KEY] = True\nc = torch.compile(f, options=opts)\n",
			"", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p, text := planText(t, tc.src)
			require.Len(t, p.Sites, 1)
			notes := strings.Join(p.Sites[0].Notes, "\n")
			if tc.known != "" {
				require.Contains(t, notes, tc.known)
				require.Contains(t, notes, "as it was before line")
			} else {
				require.NotContains(t, notes, "not built in this file")
			}
			require.Equal(t, tc.cudagraph, strings.Contains(text, "triton.cudagraphs  True   options"), "%s", text)
		})
	}
}
