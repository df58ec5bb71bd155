package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSplatBoundModes: a mode parameter that a call of the file may bind through
// *args or **kwargs is not known there, so every mode is planned besides the values
// the file shows (sweep10 finding 8: Trainer(net, **kw), kw = {"compile_mode":
// "reduce-overhead"}, planned compile_mode's default alone); a def called only with
// arguments the file shows, or never called, keeps its candidates.
func TestSplatBoundModes(t *testing.T) {
	t.Parallel()
	every := []string{"default", "reduce-overhead", "max-autotune"}
	const build = "import torch\ndef build(model, compile_mode=\"default\"):\n    return torch.compile(model, mode=compile_mode)\n"
	cases := []struct {
		name, src string
		want      []string
	}{
		{"ctor-kwargs", "import torch\nclass Trainer:\n    def __init__(self, model, compile_mode=\"default\"):\n        self.model = torch.compile(model, mode=compile_mode)\nkw = {\"compile_mode\": \"reduce-overhead\"}\nt = Trainer(net, **kw)\n",
			[]string{"default", "reduce-overhead", "max-autotune"}},
		{"star-args", build + "a = (net, \"reduce-overhead\")\nm = build(*a)\n", []string{"default", "reduce-overhead", "max-autotune"}},
		{"literal-and-star", build + "m = build(net, \"max-autotune\")\nm2 = build(*a)\n", []string{"default", "max-autotune", "reduce-overhead"}},
		{"literal-calls-only", build + "m = build(net, \"max-autotune\")\nm2 = build(net)\n", []string{"default", "max-autotune"}},
		{"never-called", build, []string{"default"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("s.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			var got []string
			for _, m := range s.Sites[0].Modes(every) {
				require.NotNil(t, m)
				got = append(got, *m)
			}
			require.Equal(t, tc.want, got)
		})
	}
}
