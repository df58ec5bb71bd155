package diagnose

import (
	"math/bits"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
)

// narrowCache holds the patterns narrowed compiles, by pattern and set of its
// alternatives (narrowKey), at most maxNarrowed of them in all.
type narrowCache struct {
	m sync.Map
	n atomic.Int32
}

// narrowKey is a pattern and a set of its top-level alternatives, bit k for branch k
// (branchesOf).
type narrowKey struct {
	re   *regexp.Regexp
	mask uint64
}

// maxNarrowed bounds the patterns narrowed compiles for a table: past it, a set met for
// the first time runs the whole pattern (the same answer, at its cost).
const maxNarrowed = 256

// narrowed returns a pattern that finds on text what re finds, the same matches with
// the same groups by name: the alternatives of re's top-level alternation (branchesOf)
// whose gate admits text, alone or joined again (an alternative that cannot match
// anywhere in text never takes part in a match, first or later); nil where none may
// match, re where all may or it has no alternatives; and how many alternatives it holds
// (1 for a pattern that is none). A retelling's pattern holds sixteen
// ways to tell its message, 6,000 to 12,000 characters of expression, and
// retoldUnreported ran it whole on every line a retelling's row hit (issue 21: a log of
// PyTorch's own "skipping cudagraphs due to cpu device (arg3_1)" on every line, which
// skip-cpu-device's retelling rows also read, cost 150 µs a line, six times a line of
// "… mutated inputs …", which no retelling's pattern matches).
func (s *scanner) narrowed(re *regexp.Regexp, text []byte) (*regexp.Regexp, int) {
	if re == nil || s.t == nil || s.t.narrow == nil {
		return re, 1
	}
	if !s.admits(re, text) {
		return nil, 0
	}
	bs := s.t.branchesOf(re)
	if len(bs) < 2 || len(bs) > 64 {
		return re, len(bs)
	}
	var mask uint64
	for k, b := range bs {
		if b.gate == nil || b.gate.admits(text, &s.lowered) {
			mask |= 1 << k
		}
	}
	n := bits.OnesCount64(mask)
	switch {
	case n == 0:
		return nil, 0
	case n == len(bs):
		return re, n
	case n == 1:
		return bs[bits.TrailingZeros64(mask)].re, 1
	}
	return s.t.narrow.joined(re, bs, mask), n
}

// joined returns the alternatives of bs (re's branches) that mask names, joined into
// one alternation in their order, compiled once and kept; re where maxNarrowed are kept
// already or the join does not compile.
func (c *narrowCache) joined(re *regexp.Regexp, bs []branch, mask uint64) *regexp.Regexp {
	key := narrowKey{re: re, mask: mask}
	if v, ok := c.m.Load(key); ok {
		return v.(*regexp.Regexp)
	}
	if c.n.Add(1) > maxNarrowed {
		return re
	}
	var srcs []string
	for k, b := range bs {
		if mask&(1<<k) != 0 {
			srcs = append(srcs, b.re.String())
		}
	}
	j, err := regexp.Compile(strings.Join(srcs, "|"))
	if err != nil {
		j = re
	}
	v, _ := c.m.LoadOrStore(key, j)
	return v.(*regexp.Regexp)
}

// mayCondition reports whether text may hold a condition that conditioned reads: every
// gate of its leads (table.conditions) admits text, or one has none. A part of text holds
// one only where text does.
func (s *scanner) mayCondition(text []byte) bool {
	if s.t == nil {
		return true
	}
	for _, g := range s.t.conditions {
		if g == nil || g.admits(text, &s.lowered) {
			return true
		}
	}
	return len(s.t.conditions) == 0
}
