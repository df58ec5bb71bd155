package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixCause29: what the new user of fix brief 29 ran into, through the command, one
// row each: the exit status and what stdout and stderr must say (and must not). Each
// "want" failed before.
func TestFixCause29(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const tls = "Traceback (most recent call last):\n" +
		"  File \"/usr/lib/python3.12/site-packages/torch/_inductor/cudagraph_trees.py\", line 327, in get_obj\n" +
		"    assert torch._C._is_key_in_tls(attr_name)\nAssertionError\n"
	tls214 := write("tls214.txt", "PyTorch version: 2.14.0\n"+tls)
	tls213 := write("tls213.txt", "PyTorch version: 2.13.0\n"+tls)
	rtpose := write("rtpose.txt", "```\ncompiled_detector = torch.compile(detector, fullgraph=True, mode=\"reduce-overhead\")\n```\n")
	refused := write("refused.txt", "RuntimeError: Unrecognized mode=reduce-overhead , should be one of: default, reduce-overhead, max-autotune-no-cudagraphs, max-autotune\n")
	accum := write("accum.txt", "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. "+
		"Stack trace: File \"/home/u/models/patch_embed.py\", line 40, in forward\n    x = self.proj(x). To prevent overwriting, clone the tensor "+
		"outside of torch.compile() or call torch.compiler.cudagraph_mark_step_begin() before each model invocation.\n")
	script := write("s.py", "import torch\nmodel = torch.compile(model, mode=\"reduce-overhead\")\n")
	tests := []struct {
		name, reason string
		args         []string
		code         int
		out, err     []string // substrings stdout and stderr must hold
		never        []string // substrings neither may hold
	}{
		{"fixed-release", "#1: 2.14 has PR #184357", []string{"-diagnose", tls214}, 0,
			[]string{"torch 2.14 (from the log) does not print this: 2.14 has the fix", "runs a torch older than 2.14", "torch.__version__",
				"cause: printed by a torch older than 2.14", "fix: on the older torch that printed this:"}, nil,
			[]string{"is not known to print this"}},
		{"unfixed-release", "#1 lookalike: 2.13 prints it", []string{"-diagnose", tls213}, 0,
			[]string{"upgrade to 2.14"}, nil, []string{"has the fix"}},
		{"no-such-patch", "#2: 2.1 ended at 2.1.2", []string{"-diagnose", tls213, "-torch", "2.18"}, 2,
			nil, []string{"nor is it 2.1.8 typed without its dot: 2.1 ended at 2.1.2", "not known yet"}, []string{"did you mean 2.1 "}},
		{"no-such-patch-99", "#2: 2.9 ended at 2.9.1", []string{"-diagnose", tls213, "-torch", "2.99"}, 2,
			nil, []string{"2.9 ended at 2.9.1"}, []string{"did you mean"}},
		{"real-patch", "#2 lookalike: 2.3.1 exists", []string{"-diagnose", tls213, "-torch", "2.31"}, 2,
			nil, []string{"did you mean 2.3 (2.3.1 typed without its dot)?"}, nil},
		{"free-threaded-flag", "#3: no internal label", []string{"-python", "3.13t", "-mode", "reduce-overhead"}, 2,
			nil, []string{"-python: free-threaded Python 3.13t", `RuntimeError("torch.compile is not supported on Python < 3.13.3 built with GIL disabled. Please use Python 3.13.3+.") on 3.13.0t`},
			[]string{"resolve:", "scenario"}},
		{"free-threaded-log", "#3 through -diagnose", []string{"-python", "3.13t", "-diagnose", rtpose}, 0,
			[]string{"could not be planned: free-threaded Python 3.13t"}, nil, []string{"scenario", "resolve:"}},
		{"mode-space", "#4: the report's hint", []string{"-mode", "reduce-overhead "}, 1,
			[]string{`hint: mode "reduce-overhead " differs from "reduce-overhead" only by a trailing space`}, nil, nil},
		{"mode-space-compare", "#4: a comparison's hint", []string{"-mode", "reduce-overhead ", "-torch", "2.6,2.14"}, 1,
			[]string{"hint: mode \"reduce-overhead \" differs"}, nil, nil},
		{"mode-space-key", "#4: -key's exit line", []string{"-mode", "reduce-overhead ", "-key", "triton.cudagraphs"}, 1,
			nil, []string{"; hint: mode \"reduce-overhead \" differs"}, nil},
		{"mode-case", "#4: case", []string{"-mode", "Reduce-Overhead"}, 1,
			[]string{"only by case"}, nil, nil},
		{"mode-typo", "#4 lookalike: another character keeps the edit-distance hint", []string{"-mode", "reduce_overhead"}, 1,
			[]string{"hint: did you mean reduce-overhead?"}, nil, []string{"only by"}},
		{"backend-space", "#4: a backend", []string{"-backend", "inductor "}, 1,
			[]string{`backend "inductor " differs from "inductor" only by a trailing space`}, nil, nil},
		{"script-note", "#4: the flag note shows the space", []string{"-script", script, "-mode", "reduce-overhead "}, 1,
			[]string{`-mode "reduce-overhead " replaces its mode`}, nil, nil},
		{"log-refusal", "#4: a log's refusal plans the mode as given", []string{"-diagnose", refused}, 0,
			[]string{`mode="reduce-overhead "`, "only by a trailing space"}, nil, []string{"cuda:0 main: capture"}},
		{"fullgraph", "#5: fullgraph=True carried", []string{"-diagnose", rtpose}, 0,
			[]string{`mode="reduce-overhead", fullgraph=True`}, nil, nil},
		{"mark-step", "#6: when mark_step_begin works", []string{"-diagnose", accum}, 0,
			[]string{"before the loop over micro-batches", "needed for inference in particular", "issue #170604"}, nil,
			[]string{"does not prevent this error"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, errOut, code := runPlan(t, nil, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d (%s)\nstderr: %s", code, tc.code, tc.reason, errOut)
			}
			for _, w := range tc.out {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q (%s):\n%s", w, tc.reason, out)
				}
			}
			for _, w := range tc.err {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q (%s):\n%s", w, tc.reason, errOut)
				}
			}
			for _, n := range tc.never {
				if strings.Contains(out+errOut, n) {
					t.Errorf("output holds %q (%s):\n%s%s", n, tc.reason, out, errOut)
				}
			}
		})
	}
}

