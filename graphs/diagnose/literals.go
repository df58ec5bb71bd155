package diagnose

import (
	"fmt"
	"slices"
)

// literalSet finds in one pass over a text every row whose literal, in one form (the
// squeezed or the folded one), occurs in it: a line that lists many rows (its anchors
// are common words: "thread", "errors", "torch.compile") is searched once, not once per
// row and form (BenchmarkShapes/near-miss: every line a candidate for some twenty rows).
type literalSet struct {
	set     *anchorSet
	rows    [][]int // by anchor: the rows whose form it is
	longest int     // the longest form's length
}

// newLiteralSet indexes form(row) of every row; every form must be 4 bytes or more.
func newLiteralSet(rows []compiledRow, form func(*compiledRow) []byte) (literalSet, error) {
	index := map[string]int{}
	var anchors [][]byte
	var byAnchor [][]int
	longest := 0
	for i := range rows {
		f := form(&rows[i])
		longest = max(longest, len(f))
		if len(f) < 4 {
			return literalSet{}, fmt.Errorf("diagnose: row %d (%s): literal %q is shorter than 4 bytes without white space", i, rows[i].Code, rows[i].Literal)
		}
		j, ok := index[string(f)]
		if !ok {
			j = len(anchors)
			index[string(f)] = j
			anchors = append(anchors, f)
			byAnchor = append(byAnchor, nil)
		}
		byAnchor[j] = append(byAnchor[j], i)
	}
	return literalSet{set: newAnchorSet(anchors), rows: byAnchor, longest: longest}, nil
}

// mark sets at[row] to stamp for every row whose form occurs in text.
func (l literalSet) mark(text []byte, at []int, stamp int) {
	l.set.find(text, func(a, _ int) {
		for _, r := range l.rows[a] {
			at[r] = stamp
		}
	})
}

// rowAt is an occurrence of a row's form at a byte offset.
type rowAt struct{ row, at int }

// occurrences returns, in dst, every occurrence in text of every row's form, by row and
// then offset.
func (l literalSet) occurrences(dst []rowAt, text []byte) []rowAt {
	dst = dst[:0]
	l.set.find(text, func(a, at int) {
		for _, r := range l.rows[a] {
			dst = append(dst, rowAt{r, at})
		}
	})
	slices.SortFunc(dst, func(x, y rowAt) int {
		if x.row != y.row {
			return x.row - y.row
		}
		return x.at - y.at
	})
	return dst
}

// occurrencesOf returns row's occurrences in occ (sorted by occurrences).
func occurrencesOf(occ []rowAt, row int) []rowAt {
	lo, _ := slices.BinarySearchFunc(occ, row, func(x rowAt, r int) int { return x.row - r })
	hi := lo
	for hi < len(occ) && occ[hi].row == row {
		hi++
	}
	return occ[lo:hi]
}

// matchCache is what one pass over an entry or the joined entries found for every row,
// and the pattern runs remembered while their entries are held.
type matchCache struct {
	joinOcc []rowAt // the rows' squeezed literals in s.joined (literalSet.occurrences)
	// litAt, sqAt and foldAt hold, per row, 1 + the ring entry whose clean (squeezed,
	// folded) line holds its literal (squeezed, folded literal); litFor, sqFor and
	// foldFor, 1 + the entry they were last made for.
	litAt, sqAt, foldAt    []int
	litFor, sqFor, foldFor int
	// linesMemo remembers linesMatch's answers on the entries held; linesFor is s.n when
	// it was last cleared of the entries no longer held.
	linesMemo map[linesKey]bool
	linesFor  int
}

func newMatchCache(rows int) matchCache {
	return matchCache{litAt: make([]int, rows), sqAt: make([]int, rows), foldAt: make([]int, rows), linesMemo: map[linesKey]bool{}}
}
