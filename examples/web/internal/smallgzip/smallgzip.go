// Package smallgzip writes gzip streams (RFC 1952, of one deflate stream: RFC 1951)
// smaller than compress/gzip's at BestCompression, for files compressed once and sent
// many times (the web page's app.wasm). Every decoder of gzip reads them: the blocks
// are the format's fixed and dynamic Huffman blocks, each code complete.
//
// compress/flate emits no match of three bytes and chooses its matches lazily. Here
// every position's matches are found (hash chains over three and four bytes), the
// cheapest way through them is chosen by the estimated bits of each literal and match
// (the cost model of the symbols' frequencies in the previous pass, as zopfli does),
// and the token stream is split into blocks where a Huffman code of its own makes
// the output smaller.
package smallgzip

import (
	"encoding/binary"
	"hash/crc32"
	"math"
	"math/bits"
	"runtime"
	"sort"
	"sync"
)

const (
	segmentSize = 1 << 16 // bytes parsed apart (in parallel), each with the window before it
	windowSize  = 1 << 15
	minMatch    = 3
	maxMatch    = 258
	hashBits    = 16
	maxChain    = 512  // candidates of four bytes tried at a position
	shortChain  = 16   // candidates of three bytes tried for the nearest
	niceLength  = 64   // past a position whose longest match is this long, no search
	iterations  = 4    // parses of a segment, each with the costs of the one before
	chunkTokens = 1024 // the unit of block splitting
)

// Version names the streams this encoder writes: a cache of its output (the web
// server keeps each file's stream on disk, keyed by the file's bytes and this) must
// not serve one written by another version. Change it whenever Gzip's stream for some
// input changes; TestVersion holds the streams of fixed inputs to their hashes.
const Version = 2

// Gzip returns data as a gzip stream, with no name and no modification time.
func Gzip(data []byte) []byte {
	out := []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255}
	out = append(out, Deflate(data)...)
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(data))
	return binary.LittleEndian.AppendUint32(out, uint32(len(data)))
}

// Deflate returns data as a raw deflate stream.
func Deflate(data []byte) []byte {
	var segs [][]token
	for s := 0; s < len(data); s += segmentSize {
		segs = append(segs, nil)
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				s := k * segmentSize
				segs[k] = parse(data, s, min(len(data), s+segmentSize))
			}
		}()
	}
	for k := range segs {
		next <- k
	}
	close(next)
	wg.Wait()
	var toks []token
	for _, s := range segs {
		toks = append(toks, s...)
	}
	w := &bitWriter{}
	blocks := splitBlocks(toks)
	for k, b := range blocks {
		writeBlock(w, toks[b[0]:b[1]], k == len(blocks)-1)
	}
	return w.bytes()
}

// token is a literal byte (below 1<<16) or a match: isMatch | length<<16 | distance-1.
type token uint32

const isMatch = 1 << 31

func matchToken(length, dist int) token { return isMatch | token(length)<<16 | token(dist-1) }

func (t token) match() (length, dist int, ok bool) {
	if t&isMatch == 0 {
		return 0, 0, false
	}
	return int(t>>16) & 0x1ff, int(t&0xffff) + 1, true
}

// lengthCode returns the length symbol (257…285) of a match length, its extra bits and their value.
func lengthCode(l int) (sym, nextra, extra int) {
	v := l - 3
	switch {
	case v < 8:
		return 257 + v, 0, 0
	case l == maxMatch:
		return 285, 0, 0
	}
	nb := bits.Len(uint(v)) - 1
	sym = 257 + 4*(nb-1) + (v>>(nb-2))&3
	k := sym - 257
	base := 3 + (4+k&3)<<(k/4-1)
	return sym, nb - 2, l - base
}

// distCode returns the distance symbol (0…29) of a distance, its extra bits and their value.
func distCode(d int) (sym, nextra, extra int) {
	v := d - 1
	if v < 4 {
		return v, 0, 0
	}
	nb := bits.Len(uint(v)) - 1
	sym = 2*nb + (v>>(nb-1))&1
	base := (2 + sym&1) << (sym/2 - 1)
	return sym, sym/2 - 1, v - base
}

// matcher finds, at a position, the shortest distance of each longer match: the
// nearest match of three bytes on a chain of the positions of the same three bytes
// (hashed), the longer ones on a chain of those of the same four, which holds fewer
// that match only three.
type matcher struct {
	data         []byte
	base         int
	head3, head4 []int32
	prev3, prev4 []int32
}

