package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestValueFlow: the values that can reach a site's mode, options and kwargs.
func TestValueFlow(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, reason, src string
		modes             []string // the candidate values ("None" for None); nil when the mode is a literal
		options           string   // the options planned ("" for none)
	}{
		{"partial-options", "the literal items of options= are kept",
			"import torch\nm = torch.compile(f, options={\"max_autotune\": True, \"triton.cudagraphs\": False, \"epilogue_fusion\": args.fuse})\n",
			nil, "{'max_autotune': True, 'triton.cudagraphs': False}"},
		{"comfyui", "a UI's choice list (INPUT_TYPES) reaches the parameter of the same name",
			`import torch
class Node:
    @classmethod
    def INPUT_TYPES(s):
        return {"required": {"model": ("MODEL",), "mode": (["default", "max-autotune", "reduce-overhead"], {"default": "default"})}}
    def patch(self, model, mode):
        return torch.compile(model, mode=mode)
`, []string{"default", "max-autotune", "reduce-overhead"}, ""},
		{"loop-self", "self.mode = mode inside a loop over a list of modes",
			`import torch
class Runner:
    def __init__(self, mode):
        self.mode = mode
    def build(self, model):
        return torch.compile(model, mode=self.mode)
for mode in ["max-autotune", "reduce-overhead"]:
    Runner(mode)
`, []string{"max-autotune", "reduce-overhead"}, ""},
		{"kwargs-default", "**self.compile_options whose default dict holds mode",
			`import torch
class T:
    def __init__(self, compile_options={"mode": "max-autotune", "fullgraph": True}):
        self.compile_options = compile_options
    def build(self, m):
        return torch.compile(m, **self.compile_options)
`, nil, ""},
		{"kwargs-not-literal", "a kwargs dict whose mode is a name",
			`import torch
MODE = "reduce-overhead"
opts = {"mode": MODE, "dynamic": False}
m = torch.compile(f, **opts)
`, []string{"reduce-overhead"}, ""},
		{"dataclass", "a dataclass field default",
			`import torch
from dataclasses import dataclass
@dataclass
class Cfg:
    compile_mode: str = "max-autotune-no-cudagraphs"
def build(cfg, m):
    return torch.compile(m, mode=cfg.compile_mode)
`, []string{"max-autotune-no-cudagraphs"}, ""},
		{"getattr", "getattr(torch, \"compile\") is torch.compile",
			"import torch\nm = getattr(torch, \"compile\")(f, mode=\"reduce-overhead\")\nc = getattr(torch, \"compile\")\nn = c(g)\n",
			nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("v.py", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Sites) == 0 {
				t.Fatalf("no site (%s)", tc.reason)
			}
			st := s.Sites[0]
			var modes []string
			if !st.ModeLiteral {
				for _, c := range st.ModeCandidates {
					v := "None"
					if c.Value != nil {
						v = *c.Value
					}
					modes = append(modes, v)
				}
			}
			if diff := cmp.Diff(tc.modes, modes); diff != "" {
				t.Errorf("candidates mismatch (-want +got) (%s):\n%s\nnotes %q", tc.reason, diff, st.Notes)
			}
			got := ""
			if st.Options != nil {
				got = *st.Options
			}
			if got != tc.options {
				t.Errorf("options = %q, want %q (%s)", got, tc.options, tc.reason)
			}
		})
	}
}
