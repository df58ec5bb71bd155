package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestScriptArgvAnswers: the command line after -script FILE -- as newuser14 gave it
// (#1, #2, #8, #9): a mode no release knows is planned as torch.compile's error (exit
// 1), a value choices= refuses is an argv-error (the run fails there: exit 1), a
// micro-step count given accumulates (overwritten-output, exit 1), and arguments no
// parse_args of the file reads are noted on stderr.
func TestScriptArgvAnswers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
		return p
	}
	const parser = "import argparse\nimport torch\np = argparse.ArgumentParser()\n"
	open := write("open.py", parser+"p.add_argument(\"--mode\", default=\"default\")\nargs = p.parse_args()\nm = torch.compile(torch.nn.Linear(4, 4).cuda(), mode=args.mode)\n")
	closed := write("closed.py", parser+"p.add_argument(\"--compile\", action=\"store_true\")\np.add_argument(\"--mode\", default=\"default\", choices=[\"default\", \"reduce-overhead\", \"max-autotune\"])\nargs = p.parse_args()\nm = torch.compile(torch.nn.Linear(4, 4).cuda(), mode=args.mode)\n")
	ga := write("ga.py", parser+"p.add_argument(\"--gradient_accumulation_steps\", default=1, type=int)\nargs = p.parse_args()\nmodel = torch.compile(torch.nn.Linear(4, 4).cuda(), mode=\"reduce-overhead\")\nopt = torch.optim.SGD(model.parameters(), lr=0.1)\nfor it in range(100):\n    for micro_step in range(args.gradient_accumulation_steps):\n        loss = model(torch.randn(4, 4, device=\"cuda\")).sum()\n        loss.backward()\n    opt.step()\n    opt.zero_grad()\n")
	none := write("none.py", "import torch\nm = torch.compile(torch.nn.Linear(4, 4).cuda(), mode=\"default\")\n")
	tests := []struct {
		name       string
		args       []string
		code       int
		out, notIn string // in stdout, and not in it
		stderr     string // in stderr ("": nothing)
	}{
		{"a mode typo", []string{"-script", open, "--", "--mode", "max-autotune-no-cudagraph"}, 1, "Unrecognized mode=max-autotune-no-cudagraph", "if the mode is \"lite\"", ""},
		{"a choice refused", []string{"-script", closed, "--", "--compile", "--mode", "lite"}, 1, "invalid choice: 'lite'", "mode=\"lite\"", ""},
		{"compilemode's flag after --", []string{"-script", closed, "--", "--compile", "-mode", "max-autotune"}, 1, "unrecognized arguments: -mode", "", ""},
		{"micro-steps given", []string{"-script", ga, "--", "--gradient_accumulation_steps", "4"}, 1, "[overwritten-output]", "parser's default of", ""},
		{"micro-steps default", []string{"-script", ga}, 0, "parser's default of", "[overwritten-output]", ""},
		{"no parse_args", []string{"-script", none, "--", "--mode", "max-autotune"}, 0, "mode=\"default\"", "", "the file reads no command line (no parse_args(), sys.argv or command-line library), so these arguments change nothing"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runPlan(t, nil, tc.args...)
			require.Equal(t, tc.code, code, "stderr: %s\nstdout: %s", stderr, out)
			require.Contains(t, out, tc.out)
			if tc.notIn != "" {
				require.NotContains(t, out, tc.notIn)
			}
			if tc.stderr == "" {
				require.NotContains(t, stderr, "these arguments change")
			} else {
				require.Contains(t, stderr, tc.stderr)
			}
		})
	}
}
