package wasmdata

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDropLinesRuns builds testdata/lines for js/wasm, drops its line tables and runs
// both modules in Node (go_js_wasm_exec): the same output, but for the file and line
// runtime.Caller gives and a panic's traceback prints ("?" and 0), and the garbage
// collector's walks of a deep stack work.
func TestDropLinesRuns(t *testing.T) {
	dir, module := buildLines(t)
	dropped, n, err := DropLines(module)
	if err != nil || n < 1000 {
		t.Fatalf("DropLines: %d functions, %v; want the runtime's and the program's (over 1,000)", n, err)
	}
	merged, err := Merge(dropped, 128)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "dropped.wasm"), merged, 0o644); err != nil {
		t.Fatal(err)
	}
	run := wasmRunner(t, dir)
	before, after := run("lines.wasm"), run("dropped.wasm")
	if !strings.Contains(before, "caller lines/main.go 45 true") {
		t.Fatalf("the module as built printed %q, want its caller's file and line", before)
	}
	if want := strings.Replace(before, "lines/main.go 45", "? 0", 1); after != want {
		t.Errorf("without its lines the module printed %q, want %q", after, want)
	}
	before, after = run("lines.wasm", "k"), run("dropped.wasm", "k")
	if !strings.Contains(before, "\tlines/main.go:49 +0x") {
		t.Fatalf("the module's panic printed %q, want its file and line", before)
	}
	if want := strings.NewReplacer("lines/main.go 45", "? 0", "lines/main.go:49 ", "?:0 ").Replace(before); after != want || !strings.Contains(after, "panic: assignment to entry in nil map") {
		t.Errorf("without its lines the module's panic printed %q, want %q", after, want)
	}
}

// pcHeaderOf writes a function table's header at at in mem (8-byte words): nfunc and
// its tables' offsets from at (funcname, cu, filetab, pctab, pcln).
func pcHeaderOf(mem []byte, at, nfunc int, offs [5]int) {
	binary.LittleEndian.PutUint32(mem[at:], pclnMagic)
	mem[at+6], mem[at+7] = 1, 8
	binary.LittleEndian.PutUint64(mem[at+8:], uint64(nfunc))
	for k, o := range offs {
		binary.LittleEndian.PutUint64(mem[at+32+8*k:], uint64(o))
	}
}

// TestDropLinesTable drops the lines of a table of two functions whose pcfile
// tables are one, the second function's pcln table the first's pcdata table: the
// bytes of that one are kept, the others zeroed, and nothing else changes but the
// offsets, startLine and the file tables.
func TestDropLinesTable(t *testing.T) {
	const at, pctab, pcln = 16, 200, 240 // header at 16; pctab at 216; pcln at 256
	mem := make([]byte, 512)
	pcHeaderOf(mem, at, 2, [5]int{72, 80, 96, 200, 240})
	copy(mem[at+80:], "\x01\x02\x03\x04") // cutab
	copy(mem[at+96:], "a.go\x00b.go\x00") // filetab
	// pctab: tables at 1 (sp), 6 (file), 11 (line 1), 16 (line 2 = pcdata 1)
	tabs := []byte{0xff, 0x02, 0x04, 0x02, 0x02, 0x00, 0x02, 0x08, 0x02, 0x04, 0x00, 0x0a, 0x10, 0x04, 0x08, 0x00, 0x06, 0x10, 0x02, 0x10, 0x00}
	copy(mem[at+pctab:], tabs)
	fn := func(k, entry, sp, file, line, pcdata int) {
		binary.LittleEndian.PutUint32(mem[at+pcln+8*k:], uint32(entry))
		binary.LittleEndian.PutUint32(mem[at+pcln+8*k+4:], uint32(32+48*k))
		f := at + pcln + 32 + 48*k
		for i, v := range []int{entry, 7, 0, 0, sp, file, line, 1, 0, 40 + k} {
			binary.LittleEndian.PutUint32(mem[f+4*i:], uint32(v))
		}
		binary.LittleEndian.PutUint32(mem[f+funcSize:], uint32(pcdata))
	}
	fn(0, 0x10000, 1, 6, 11, 16)
	fn(1, 0x20000, 1, 6, 16, 0)
	want := bytes.Clone(mem)
	clear(want[at+80 : at+200])
	for _, k := range []int{6, 7, 8, 9, 10, 11, 12, 13, 14, 15} { // file and line 1; not 16-20, pcdata
		want[at+pctab+k] = 0
	}
	for k := range 2 {
		f := at + pcln + 32 + 48*k
		for _, field := range []int{funcPCFile, funcPCLn, funcStart} {
			binary.LittleEndian.PutUint32(want[f+field:], 0)
		}
	}
	n, err := dropLines(mem)
	if err != nil || n != 2 {
		t.Fatalf("dropLines = %d, %v; want 2 functions", n, err)
	}
	if diff := cmp.Diff(want, mem); diff != "" {
		t.Errorf("memory after dropLines (-want +got):\n%s", diff)
	}
}

