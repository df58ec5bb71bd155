package literal_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
)

// TestBuiltinNotNameError: a name a script finds in builtins (builtins.txt, per
// version) is refused as not evaluated, naming it; any other name is NameError.
func TestBuiltinNotNameError(t *testing.T) {
	cases := []struct {
		py, src string
		exc     string // "" for a refusal of our own
		msg     string
	}{
		{"3.13", "{'max_autotune': int('1')}", "", "the builtin int is not evaluated"},
		{"3.14", "len('x')", "", "the builtin len is not evaluated"},
		{"3.8", "dict(a=1)", "", "the builtin dict is not evaluated"},
		{"3.12", "ｉｎｔ", "", "the builtin int is not evaluated"},
		{"3.10", "aiter", "", "the builtin aiter is not evaluated"},
		{"3.9", "aiter", "NameError", "name 'aiter' is not defined"},
		{"3.14", "integer", "NameError", "name 'integer' is not defined"},
		{"3.14", "[int for int in (1,)]", "", ""},
	}
	for _, c := range cases {
		t.Run(c.py+" "+c.src, func(t *testing.T) {
			v, err := pyver.Parse(c.py)
			require.NoError(t, err)
			_, err = literal.ParseFor(c.src, pyver.MustFor(v))
			if c.msg == "" {
				require.NoError(t, err)
				return
			}
			var le *literal.Error
			require.True(t, errors.As(err, &le), "%v", err)
			require.Equal(t, c.exc, le.Exception)
			require.Contains(t, err.Error(), c.msg)
		})
	}
}
