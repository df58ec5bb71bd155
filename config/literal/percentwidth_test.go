package literal_test

import (
	"testing"

	"github.com/compilemode/compilemode/config/pyver"
	"github.com/stretchr/testify/require"
)

// TestPercentWidthTooBig: a %-format width or precision past Py_ssize_t raises
// Python's ValueError (bytes words its precision "prec"), as measured on
// 3.8.18-3.14.10 (testdata/percentwidth: probe.py, output.txt); a width past
// MaxSeqLen names the width written (it had been cut to its first digits:
// '%0999999999d' said 9999999). Found by hostile2.
func TestPercentWidthTooBig(t *testing.T) {
	t.Parallel()
	v, err := pyver.Parse("3.13")
	require.NoError(t, err)
	py := pyver.MustFor(v)
	cases := []struct{ src, want string }{
		{"'%099999999999999999999999999999d' % 1", "!ValueError: width too big"},
		{"b'%099999999999999999999999999999d' % 1", "!ValueError: width too big"},
		{"'%.99999999999999999999999f' % 1.5", "!ValueError: precision too big"},
		{"b'%.99999999999999999999999f' % 1.5", "!ValueError: prec too big"},
		{"'%9223372036854775808d' % 1", "!ValueError: width too big"},
		{"'%0999999999d' % 1", "?the result would hold 999999999 items, more than the limit of 1048576 (the library evaluates constant expressions only)"},
		{"'%5.2f|%-3d' % (1.5, 2)", "' 1.50|2  '"},
	}
	for _, tc := range cases {
		require.Equal(t, tc.want, answer(tc.src, py), tc.src)
	}
}
