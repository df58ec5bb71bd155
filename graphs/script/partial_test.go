package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestUnfollowedOptions: a site whose options dict could be followed only in part says
// which parts were not (sweep finding 3, s6_vllm_like.py), so that its plans read as
// partial; a dict followed whole says nothing.
func TestUnfollowedOptions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, src string
		want              []string
	}{
		{
			name: "splat-of-attribute", reason: "sweep s6: dict(cfg.x) of an object the reader cannot place",
			src: `import torch
def build(cfg, model):
    opts = dict(cfg.inductor_compile_config)
    opts["epilogue_fusion"] = False
    return torch.compile(model, options=opts)
`,
			want: []string{"options: **cfg.inductor_compile_config"},
		},
		{
			name: "dataclass-default-factory", reason: "sweep s6: dict(cfg.x), cfg annotated with a dataclass whose field x is field(default_factory=lambda: {…}): followed",
			src: `import torch
from dataclasses import dataclass, field
@dataclass
class CompilationConfig:
    inductor_compile_config: dict = field(default_factory=lambda: {"triton.cudagraphs": True, "max_autotune": 1})
def build(cfg: CompilationConfig, model):
    opts = dict(cfg.inductor_compile_config)
    opts["epilogue_fusion"] = False
    return torch.compile(model, options=opts)
`,
		},
		{
			name: "literal-dict", reason: "a dict followed whole is not partial",
			src: `import torch
opts = {"max_autotune": True}
opts["epilogue_fusion"] = False
fn = torch.compile(model, options=opts)
`,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, _ := oneSite(t, tc.src)
			if tc.name == "dataclass-default-factory" && (st.Options == nil || !strings.Contains(*st.Options, "'max_autotune': 1")) {
				t.Errorf("options %v: want the field's default_factory items (%s)", st.Options, tc.reason)
			}
			if diff := cmp.Diff(tc.want, st.Unfollowed); diff != "" {
				t.Errorf("Unfollowed (-want +got) (%s):\n%s\nnotes %q", tc.reason, diff, st.Notes)
			}
		})
	}
}
