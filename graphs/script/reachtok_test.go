package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs"
)

// TestThreadReachByName: a thread calls the compiled function only through what its
// code calls: a keyword argument's name, a variable, an attribute assigned, a
// super().__init__() or a class named without being built is no call of a def or
// method of that name (sweep3 finding 3: modded-nanogpt's data-loading thread, whose
// dict(step=0, …) reached the optimizer's step() and whose Shard(…) reached every
// class's __init__, was planned as a caller thread of the compiled model).
func TestThreadReachByName(t *testing.T) {
	t.Parallel()
	const head = `import threading
import torch
import torch.nn as nn

@torch.compile(mode="reduce-overhead")
def update(p):
    return p * 2

class Opt:
    def step(self):
        return update(x)

class GPT(nn.Module):
    def __init__(self):
        super().__init__()
        update(x)

class Base:
    def __init__(self):
        pass

`
	const start = "t = threading.Thread(target=load)\nt.start()\n"
	callers := graphs.Workload{Threads: graphs.Callers, Callers: 1, ColdStart: true}
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
	}{
		{"keyword-name", "sweep3 #3: dict(step=0) names no method step",
			"def load():\n    state = dict(step=0, lr=0.1)\n" + start, graphs.Workload{}},
		{"variable", "a variable named step is no call of Opt.step",
			"def load():\n    for step in range(3):\n        print(step)\n" + start, graphs.Workload{}},
		{"attribute-assigned", "self.step = 0 assigns an attribute, it calls nothing",
			"class Loader:\n    def __init__(self):\n        self.step = 0\ndef load():\n    Loader()\n" + start, graphs.Workload{}},
		{"super-init", "sweep3 #3: super().__init__() runs the base's __init__, not every class's",
			"class Shard(Base):\n    def __init__(self):\n        super().__init__()\ndef load():\n    Shard()\n" + start, graphs.Workload{}},
		{"isinstance", "a class named in isinstance or an annotation is not built",
			"def load(m: GPT):\n    if isinstance(m, GPT):\n        pass\n" + start, graphs.Workload{}},
		{"calls-function", "a def calling the compiled function by name reaches it",
			"def load():\n    update(x)\n" + start, callers},
		{"calls-method", "obj.step() reaches Opt.step, which calls it",
			"def load():\n    opt.step()\n" + start, callers},
		{"builds-class", "GPT() runs GPT.__init__, which calls it",
			"def load():\n    GPT()\n" + start, callers},
		{"super-init-calls", "super().__init__() of a subclass of GPT runs GPT.__init__",
			"class Big(GPT):\n    def __init__(self):\n        super().__init__()\ndef load():\n    Big()\n" + start, callers},
		{"method-handed", "a bound method handed over (target=opt.step) is called by the thread",
			"class L:\n    def go(self, opt):\n        threading.Thread(target=opt.step).start()\nL().go(Opt())\n", callers},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, _ := oneSite(t, head+tc.src)
			if diff := cmp.Diff(tc.want, st.Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s\nnotes %q", tc.reason, diff, st.Notes)
			}
		})
	}
}
