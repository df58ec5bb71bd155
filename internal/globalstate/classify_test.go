package globalstate

import (
	"go/parser"
	"go/token"
	"testing"
)

// TestClassify: the cases TestNoMutableGlobals tells apart, each a package's source
// with one package-level var v: whether v is a plain table, and whether a function
// writes it.
func TestClassify(t *testing.T) {
	tests := []struct {
		src           string
		table, writes bool
		reason        string
	}{
		{`var v textMemo`, false, false, "a memo with no value is filled later: state (main's otherRunMemo)"},
		{`var v = map[string]bool{"a": true}`, true, false, "a map table no function writes"},
		{`var v = map[string]bool{}; func f() { v["a"] = true }`, true, true, "a map filled by a function: state"},
		{`var v = []int{1}; func f() { v = append(v, 2) }`, true, true, "a slice grown by a function"},
		{`var v = []int{2, 1}; func f() { sort.Ints(v) }`, true, true, "a slice sorted in place"},
		{`var v = map[string]int{}; func f() { delete(v, "a") }`, true, true, "deleted from"},
		{`var v = row{n: 1}; func f() { v.n++ }`, true, true, "a field incremented"},
		{`var v = row{n: 1}; func f() *row { return &v }`, true, true, "its address handed out"},
		{`var v = map[string]int{}; func f() { v := map[string]int{}; v["a"] = 1 }`, true, false, "a local of the same name is not v"},
		{`var v = map[string]int{}; func f(v map[string]int) { v["a"] = 1 }`, true, false, "a parameter of the same name is not v"},
		{`var v = &lazyregexp.Regexp{Expr: "a"}`, true, false, "a lazily compiled expression"},
		{`var v = &row{n: 1}`, false, false, "a pointer to another literal: listed or moved"},
		{`var v = sync.Pool{}`, false, false, "a sync value is state"},
		{`var v = errors.New("x")`, true, false, "a sentinel error"},
		{`var v = []byte("x")`, true, false, "a literal's bytes"},
		{`var v = "a" + "b"`, true, false, "a constant expression"},
		{`var v = newTable()`, false, false, "a call's result: listed or moved"},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "x.go", "package p\n"+tt.src, 0)
			if err != nil {
				t.Fatal(err)
			}
			vars := topVars(fset, f)
			written := map[string]string{}
			writes(fset, f, written)
			if len(vars) != 1 || vars[0].table != tt.table || (written["v"] != "") != tt.writes {
				t.Errorf("%s: vars %+v, written %q; want table %v, writes %v", tt.src, vars, written["v"], tt.table, tt.writes)
			}
		})
	}
}
