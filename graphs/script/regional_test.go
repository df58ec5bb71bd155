package script

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestRegionalCompile: diffusers' compile_repeated_blocks and accelerate's
// compile_regions compile a model's repeated blocks with the keywords given, so each
// call is a site of kind framework with them (sweep4 finding 18: "no torch.compile
// site found").
func TestRegionalCompile(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, src string
		want              []string // line kind mode
		warn              bool
	}{
		{"diffusers", "hR1_regional.py", `import torch
from diffusers import FluxPipeline
pipe = FluxPipeline.from_pretrained("x").to("cuda")
pipe.transformer.compile_repeated_blocks(fullgraph=True, mode="reduce-overhead")
`, []string{"4 framework reduce-overhead"}, true},
		{"accelerate", "accelerate's compile_regions(module, **kw)", `import torch
from accelerate.utils import compile_regions
model = compile_regions(net, mode="max-autotune")
`, []string{"3 framework max-autotune"}, true},
		{"own-method", "a class of the file that defines compile_repeated_blocks: the method runs", `import torch
class M:
    def compile_repeated_blocks(self, mode=None):
        return self
m = M()
m.compile_repeated_blocks(mode="reduce-overhead")
`, nil, false},
		{"positional", "a positional argument is not torch.compile's: not this method", `import torch
x.compile_repeated_blocks("a")
`, nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("g.py", []byte(tc.src))
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
			if hasWarning(s, WarningFrameworkCompile, "") != tc.warn {
				t.Errorf("%s: framework-compile warning %v, want %v: %v", tc.reason, !tc.warn, tc.warn, s.Warnings)
			}
		})
	}
}
