package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestCommandLineDefaults: the modes planned for a value the command line gives are
// those the parser can produce: argparse's set_defaults replaces the default of an
// option added before it (not one added after, with its own default=), and click's
// option default and Choice items are the values of the decorated def's parameter
// (sweep4 finding 11: hA1 planned both defaults, hA2 every mode of the release).
func TestCommandLineDefaults(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, src string
		want              []string
	}{
		{"set-defaults-after", "hA1_setdefaults.py: set_defaults after add_argument wins", `import argparse, torch
p = argparse.ArgumentParser()
p.add_argument("--compile-mode", default="max-autotune-no-cudagraphs")
p.set_defaults(compile_mode="reduce-overhead")
args = p.parse_args()
m = torch.compile(f, mode=args.compile_mode)
`, []string{"reduce-overhead"}},
		{"set-defaults-before", "an option added after set_defaults keeps its own default=", `import argparse, torch
p = argparse.ArgumentParser()
p.set_defaults(compile_mode="reduce-overhead")
p.add_argument("--compile-mode", default="max-autotune-no-cudagraphs")
args = p.parse_args()
m = torch.compile(f, mode=args.compile_mode)
`, []string{"max-autotune-no-cudagraphs"}},
		{"nargs-const", "hA4_nargs.py: const is what --compile alone gives", `import argparse, torch
p = argparse.ArgumentParser()
p.add_argument("--compile", nargs="?", const="max-autotune", default=None)
args = p.parse_args()
m = torch.compile(f, mode=args.compile)
`, []string{"<None>", "max-autotune"}}, // default=None, the run without --compile, first (defaults.go)
		{"click-choice", "hA2_click.py: default and click.Choice items", `import click, torch
@click.command()
@click.option("--compile-mode", default="reduce-overhead", type=click.Choice(["default", "reduce-overhead", "max-autotune"]))
def main(compile_mode):
    m = torch.compile(f, mode=compile_mode)
main()
`, []string{"reduce-overhead", "default", "max-autotune"}},
		{"click-name", "a bare name among the declarations is the parameter", `import click, torch
@click.command()
@click.option("-m", "--the-mode", "mode", default="max-autotune")
def main(mode):
    m = torch.compile(f, mode=mode)
main()
`, []string{"max-autotune"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("a.py", []byte(tc.src))
			require.NoError(t, err)
			require.NotEmpty(t, s.Sites)
			var got []string
			for _, c := range s.Sites[0].ModeCandidates {
				v := "<None>"
				if c.Value != nil {
					v = *c.Value
				}
				got = append(got, v)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: mode candidates (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}
