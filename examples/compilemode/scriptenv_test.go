package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestScriptEnvFlag: -env NAME=V and the process environment reach the script's own
// os.environ.get("NAME", default) (sweep finding 20: both planned only the default,
// the -env value silently unused); a -env variable that neither the script nor PyTorch
// reads gets a note on stderr; -no-env leaves the process environment out.
func TestScriptEnvFlag(t *testing.T) {
	t.Parallel()
	src := "import os, torch\nMODE = os.environ.get(\"COMPILE_MODE\", \"reduce-overhead\")\nm = torch.compile(torch.nn.Linear(2, 2), mode=MODE)\n"
	tests := []struct {
		name            string
		args, environ   []string
		want, notWant   string
		wantErr, notErr string
	}{
		{"-env", []string{"-env", "COMPILE_MODE=max-autotune"}, nil,
			`mode="max-autotune"`, `mode="reduce-overhead"`, "", "note: -env"},
		{"process environment", nil, []string{"COMPILE_MODE=max-autotune"},
			`mode="max-autotune"`, `mode="reduce-overhead"`, "", "note: -env"},
		{"-no-env", []string{"-no-env"}, []string{"COMPILE_MODE=max-autotune"},
			`mode="reduce-overhead"`, `mode="max-autotune"`, "", "note: -env"},
		{"unread -env", []string{"-env", "COMPILE_MOD=max-autotune"}, nil,
			`mode="reduce-overhead"`, `mode="max-autotune"`,
			"note: -env COMPILE_MOD: neither the script nor PyTorch's Inductor config (any release read) reads COMPILE_MOD, so it changes no plan", ""},
		{"Inductor's variable", []string{"-env", "TORCHINDUCTOR_MAX_AUTOTUNE=1"}, nil,
			`mode="reduce-overhead"`, "", "", "note: -env"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var out, errb bytes.Buffer
			args := append([]string{"-script", "-"}, tt.args...)
			environ := tt.environ
			code := runIn(args, strings.NewReader(src), &out, &errb, func() []string { return environ })
			if code != 0 {
				t.Fatalf("compilemode %v: exit %d, stderr %s", args, code, errb.String())
			}
			if !strings.Contains(out.String(), tt.want) || tt.notWant != "" && strings.Contains(out.String(), tt.notWant) {
				t.Errorf("compilemode %v: stdout wants %q and not %q:\n%s", args, tt.want, tt.notWant, out.String())
			}
			if tt.wantErr != "" && !strings.Contains(errb.String(), tt.wantErr) || tt.notErr != "" && strings.Contains(errb.String(), tt.notErr) {
				t.Errorf("compilemode %v: stderr wants %q and not %q: %q", args, tt.wantErr, tt.notErr, errb.String())
			}
		})
	}
}

// TestScriptEnvReplaced: the script's own os.environ[K] = V or .pop(K) before
// PyTorch reads K replaces -env's value, as it does the process environment's (sweep4
// finding 25: -env beat the script's assignment), and a note on stderr says so.
func TestScriptEnvReplaced(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, wantErr string
	}{
		{"assign", "import os\nos.environ[\"TORCHINDUCTOR_MAX_AUTOTUNE\"] = \"0\"\nimport torch\nm = torch.compile(torch.nn.Linear(2, 2).cuda())\n",
			"note: -env TORCHINDUCTOR_MAX_AUTOTUNE: the script sets it itself at line 2, which replaces the value -env gives"},
		{"pop", "import os\nos.environ.pop(\"TORCHINDUCTOR_MAX_AUTOTUNE\", None)\nimport torch\nm = torch.compile(torch.nn.Linear(2, 2).cuda())\n",
			"note: -env TORCHINDUCTOR_MAX_AUTOTUNE: the script removes it at line 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var out, errb bytes.Buffer
			args := []string{"-script", "-", "-env", "TORCHINDUCTOR_MAX_AUTOTUNE=1"}
			if code := runIn(args, strings.NewReader(tt.src), &out, &errb, func() []string { return nil }); code != 0 {
				t.Fatalf("exit %d, stderr %s", code, errb.String())
			}
			if strings.Contains(out.String(), "env:TORCHINDUCTOR_MAX_AUTOTUNE") {
				t.Errorf("-env beat the script's own change:\n%s", out.String())
			}
			if !strings.Contains(errb.String(), tt.wantErr) {
				t.Errorf("stderr wants %q: %q", tt.wantErr, errb.String())
			}
		})
	}
}
