"""The drafter step of examples/internal/drafter in PyTorch, for examples/bench (issue 17).

Same model and shapes: hidden 1024, batch 8, 4 layers of x = LayerNorm(GELU_tanh(x W + b) + x),
then softmax(x Wout + bout); fp32 with TF32 off. Prints one line,
  torch_drafter eager_us=E reduce_overhead_us=R
with microseconds per step from CUDA events around 1000 back-to-back steps, eager and under
torch.compile(mode="reduce-overhead"). Written for this project; weights are random (the
timing does not depend on their values). Usage: python3 drafter_torch.py [hidden batch layers steps]
"""
import sys

import torch

hidden, batch, layers, steps = (int(a) for a in (sys.argv[1:5] if len(sys.argv) >= 5 else (1024, 8, 4, 1000)))
torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False
torch.manual_seed(0)


class Drafter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lins = torch.nn.ModuleList(torch.nn.Linear(hidden, hidden) for _ in range(layers))
        self.norms = torch.nn.ModuleList(torch.nn.LayerNorm(hidden) for _ in range(layers))
        self.out = torch.nn.Linear(hidden, hidden)
        self.act = torch.nn.GELU(approximate="tanh")

    def forward(self, x):
        for lin, norm in zip(self.lins, self.norms):
            x = norm(self.act(lin(x)) + x)
        return torch.softmax(self.out(x), dim=-1)


def us_per_step(fn, x):
    with torch.no_grad():
        for _ in range(20):
            fn(x)
        torch.cuda.synchronize()
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        for _ in range(steps):
            fn(x)
        b.record()
        b.synchronize()
    return a.elapsed_time(b) * 1000 / steps


model = Drafter().cuda().eval()
x = torch.rand(batch, hidden, device="cuda") * 2 - 1
eager = us_per_step(model, x)
compiled = torch.compile(model, mode="reduce-overhead")
ro = us_per_step(compiled, x)
print(f"torch_drafter eager_us={eager:.3f} reduce_overhead_us={ro:.3f}")
