# sweep4 finding 8's sibling: torch._dynamo.optimize is not torch.compile; a mode,
# options or fullgraph given to it raises TypeError at the optimize call.
import torch

m = torch.nn.Linear(2, 2).cuda()
c = torch._dynamo.optimize("inductor", mode="reduce-overhead")(m)
c(torch.randn(2, 2, device="cuda"))

n = torch.nn.Linear(2, 2).cuda()
d = torch._dynamo.optimize("inductor", nopython=True)(n)
d(torch.randn(2, 2, device="cuda"))