func TestDropLinesNoTable(t *testing.T) {
	in := module(section(1, nil), dataOf(segment{offset: 8, data: []byte("no table here")}))
	out, n, err := DropLines(in)
	if err != nil || n != 0 || !bytes.Equal(out, in) {
		t.Errorf("DropLines = %x, %d, %v; want the module as it is, 0 functions", out, n, err)
	}
	if _, _, err := DropLines([]byte("\x7fELF\x02\x01\x01\x00")); err == nil || !strings.Contains(err.Error(), "not a WebAssembly module") {
		t.Errorf("DropLines of an ELF file: %v, want not a WebAssembly module", err)
	}
}

func TestDropLinesErrors(t *testing.T) {
	tests := []struct {
		name string
		edit func(mem []byte)
		want string
	}{
		{"entry not the function's", func(mem []byte) { binary.LittleEndian.PutUint32(mem[16+240+32:], 5) }, "does not match"},
		{"table past pctab", func(mem []byte) { binary.LittleEndian.PutUint32(mem[16+240+32+funcPCLn:], 40) }, "past the table"},
		{"table cut short", func(mem []byte) { copy(mem[16+200+1:], bytes.Repeat([]byte{0x80}, 39)) }, "cut short"},
		{"too many pcdata", func(mem []byte) { binary.LittleEndian.PutUint32(mem[16+240+32+funcNPCData:], 1000) }, "pcdata tables"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mem := make([]byte, 512)
			pcHeaderOf(mem, 16, 1, [5]int{72, 80, 96, 200, 240})
			copy(mem[16+200:], []byte{0, 0x02, 0x04, 0x00})
			binary.LittleEndian.PutUint32(mem[16+240:], 0x10000)
			binary.LittleEndian.PutUint32(mem[16+240+4:], 32)
			for i, v := range []int{0x10000, 7, 0, 0, 1, 1, 1, 0, 0, 40} {
				binary.LittleEndian.PutUint32(mem[16+240+32+4*i:], uint32(v))
			}
			tt.edit(mem)
			if _, err := dropLines(mem); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("dropLines: %v, want an error with %q", err, tt.want)
			}
		})
	}
}

// buildLines builds testdata/lines (buildProgram).
func buildLines(t *testing.T) (dir string, module []byte) {
	t.Helper()
	return buildProgram(t, "lines")
}

// buildProgram builds testdata/NAME for js/wasm with the page's flags into a new
// temporary folder, as NAME.wasm, and returns the folder and the module; it skips the
// test under -short (a build) and where no node can run the module.
func buildProgram(t *testing.T, name string) (dir string, module []byte) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a WebAssembly module")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node to run the module")
	}
	dir = t.TempDir()
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, name+".wasm"), ".")
	build.Dir = filepath.Join("testdata", name)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	module, err := os.ReadFile(filepath.Join(dir, name+".wasm"))
	if err != nil {
		t.Fatal(err)
	}
	return dir, module
}
