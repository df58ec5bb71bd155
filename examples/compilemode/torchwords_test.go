package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTorchFlagWords: -torch's refusal has the same words in every mode that takes it
// (plan, a comparison's list, -script, -diagnose, a scenario file's torch): the kind of
// release (newer, older, not a release torch has or is near), did-you-mean for 2.31,
// and no package prefix (newuser28 11(d): the plan and -script modes said only "is not
// supported" for 2.31, 2.15 and 1.13, while -diagnose said "did you mean 2.3?").
// A newer release near the known ones (2.15) is refused by every mode alike, -diagnose
// too (fix brief 31, finding 1: -diagnose alone had taken it and planned it on 2.14).
func TestTorchFlagWords(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	py := filepath.Join(dir, "s.py")
	log := filepath.Join(dir, "run.log")
	if err := os.WriteFile(py, []byte("import torch\nf = torch.compile(m, mode='reduce-overhead')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(log, []byte("RuntimeError: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	modes := []struct {
		name string
		args func(torch string) []string
		flag string
	}{
		{"plan", func(v string) []string { return []string{"-mode", "reduce-overhead", "-torch", v, "-no-env"} }, "compilemode: -torch: "},
		{"compare", func(v string) []string { return []string{"-torch", "2.6," + v, "-no-env"} }, "compilemode: -torch: "},
		{"script", func(v string) []string { return []string{"-script", py, "-torch", v, "-no-env"} }, "compilemode: -torch: "},
		{"diagnose", func(v string) []string { return []string{"-diagnose", log, "-torch", v} }, "compilemode: -torch: "},
	}
	bad := []struct{ torch, words, reason string }{
		{"2.31", `torch version "2.31" is not a release torch has or is near: a minor more than 3 past the newest, 2.14, would be a future release, not known yet (a log that states a newer one is read up to 2.17, or 3.2); did you mean 2.3 (2.3.1 typed without its dot)?`, "did-you-mean everywhere"},
		{"2.99", `torch version "2.99" is not a release torch has or is near: a minor more than 3 past the newest, 2.14, would be a future release, not known yet (a log that states a newer one is read up to 2.17, or 3.2); nor is it 2.9.9 typed without its dot: 2.9 ended at 2.9.1`, "hostile28 R1"},
		{"10.0", `torch version "10.0" is not a release torch has or is near: a future release that far ahead is not known yet`, "hostile28 R2"},
		{"1.13", `torch version "1.13" is older than torch.compile, which came in 2.0`, "was \"is not supported\""},
		{"2.15", `torch version "2.15" is newer than the newest release known, 2.14 (the releases known are 2.0–2.14): nothing about it is known yet, so nothing is answered for it; give 2.14 for the newest facts known`, "a plan needs a release known, and so does -diagnose (fix brief 31, finding 1)"},
		{"2.6.2", `torch version "2.6.2" is not a release torch has: 2.6's patch releases ended at 2.6.0; did you mean 2.6?`, "fix brief 31, finding 2: it had been taken as 2.6"},
	}
	for _, m := range modes {
		for _, b := range bad {
			_, stderr, code := runStdin(t, "", m.args(b.torch)...)
			if code != 2 || !strings.HasPrefix(stderr, m.flag+b.words) || strings.Contains(stderr, "modes:") {
				t.Errorf("%s -torch %s (%s): exit %d, stderr %q;\nwant exit 2 and %q", m.name, b.torch, b.reason, code, stderr, m.flag+b.words)
			}
		}
	}
}
