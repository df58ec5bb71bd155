package wasmdata

import (
	"encoding/binary"
	"math"
)

// The runtime's moduledata (runtime/symtab.go, Go 1.20 to 1.26): its funcnametab
// slice's pointer and length at modFuncnametab, gofunc (the address of go:func.*, to
// which each function's funcdata offsets are relative) at modGofunc.
const (
	modFuncnametab  = 8
	modGofunc       = 320
	funcNFuncData   = 43 // _func.nfuncdata's offset (uint8)
	pcdataInlTree   = 2  // PCDATA_InlTreeIndex (internal/abi)
	funcdataInlTree = 3  // FUNCDATA_InlTree (internal/abi)
	inlinedCallSize = 16 // runtime.inlinedCall: funcID and pad, nameOff, parentPc, startLine
)

// packNames moves the names of tab (mem[h.funcname:h.cu], starts their offsets)
// back to back, the rest of tab zeros, and rewrites every offset into it: each
// function's nameOff and each inlined call's (its function's inline tree,
// FUNCDATA_InlTree, of as many calls as its PCDATA_InlTreeIndex table's largest
// index and one). It says false, and changes nothing, where it finds no moduledata
// holding tab or an offset that is not a name's start.
func packNames(mem []byte, h pcHeader, starts []int) bool {
	gofunc, ok := findGofunc(mem, h)
	if !ok {
		return false
	}
	refs, ok := nameRefs(mem, h, gofunc)
	if !ok {
		return false
	}
	tab := mem[h.funcname:h.cu]
	moved := make(map[uint32]uint32, len(starts))
	packed := make([]byte, 0, len(tab))
	for _, s := range starts {
		moved[uint32(s)] = uint32(len(packed))
		end := s
		for end < len(tab) && tab[end] != 0 {
			end++
		}
		packed = append(append(packed, tab[s:end]...), 0)
	}
	for _, a := range refs {
		if _, ok := moved[binary.LittleEndian.Uint32(mem[a:])]; !ok {
			return false
		}
	}
	for _, a := range refs {
		binary.LittleEndian.PutUint32(mem[a:], moved[binary.LittleEndian.Uint32(mem[a:])])
	}
	clear(tab)
	copy(tab, packed)
	return true
}

// findGofunc returns moduledata's gofunc: the one 8-byte word of mem that holds h's
// address followed by funcnametab's pointer and length.
func findGofunc(mem []byte, h pcHeader) (int, bool) {
	u64 := func(a int) uint64 { return binary.LittleEndian.Uint64(mem[a:]) }
	found, gofunc := 0, 0
	for a := 0; a+modGofunc+8 <= len(mem); a += 8 {
		if u64(a) == uint64(h.at) && u64(a+modFuncnametab) == uint64(h.funcname) && u64(a+modFuncnametab+8) == uint64(h.cu-h.funcname) {
			found++
			gofunc = int(u64(a + modGofunc))
		}
	}
	return gofunc, found == 1 && gofunc > 0 && gofunc < len(mem)
}

// nameRefs returns the addresses of every offset into funcnametab: each function's
// nameOff and each of its inlined calls'.
func nameRefs(mem []byte, h pcHeader, gofunc int) ([]int, bool) {
	u32 := func(a int) uint32 { return binary.LittleEndian.Uint32(mem[a:]) }
	seen := map[int]bool{}
	var refs []int
	add := func(a int) {
		if !seen[a] {
			seen[a] = true
			refs = append(refs, a)
		}
	}
	for i := range h.nfunc {
		f := h.pcln + int(u32(h.pcln+8*i+4))
		add(f + 4)
		npc, nfd := int(u32(f+funcNPCData)), int(mem[f+funcNFuncData])
		if npc <= pcdataInlTree || nfd <= funcdataInlTree {
			continue
		}
		tree, table := u32(f+funcSize+4*npc+4*funcdataInlTree), u32(f+funcSize+4*pcdataInlTree)
		if tree == math.MaxUint32 || table == 0 {
			continue
		}
		calls, ok := maxValue(mem[h.pctab:h.pctabEnd], table)
		if !ok {
			return nil, false
		}
		at := gofunc + int(tree)
		if at+inlinedCallSize*(calls+1) > len(mem) {
			return nil, false
		}
		for k := 0; k <= calls; k++ {
			add(at + inlinedCallSize*k + 4)
		}
	}
	return refs, true
}

// maxValue is the largest value of the pc-value table at off in pctab (valueRange).
func maxValue(pctab []byte, off uint32) (int, bool) {
	_, most, ok := valueRange(pctab, off)
	return most, ok
}

// valueRange is the smallest and largest values of the pc-value table at off in
// pctab (the runtime's step: the value starts at -1; each pair a zigzag value delta
// and a pc delta).
func valueRange(pctab []byte, off uint32) (least, most int, ok bool) {
	if int64(off) >= int64(len(pctab)) {
		return 0, 0, false
	}
	p, val, lo, hi := pctab[off:], int64(-1), int64(math.MaxInt64), int64(-1)
	for first := true; ; first = false {
		uv, n := binary.Uvarint(p)
		if n <= 0 {
			return 0, 0, false
		}
		if uv == 0 && !first {
			return int(lo), int(hi), true
		}
		val += int64(uv>>1) ^ -int64(uv&1)
		lo, hi = min(lo, val), max(hi, val)
		if _, m := binary.Uvarint(p[n:]); m <= 0 {
			return 0, 0, false
		} else {
			p = p[n+m:]
		}
	}
}
