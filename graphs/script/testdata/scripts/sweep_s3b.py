import torch, os
USE = os.environ.get("X") == "1"
m = torch.compile(f, mode="max-autotune", options={"triton.cudagraphs": False} if USE else None)
