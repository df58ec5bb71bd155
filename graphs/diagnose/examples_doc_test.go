package diagnose

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// docExamples returns each Code constant's "Example:" block in doc.go, by code: the
// tab-indented lines after the doc's "Example:" line, each without its tab.
func docExamples(t *testing.T) map[Code]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	out := map[Code]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if v.Doc == nil || len(v.Values) != 1 {
				continue
			}
			lit, ok := v.Values[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				continue
			}
			if ex, ok := exampleBlock(v.Doc.Text()); ok {
				out[Code(strings.Trim(lit.Value, `"`))] = ex
			}
		}
	}
	return out
}

// exampleBlock returns the indented block after the paragraph that begins "Example:"
// or "Example (…):" in doc.
func exampleBlock(doc string) (string, bool) {
	var lines []string
	state := 0 // 0: before "Example", 1: in its paragraph, 2: in the block
	for _, l := range strings.Split(doc, "\n") {
		switch {
		case state == 0 && (strings.HasPrefix(l, "Example:") || strings.HasPrefix(l, "Example (")):
			state = 1
		case state == 1 && strings.HasPrefix(l, "\t"):
			state = 2
			lines = append(lines, l[1:])
		case state == 2 && strings.HasPrefix(l, "\t"):
			lines = append(lines, l[1:])
		case state == 2:
			return strings.Join(lines, "\n") + "\n", true
		}
	}
	return strings.Join(lines, "\n") + "\n", len(lines) > 0
}

// TestDocExamplesRead feeds each code's documented Example, alone, to Read and wants
// that code among the findings: the catalogue's Example is text a user can paste
// (hostile28 C1: two Examples needed a context line the doc did not show). Every
// code has an Example but those that no log can show (Silent, Planned).
func TestDocExamplesRead(t *testing.T) {
	examples := docExamples(t)
	for _, c := range Codes() {
		ex, ok := examples[c]
		if !ok {
			if !c.Silent() && !c.Planned() {
				t.Errorf("%s: no Example: in its doc", c)
			}
			continue
		}
		for _, torch := range []string{"", "2.11"} {
			d, err := Options{Torch: torch}.Read(strings.NewReader(ex))
			if err != nil {
				t.Errorf("%s (torch %q): %v", c, torch, err)
				continue
			}
			var got []string
			found := false
			for _, f := range d.Findings {
				got = append(got, string(f.Code))
				found = found || f.Code == c
			}
			if !found {
				t.Errorf("%s (torch %q): its Example gives %v, not the code:\n%s", c, torch, got, ex)
			}
		}
	}
}
