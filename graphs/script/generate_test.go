package script

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestGenerateAutoCompile: transformers' generate compiles the model's forward
// itself with a static cache, mode "reduce-overhead" unless compile_config says
// another (sweep4 finding 16: "no torch.compile site found").
func TestGenerateAutoCompile(t *testing.T) {
	t.Parallel()
	const head = "import torch\nfrom transformers import AutoModelForCausalLM, CompileConfig, StaticCache\nmodel = AutoModelForCausalLM.from_pretrained(\"m\").cuda()\n"
	cases := []struct {
		name, reason, src string
		want              []string // line kind mode
	}{
		{"static", "hF2_hf_static_simple.py", "out = model.generate(ids, cache_implementation=\"static\")\n", []string{"4 framework reduce-overhead"}},
		{"generation-config", "hF1: the generation config's cache, then generate", "model.generation_config.cache_implementation = \"static\"\nout = model.generate(ids)\n", []string{"4 framework reduce-overhead"}},
		{"compile-config", "CompileConfig(mode=…) gives the mode", "out = model.generate(ids, cache_implementation=\"static\", compile_config=CompileConfig(mode=\"max-autotune\"))\n", []string{"4 framework max-autotune"}},
		{"static-cache-object", "past_key_values=StaticCache(…)", "out = model.generate(ids, past_key_values=StaticCache(config=model.config, max_cache_len=64))\n", []string{"4 framework reduce-overhead"}},
		{"disable-compile", "disable_compile=True: no compile", "out = model.generate(ids, cache_implementation=\"static\", disable_compile=True)\n", nil},
		{"dynamic-cache", "the default cache does not compile", "out = model.generate(ids, cache_implementation=\"dynamic\")\n", nil},
		{"twice", "one site per model: its second generate is a call of it", "a = model.generate(ids, cache_implementation=\"static\")\nb = model.generate(ids, cache_implementation=\"static\")\n", []string{"4 framework reduce-overhead"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("g.py", []byte(head+tc.src))
			require.NoError(t, err)
			var got []string
			for _, st := range s.Sites {
				m := "<none>"
				if st.Mode != nil {
					m = *st.Mode
				}
				got = append(got, fmt.Sprintf("%d %s %s", st.Line, st.Kind, m))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: sites (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
	s, err := readBytes("g.py", []byte("import torch\nmodel = load()\nout = model.generate(ids, cache_implementation=\"static\")\n"))
	require.NoError(t, err)
	require.Empty(t, s.Sites, "a file that does not import transformers: another generate")
}
