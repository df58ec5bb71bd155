package literal_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
)

// exprsDump is testdata/exprs-X.Y.json, written by testdata/probe/gen_exprs.py with
// that Python: each expression and Python's answer (its repr, or "!Exception: text").
type exprsDump struct {
	Python string      `json:"python"`
	Exprs  [][2]string `json:"exprs"`
}

// TestExprsAgainstPython evaluates every expression of the dumps as that Python
// does and compares byte for byte: value reprs (by the Python's printable table) and
// exception texts (by its version).
func TestExprsAgainstPython(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join("testdata", "exprs-*.json"))
	if len(files) == 0 {
		t.Fatal("no testdata/exprs-*.json")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var d exprsDump
		if err := json.Unmarshal(data, &d); err != nil {
			t.Fatal(err)
		}
		v, err := pyver.Parse(strings.Join(strings.SplitN(d.Python, ".", 3)[:2], "."))
		if err != nil {
			t.Fatal(err)
		}
		py := pyver.MustFor(v)
		match, refused := 0, 0
		for _, e := range d.Exprs {
			src, want := e[0], e[1]
			got := answer(src, py)
			switch {
			case got == want:
				match++
			case strings.HasPrefix(got, "?"):
				refused++
				t.Logf("%s: %q not evaluated: %s (Python: %s)", d.Python, src, got[1:], want)
			default:
				t.Errorf("%s: %q = %s, Python: %s", d.Python, src, got, want)
			}
		}
		t.Logf("Python %s: %d expressions, %d match, %d not evaluated", d.Python, len(d.Exprs), match, refused)
	}
}

// answer is the library's answer in gen_exprs.py's form; "?why" when it refuses the
// text without a Python exception.
func answer(src string, py *pyver.Python) string {
	v, err := literal.ParseFor(src, py)
	if err == nil {
		// The probe writes repr(v), which raises for an int past 4,300 digits.
		r, err := v.PyRepr(py)
		var ie *literal.IntStrError
		if errors.As(err, &ie) {
			return "!" + ie.Exception() + ": " + ie.Message()
		}
		return r
	}
	var le *literal.Error
	if !errors.As(err, &le) {
		return "?" + err.Error()
	}
	if le.Exception == "" {
		return "?" + le.Msg
	}
	return "!" + le.Exception + ": " + le.PyMessage
}
