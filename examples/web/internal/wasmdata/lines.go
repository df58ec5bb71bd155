package wasmdata

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// The Go runtime's function table (runtime/symtab.go pcHeader and _func, written by
// cmd/link/internal/ld/pcln.go) is data of the module: for each function its name,
// its tables of the stack pointer's offset (pcsp) and of the stack maps and unsafe
// points (pcdata), which the garbage collector and the scheduler read, and its
// tables of the source file and line of each instruction (pcfile, pcln) and the line
// it starts at (startLine), which only a traceback, runtime.Caller and
// runtime.CallersFrames read, for the file and line they print or return. Of the
// page's app.wasm (examples/web), the tables were 355 KB of its 7.0 MB of data,
// 184 KB of the data's 1.24 MB gzipped (zlib, level 9), and 66 KB with the line
// tables' bytes zeroed. The runtime reads a table offset of 0 as no table (pcvalue),
// and funcline1 then gives the file "?" and line 0 (runtime/symtab.go), which a
// traceback prints.
//
// pclnMagic is pcHeader's magic number from Go 1.20 on (through Go 1.26, whose
// runtime this was read from): the layout read here. Another magic is another
// layout, left as it is.
const pclnMagic = 0xfffffff1

const (
	pcHeaderSize = 72 // magic, pads, minLC, ptrSize and eight 8-byte words (ptrSize 8)
	funcSize     = 44 // _func's fields before its pcdata offsets
	funcPCFile   = 20 // _func.pcfile's offset in _func
	funcPCLn     = 24 // _func.pcln's
	funcNPCData  = 28 // _func.npcdata's
	funcStart    = 36 // _func.startLine's
	funcPCSP     = 16 // _func.pcsp's
)

// DropLines returns module with the Go runtime's file and line tables of its
// functions left out of its data (the comment above): each function's pcfile, pcln
// and startLine set to 0, the bytes of those tables that no other table shares set
// to zero, and the file names' tables (cutab, filetab) too. The functions' names,
// their stack and pcdata tables and every other section are kept: the module runs
// the same, and a traceback or runtime.Caller says "?:0" where it said a file and
// line. It returns the number of functions whose lines it left out, 0 (and module
// as it is) when its data hold no function table of the layout it reads (a Go
// before 1.20 or a later layout); an error, and no module, when module is not a
// WebAssembly module or its data section is not of the form [Merge] reads, or when a
// table of that layout holds offsets outside it.
func DropLines(module []byte) ([]byte, int, error) {
	return rewriteMemory(module, dropLines)
}

// rewriteMemory returns module with its data segments' memory as f rewrites it in
// place, and the count f returns: module as it is for a count of 0, and no module
// for f's error or rewriteData's (DropLines, DropUnread and ShortNames share it).
func rewriteMemory(module []byte, f func(mem []byte) (int, error)) ([]byte, int, error) {
	n := 0
	out, err := rewriteData(module, func(segs []segment) ([]segment, error) {
		mem := memoryOf(segs)
		var err error
		if n, err = f(mem); err != nil || n == 0 {
			return segs, err
		}
		return resegment(segs, mem), nil
	})
	if err != nil {
		return nil, 0, err
	}
	if n == 0 {
		return module, 0, nil
	}
	return out, n, nil
}

// rewriteData returns module with its data section's segments as f returns them,
// every other section as it is.
func rewriteData(module []byte, f func([]segment) ([]segment, error)) ([]byte, error) {
	if !bytes.HasPrefix(module, header) {
		return nil, errors.New("wasmdata: not a WebAssembly module (magic number and version 1)")
	}
	out := append([]byte(nil), header...)
	r := reader{b: module, i: len(header)}
	for r.i < len(r.b) {
		id := r.b[r.i]
		r.i++
		size, err := r.uleb()
		if err != nil {
			return nil, fmt.Errorf("wasmdata: section %d: %w", id, err)
		}
		body, err := r.take(size)
		if err != nil {
			return nil, fmt.Errorf("wasmdata: section %d: %w", id, err)
		}
		if id == dataSection {
			segs, err := readSegments(body)
			if err != nil {
				return nil, err
			}
			if segs, err = f(segs); err != nil {
				return nil, err
			}
			body = writeSegments(segs)
		}
		out = append(out, id)
		out = binary.AppendUvarint(out, uint64(len(body)))
		out = append(out, body...)
	}
	return out, nil
}

// memoryOf is the memory segs write, from address 0 to the end of the last.
func memoryOf(segs []segment) []byte {
	end := int64(0)
	for _, s := range segs {
		end = max(end, s.offset+int64(len(s.data)))
	}
	mem := make([]byte, end)
	for _, s := range segs {
		copy(mem[s.offset:], s.data)
	}
	return mem
}

// resegment returns segs with their bytes read from mem (the same addresses).
func resegment(segs []segment, mem []byte) []segment {
	out := make([]segment, len(segs))
	for k, s := range segs {
		out[k] = segment{offset: s.offset, data: append([]byte(nil), mem[s.offset:s.offset+int64(len(s.data))]...)}
	}
	return out
}

// pcHeader is the header of the runtime's function table, at address at.
type pcHeader struct {
	at                                 int
	nfunc                              int
	funcname, cu, filetab, pctab, pcln int // addresses
	cuEnd, filetabEnd                  int
	pctabEnd                           int
}

// findPCHeader returns the one function table of mem (pclnMagic, 8-byte words), or
// ok false when there is none; an error when there are several.
func findPCHeader(mem []byte) (h pcHeader, ok bool, err error) {
	for i := 0; i+pcHeaderSize <= len(mem); i += 8 {
		if binary.LittleEndian.Uint32(mem[i:]) != pclnMagic {
			continue
		}
		c, valid := readPCHeader(mem, i)
		if !valid {
			continue
		}
		if ok {
			return pcHeader{}, false, fmt.Errorf("wasmdata: two function tables (runtime pcHeader) at %#x and %#x", h.at, i)
		}
		h, ok = c, true
	}
	return h, ok, nil
}

