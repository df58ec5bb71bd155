package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCompilerEntryLoadsConfig: the public torch.compiler entry points that load
// torch._inductor.config (testdata/measured/compiler_entry_config.out, 2.6.0 and
// 2.14.1), as decorators, with blocks and calls, make a later TORCHINDUCTOR_* set
// too late (env-after-import, not applied); is_compiling() and a bare attribute do
// not (sweep6 finding 6).
func TestCompilerEntryLoadsConfig(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, form string
		loads      bool
	}{
		{"disable-decorator", "@torch.compiler.disable\ndef helper(x):\n    return x\n", true},
		{"disable-decorator-call", "@torch.compiler.disable(recursive=False)\ndef helper(x):\n    return x\n", true},
		{"allow-in-graph-decorator", "@torch.compiler.allow_in_graph\ndef helper(x):\n    return x\n", true},
		{"disable-class-decorator", "@torch.compiler.disable\nclass Helper:\n    pass\n", true},
		{"disable-call", "def helper(x):\n    return x\nh = torch.compiler.disable(helper)\n", true},
		{"set-stance", "torch.compiler.set_stance(\"default\")\n", true},
		{"set-stance-with", "with torch.compiler.set_stance(\"force_eager\"):\n    pass\n", true},
		{"set-stance-imported", "from torch.compiler import set_stance\nset_stance(\"default\")\n", true},
		{"mark-step", "torch.compiler.cudagraph_mark_step_begin()\n", true},
		{"assume-constant", "g = torch.compiler.assume_constant_result(lambda: 1)\n", true},
		{"list-backends", "print(torch.compiler.list_backends())\n", true},
		{"wrap-numpy", "g = torch.compiler.wrap_numpy(lambda x: x)\n", true},
		{"is-compiling", "print(torch.compiler.is_compiling())\n", false},
		{"bare-attribute", "d = torch.compiler.disable\n", false},
		{"other-decorator", "@functools.lru_cache\ndef helper(x):\n    return x\n", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import os, functools\nimport torch\n" + tc.form + "os.environ[\"TORCHINDUCTOR_CUDAGRAPHS\"] = \"1\"\nm = torch.compile(model)\n"
			s, err := readBytes("e.py", []byte(src))
			require.NoError(t, err)
			require.Len(t, s.Env, 1)
			require.Equal(t, tc.loads, s.Env[0].AfterImport, "%s", src)
			sc, ok := s.Scenario(len(s.Sites)-1, zeroScenario)
			require.True(t, ok)
			_, set := sc.Env["TORCHINDUCTOR_CUDAGRAPHS"]
			require.Equal(t, !tc.loads, set)
		})
	}
}