func newMatcher(data []byte, base, end int) *matcher {
	m := &matcher{data: data, base: base,
		head3: make([]int32, 1<<hashBits), head4: make([]int32, 1<<hashBits),
		prev3: make([]int32, end-base), prev4: make([]int32, end-base)}
	for i := range m.head3 {
		m.head3[i], m.head4[i] = -1, -1
	}
	return m
}

func hash3(b []byte) uint32 {
	v := uint32(b[0])<<16 | uint32(b[1])<<8 | uint32(b[2])
	return (v * 0x9e3779b1) >> (32 - hashBits)
}

func hash4(b []byte) uint32 {
	return (binary.LittleEndian.Uint32(b) * 0x9e3779b1) >> (32 - hashBits)
}

func (m *matcher) insert(i int) {
	if i+minMatch > len(m.data) {
		return
	}
	h := hash3(m.data[i:])
	m.prev3[i-m.base] = m.head3[h]
	m.head3[h] = int32(i)
	if i+4 > len(m.data) {
		return
	}
	h = hash4(m.data[i:])
	m.prev4[i-m.base] = m.head4[h]
	m.head4[h] = int32(i)
}

// find appends to pairs, for each match at i longer than the ones before it (ending
// before end), its length<<16 | distance-1, in order of distance.
func (m *matcher) find(i, end int, pairs []uint32) []uint32 {
	limit := min(maxMatch, end-i)
	if limit < minMatch {
		return pairs
	}
	d := m.data
	// The nearest match of three bytes or more, among the first candidates.
	best, near := minMatch-1, 0
	p := int(m.head3[hash3(d[i:])])
	for n := shortChain; p >= 0 && n > 0 && i-p <= windowSize; n-- {
		if l := matchLen(d[p:], d[i:i+limit]); l >= minMatch {
			best, near = l, i-p
			pairs = append(pairs, uint32(l)<<16|uint32(near-1))
			break
		}
		p = int(m.prev3[p-m.base])
	}
	if best == limit || limit < 4 {
		return pairs
	}
	p = int(m.head4[hash4(d[i:])])
	for n := maxChain; p >= 0 && n > 0; n-- {
		dist := i - p
		if dist > windowSize {
			break
		}
		if dist > near && d[p+best] == d[i+best] {
			if l := matchLen(d[p:], d[i:i+limit]); l > best {
				best = l
				pairs = append(pairs, uint32(l)<<16|uint32(dist-1))
				if l == limit {
					break
				}
			}
		}
		p = int(m.prev4[p-m.base])
	}
	return pairs
}

// matchLen is the length of the common prefix of a and b (len(a) >= len(b)).
func matchLen(a, b []byte) int {
	n := 0
	for len(b)-n >= 8 {
		if x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:]); x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		n += 8
	}
	for n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// parse returns the tokens of data[s:e], its matches reaching back to the window before s.
func parse(data []byte, s, e int) []token {
	base := max(0, s-windowSize)
	m := newMatcher(data, base, e)
	for i := base; i < s; i++ {
		m.insert(i)
	}
	n := e - s
	off := make([]int32, n+1)
	var pairs []uint32
	anchor, from, to := 0, 0, 0 // the last position searched whose longest match was niceLength or more
	for i := s; i < e; i++ {
		off[i-s] = int32(len(pairs))
		if k := i - anchor; to > from && int(pairs[to-1]>>16)-k >= niceLength {
			// Inside a long match, the anchor's matches shortened (no search).
			prev := minMatch - 1
			for _, p := range pairs[from:to] {
				if l := int(p>>16) - k; l > prev {
					pairs = append(pairs, uint32(l)<<16|p&0xffff)
					prev = l
				}
			}
		} else {
			pairs = m.find(i, e, pairs)
			anchor, from, to = i, int(off[i-s]), len(pairs)
		}
		m.insert(i)
	}
	off[n] = int32(len(pairs))
	c := fixedCosts()
	var best []token
	bestBits := math.MaxInt
	for range iterations {
		toks := optimal(data[s:e], off, pairs, c)
		h := histogramOf(toks)
		if b := h.bits(); b < bestBits {
			best, bestBits = toks, b
		}
		c = h.costs()
	}
	return best
}

// costs are the estimated bits of each literal, match length and distance symbol.
type costs struct {
	lit    [256]float64
	length [maxMatch + 1]float64
	dist   [30]float64
}

func (c *costs) distBits(d int) float64 {
	sym, nextra, _ := distCode(d)
	return c.dist[sym] + float64(nextra)
}

