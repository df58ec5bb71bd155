package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOtherReaderHints (newuser28 #9): a training script given to -diagnose, and a
// pasted issue or log given to -script, get one stderr line that names the other
// reader, after the answer, whose exit status stays; a lookalike gets none.
func TestOtherReaderHints(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	const script = "import torch\nmodel = torch.nn.Linear(4, 4).cuda()\nmodel = torch.compile(model, mode=\"reduce-overhead\")\n"
	// pytorch/pytorch#185546's text, pasted: a title, prose with backticks, a traceback.
	const issue = "# `torch.compile(mode='reduce-overhead')` fails when user model uses wait_stream\n\n" +
		"The code below results in a `cudaErrorStreamCaptureUnjoined` error when run.\n\n" +
		"Traceback (most recent call last):\n  File \"repro.py\", line 20, in <module>\n" +
		"torch.AcceleratorError: CUDA error: capturing stream has unjoined work\n"
	train := write("train.py", script)
	named := write("my run.txt", script)
	noSite := write("util.py", "import torch\n\ndef f(x):\n    return x * 2\n")
	issueFile := write("issue.txt", issue)
	// an issue's prose quoting the exception, no traceback (torchtitan#3944's title)
	quoted := write("quoted.md", "# `RuntimeError: Attempting to use a closed pool` on nightly\n\nIt crashes during the first compile.\n")
	typo := write("typo.py", "import torch\nmodel = torch.compile(model, mode=\"reduce-overhead\"\n")
	late := write("late.py", strings.Repeat("x = 1\n", 12)+"y = = 2\n# RuntimeError: boom\n")
	prose := write("notes.txt", "We tried reduce-overhead and it was slower.\nNo error, just slow.\n")
	tests := []struct {
		name, reason string
		args         []string
		stdin        string
		code         int
		hint         string // "" for none
	}{
		{"script to -diagnose", "a .py file with a torch.compile site and no finding",
			[]string{"-diagnose", train}, "", 0, "hint: this reads as a Python script with a torch.compile site, not a log: -script " + train + " plans this script"},
		{"script to -diagnose -json", "the JSON on stdout, the hint on stderr",
			[]string{"-diagnose", train, "-json"}, "", 0, "-script " + train + " plans this script"},
		{"script on stdin to -diagnose", "stdin is named -",
			[]string{"-diagnose", "-"}, script, 0, "-script - plans this script"},
		{"script in a .txt to -diagnose", "the text, not the name, decides; the name is shell-quoted",
			[]string{"-diagnose", named}, "", 0, "-script '" + named + "' plans this script"},
		{"Python without a site (lookalike)", "no torch.compile site: nothing to plan",
			[]string{"-diagnose", noSite}, "", 0, ""},
		{"a log to -diagnose (lookalike)", "a log is no Python",
			[]string{"-diagnose", issueFile}, "", 0, ""},
		{"issue to -script", "a SyntaxError on its first lines, and a traceback",
			[]string{"-script", issueFile}, "", 2, "hint: this holds a traceback or a log, not Python: -diagnose " + issueFile + " reads a log"},
		{"issue on stdin to -script", "stdin is named -",
			[]string{"-script", "-"}, issue, 2, "-diagnose - reads a log"},
		{"quoted exception to -script", "prose quoting an exception's line is a log's report",
			[]string{"-script", quoted}, "", 2, "-diagnose " + quoted + " reads a log"},
		{"a script's typo (lookalike)", "a SyntaxError in Python, no log in it",
			[]string{"-script", typo}, "", 2, ""},
		{"a late SyntaxError (lookalike)", "past the first lines: a script's error, not a pasted log",
			[]string{"-script", late}, "", 2, ""},
		{"prose without a log (lookalike)", "nothing -diagnose reads",
			[]string{"-script", prose}, "", 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := runStdin(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d (%s); stderr %s", code, tt.code, tt.reason, stderr)
			}
			if tt.hint == "" {
				if strings.Contains(stderr, "hint:") {
					t.Errorf("stderr %q, want no hint (%s)", stderr, tt.reason)
				}
				return
			}
			if !strings.Contains(stderr, tt.hint) {
				t.Errorf("stderr %q, want %q (%s)", stderr, tt.hint, tt.reason)
			}
			if tt.args[0] == "-diagnose" && !strings.Contains(stdout, "no known signature") && !strings.Contains(stdout, `"findings": []`) {
				t.Errorf("stdout %q, want the diagnosis as before the hint", stdout)
			}
		})
	}
}

// TestDiagnoseJSONKeys (newuser28 #6): -diagnose -json says where the release comes
// from, and its plan carries the keys the call changes; -all with -json keeps every
// key; -all alone is refused, the text listing no keys.
func TestDiagnoseJSONKeys(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "run.log")
	if err := os.WriteFile(path, []byte("model = torch.compile(model, mode=\"reduce-overhead\")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, reason string
		args         []string
		code         int
		source       string
		minKeys      int
		maxKeys      int
	}{
		{"default", "changed keys only, the release the default", []string{"-diagnose", path, "-json"}, 0, "default", 1, 10},
		{"-torch", "the release from the flag", []string{"-diagnose", path, "-json", "-torch", "2.9"}, 0, "option", 1, 10},
		{"-all", "every key", []string{"-diagnose", path, "-json", "-all"}, 0, "default", 500, 1000},
	}
	for _, tt := range tests {
		stdout, stderr, code := runPlan(t, nil, tt.args...)
		if code != tt.code {
			t.Fatalf("%s: exit %d (%s)", tt.name, code, stderr)
		}
		var d struct {
			TorchSource string `json:"torch_source"`
			Plan        struct {
				Config map[string]json.RawMessage `json:"config"`
			} `json:"plan"`
		}
		if err := json.Unmarshal([]byte(stdout), &d); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if n := len(d.Plan.Config); d.TorchSource != tt.source || n < tt.minKeys || n > tt.maxKeys {
			t.Errorf("%s: torch_source %q, %d keys; want %q, %d to %d (%s)", tt.name, d.TorchSource, n, tt.source, tt.minKeys, tt.maxKeys, tt.reason)
		}
	}
	if _, stderr, code := runPlan(t, nil, "-diagnose", path, "-all"); code != 2 || !strings.Contains(stderr, "-all, with -json, keeps every key") {
		t.Errorf("-diagnose -all: exit %d, stderr %q; want 2 and why", code, stderr)
	}
}
