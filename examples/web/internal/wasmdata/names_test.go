package wasmdata

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestShortNamesRuns builds testdata/lines for js/wasm, shortens the names of its
// functions but the runtime's and reflect's (fmt's, strings', main's …) and runs both
// modules in Node: the same output, but for the panic's traceback, which names
// main.main by its short name, and the names map it back.
func TestShortNamesRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a WebAssembly module")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node to run the module")
	}
	dir := t.TempDir()
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "lines.wasm"), ".")
	build.Dir = filepath.Join("testdata", "lines")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	module, err := os.ReadFile(filepath.Join(dir, "lines.wasm"))
	require.NoError(t, err)
	short, names, err := ShortNames(module, "runtime.", "reflect.", "internal/reflectlite.")
	require.NoError(t, err)
	full := map[string]string{}
	for _, n := range names {
		full[n[0]] = n[1]
	}
	require.Len(t, full, len(names), "short names not unique: %v", names)
	var mainName string
	for s, f := range full {
		if f == "main.main" {
			mainName = s
		}
	}
	require.NotEmpty(t, mainName, "no short name for main.main in %v", names)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "short.wasm"), short, 0o644))
	root, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	exe := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "go_js_wasm_exec")
	run := func(name string, args ...string) string {
		out, _ := exec.Command(exe, append([]string{filepath.Join(dir, name)}, args...)...).CombinedOutput()
		return string(out)
	}
	before, after := run("lines.wasm"), run("short.wasm")
	if !strings.Contains(before, "caller lines/main.go 45 true") || after != before {
		t.Errorf("with short names the module printed %q, want %q", after, before)
	}
	before, after = run("lines.wasm", "k"), run("short.wasm", "k")
	if !strings.Contains(before, "main.main()") {
		t.Fatalf("the module's panic printed %q, want main.main in its traceback", before)
	}
	if want := strings.Replace(before, "main.main()", mainName+"()", 1); after != want {
		t.Errorf("with short names the module's panic printed %q, want %q", after, want)
	}
}

// TestShortNamesTable writes short names over those of a table without a prefix to
// keep, counted per package's last element, and keeps the others.
func TestShortNamesTable(t *testing.T) {
	tab := []byte("runtime.main\x00m/a/diag.(*r).x\x00m/b/diag.F[...]\x00m/a/diag.g.func1\x00x/c.H\x00m/c.H\x00")
	over := func(name, short string) string { return short + strings.Repeat("\x00", len(name)-len(short)) }
	want := "runtime.main\x00" + over("m/a/diag.(*r).x", "diag.0") + "\x00" + over("m/b/diag.F[...]", "diag.1") + "\x00" +
		over("m/a/diag.g.func1", "diag.2") + "\x00x/c.H\x00" + over("m/c.H", "c.0") + "\x00"
	names, err := shortNames(tab, []string{"runtime.", "x/"})
	require.NoError(t, err)
	if diff := cmp.Diff(want, string(tab)); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
	wantNames := [][2]string{{"diag.0", "m/a/diag.(*r).x"}, {"diag.1", "m/b/diag.F[...]"}, {"diag.2", "m/a/diag.g.func1"}, {"c.0", "m/c.H"}}
	if diff := cmp.Diff(wantNames, names); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
	if _, err := shortNames([]byte("m/a.f"), nil); err == nil || !strings.Contains(err.Error(), "no end") {
		t.Errorf("shortNames of a name with no end: %v, want an error", err)
	}
}

func TestShortNamesNoTable(t *testing.T) {
	in := module(section(1, nil), dataOf(segment{offset: 8, data: []byte("no table here")}))
	out, names, err := ShortNames(in)
	require.NoError(t, err)
	require.Equal(t, in, out)
	require.Empty(t, names)
}
