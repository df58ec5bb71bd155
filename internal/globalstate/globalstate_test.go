package globalstate

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Reasons a package-level variable that is not a plain table is no mutable shared
// state, for the allow-list.
const (
	builtOnce = "built once, under its sync.Once, from embedded data or tables; read only after"
	onceGuard = "the sync.Once that guards a value built once; read only after"
	onceValue = "a sync.OnceValue(s) of a pure function: built once on first use, read only after"
	derived   = "derived at initialisation from tables (a pure function's answer); read only after"
	sentinel  = "a sentinel error: compared with errors.Is, never written"
	embedded  = "a go:embed file: read only"
	compiled  = "a compiled regular expression or replacer: immutable, safe for concurrent use"
	identity  = "a table row whose address is an identity (compared, read); no function writes it"
	zeroValue = "a zero value handed out by address for reading; no function writes it"
	gateCache = "a cache of a pure function's answers (an expression's gate), keyed by the package's fixed expressions; a sync.Map"
	pool      = "a sync.Pool of scratch buffers that hold nothing between uses"
	onceMap   = "a map built at initialisation whose entries are sync.OnceValues of pure functions; read only after"
)

// allowed are the package-level variables, by package directory and name, that are
// not plain tables (a composite literal that no function writes, which need no entry:
// tableLiteral), each with why it is not mutable shared state. A new one needs a
// reason here; mutable state belongs on the value its user owns.
var allowed = map[string]string{
	"config.ErrModeAndOptions":                    sentinel,
	"config.builtinResolvers":                     onceMap,
	"config.dynamoAttrs214":                       embedded,
	"config.factRows":                             derived,
	"config/literal.aliasesOnce":                  onceGuard,
	"config/literal.aliasesTxt":                   embedded,
	"config/literal.aliasesValue":                 builtOnce,
	"config/literal.builtinNamesOnce":             onceGuard,
	"config/literal.builtinNamesValue":            builtOnce,
	"config/literal.builtinsTxt":                  embedded,
	"config/literal.namesOnce":                    onceGuard,
	"config/literal.namesTxt":                     embedded,
	"config/literal.namesValue":                   builtOnce,
	"config/pyver.pythons":                        onceMap,
	"config/pyver.setattrTables":                  onceMap,
	"config/pyver.tables":                         onceValue,
	"config/pyver.tablesPack":                     embedded,
	"config/schema.builtinPack":                   embedded,
	"config/schema.builtinParsed":                 onceMap,
	"config/schema.builtinTexts":                  onceValue,
	"config/schema.envKindsOnce":                  onceGuard,
	"config/schema.envKindsValue":                 builtOnce,
	"config/schema.envVarNamesAll":                builtOnce,
	"config/schema.envVarNamesOnce":               onceGuard,
	"examples/bench.anchorLine":                   compiled,
	"examples/bench.launchSyncLine":               compiled,
	"examples/bench.torchLine":                    compiled,
	"examples/web.static":                         embedded,
	"graphs.cgBackendTrees":                       derived,
	"graphs.dynamoKeysJSON":                       embedded,
	"graphs.fixTreesTLS":                          derived,
	"graphs.perThreadGlobals":                     derived,
	"graphs.perThreadTrees":                       derived,
	"graphs.sharedGlobals":                        derived,
	"graphs.sharedTrees":                          derived,
	"graphs/diagnose.applyMode":                   derived,
	"graphs/diagnose.compiledReleaseRowsOnce":     onceGuard,
	"graphs/diagnose.compiledReleaseRowsValue":    builtOnce,
	"graphs/diagnose.cppWrapperEnabled":           derived,
	"graphs/diagnose.cppWrapperPartition":         derived,
	"graphs/diagnose.cpuDeviceLiteral":            derived,
	"graphs/diagnose.cpuListed":                   derived,
	"graphs/diagnose.cpuPrefixed":                 derived,
	"graphs/diagnose.cudaErrorPrefix":             derived,
	"graphs/diagnose.cudagraphsKwargsIgnored":     derived,
	"graphs/diagnose.devicesListed":               derived,
	"graphs/diagnose.devicesPrefixed":             derived,
	"graphs/diagnose.envNames":                    derived,
	"graphs/diagnose.exprGates":                   gateCache,
	"graphs/diagnose.generatorExpects":            derived,
	"graphs/diagnose.generatorRegistered":         derived,
	"graphs/diagnose.guardFilterFn":               derived,
	"graphs/diagnose.indexPutReasons":             derived,
	"graphs/diagnose.inferenceTableOnce":          onceGuard,
	"graphs/diagnose.inferenceTableValue":         builtOnce,
	"graphs/diagnose.kwargsIgnored":               derived,
	"graphs/diagnose.listedSkips":                 derived,
	"graphs/diagnose.lookalikes":                  compiled,
	"graphs/diagnose.markStep21":                  compiled,
	"graphs/diagnose.movedToNightlyGate":          onceValue,
	"graphs/diagnose.mutatedCountLiteral":         derived,
	"graphs/diagnose.mutatedCounted":              derived,
	"graphs/diagnose.mutatedListed":               derived,
	"graphs/diagnose.mutatedTrace":                derived,
	"graphs/diagnose.mutationOnInput":             derived,
	"graphs/diagnose.noForms":                     zeroValue,
	"graphs/diagnose.onNightlyGate":               onceValue,
	"graphs/diagnose.perThreadGlobals":            derived,
	"graphs/diagnose.prefixedSkips":               derived,
	"graphs/diagnose.pythonFormsOnce":             onceGuard,
	"graphs/diagnose.pythonFormsValue":            builtOnce,
	"graphs/diagnose.scratchPool":                 pool,
	"graphs/diagnose.sharedGlobals":               derived,
	"graphs/diagnose.sharedTrees":                 derived,
	"graphs/diagnose.shownLookalikes":             compiled,
	"graphs/diagnose.tableErr":                    builtOnce,
	"graphs/diagnose.tableOnce":                   onceGuard,
	"graphs/diagnose.tableValue":                  builtOnce,
	"graphs/diagnose.untrackedDetected":           derived,
	"graphs/diagnose.untrackedLiveStorage":        derived,
	"graphs/diagnose.windowsTriton":               derived,
	"graphs/internal/skips.checkOnce":             onceGuard,
	"graphs/internal/skips.checkRows":             builtOnce,
	"graphs/internal/skips.inputMutationDeferred": derived,
	"graphs/internal/skips.partitionSilent":       derived,
	"graphs/internal/skips.wordingOnce":           onceGuard,
	"graphs/internal/skips.wordingRows":           builtOnce,
	"graphs/script.configEnvOnce":                 onceGuard,
	"graphs/script.configEnvValue":                builtOnce,
	"graphs/script.fastAPIRoutes":                 identity,
	"graphs/script.flaskViews":                    identity,
	"graphs/script.gradioEvents":                  identity,
	"graphs/script.readLate":                      derived,
	"graphs/script.requestHandlers":               identity,
	"graphs/script.socketIOEvents":                identity,
	"internal/lazyregexp.inTest":                  derived,
	"kernels.clusterPTX":                          embedded,
	"kernels.ptx":                                 embedded,
}

