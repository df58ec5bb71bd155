import torch
USE=1
if USE:
    torch._inductor.config.triton.cudagraph_trees = True
else:
    torch._inductor.config.triton.cudagraph_trees = False
torch.compile(f, mode="reduce-overhead")
