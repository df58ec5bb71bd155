// Package linediff writes and applies compact line diffs: config/pyver embeds one
// Python's generated table whole and every other Python's as a diff against its
// neighbour, and config/schema the newest release's schema whole and every older
// one's as a diff, because deflate (the web page is served gzipped) cannot share
// text between files further apart than its 32 KiB window.
//
// A text is split at every "\n" (so a final newline, or its absence, survives).
// A diff is a text of operations, one a line, that walk the base from its first
// line; the base lines after the last operation are kept:
//
//	=N       keep the next N lines of the base (N >= 1)
//	-N       drop the next N lines of the base (N >= 1)
//	+TEXT    insert TEXT (everything after the +, which may be empty)
//
// Counts rather than line numbers: a diff of a large file then repeats itself, which
// deflate compresses (config/schema's builtin.txt, its newest schema whole and five
// diffs, was 38 KB gzipped with line numbers and is 22 KB with counts).
//
// Diff finds a shortest edit script (Myers' O(ND) algorithm); Apply rebuilds the
// new text from the base and the diff byte for byte.
package linediff

import (
	"fmt"
	"strconv"
	"strings"
)

// Error reports a diff that cannot be applied to its base.
type Error struct {
	Line int // of the diff, from 1
	Msg  string
}

func (e *Error) Error() string {
	if e == nil {
		return "linediff: <nil *Error>"
	}
	return fmt.Sprintf("linediff: diff line %d: %s", e.Line, e.Msg)
}

// op is one edit: a deletion of base line n (ins false) or an insertion of text
// after base line n.
type op struct {
	ins  bool
	n    int
	text string
}

// Diff returns the diff that turns base into next.
func Diff(base, next string) string {
	a, b := strings.Split(base, "\n"), strings.Split(next, "\n")
	var sb strings.Builder
	at, drop := 0, 0 // base lines written (kept or dropped); dropped lines pending
	flush := func() {
		if drop > 0 {
			fmt.Fprintf(&sb, "-%d\n", drop)
			at, drop = at+drop, 0
		}
	}
	for _, o := range script(a, b) {
		// o.n is a base line number: an insert goes after it, a drop is of it.
		keep := o.n - at - drop
		if !o.ins {
			keep--
		}
		if keep > 0 {
			flush()
			fmt.Fprintf(&sb, "=%d\n", keep)
			at += keep
		}
		if o.ins {
			flush()
			fmt.Fprintf(&sb, "+%s\n", o.text)
		} else {
			drop++
		}
	}
	flush()
	return sb.String()
}

// script is Myers' greedy shortest edit script from a to b, in base order. It
// keeps, for each edit count d, the furthest-reaching x on diagonals -d-1..d+1,
// and walks them back.
func script(a, b []string) []op {
	n, m := len(a), len(b)
	off := n + m + 1
	v := make([]int, 2*off+1)
	var trace [][]int
	for d := 0; d <= n+m; d++ {
		trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
		for k := -d; k <= d; k += 2 {
			x := v[off+k-1] + 1
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1]
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(trace, a, b)
			}
		}
	}
	return nil // not reached: d = n+m always reaches the end
}

// backtrack reads the edits out of trace, whose entry d holds v before round d on
// diagonals -d-1..d+1.
func backtrack(trace [][]int, a, b []string) []op {
	var ops []op
	x, y := len(a), len(b)
	for d := len(trace) - 1; d > 0; d-- {
		vd := trace[d]
		at := func(k int) int { return vd[k+d+1] }
		k := x - y
		prevK := k - 1
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			prevK = k + 1
		}
		prevX := at(prevK)
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
		}
		if x == prevX {
			ops = append(ops, op{ins: true, n: prevX, text: b[prevY]})
		} else {
			ops = append(ops, op{n: prevX + 1})
		}
		x, y = prevX, prevY
	}
	for i, j := 0, len(ops)-1; i < j; i, j = i+1, j-1 {
		ops[i], ops[j] = ops[j], ops[i]
	}
	return ops
}

// Apply rebuilds the text that diff was made from base for. It returns an *Error
// for a diff that is malformed or runs past the base's end.
func Apply(base, diff string) (string, error) {
	a := strings.Split(base, "\n")
	lines := strings.Split(diff, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	out := make([]string, 0, len(a)+len(lines))
	at := 0
	for i, l := range lines {
		if l != "" && l[0] == '+' {
			out = append(out, l[1:])
			continue
		}
		n, err := count(l)
		switch {
		case err != nil:
			return "", &Error{Line: i + 1, Msg: err.Error()}
		case n > len(a)-at: // not at+n > len(a), which a count near MaxInt overflows
			return "", &Error{Line: i + 1, Msg: fmt.Sprintf("%s past the base's %d lines", l, len(a))}
		case l[0] == '=':
			out = append(out, a[at:at+n]...)
		}
		at += n
	}
	return strings.Join(append(out, a[at:]...), "\n"), nil
}

// count reads a line =N or -N of a diff (N >= 1).
func count(l string) (int, error) {
	if l == "" || (l[0] != '=' && l[0] != '-') {
		return 0, fmt.Errorf("want =N, -N or +TEXT, got %q", l)
	}
	n, err := strconv.Atoi(l[1:])
	if err != nil || n < 1 || l[1] == '+' {
		return 0, fmt.Errorf("want =N, -N or +TEXT, got %q", l)
	}
	return n, nil
}

// Chain returns the diffs that rebuild texts (oldest first) from the newest one:
// diffs[i] turns texts[i+1] into texts[i]. It returns nil for fewer than two texts.
func Chain(texts []string) []string {
	if len(texts) < 2 {
		return nil
	}
	diffs := make([]string, len(texts)-1)
	for i := range diffs {
		diffs[i] = Diff(texts[i+1], texts[i])
	}
	return diffs
}
