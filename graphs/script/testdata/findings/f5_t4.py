import torch

config = {"mode": "reduce-overhead", "lr": 1e-3}
other = {"mode": "max-autotune"}

model = torch.nn.Linear(4, 4).cuda()
fn = torch.compile(model, mode=config["mode"])
