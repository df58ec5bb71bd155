import torch

opts = {"max_autotune": True}
opts["triton.cudagraphs"] = "yes"
m4 = torch.compile(model, options=opts)
