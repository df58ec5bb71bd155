package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBackendFromOwnDef: a backend name the site's def assigns once from a call of a
// def of the file is said to be what that def returns, not a value the file does not
// show (unseen8 w01: backend = _maybe_regional_inductor_backend(model,
// compile_config.backend)); a name from a call of another module's function, or
// assigned twice, keeps "whose value this file does not show".
func TestBackendFromOwnDef(t *testing.T) {
	t.Parallel()
	const pick = "import torch\nfrom lib import other\ndef pick(b):\n    return b\n"
	cases := []struct{ name, src, want string }{
		{"own def", pick + "def apply(m, cfg):\n    backend = pick(cfg.backend)\n    m.compile(backend=backend)\n",
			"backend is not a literal: `backend`, what def pick (line 3) returns (assigned at line 6), which this reader does not follow"},
		{"another module's", pick + "def apply(m, cfg):\n    backend = other(cfg.backend)\n    m.compile(backend=backend)\n",
			"backend is not a literal: `backend`, whose value this file does not show"},
		{"assigned twice", pick + "def apply(m, cfg):\n    backend = pick(cfg.backend)\n    if cfg.x:\n        backend = other(1)\n    m.compile(backend=backend)\n",
			"backend is not a literal: `backend`, whose value this file does not show"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, _ := oneSite(t, tc.src)
			require.Contains(t, strings.Join(st.Notes, "\n"), tc.want)
		})
	}
}
