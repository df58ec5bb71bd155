package config

import (
	"slices"
	"testing"
)

// The expected values were printed by CPython 3 difflib (SequenceMatcher(None, a,
// b).ratio() and get_close_matches(word, possibilities, n=2)).
func TestMatchRatioLikeDifflib(t *testing.T) {
	cases := []struct {
		a, b string
		want float64
	}{
		{"bd aa", "ac_a_baa", 0.46153846153846156},
		{"daba_d", "", 0.0},
		{"ab  _a__d", "", 0.0},
		{"a_b", "db_a", 0.2857142857142857},
		{"c_ ba__ b", "a_ a_", 0.5714285714285714},
		{"", "bd _dcd_d", 0.0},
		{"cbb b", "_", 0.0},
		{"_dc ", "c_aa_db", 0.36363636363636365},
		{"bdda ", "_", 0.0},
		{"cc c_d_da", "c", 0.2},
		{"  aa  c", "_ dc d cad", 0.47058823529411764},
		{"b_ada", "cb ", 0.25},
		{"ddd", "b", 0.0},
		{"d_cbd_c", "c dbba", 0.3076923076923077},
		{"bb", "bad_bccabd", 0.3333333333333333},
		{"c__cb __", "  ad _dddd", 0.2222222222222222},
		{"d", "dababdbac_", 0.18181818181818182},
		{"", "a", 0.0},
		{"b_ac_aab_", "b cc_c", 0.4},
		{"aaddddc", "b", 0.0},
		{" ", " cd b", 0.3333333333333333},
		{"ab_cb _a", "c a c_cb", 0.5},
		{"b___c", "b_bbd bb_d", 0.4},
		{" aacd", "b _c", 0.4444444444444444},
		{" ccabab", "bcbd__a", 0.2857142857142857},
		{" c a ad", "dbd", 0.2},
		{"ca ddd a b", "ba", 0.16666666666666666},
		{"_d", "b__d cb__b", 0.3333333333333333},
		{"", "", 1.0},
		{"a_ bdbbacb", "_b_c", 0.42857142857142855},
		{"_dba", "d __d", 0.4444444444444444},
		{"b_b__adb", "abbbd_ a_", 0.35294117647058826},
		{"", " ___d", 0.0},
		{"_", "", 0.0},
		{"bca", "_", 0.0},
		{"_aadc__", "_b cd__d_", 0.5},
		{" _c", "bdbdaddc", 0.18181818181818182},
		{" ", "dab", 0.0},
		{"cab   cbcb", "b addb ", 0.35294117647058826},
		{"b d", "dcdbcca ", 0.36363636363636365},
		{"ac_dd", "", 0.0},
		{"c__c_a", "b", 0.0},
		{"a", "cabc", 0.4},
		{"d ", "db__", 0.3333333333333333},
		{"d caca bd", "c", 0.2},
		{"", "aca_bacada", 0.0},
		{"_dc_b", "", 0.0},
		{" babcabb", " c_b", 0.3333333333333333},
		{"d_ b", "caca", 0.0},
		{"", "", 1.0},
		{"_b_dbda ", "d d_d_c bb", 0.3333333333333333},
		{"b   b", "cabaa ", 0.36363636363636365},
		{"dbaa", "d_ c_b cad", 0.42857142857142855},
		{"bc", "accc_cb", 0.2222222222222222},
		{"", "bcba", 0.0},
		{"dadc_", "bb_aacabd_", 0.26666666666666666},
		{"", "acc ba", 0.0},
		{"_b  _dc d", "c ", 0.36363636363636365},
		{" ba _ d  ", "b___a _ ", 0.5882352941176471},
		{"  baaab ca", "d_a a ", 0.25},
		{"\u0661\u0662", "\uff11\uff12", 0.0},
		{"inductor", "Inductor", 0.875},
		{"abxcd", "abcd", 0.8888888888888888},
		{"abcd", "abxcd", 0.8888888888888888},
	}
	for _, c := range cases {
		if got := matchRatio([]rune(c.a), []rune(c.b)); got != c.want {
			t.Errorf("ratio(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	short := []string{"cudagraphs", "inductor", "onnxrt", "openxla", "tvm"}
	ties := []string{"abd", "abc", "abe", "xyz"}
	for _, c := range []struct {
		word string
		poss []string
		want []string
	}{
		{"inducto", short, []string{"inductor"}},
		{"Inductor", short, []string{"inductor"}},
		{"inductor ", short, []string{"inductor"}},
		{"cudagraph", short, []string{"cudagraphs"}},
		{"eagr", short, nil},
		{"aot_eagr", short, nil},
		{"bogus", short, nil},
		{"tvm_meta_schedule", short, nil},
		{"openxl", short, []string{"openxla"}},
		{"", short, nil},
		{"onnxrt", short, []string{"onnxrt"}},
		{"xla", short, []string{"openxla"}},
		{"tv", short, []string{"tvm"}},
		{"ab", ties, []string{"abe", "abd"}},
		{"abz", ties, []string{"abe", "abd"}},
	} {
		got := closeMatches(c.word, c.poss, 2, 0.6)
		if !slices.Equal(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("closeMatches(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}
