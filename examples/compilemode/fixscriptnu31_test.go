package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLateTokenizerErrorHint (newuser29 finding 26): a pasted issue whose first lines
// are no Python gets CPython's first SyntaxError, a tokenizer error further down
// (vllm-project/vllm#48503: line 14's `11.4.0-1ubuntu1`, "invalid decimal literal"),
// and the -diagnose hint, which needed the SyntaxError itself on the first lines; a
// script whose first lines are Python gets no hint, the text cut there included.
func TestLateTokenizerErrorHint(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	issue := filepath.Join("..", "..", "graphs", "script", "testdata", "newuser29", "t5_vllm48503.txt")
	body := strings.Repeat("x = 1\n", 12)
	script := write("late.py", "import torch\n"+body+"gcc = 11.4.0-1ubuntu1  # RuntimeError: boom\n")
	bracket := write("bracket.py", strings.Repeat("x = 1\n", 8)+"y = [\n    1,\n    2,\n]\n# RuntimeError: boom\nz = 1ubuntu\n")
	tests := []struct {
		name, reason string
		path         string
		first, hint  string // hint "": none
	}{
		{"issue", "the title line is no Python; CPython reports line 14's tokenizer error over it",
			issue, ":14:47: invalid decimal literal", "-diagnose " + issue + " reads a log"},
		{"late-typo (lookalike)", "the first lines are Python: a script's error",
			script, ":14:14: invalid decimal literal", ""},
		{"cut-in-bracket (lookalike)", "the first 10 lines end inside a list the next ones close",
			bracket, ":14:5: invalid decimal literal", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, stderr, code := runStdin(t, "", "-script", tt.path)
			if code != 2 || !strings.Contains(stderr, tt.first) {
				t.Fatalf("exit %d, stderr %q, want 2 and %q (%s)", code, stderr, tt.first, tt.reason)
			}
			if tt.hint == "" && strings.Contains(stderr, "hint:") || tt.hint != "" && !strings.Contains(stderr, tt.hint) {
				t.Errorf("stderr %q, want hint %q (%s)", stderr, tt.hint, tt.reason)
			}
		})
	}
}
