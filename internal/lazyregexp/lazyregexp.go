// Package lazyregexp is a regular expression compiled on its first use, not at
// package initialisation: for package-level expressions that many runs never use.
//
// The web page's worker starts the whole library in WebAssembly for every visitor,
// and a shared link's first answer waited on every package's initialisation:
// graphs/diagnose's expressions were most of it (examples/web's Budgets has the
// figures). The go command does the same for its own (cmd/go/internal/lazyregexp).
//
// A package-level expression is a composite literal, &lazyregexp.Regexp{Expr: `…`},
// which the compiler lays out as data: a call to New at the package's initialisation
// is code, in the WebAssembly of the web page too (194 expressions were 5 KB of it
// gzipped, examples/web's Transfer size). TestLiteralsCompile compiles every such
// literal of the module. In a test binary (a program whose name ends in ".test") New
// compiles at once, so that a bad expression still fails every test of its package, as
// regexp.MustCompile at initialisation did.
package lazyregexp

import (
	"os"
	"regexp"
	"strings"
	"sync"
)

// Regexp is a regexp.Regexp compiled with regexp.MustCompile on its first use. It is
// safe for concurrent use, as regexp.Regexp is. Write one as &Regexp{Expr: `…`} (or
// with New); it must not be copied once used.
type Regexp struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Expr string    // the expression; set only by the literal
	once sync.Once
	rx   *regexp.Regexp
}

// inTest reports whether the program is a test binary (set at initialisation from
// os.Args, only read after).
var inTest = len(os.Args) > 0 && strings.HasSuffix(strings.TrimSuffix(os.Args[0], ".exe"), ".test")

// New returns expr, compiled on its first use; it panics then (in a test binary, at
// once) when expr is not a valid expression, as regexp.MustCompile does.
func New(expr string) *Regexp {
	r := &Regexp{Expr: expr}
	if inTest {
		r.re()
	}
	return r
}

// re returns the compiled expression, compiling it on the first call. It is not
// inlined: the web page builds this package with inlining, and the Once inlined in each
// method below was 1.5 KB of it (examples/web's Transfer size).
//
//go:noinline
func (r *Regexp) re() *regexp.Regexp {
	r.once.Do(r.compile)
	return r.rx
}

func (r *Regexp) compile() { r.rx = regexp.MustCompile(r.Expr) }

// Regexp returns the compiled expression.
func (r *Regexp) Regexp() *regexp.Regexp { return r.re() }

// String returns the source text, without compiling it.
func (r *Regexp) String() string { return r.Expr }

// The methods below are regexp.Regexp's, on the compiled expression.

func (r *Regexp) Match(b []byte) bool                    { return r.re().Match(b) }
func (r *Regexp) MatchString(s string) bool              { return r.re().MatchString(s) }
func (r *Regexp) Find(b []byte) []byte                   { return r.re().Find(b) }
func (r *Regexp) FindIndex(b []byte) []int               { return r.re().FindIndex(b) }
func (r *Regexp) FindString(s string) string             { return r.re().FindString(s) }
func (r *Regexp) FindStringIndex(s string) []int         { return r.re().FindStringIndex(s) }
func (r *Regexp) FindSubmatch(b []byte) [][]byte         { return r.re().FindSubmatch(b) }
func (r *Regexp) FindSubmatchIndex(b []byte) []int       { return r.re().FindSubmatchIndex(b) }
func (r *Regexp) FindStringSubmatch(s string) []string   { return r.re().FindStringSubmatch(s) }
func (r *Regexp) FindStringSubmatchIndex(s string) []int { return r.re().FindStringSubmatchIndex(s) }
func (r *Regexp) FindAllIndex(b []byte, n int) [][]int   { return r.re().FindAllIndex(b, n) }
func (r *Regexp) FindAllString(s string, n int) []string { return r.re().FindAllString(s, n) }
func (r *Regexp) FindAllSubmatch(b []byte, n int) [][][]byte {
	return r.re().FindAllSubmatch(b, n)
}
func (r *Regexp) FindAllSubmatchIndex(b []byte, n int) [][]int {
	return r.re().FindAllSubmatchIndex(b, n)
}
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.re().FindAllStringSubmatch(s, n)
}
func (r *Regexp) ReplaceAll(src, repl []byte) []byte            { return r.re().ReplaceAll(src, repl) }
func (r *Regexp) ReplaceAllString(src, repl string) string      { return r.re().ReplaceAllString(src, repl) }
func (r *Regexp) SubexpNames() []string                         { return r.re().SubexpNames() }
func (r *Regexp) SubexpIndex(name string) int                   { return r.re().SubexpIndex(name) }
func (r *Regexp) LiteralPrefix() (prefix string, complete bool) { return r.re().LiteralPrefix() }
