package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestCLIRunnerGuard: a def that fire.Fire(f) or typer.run(f) runs as the program is
// said to be run so, not "no code in this file calls" it (unseen6 y08: sam-fast's
// eval_combo run(), whose Inductor globals were said to be in a def nobody calls).
func TestCLIRunnerGuard(t *testing.T) {
	t.Parallel()
	const body = "def run(use_compile=\"max-autotune\"):\n    m = torch.compile(model, mode=use_compile)\n"
	cases := []struct{ name, src, want string }{
		{"fire", "import fire\nimport torch\n" + body + "if __name__ == \"__main__\":\n    fire.Fire(run)\n",
			"in def run (line 3), which fire.Fire(run) (line 6) runs as the program, with the values the command line gives its parameters"},
		{"typer", "import typer\nimport torch\n" + strings.ReplaceAll(body, "def run", "def main") + "typer.run(main)\n",
			"in def main (line 3), which typer.run(main) (line 5) runs as the program, with the values the command line gives its parameters"},
		{"neither", "import torch\n" + body, "in def run (line 2), which no code in this file calls"},
	}
	for _, tc := range cases {
		s, err := readBytes("c.py", []byte(tc.src))
		require.NoError(t, err)
		require.Len(t, s.Sites, 1, tc.name)
		if diff := cmp.Diff(tc.want, s.Sites[0].Guard); diff != "" {
			t.Errorf("%s: guard (-want +got):\n%s", tc.name, diff)
		}
	}
}
