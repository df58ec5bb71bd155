package wasmdata

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestDropUnreadRuns builds testdata/args for js/wasm, drops its line tables with
// and without the tables DropUnread drops, and runs both in Node: the same output
// (goroutines and garbage collections over deep stacks), but for the panic's
// traceback, which prints index's frame without its arguments' words.
func TestDropUnreadRuns(t *testing.T) {
	dir, module := buildProgram(t, "args")
	lined, _, err := DropLines(module)
	require.NoError(t, err)
	dropped, n, err := DropUnread(lined)
	require.NoError(t, err)
	require.Greater(t, n, 1000, "DropUnread's functions: want the runtime's and the program's")
	for name, m := range map[string][]byte{"lined.wasm": lined, "dropped.wasm": dropped} {
		merged, err := Merge(m, 128)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), merged, 0o644))
	}
	run := wasmRunner(t, dir)
	before, after := run("lined.wasm"), run("dropped.wasm")
	if !strings.HasPrefix(before, "total ") || after != before {
		t.Errorf("without the tables the module printed %q, want %q", after, before)
	}
	before, after = run("lined.wasm", "x"), run("dropped.wasm", "x")
	args := regexp.MustCompile(`main\.index\(\{0x[0-9a-f]+, 0x1, 0x1\}, 0x5, 0x7\)`)
	if !args.MatchString(before) || !strings.Contains(before, "index out of range [12] with length 1") {
		t.Fatalf("the module's panic printed %q, want main.index's arguments in its traceback", before)
	}
	if want := args.ReplaceAllLiteralString(before, "main.index()"); after != want {
		t.Errorf("without the tables the module's panic printed %q, want %q", after, want)
	}
}

// unreadMem is a memory of two functions for dropUnread: a header at 16, its pctab
// at 216 and pcln at 256, go:func.* at 480 and a moduledata at 600. Each function
// has two pcdata tables (UnsafePoint, StackMapIndex) and seven funcdata; the second
// function's UnsafePoint table is the first's stack map table (of the values 0 and
// 1: kept), its stack map table of -1 and 0 (dropped), and its ArgInfo the first's
// locals' pointer maps (kept).
func unreadMem() []byte {
	const at, gofunc, md = 16, 480, 600
	mem := make([]byte, 1024)
	pcHeaderOf(mem, at, 2, [5]int{72, 80, 96, 200, 240})
	binary.LittleEndian.PutUint64(mem[md:], at)
	binary.LittleEndian.PutUint64(mem[md+modFuncnametab:], at+72)
	binary.LittleEndian.PutUint64(mem[md+modFuncnametab+8:], 8)
	binary.LittleEndian.PutUint64(mem[md+modGofunc:], gofunc)
	// pctab: sp at 1, UnsafePoint at 4, stack maps at 9 (0, 1) and 14 (-1, 0)
	copy(mem[at+200:], []byte{0xff, 0x02, 0x04, 0x00, 0x04, 0x08, 0x02, 0x10, 0x00, 0x02, 0x02, 0x02, 0x04, 0x00, 0x00, 0x02, 0x02, 0x04, 0x00})
	// go:func.*: pointer maps at 0 and 8, ArgInfo at 16 (a pair, a mark, a pair,
	// the end), ArgLiveInfo at 24
	copy(mem[gofunc:], "\x01\x00\x00\x00\x01\x00\x00\x00\x02\x00\x00\x00\x01\x00\x00\x00\x00\x08\xfc\x08\x08\xff\x00\x00\x07\x07")
	fn := func(k int, pcdata []int, funcdata []uint32) {
		entry := 0x10000 * (k + 1)
		binary.LittleEndian.PutUint32(mem[at+240+8*k:], uint32(entry))
		binary.LittleEndian.PutUint32(mem[at+240+8*k+4:], uint32(32+80*k))
		f := at + 240 + 32 + 80*k
		for i, v := range []int{entry, 7, 0, 0, 1, 0, 0, len(pcdata), 3, 40} {
			binary.LittleEndian.PutUint32(mem[f+4*i:], uint32(v))
		}
		mem[f+funcNFuncData] = byte(len(funcdata))
		for i, v := range pcdata {
			binary.LittleEndian.PutUint32(mem[f+funcSize+4*i:], uint32(v))
		}
		for i, v := range funcdata {
			binary.LittleEndian.PutUint32(mem[f+funcSize+4*len(pcdata)+4*i:], v)
		}
	}
	none := uint32(math.MaxUint32)
	fn(0, []int{4, 9}, []uint32{0, 8, none, none, none, 16, 24})
	fn(1, []int{9, 14}, []uint32{0, 8, none, none, none, 8, none})
	return mem
}

