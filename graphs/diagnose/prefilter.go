package diagnose

import "bytes"

// anchorSet finds every occurrence of a set of anchors (short exact byte strings) in a
// block in one pass: a sampled q-gram filter in the manner of Wu-Manber. With m the
// shortest anchor's length, every occurrence of an anchor covers a position that is a
// multiple of the stride m-3 and starts one of the anchor's first m-3 4-grams there. So
// the block is probed only at multiples of the stride: each probe tests the 4 bytes
// against a bitset of those 4-grams (one cache line in 8 KB), and only a set bit leads
// to a map look-up and a comparison of the candidates in full. Built once per table
// and read-only after, so concurrent reads share it.
type anchorSet struct {
	anchors [][]byte
	stride  int
	bits    []uint64 // 1<<16 bits, indexed by hash4 of a 4-gram
	// entries holds every (4-gram, anchor, offset) by hash4 of the 4-gram, in the order
	// the anchors were given; those of hash h are entries[start[h]:start[h+1]] (a flat
	// table: a map look-up per probe had been a third of find's time on a line dense
	// with anchors).
	start   []uint32
	entries []anchorEntry
	longest int // the longest anchor's length
}

type anchorEntry struct {
	gram   uint32
	anchor int32
	offset int32
}

// minAnchor is the shortest anchor the set takes; shorter ones are dropped by the
// caller's table (every anchor in the table is at least this long).
const minAnchor = 5

func hash4(k uint32) uint32 { return (k * 2654435761) >> 16 }

func key4(b []byte) uint32 {
	_ = b[3]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// newAnchorSet indexes anchors; every anchor must be at least minAnchor bytes.
func newAnchorSet(anchors [][]byte) *anchorSet {
	m := 1 << 30
	longest := 0
	for _, a := range anchors {
		m, longest = min(m, len(a)), max(longest, len(a))
	}
	as := &anchorSet{anchors: anchors, stride: max(1, m-3), longest: longest, bits: make([]uint64, 1<<16/64),
		start: make([]uint32, 1<<16+1)}
	var all []anchorEntry
	for i, a := range anchors {
		for o := 0; o < as.stride && o+4 <= len(a); o++ {
			k := key4(a[o:])
			h := hash4(k)
			as.bits[h/64] |= 1 << (h % 64)
			all = append(all, anchorEntry{gram: k, anchor: int32(i), offset: int32(o)})
			as.start[h+1]++
		}
	}
	for h := 1; h < len(as.start); h++ {
		as.start[h] += as.start[h-1]
	}
	as.entries = make([]anchorEntry, len(all))
	next := append([]uint32(nil), as.start[:1<<16]...)
	for _, e := range all { // in order: a hash's entries keep the anchors' order
		h := hash4(e.gram)
		as.entries[next[h]] = e
		next[h]++
	}
	return as
}

// find calls hit for every occurrence of an anchor in b, with the anchor's index and
// the offset where it starts; offsets come in increasing order of probe, not strictly
// of start (a caller that needs order sorts).
func (as *anchorSet) find(b []byte, hit func(anchor, at int)) {
	stride, bits := as.stride, as.bits
	for p := 0; p+4 <= len(b); p += stride {
		k := uint32(b[p]) | uint32(b[p+1])<<8 | uint32(b[p+2])<<16 | uint32(b[p+3])<<24
		h := (k * 2654435761) >> 16
		if bits[h>>6]&(1<<(h&63)) == 0 {
			continue
		}
		for _, e := range as.entries[as.start[h]:as.start[h+1]] {
			if e.gram != k {
				continue
			}
			q := p - int(e.offset)
			a := as.anchors[e.anchor]
			if q >= 0 && q+len(a) <= len(b) && bytes.Equal(b[q:q+len(a)], a) {
				hit(int(e.anchor), q)
			}
		}
	}
}

// has reports whether b holds an anchor.
func (as *anchorSet) has(b []byte) bool {
	found := false
	as.find(b, func(int, int) { found = true })
	return found
}
