package wasmdata

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// section encodes a section of id with body.
func section(id byte, body []byte) []byte {
	return append(binary.AppendUvarint([]byte{id}, uint64(len(body))), body...)
}

// module encodes a module of sections.
func module(sections ...[]byte) []byte {
	out := append([]byte(nil), header...)
	for _, s := range sections {
		out = append(out, s...)
	}
	return out
}

// dataOf encodes a data section of segs.
func dataOf(segs ...segment) []byte { return section(dataSection, writeSegments(segs)) }

// image is the memory a module starts with, by address (the bytes its data segments
// place, later segments over earlier ones), and its data segments.
func image(t *testing.T, mod []byte) (map[int64]byte, []segment) {
	t.Helper()
	r := reader{b: mod, i: len(header)}
	mem := map[int64]byte{}
	var segs []segment
	for r.i < len(r.b) {
		id := r.b[r.i]
		r.i++
		size, err := r.uleb()
		if err != nil {
			t.Fatal(err)
		}
		body, err := r.take(size)
		if err != nil {
			t.Fatal(err)
		}
		if id != dataSection {
			continue
		}
		if segs, err = readSegments(body); err != nil {
			t.Fatal(err)
		}
		for _, s := range segs {
			for k, b := range s.data {
				if b == 0 {
					delete(mem, s.offset+int64(k)) // memory starts zeroed
				} else {
					mem[s.offset+int64(k)] = b
				}
			}
		}
	}
	return mem, segs
}

func TestMerge(t *testing.T) {
	typeSec := section(1, []byte{1, 0x60, 0, 0})
	custom := section(0, append([]byte{4}, "name"...))
	tests := []struct {
		name   string
		in     []segment
		maxGap int
		want   []segment
		reason string
	}{{
		name:   "gap below the bound",
		in:     []segment{{offset: 100, data: []byte{1, 2}}, {offset: 110, data: []byte{3}}},
		maxGap: 9,
		want:   []segment{{offset: 100, data: []byte{1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 3}}},
		reason: "eight zeros between, fewer than nine",
	}, {
		name:   "gap at the bound",
		in:     []segment{{offset: 100, data: []byte{1, 2}}, {offset: 110, data: []byte{3}}},
		maxGap: 8,
		want:   []segment{{offset: 100, data: []byte{1, 2}}, {offset: 110, data: []byte{3}}},
		reason: "eight zeros are not fewer than eight",
	}, {
		name:   "adjacent",
		in:     []segment{{offset: 0, data: []byte{1}}, {offset: 1, data: []byte{2}}, {offset: 2, data: []byte{3}}},
		maxGap: 1,
		want:   []segment{{offset: 0, data: []byte{1, 2, 3}}},
		reason: "no zeros between",
	}, {
		name:   "out of order",
		in:     []segment{{offset: 50, data: []byte{1}}, {offset: 10, data: []byte{2}}, {offset: 12, data: []byte{3}}},
		maxGap: 128,
		want:   []segment{{offset: 50, data: []byte{1}}, {offset: 10, data: []byte{2, 0, 3}}},
		reason: "a segment that starts before the end of the one before stays apart",
	}, {
		name:   "another segment between",
		in:     []segment{{offset: 15, data: []byte{7}}, {offset: 10, data: []byte{1}}, {offset: 20, data: []byte{2}}},
		maxGap: 128,
		want:   []segment{{offset: 15, data: []byte{7}}, {offset: 10, data: []byte{1}}, {offset: 20, data: []byte{2}}},
		reason: "zeros at 11 to 19 would write over the 7 at 15",
	}, {
		name:   "overlapping",
		in:     []segment{{offset: 10, data: []byte{1, 2, 3}}, {offset: 11, data: []byte{9}}, {offset: 20, data: []byte{4}}, {offset: 22, data: []byte{5}}},
		maxGap: 128,
		want:   []segment{{offset: 10, data: []byte{1, 2, 3}}, {offset: 11, data: []byte{9}}, {offset: 20, data: []byte{4}}, {offset: 22, data: []byte{5}}},
		reason: "the second segment writes over the first: none joined",
	}, {
		name:   "none",
		maxGap: 128,
		reason: "an empty data section stays empty",
	}, {
		name:   "high addresses",
		in:     []segment{{offset: 1<<32 - 4, data: []byte{1}}, {offset: 1<<32 - 2, data: []byte{2}}},
		maxGap: 2,
		want:   []segment{{offset: 1<<32 - 4, data: []byte{1, 0, 2}}},
		reason: "an offset of 2^31 or more is a negative i32.const, read as unsigned",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := module(typeSec, dataOf(tt.in...), custom)
			out, err := Merge(in, tt.maxGap)
			if err != nil {
				t.Fatal(err)
			}
			if want := module(typeSec, dataOf(tt.want...), custom); !bytes.Equal(out, want) {
				t.Errorf("Merge = %x, want %x (%s)", out, want, tt.reason)
			}
			inMem, _ := image(t, in)
			outMem, _ := image(t, out)
			if diff := cmp.Diff(inMem, outMem); diff != "" {
				t.Errorf("memory image differs (-before +after):\n%s", diff)
			}
		})
	}
}

