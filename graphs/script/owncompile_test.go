package script

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestOwnCompileMethod: obj.compile(…) of an object whose class the file defines
// with its own compile runs that method (Python's attribute lookup finds it before
// nn.Module.compile), so it is no site; the torch.compile inside it is, planned with
// what the call binds (sweep4 finding 17: hK4 was two sites, hK3 a site that
// compiles nothing).
func TestOwnCompileMethod(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, src string
		want              []string // each site's line and kind, with its modes
	}{
		{"wrapper-compile", "hK4_wrapper_method.py: the method's torch.compile is the site, with the caller's mode", `import torch
import torch.nn as nn
class Engine:
    def __init__(self):
        self.model = nn.Linear(8, 8).cuda()
    def compile(self, mode="max-autotune-no-cudagraphs"):
        self.model = torch.compile(self.model, mode=mode)
        return self
eng = Engine()
eng.compile(mode="reduce-overhead")
`, []string{"7 call [reduce-overhead]"}},
		{"builder-compile", "hK3_sympy.py: a compile that is not torch's is no site", `import torch
class Builder:
    def compile(self, mode="fast"):
        return self
b = Builder()
b.compile(mode="reduce-overhead")
`, nil},
		{"base-compile", "a base of the file defines compile: the subclass's instances run it", `import torch
class Base:
    def compile(self, mode="fast"):
        return self
class Sub(Base):
    pass
s = Sub()
s.compile(mode="reduce-overhead")
`, nil},
		{"module-subclass", "an nn.Module subclass without its own compile: nn.Module.compile, a site", `import torch
import torch.nn as nn
class Net(nn.Module):
    def forward(self, x):
        return x
net = Net()
net.compile(mode="reduce-overhead")
`, []string{"7 method [reduce-overhead]"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("o.py", []byte(tc.src))
			require.NoError(t, err)
			var got []string
			for _, st := range s.Sites {
				modes := []string{}
				if st.Mode != nil {
					modes = append(modes, *st.Mode)
				}
				for _, c := range st.ModeCandidates {
					if c.Value != nil {
						modes = append(modes, *c.Value)
					}
				}
				got = append(got, fmt.Sprintf("%d %s %v", st.Line, st.Kind, modes))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: sites (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}
