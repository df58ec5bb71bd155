import torch

opts = {"triton.cudagraphs": False}
opts.update({"triton.cudagraphs": 1})
m4 = torch.compile(model, options=opts)
