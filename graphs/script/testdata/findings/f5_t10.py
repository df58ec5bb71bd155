import torch
import torch._inductor.config as inductor_config

model = torch.nn.Linear(4, 4).cuda()
with inductor_config.patch({"triton.cudagraphs": True, "max_autotune": True}):
    m1 = torch.compile(model)
    m1(torch.randn(2, 4, device="cuda"))

inductor_config.triton.cudagraph_trees = False
torch._inductor.config.coordinate_descent_tuning = True
setattr(inductor_config, "max_autotune", True)
torch._dynamo.config.capture_scalar_outputs = True
m2 = torch.compile(model, mode="reduce-overhead")