// fixedCosts are the bits of the fixed Huffman code.
func fixedCosts() *costs {
	ll, dl := fixedLengths()
	c := &costs{}
	for i := range c.lit {
		c.lit[i] = float64(ll[i])
	}
	for l := minMatch; l <= maxMatch; l++ {
		sym, nextra, _ := lengthCode(l)
		c.length[l] = float64(ll[sym] + uint8(nextra))
	}
	for i := range c.dist {
		c.dist[i] = float64(dl[i])
	}
	return c
}

// costs are the entropy of each symbol in h (a symbol not seen costs as one seen once).
func (h *hist) costs() *costs {
	c := &costs{}
	ent := func(f []int32, out []float64) {
		total := 0.0
		for _, v := range f {
			total += float64(v)
		}
		lt := math.Log2(max(total, 1))
		for i, v := range f {
			out[i] = lt - math.Log2(float64(max(v, 1)))
		}
	}
	var ll [286]float64
	ent(h.lit[:], ll[:])
	ent(h.dist[:], c.dist[:])
	copy(c.lit[:], ll[:256])
	for l := minMatch; l <= maxMatch; l++ {
		sym, nextra, _ := lengthCode(l)
		c.length[l] = ll[sym] + float64(nextra)
	}
	return c
}

// optimal returns the tokens of the cheapest way through data's matches by c.
func optimal(data []byte, off []int32, pairs []uint32, c *costs) []token {
	n := len(data)
	cost := make([]float64, n+1)
	from := make([]token, n+1)
	for i := 1; i <= n; i++ {
		cost[i] = math.Inf(1)
	}
	for i := range n {
		ci := cost[i]
		if v := ci + c.lit[data[i]]; v < cost[i+1] {
			cost[i+1], from[i+1] = v, token(data[i])
		}
		prev := minMatch - 1
		for _, p := range pairs[off[i]:off[i+1]] {
			l, dist := int(p>>16), int(p&0xffff)+1
			dc := ci + c.distBits(dist)
			for k := prev + 1; k <= l; k++ {
				if v := dc + c.length[k]; v < cost[i+k] {
					cost[i+k], from[i+k] = v, matchToken(k, dist)
				}
			}
			prev = l
		}
	}
	var rev []token
	for i := n; i > 0; {
		t := from[i]
		rev = append(rev, t)
		if l, _, ok := t.match(); ok {
			i -= l
		} else {
			i--
		}
	}
	for a, b := 0, len(rev)-1; a < b; a, b = a+1, b-1 {
		rev[a], rev[b] = rev[b], rev[a]
	}
	return rev
}

// hist counts a block's literal/length symbols (with its end of block) and distance symbols.
type hist struct {
	lit  [286]int32
	dist [30]int32
	// extra is the bits of the matches' extra fields.
	extra int
}

func histogramOf(toks []token) *hist {
	h := &hist{}
	for _, t := range toks {
		h.add(t, 1)
	}
	h.lit[256] = 1
	return h
}

func (h *hist) add(t token, sign int32) {
	l, d, ok := t.match()
	if !ok {
		h.lit[t] += sign
		return
	}
	ls, lx, _ := lengthCode(l)
	ds, dx, _ := distCode(d)
	h.lit[ls] += sign
	h.dist[ds] += sign
	h.extra += int(sign) * (lx + dx)
}

// codes are a block's code lengths, with its header's encoding when dynamic.
type codes struct {
	lit, dist []uint8
	dynamic   bool
	// the header's code length symbols (with their extra bits' value) and code lengths' code
	clSyms  [][2]int
	clLens  []uint8
	nlit    int
	ndist   int
	ncl     int
	bitsNum int // the block's size in bits, its header included
}

