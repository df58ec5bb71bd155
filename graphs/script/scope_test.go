package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs"
)

// TestScopedCandidates: a non-literal mode gets the values of the right class and
// function, not every value of that name in the file (issue 22 item 3).
func TestScopedCandidates(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, reason, src string
		line              int      // the site's line
		want              []string // candidate values ("None" for None)
	}{
		{"self-same-class", "self.mode of the site's class, not of another class", `import torch
class A:
    def __init__(self):
        self.mode = "reduce-overhead"
    def build(self, m):
        return torch.compile(m, mode=self.mode)
class B:
    def __init__(self):
        self.mode = "max-autotune"
`, 6, []string{"reduce-overhead"}},
		{"self-base", "a class attribute of a base class defined in the file", `import torch
class Base:
    mode = "max-autotune"
class Other:
    mode = "default"
class Child(Base):
    def build(self, m):
        return torch.compile(m, mode=self.mode)
`, 8, []string{"max-autotune"}},
		{"default-right-function", "the default of the function whose parameter reaches the call", `import torch
def build_a(m, mode="reduce-overhead"):
    return torch.compile(m, mode=mode)
def build_b(m, mode="max-autotune"):
    return torch.compile(m, mode=mode)
`, 3, []string{"reduce-overhead"}},
		{"call-args", "the arguments of the calls of that function, by position and keyword", `import torch
def build(m, mode):
    return torch.compile(m, mode=mode)
def other(mode="default"):
    pass
build(net, "max-autotune")
build(net, mode=None)
`, 3, []string{"max-autotune", "None"}},
		{"dataclass-instance", "the field of the class whose instance is used, its keyword at construction replacing its default (sweep9 #7: the only construction passes compile_mode, so the default never reaches)", `import torch
from dataclasses import dataclass
@dataclass
class TrainCfg:
    compile_mode: str = "max-autotune"
@dataclass
class EvalCfg:
    compile_mode: str = "reduce-overhead"
cfg = TrainCfg(compile_mode="default")
m = torch.compile(f, mode=cfg.compile_mode)
`, 10, []string{"default"}},
		{"annotated-param", "a parameter annotated with a class of the file", `import torch
class TrainCfg:
    compile_mode = "max-autotune"
class EvalCfg:
    compile_mode = "reduce-overhead"
def build(cfg: EvalCfg, m):
    return torch.compile(m, mode=cfg.compile_mode)
`, 7, []string{"reduce-overhead"}},
		{"local-shadows-module", "a local of the def hides the module name", `import torch
MODE = "max-autotune"
def build(m):
    MODE = "default"
    return torch.compile(m, mode=MODE)
`, 5, []string{"default"}},
		{"module-name", "a def reading a module name", `import torch
MODE = "max-autotune"
def build(m):
    return torch.compile(m, mode=MODE)
def other():
    MODE = "default"
`, 4, []string{"max-autotune"}},
		{"unknown-owner", "an attribute of an object of unknown class: every value of that name (argparse)", `import argparse, torch
p = argparse.ArgumentParser()
p.add_argument("--compile-mode", default="default", choices=["default", "reduce-overhead"])
args = p.parse_args()
m = torch.compile(f, mode=args.compile_mode)
`, 5, []string{"default", "reduce-overhead"}},
		{"if-else-literals", "a conditional expression of literals (fish-speech inference.py)", `import torch
m = torch.compile(f, mode="default" if torch.cuda.is_available() else None)
`, 2, []string{"default", "None"}},
		{"field-default-through-self", "self.cfg = cfg (annotated) then self.cfg.X: the dataclass field(default=…) (lerobot rtc eval_dataset.py)", `import torch
from dataclasses import dataclass, field
@dataclass
class EvalCfg:
    torch_compile_mode: str = field(default="default", metadata={"help": "…"})
@dataclass
class OtherCfg:
    torch_compile_mode: str = "max-autotune"
class Evaluator:
    def __init__(self, cfg: EvalCfg):
        self.cfg = cfg
    def run(self, f):
        kw = {"mode": self.cfg.torch_compile_mode}
        return torch.compile(f, **kw)
`, 14, []string{"default"}},
		{"init-param-to-self", "C(x) reaches __init__'s parameter, then self.mode; every call passes mode, so its default never runs (sweep4 #17)", `import torch
class Runner:
    def __init__(self, m, mode="default"):
        self.mode = mode
    def build(self):
        return torch.compile(self.m, mode=self.mode)
r = Runner(net, "max-autotune")
`, 6, []string{"max-autotune"}},
		{"init-param-default-used", "one call passes mode, another does not: the default runs too", `import torch
class Runner:
    def __init__(self, m, mode="default"):
        self.mode = mode
    def build(self):
        return torch.compile(self.m, mode=self.mode)
r = Runner(net, "max-autotune")
r2 = Runner(net)
`, 6, []string{"default", "max-autotune"}},
		{"method-call-binds", "obj.m(mode=…) of an object of a class of the file binds m's parameter (sweep4 #17 hK5_wrapper_build.py)", `import torch
class Engine:
    def build(self, mode="max-autotune-no-cudagraphs"):
        self.model = torch.compile(self.model, mode=mode)
eng = Engine()
eng.build(mode="reduce-overhead")
`, 4, []string{"reduce-overhead"}},
		{"splat-call-keeps-default", "a call with **kwargs may not pass mode: the default stays", `import torch
def build(m, mode="default"):
    return torch.compile(m, mode=mode)
build(net, mode="max-autotune")
build(net, **cfg)
`, 3, []string{"default", "max-autotune"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("s.py", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			s, err = s.Planned(graphs.Scenario{}, nil) // every path a site's candidates take

			if err != nil {
				t.Fatal(err)
			}
			var got []string
			found := false
			for _, st := range s.Sites {
				if st.Line != tc.line {
					continue
				}
				found = true
				for _, c := range st.ModeCandidates {
					v := "None"
					if c.Value != nil {
						v = *c.Value
					}
					got = append(got, v)
				}
			}
			if !found {
				t.Fatalf("no site at line %d (%s)", tc.line, tc.reason)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("candidates mismatch (-want +got) (%s):\n%s", tc.reason, diff)
			}
		})
	}
}

