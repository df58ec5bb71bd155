package literal_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/config/literal"
)

// TestIdentifiers pins Python's reading of non-ASCII names: a character that cannot
// be part of an identifier is a SyntaxError (printable or not), and a name is
// NFKC-normalised before NameError, or ValueError when it becomes a constant.
// Each want is what Python 3.13.5 and 3.14.10 raise for the same text
// (testdata/torch/*-debian/calls3.json "opt unicode epilogue_fusion=…").
func TestIdentifiers(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, exc, msg string }{
		{"{'a': True\u00a0}", "SyntaxError", "invalid non-printable character U+00A0"},
		{"{'a': \u3000True}", "SyntaxError", "invalid non-printable character U+3000"},
		{"{'a': 1\u200b}", "SyntaxError", "invalid non-printable character U+200B"},
		{"{'a': \u0661}", "SyntaxError", "invalid character '\u0661' (U+0661)"},
		{"{'a': \uff11}", "SyntaxError", "invalid character '\uff11' (U+FF11)"},
		{"{'a': \ufb01}", "NameError", "name 'fi' is not defined"},
		{"{'a': \uff34rue}", "ValueError", "identifier field can't represent 'True' constant"},
		{"{'a': Tru\u0435}", "NameError", "name 'Tru\u0435' is not defined"},
		{"x\u0661", "NameError", "name 'x\u0661' is not defined"},
	}
	for _, tc := range tests {
		_, err := literal.Parse(tc.in)
		var le *literal.Error
		require.True(t, errors.As(err, &le), "%q: %v", tc.in, err)
		require.Equal(t, tc.exc+": "+tc.msg, le.Exception+": "+le.PyMessage, tc.in)
	}
}
