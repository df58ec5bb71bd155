package literal

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNonFiniteText pins the % conversions' inf and nan: format()'s spellings
// (upper case for F, E, G) with -inf's sign, as the code wrote them before the
// two shared nonFiniteBody.
func TestNonFiniteText(t *testing.T) {
	for _, tc := range []struct {
		f    float64
		conv rune
		want string
	}{
		{math.Inf(1), 'f', "inf"},
		{math.Inf(-1), 'f', "-inf"},
		{math.Inf(-1), 'E', "-INF"},
		{math.Inf(1), 'G', "INF"},
		{math.NaN(), 'e', "nan"},
		{math.NaN(), 'F', "NAN"},
	} {
		require.Equal(t, tc.want, nonFiniteText(tc.f, tc.conv), "%v %c", tc.f, tc.conv)
	}
}
