package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPassedParamInCallerScope: a value a call passes a parameter is read where that
// call is (unseen9 w05: LongLive's configure_module_call_torch_compile(…, backend:
// str = "inductor", fullgraph: bool = False, dynamic: bool | None = False) passes
// backend=backend, … to SafeCompiledCallable, whose __init__ puts them in its compile
// kwargs; they were read as __init__'s own parameters again and "not followed"), and a
// dict item of fullgraph is read as a keyword's is (flagChoices). The value is said
// open to a caller of the uncalled def that passes it on.
func TestPassedParamInCallerScope(t *testing.T) {
	t.Parallel()
	const safe = "import torch\nclass Safe:\n    def __init__(self, fn, *, backend: str = \"inductor\", fullgraph: bool = False, dynamic: bool | None = False):\n" +
		"        kw = {\"backend\": backend, \"fullgraph\": fullgraph, \"dynamic\": dynamic}\n        self.c = torch.compile(fn, **kw)\n"
	const inner = "import torch\ndef inner(fn, backend=\"inductor\", dynamic=False):\n    return torch.compile(fn, backend=backend, dynamic=dynamic)\n"
	cases := []struct {
		name, reason, src  string
		backend            string
		dynamic, fullgraph *bool
		open               bool // a note says a caller may pass another value
		unfollowed         bool
	}{
		{"ctor-same-names", "unseen9 w05: the uncalled def passes its own parameters of the same names",
			safe + "def configure(module, *, backend: str = \"inductor\", fullgraph: bool = False, dynamic: bool | None = False):\n" +
				"    return Safe(module, backend=backend, fullgraph=fullgraph, dynamic=dynamic)\n", "inductor", boolPtr(false), boolPtr(false), true, false},
		{"def-same-names", "a def of the file, by keyword, names alike",
			inner + "def outer(m, backend=\"inductor\", dynamic=True):\n    return inner(m, backend=backend, dynamic=dynamic)\n", "inductor", boolPtr(true), nil, true, false},
		{"def-positional-other-names", "positional, the caller's names differ",
			inner + "def outer(m, be=\"eager\", dyn=False):\n    return inner(m, be, dyn)\n", "eager", boolPtr(false), nil, true, false},
		{"ctor-literals", "lookalike: a call of literals is read as before, and not open",
			safe + "Safe(f, backend=\"inductor\", fullgraph=True, dynamic=False)\n", "inductor", boolPtr(false), boolPtr(true), false, false},
		{"ctor-uncalled", "lookalike: __init__ never called: its own defaults, open",
			safe, "inductor", boolPtr(false), boolPtr(false), true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := readOneSite(t, tc.src, tc.reason)
			st := s.Sites[0]
			require.NotNil(t, st.Backend, tc.reason)
			require.Equal(t, tc.backend, *st.Backend, tc.reason)
			require.Equal(t, tc.dynamic, st.Dynamic, tc.reason)
			require.Equal(t, tc.fullgraph, st.Fullgraph, tc.reason)
			require.Equal(t, tc.open, strings.Contains(strings.Join(st.Notes, "\n"), "can also be what a caller passes"), tc.reason+"\n"+strings.Join(st.Notes, "\n"))
			require.Equal(t, tc.unfollowed, len(st.Unfollowed) > 0, tc.reason)
		})
	}
}
