// Package wasmdata rewrites the data section of a WebAssembly module the Go linker
// wrote, for a smaller gzipped module: in fewer segments ([Merge]), and without the
// Go runtime's tables of each function's source file and lines ([DropLines]).
//
// The Go linker (cmd/link/internal/wasm, writeDataSec) starts a new data segment after
// every run of eight zero bytes or more, which makes the raw module smallest: the
// memory is zero already. The page's app.wasm then had 100,000 segments (the linker's
// limit), 85,000 of them two bytes long at a stride of 20 bytes (by their layout,
// runtime.findfunctab's buckets, mostly zeros). Each segment's header
// (its flags, the offset expression and the length, 6 to 8 bytes) has an offset
// that differs from the one before, which gzip compresses far worse than the zeros it
// stands for. [Merge] joins segments the zeros between which are fewer than a bound:
// the memory the module starts with is the same, byte for byte.
//
// The module format is the WebAssembly core specification's (binary format, sections
// 5.5; data segments 5.5.14): https://webassembly.github.io/spec/core/binary/modules.html.
package wasmdata

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
)

// header is the magic number and version every module begins with.
var header = []byte{0x00, 'a', 's', 'm', 0x01, 0x00, 0x00, 0x00}

const (
	dataSection    = 11   // the data section's id
	activeMemory0  = 0x00 // a segment's flags: active, in memory 0, offset expression given
	i32Const       = 0x41 // the offset expression's instruction
	endInstruction = 0x0b // the end of the offset expression
)

// segment is an active data segment of memory 0: bytes placed at offset, an address of
// the 32-bit memory (the i32.const read as unsigned).
type segment struct {
	offset int64
	data   []byte
}

// Merge returns module with the segments of its data section joined where fewer than
// maxGap zero bytes lie between the end of one and the start of the next (the next
// written after it, in the section's order), the zeros written out; every other
// section is copied as it is. The memory the module starts with is the same. It
// returns an error, and no module, when module is not a WebAssembly module or its data
// section holds a segment of another form than the Go linker writes (active, memory 0,
// an i32.const offset).
func Merge(module []byte, maxGap int) ([]byte, error) {
	return rewriteData(module, func(segs []segment) ([]segment, error) { return join(segs, maxGap), nil })
}

// join merges each segment into the one before when it starts at most maxGap-1 bytes
// after that one's end and no other segment starts between: the zeros written then
// stand where no segment wrote. Where two segments overlap (a later one writes over an
// earlier), it joins none, which the Go linker never writes.
func join(segs []segment, maxGap int) []segment {
	starts, overlap := sortedStarts(segs)
	var out []segment
	for _, s := range segs {
		if n := len(out); n > 0 && !overlap {
			last := &out[n-1]
			end := last.offset + int64(len(last.data))
			if gap := s.offset - end; gap >= 0 && gap < int64(maxGap) && !startsWithin(starts, end, s.offset) {
				last.data = append(append(last.data, make([]byte, gap)...), s.data...)
				continue
			}
		}
		out = append(out, segment{offset: s.offset, data: append([]byte(nil), s.data...)})
	}
	return out
}

// sortedStarts returns the segments' offsets in increasing order, and whether two
// segments overlap.
func sortedStarts(segs []segment) (starts []int64, overlap bool) {
	sorted := append([]segment(nil), segs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].offset < sorted[j].offset })
	for k, s := range sorted {
		if k > 0 && s.offset < sorted[k-1].offset+int64(len(sorted[k-1].data)) {
			overlap = true
		}
		starts = append(starts, s.offset)
	}
	return starts, overlap
}

// startsWithin reports whether an offset of starts (increasing) lies in [lo, hi).
func startsWithin(starts []int64, lo, hi int64) bool {
	i := sort.Search(len(starts), func(i int) bool { return starts[i] >= lo })
	return i < len(starts) && starts[i] < hi
}

// readSegments reads a data section's body.
func readSegments(body []byte) ([]segment, error) {
	r := reader{b: body}
	n, err := r.uleb()
	if err != nil {
		return nil, fmt.Errorf("wasmdata: data section: %w", err)
	}
	segs := make([]segment, 0, min(n, uint64(len(body))))
	for k := uint64(0); k < n; k++ {
		s, err := r.segment()
		if err != nil {
			return nil, fmt.Errorf("wasmdata: data segment %d: %w", k, err)
		}
		segs = append(segs, s)
	}
	if r.i != len(body) {
		return nil, fmt.Errorf("wasmdata: %d bytes after the data section's %d segments", len(body)-r.i, n)
	}
	return segs, nil
}

// writeSegments writes a data section's body.
func writeSegments(segs []segment) []byte {
	out := binary.AppendUvarint(nil, uint64(len(segs)))
	for _, s := range segs {
		out = append(out, activeMemory0, i32Const)
		out = appendSLEB(out, int64(int32(uint32(s.offset)))) // i32.const's operand is signed
		out = append(out, endInstruction)
		out = binary.AppendUvarint(out, uint64(len(s.data)))
		out = append(out, s.data...)
	}
	return out
}

// appendSLEB appends v in the signed LEB128 encoding.
func appendSLEB(out []byte, v int64) []byte {
	for {
		b := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && b&0x40 == 0) || (v == -1 && b&0x40 != 0) {
			return append(out, b)
		}
		out = append(out, b|0x80)
	}
}

// reader reads b from i on.
type reader struct {
	b []byte
	i int
}

var errTruncated = errors.New("truncated")

// uleb reads an unsigned LEB128 number.
func (r *reader) uleb() (uint64, error) {
	v, n := binary.Uvarint(r.b[r.i:])
	if n <= 0 {
		return 0, errTruncated
	}
	r.i += n
	return v, nil
}

// sleb reads a signed LEB128 number of at most 64 bits.
func (r *reader) sleb() (int64, error) {
	var v int64
	for shift := uint(0); shift < 64 && r.i < len(r.b); shift += 7 {
		b := r.b[r.i]
		r.i++
		v |= int64(b&0x7f) << shift
		if b&0x80 == 0 {
			if shift+7 < 64 && b&0x40 != 0 {
				v |= -1 << (shift + 7)
			}
			return v, nil
		}
	}
	return 0, errTruncated
}

// take returns the next n bytes.
func (r *reader) take(n uint64) ([]byte, error) {
	if n > uint64(len(r.b)-r.i) {
		return nil, errTruncated
	}
	out := r.b[r.i : r.i+int(n)]
	r.i += int(n)
	return out, nil
}

// segment reads an active segment of memory 0 with an i32.const offset.
func (r *reader) segment() (segment, error) {
	if r.i+2 > len(r.b) {
		return segment{}, errTruncated
	}
	if r.b[r.i] != activeMemory0 || r.b[r.i+1] != i32Const {
		return segment{}, fmt.Errorf("not an active segment of memory 0 at an i32.const offset (flags %#x, instruction %#x)", r.b[r.i], r.b[r.i+1])
	}
	r.i += 2
	off, err := r.sleb()
	if err != nil {
		return segment{}, err
	}
	if r.i >= len(r.b) || r.b[r.i] != endInstruction {
		return segment{}, errors.New("the offset expression is not one i32.const")
	}
	r.i++
	size, err := r.uleb()
	if err != nil {
		return segment{}, err
	}
	data, err := r.take(size)
	if err != nil {
		return segment{}, err
	}
	return segment{offset: int64(uint32(off)), data: data}, nil
}