// TestNoMutableGlobals: every package-level variable of the module's non-test sources
// (whatever their build tags) is a plain table (tableLiteral) that no function of its
// package writes (writes), or is in allowed with its reason; and every entry of allowed
// names a variable that is there.
func TestNoMutableGlobals(t *testing.T) {
	root := moduleRoot(t)
	seen := map[string]bool{}
	for dir, files := range packageFiles(t, root) {
		vars, written := readPackage(t, files)
		for _, v := range vars {
			key := dir + "." + v.name
			seen[key] = true
			reason, listed := allowed[key]
			switch how := written[v.name]; {
			case !listed && !v.table:
				t.Errorf("%s: package-level var %s is not a table literal: move it onto the value its user owns (a Read's, a run's), or add %q to allowed with why it is immutable after construction",
					v.pos, v.name, key)
			case how != "" && !writeAllowed(reason, how):
				t.Errorf("%s: package-level var %s is written (%s): move it onto the value its user owns",
					v.pos, v.name, how)
			}
		}
	}
	var stale []string
	for key := range allowed {
		if !seen[key] {
			stale = append(stale, key)
		}
	}
	sort.Strings(stale)
	for _, key := range stale {
		t.Errorf("allowed names %s, which is no package-level var of the module: drop it", key)
	}
}