var clOrder = [19]int{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

func fixedLengths() (lit, dist []uint8) {
	lit = make([]uint8, 288)
	for i := range lit {
		switch {
		case i < 144:
			lit[i] = 8
		case i < 256:
			lit[i] = 9
		case i < 280:
			lit[i] = 7
		default:
			lit[i] = 8
		}
	}
	dist = make([]uint8, 30)
	for i := range dist {
		dist[i] = 5
	}
	return lit, dist
}

// dataBits is the bits of h's symbols under the code lengths.
func (h *hist) dataBits(lit, dist []uint8) int {
	n := h.extra
	for i, f := range h.lit {
		n += int(f) * int(lit[i])
	}
	for i, f := range h.dist {
		n += int(f) * int(dist[i])
	}
	return n
}

// plan chooses h's block: dynamic Huffman codes or the fixed ones, whichever is smaller.
func (h *hist) plan() *codes {
	lf := h.lit
	df := h.dist
	completeCode(lf[:])
	completeCode(df[:])
	c := &codes{lit: huffLengths(lf[:], 15), dist: huffLengths(df[:], 15), dynamic: true}
	c.nlit = 257
	for i := range c.lit {
		if c.lit[i] > 0 {
			c.nlit = max(c.nlit, i+1)
		}
	}
	c.ndist = 1
	for i := range c.dist {
		if c.dist[i] > 0 {
			c.ndist = max(c.ndist, i+1)
		}
	}
	seq := append(append([]uint8(nil), c.lit[:c.nlit]...), c.dist[:c.ndist]...)
	c.clSyms = runLengths(seq)
	var cf [19]int32
	for _, s := range c.clSyms {
		cf[s[0]]++
	}
	completeCode(cf[:])
	c.clLens = huffLengths(cf[:], 7)
	c.ncl = 4
	for i, s := range clOrder {
		if c.clLens[s] > 0 {
			c.ncl = max(c.ncl, i+1)
		}
	}
	n := 3 + 14 + 3*c.ncl
	for _, s := range c.clSyms {
		n += int(c.clLens[s[0]]) + clExtra(s[0])
	}
	c.bitsNum = n + h.dataBits(c.lit, c.dist)
	fl, fd := fixedLengths()
	if fb := 3 + h.dataBits(fl, fd); fb <= c.bitsNum {
		return &codes{lit: fl, dist: fd, bitsNum: fb}
	}
	return c
}

// bits is the size of h's block in bits.
func (h *hist) bits() int { return h.plan().bitsNum }

func clExtra(sym int) int {
	switch sym {
	case 16:
		return 2
	case 17:
		return 3
	case 18:
		return 7
	}
	return 0
}

// completeCode gives a count of one to the first symbols until two have one, so that
// the Huffman code is complete (a code of one symbol is not).
func completeCode(f []int32) {
	n := 0
	for _, v := range f {
		if v > 0 {
			n++
		}
	}
	for i := 0; n < 2; i++ {
		if f[i] == 0 {
			f[i] = 1
			n++
		}
	}
}

// runLengths encodes code lengths with the repeat symbols 16, 17 and 18.
func runLengths(seq []uint8) [][2]int {
	var out [][2]int
	for i := 0; i < len(seq); {
		v := seq[i]
		run := 1
		for i+run < len(seq) && seq[i+run] == v {
			run++
		}
		i += run
		if v == 0 {
			for run >= 11 {
				r := min(run, 138)
				out = append(out, [2]int{18, r - 11})
				run -= r
			}
			if run >= 3 {
				out = append(out, [2]int{17, run - 3})
				run = 0
			}
		} else {
			out = append(out, [2]int{int(v), 0})
			run--
			for run >= 3 {
				r := min(run, 6)
				out = append(out, [2]int{16, r - 3})
				run -= r
			}
		}
		for ; run > 0; run-- {
			out = append(out, [2]int{int(v), 0})
		}
	}
	return out
}

// huffLengths returns the lengths of a Huffman code of f's symbols, none over maxBits
// (frequencies are flattened until it fits).
func huffLengths(f []int32, maxBits int) []uint8 {
	lengths := make([]uint8, len(f))
	var syms []int
	var w []int64
	for i, v := range f {
		if v > 0 {
			syms = append(syms, i)
			w = append(w, int64(v))
		}
	}
	for !treeDepths(w, syms, lengths, maxBits) {
		for k := range w {
			w[k] = w[k]>>1 + 1
		}
	}
	return lengths
}

// treeDepths sets the lengths of syms (weights w, at least two) by a Huffman tree,
// and says whether none is over maxBits.
func treeDepths(w []int64, syms []int, lengths []uint8, maxBits int) bool {
	m := len(w)
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool {
		x, y := order[a], order[b]
		return w[x] < w[y] || w[x] == w[y] && x < y
	})
	weight := make([]int64, 2*m-1)
	parent := make([]int, 2*m-1)
	for k, i := range order {
		weight[k] = w[i]
	}
	li, qi := 0, m
	pick := func(next int) int {
		if li < m && (qi >= next || weight[li] <= weight[qi]) {
			li++
			return li - 1
		}
		qi++
		return qi - 1
	}
	for next := m; next < 2*m-1; next++ {
		a := pick(next)
		b := pick(next)
		weight[next] = weight[a] + weight[b]
		parent[a], parent[b] = next, next
	}
	depth := make([]int, 2*m-1)
	ok := true
	for k := 2*m - 3; k >= 0; k-- {
		depth[k] = depth[parent[k]] + 1
		if k < m {
			lengths[syms[order[k]]] = uint8(depth[k])
			ok = ok && depth[k] <= maxBits
		}
	}
	return ok
}