// TestNullDeviceIsEmpty: /dev/null, on stdin or named, is an empty input (fix brief 29,
// finding 5: "stdin is a device"); /dev/zero, which reads without end, stays refused.
func TestNullDeviceIsEmpty(t *testing.T) {
	t.Parallel()
	open := func(name string) *os.File {
		f, err := os.Open(name)
		if err != nil {
			t.Skip(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	tests := []struct {
		name, reason string
		args         []string
		stdin        *os.File
		want, never  string
	}{
		{"stdin-null", "the brief's case", []string{"-diagnose", "-"}, open(os.DevNull), "-diagnose -: empty input", "is a device"},
		{"named-null", "the same device by its name", []string{"-diagnose", os.DevNull}, nil, "empty input", "a device"},
		{"script-null", "-script reads it as an empty file", []string{"-script", "-"}, open(os.DevNull), "", "is a device"},
		{"stdin-zero", "lookalike: an endless device stays refused", []string{"-diagnose", "-"}, open("/dev/zero"), "stdin is a device", "empty input"},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		var stdin io.Reader = strings.NewReader("")
		if tc.stdin != nil {
			stdin = tc.stdin
		}
		code := runIn(tc.args, stdin, &out, &errb, func() []string { return nil })
		got := out.String() + errb.String()
		if tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%s: exit %d, output %q lacks %q (%s)", tc.name, code, got, tc.want, tc.reason)
		}
		if strings.Contains(got, tc.never) {
			t.Errorf("%s: output %q holds %q (%s)", tc.name, got, tc.never, tc.reason)
		}
	}
}
