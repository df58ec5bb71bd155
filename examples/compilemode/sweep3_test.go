package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/internal/termtext"
)

// The new-user + hostile sweep's findings (2026-12-02): each test covers a class.

// rawControl reports whether s holds a rune that acts on a terminal (a newline aside).
func rawControl(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r != '\n' && termtext.Hidden(r) }) >= 0
}

// TestNoRawControlsInOutput (finding 7): a control character, escape sequence or
// bidirectional override in any user-supplied string reaches neither stdout nor
// stderr raw, in any output path; it shows escaped. JSON stays JSON.
func TestNoRawControlsInOutput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := filepath.Join(dir, "ansi.py")
	if err := os.WriteFile(script, []byte("import torch\nm = torch.compile(m, mode=\"\x1b]0;PWNED\x07reduce\")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const esc = "\x1b[2J"
	for _, tc := range []struct {
		name string
		args []string
		want string // an escaped form the output shows
	}{
		{"env warning", []string{"-env", "TORCHINDUCTOR_CUDAGRAP\x1b]0;PWNED\x07S=1"}, `\x1b]0;PWNED\x07`},
		{"backend header", []string{"-backend", "e" + esc}, `e\x1b[2J`},
		{"mode message", []string{"-mode", "e" + esc + "\u009b"}, `e\x1b[2J\u009b`},
		{"options key", []string{"-options", "{'a" + esc + "': 1}"}, `a\x1b[2J`},
		{"-key stderr", []string{"-key", "a" + esc + "\nb"}, `a\x1b[2J\x0ab`},
		{"-key value", []string{"-set", "cpp.cxx=('\u202e', 'g++')", "-key", "cpp.cxx"}, ``},
		{"compare table", []string{"-torch", "2.6,2.14", "-mode", "x" + esc}, `x\x1b[2J`},
		{"-set key", []string{"-set", "a" + esc + "=1"}, `a\x1b[2J`},
		{"-script source line", []string{"-script", script}, `\x1b]0;PWNED\x07reduce`},
		{"-scenario name", []string{"-scenario", filepath.Join(dir, "no\x1b[2Jfile.json")}, `\x1b[2J`},
		{"bidi in mode", []string{"-mode", "a\u202eb"}, `a\u202eb`},
		{"flag package error", []string{"-nosuch" + esc}, `\x1b[2J`},
		{"flag value error", []string{"-devices", "x" + esc}, `\x1b[2J`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			args := append([]string{"-no-env"}, tc.args...)
			stdout, stderr, code := runPlan(t, nil, args...)
			if rawControl(stdout) || rawControl(stderr) {
				t.Errorf("exit %d: raw control character in the output:\nstdout %q\nstderr %q", code, stdout, stderr)
			}
			if !strings.Contains(stdout+stderr, tc.want) {
				t.Errorf("output lacks %q:\n%s%s", tc.want, stdout, stderr)
			}
			if strings.Contains(strings.Join(args, " "), "-key") || strings.Contains(strings.Join(args, " "), "-script") {
				return
			}
			stdout, stderr, _ = runPlan(t, nil, append(args, "-json")...)
			if rawControl(stdout) || rawControl(stderr) {
				t.Errorf("-json: raw control character in the output:\nstdout %q\nstderr %q", stdout, stderr)
			}
			if stdout != "" && !json.Valid([]byte(stdout)) {
				t.Errorf("-json output is not JSON:\n%s", stdout)
			}
		})
	}
}

// TestFlagParsingConsistent (finding 14): counts are decimal with spaces ignored (as
// around a release), -dynamic takes what any boolean flag takes, every error line
// (the flag package's too) starts with "compilemode: ", and flags that would be
// ignored are refused.
func TestFlagParsingConsistent(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		code int
		err  string // "" when stderr must be empty
	}{
		{[]string{"-devices", "0x2"}, 2, `compilemode: invalid value "0x2" for flag -devices: want a whole number in decimal, e.g. 2`},
		{[]string{"-devices", "1_0"}, 2, `want a whole number in decimal`},
		{[]string{"-devices", "2.0"}, 2, `want a whole number in decimal`},
		{[]string{"-devices", " 2"}, 0, ""},
		{[]string{"-callers", "0o7", "-threads", "callers"}, 2, `for flag -callers: want a whole number`},
		{[]string{"-devices", "99999999999999999999"}, 2, `for flag -devices: out of range`},
		{[]string{"-dynamic", "True"}, 0, ""},
		{[]string{"-dynamic", "1"}, 0, ""},
		{[]string{"-dynamic", " false "}, 0, ""},
		{[]string{"-dynamic", "yes"}, 2, `compilemode: -dynamic "yes": want true or false`},
		{[]string{"-nosuch"}, 2, "compilemode: flag provided but not defined: -nosuch (compilemode -h lists the flags)\n"},
		{[]string{"-devices"}, 2, "compilemode: flag needs an argument: -devices"},
		{[]string{"-fullgraph=x"}, 2, `compilemode: invalid boolean value "x" for -fullgraph`},
		{[]string{"-dynamic-shapes", "-sizes", "0"}, 2, "compilemode: -sizes 0: want 1 or more"},
		{[]string{"-all", "-json"}, 2, "compilemode: -all and -json cannot be combined"},
		{[]string{"-options", "@"}, 2, "compilemode: -options @: empty file name (give -options @FILE, or @- for stdin)"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			_, stderr, code := runPlan(t, nil, append([]string{"-no-env"}, tc.args...)...)
			if code != tc.code {
				t.Errorf("exit %d, want %d: %s", code, tc.code, stderr)
			}
			if tc.err == "" && stderr != "" || !strings.Contains(stderr, tc.err) {
				t.Errorf("stderr %q, want %q", stderr, tc.err)
			}
			for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
				if l != "" && !strings.HasPrefix(l, "compilemode: ") {
					t.Errorf("stderr line without the compilemode: prefix: %q", l)
				}
			}
		})
	}
}

