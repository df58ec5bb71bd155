package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestKeywordFromFieldDefault: a backend given by an attribute whose dataclass field
// has a default is followed to it, as the mode beside it is, directly and through a
// **kwargs dict (built, or built and changed); what a **dict's item is read as is not
// also said to be unread (sweep4 findings 5 and 6: lerobot's RTC eval script and
// molmoact2's _apply_compile).
func TestKeywordFromFieldDefault(t *testing.T) {
	t.Parallel()
	const cfg = "from dataclasses import dataclass, field\n@dataclass\nclass Cfg:\n" +
		"    backend: str = field(default=\"aot_eager\", metadata={\"help\": \"b\"})\n" +
		"    mode: str = field(default=\"default\")\n" +
		"class R:\n    def __init__(self, cfg):\n        self.cfg = cfg\n    def run(self, fn, flag):\n"
	cases := []struct {
		name, reason, body string
		backend            string // "" = not followed
		unfollowed         bool
	}{
		{name: "keyword", reason: "backend=self.cfg.backend",
			body: "        return torch.compile(fn, backend=self.cfg.backend, mode=self.cfg.mode)\n", backend: "aot_eager"},
		{name: "splat", reason: "a dict display in a name",
			body: "        kw = {\"backend\": self.cfg.backend, \"mode\": self.cfg.mode}\n        return torch.compile(fn, **kw)\n", backend: "aot_eager"},
		{name: "splat-changed", reason: "r02: the dict changed under a guard",
			body: "        kw = {\"backend\": self.cfg.backend, \"mode\": self.cfg.mode}\n        if flag:\n            kw[\"options\"] = {\"triton.cudagraphs\": False}\n        return torch.compile(fn, **kw)\n", backend: "aot_eager"},
		{name: "unknown", reason: "a value the file does not show stays unread",
			body: "        kw = {\"backend\": pick(), \"mode\": self.cfg.mode}\n        return torch.compile(fn, **kw)\n", unfollowed: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("f.py", []byte("import torch\n"+cfg+tc.body+"R(Cfg()).run(lambda x: x, True)\n"))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1, tc.reason)
			st := s.Sites[0]
			got := ""
			if st.Backend != nil {
				got = *st.Backend
			}
			require.Equal(t, tc.backend, got, "%s: notes %q", tc.reason, st.Notes)
			require.Equal(t, tc.unfollowed, len(st.Unfollowed) > 0, "%s: %q", tc.reason, st.Unfollowed)
			for _, n := range st.Notes {
				if strings.Contains(n, "not read (not literals)") || strings.Contains(n, "not followed") {
					require.True(t, tc.unfollowed, "%s: note %q", tc.reason, n)
				}
			}
		})
	}
}

// TestSplatReadOptionsNotUnread: a **dict's options item read from the dict its name
// is bound to is not also said to be unread (r14 molmoact2: two contradicting notes).
func TestSplatReadOptionsNotUnread(t *testing.T) {
	t.Parallel()
	src := "import torch\ncompile_options = {\"emulate_precision_casts\": True}\n" +
		"compile_kwargs = {\"mode\": \"default\", \"options\": compile_options}\nm = torch.compile(f, **compile_kwargs)\n"
	s, err := readBytes("o.py", []byte(src))
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	require.NotNil(t, s.Sites[0].Options)
	for _, n := range s.Sites[0].Notes {
		require.NotContains(t, n, "not read (not literals)")
	}
	require.Empty(t, s.Sites[0].Unfollowed)
}
