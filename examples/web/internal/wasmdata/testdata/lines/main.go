// Command lines is TestDropLinesRuns's program: it builds lists and a deep stack
// across garbage collections (the stack maps and pcsp tables DropLines keeps), then
// prints its total and runtime.Caller's file and line, and with an argument panics
// (the traceback's file and line; with the argument i in key, inlined).
package main

import (
	"fmt"
	"os"
	"runtime"
	"strings"
)

type node struct {
	next *node
	s    string
}

func build(n int) *node {
	var h *node
	for i := range n {
		h = &node{next: h, s: strings.Repeat("x", i%100)}
	}
	return h
}

func deep(n int) int {
	if n == 0 {
		runtime.GC()
		return 0
	}
	var buf [64]byte
	buf[n%64] = byte(n)
	return deep(n-1) + int(buf[n%64])
}

func main() {
	total := 0
	for range 20 {
		for p := build(20000); p != nil; p = p.next {
			total += len(p.s)
		}
		total += deep(1000)
	}
	_, file, line, ok := runtime.Caller(0)
	fmt.Println("total", total, "caller", file, line, ok)
	if len(os.Args) > 1 {
		var m map[string]int
		m[key(os.Args[1])] = 1
	}
}

// key is inlined into main: with the argument i it panics, and the traceback names
// it from main's inline tree.
func key(s string) string {
	if s == "i" {
		panic("inlined")
	}
	return s
}