// TestSetOtherModule (finding 12): -set with a module other than Inductor's or
// Dynamo's config is unusable input naming the module, from a flag or a file.
func TestSetOtherModule(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "s.json")
	if err := os.WriteFile(file, []byte(`{"set": ["torch.fx.config.x=1"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-set", "torch._functorch.config.x=1"}, "torch._functorch.config is not torch._inductor.config or torch._dynamo.config"},
		{[]string{"-set", "torch._inductor.x=1"}, "torch._inductor is not torch._inductor.config"},
		{[]string{"-scenario", file}, "torch.fx.config is not"},
	} {
		_, stderr, code := runPlan(t, nil, append([]string{"-no-env"}, tc.args...)...)
		if code != 2 || !strings.Contains(stderr, tc.want) || !strings.HasPrefix(stderr, "compilemode: ") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestEnvInvisibleMisread (finding 13): a switch value a terminal shows as 1 but that
// holds an escape sequence or an invisible character gets the misread warning.
func TestEnvInvisibleMisread(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"1\x1b[2J", "1\t", " 1", "\u200b1", "1\u202e"} {
		stdout, stderr, code := runPlan(t, nil, "-no-env", "-env", "TORCHINDUCTOR_CUDAGRAPHS="+v)
		if code != 0 || !strings.Contains(stdout, "[env-switch-misread]") || rawControl(stdout) {
			t.Errorf("TORCHINDUCTOR_CUDAGRAPHS=%q: exit %d, no escaped env-switch-misread warning:\n%s%s", v, code, stdout, stderr)
		}
	}
}

// TestUserValuesNotHostDefaults (finding 17): a host-dependent key the user set (a
// global, the environment, options) is the user's value: its evidence is not host and
// the text does not list it among this machine's defaults.
func TestUserValuesNotHostDefaults(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"-set", "compile_threads=19"},
		{"-env", "TORCHINDUCTOR_COMPILE_THREADS=19"},
		{"-options", "{'compile_threads': 19}"},
	} {
		stdout, stderr, code := runPlan(t, nil, append([]string{"-no-env"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d %s", args, code, stderr)
		}
		host := ""
		for _, l := range strings.Split(stdout, "\n") {
			if strings.Contains(l, "host-dependent defaults") {
				host = l
			}
			if strings.HasPrefix(strings.TrimSpace(l), "compile_threads") && strings.HasSuffix(l, "host") {
				t.Errorf("%v: the user's compile_threads has evidence host: %q", args, l)
			}
		}
		if strings.Contains(host, "compile_threads") {
			t.Errorf("%v: the user's compile_threads listed as a host default: %q", args, host)
		}
	}
}

// TestCompareSameStructured (finding 17): a comparison's JSON "same" holds rows shaped
// like "keys" (format compilemode-compare/2).
func TestCompareSameStructured(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := runPlan(t, nil, "-no-env", "-torch", "2.6,2.14", "-mode", "reduce-overhead", "-json")
	if code != 0 {
		t.Fatalf("exit %d %s", code, stderr)
	}
	var cmp struct {
		Format string `json:"format"`
		Same   []struct {
			Key    string `json:"key"`
			Values []struct {
				Value  any    `json:"value"`
				Source string `json:"source"`
			} `json:"values"`
			Differ bool `json:"differ"`
		} `json:"same"`
	}
	if err := json.Unmarshal([]byte(stdout), &cmp); err != nil {
		t.Fatal(err)
	}
	if cmp.Format != compareFormat || len(cmp.Same) != 1 || cmp.Same[0].Key != "triton.cudagraphs" || len(cmp.Same[0].Values) != 2 ||
		cmp.Same[0].Values[1].Source != "mode:reduce-overhead" || cmp.Same[0].Values[0].Value != true || cmp.Same[0].Differ {
		t.Errorf("same = %+v (format %s)", cmp.Same, cmp.Format)
	}
}

// TestFileEncodingsAndEmptyLogs (finding 16): a UTF-16 scenario, schema or options
// file is refused naming its encoding; a log of NUL bytes is as empty as one of
// newlines (exit 2 both).
func TestFileEncodingsAndEmptyLogs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	utf16 := func(s string) []byte {
		out := []byte{0xff, 0xfe}
		for _, c := range []byte(s) {
			out = append(out, c, 0)
		}
		return out
	}
	for _, args := range [][]string{
		{"-scenario", write("s.json", utf16(`{"torch": "2.11"}`))},
		{"-schema", write("schema.json", utf16(`{}`))},
		{"-options", "@" + write("o.txt", utf16(`{'max_autotune': True}`))},
	} {
		_, stderr, code := runPlan(t, nil, append([]string{"-no-env"}, args...)...)
		if code != 2 || !strings.Contains(stderr, "UTF-16 (little-endian, with a byte order mark)") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 naming UTF-16", args[0], code, stderr)
		}
	}
	for name, data := range map[string][]byte{
		"nuls":     make([]byte, 1<<16),
		"newlines": []byte(strings.Repeat("\n", 1<<16)),
		"controls": []byte("\x00\x01\x1b\n\t \x7f"),
	} {
		_, stderr, code := runPlan(t, nil, "-diagnose", write(name+".log", data))
		if code != 2 || !strings.Contains(stderr, "empty input") {
			t.Errorf("-diagnose %s: exit %d, stderr %q; want exit 2, empty input", name, code, stderr)
		}
	}
}