// TestDropUnreadTable drops the tables of unreadMem: the first function's
// UnsafePoint and ArgInfo bytes zeroed, the second's kept (other tables'), the
// second's stack map table zeroed, the offsets of all of them none and the
// functions' cuOffset 0, nothing else changed.
func TestDropUnreadTable(t *testing.T) {
	mem := unreadMem()
	want := bytes.Clone(mem)
	clear(want[16+200+4 : 16+200+9])
	clear(want[16+200+14 : 16+200+19])
	binary.LittleEndian.PutUint32(want[16+240+32+80+funcSize+4:], 0)
	clear(want[480+16 : 480+22])
	for k := range 2 {
		f := 16 + 240 + 32 + 80*k
		binary.LittleEndian.PutUint32(want[f+funcCUOffset:], 0)
		binary.LittleEndian.PutUint32(want[f+funcSize:], 0)
		binary.LittleEndian.PutUint32(want[f+funcSize+8+4*funcdataArgInfo:], math.MaxUint32)
		binary.LittleEndian.PutUint32(want[f+funcSize+8+4*funcdataArgLiveInfo:], math.MaxUint32)
	}
	n, err := dropUnread(mem)
	if err != nil || n != 2 {
		t.Fatalf("dropUnread = %d, %v; want 2 functions", n, err)
	}
	if diff := cmp.Diff(want, mem); diff != "" {
		t.Errorf("memory after dropUnread (-want +got):\n%s", diff)
	}
}

func TestDropUnreadNoTable(t *testing.T) {
	in := module(section(1, nil), dataOf(segment{offset: 8, data: []byte("no table here")}))
	out, n, err := DropUnread(in)
	if err != nil || n != 0 || !bytes.Equal(out, in) {
		t.Errorf("DropUnread = %x, %d, %v; want the module as it is, 0 functions", out, n, err)
	}
	mem := unreadMem()
	clear(mem[600 : 600+8]) // no moduledata
	want := bytes.Clone(mem)
	if n, err := dropUnread(mem); err != nil || n != 0 || !bytes.Equal(mem, want) {
		t.Errorf("dropUnread without a moduledata = %d, %v; want 0 and the memory as it is", n, err)
	}
	if _, _, err := DropUnread([]byte("\x7fELF\x02\x01\x01\x00")); err == nil || !strings.Contains(err.Error(), "not a WebAssembly module") {
		t.Errorf("DropUnread of an ELF file: %v, want not a WebAssembly module", err)
	}
}

func TestDropUnreadErrors(t *testing.T) {
	tests := []struct {
		name string
		edit func(mem []byte)
		want string
	}{
		{"ArgInfo without its end", func(mem []byte) { binary.LittleEndian.PutUint32(mem[16+240+32+44+8+4*5:], 1024-480-1) }, "runs past memory"},
		{"UnsafePoint cut short", func(mem []byte) { copy(mem[16+200+4:], bytes.Repeat([]byte{0x80}, 36)) }, "cut short"},
		{"funcdata past memory", func(mem []byte) { mem[16+240+32+80+funcNFuncData] = 255 }, "funcdata run past memory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mem := unreadMem()
			tt.edit(mem)
			if _, err := dropUnread(mem); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("dropUnread: %v, want an error with %q", err, tt.want)
			}
		})
	}
}
