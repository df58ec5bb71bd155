// Command args is TestDropUnreadRuns's program: goroutines that build lists and deep
// stacks across garbage collections (the stack maps and pcsp tables DropUnread
// keeps, the scheduler switching between them), then it prints their total, and with
// arguments panics in index, a function of three arguments (the traceback's words of
// its arguments, which DropUnread leaves out); with the argument d, in a function
// deferred by a panic (the traceback's "panic" frame between them), and with g by
// runtime.Goexit (an exported runtime function, whose frame a traceback shows); with
// r, reflect panics with the name of its Value method.
package main

import (
	"fmt"
	"os"
	"reflect"
	"runtime"
	"strings"
)

type node struct {
	next *node
	s    string
}

func work(seed, n int) int {
	var h *node
	for i := range n {
		h = &node{next: h, s: strings.Repeat("y", (i+seed)%50)}
		if i%500 == 0 {
			runtime.Gosched()
		}
	}
	total := deep(300 + seed)
	for p := h; p != nil; p = p.next {
		total += len(p.s)
	}
	return total
}

func deep(n int) int {
	if n == 0 {
		runtime.GC()
		return 0
	}
	var buf [32]byte
	buf[n%32] = byte(n)
	return deep(n-1) + int(buf[n%32])
}

func main() {
	results := make(chan int)
	for g := range 4 {
		go func() { results <- work(g, 5000) }()
	}
	total := 0
	for range 4 {
		total += <-results
	}
	fmt.Println("total", total)
	if len(os.Args) > 1 && os.Args[1] == "d" {
		defer func() { fmt.Println(index(nil, 1, 2)) }()
		panic("first")
	}
	if len(os.Args) > 1 && os.Args[1] == "r" {
		fmt.Println(reflect.ValueOf(len(os.Args)).Bool())
	}
	if len(os.Args) > 1 && os.Args[1] == "g" {
		defer func() { fmt.Println(index(nil, 3, 4)) }()
		runtime.Goexit()
	}
	if len(os.Args) > 1 {
		fmt.Println(index(os.Args[1:], 5, 7))
	}
}

// index panics where i+j is past xs: the traceback prints its arguments' words.
//
//go:noinline
func index(xs []string, i, j int) string {
	return xs[i+j]
}
