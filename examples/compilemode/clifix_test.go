package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runStdin is runPlan with stdin.
func runStdin(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := runIn(args, strings.NewReader(stdin), &out, &errb, func() []string { return nil })
	return out.String(), errb.String(), code
}

// TestFirstUserDefects: what a fresh user ran into at 31c96cd, one row each: the exit
// status and what stdout or stderr must say (and must not).
func TestFirstUserDefects(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	py := filepath.Join(dir, "s.py")
	if err := os.WriteFile(py, []byte("import torch\nf = torch.compile(lambda x: x)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "run.log")
	if err := os.WriteFile(log, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, reason string
		stdin        string
		args         []string
		code         int
		out, err     string // substrings of stdout and stderr ("" : not checked)
		notErr       string // a substring stderr must not hold
	}{
		{name: "inductor-prefix", reason: "the full module path names the key, as Python's assignment does",
			args: []string{"-set", "torch._inductor.config.triton.cudagraphs=True", "-key", "triton.cudagraphs"}, out: "triton.cudagraphs=True\n"},
		{name: "inductor-prefix-key", reason: "-key takes the module path too",
			args: []string{"-set", "triton.cudagraphs=True", "-key", "torch._inductor.config.triton.cudagraphs"}, out: "triton.cudagraphs=True\n"},
		{name: "repeat-3", reason: "a release repeated in a comparison",
			args: []string{"-torch", "2.6,2.14,2.6"}, code: 2, err: "-torch 2.6,2.14,2.6: release 2.6 is given twice"},
		{name: "repeat-2", reason: "the same release twice",
			args: []string{"-torch", "2.6,2.6"}, code: 2, err: "release 2.6 is given twice"},
		{name: "repeat-patch", reason: "2.7.1 is release 2.7",
			args: []string{"-torch", "2.7,2.7.1"}, code: 2, err: "release 2.7 is given twice (2.7 and 2.7.1 name the same release)"},
		{name: "repeat-local", reason: "2.11.0+cu130 is release 2.11",
			args: []string{"-torch", "2.11,2.11.0+cu130"}, code: 2, err: "release 2.11 is given twice"},
		{name: "repeat-spaced", reason: "spaces are trimmed before releases are compared",
			args: []string{"-torch", "2.6, 2.6"}, code: 2, err: "release 2.6 is given twice"},
		{name: "space-one", reason: "spaces around one release are ignored",
			args: []string{"-torch", " 2.11", "-key", "triton.cudagraphs"}, out: "triton.cudagraphs=False\n"},
		{name: "space-list", reason: "spaces around the releases of a list are ignored",
			args: []string{"-torch", "2.6, 2.14"}, out: "Comparing torch 2.6, 2.14"},
		{name: "key-rows", reason: "sweep6 8: -key with -torch A,B prints, go env-style, one KEY=VALUE line per release, nothing else",
			args: []string{"-mode", "reduce-overhead", "-torch", "2.6,2.14", "-key", "triton.cudagraphs"}, out: "\x002.6 triton.cudagraphs=True\n2.14 triton.cudagraphs=True\n\x00"},
		{name: "key-rows-absent", reason: "sweep6 8: a release that lacks the key says so on its line",
			args: []string{"-torch", "2.6,2.14", "-key", "fallback_by_default", "-key", "max_autotune"},
			out:  "\x002.6 fallback_by_default (no such key)\n2.14 fallback_by_default=False\n2.6 max_autotune=False\n2.14 max_autotune=False\n\x00"},
		{name: "dynamo-true", reason: "true is Python's NameError, named with -set, key and value",
			args: []string{"-set", "torch._dynamo.config.cache_size_limit=true"}, code: 2,
			err: "-set torch._dynamo.config.cache_size_limit=true: Python raises NameError: name 'true' is not defined; did you mean True?", notErr: "workload"},
		{name: "dynamo-unknown", reason: "a key the planner does not model, named with -set",
			args: []string{"-set", "torch._dynamo.config.nosuch=1"}, code: 2, err: "-set torch._dynamo.config.nosuch=1: torch._dynamo.config.nosuch is not a Dynamo key", notErr: "workload"},
		{name: "dynamo-near", reason: "a near miss gets did you mean",
			args: []string{"-set", "torch._dynamo.config.capture_scalar_output=True"}, code: 2, err: "did you mean capture_scalar_outputs?"},
		{name: "script-compare", reason: "-script plans one release",
			args: []string{"-script", py, "-torch", "2.6,2.14"}, code: 2, err: "-torch 2.6,2.14: comparing releases is not supported with -script"},
		{name: "diagnose-compare", reason: "-diagnose reads for one release",
			args: []string{"-diagnose", log, "-torch", "2.6,2.14"}, code: 2, err: "-torch 2.6,2.14: comparing releases is not supported with -diagnose"},
		{name: "scenario-stdin", reason: "- is stdin for -scenario",
			stdin: `{"torch": "2.14", "mode": "reduce-overhead"}`, args: []string{"-scenario", "-", "-key", "triton.cudagraphs"}, out: "triton.cudagraphs=True\n"},
		{name: "options-stdin", reason: "@- is stdin for -options",
			stdin: "{'triton.cudagraphs': True}", args: []string{"-options", "@-", "-key", "triton.cudagraphs"}, out: "triton.cudagraphs=True\n"},
		{name: "two-stdin", reason: "one flag may read stdin",
			args: []string{"-scenario", "-", "-options", "@-"}, code: 2, err: "-scenario - and -options @- both read stdin"},
		{name: "two-stdin-script", reason: "one flag may read stdin, -script included",
			args: []string{"-script", "-", "-options", "@-"}, code: 2, err: "-options @- and -script - both read stdin"},
		{name: "keys-key", reason: "-keys would drop -key",
			args: []string{"-keys", "-key", "debug"}, code: 2, err: "-keys and -key cannot be combined"},
		{name: "all-key", reason: "-key would drop -all",
			args: []string{"-all", "-key", "debug"}, code: 2, err: "-all and -key cannot be combined"},
		{name: "env-twice", reason: "the second -env of a name would win silently",
			args: []string{"-env", "A=1", "-env", "A=2"}, code: 2, err: "-env A=1 and -env A=2 both set A"},
		{name: "key-near-compare", reason: "-key gives did you mean in a comparison too",
			args: []string{"-torch", "2.6,2.14", "-key", "triton.cudagraph"}, code: 2, err: "-key triton.cudagraph: no release compared has such a key; did you mean triton.cudagraphs?"},
		{name: "all-compare", reason: "a comparison would ignore -all",
			args: []string{"-torch", "2.6,2.14", "-all"}, code: 2, err: "-torch 2.6,2.14: comparing releases is not supported with -all"},
		{name: "schema-stdin", reason: "- is stdin for -schema (an empty one is refused as a schema, not as a file name)",
			args: []string{"-schema", "-"}, code: 2, notErr: "no such file"},
		{name: "script-scenario", reason: "the script is the scenario",
			args: []string{"-script", py, "-scenario", py}, code: 2, err: "-script and -scenario cannot be combined"},
		{name: "script-devices-0", reason: "-script checks -devices as the flags do",
			args: []string{"-script", py, "-devices", "0"}, code: 2, err: "-devices 0: want 1 or more"},
		{name: "script-bad-threads", reason: "a site that cannot be planned is unusable input: exit 2 naming the line",
			args: []string{"-script", py, "-threads", "bogus"}, code: 2, err: "s.py:2: this torch.compile site is not planned: "},
		{name: "script-torch", reason: "-script's release error names -torch",
			args: []string{"-script", py, "-torch", "2.99"}, code: 2, err: "-torch: torch version \"2.99\" is not a release torch has or is near"},
		{name: "script-options", reason: "-script's -options error has no package name",
			args: []string{"-script", py, "-options", "{"}, code: 2, err: "-options: bad literal"},
		{name: "diagnose-torch", reason: "-diagnose's release error names -torch, no package",
			args: []string{"-diagnose", log, "-torch", "2.99"}, code: 2, err: "compilemode: -torch: torch version \"2.99\" is not a release torch has or is near"},
		{name: "scenario-stdin-named", reason: "a scenario read from stdin is named <stdin>",
			stdin: `{"torch": "2.6,2.14"}`, args: []string{"-scenario", "-"}, code: 2, err: "compilemode: <stdin>: torch: "},
		{name: "version-with", reason: "-version would ignore the other flags",
			args: []string{"-version", "-json"}, code: 2, err: "cannot be combined: -version prints the version only"},
		{name: "key-near", reason: "-key gives did you mean, as -set does",
			args: []string{"-key", "triton.cudagraph"}, code: 2, err: "-key triton.cudagraph: torch 2.11 has no such key; did you mean triton.cudagraphs?"},
	}
	pkg := regexp.MustCompile(`(compilemode: |: |\()(graphs|modes|config|literal|schema|strictjson|workload)[.:] `)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			args := tt.args
			if args[0] != "-diagnose" { // -diagnose takes only -torch and -json
				args = append(args, "-no-env")
			}
			out, stderr, code := runStdin(t, tt.stdin, args...)
			if code != tt.code || !strings.Contains("\x00"+out+"\x00", tt.out) || !strings.Contains(stderr, tt.err) ||
				(tt.notErr != "" && strings.Contains(stderr, tt.notErr)) || pkg.MatchString(stderr) {
				t.Errorf("%v (%s): exit %d, want %d\nstdout (want %q):\n%s\nstderr (want %q):\n%s", tt.args, tt.reason, code, tt.code, tt.out, out, tt.err, stderr)
			}
		})
	}
}

