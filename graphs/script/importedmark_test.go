package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestImportedMarkStep: a mark_step() imported from another module (unseen9 w01:
// FastTD3's fast_td3_utils.mark_step, torch.compiler.cudagraph_mark_step_begin() there;
// torch_xla's or Habana's elsewhere) may start each step's generation: an output said
// overwritten by a later call's new generation is said to assume it is not, since the
// file does not show its body. The file's own mark_step and torch's are read as they
// are; no note without an output kept.
func TestImportedMarkStep(t *testing.T) {
	t.Parallel()
	const loop = "m = torch.compile(f, mode=\"reduce-overhead\")\nfor x in xs:\n    MARK\n    with torch.no_grad():\n        y1 = m(x)\n        y2 = m(x)\n        print(y1)\n"
	cases := []struct {
		name, reason, head, mark string
		kept, note               bool
	}{
		{"imported", "unseen9 w01: mark_step from the project's utils",
			"import torch\nfrom fast_td3_utils import mark_step\n", "mark_step()", true, true},
		{"imported-module-attr-name", "a name that ends so, imported alike",
			"import torch\nfrom utils import cudagraph_mark_step\n", "cudagraph_mark_step()", true, true},
		{"own-def", "lookalike: the file's own mark_step, read as what it calls",
			"import torch\ndef mark_step():\n    torch.compiler.cudagraph_mark_step_begin()\n", "mark_step()", false, false},
		{"torch", "lookalike: torch's own mark",
			"import torch\n", "torch.compiler.cudagraph_mark_step_begin()", false, false},
		{"other-import", "lookalike: an imported function of another name",
			"import torch\nfrom utils import step\n", "step()", true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := tc.head + strings.ReplaceAll(loop, "MARK", tc.mark)
			s, err := ReadWith(strings.NewReader(src), ReadOptions{Name: "t.py", Torch: "2.11"})
			require.NoError(t, err, tc.reason)
			require.Len(t, s.Sites, 1, tc.reason)
			require.Equal(t, tc.kept, s.Sites[0].Workload.OutputsKept, tc.reason)
			require.Equal(t, tc.note, strings.Contains(strings.Join(s.Sites[0].Notes, "\n"), "is not torch.compiler.cudagraph_mark_step_begin()"), tc.reason)
		})
	}
	t.Run("no-output-kept", func(t *testing.T) {
		t.Parallel()
		src := "import torch\nfrom fast_td3_utils import mark_step\nm = torch.compile(f)\nmark_step()\nm(x)\n"
		s, err := ReadWith(strings.NewReader(src), ReadOptions{Name: "t.py", Torch: "2.11"})
		require.NoError(t, err)
		require.False(t, strings.Contains(strings.Join(s.Sites[0].Notes, "\n"), "mark_step"), "lookalike: nothing kept, nothing said")
	})
}