// TestMergeKeepsMemory merges random segments and checks the memory is the same and, of
// segments in increasing order as the Go linker writes them, that no two are left that
// Merge would join.
func TestMergeKeepsMemory(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		var segs []segment
		off := int64(rng.IntN(64))
		for range rng.IntN(40) {
			data := make([]byte, 1+rng.IntN(12))
			for k := range data {
				if rng.IntN(3) > 0 {
					data[k] = byte(1 + rng.IntN(255))
				}
			}
			segs = append(segs, segment{offset: off, data: data})
			off += int64(len(data) + rng.IntN(40))
			if trial%2 == 1 && rng.IntN(10) == 0 {
				off = int64(rng.IntN(400)) // out of order, overlapping at times
			}
		}
		maxGap := 1 + rng.IntN(32)
		in := module(section(1, nil), dataOf(segs...))
		out, err := Merge(in, maxGap)
		if err != nil {
			t.Fatal(err)
		}
		inMem, _ := image(t, in)
		outMem, merged := image(t, out)
		if diff := cmp.Diff(inMem, outMem); diff != "" {
			t.Fatalf("trial %d (maxGap %d): memory image differs (-before +after):\n%s", trial, maxGap, diff)
		}
		if _, overlap := sortedStarts(segs); overlap || !inOrder(segs) {
			continue
		}
		for k := 1; k < len(merged); k++ {
			gap := merged[k].offset - merged[k-1].offset - int64(len(merged[k-1].data))
			if gap >= 0 && gap < int64(maxGap) {
				t.Fatalf("trial %d: segments %d and %d left apart by %d zeros (maxGap %d)", trial, k-1, k, gap, maxGap)
			}
		}
	}
}

// inOrder reports whether each segment starts after the one before.
func inOrder(segs []segment) bool {
	for k := 1; k < len(segs); k++ {
		if segs[k].offset < segs[k-1].offset {
			return false
		}
	}
	return true
}

func TestMergeNoDataSection(t *testing.T) {
	in := module(section(1, []byte{1, 0x60, 0, 0}), section(10, []byte{0}))
	out, err := Merge(in, 128)
	if err != nil || !bytes.Equal(out, in) {
		t.Errorf("Merge = %x, %v; want the module unchanged", out, err)
	}
}

func TestMergeErrors(t *testing.T) {
	seg := func(b ...byte) []byte { return module(section(dataSection, append([]byte{1}, b...))) }
	tests := []struct {
		name string
		in   []byte
		want string
	}{
		{"not a module", []byte("\x7fELF\x02\x01\x01\x00"), "not a WebAssembly module"},
		{"version 2", []byte("\x00asm\x02\x00\x00\x00"), "not a WebAssembly module"},
		{"section past the end", append(module(), 1, 5, 0), "section 1: truncated"},
		{"section size cut", append(module(), 1, 0x80), "section 1: truncated"},
		{"passive segment", seg(0x01, 0x00), "flags 0x1"},
		{"offset from a global", seg(0x00, 0x23, 0x00, 0x0b, 0x00), "instruction 0x23"},
		{"offset expression of two instructions", seg(0x00, 0x41, 0x00, 0x41, 0x00, 0x0b, 0x00), "not one i32.const"},
		{"data past the section", seg(0x00, 0x41, 0x00, 0x0b, 0x05, 1), "data segment 0: truncated"},
		{"bytes after the segments", seg(0x00, 0x41, 0x00, 0x0b, 0x01, 1, 7), "1 bytes after"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Merge(tt.in, 128)
			if err == nil || !strings.Contains(err.Error(), tt.want) || out != nil {
				t.Errorf("Merge = %x, %v; want no module and an error with %q", out, err, tt.want)
			}
		})
	}
}

func TestAppendSLEB(t *testing.T) {
	for _, v := range []int64{0, 1, 63, 64, -1, -64, -65, 127, 128, 1<<31 - 1, -1 << 31, 624485} {
		enc := appendSLEB(nil, v)
		r := reader{b: enc}
		got, err := r.sleb()
		if err != nil || got != v || r.i != len(enc) {
			t.Errorf("appendSLEB(%d) = %x, read back %d, %v (%d of %d bytes)", v, enc, got, err, r.i, len(enc))
		}
	}
	// The specification's example: 624485 is E5 8E 26 unsigned; -123456 is C0 BB 78.
	if got := appendSLEB(nil, -123456); !bytes.Equal(got, []byte{0xc0, 0xbb, 0x78}) {
		t.Errorf("appendSLEB(-123456) = %x, want c0bb78", got)
	}
}
