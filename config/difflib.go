package config

import (
	"sort"
)

// closeMatches is Python's difflib.get_close_matches(word, possibilities, n, cutoff):
// the possibilities whose SequenceMatcher(None, x, word).ratio() is at least cutoff,
// best first (ties: the greater string first, as heapq.nlargest over (score, x)
// orders them), at most n. Strings compare by code point, as Python's str does.
func closeMatches(word string, possibilities []string, n int, cutoff float64) []string {
	type scored struct {
		score float64
		x     string
	}
	b := []rune(word)
	var result []scored
	for _, x := range possibilities {
		// real_quick_ratio and quick_ratio are upper bounds of ratio: testing ratio
		// alone keeps the same names.
		if s := matchRatio([]rune(x), b); s >= cutoff {
			result = append(result, scored{s, x})
		}
	}
	sort.SliceStable(result, func(i, j int) bool {
		if result[i].score != result[j].score {
			return result[i].score > result[j].score
		}
		return result[i].x > result[j].x
	})
	if len(result) > n {
		result = result[:n]
	}
	out := make([]string, len(result))
	for i, r := range result {
		out[i] = r.x
	}
	return out
}

// matchRatio is SequenceMatcher(None, a, b).ratio(): 2*M/T, M the number of elements
// in the matching blocks, T the total length of both. With no junk function and b
// shorter than 200 elements (autojunk's threshold) no element of b is junk or
// popular, which is the only case the backend names need; longer b would need
// autojunk's popular-element rule, so it is applied too.
func matchRatio(a, b []rune) float64 {
	t := len(a) + len(b)
	if t == 0 {
		return 1.0
	}
	m := newMatcher(a, b)
	return 2.0 * float64(m.matchedSize()) / float64(t)
}

// matcher holds SequenceMatcher's b2j: for each element of b, its indexes in b
// (popular elements removed when autojunk applies).
type matcher struct {
	a, b    []rune
	b2j     map[rune][]int
	popular map[rune]bool
}

func newMatcher(a, b []rune) *matcher {
	m := &matcher{a: a, b: b, b2j: map[rune][]int{}, popular: map[rune]bool{}}
	for j, c := range b {
		m.b2j[c] = append(m.b2j[c], j)
	}
	if n := len(b); n >= 200 {
		ntest := n/100 + 1
		for c, idx := range m.b2j {
			if len(idx) > ntest {
				m.popular[c] = true
				delete(m.b2j, c)
			}
		}
	}
	return m
}

// longestMatch is find_longest_match(alo, ahi, blo, bhi): the longest matching block
// in a[alo:ahi] and b[blo:bhi], the earliest in a among the longest, then the
// earliest in b, extended over popular elements as Python does.
func (m *matcher) longestMatch(alo, ahi, blo, bhi int) (int, int, int) {
	besti, bestj, bestsize := alo, blo, 0
	j2len := map[int]int{}
	for i := alo; i < ahi; i++ {
		newj2len := map[int]int{}
		for _, j := range m.b2j[m.a[i]] {
			if j < blo {
				continue
			}
			if j >= bhi {
				break
			}
			k := j2len[j-1] + 1
			newj2len[j] = k
			if k > bestsize {
				besti, bestj, bestsize = i-k+1, j-k+1, k
			}
		}
		j2len = newj2len
	}
	// No element is junk (isjunk is None); popular elements are not in b2j but may
	// still extend a match on either side.
	for besti > alo && bestj > blo && m.a[besti-1] == m.b[bestj-1] {
		besti, bestj, bestsize = besti-1, bestj-1, bestsize+1
	}
	for besti+bestsize < ahi && bestj+bestsize < bhi && m.a[besti+bestsize] == m.b[bestj+bestsize] {
		bestsize++
	}
	return besti, bestj, bestsize
}

// matchedSize is the sum of the sizes of get_matching_blocks(): the longest match,
// then recursively the longest matches left and right of it.
func (m *matcher) matchedSize() int {
	type span struct{ alo, ahi, blo, bhi int }
	queue := []span{{0, len(m.a), 0, len(m.b)}}
	total := 0
	for len(queue) > 0 {
		s := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		i, j, k := m.longestMatch(s.alo, s.ahi, s.blo, s.bhi)
		if k == 0 {
			continue
		}
		total += k
		if s.alo < i && s.blo < j {
			queue = append(queue, span{s.alo, i, s.blo, j})
		}
		if i+k < s.ahi && j+k < s.bhi {
			queue = append(queue, span{i + k, s.ahi, j + k, s.bhi})
		}
	}
	return total
}
