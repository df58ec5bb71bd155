package literal

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAsciiEscape pins ascii() of a repr: ASCII kept, \xhh, \uhhhh and \Uhhhhhhhh
// past it, as repr() escapes a character it does not show.
func TestAsciiEscape(t *testing.T) {
	for in, want := range map[string]string{
		`'a\n'`:        `'a\n'`,
		"'\u00e9'":     `'\xe9'`,
		"'\u2603'":     `'\u2603'`,
		"'\U0001d11e'": `'\U0001d11e'`,
		"\x7f\u0080":   "\x7f\\x80",
	} {
		require.Equal(t, want, asciiEscape(in), "%q", in)
	}
}
