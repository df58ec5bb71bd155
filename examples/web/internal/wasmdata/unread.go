package wasmdata

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Of the tables the Go runtime keeps for each function (runtime/symtab.go _func,
// Go 1.20 to 1.26), three are read on js/wasm by nothing a program does but print a
// traceback's argument values or look up a source file, and one kind reads as no
// table:
//
//   - FUNCDATA_ArgInfo and FUNCDATA_ArgLiveInfo (internal/abi), read only by
//     runtime/traceback.go printArgs, which prints nothing between a frame's
//     parentheses when a function has no ArgInfo (funcdata gives nil for the
//     offset ^uint32(0));
//   - PCDATA_UnsafePoint, read only by isAsyncSafePoint (runtime/preempt.go, called
//     from the signal handlers of signal_unix.go and os_windows.go, not built for
//     js: os_wasm.go's preemptMSupported is false) and debugCallCheck
//     (runtime/debugcall.go, built for amd64, arm64, loong64 and ppc64 only);
//   - _func.cuOffset, read only by funcfile (runtime/symtab.go), which funcline1
//     reaches only through a pcfile table: DropLines leaves none;
//   - a PCDATA_StackMapIndex table whose every value is -1 or 0: its readers,
//     getStackMap (runtime/stkframe.go: the garbage collector's and the stack
//     copier's) and dumpframe (heapdump.go), take the -1 that pcvalue gives for no
//     table for 0.
//
// Of the page's app.wasm (examples/web) at 833e55a7, 8,811 functions: the
// function table (pclntable) and go:func.* 259.7 KB gzipped (zlib, level 9) and
// the pc-value tables 67.6 KB; without the first three, 237.2 KB and 58.8 KB, and
// without 1,077 of the 7,718 stack map tables, 235.3 KB and 58.2 KB.
const (
	funcCUOffset        = 32 // _func.cuOffset's offset
	pcdataUnsafePoint   = 0  // PCDATA_UnsafePoint (internal/abi)
	pcdataStackMapIndex = 1  // PCDATA_StackMapIndex
	funcdataArgInfo     = 5  // FUNCDATA_ArgInfo
	funcdataArgLiveInfo = 6  // FUNCDATA_ArgLiveInfo
	argInfoEnd          = 0xff
	argInfoMarks        = 0xfb // _offsetTooLarge and above (_dotdotdot, _endAgg, _startAgg): one byte each
)

// DropUnread returns module with the tables above left out of its function table:
// each function's ArgInfo and ArgLiveInfo offsets set to ^uint32(0) (none),
// its UnsafePoint table's offset, that of a stack map table of -1 and 0 and its
// cuOffset to 0, and the bytes of those tables and of its ArgInfo that no table
// kept shares set to zero. The functions' code, names, stack maps, their other
// pc-value tables, inline trees and every other section are kept: the module runs
// the same on js/wasm, and a panic's traceback
// names each frame with nothing between its parentheses where it printed the
// arguments' words ("main.main()" as before; "main.f(0x1, 0x2)" becomes
// "main.f()"). It returns the number of functions changed, and module as it is for
// 0, where its data hold no function table of the layout DropLines reads or no
// moduledata of that table; an error, and no module, where DropLines returns one
// for the module's form, or a table runs past its bounds.
func DropUnread(module []byte) ([]byte, int, error) {
	return rewriteMemory(module, dropUnread)
}

// dropUnread drops the tables of DropUnread in mem and returns the number of
// functions; 0 when mem holds no function table or moduledata of it.
func dropUnread(mem []byte) (int, error) {
	h, ok, err := findPCHeader(mem)
	if err != nil || !ok {
		return 0, err
	}
	gofunc, ok := findGofunc(mem, h)
	if !ok {
		return 0, nil
	}
	funcs, _, _, err := readFuncs(mem, h)
	if err != nil {
		return 0, err
	}
	u := unread{pctab: mem[h.pctab:h.pctabEnd], keptData: map[uint32]bool{}, argInfo: map[uint32]bool{}}
	for _, f := range funcs {
		if err := u.drop(mem, f); err != nil {
			return 0, err
		}
	}
	if err := zeroLines(u.pctab, u.keptTabs, u.dropTabs); err != nil {
		return 0, err
	}
	if err := zeroArgInfo(mem, gofunc, u.argInfo, u.keptData); err != nil {
		return 0, err
	}
	return len(funcs), nil
}

// unread gathers what dropUnread reads of each function: the offsets of the
// pc-value tables kept and of the UnsafePoint tables, and those of the funcdata
// kept and of the ArgInfo.
type unread struct {
	pctab              []byte
	keptTabs, dropTabs []uint32
	keptData, argInfo  map[uint32]bool
}

// drop sets the offsets of the _func at f that DropUnread leaves out (its
// UnsafePoint table's and cuOffset to 0, its ArgInfo's and ArgLiveInfo's to none)
// and gathers its tables' offsets.
func (u *unread) drop(mem []byte, f int) error {
	npc, nfd := int(binary.LittleEndian.Uint32(mem[f+funcNPCData:])), int(mem[f+funcNFuncData])
	if f+funcSize+4*(npc+nfd) > len(mem) {
		return fmt.Errorf("wasmdata: the function at %#x: its funcdata run past memory", f)
	}
	u.keptTabs = append(u.keptTabs, binary.LittleEndian.Uint32(mem[f+funcPCSP:]), binary.LittleEndian.Uint32(mem[f+funcPCFile:]), binary.LittleEndian.Uint32(mem[f+funcPCLn:]))
	for k := range npc {
		off := binary.LittleEndian.Uint32(mem[f+funcSize+4*k:])
		drop, err := u.dropTable(k, off)
		if err != nil {
			return err
		}
		if drop {
			u.dropTabs = append(u.dropTabs, off)
			binary.LittleEndian.PutUint32(mem[f+funcSize+4*k:], 0)
			continue
		}
		u.keptTabs = append(u.keptTabs, off)
	}
	fd := f + funcSize + 4*npc
	for k := range nfd {
		off := binary.LittleEndian.Uint32(mem[fd+4*k:])
		switch {
		case off == math.MaxUint32:
		case k == funcdataArgInfo:
			u.argInfo[off] = true
		case k != funcdataArgLiveInfo:
			u.keptData[off] = true
		}
		if k == funcdataArgInfo || k == funcdataArgLiveInfo {
			binary.LittleEndian.PutUint32(mem[fd+4*k:], math.MaxUint32)
		}
	}
	binary.LittleEndian.PutUint32(mem[f+funcCUOffset:], 0)
	return nil
}

// dropTable says whether DropUnread drops a function's pcdata table k at off: an
// UnsafePoint table, and a StackMapIndex table whose every value is -1 or 0, which
// the runtime reads as it reads no table (stkframe.go getStackMap and heapdump.go
// dumpframe take -1, what pcvalue gives for no table, for 0).
func (u *unread) dropTable(k int, off uint32) (bool, error) {
	switch {
	case off == 0:
		return false, nil
	case k == pcdataUnsafePoint:
		return true, nil
	case k != pcdataStackMapIndex:
		return false, nil
	}
	lo, hi, ok := valueRange(u.pctab, off)
	if !ok {
		return false, fmt.Errorf("wasmdata: the stack map table at %#x is cut short", off)
	}
	return lo >= -1 && hi <= 0, nil
}

// zeroArgInfo sets to zero the bytes of each ArgInfo at the offsets args from
// gofunc (cmd/compile's format: pairs of an offset and a size, one byte each, or
// a mark of one byte, up to argInfoEnd), but one that holds the start of a
// funcdata kept (the linker writes a go:func.* symbol once for every function
// whose funcdata has its bytes, whatever its kind; symbols do not overlap). Every
// ArgInfo is read before any is zeroed.
func zeroArgInfo(mem []byte, gofunc int, args, kept map[uint32]bool) error {
	var drop [][2]int
	for off := range args {
		if kept[off] {
			continue
		}
		start := gofunc + int(off)
		end, err := argInfoLen(mem, start)
		if err != nil {
			return err
		}
		shared := false
		for k := uint32(1); k < uint32(end-start); k++ {
			shared = shared || kept[off+k]
		}
		if !shared {
			drop = append(drop, [2]int{start, end})
		}
	}
	for _, d := range drop {
		clear(mem[d[0]:d[1]])
	}
	return nil
}

// argInfoLen returns the end of the ArgInfo at start in mem (past its argInfoEnd).
func argInfoLen(mem []byte, start int) (int, error) {
	for i := start; i < len(mem); {
		switch b := mem[i]; {
		case b == argInfoEnd:
			return i + 1, nil
		case b >= argInfoMarks:
			i++
		default:
			i += 2
		}
	}
	return 0, fmt.Errorf("wasmdata: the ArgInfo at %#x runs past memory", start)
}
