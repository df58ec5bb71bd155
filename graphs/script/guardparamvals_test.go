package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGuardParamValues: a site whose def the file calls from several places names, with
// the other callers' note, what each call passes the parameters the site's guards in
// that def test (unseen9 w15: diffusers' _run_phase is called with compile_kwargs=None,
// then with scenario.compile_kwargs, and compiles only under `if compile_kwargs:`; the
// guard said is the first call's, which cannot reach the site).
func TestGuardParamValues(t *testing.T) {
	t.Parallel()
	const phase = "import torch\ndef phase(m, compile_kwargs=None, n=1):\n    if compile_kwargs and n > 0:\n        m.compile(**compile_kwargs)\n"
	cases := []struct {
		name, reason, src, want string // want "": no such note
	}{
		{"keywords", "unseen9 w15: None first, then a value",
			phase + "def run(m, s):\n    phase(m, compile_kwargs=None)\n    if s.kw:\n        phase(m, compile_kwargs=s.kw)\n",
			"compile_kwargs = None (line 6), s.kw (line 8)"},
		{"positional", "the same by position, both parameters the guard tests",
			phase + "def run(m, s):\n    phase(m, None, 0)\n    phase(m, s.kw, 2)\n",
			"compile_kwargs = None (line 6), s.kw (line 7); n = 0 (line 6), 2 (line 7)"},
		{"lookalike-one-call", "one call: its guard is the site's, nothing more to say",
			phase + "def run(m, s):\n    phase(m, compile_kwargs=s.kw)\n", ""},
		{"lookalike-no-param-guard", "a guard that tests no parameter",
			"import torch\nFLAG = True\ndef phase(m):\n    if FLAG:\n        torch.compile(m)\ndef run(m):\n    phase(m)\n    phase(m)\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := readOneSite(t, tc.src, tc.reason)
			var got string
			for _, n := range s.Sites[0].Notes {
				if _, v, ok := strings.Cut(n, "guards in def phase test: "); ok {
					got = v
				}
			}
			require.Equal(t, tc.want, got, tc.reason+"\n"+strings.Join(s.Sites[0].Notes, "\n"))
		})
	}
}