// readPCHeader reads a pcHeader at address at, and says whether it is one: the magic
// number, 8-byte words, and its tables in order inside mem.
func readPCHeader(mem []byte, at int) (pcHeader, bool) {
	b := mem[at : at+pcHeaderSize]
	if binary.LittleEndian.Uint32(b) != pclnMagic || b[4] != 0 || b[5] != 0 || b[7] != 8 {
		return pcHeader{}, false
	}
	word := func(k int) uint64 { return binary.LittleEndian.Uint64(b[8+8*k:]) }
	nfunc, offs := word(0), [5]uint64{word(3), word(4), word(5), word(6), word(7)}
	if nfunc == 0 || nfunc > 1<<24 || offs[0] < pcHeaderSize {
		return pcHeader{}, false
	}
	for k := 1; k < len(offs); k++ {
		if offs[k] < offs[k-1] {
			return pcHeader{}, false
		}
	}
	if offs[4] > uint64(len(mem)-at) || (nfunc+1)*8 > uint64(len(mem)-at)-offs[4] {
		return pcHeader{}, false
	}
	h := pcHeader{at: at, nfunc: int(nfunc), funcname: at + int(offs[0]), cu: at + int(offs[1]), filetab: at + int(offs[2]), pctab: at + int(offs[3]), pcln: at + int(offs[4])}
	h.cuEnd, h.filetabEnd, h.pctabEnd = h.filetab, h.pctab, h.pcln
	return h, true
}

// dropLines drops the line tables of the function table in mem (DropLines) and
// returns the number of functions; 0 when mem holds none.
func dropLines(mem []byte) (int, error) {
	h, ok, err := findPCHeader(mem)
	if err != nil || !ok {
		return 0, err
	}
	funcs, keep, lines, err := readFuncs(mem, h)
	if err != nil {
		return 0, err
	}
	if err := zeroLines(mem[h.pctab:h.pctabEnd], keep, lines); err != nil {
		return 0, err
	}
	for _, f := range funcs {
		for _, field := range []int{funcPCFile, funcPCLn, funcStart} {
			binary.LittleEndian.PutUint32(mem[f+field:], 0)
		}
	}
	clear(mem[h.cu:h.cuEnd])
	clear(mem[h.filetab:h.filetabEnd])
	return h.nfunc, nil
}

// readFuncs returns the addresses of h's functions (_func), the offsets in pctab of
// the tables kept (pcsp, pcdata) and of the line tables (pcfile, pcln).
func readFuncs(mem []byte, h pcHeader) (funcs []int, keep, lines []uint32, err error) {
	u32 := func(a int) uint32 { return binary.LittleEndian.Uint32(mem[a:]) }
	prev := uint32(0)
	for i := range h.nfunc {
		entry, f := u32(h.pcln+8*i), h.pcln+int(u32(h.pcln+8*i+4))
		if entry < prev || f+funcSize > len(mem) || u32(f) != entry {
			return nil, nil, nil, fmt.Errorf("wasmdata: function %d of the function table: entry %#x, _func at %#x does not match", i, entry, f)
		}
		prev = entry
		npc := int(u32(f + funcNPCData))
		if npc > 64 || f+funcSize+4*npc > len(mem) {
			return nil, nil, nil, fmt.Errorf("wasmdata: function %d of the function table: %d pcdata tables", i, npc)
		}
		keep = append(keep, u32(f+funcPCSP))
		for k := range npc {
			keep = append(keep, u32(f+funcSize+4*k))
		}
		lines = append(lines, u32(f+funcPCFile), u32(f+funcPCLn))
		funcs = append(funcs, f)
	}
	return funcs, keep, lines, nil
}

// zeroLines sets to zero the bytes of pctab's tables at lines that none of the
// tables at keep holds (the linker writes a table once for every function that has
// it, whatever its kind); dropUnread's UnsafePoint tables too.
func zeroLines(pctab []byte, keep, lines []uint32) error {
	kept := make([]bool, len(pctab))
	for _, off := range keep {
		n, err := tableLen(pctab, off)
		if err != nil {
			return err
		}
		for k := off; k < off+uint32(n); k++ {
			kept[k] = true
		}
	}
	for _, off := range lines {
		n, err := tableLen(pctab, off)
		if err != nil {
			return err
		}
		for k := off; k < off+uint32(n); k++ {
			if !kept[k] {
				pctab[k] = 0
			}
		}
	}
	return nil
}

// tableLen is the length in bytes of the pc-value table at off in pctab (0 for off
// 0: no table): pairs of a value delta (zigzag varint) and a pc delta (varint),
// ended by a value delta of 0 after the first pair (runtime/symtab.go step).
func tableLen(pctab []byte, off uint32) (int, error) {
	if off == 0 {
		return 0, nil
	}
	if int64(off) >= int64(len(pctab)) {
		return 0, fmt.Errorf("wasmdata: a pc-value table at %#x, past the table's %#x bytes", off, len(pctab))
	}
	p := pctab[off:]
	i := 0
	for first := true; ; first = false {
		v, n := binary.Uvarint(p[i:])
		if n <= 0 {
			return 0, fmt.Errorf("wasmdata: the pc-value table at %#x is cut short", off)
		}
		i += n
		if v == 0 && !first {
			return i, nil
		}
		if _, n = binary.Uvarint(p[i:]); n <= 0 {
			return 0, fmt.Errorf("wasmdata: the pc-value table at %#x is cut short", off)
		}
		i += n
	}
}