// writeAllowed reports whether a variable allowed for reason may be written as how
// says: a value built once is assigned under its sync.Once, and a row whose address is
// an identity, or a zero value handed out by address, has its address taken.
func writeAllowed(reason, how string) bool {
	switch reason {
	case builtOnce:
		return strings.HasPrefix(how, "assigned ")
	case identity, zeroValue:
		return strings.HasPrefix(how, "address taken ")
	}
	return false
}

// pkgVar is a package-level variable: its name, where it is declared, and whether its
// value is a plain table (tableLiteral).
type pkgVar struct {
	name  string
	pos   token.Position
	table bool
}

// moduleRoot returns the directory that holds go.mod, above this package's.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = up
	}
}

// packageFiles returns the module's non-test .go files by package directory (relative
// to root, with slashes), testdata and folders whose names start with "." or "_" left
// out, as the go command leaves them.
func packageFiles(t *testing.T, root string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(rel)
		out[dir] = append(out[dir], path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 20 {
		t.Fatalf("read %d packages of the module, want its packages (over 20)", len(out))
	}
	return out
}

// readPackage parses a package's files and returns its package-level variables and,
// by name, how the first function that writes one writes it.
func readPackage(t *testing.T, files []string) ([]pkgVar, map[string]string) {
	t.Helper()
	fset := token.NewFileSet()
	var vars []pkgVar
	written := map[string]string{}
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, 0) // with its names resolved: packageLevel
		if err != nil {
			t.Fatal(err)
		}
		vars = append(vars, topVars(fset, f)...)
		writes(fset, f, written)
	}
	return vars, written
}

// topVars returns f's package-level variables, the blank ones left out.
func topVars(fset *token.FileSet, f *ast.File) []pkgVar {
	var out []pkgVar
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if n.Name == "_" {
					continue
				}
				table := len(vs.Values) == len(vs.Names) && tableLiteral(vs.Values[i])
				out = append(out, pkgVar{name: n.Name, pos: fset.Position(n.Pos()), table: table})
			}
		}
	}
	return out
}

// tableLiteral reports whether e, a package-level variable's value, is a plain table:
// a composite literal (a map, a slice, an array or a named type's, those of sync,
// atomic, bytes and strings aside, whose values are state), a constant expression, a
// literal's bytes, a sentinel error (errors.New of a literal), or a lazily compiled
// expression's literal (&lazyregexp.Regexp{…}, compiled once under its own sync.Once,
// safe for concurrent use) or a unicode.RangeTable's.
func tableLiteral(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.CompositeLit:
		return !statePackage(x.Type)
	case *ast.UnaryExpr:
		lit, ok := x.X.(*ast.CompositeLit)
		if !ok || x.Op != token.AND {
			return false
		}
		name := typeName(lit.Type)
		return name == "lazyregexp.Regexp" || name == "unicode.RangeTable"
	case *ast.BasicLit:
		return true
	case *ast.CallExpr:
		return sentinelOrBytes(x)
	case *ast.BinaryExpr:
		return constantish(x.X) && constantish(x.Y)
	}
	return false
}

// sentinelOrBytes reports whether c is errors.New of a literal (a sentinel error) or
// a literal's conversion to []byte.
func sentinelOrBytes(c *ast.CallExpr) bool {
	if len(c.Args) != 1 {
		return false
	}
	if _, ok := c.Args[0].(*ast.BasicLit); !ok {
		return false
	}
	if at, ok := c.Fun.(*ast.ArrayType); ok {
		return at.Len == nil && typeName(at.Elt) == "byte"
	}
	return typeName(c.Fun) == "errors.New"
}