// canonical returns the codes of the lengths, bit-reversed for writing.
func canonical(lengths []uint8) []uint16 {
	var count, next [16]int
	for _, l := range lengths {
		count[l]++
	}
	count[0] = 0
	code := 0
	for b := 1; b < 16; b++ {
		code = (code + count[b-1]) << 1
		next[b] = code
	}
	out := make([]uint16, len(lengths))
	for i, l := range lengths {
		if l > 0 {
			out[i] = bits.Reverse16(uint16(next[l])) >> (16 - l)
			next[l]++
		}
	}
	return out
}

// splitBlocks returns the token ranges of the blocks: chunks of chunkTokens split
// where two blocks are smaller than one, recursively (the best point first).
func splitBlocks(toks []token) [][2]int {
	if len(toks) == 0 {
		return [][2]int{{0, 0}}
	}
	nch := (len(toks) + chunkTokens - 1) / chunkTokens
	prefix := make([]hist, nch+1)
	for k := range nch {
		prefix[k+1] = prefix[k]
		for _, t := range toks[k*chunkTokens : min(len(toks), (k+1)*chunkTokens)] {
			prefix[k+1].add(t, 1)
		}
	}
	size := func(a, b int) int {
		h := hist{extra: prefix[b].extra - prefix[a].extra}
		for i := range h.lit {
			h.lit[i] = prefix[b].lit[i] - prefix[a].lit[i]
		}
		for i := range h.dist {
			h.dist[i] = prefix[b].dist[i] - prefix[a].dist[i]
		}
		h.lit[256] = 1
		return h.bits()
	}
	var out [][2]int
	var split func(a, b, whole int)
	split = func(a, b, whole int) {
		best, at, sa, sb := whole, -1, 0, 0
		for m := a + 1; m < b; m++ {
			x, y := size(a, m), size(m, b)
			if x+y < best {
				best, at, sa, sb = x+y, m, x, y
			}
		}
		if at < 0 {
			out = append(out, [2]int{a * chunkTokens, min(len(toks), b*chunkTokens)})
			return
		}
		split(a, at, sa)
		split(at, b, sb)
	}
	split(0, nch, size(0, nch))
	return out
}

// writeBlock writes toks as one block.
func writeBlock(w *bitWriter, toks []token, final bool) {
	h := histogramOf(toks)
	c := h.plan()
	fin := uint32(0)
	if final {
		fin = 1
	}
	if !c.dynamic {
		w.write(fin|1<<1, 3)
	} else {
		w.write(fin|2<<1, 3)
		w.write(uint32(c.nlit-257), 5)
		w.write(uint32(c.ndist-1), 5)
		w.write(uint32(c.ncl-4), 4)
		for _, s := range clOrder[:c.ncl] {
			w.write(uint32(c.clLens[s]), 3)
		}
		clCodes := canonical(c.clLens)
		for _, s := range c.clSyms {
			w.write(uint32(clCodes[s[0]]), uint(c.clLens[s[0]]))
			if n := clExtra(s[0]); n > 0 {
				w.write(uint32(s[1]), uint(n))
			}
		}
	}
	lc, dc := canonical(c.lit), canonical(c.dist)
	for _, t := range toks {
		l, d, ok := t.match()
		if !ok {
			w.write(uint32(lc[t]), uint(c.lit[t]))
			continue
		}
		ls, lx, lv := lengthCode(l)
		w.write(uint32(lc[ls]), uint(c.lit[ls]))
		w.write(uint32(lv), uint(lx))
		ds, dx, dv := distCode(d)
		w.write(uint32(dc[ds]), uint(c.dist[ds]))
		w.write(uint32(dv), uint(dx))
	}
	w.write(uint32(lc[256]), uint(c.lit[256]))
}

// bitWriter writes bits from the least significant, as deflate packs them.
type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

func (w *bitWriter) write(v uint32, n uint) {
	w.acc |= uint64(v) << w.n
	w.n += n
	for w.n >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
}

func (w *bitWriter) bytes() []byte {
	if w.n > 0 {
		w.out = append(w.out, byte(w.acc))
	}
	return w.out
}
