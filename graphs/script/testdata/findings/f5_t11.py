import os
import torch

COMPILE_MODE = os.environ.get("COMPILE_MODE", "reduce-overhead")
model = torch.nn.Linear(4, 4).cuda()
model = torch.compile(model, mode=COMPILE_MODE) if os.environ.get("COMPILE") else model
kwargs = dict(mode="max-autotune", fullgraph=True)
m2 = torch.compile(model, **kwargs)
m3 = torch.compile(model, dynamic=True, mode="reduce-overhead", options={"max_autotune": True})
