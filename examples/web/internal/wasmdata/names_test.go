package wasmdata

import (
	"bytes"
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
	dir, module := buildLines(t)
	shortened, names, err := ShortNames(module, "runtime.", "reflect.", "internal/reflectlite.")
	require.NoError(t, err)
	short := map[string]string{} // full name to short
	for _, n := range names {
		short[n[1]] = n[0]
	}
	require.Len(t, short, len(names), "full names not unique: %v", names)
	mainName, keyName := short["main.main"], short["main.key"]
	require.NotEmpty(t, mainName, "no short name for main.main in %v", names)
	require.NotEmpty(t, keyName, "no short name for main.key in %v", names)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "short.wasm"), shortened, 0o644))
	run := wasmRunner(t, dir)
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
	// a panic in main.key, inlined into main.main: its frame's name is the inline
	// tree's, whose offset into the table packNames rewrote
	before, after = run("lines.wasm", "i"), run("short.wasm", "i")
	if !strings.Contains(before, "main.key(...)") {
		t.Fatalf("the module's panic printed %q, want main.key(...) in its traceback", before)
	}
	if want := strings.NewReplacer("main.key(...)", keyName+"(...)", "main.main()", mainName+"()").Replace(before); after != want {
		t.Errorf("with short names the module's panic printed %q, want %q", after, want)
	}
	requirePacked(t, shortened)
}

// requirePacked fails t unless the function table of module holds its names back to
// back (no run of two zeros before the last name), zeros after them.
func requirePacked(t *testing.T, module []byte) {
	t.Helper()
	var tab []byte
	_, err := rewriteData(module, func(segs []segment) ([]segment, error) {
		mem := memoryOf(segs)
		h, ok, err := findPCHeader(mem)
		require.True(t, ok)
		tab = mem[h.funcname:h.cu]
		return segs, err
	})
	require.NoError(t, err)
	used := len(bytes.TrimRight(tab, "\x00"))
	require.Greater(t, used, 1000)
	require.Less(t, used, len(tab)*3/4, "the names take most of the table: not short")
	require.NotContains(t, string(tab[:used]), "\x00\x00", "a gap between names: not packed")
}

// TestShortNamesTable writes short names over those of a table without a prefix to
// keep, counted per package's last element, and keeps the others.
func TestShortNamesTable(t *testing.T) {
	tab := []byte("runtime.main\x00m/a/diag.(*r).x\x00m/b/diag.F[...]\x00m/a/diag.g.func1\x00x/c.H\x00m/c.H\x00")
	over := func(name, short string) string { return short + strings.Repeat("\x00", len(name)-len(short)) }
	want := "runtime.main\x00" + over("m/a/diag.(*r).x", "diag.0") + "\x00" + over("m/b/diag.F[...]", "diag.1") + "\x00" +
		over("m/a/diag.g.func1", "diag.2") + "\x00x/c.H\x00" + over("m/c.H", "c.0") + "\x00"
	names, starts, err := shortNames(tab, []string{"runtime.", "x/"})
	require.NoError(t, err)
	if diff := cmp.Diff(want, string(tab)); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
	wantNames := [][2]string{{"diag.0", "m/a/diag.(*r).x"}, {"diag.1", "m/b/diag.F[...]"}, {"diag.2", "m/a/diag.g.func1"}, {"c.0", "m/c.H"}}
	if diff := cmp.Diff(wantNames, names); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{0, 13, 29, 45, 62, 68}, starts); diff != "" {
		t.Errorf("starts (-want +got):\n%s", diff)
	}
	if _, _, err := shortNames([]byte("m/a.f"), nil); err == nil || !strings.Contains(err.Error(), "no end") {
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

// TestTracebackNamesRuns builds testdata/args, shortens every function's name but
// TracebackNames' (the runtime's then short but for runtime.gopanic and its
// exported functions) and runs both modules in Node: the same output, but for the
// short names of the frames in a panic's traceback; the frames shown are the same,
// runtime.Goexit's and the "panic" frame among them, and reflect's panic names its
// Value method.
func TestTracebackNamesRuns(t *testing.T) {
	dir, module := buildProgram(t, "args")
	shortened, names, err := ShortNames(module, TracebackNames()...)
	require.NoError(t, err)
	short, runtimeShort := map[string]string{}, 0
	for _, n := range names {
		short[n[1]] = n[0]
		if strings.HasPrefix(n[1], "runtime.") {
			runtimeShort++
		}
	}
	require.Greater(t, runtimeShort, 500, "the runtime's functions made short")
	require.NotContains(t, short, "runtime.gopanic")
	require.NotContains(t, short, "runtime.Goexit")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "short.wasm"), shortened, 0o644))
	run := wasmRunner(t, dir)
	var pairs []string // each frame's full name to its short one
	for _, n := range names {
		pairs = append(pairs, "\n"+n[1]+"(", "\n"+n[0]+"(")
	}
	frames := strings.NewReplacer(pairs...)
	for arg, panics := range map[string]string{"x": "main.index(", "d": "main.index(", "g": "main.index(", "r": "panic: reflect: call of reflect.Value.Bool on int Value"} {
		before, after := run("args.wasm", arg), run("short.wasm", arg)
		if !strings.Contains(before, panics) {
			t.Fatalf("args %s printed %q, want %q", arg, before, panics)
		}
		if want := frames.Replace(before); after != want || (arg != "r" && !strings.Contains(after, "\n"+short["main.index"]+"(")) {
			t.Errorf("args %s with short names printed %q, want %q", arg, after, want)
		}
	}
	if before := run("args.wasm", "d"); !strings.Contains(before, "\npanic({") {
		t.Errorf("args d printed %q, want the panic frame", before)
	}
	if before := run("args.wasm", "g"); !strings.Contains(before, "\nruntime.Goexit()") {
		t.Errorf("args g printed %q, want runtime.Goexit's frame", before)
	}
}

func TestTracebackNames(t *testing.T) {
	keep := TracebackNames()
	for name, want := range map[string]bool{
		"runtime.gopanic": true, "runtime.Goexit": true, "runtime.(*Frames).Next": true, "runtime.Frames.X": true,
		"reflect.Value.Int": true, "internal/reflectlite.Value.Len": true,
		"runtime.mallocgc": false, "runtime.(*mheap).alloc": false, "runtime.gopark": false, "main.main": false,
		"reflect.chanlen": false, "reflect.(*rtype).Elem": false, "internal/reflectlite.ValueOf": false,
	} {
		require.Equal(t, want, hasAnyPrefix(name, keep), name)
	}
}

// wasmRunner returns a function that runs the module named in dir with Go's
// go_js_wasm_exec (Node) and args, and returns its combined output, whatever its exit.
func wasmRunner(t *testing.T, dir string) func(name string, args ...string) string {
	t.Helper()
	root, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	exe := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "go_js_wasm_exec")
	return func(name string, args ...string) string {
		out, _ := exec.Command(exe, append([]string{filepath.Join(dir, name)}, args...)...).CombinedOutput()
		return string(out)
	}
}
