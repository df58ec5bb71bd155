package cliflags

import (
	"errors"
	"flag"
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/token"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/graphs/script"
)

// nilCases has one case per exported function and method of the package, called
// with nil and zero arguments and receivers; none may panic. It is the package's
// share of graphs/nilsafety_test.go (graphs may not import an examples/internal
// package). A new exported name without a case fails TestNilSafety.
var nilCases = map[string]func(t *testing.T){
	"Compile.Register": func(t *testing.T) {
		new(Compile).Register(flag.NewFlagSet("x", flag.ContinueOnError))
	},
	"Compile.Scenario": func(t *testing.T) {
		if _, err := new(Compile).Scenario(nil, nil, nil); err != nil {
			t.Errorf("zero Compile: %v", err)
		}
	},
	"Compile.OptionsFlag": func(t *testing.T) {
		if got := new(Compile).OptionsFlag(); got != "-options" {
			t.Errorf("zero Compile: OptionsFlag() = %q, want -options", got)
		}
	},
	"ReadByPyTorch": func(t *testing.T) { _ = ReadByPyTorch("") },
	"UserWords":     func(t *testing.T) { _ = UserWords("") },
	"FlagOfField":   func(t *testing.T) { _ = FlagOfField("") },
	"Wording.Error": func(t *testing.T) {
		if (Wording{}).Error(nil) != "" || (Wording{}).Error(errors.New("x")) != "x" {
			t.Error("Wording{}.Error: want \"\" for nil and the error's words otherwise")
		}
	},
	"WantsHelp": func(t *testing.T) {
		for args, want := range map[string]bool{"": false, "-h": true, "-torch 2.11 --help": true, "-- -h": false, "-hh": false} {
			if got := WantsHelp(strings.Fields(args)); got != want {
				t.Errorf("WantsHelp(%q) = %v, want %v", args, got, want)
			}
		}
	},
	"MachineHost": func(t *testing.T) {
		if h := MachineHost(); h.CPUs < 1 {
			t.Errorf("MachineHost() = %+v, want at least one CPU", h)
		}
	},
	"List.Set":    func(t *testing.T) { _ = new(List).Set("") },
	"List.String": func(t *testing.T) { _ = (*List)(nil).String(); _ = new(List).String() },
	"CheckCounts": func(t *testing.T) { _ = CheckCounts(nil, nil) },
	"IntVar":      func(t *testing.T) { IntVar(nil, nil, "", 0, "") },
	"Int.Set":     func(t *testing.T) { _ = Int{}.Set("1") },
	"Int.String":  func(t *testing.T) { _ = Int{}.String() },
	"Once.Set":    func(t *testing.T) { _ = new(Once).Set("") },
	"Once.String": func(t *testing.T) { _ = (*Once)(nil).String(); _ = new(Once).String() },
	"Parse": func(t *testing.T) {
		if _, code, ok := Parse(flag.NewFlagSet("x", flag.ContinueOnError), nil, io.Discard, io.Discard); !ok || code != 0 {
			t.Errorf("Parse(no args) = %d, %v", code, ok)
		}
	},
	"ParseUsage": func(t *testing.T) {
		if _, code, ok := ParseUsage(flag.NewFlagSet("x", flag.ContinueOnError), nil, io.Discard, io.Discard, nil); !ok || code != 0 {
			t.Errorf("ParseUsage(no args) = %d, %v", code, ok)
		}
	},
	"IsNullDevice": func(t *testing.T) {
		f, err := os.CreateTemp(t.TempDir(), "x")
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if IsNullDevice(f) {
			t.Error("IsNullDevice(a regular file) = true")
		}
		f.Close()
		if IsNullDevice(f) {
			t.Error("IsNullDevice(a closed file) = true")
		}
	},
	"Open": func(t *testing.T) {
		if _, err := Open("", nil); err == nil {
			t.Error("Open(\"\"): want an error")
		}
		r, err := Open("-", nil)
		if err != nil {
			t.Fatalf("Open(\"-\", nil): %v", err)
		}
		if data, err := io.ReadAll(r); err != nil || len(data) != 0 {
			t.Errorf("Open(\"-\", nil) read %q, %v", data, err)
		}
		_ = r.Close()
	},
	"ReadFile": func(t *testing.T) {
		if _, err := ReadFile("", "", 0, ""); err == nil {
			t.Error("ReadFile(\"\"): want an error")
		}
	},
	"ReadInput": func(t *testing.T) {
		if _, err := ReadInput("scenario", "-", nil, 10, "x"); err == nil {
			t.Error("ReadInput(\"-\", nil stdin): want an error")
		}
		if _, err := ReadInput("scenario", "-", strings.NewReader("12345678901"), 10, "x"); err == nil {
			t.Error("ReadInput(\"-\") of 11 bytes with limit 10: want an error")
		}
		if data, err := ReadInput("scenario", "-", strings.NewReader("{}"), 10, "x"); err != nil || string(data) != "{}" {
			t.Errorf("ReadInput(\"-\") = %q, %v", data, err)
		}
	},
	"WriteWarnings": func(t *testing.T) { WriteWarnings(io.Discard, nil, false) },
	"Releases": func(t *testing.T) {
		if Releases("") != nil || len(Releases(",")) != 2 {
			t.Error("Releases: want nil for no comma and two for one")
		}
	},
	"KeyName": func(t *testing.T) { _ = KeyName("") },
	"Compare": func(t *testing.T) {
		for _, torch := range []string{"", ",", "2.6,2.14"} {
			if _, err := Compare(nil, torch, nil); err == nil {
				t.Errorf("Compare(nil, %q): want an error", torch)
			}
		}
		if _, err := Compare(new(graphs.Scenario), ",", []string{""}); err == nil {
			t.Error("Compare(zero, \",\"): want an error")
		}
	},
	"Comparison.Code":   func(t *testing.T) { _ = (*Comparison)(nil).Code(); _ = new(Comparison).Code() },
	"Comparison.Blocks": func(t *testing.T) { _ = (*Comparison)(nil).Blocks(); _ = new(Comparison).Blocks() },
	"Comparison.WriteText": func(t *testing.T) {
		_ = (*Comparison)(nil).WriteText(io.Discard, 0)
		_ = new(Comparison).WriteText(io.Discard, 0)
	},
	"OutcomeOf.String": func(t *testing.T) { _ = (*OutcomeOf)(nil).String(); _ = new(OutcomeOf).String() },
	"AbsentKey":        func(t *testing.T) { _ = AbsentKey("", nil); _ = AbsentKey("", new(graphs.Report)) },
	"KeyNotKnown":      func(t *testing.T) { _ = KeyNotKnown("", nil); _ = KeyNotKnown("", new(graphs.Report)) },
	"KeyHint":          func(t *testing.T) { _ = KeyHint("", nil); _ = KeyHint("", new(graphs.Report)) },
	"ScriptNotes": func(t *testing.T) {
		if n := ScriptNotes(nil, "", false); n != nil {
			t.Errorf("ScriptNotes(nil) = %q, want none", n)
		}
		_ = ScriptNotes(new(script.Script), "", false)
	},
	"EnvArgvNotes": func(t *testing.T) {
		if n := EnvArgvNotes(nil, "", map[string]string{"X": "1"}, nil); n != nil {
			t.Errorf("EnvArgvNotes(nil) = %q, want none", n)
		}
		_ = EnvArgvNotes(new(script.Script), "", nil, nil)
	},
	"ReadsAsScript": func(t *testing.T) {
		if ReadsAsScript(nil, nil, "") || ReadsAsScript(new(diagnose.Diagnosis), nil, "") {
			t.Error("ReadsAsScript(nil or zero, no text) = true")
		}
	},
	"ScriptHint": func(t *testing.T) { _ = ScriptHint("") },
	"WriteWrapped": func(t *testing.T) {
		WriteWrapped(nil, "", 0, "", "", 0)
		WriteWrapped(io.Discard, "", 0, "", "", 0)
	},
}

// exportedNames lists "Func" and "Type.Method" for the package's exported functions
// and methods, as go/doc sees them in the default build.
func exportedNames(t *testing.T) map[string]bool {
	fset := token.NewFileSet()
	ents, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range ents {
		n := e.Name()
		if ok, _ := build.Default.MatchFile(".", n); !ok || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, "cliflags")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, f := range p.Funcs {
		names[f.Name] = true
	}
	for _, ty := range p.Types {
		for _, f := range ty.Funcs {
			names[f.Name] = true
		}
		for _, m := range ty.Methods {
			names[ty.Name+"."+m.Name] = true
		}
	}
	return names
}

// TestNilSafety lists the package's exported names with go/doc and runs each case.
func TestNilSafety(t *testing.T) {
	t.Parallel()
	names := exportedNames(t)
	for n := range names {
		if nilCases[n] == nil {
			t.Errorf("%s has no case in nilCases", n)
		}
	}
	for name, f := range nilCases {
		if !names[name] {
			t.Errorf("nilCases has %s, which is not exported any more", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("panicked: %v", p)
				}
			}()
			f(t)
		})
	}
}