// TestBoundOptions: options= given as a name assigned a dict display, directly or
// inside a **kwargs dict, keeps its literal items (unsloth _utils.py, lerobot
// molmoact2).
func TestBoundOptions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, reason, src, want string
	}{
		{"name", "options=NAME, one item not a literal", `import torch
opts = {"max_autotune": True, "trace.enabled": DEBUG, "triton.cudagraphs": False}
m = torch.compile(f, options=opts)
`, "{'max_autotune': True, 'triton.cudagraphs': False}"},
		{"in-kwargs", "**kw whose options item is a name assigned a dict", `import torch
o = {"emulate_precision_casts": True}
kw = {"backend": "inductor", "options": o}
m = torch.compile(f, **kw)
`, "{'emulate_precision_casts': True}"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("o.py", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if o := s.Sites[0].Options; o != nil {
				got = *o
			}
			if got != tc.want {
				t.Errorf("options = %q, want %q (%s); notes %q", got, tc.want, tc.reason, s.Sites[0].Notes)
			}
		})
	}
}

// TestInitParameterNotMoving: nn.Parameter assigned in a constructor builds the
// module; it does not replace a parameter under a recorded graph (llm.c
// train_llama3.py RMSNorm).
func TestInitParameterNotMoving(t *testing.T) {
	t.Parallel()
	src := `import torch
from torch import nn
class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
model = torch.compile(Norm(4))
model(x)
model.weight = nn.Parameter(torch.zeros(4))
`
	s, err := readBytes("n.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, in := range s.Sites[0].Inferred {
		if in.Field == "moving_static_inputs" {
			lines = append(lines, in.Line)
		}
	}
	if diff := cmp.Diff([]int{9}, lines); diff != "" {
		t.Errorf("moving_static_inputs lines mismatch (-want +got):\n%s", diff)
	}
}