// constantish reports whether e is a literal, a name or an operation on them (a
// constant expression, as the syntax shows it).
func constantish(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.BasicLit, *ast.Ident:
		return true
	case *ast.SelectorExpr:
		_, ok := x.X.(*ast.Ident)
		return ok
	case *ast.ParenExpr:
		return constantish(x.X)
	case *ast.BinaryExpr:
		return constantish(x.X) && constantish(x.Y)
	}
	return false
}

// statePackage reports whether a composite literal's type is one of a package whose
// values are state (sync.Pool, atomic's, bytes.Buffer, strings.Builder).
func statePackage(typ ast.Expr) bool {
	pkg, _, ok := strings.Cut(typeName(typ), ".")
	return ok && (pkg == "sync" || pkg == "atomic" || pkg == "bytes" || pkg == "strings")
}

// typeName returns a named type's name as written ("pkg.Name", "Name"), "" for
// another type.
func typeName(typ ast.Expr) string {
	switch x := typ.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok {
			return id.Name + "." + x.Sel.Name
		}
	}
	return ""
}

// writes notes in written, by name, how f writes a package-level variable of its
// package: assigned (its elements or fields too), incremented, its address taken,
// deleted from, cleared, copied into or sorted in place. A name declared in a
// function (a local, a parameter) is not the package's: go/parser resolves it, and
// leaves a name declared in another file of the package unresolved.
func writes(fset *token.FileSet, f *ast.File, written map[string]string) {
	top := topSpecs(f)
	note := func(e ast.Expr, how string) {
		id := rootIdent(e)
		if id == nil || !packageLevel(id, top) || written[id.Name] != "" {
			return
		}
		written[id.Name] = how + " at " + fset.Position(id.Pos()).String()
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				note(l, "assigned")
			}
		case *ast.IncDecStmt:
			note(x.X, "incremented")
		case *ast.RangeStmt:
			if x.Tok == token.ASSIGN {
				note(x.Key, "assigned by range")
				note(x.Value, "assigned by range")
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				note(x.X, "address taken")
			}
		case *ast.CallExpr:
			if how := mutatingCall(x); how != "" && len(x.Args) > 0 {
				note(x.Args[0], how)
			}
		}
		return true
	})
}

// mutatingCall returns how a call changes its first argument in place ("deleted
// from", "sorted"), "" for a call that is not known to.
func mutatingCall(c *ast.CallExpr) string {
	switch name := typeName(c.Fun); {
	case name == "delete", name == "clear", name == "copy":
		return name + "d into"
	case strings.HasPrefix(name, "sort.") && name != "sort.Search" && name != "sort.SearchInts" && name != "sort.SearchStrings",
		strings.HasPrefix(name, "slices.Sort"), name == "slices.Reverse":
		return "sorted in place by " + name
	}
	return ""
}

// rootIdent returns the variable an assigned expression is part of (a[i].f's a), nil
// for none.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x
		case *ast.IndexExpr:
			e = x.X
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.SliceExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// packageLevel reports whether id names a package-level object of its package: one
// go/parser left unresolved (declared in another file of the package; an import's
// name too, which names no variable of the package) or resolved to a package-level
// declaration of its file (top).
func packageLevel(id *ast.Ident, top map[*ast.ValueSpec]bool) bool {
	if id.Name == "_" {
		return false
	}
	if id.Obj == nil {
		return true
	}
	vs, ok := id.Obj.Decl.(*ast.ValueSpec)
	return ok && id.Obj.Kind == ast.Var && top[vs]
}

// topSpecs returns f's package-level variable declarations.
func topSpecs(f *ast.File) map[*ast.ValueSpec]bool {
	top := map[*ast.ValueSpec]bool{}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
			for _, s := range g.Specs {
				top[s.(*ast.ValueSpec)] = true
			}
		}
	}
	return top
}
