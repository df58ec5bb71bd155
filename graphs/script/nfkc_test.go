package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNFKCNames: identifiers are compared in NFKC, as PEP 3131 and CPython's parser
// do (nfkc.go; hostile29 P1, each case checked with python3.11.7): a fullwidth or
// ligature spelling of a name, attribute, keyword argument or import name is that
// name. Lookalikes: string literals keep their text (a fullwidth mode string is no
// mode), a name whose NFKC is a hard keyword stays a name of its own, and the site's
// Col counts the bytes as written (ast col_offset).
func TestNFKCNames(t *testing.T) {
	t.Parallel()
	const lin = "torch.nn.Linear(2, 2).cuda()"
	cases := []struct {
		name, reason, src string
		mode              string // the site's mode or first candidate ("": none)
		global            string // the first global's key ("": none)
		col               int    // the site's Col (0: not checked)
	}{
		{name: "attribute", reason: "c.ｍａｘ_ａｕｔｏｔｕｎｅ = True sets max_autotune",
			src: "import torch\nimport torch._inductor.config as c\nc.ｍａｘ_ａｕｔｏｔｕｎｅ = True\nm = torch.compile(" + lin + ")\n", global: "max_autotune"},
		{name: "call", reason: "ｔｏｒｃｈ.ｃｏｍｐｉｌｅ is torch.compile",
			src: "import torch\nm = ｔｏｒｃｈ.ｃｏｍｐｉｌｅ(" + lin + ", mode=\"reduce-overhead\")\n", mode: "reduce-overhead"},
		{name: "import-as", reason: "import torch as ｔｏｒｃｈ binds torch",
			src: "import torch as ｔｏｒｃｈ\nm = torch.compile(" + lin + ", mode=\"max-autotune\")\n", mode: "max-autotune"},
		{name: "from-import", reason: "from ｔｏｒｃｈ import ｃｏｍｐｉｌｅ imports torch.compile",
			src: "from ｔｏｒｃｈ import ｃｏｍｐｉｌｅ\nimport torch\nm = compile(" + lin + ", mode=\"max-autotune\")\n", mode: "max-autotune"},
		{name: "keyword-argument", reason: "ｍｏｄｅ= passes mode=",
			src: "import torch\nm = torch.compile(" + lin + ", ｍｏｄｅ=\"reduce-overhead\")\n", mode: "reduce-overhead"},
		{name: "assigned-name", reason: "ｍｏｄｅ = … binds mode",
			src: "import torch\nｍｏｄｅ = \"max-autotune\"\nm = torch.compile(" + lin + ", mode=mode)\n", mode: "max-autotune"},
		{name: "ligature", reason: "ﬁ = … binds fi",
			src: "import torch\nﬁ = \"reduce-overhead\"\nm = torch.compile(" + lin + ", mode=fi)\n", mode: "reduce-overhead"},
		{name: "col-as-written", reason: "Col counts the bytes of the fullwidth name before the site (python3.11 ast col_offset 13: ｙ is 3 bytes)",
			src: "import torch\nｙ = 1; z = torch.compile(" + lin + ")\n", col: 14},
		{name: "string-kept", reason: "a string literal is not an identifier: \"ｍａｘ-ａｕｔｏｔｕｎｅ\" stays as written",
			src: "import torch\nm = torch.compile(" + lin + ", mode=\"ｍａｘ-ａｕｔｏｔｕｎｅ\")\n", mode: "ｍａｘ-ａｕｔｏｔｕｎｅ"},
		{name: "keyword-kept", reason: "Ｔｒｕｅ is a name (CPython binds a variable named True): the file still reads",
			src: "import torch\nＴｒｕｅ = \"x\"\nm = torch.compile(" + lin + ")\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := readOneSite(t, c.src, c.reason)
			st := s.Sites[0]
			got := ""
			switch {
			case st.Mode != nil:
				got = *st.Mode
			case len(st.ModeCandidates) > 0:
				if v := st.ModeCandidates[0].Value; v != nil {
					got = *v
				}
			}
			if c.mode != "" {
				require.Equal(t, c.mode, strings.Trim(got, "'\""), c.reason)
			}
			if c.global != "" {
				require.NotEmpty(t, s.Globals, c.reason)
				require.Equal(t, c.global, s.Globals[0].Key, c.reason)
				for _, w := range s.Warnings {
					require.NotContains(t, w.Message, "does not exist", c.reason)
				}
			}
			if c.col != 0 {
				require.Equal(t, c.col, st.Col, c.reason)
			}
		})
	}
}
