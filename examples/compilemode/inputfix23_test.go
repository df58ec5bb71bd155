package main

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/graphs/script"
)

// TestInputFix23: a new user's try-out of -diagnose (inputfix23), one row a finding:
// binary files and a torch.save checkpoint refused, exit 2, with their kind (#1, #2);
// the release read named without a finding (#3); two files after -diagnose (#4).
func TestInputFix23(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	for _, f := range []string{a, b} {
		if err := os.WriteFile(f, []byte("all good\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	random := make([]byte, 200<<10)
	_, _ = rand.NewChaCha8([32]byte{23}).Read(random)
	tests := []struct {
		name, reason string
		args         []string
		stdin        string
		code         int
		stdout, err  string // what each must hold
	}{
		{"random bytes", "#1: no known signature, exit 0", []string{"-diagnose", "-"}, string(random), 2, "",
			"the input is binary data ("},
		{"pickle", "#1", []string{"-diagnose", "-"}, "\x80\x04\x95\n\x00\x00\x00\x00\x00\x00\x00}\x94\x8c\x01a\x94K\x01s.", 2, "",
			"the input is a Python pickle (pickle.dump, or torch.save's format before PyTorch 1.6), not a text log: give the log that the program printed, not a saved model or tensor"},
		{"torch.save zip", "#2: was the zip hint, unzip -p", []string{"-diagnose", "-"},
			"PK\x03\x04\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x10\x00\x00\x00archive/data.pkl\x80\x02}q\x00.", 2, "",
			"the input is a PyTorch checkpoint (torch.save's zip), not a text log: give the log that the program printed, not a saved model or tensor"},
		{"release without a finding", "#3: only -json had torch and torch_line", []string{"-diagnose", "-"},
			"start\nrun\nPyTorch version: 2.13.0+cu128\nall good\n", 0,
			diagnose.NoSignature + "\n" + diagnose.ScopeCovers + "\n" + diagnose.ScopeLacks + "\ntorch 2.13 (from line 3)\n", ""},
		{"two files", "#4: was 'flags only: did you mean -diagnose b.txt?'", []string{"-diagnose", a, b}, "", 2, "",
			`unexpected argument "` + b + `": -diagnose takes one file (or - for stdin) and has "` + a + `"; run one compilemode -diagnose for each file`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := runStdin(t, tt.stdin, tt.args...)
			if code != tt.code || !strings.Contains(stdout, tt.stdout) || !strings.Contains(stderr, tt.err) {
				t.Errorf("%s: %v: exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q",
					tt.reason, tt.args, code, stdout, stderr, tt.code, tt.stdout, tt.err)
			}
		})
	}
}

// TestJSONFormatsNamed: each mode's -json "format" is the one -h, doc.go and README
// name for that mode (inputfix23 #5: -h said compilemode-report/1 for every -json,
// and -diagnose -json prints compilemode-diagnosis/1).
func TestJSONFormatsNamed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		mode, reason string
		args         []string
		stdin        string
		want         string
	}{
		{"the plan", "the report", []string{"-no-env", "-mode", "reduce-overhead", "-json"}, "", graphs.ReportFormat},
		{"-diagnose", "the diagnosis", []string{"-diagnose", "-", "-json"}, "torch 2.11.0\nall good\n", diagnose.Format},
		{"-script", "the script's sites", []string{"-no-env", "-script", "-", "-json"},
			"import torch\nmodel = torch.compile(model, mode=\"reduce-overhead\")\n", script.Format},
		{"-torch A,B", "a comparison", []string{"-no-env", "-torch", "2.6,2.14", "-json"}, "", compareFormat},
	}
	help, helpErr, _ := runStdin(t, "", "-h")
	flat := func(s string) string {
		return strings.Join(strings.Fields(strings.ReplaceAll(strings.ReplaceAll(s, "//", ""), "`", "")), " ")
	}
	texts := map[string]string{"-h": flat(help + helpErr), "doc.go": flat(readFile(t, "doc.go")), "README.md": flat(readFile(t, "../../README.md"))}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			stdout, stderr, _ := runStdin(t, tt.stdin, tt.args...)
			var got struct{ Format string }
			if err := json.Unmarshal([]byte(stdout), &got); err != nil || got.Format != tt.want {
				t.Fatalf("%s: %v: format %q (%v, stderr %q), want %q", tt.reason, tt.args, got.Format, err, stderr, tt.want)
			}
			for name, text := range texts {
				if !strings.Contains(text, tt.want) {
					t.Errorf("%s does not name %s, the format of %s's -json", name, tt.want, tt.mode)
				}
			}
		})
	}
}
