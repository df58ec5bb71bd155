package literal_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
)

// TestForgotComma: two expressions side by side raise the SyntaxError each Python
// raises, at its offset: "invalid syntax. Perhaps you forgot a comma?" at the first
// from 3.10, "invalid syntax" at the second before, "':' expected after dictionary
// key" for a later key (usersweep: -options "{'max_autotune' True}" said "got
// identifier, want ']'"). Measured on 3.8.18–3.14.10 by
// testdata/probe/gen_forgot_comma.py (testdata/forgot-comma.json).
func TestForgotComma(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/forgot-comma.json")
	if err != nil {
		t.Fatal(err)
	}
	var runs []struct {
		Python string
		Cases  [][3]any
	}
	if err := json.Unmarshal(data, &runs); err != nil {
		t.Fatal(err)
	}
	for _, run := range runs {
		v, err := pyver.Parse(run.Python)
		if err != nil {
			t.Fatal(err)
		}
		py, err := pyver.For(v)
		if err != nil {
			t.Fatalf("%s: %v", run.Python, err)
		}
		for _, c := range run.Cases {
			src, off, msg := c[0].(string), int(c[1].(float64)), c[2].(string)
			_, err := literal.ParseFor(src, py)
			var le *literal.Error
			switch {
			case msg == "ok" || msg == "ValueError":
				continue // evaluated, or refused for another reason
			case src == "1 2":
				continue // outside brackets: 3.8 and 3.9 say "unexpected EOF while parsing", not modelled
			case !errors.As(err, &le):
				t.Errorf("%s %q: %v, want SyntaxError %q at %d", run.Python, src, err, msg, off)
			case le.Exception != "SyntaxError" || le.PyMessage != msg || le.Offset+1 != off:
				t.Errorf("%s %q: %s %q at %d, want SyntaxError %q at %d", run.Python, src, le.Exception, le.PyMessage, le.Offset+1, msg, off)
			}
		}
	}
	_, err = literal.Parse("{'max_autotune' True}")
	if err == nil || !strings.Contains(err.Error(), "a dict needs ':' between a key and its value") {
		t.Errorf("Parse({'max_autotune' True}) = %v, want our hint about ':'", err)
	}
}

// TestEmptyIndex: a subscript with no index is Python's SyntaxError at the token
// where the index should be (3.13.0: 0[,] at 3, 0[1,,] at 5), not a crash (found by
// FuzzParseLiteral: "0[,]" dereferenced a nil index).
func TestEmptyIndex(t *testing.T) {
	t.Parallel()
	for src, off := range map[string]int{"0[,]": 3, "0[1,,]": 5, "0[]": 3} {
		_, err := literal.Parse(src)
		var le *literal.Error
		if !errors.As(err, &le) || le.Exception != "SyntaxError" || le.PyMessage != "invalid syntax" || le.Offset+1 != off {
			t.Errorf("Parse(%q) = %v, want SyntaxError: invalid syntax at %d", src, err, off)
		}
	}
}
