package config

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// TestScriptCodesApart: -script's warning codes (graphs/script's Warning… constants,
// which Code's doc names as the one other set) never take a name of this catalogue, so
// a code printed by the command means one thing (sweep finding 27).
func TestScriptCodesApart(t *testing.T) {
	t.Parallel()
	f, err := parser.ParseFile(token.NewFileSet(), "../graphs/script/warnings.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ours := map[string]bool{}
	for _, c := range Codes() {
		ours[string(c)] = true
	}
	n := 0
	ast.Inspect(f, func(node ast.Node) bool {
		vs, ok := node.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || len(vs.Values) != 1 || !strings.HasPrefix(vs.Names[0].Name, "Warning") {
			return true
		}
		lit, ok := vs.Values[0].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		v, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Fatal(err)
		}
		n++
		if ours[v] {
			t.Errorf("graphs/script's %s = %q is also a config.Code", vs.Names[0].Name, v)
		}
		return true
	})
	if n == 0 {
		t.Error("no Warning… constants read in graphs/script/warnings.go")
	}
}
