package literal_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/config/literal"
)

// TestStringThenFString: a plain string literal followed by an f-string ('a' f'{1}',
// which Python joins into 'a1') is refused as not evaluated, as f'{1}' 'a' is, never as
// a SyntaxError Python does not raise (sweep9 finding 20: "Perhaps you forgot a
// comma?"); bytes followed by an f-string is Python's "cannot mix bytes and nonbytes
// literals".
func TestStringThenFString(t *testing.T) {
	t.Parallel()
	for _, src := range []string{`'a' f'{1}'`, `('a' f'{1}',)`, `"a" "b" F"{x}"`, `r'\d' rf'{1}'`, "('a'\n f'{1}')"} {
		_, err := literal.Parse(src)
		var le *literal.Error
		require.True(t, errors.As(err, &le), "%s: %v", src, err)
		require.NotEqual(t, "SyntaxError", le.Exception, "%s: %v", src, err)
		require.Contains(t, le.Msg, "an f-string joined to an adjacent string literal is not evaluated", src)
	}
	_, err := literal.Parse(`b'a' f'{1}'`)
	require.ErrorContains(t, err, "cannot mix bytes and nonbytes literals")
}
