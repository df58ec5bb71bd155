// Package caseruns writes a generated Unicode table's case mappings (lines "upper CP TO",
// "lower CP TO", hexadecimal, one code point mapped to one) as runs, and reads them
// back: most mappings come in blocks that map every code point, or every second one,
// by the same offset (a-z to A-Z), and a run is one line where the block had one a
// code point. The web page (examples/web) carries pyver's tables gzipped: their case
// mappings were 15 KB of it, their runs 3 KB.
//
// A run line stands for the lines it replaces, in order:
//
//	KIND* LO HI STEP OFFSET    KIND CP CP+OFFSET for CP = LO, LO+STEP, ... HI
//
// (LO, HI and OFFSET hexadecimal, OFFSET signed; STEP decimal, 1 or more).
package caseruns

import (
	"fmt"
	"strconv"
	"strings"
)

// kinds are the line kinds written as runs.
var kinds = []string{"upper", "lower"}

// mapping is one line KIND CP TO of a table.
type mapping struct {
	kind   string
	cp, to int64
}

// parseMapping reads a line KIND CP TO of a kind in kinds, written as Compact writes
// it back (so that a run rebuilds it byte for byte).
func parseMapping(line string) (mapping, bool) {
	f := strings.Split(line, " ")
	if len(f) != 3 || !isKind(f[0]) {
		return mapping{}, false
	}
	cp, err1 := strconv.ParseInt(f[1], 16, 32)
	to, err2 := strconv.ParseInt(f[2], 16, 32)
	m := mapping{f[0], cp, to}
	if err1 != nil || err2 != nil || m.line() != line {
		return mapping{}, false
	}
	return m, true
}

func (m mapping) line() string {
	return m.kind + " " + strconv.FormatInt(m.cp, 16) + " " + strconv.FormatInt(m.to, 16)
}

func isKind(k string) bool {
	for _, x := range kinds {
		if k == x {
			return true
		}
	}
	return false
}

// run is a block of mappings of one kind and offset, every step code points.
type run struct {
	kind             string
	lo, hi, step, by int64
}

// extends reports whether m continues r.
func (r run) extends(m mapping) bool {
	return m.kind == r.kind && m.to-m.cp == r.by && m.cp > r.hi && (r.lo == r.hi || m.cp-r.hi == r.step)
}

func (r run) String() string {
	if r.lo == r.hi {
		return mapping{r.kind, r.lo, r.lo + r.by}.line()
	}
	return fmt.Sprintf("%s* %x %x %d %x", r.kind, r.lo, r.hi, r.step, r.by)
}

// Compact returns text with its case mappings written as runs (Expand reverses it).
func Compact(text string) string {
	lines := strings.Split(text, "\n")
	out := make([]string, 0, len(lines))
	var cur *run
	flush := func() {
		if cur != nil {
			out = append(out, cur.String())
			cur = nil
		}
	}
	for _, l := range lines {
		m, ok := parseMapping(l)
		switch {
		case !ok:
			flush()
			out = append(out, l)
		case cur != nil && cur.extends(m):
			if cur.lo == cur.hi {
				cur.step = m.cp - cur.hi
			}
			cur.hi = m.cp
		default:
			flush()
			cur = &run{kind: m.kind, lo: m.cp, hi: m.cp, step: 1, by: m.to - m.cp}
		}
	}
	flush()
	return strings.Join(out, "\n")
}

// Error reports a run line that cannot be read.
type Error struct {
	Line int // from 1
	Text string
}

func (e *Error) Error() string {
	if e == nil {
		return "caseruns: <nil *Error>"
	}
	return fmt.Sprintf("caseruns: line %d: want KIND* LO HI STEP OFFSET, got %q", e.Line, e.Text)
}

// maxRun bounds the code points of one run (the Unicode code space).
const maxRun = 0x110000

// Expand returns text with its runs written out as the lines they stand for. A run
// line it cannot read, or one past the Unicode code space, is an *Error.
func Expand(text string) (string, error) {
	lines := strings.Split(text, "\n")
	var b strings.Builder
	b.Grow(len(text) * 3)
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		kind, _, _ := strings.Cut(l, " ")
		if !strings.HasSuffix(kind, "*") {
			b.WriteString(l)
			continue
		}
		r, ok := parseRun(l)
		if !ok {
			return "", &Error{Line: i + 1, Text: l}
		}
		for cp := r.lo; cp <= r.hi; cp += r.step {
			if cp > r.lo {
				b.WriteByte('\n')
			}
			b.WriteString(mapping{r.kind, cp, cp + r.by}.line())
		}
	}
	return b.String(), nil
}

// parseRun reads a run line.
func parseRun(l string) (run, bool) {
	f := strings.Split(l, " ")
	if len(f) != 5 {
		return run{}, false
	}
	lo, err1 := strconv.ParseInt(f[1], 16, 32)
	hi, err2 := strconv.ParseInt(f[2], 16, 32)
	step, err3 := strconv.ParseInt(f[3], 10, 32)
	by, err4 := strconv.ParseInt(f[4], 16, 32)
	r := run{strings.TrimSuffix(f[0], "*"), lo, hi, step, by}
	ok := err1 == nil && err2 == nil && err3 == nil && err4 == nil && isKind(r.kind) &&
		0 <= lo && lo < hi && hi < maxRun && step >= 1 && lo+by >= 0 && hi+by < maxRun
	return r, ok
}
