package script

import (
	"strings"
	"testing"
)

// TestArgvDash: after the list's first "--" every argument is a positional, as
// argparse reads it (afterDash; hostile29 S3, measured with CPython 3.8–3.13:
// testdata/argvdash): a parser the reader sees whole with no positional refuses them
// ("unrecognized arguments: -- --mode max-autotune"), one with a positional takes the
// next, the "--" taken out beside it. Lookalikes: options before "--" still apply, and
// a parser the reader does not see whole (nargs=) gets no warning.
func TestArgvDash(t *testing.T) {
	t.Parallel()
	const head = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--mode\", default=\"default\")\np.add_argument(\"--compile\", action=\"store_true\")\n"
	const tail = "args = p.parse_args()\nif args.compile:\n    m = torch.compile(torch.nn.Linear(2, 2), mode=args.mode)\n"
	closed := head + tail
	pos := head + "p.add_argument(\"data\")\n" + tail
	open := head + "p.add_argument(\"--extra\", nargs=\"+\")\n" + tail
	cases := []struct {
		name, reason, src string
		argv              []string
		warn              string // the argv-error ("": none)
	}{
		{"second-dash", "the inner -- and what follows: no positional takes them", closed, []string{"--compile", "--", "--mode", "max-autotune"}, "unrecognized arguments: -- --mode max-autotune"},
		{"trailing-dash", "a -- no positional takes", closed, []string{"--compile", "--"}, "unrecognized arguments: --"},
		{"dash-first", "an option after -- is a positional", closed, []string{"--", "--compile"}, "unrecognized arguments: -- --compile"},
		{"dash-required", "-- alone leaves the positional out: required comes first", pos, []string{"--compile", "--"}, "the following arguments are required: data"},
		{"dash-positional", "-- x gives data x", pos, []string{"--compile", "--", "x"}, ""},
		{"positional-dash", "x -- gives data x, the -- taken out beside it", pos, []string{"--compile", "x", "--"}, ""},
		{"dash-dash", "-- -- gives data --", pos, []string{"--compile", "--", "--"}, ""},
		{"extra-after", "x y --: y and -- are extra", pos, []string{"x", "y", "--"}, "unrecognized arguments: y --"},
		{"value-dash", "--mode -- : -- is no value", closed, []string{"--mode", "--", "x"}, "argument --mode: expected one argument"},
		{"plain", "lookalike: no --", closed, []string{"--compile", "--mode", "max-autotune"}, ""},
		{"open-parser", "lookalike: a parser not seen whole gets no warning", open, []string{"--compile", "--", "--mode", "x"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, warns := readArgvErrors(t, c.src, c.argv)
			switch {
			case c.warn == "" && len(warns) > 0:
				t.Errorf("argv-error %q, want none (%s)", warns, c.reason)
			case c.warn != "" && (len(warns) != 1 || !strings.Contains(warns[0], c.warn+";")):
				t.Errorf("argv-error %q, want %q (%s)", warns, c.warn, c.reason)
			}
		})
	}
}
