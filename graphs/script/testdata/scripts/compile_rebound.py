# sweep4 finding 1: the tutorials' rebinding; the later call compiles with the eager backend.
import functools
import torch
import torch.nn as nn

torch.compile = functools.partial(torch.compile, backend="eager")
model = nn.Linear(8, 8).cuda()
model = torch.compile(model, mode="reduce-overhead")
y = model(torch.randn(4, 8, device="cuda"))
