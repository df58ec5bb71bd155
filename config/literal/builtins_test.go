package literal_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
)

// TestBuiltinNotNameError: a name a script finds in builtins (builtins.txt, per
// version) is never a NameError: evaluated (evalbuiltins.go) or refused as not
// evaluated, naming it; any other name is NameError.
func TestBuiltinNotNameError(t *testing.T) {
	cases := []struct {
		py, src string
		exc     string // "" for a refusal of our own
		msg     string
	}{
		{"3.13", "{'max_autotune': int('1')}", "", ""},
		{"3.14", "len('x')", "", ""},
		{"3.8", "dict(a=1)", "", ""},
		{"3.13", "frozenset()", "", ""},
		{"3.13", "print(1)", "", "the builtin print is not evaluated"},
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

// TestBuiltinLimits: builtin calls count against MaxSteps, a typed limit, never a hang.
func TestBuiltinLimits(t *testing.T) {
	v, err := pyver.Parse("3.14")
	require.NoError(t, err)
	for _, src := range []string{
		"sum([[1] * 1000] * 3000, [])",
		"sorted(['a' * 100000] * 1000)",
		"max(['a' * 1000000] * 100)",
		"[list('a' * 100000) for x in 'a' * 20]",
		"pow(3, 2 ** 60000, 2 ** 60000 + 1)",
		"list(x for x in 'a' * 600000 for y in 'ab')",
		"sorted(reversed([x for x in 'a' * 600000 for y in 'ab']))",
		"sum(range(10 ** 6)) + sum(range(10 ** 6))",
	} {
		_, err := literal.ParseFor(src, pyver.MustFor(v))
		var lim *inputerr.LimitError
		require.True(t, errors.As(err, &lim), "%s: %v", src, err)
		require.Equal(t, "literal.MaxSteps", lim.Limit)
	}
}

// TestBuiltinIntLimits: int(x, base) and round(n, -k) never build an int past
// MaxIntBits (a typed limit; Python computes 10 ** 10 ** 30 for ever).
func TestBuiltinIntLimits(t *testing.T) {
	v, err := pyver.Parse("3.13")
	require.NoError(t, err)
	for _, src := range []string{"int('f' * 100000, 16)", "int('0b' + '1' * 70000, 0)", "round(5, -10 ** 30)", "round(5, -100000)"} {
		_, err := literal.ParseFor(src, pyver.MustFor(v))
		var lim *inputerr.LimitError
		require.True(t, errors.As(err, &lim), "%s: %v", src, err)
		require.Equal(t, "literal.MaxIntBits", lim.Limit)
	}
}

// TestRangeLimits: a range of any length costs nothing until it is iterated, which
// stops at MaxSeqLen, a typed limit (Python would allocate list(range(10 ** 18))).
func TestRangeLimits(t *testing.T) {
	v, err := pyver.Parse("3.13")
	require.NoError(t, err)
	py := pyver.MustFor(v)
	for src, want := range map[string]string{"len(range(10 ** 18))": "1000000000000000000", "10 ** 17 in range(10 ** 18)": "True",
		"range(10 ** 18)[::-3][5]": "999999999999999984", "range(2 ** 100) == range(0, 2 ** 100, 1)": "True"} {
		got, err := literal.ParseFor(src, py)
		require.NoError(t, err, src)
		require.Equal(t, want, got.String(), src)
	}
	for _, src := range []string{"[x for x in range(10 ** 18)]", "list(range(10 ** 7))", "[*range(2 ** 64)]", "sorted(reversed(range(10 ** 9)))"} {
		_, err := literal.ParseFor(src, py)
		var lim *inputerr.LimitError
		require.True(t, errors.As(err, &lim), "%s: %v", src, err)
		require.Equal(t, "literal.MaxSeqLen", lim.Limit)
	}
}