// TestCompareFitsWidth: a comparison of many releases is split into tables that fit
// the width, nothing cut (every release and value still printed).
func TestCompareFitsWidth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
	}{
		{"every-release", []string{"-torch", "2.1,2.2,2.3,2.4,2.5,2.6,2.7,2.8,2.9,2.10,2.11,2.12,2.13,2.14", "-mode", "max-autotune"}},
		{"long-value", []string{"-torch", "2.6,2.14", "-set", "cuda.cutlass_dir='" + strings.Repeat("/very/long/path", 12) + "'"}},
		{"raises", []string{"-torch", "2.11,2.14", "-mode", "reduce-overhead", "-devices", "2", "-threads", "per-device"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out, stderr, code := runPlan(t, nil, append(tt.args, "-no-env")...)
			if code == 2 {
				t.Fatalf("exit 2: %s", stderr)
			}
			checkWidth(t, tt.name, out, 100)
			if tt.name == "long-value" && !strings.Contains(strings.Join(strings.Fields(out), ""), strings.Repeat("/very/long/path", 12)) {
				t.Errorf("the long value was cut:\n%s", out)
			}
			if tt.name == "every-release" && strings.Count(out, "coordinate_descent_tuning") < 2 {
				t.Errorf("want the key table split into several tables:\n%s", out)
			}
		})
	}
}

// TestScriptUsesMachineHost: -script fills the host from the machine unless -no-env,
// as flags and -scenario do.
func TestScriptUsesMachineHost(t *testing.T) {
	t.Parallel()
	py := filepath.Join(t.TempDir(), "s.py")
	if err := os.WriteFile(py, []byte("import torch\nf = torch.compile(lambda x: x)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	flagsOut, _, _ := runPlan(t, nil, "-key", "compile_threads")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"machine", []string{"-script", py}, strings.TrimSpace(flagsOut)},
		{"no-env", []string{"-script", py, "-no-env"}, "compile_threads=32"},
	}
	for _, tt := range tests {
		out, stderr, code := runPlan(t, nil, tt.args...)
		if code != 0 || !strings.Contains(out, tt.want) {
			t.Errorf("%s: exit %d, want %q in\n%s%s", tt.name, code, tt.want, out, stderr)
		}
	}
}
