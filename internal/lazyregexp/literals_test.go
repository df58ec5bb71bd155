package lazyregexp

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// modulePath is the module whose sources TestLiteralsCompile reads.
const modulePath = "github.com/compilemode/compilemode"

// TestLiteralsCompile: every &Regexp{Expr: …} of the module whose expression is a
// constant compiles. Such a literal is data, compiled on its first use (the package
// doc), so no package's initialisation compiles it in a test binary, as New does:
// this test reads the module's sources (each package type-checked against its imports'
// export data, from go list -export) and compiles each.
func TestLiteralsCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the module's packages")
	}
	pkgs := listPackages(t)
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		return os.Open(pkgs[path].export)
	})
	var checked int
	for path, p := range pkgs {
		if !p.ours || !p.usesLiterals() {
			continue
		}
		checked += checkPackage(t, fset, imp, path, p)
	}
	t.Logf("compiled %d literals", checked)
	if checked < 100 {
		t.Errorf("compiled %d literals, want the module's (over 100)", checked)
	}
}

// listedPackage is one package of go list -deps -export.
type listedPackage struct {
	export, dir string
	files       []string
	ours        bool
}

// usesLiterals reports whether one of p's files holds "lazyregexp.Regexp{".
func (p listedPackage) usesLiterals() bool {
	for _, f := range p.files {
		data, err := os.ReadFile(filepath.Join(p.dir, f))
		if err == nil && bytes.Contains(data, []byte("lazyregexp.Regexp{")) {
			return true
		}
	}
	return false
}

// listPackages runs go list -deps -export on the module's packages, by import path.
func listPackages(t *testing.T) map[string]listedPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-export", "-f",
		"{{.ImportPath}}\t{{.Export}}\t{{.Dir}}\t{{if .Module}}{{.Module.Path}}{{end}}\t{{join .GoFiles \" \"}}",
		modulePath+"/...")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string]listedPackage{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 5 {
			t.Fatalf("go list: unexpected line %q", sc.Text())
		}
		pkgs[f[0]] = listedPackage{export: f[1], dir: f[2], ours: f[3] == modulePath, files: strings.Fields(f[4])}
	}
	return pkgs
}

// checkPackage type-checks p and compiles its constant literals; it returns how many.
func checkPackage(t *testing.T, fset *token.FileSet, imp types.Importer, path string, p listedPackage) int {
	t.Helper()
	var files []*ast.File
	for _, name := range p.files {
		f, err := parser.ParseFile(fset, filepath.Join(p.dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: imp}
	if _, err := conf.Check(path, fset, files, info); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	n := 0
	for _, f := range files {
		ast.Inspect(f, func(node ast.Node) bool {
			expr, ok := literalExpr(info, node)
			if !ok {
				return true
			}
			tv := info.Types[expr]
			if tv.Value == nil || tv.Value.Kind() != constant.String {
				return true // built at run time: compiled where it is used
			}
			n++
			if _, err := regexp.Compile(constant.StringVal(tv.Value)); err != nil {
				t.Errorf("%s: %v", fset.Position(expr.Pos()), err)
			}
			return true
		})
	}
	return n
}

// literalExpr returns the Expr field's value when node is a Regexp composite literal.
func literalExpr(info *types.Info, node ast.Node) (ast.Expr, bool) {
	lit, ok := node.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	named, ok := info.Types[lit].Type.(*types.Named)
	if !ok || named.Obj().Name() != "Regexp" || named.Obj().Pkg() == nil ||
		named.Obj().Pkg().Path() != modulePath+"/internal/lazyregexp" {
		return nil, false
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Expr" {
				return kv.Value, true
			}
		}
	}
	return nil, false
}
